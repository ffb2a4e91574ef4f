// 抢庄牛牛's table (issue 12 §1; docs/games-qp.md "The page"): the four seats (the player's first four cards, the
// others' face down until the showdown), the banker, the grab and bet choices with the round timer, the showdown
// with each seat's rank and result, and the player's net result said plainly.
import { useActorRef, useSelector } from '@xstate/react';
import {
  BULL_BASES,
  BULL_BETS,
  BULL_CARDS,
  BULL_GRABS,
  BULL_PLAYER,
  bullStake,
} from '../../games-core/qp/bull.ts';
import type { BullView } from '../../games-core/qp/views.ts';
import { qpText } from '../../i18n/zh-CN-games-qp.ts';
import { newRequestId } from '../api.ts';
import { signedYuan, yuan } from '../format.ts';
import type { GameViewProps } from '../game-module.ts';
import { CardRow } from './cards.tsx';
import { qpTableLogic } from './compose.ts';
import { Countdown, Result, StartBar, TableStatus, type TableRef } from './table.tsx';

const B = qpText.bull;

function Seat({ view, seat }: { view: BullView; seat: BullView['seats'][number] }) {
  const name = B.seats[seat.seat]!;
  const banker = view.banker === seat.seat;
  return (
    <li className={`qp-seat${seat.seat === BULL_PLAYER ? ' mine' : ''}`} data-testid={`qp-seat-${seat.seat}`}>
      <h3>
        {name}
        {banker && <span className="qp-badge">{`${B.banker} ×${view.multiplier}`}</span>}
      </h3>
      <CardRow label={qpText.cards.list(name)} cards={seat.cards} total={BULL_CARDS} />
      <p className="qp-seat-line">
        {seat.grab !== null && <span>{B.grabbed(seat.grab)}</span>}
        {seat.bet !== null && seat.bet > 0 && <span>{B.betOf(seat.bet)}</span>}
        {seat.rank !== null && <span>{B.rankOf(seat.rank, seat.handMultiplier!)}</span>}
        {seat.units !== null && <span>{B.units(signedYuan(seat.units * view.base))}</span>}
      </p>
    </li>
  );
}

function Choices({ table, view }: { table: TableRef; view: BullView }) {
  const playing = useSelector(table, (s) => s.matches('playing'));
  if (view.phase === 'grab')
    return (
      <div role="group" aria-label={B.grabLabel} className="qp-choices">
        {BULL_GRABS.map((g) => (
          <button
            key={g}
            type="button"
            disabled={!playing}
            onClick={() => table.send({ type: 'step', requestId: newRequestId(), move: 'grab', value: g })}
          >
            {B.grab(g)}
          </button>
        ))}
      </div>
    );
  if (view.phase === 'bet' && view.banker !== BULL_PLAYER)
    return (
      <div role="group" aria-label={B.betLabel} className="qp-choices">
        {BULL_BETS.map((b) => (
          <button
            key={b}
            type="button"
            disabled={!playing}
            onClick={() => table.send({ type: 'step', requestId: newRequestId(), move: 'bet', value: b })}
          >
            {B.bet(b)}
          </button>
        ))}
      </div>
    );
  return null;
}

export function BullTable({ game, client, shell }: GameViewProps) {
  const table = useActorRef(qpTableLogic(client, shell, game.kind, game.code), {
    input: { game: game.code, bases: BULL_BASES },
  });
  const { view, base } = useSelector(table, (s) => ({
    view: s.context.view as BullView | null,
    base: s.context.base,
  }));
  const open = view && view.phase !== 'done';
  return (
    <div className="game-qp qp-bull">
      {view && (
        <>
          <p className="qp-phase">
            <strong>{B.phase[view.phase]}</strong>
            {view.banker !== null && (
              <span>
                {view.banker === BULL_PLAYER
                  ? B.youBank
                  : B.bankerIs(B.seats[view.banker]!, view.multiplier!)}
              </span>
            )}
          </p>
          {open && view.deadline && <Countdown deadline={view.deadline} now={shell.serverNow} />}
          {/* The player's seat, then the choices (within reach on a phone), then the computers. */}
          <ul className="qp-seats">
            <Seat view={view} seat={view.seats[BULL_PLAYER]!} />
          </ul>
          {open && <Choices table={table} view={view} />}
          <ul className="qp-seats">
            {view.seats
              .filter((s) => s.seat !== BULL_PLAYER)
              .map((s) => (
                <Seat key={s.seat} view={view} seat={s} />
              ))}
          </ul>
          {view.phase === 'done' && (
            <Result
              net={view.net!}
              line={qpText.table.back(yuan(view.payout!), yuan(view.stake))}
              auto={view.auto}
            />
          )}
        </>
      )}
      <TableStatus table={table} />
      {!open && (
        <>
          <p className="muted qp-note">{B.stakeNote(yuan(bullStake(base)))}</p>
          <StartBar table={table} />
        </>
      )}
    </div>
  );
}
