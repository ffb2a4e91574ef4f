// A live table (issue 12 §1 "Live casino"): the round's countdown, the board with chips, the deal, the player's
// bets of the round with their net result said plainly (issue 12 §2: a payout below the stake is a loss), the
// roads, the table history with revealed seeds, and the venue's other tables. The round flow is the table
// machine (machines/games/zr/table.machine.ts); this view renders it and sends it the player's events.
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { cardLabel, isRed } from '../../games-core/zr/cards.ts';
import { ZR_CHIPS, type ZrKind, type ZrPick, type ZrResult } from '../../games-core/zr/table.ts';
import type { ZrMyBet, ZrTablesResponse } from '../../games-core/zr/wire.ts';
import { zrText } from '../../i18n/zh-CN-games-zr.ts';
import { GAMES_CODE, type SharedRound } from '../../protocol/games.ts';
import { newRequestId } from '../api.ts';
import { yuan } from '../format.ts';
import type { GameViewProps, ShellPort } from '../game-module.ts';
import { createTableActor, readTables, type TableActor } from './compose.ts';
import { Roads } from './roads.tsx';
import './zr.css';

const T = zrText.table;
/** Rows of the table history shown. */
export const HISTORY_ROWS = 10;

/** The server's clock, ticking (for the countdown). */
function useServerNow(shell: ShellPort, everyMs = 250): number {
  const [now, setNow] = useState(() => shell.serverNow());
  useEffect(() => {
    const id = setInterval(() => setNow(shell.serverNow()), everyMs);
    return () => clearInterval(id);
  }, [shell, everyMs]);
  return now;
}

type Phase = 'loading' | 'failed' | 'betting' | 'placing' | 'unsent' | 'closed' | 'result' | 'expired';
const phaseOf = (s: ReturnType<TableActor['getSnapshot']>): Phase => {
  if (s.matches({ betting: 'placing' })) return 'placing';
  if (s.matches({ betting: 'unsent' })) return 'unsent';
  if (s.matches('betting')) return 'betting';
  if (s.matches('closed')) return 'closed';
  if (s.matches('result')) return 'result';
  if (s.matches('failed')) return 'failed';
  if (s.matches('expired')) return 'expired';
  return 'loading';
};

function errorText(e: { code: number | null; data: unknown } | null): string | null {
  if (!e) return null;
  const E = zrText.errors;
  switch (e.code) {
    case null:
      return E.network;
    case GAMES_CODE.bettingClosed:
      return E.closed;
    case GAMES_CODE.stakeOutOfRange: {
      const d = e.data as { min: number; max: number } | null;
      return d ? E.limit(d.min, d.max) : E.invalid;
    }
    case GAMES_CODE.insufficientBalance:
      return E.funds;
    case GAMES_CODE.duplicateRequest:
      return E.duplicate;
    case GAMES_CODE.notFound:
      return E.notFound;
    case GAMES_CODE.expired:
      return E.expired;
    default:
      return E.invalid;
  }
}

function Card({ card }: { card: number }) {
  return <span className={`zr-card${isRed(card) ? ' red' : ''}`}>{cardLabel(card)}</span>;
}

/** The deal of a drawn round: each hand's cards and total, the winner (no suspense tricks: all at once). */
export function Deal({ result }: { result: ZrResult }) {
  const W = zrText;
  const winner = result.winner === 'tie' ? W.tieLine : W.winnerLine(W.winners[result.winner]);
  if (result.kind === 'baccarat')
    return (
      <div className="zr-deal" data-testid="deal">
        <div className={`hand${result.winner === 'player' ? ' won' : ''}`}>
          <h3>
            {W.hands.player} · {W.points(result.playerTotal)}
          </h3>
          <p>
            {result.player.map((c, i) => (
              <Card key={i} card={c} />
            ))}
          </p>
        </div>
        <div className={`hand${result.winner === 'banker' ? ' won' : ''}`}>
          <h3>
            {W.hands.banker} · {W.points(result.bankerTotal)}
          </h3>
          <p>
            {result.banker.map((c, i) => (
              <Card key={i} card={c} />
            ))}
          </p>
        </div>
        <p className="outcome" role="status">
          {winner}
          {result.bankerPair && ` · ${W.pairMark.banker}`}
          {result.playerPair && ` · ${W.pairMark.player}`}
        </p>
      </div>
    );
  return (
    <div className="zr-deal" data-testid="deal">
      <div className={`hand${result.winner === 'dragon' ? ' won' : ''}`}>
        <h3>{W.hands.dragon}</h3>
        <p>
          <Card card={result.dragon} />
        </p>
      </div>
      <div className={`hand${result.winner === 'tiger' ? ' won' : ''}`}>
        <h3>{W.hands.tiger}</h3>
        <p>
          <Card card={result.tiger} />
        </p>
      </div>
      <p className="outcome" role="status">
        {winner}
      </p>
    </div>
  );
}

