// 二十一点's table (issue 12 §1; docs/games-qp.md "The page"): the dealer's up card (the hole card face down until
// the end), the player's hand(s) with their totals, the actions the hand allows with the round timer, and the
// result of each hand and of the whole said plainly.
import { useActorRef, useSelector } from '@xstate/react';
import { BJ_ACTIONS, BJ_BASES } from '../../games-core/qp/blackjack.ts';
import type { BjView } from '../../games-core/qp/views.ts';
import { qpText } from '../../i18n/zh-CN-games-qp.ts';
import { newRequestId } from '../api.ts';
import { yuan } from '../format.ts';
import type { GameViewProps } from '../game-module.ts';
import { CardRow } from './cards.tsx';
import { qpTableLogic } from './compose.ts';
import { Countdown, Result, StartBar, TableStatus } from './table.tsx';

const J = qpText.bj;

export function BlackjackTable({ game, client, shell }: GameViewProps) {
  const table = useActorRef(qpTableLogic(client, shell, game.kind, game.code), {
    input: { game: game.code, bases: BJ_BASES },
  });
  const { view, playing } = useSelector(table, (s) => ({
    view: s.context.view as BjView | null,
    playing: s.matches('playing'),
  }));
  const open = view && view.phase !== 'done';
  return (
    <div className="game-qp qp-bj">
      {view && (
        <>
          {open && view.deadline && <Countdown deadline={view.deadline} now={shell.serverNow} />}
          <section className="qp-seat" aria-label={J.dealer} data-testid="qp-dealer">
            <h3>
              {J.dealer}
              {view.dealer.total !== null && (
                <span className="qp-badge">{J.total(view.dealer.total, false)}</span>
              )}
            </h3>
            <CardRow
              label={qpText.cards.list(J.dealer)}
              cards={view.dealer.cards}
              total={open ? 2 : view.dealer.cards.length}
            />
          </section>
          <ul className="qp-seats">
            {view.hands.map((h, i) => {
              const who = view.hands.length > 1 ? `${J.you} ${J.hand(i + 1)}` : J.you;
              return (
                <li
                  key={i}
                  className={`qp-seat mine${open && view.active === i ? ' active' : ''}`}
                  data-testid={`qp-hand-${i}`}
                  aria-current={open && view.active === i ? 'true' : undefined}
                >
                  <h3>
                    {who}
                    <span className="qp-badge">{J.total(h.total, h.soft)}</span>
                  </h3>
                  <CardRow label={who} cards={h.cards} />
                  <p className="qp-seat-line">
                    {h.doubled && <span>{J.doubled}</span>}
                    {h.result && <span>{J.result[h.result]}</span>}
                  </p>
                </li>
              );
            })}
          </ul>
          {open && (
            <div role="group" aria-label={J.actionsLabel} className="qp-choices">
              {BJ_ACTIONS.filter((a) => view.can[a]).map((a) => (
                <button
                  key={a}
                  type="button"
                  disabled={!playing}
                  onClick={() => table.send({ type: 'step', requestId: newRequestId(), move: a })}
                >
                  {J.actions[a]}
                </button>
              ))}
            </div>
          )}
          {open && <p className="muted qp-note">{J.stakeNote(yuan(view.stake))}</p>}
          {view.phase === 'done' && (
            <Result net={view.net!} line={J.paid(yuan(view.stake), yuan(view.payout!))} auto={view.auto} />
          )}
        </>
      )}
      <TableStatus table={table} />
      {!open && <StartBar table={table} />}
    </div>
  );
}
