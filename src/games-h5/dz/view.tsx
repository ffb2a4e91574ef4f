// A slot game (issue 12 §1 "Slots (DZ)", §2; docs/games-dz.md "The page"): the reels as a 5 × 3 table whose every
// cell names its symbol, the winning paylines drawn over it and listed in words, the line bet and the stake, one
// spin button. Each spin shows its stake beside its win; a win smaller than the stake is said to be a net loss,
// plainly, with no fanfare; only a payout above the stake is marked as a win (bold, no animation, no sound).
// While the answer's reels turn (at most SPIN_MS; never with reduced motion) they show no symbols at all (no
// near misses), and the turn can be skipped. Free spins are shown one by one when the player asks, or all at
// once. There is no autoplay and no hotkey that repeats. Above the reels, the site-wide progressive jackpot's pool
// (issue 19 §2; read every JACKPOT_POLL_MS and after every spin); a spin that won it says so plainly in its result.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { resultKind } from '../../../machines/games/dz/spin.machine.ts';
import type { SettledSpin } from '../../games-core/dz/wire.ts';
import {
  LINE_BETS,
  LINES,
  PAYLINES,
  REELS,
  ROWS,
  SCATTER,
  windowOf,
  type SlotGame,
  type SpinResult,
} from '../../games-core/dz/engine.ts';
import { slotGameOf } from '../../games-core/dz/games.ts';
import { BP_SCALE, JACKPOT_SHARE_BP } from '../../games-core/dz/jackpot.ts';
import { dzText, symbolName } from '../../i18n/zh-CN-games-dz.ts';
import { newRequestId } from '../api.ts';
import type { GameViewProps } from '../game-module.ts';
import { jackpotLogic, slotInput, slotLogic, type JackpotActor, type SlotActor } from './compose.ts';
import './slots.css';

const t = dzText.view;

function usePrefersReducedMotion(): boolean {
  const query =
    typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;
  const [reduced, setReduced] = useState(query?.matches ?? false);
  useEffect(() => {
    if (!query) return;
    const on = () => setReduced(query.matches);
    query.addEventListener?.('change', on);
    return () => query.removeEventListener?.('change', on);
  }, [query]);
  return reduced;
}

export function SlotView({ game, client, shell }: GameViewProps) {
  const slot = slotGameOf(game.code);
  const reduced = usePrefersReducedMotion();
  if (!slot) return null;
  return <Slot slot={slot} name={game.name} client={client} shell={shell} reduced={reduced} />;
}

/** The reels: a table (rows top/middle/bottom, columns reels 1–5), the winning lines drawn over it. */
export function Reels({
  slot,
  name,
  spin,
  turning,
  onSkip,
}: {
  slot: SlotGame;
  name: string;
  spin: SpinResult | null;
  turning: boolean;
  onSkip: () => void;
}) {
  const stops = spin?.stops ?? Array.from({ length: REELS }, () => 0);
  const grid = windowOf(slot, stops);
  const hit = new Set<string>();
  if (spin && !turning) {
    for (const w of spin.lineWins)
      for (let reel = 0; reel < w.count; reel++) hit.add(`${reel}:${PAYLINES[w.line]![reel]}`);
    if (spin.scatter.win > 0)
      grid.forEach((col, reel) => col.forEach((s, row) => s === SCATTER && hit.add(`${reel}:${row}`)));
  }
  return (
    <div className={turning ? 'reels turning' : 'reels'} onClick={turning ? onSkip : undefined}>
      {/* An ARIA table of divs: a CSS grid of 5 × 3 cells; the headers are for assistive tech only. */}
      <div
        role="table"
        aria-label={t.reels(name)}
        aria-busy={turning}
        data-testid="reels"
        className="reel-grid"
      >
        <div role="row" className="sr-only">
          <span role="columnheader">{t.rowColumn}</span>
          {grid.map((_, reel) => (
            <span key={reel} role="columnheader">
              {t.reelHeader(reel + 1)}
            </span>
          ))}
        </div>
        {Array.from({ length: ROWS }, (_, row) => (
          <div role="row" key={row} className="reel-row">
            <span role="rowheader" className="sr-only">
              {t.rowHeader(t.rows[row]!)}
            </span>
            {grid.map((col, reel) => {
              const id = col[row]!;
              const won = hit.has(`${reel}:${row}`);
              if (turning)
                return (
                  <span
                    key={reel}
                    role="cell"
                    className="cell blank"
                    aria-label={t.cell(reel + 1, row + 1, t.turning)}
                  />
                );
              return (
                <span
                  key={reel}
                  role="cell"
                  className={`cell sym-${id}${won ? ' hit' : ''}`}
                  aria-label={
                    t.cell(reel + 1, row + 1, symbolName(slot.code, id)) + (won ? t.winningCell : '')
                  }
                  data-symbol={id}
                >
                  <span aria-hidden="true">{symbolName(slot.code, id)}</span>
                </span>
              );
            })}
          </div>
        ))}
      </div>
      {spin && !turning && spin.lineWins.length > 0 && (
        <svg
          className="paylines"
          viewBox={`0 0 ${REELS * 100} ${ROWS * 100}`}
          aria-hidden="true"
          preserveAspectRatio="none"
        >
          {spin.lineWins.map((w) => (
            <polyline
              key={w.line}
              data-line={w.line + 1}
              points={PAYLINES[w.line]!.map((row, reel) => `${reel * 100 + 50},${row * 100 + 50}`).join(' ')}
            />
          ))}
        </svg>
      )}
    </div>
  );
}