function MyBets({ bets }: { bets: readonly ZrMyBet[] }) {
  if (bets.length === 0) return <p className="muted">{T.noBets}</p>;
  const settled = bets.every((b) => b.status !== 'open');
  const net = bets.reduce((s, b) => s + b.payout - b.stake, 0);
  return (
    <div>
      <ul className="zr-mine">
        {bets.map((b) => (
          <li key={b.orderNo}>
            {zrText.picks[b.pick]} {yuan(b.stake)}
            {b.status !== 'open' && <span className="muted"> → {yuan(b.payout)}</span>}
          </li>
        ))}
      </ul>
      {settled && (
        <p className={`zr-net ${net > 0 ? 'up' : net < 0 ? 'down' : 'even'}`} data-testid="round-net">
          {T.net(net)}
        </p>
      )}
    </div>
  );
}

function History({ history }: { history: readonly SharedRound[] }) {
  if (history.length === 0) return <p className="muted">{T.noHistory}</p>;
  const C = T.historyCols;
  return (
    <table className="zr-history" data-testid="history">
      <caption>{T.history}</caption>
      <thead>
        <tr>
          <th scope="col">{C.no}</th>
          <th scope="col">{C.result}</th>
          <th scope="col">{C.cards}</th>
          <th scope="col">{C.seed}</th>
        </tr>
      </thead>
      <tbody>
        {history.slice(0, HISTORY_ROWS).map((r) => {
          const res = r.result as ZrResult;
          const cards =
            res.kind === 'baccarat'
              ? `${zrText.hands.player} ${res.player.map(cardLabel).join(' ')} / ${zrText.hands.banker} ${res.banker.map(cardLabel).join(' ')}`
              : `${zrText.hands.dragon} ${cardLabel(res.dragon)} / ${zrText.hands.tiger} ${cardLabel(res.tiger)}`;
          return (
            <tr key={r.id}>
              <th scope="row">{r.no}</th>
              <td>{zrText.winners[res.winner]}</td>
              <td>{cards}</td>
              <td className="seed">
                <code>{r.serverSeed}</code>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The venue's tables: each one's phase and last winners (the shell's picker opens one). */
export function TableList({
  client,
  shell,
  round,
}: Pick<GameViewProps, 'client' | 'shell'> & { round: string }) {
  const [tables, setTables] = useState<ZrTablesResponse['tables']>([]);
  useEffect(() => {
    let live = true;
    readTables(client)
      .then((r) => live && setTables(r.tables))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [client, round]);
  const now = useServerNow(shell, 1_000);
  if (tables.length === 0) return null;
  return (
    <section className="zr-tables" aria-labelledby="zr-tables-title">
      <h2 id="zr-tables-title">{zrText.lobby.title}</h2>
      <ul>
        {tables.map((t) => {
          const left = Math.ceil((Date.parse(t.round.closesAt) - now) / 1000);
          return (
            <li key={t.table.code}>
              <strong>{t.table.name}</strong>{' '}
              <span className="muted">{left > 0 ? zrText.lobby.betting(left) : zrText.lobby.dealing}</span>
              <span className="recent">
                <span className="sr-only">{zrText.lobby.recent}：</span>
                {t.recent.map((w, i) => (
                  <span key={i} className={`dot w-${w}`}>
                    {zrText.winners[w as keyof typeof zrText.winners]}
                  </span>
                ))}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function TableView({ game, client, shell }: GameViewProps) {
  // One actor per mount (a stopped actor cannot start again, as StrictMode's second mount would ask).
  const [actor, setActor] = useState<TableActor | null>(null);
  useEffect(() => {
    const a = createTableActor(client, shell, game.code);
    a.start();
    setActor(a);
    return () => {
      a.stop();
    };
  }, [client, shell, game.code]);
  if (!actor) return <p aria-busy="true">{T.phase.loading}</p>;
  return <Table key={game.code} actor={actor} game={game} client={client} shell={shell} />;
}

function Table({ actor, game, client, shell }: GameViewProps & { actor: TableActor }) {
  const phase = useSelector(actor, phaseOf);
  const view = useSelector(actor, (s) => s.context.view);
  const chip = useSelector(actor, (s) => s.context.chip);
  const pending = useSelector(actor, (s) => s.context.pending);
  const error = useSelector(actor, (s) => s.context.error);
  const now = useServerNow(shell);
  const kind = game.kind as ZrKind;

  if (phase === 'expired') return <p role="alert">{zrText.errors.expired}</p>;
  if (!view)
    return phase === 'failed' ? (
      <div>
        <p role="alert">{zrText.errors.network}</p>
        <button type="button" onClick={() => actor.send({ type: 'table.retry' })}>
          {T.retry}
        </button>
      </div>
    ) : (
      <p aria-busy="true">{T.phase.loading}</p>
    );

  const round = view.round;
  const open = phase === 'betting';
  const secondsLeft = Math.max(0, Math.ceil((Date.parse(round.closesAt) - now) / 1000));
  const mineNow = view.mine.filter((b) => b.roundId === round.id);
  const placedOn = (pick: ZrPick) => mineNow.filter((b) => b.pick === pick).reduce((s, b) => s + b.stake, 0);
  const pendingTotal = Object.values(pending).reduce((s, v) => s + (v ?? 0), 0);
  const shownResult = round.status === 'drawn' ? (round.result as ZrResult) : null;
  const last = view.history.find((r) => r.id !== round.id);
  const phaseLabel =
    phase === 'betting' || phase === 'placing' || phase === 'unsent'
      ? T.phase.betting
      : phase === 'result'
        ? T.phase.result
        : phase === 'closed'
          ? T.phase.closed
          : T.phase.loading;
  const message = errorText(error);

  return (
    <div className="zr-table" data-phase={phase}>
      <section className="zr-status" aria-labelledby="zr-round-title">
        <h2 id="zr-round-title">
          {game.name} · {T.round(round.no)}
        </h2>
        <p className="phase" role="status" data-testid="phase">
          {phaseLabel}
          {(phase === 'betting' || phase === 'placing' || phase === 'unsent') && (
            <>
              {' · '}
              <span aria-label={T.countdownLabel} data-testid="countdown">
                {T.countdown(secondsLeft)}
              </span>
            </>
          )}
        </p>
        <p className="seed muted">
          {T.seedHash}：<code>{round.seedHash}</code>
        </p>
      </section>

      <section className="zr-stage">
        {shownResult ? (
          <Deal result={shownResult} />
        ) : last ? (
          <div className="zr-last">
            <p className="muted">{T.lastRound}</p>
            <Deal result={last.result as ZrResult} />
          </div>
        ) : null}
      </section>

      <section className="zr-board" aria-labelledby="zr-board-title">
        <h2 id="zr-board-title" className="sr-only">
          {T.board}
        </h2>
        <div className="picks" data-kind={kind}>
          {view.table.picks.map((p) => {
            const placed = placedOn(p.pick);
            const onBoard = pending[p.pick] ?? 0;
            const about = `zr-about-${p.pick}`;
            return (
              <div key={p.pick} className={`pick-cell pick-${p.pick}`} data-testid={`pick-${p.pick}`}>
                <button
                  type="button"
                  className="pick"
                  disabled={!open}
                  aria-describedby={about}
                  onClick={() => actor.send({ type: 'table.add', pick: p.pick })}
                >
                  <span className="name">{zrText.picks[p.pick]}</span>{' '}
                  <span className="pays">{zrText.pays[p.pick]}</span>
                </button>
                <p id={about} className="about">
                  {onBoard > 0 && <span className="pending">{T.pending(onBoard)} </span>}
                  {placed > 0 && <span className="placed">{T.placed(placed)} </span>}
                  <span className="limits muted">{T.limits(p.min, p.max)}</span>
                </p>
              </div>
            );
          })}
        </div>
        <div className="chips" role="group" aria-label={T.chips}>
          {ZR_CHIPS.map((c) => (
            <button
              key={c}
              type="button"
              className="chip"
              aria-pressed={chip === c}
              aria-label={T.chip(c)}
              onClick={() => actor.send({ type: 'table.chip', value: c })}
            >
              {T.chipShort(c)}
            </button>
          ))}
        </div>
        <div className="actions">
          <button
            type="button"
            className="secondary"
            disabled={!(open || phase === 'unsent') || (pendingTotal === 0 && phase !== 'unsent')}
            onClick={() => actor.send({ type: 'table.clear' })}
          >
            {T.clear}
          </button>
          {phase === 'unsent' ? (
            <button type="button" onClick={() => actor.send({ type: 'table.retry' })}>
              {T.confirm}
            </button>
          ) : (
            <button
              type="button"
              disabled={!open || pendingTotal === 0}
              onClick={() => actor.send({ type: 'table.confirm', requestId: newRequestId() })}
            >
              {phase === 'placing' ? T.placing : T.confirm}
            </button>
          )}
        </div>
        {message && (
          <p className="error" role="alert">
            {message}
          </p>
        )}
      </section>

      <section className="zr-my" aria-labelledby="zr-my-title">
        <h2 id="zr-my-title">{T.myBets}</h2>
        <MyBets bets={mineNow} />
      </section>

      <section className="zr-road-section" aria-label={`${T.bigRoad} / ${T.beadPlate}`}>
        <Roads history={view.history} />
      </section>

      <section className="zr-history-section">
        <History history={view.history} />
      </section>

      <TableList client={client} shell={shell} round={round.id} />
    </div>
  );
}
