// The slots' jackpot pool figure on the slot page (issue 19 §2 "a jackpot pool figure from the sandbox slots";
// docs/games-dz.md "Jackpot", "The page"): what is expected comes from the docs, written out here — the figure is
// read when the page opens and again every 15 s (15 000 ms); a failed read keeps the last figure and tries again
// after the same delay; every spin's answer carries the pool after it, which the figure follows at once; a spin
// that won the pool makes the page read the figure again at once (the newest win changed).
import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { jackpotMachine } from '../../../../machines/games/dz/jackpot.machine.ts';
import type { JackpotPoolResponse } from '../../../../src/protocol/jackpot.ts';
import type { Fakes, MachineModel, OracleArgs, TransitionTable } from '../../../support/model-paths.ts';
import { SAME } from '../../../support/model-paths.ts';

export const READ = '0.jackpot.reading';
/** docs/games-dz.md "Jackpot": the page reads the pool again every 15 s. */
const POLL_MS = 15_000;
const DONE = `xstate.done.actor.${READ}`;
const ERROR = `xstate.error.actor.${READ}`;

/** docs/games-dz.md "Jackpot": the seed is ¥500.00. */
const FIG_A: JackpotPoolResponse = { pool: 61_234, seed: 50_000, lastWin: null };
const FIG_B: JackpotPoolResponse = {
  pool: 50_000,
  seed: 50_000,
  lastWin: { userName: '13**07', game: '财神到', amount: 61_240, at: '2026-11-26T08:00:00.000Z' },
};

const EVENTS: AnyEventObject[] = [
  { type: DONE, output: FIG_A },
  { type: DONE, output: FIG_B },
  { type: ERROR, error: new Error('no answer') },
  { type: 'xstate.after.poll.jackpot.live' },
  { type: 'xstate.after.poll.jackpot.stale' },
  { type: 'seen', pool: 61_236, won: false },
  { type: 'seen', pool: 50_000, won: true },
];

/** The figure the page must show after these events: the last read, its pool moved by every spin seen since. */
function figureAfter(history: readonly AnyEventObject[]): JackpotPoolResponse | null {
  let figure: JackpotPoolResponse | null = null;
  for (const e of history) {
    if (e.type === DONE) figure = e['output'] as JackpotPoolResponse;
    if (e.type === 'seen' && figure) figure = { ...figure, pool: e['pool'] as number };
  }
  return figure;
}

const seen = ({ event }: { event: AnyEventObject }) => (event['won'] ? 'reading' : SAME);
const TABLE: TransitionTable = {
  reading: { [DONE]: 'live', [ERROR]: 'stale', seen: SAME },
  live: { 'xstate.after.poll.jackpot.live': 'reading', seen },
  stale: { 'xstate.after.poll.jackpot.stale': 'reading', seen },
};

function common(o: OracleArgs) {
  expect(o.snapshot.context.figure).toEqual(figureAfter(o.history));
  // Showing the figure moves nothing: no action outside the machine, ever.
  expect(o.effects.actions).toEqual([]);
  expect(o.fakes.invocations.filter((i) => i.src === 'read')).toHaveLength(readsAfter(o.history));
}

/**
 * How many reads the page must have made: the first when it opens, one per poll, and one per spin that won the
 * pool seen while no read was running (a read already running gives the newest figure anyway).
 */
function readsAfter(history: readonly AnyEventObject[]): number {
  let reading = true;
  let reads = 1;
  for (const e of history) {
    if (e.type === DONE || e.type === ERROR) reading = false;
    else if (e.type.startsWith('xstate.after.poll') || (e.type === 'seen' && e['won'] && !reading)) {
      reads++;
      reading = true;
    }
  }
  return reads;
}

const ORACLES: Record<string, (o: OracleArgs) => void> = {
  reading: (o) => {
    common(o);
    expect(o.fakes.pendingIds()).toEqual([READ]);
  },
  live: (o) => {
    common(o);
    expect(o.fakes.pendingIds()).toEqual([]);
    expect(o.snapshot.context.figure).not.toBeNull();
  },
  stale: (o) => {
    common(o);
    expect(o.fakes.pendingIds()).toEqual([]);
  },
};

const key = (s: AnyMachineSnapshot) => ({ value: s.value, figure: s.context.figure });

export const jackpotModel: MachineModel<typeof jackpotMachine> = {
  title: 'slot jackpot figure',
  machine: jackpotMachine,
  graphs: [{ name: 'a player at 财神到', input: undefined, events: EVENTS, key }],
  harness: {
    logic: (fakes: Fakes) => jackpotMachine.provide({ actors: { read: fakes.promise('read') } }),
    initial: 'reading',
    transitions: TABLE,
    oracles: ORACLES,
    delays: { poll: POLL_MS },
  },
};