/** One spin's wins in words. */
function SpinWins({ slot, spin }: { slot: SlotGame; spin: SpinResult }) {
  const name = (id: string) => symbolName(slot.code, id);
  if (spin.lineWins.length === 0 && spin.scatter.win === 0) return <p className="muted">{t.noLineWins}</p>;
  return (
    <ul className="line-wins" aria-label={t.lineWins} data-testid="line-wins">
      {spin.lineWins.map((w) => (
        <li key={w.line}>{t.lineWin(w.line + 1, name(w.symbol), w.count, w.win)}</li>
      ))}
      {spin.scatter.win > 0 && <li>{t.scatterWin(name(SCATTER), spin.scatter.count, spin.scatter.win)}</li>}
    </ul>
  );
}

/** The progressive jackpot's pool, as the server last said it (issue 19 §2). */
export function JackpotBanner({ actor }: { actor: JackpotActor }) {
  const figure = useSelector(actor, (s) => s.context.figure);
  const stale = useSelector(actor, (s) => s.matches('stale'));
  return (
    <section className="dz-jackpot" aria-label={t.jackpot} data-testid="slot-jackpot">
      <p className="dz-jackpot-figure">
        <span>{t.jackpot}</span>{' '}
        <strong data-testid="slot-jackpot-pool">
          {figure ? dzText.money(figure.pool) : stale ? t.jackpotStale : t.jackpotReading}
        </strong>
      </p>
      <p className="muted">
        {figure &&
          (figure.lastWin
            ? t.jackpotLast(figure.lastWin.userName, figure.lastWin.game, figure.lastWin.amount)
            : t.jackpotNever)}
        {t.jackpotNote(dzText.percent(JACKPOT_SHARE_BP / BP_SCALE))}
      </p>
    </section>
  );
}

/** What a settled spin paid in all: the reels' payout and the jackpot (issue 19 §2). */
export const totalPayout = (o: SettledSpin): number => o.payout + (o.jackpotWin ?? 0);

/** The round's result, said plainly (issue 12 §2). */
export function resultWords(payout: number, stake: number): string {
  switch (resultKind(payout, stake)) {
    case 'loss':
      return t.resultLoss(stake);
    case 'small':
      return t.resultSmall(payout, stake);
    case 'even':
      return t.resultEven(payout);
    default:
      return t.resultWin(payout, stake);
  }
}

function Slot({
  slot,
  name,
  client,
  shell,
  reduced,
}: {
  slot: SlotGame;
  name: string;
  client: GameViewProps['client'];
  shell: GameViewProps['shell'];
  reduced: boolean;
}) {
  const logic = useMemo(() => slotLogic(client, shell), [client, shell]);
  const actor: SlotActor = useActorRef(logic, { input: slotInput(slot.code, reduced) });
  const jackpotMachine = useMemo(() => jackpotLogic(client), [client]);
  const jackpot: JackpotActor = useActorRef(jackpotMachine);
  const state = useSelector(actor, (s) => s.value as string);
  const lineBet = useSelector(actor, (s) => s.context.lineBet);
  const result = useSelector(actor, (s) => s.context.result);
  const shown = useSelector(actor, (s) => s.context.shown);
  const refusal = useSelector(actor, (s) => s.context.refusal);

  const outcome = result?.outcome ?? null;
  const spin = outcome ? (shown === 0 ? outcome.base : (outcome.free[shown - 1] ?? null)) : null;
  const free = outcome?.free.length ?? 0;
  const turning = state === 'spinning';
  const busy = state === 'requesting' || turning || state === 'showing';
  const stake = lineBet * LINES;
  const send = () => actor.send({ type: 'spin', requestId: newRequestId() });
  // One spin per press: a held key does not spin again.
  const noRepeat = (e: KeyboardEvent<HTMLButtonElement>) => {
    if ((e.key === 'Enter' || e.key === ' ') && e.repeat) e.preventDefault();
  };
  const freeSoFar = outcome ? outcome.free.slice(0, shown).reduce((s, f) => s + f.win, 0) : 0;
  // Every answered spin carries the pool after it: the figure follows (and is read again after a pool won).
  useEffect(() => {
    if (result) jackpot.send({ type: 'seen', pool: result.pool, won: (result.outcome.jackpotWin ?? 0) > 0 });
  }, [result, jackpot]);
  const paid = outcome ? totalPayout(outcome) : 0;

  return (
    <section className="game-dz" aria-label={name}>
      <JackpotBanner actor={jackpot} />
      <Reels
        slot={slot}
        name={name}
        spin={spin}
        turning={turning}
        onSkip={() => actor.send({ type: 'skip' })}
      />
      <div className="dz-controls">
        <fieldset className="levels" disabled={busy}>
          <legend>{t.levels}</legend>
          {LINE_BETS.map((b) => (
            <label key={b} className={b === lineBet ? 'chip on' : 'chip'}>
              <input
                type="radio"
                name={`line-bet-${slot.code}`}
                value={b}
                checked={b === lineBet}
                onChange={() => actor.send({ type: 'bet.set', lineBet: b })}
              />
              {t.lineBetOption(b)}
            </label>
          ))}
        </fieldset>
        <p data-testid="slot-stake">{t.stake(lineBet, LINES, stake)}</p>
        <div className="actions">
          {turning ? (
            <button type="button" onClick={() => actor.send({ type: 'skip' })}>
              {t.skip}
            </button>
          ) : state === 'showing' ? (
            <>
              <button type="button" onClick={() => actor.send({ type: 'next' })} onKeyDown={noRepeat}>
                {t.nextFree(shown + 1, free)}
              </button>
              <button type="button" className="secondary" onClick={() => actor.send({ type: 'showAll' })}>
                {t.showAll}
              </button>
            </>
          ) : (
            <button
              type="button"
              className="spin"
              onClick={send}
              onKeyDown={noRepeat}
              disabled={state === 'requesting' || state === 'failed'}
            >
              {state === 'requesting' ? t.spinning : t.spin(stake)}
            </button>
          )}
        </div>
        <p className="muted">{t.noAutoplay}</p>
        <div className="status" aria-live="polite" data-testid="slot-status">
          {state === 'requesting' && <p>{t.spinning}</p>}
          {outcome && spin && !turning && state !== 'requesting' && (
            <>
              <p>
                {shown === 0 ? t.baseSpin : t.freeSpins(shown, free)} · {t.spinWin(spin.win)}
              </p>
              {shown > 0 && <p className="muted">{t.freeSpinsNote(slot.freeMultiplier)}</p>}
              <SpinWins slot={slot} spin={spin} />
              {outcome.base.awarded > 0 && shown === 0 && <p>{t.awarded(outcome.base.awarded)}</p>}
              {shown > 0 && <p>{t.freeTotal(freeSoFar)}</p>}
              {state === 'idle' && (outcome.jackpotWin ?? 0) > 0 && (
                <p className="result won" data-testid="slot-jackpot-won">
                  <strong>{t.jackpotWon(outcome.jackpotWin!)}</strong>
                </p>
              )}
              {state === 'idle' && (
                <p
                  className={resultKind(paid, outcome.stake) === 'win' ? 'result won' : 'result'}
                  data-testid="slot-result"
                >
                  <strong>{resultWords(paid, outcome.stake)}</strong>
                  <span className="muted"> · {t.lastOrder(result!.orderNo)}</span>
                </p>
              )}
            </>
          )}
          {!outcome && state === 'idle' && <p className="muted">{t.idleHint}</p>}
        </div>
        {state === 'refused' && refusal && (
          <div role="alert" className="dz-alert">
            <p>{refusal.code === 41002 ? t.noFunds : refusal.message}</p>
            <button type="button" className="secondary" onClick={() => actor.send({ type: 'dismiss' })}>
              {t.dismiss}
            </button>
          </div>
        )}
        {state === 'failed' && (
          <div role="alert" className="dz-alert">
            <p>{t.failed}</p>
            <div className="actions">
              <button type="button" onClick={() => actor.send({ type: 'retry' })}>
                {t.retry}
              </button>
              <button type="button" className="secondary" onClick={() => actor.send({ type: 'dismiss' })}>
                {t.dismiss}
              </button>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
