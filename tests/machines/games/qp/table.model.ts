// A chess-and-card table (issue 12 §1 "a round timer", §3 "a player who leaves mid-round loses nothing", "a bet
// larger than the venue balance is refused in the game with a clear message and a way to transfer in"). What is
// expected comes from the issue and docs/games-qp.md "The page", written out here: 抢庄牛牛's bases (0.1 / 0.5 /
// 1 / 2 元) and 二十一点's bets (1 / 2 / 5 / 10 / 50 元), one graph each; the latest hand read on opening, a start or a step per request id, the timer to the server's deadline
// plus 1 s for its sweep, then a re-read every 1 s until the server has played; a retry after no answer re-sends
// the same request; no auto-play.
import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { qpTableMachine } from '../../../../machines/games/qp/table.machine.ts';
import type { BjView, BullView } from '../../../../src/games-core/qp/views.ts';
import type { Fakes, MachineModel, OracleArgs, TransitionTable } from '../../../support/model-paths.ts';
import { SAME } from '../../../support/model-paths.ts';

export const LOAD = '0.qpTable.loading';
export const SEND = '0.qpTable.sending';
export const READ = '0.qpTable.reading';
/** docs/games-qp.md: 抢庄牛牛's base stakes in fen (0.1 / 0.5 / 1 / 2 元). */
const BULL_BASES = [10, 50, 100, 200];
/** docs/games-qp.md: 二十一点's bets in fen (1 / 2 / 5 / 10 / 50 元). */
const BJ_BASES = [100, 200, 500, 1_000, 5_000];
/** docs/games-qp.md "The page": the timer runs 1 s past the deadline (the server's sweep runs every second). */
const GRACE_MS = 1_000;
/** docs/games-qp.md "The page": a hand whose timer ran out is read again every second. */
const POLL_MS = 1_000;

const NO_FUNDS = Object.assign(new Error('场馆余额不足，请先转入'), {
  type: 'business',
  code: 41002,
  data: { balance: 5_000, stake: 30_000, central: 90_000 },
});
const INVALID = Object.assign(new Error('投注内容无效，请重新选择'), {
  type: 'business',
  code: 41003,
  data: null,
});
const MOVED_ON = Object.assign(new Error('当前牌局状态不能进行此操作'), {
  type: 'business',
  code: 41008,
  data: null,
});
const NO_ANSWER = Object.assign(new Error('network'), { type: 'transport', kind: 'network' });

export function bullView(handId: string, phase: BullView['phase']): BullView {
  const done = phase === 'done';
  return {
    kind: 'bull',
    handId,
    game: 'bull-bull',
    phase,
    deadline: done ? null : '2026-11-26T05:00:10.000Z',
    base: 10,
    stake: 3_000,
    seats: [0, 1, 2, 3].map((seat) => ({
      seat,
      cards: seat === 0 ? [0, 1, 2, 3] : [],
      grab: null,
      bet: null,
      rank: null,
      handMultiplier: null,
      units: done ? 0 : null,
    })),
    banker: done ? 1 : null,
    multiplier: done ? 1 : null,
    payout: done ? 3_000 : null,
    net: done ? 0 : null,
    auto: false,
  };
}
export function bjView(handId: string, done: boolean): BjView {
  return {
    kind: 'blackjack',
    handId,
    game: 'blackjack',
    phase: done ? 'done' : 'player',
    deadline: done ? null : '2026-11-26T05:00:20.000Z',
    base: 100,
    stake: 100,
    hands: [{ cards: [7, 20], total: 17, soft: false, doubled: false, result: done ? 'push' : null }],
    active: done ? 1 : 0,
    dealer: done ? { cards: [9, 6], total: 17 } : { cards: [9], total: null },
    can: { hit: !done, stand: !done, double: !done, split: false },
    payout: done ? 100 : null,
    net: done ? 0 : null,
    auto: false,
  };
}
const GRAB = bullView('7', 'grab');
const BET = bullView('7', 'bet');
const DONE = bullView('7', 'done');
const OLD = bullView('6', 'done');

type View = BullView | BjView;
function eventsOf(
  v: { open: View; next: View; done: View; old: View },
  base: number,
  moves: AnyEventObject[],
) {
  const EVENTS: AnyEventObject[] = [
    { type: 'base.set', base },
    { type: 'base.set', base: 7 },
    { type: 'start', requestId: 'start-request-1' },
    ...moves,
    { type: 'retry' },
    { type: 'giveUp' },
    { type: 'dismiss' },
    { type: `xstate.done.actor.${LOAD}`, output: { view: null, msLeft: 0 } },
    { type: `xstate.done.actor.${LOAD}`, output: { view: v.open, msLeft: 6_000 } },
    { type: `xstate.done.actor.${LOAD}`, output: { view: v.old, msLeft: 0 } },
    { type: `xstate.error.actor.${LOAD}`, error: NO_ANSWER },
    { type: `xstate.done.actor.${SEND}`, output: { view: v.open, msLeft: 9_000 } },
    { type: `xstate.done.actor.${SEND}`, output: { view: v.next, msLeft: 10_000 } },
    { type: `xstate.done.actor.${SEND}`, output: { view: v.done, msLeft: 0 } },
    { type: `xstate.error.actor.${SEND}`, error: NO_FUNDS },
    { type: `xstate.error.actor.${SEND}`, error: INVALID },
    { type: `xstate.error.actor.${SEND}`, error: MOVED_ON },
    { type: `xstate.error.actor.${SEND}`, error: NO_ANSWER },
    { type: `xstate.done.actor.${READ}`, output: { view: v.next, msLeft: 4_000 } },
    { type: `xstate.done.actor.${READ}`, output: { view: v.open, msLeft: 0 } },
    { type: `xstate.done.actor.${READ}`, output: { view: v.done, msLeft: 0 } },
    { type: `xstate.done.actor.${READ}`, output: { view: null, msLeft: 0 } },
    { type: `xstate.error.actor.${READ}`, error: NO_ANSWER },
    { type: 'xstate.after.deadline.qpTable.playing' },
    { type: 'xstate.after.poll.qpTable.expired' },
  ];
  return EVENTS;
}
const BULL_EVENTS = eventsOf({ open: GRAB, next: BET, done: DONE, old: OLD }, 50, [
  { type: 'step', requestId: 'step-request-1', move: 'grab', value: 2 },
  { type: 'step', requestId: 'step-request-2', move: 'bet', value: 5 },
]);
const BJ_EVENTS = eventsOf(
  {
    open: bjView('9', false),
    next: { ...bjView('9', false), can: { hit: true, stand: true, double: false, split: false } },
    done: bjView('9', true),
    old: bjView('8', true),
  },
  500,
  [
    { type: 'step', requestId: 'step-request-1', move: 'hit' },
    { type: 'step', requestId: 'step-request-2', move: 'double' },
  ],
);

type Read = { view: View | null; msLeft: number };
const outputOf = (e: AnyEventObject) => e['output'] as Read;
const codeOf = (e: AnyEventObject) => (e['error'] as { code?: number }).code;
const isDoneOf = (e: AnyEventObject) => e.type.startsWith('xstate.done.actor.');

/**
 * The hand the page shows after these events: the last one the server answered (a start, a step, or a read; the
 * first read's "no hand" leaves none).
 */
function shownRead(history: readonly AnyEventObject[]): Read | null {
  const last = history.filter(isDoneOf).at(-1);
  return last ? outputOf(last) : null;
}
const shownView = (h: readonly AnyEventObject[]) => shownRead(h)?.view ?? null;

/** Where a refusal leaves the page: an open hand is read again, a finished one shown, else the table. */
function afterRefusal(history: readonly AnyEventObject[]) {
  const v = shownView(history);
  if (!v) return 'idle';
  return v.phase === 'done' ? 'done' : 'reading';
}

const TABLE: TransitionTable = {
  '*': { 'base.set': SAME, dismiss: SAME },
  loading: {
    [`xstate.done.actor.${LOAD}`]: ({ event }) => {
      const v = outputOf(event).view;
      return !v ? 'idle' : v.phase === 'done' ? 'done' : 'playing';
    },
    [`xstate.error.actor.${LOAD}`]: 'idle',
  },
  idle: { start: 'sending' },
  sending: {
    [`xstate.done.actor.${SEND}`]: ({ event }) =>
      outputOf(event).view!.phase === 'done' ? 'done' : 'playing',
    [`xstate.error.actor.${SEND}`]: ({ event, history }) => {
      const code = codeOf(event);
      if (code === undefined) return 'failed';
      if (code === 41008) return 'reading';
      return afterRefusal(history);
    },
  },
  failed: { retry: 'sending', giveUp: 'reading' },
  playing: { 'xstate.after.deadline.qpTable.playing': 'expired', step: 'sending' },
  expired: { 'xstate.after.poll.qpTable.expired': 'reading' },
  reading: {
    [`xstate.done.actor.${READ}`]: ({ event }) => {
      const { view, msLeft } = outputOf(event);
      if (!view) return 'idle';
      if (view.phase === 'done') return 'done';
      return msLeft > 0 ? 'playing' : 'expired';
    },
    [`xstate.error.actor.${READ}`]: 'expired',
  },
  done: { start: 'sending' },
};

/** The chosen base: the first offered, then each offered one chosen (docs/games-qp.md). */
function baseAfter(history: readonly AnyEventObject[], bases: readonly number[]): number {
  let base = bases[0]!;
  for (const e of history)
    if (e.type === 'base.set' && bases.includes(e['base'] as number)) base = e['base'] as number;
  return base;
}
const basesOf = (game: string) => (game === 'blackjack' ? BJ_BASES : BULL_BASES);

/** The request the page sends: the last start (at the base chosen then) or step (on the hand shown then). */
function requestOf(history: readonly AnyEventObject[], bases: readonly number[]) {
  const at = history.findLastIndex((e) => e.type === 'start' || e.type === 'step');
  const e = history[at]!;
  const before = history.slice(0, at);
  if (e.type === 'start') return { kind: 'start', requestId: e['requestId'], base: baseAfter(before, bases) };
  const { type: _t, requestId, ...move } = e;
  return { kind: 'step', requestId, handId: shownView(before)!.handId, ...move };
}

/** The last refusal said, unless a later start or step (or a dismiss) cleared it. */
function refusalOf(history: readonly AnyEventObject[]) {
  for (let i = history.length - 1; i >= 0; i--) {
    const e = history[i]!;
    if (e.type === 'start' || e.type === 'step' || e.type === 'dismiss') return null;
    if (e.type === `xstate.error.actor.${SEND}`) {
      const code = codeOf(e);
      if (code === 41002 || code === 41003) {
        const err = e['error'] as { code: number; message: string };
        return { code: err.code, message: err.message };
      }
    }
  }
  return null;
}

const gameOf = (o: OracleArgs) => (o.input as { game: string }).game;
function common(o: OracleArgs) {
  expect(o.snapshot.context.base).toBe(baseAfter(o.history, basesOf(gameOf(o))));
  expect(o.snapshot.context.view).toEqual(shownView(o.history));
  expect(o.snapshot.context.refusal).toEqual(refusalOf(o.history));
  // No auto-play (issue 12 §2): a request is only ever sent by a start, a step, or a retry of the same request.
  const sent = o.fakes.invocations.filter((i) => i.src === 'send').length;
  const asked = o.history.filter((e) => ['start', 'step', 'retry'].includes(e.type)).length;
  expect(sent).toBeLessThanOrEqual(asked);
}

const noEffects = (o: OracleArgs) => expect(o.effects.actions).toEqual([]);
const REFRESH = { name: 'refreshShell', params: undefined };

const ORACLES: Record<string, (o: OracleArgs) => void> = {
  loading: (o) => {
    common(o);
    expect(o.fakes.pendingIds()).toEqual([LOAD]);
    expect(o.fakes.invocations.at(-1)).toMatchObject({ src: 'readHand', input: { game: gameOf(o) } });
    noEffects(o);
  },
  idle: (o) => {
    common(o);
    expect(o.fakes.pendingIds()).toEqual([]);
    expect(o.snapshot.context.view).toBeNull();
    if (o.event.type === `xstate.error.actor.${SEND}` && codeOf(o.event) === 41002)
      expect(o.effects.actions).toEqual([{ name: 'needFunds', params: NO_FUNDS.data }]);
    else noEffects(o);
  },
  sending: (o) => {
    common(o);
    expect(o.fakes.pendingIds()).toEqual([SEND]);
    const req = requestOf(o.history, basesOf(gameOf(o)));
    expect(o.fakes.invocations.at(-1)).toMatchObject({ src: 'send', input: req });
    // A retry sends the same request (the same request id: the server does it once).
    if (o.event.type === 'retry') expect(o.fakes.invocations.at(-2)?.input).toEqual(req);
    noEffects(o);
  },
  failed: (o) => {
    common(o);
    expect(o.fakes.pendingIds()).toEqual([]);
    expect(o.snapshot.context.pending).toEqual(requestOf(o.history, basesOf(gameOf(o))));
    noEffects(o);
  },
  playing: (o) => {
    common(o);
    expect(o.fakes.pendingIds()).toEqual([]);
    const read = shownRead(o.history)!;
    expect(read.view!.phase).not.toBe('done');
    expect(o.snapshot.context.msLeft).toBe(read.msLeft);
    // Every answered start or step re-reads the shell's wallet and the visit's net.
    if (o.event.type === `xstate.done.actor.${SEND}`) expect(o.effects.actions).toEqual([REFRESH]);
    else noEffects(o);
  },
  expired: (o) => {
    common(o);
    expect(o.fakes.pendingIds()).toEqual([]);
    noEffects(o);
  },
  reading: (o) => {
    common(o);
    expect(o.fakes.pendingIds()).toEqual([READ]);
    expect(o.fakes.invocations.at(-1)).toMatchObject({ src: 'readHand', input: { game: gameOf(o) } });
    if (o.event.type === `xstate.error.actor.${SEND}` && codeOf(o.event) === 41002)
      expect(o.effects.actions).toEqual([{ name: 'needFunds', params: NO_FUNDS.data }]);
    else noEffects(o);
  },
  done: (o) => {
    common(o);
    expect(o.fakes.pendingIds()).toEqual([]);
    expect(o.snapshot.context.view!.phase).toBe('done');
    // The result came from a start or step, or the server finished the hand: the wallet is read again.
    if (
      o.event.type === `xstate.done.actor.${SEND}` ||
      (o.event.type === `xstate.done.actor.${READ}` && o.previous.matches('reading'))
    )
      expect(o.effects.actions).toEqual([REFRESH]);
    else if (o.event.type === `xstate.error.actor.${SEND}` && codeOf(o.event) === 41002)
      expect(o.effects.actions).toEqual([{ name: 'needFunds', params: NO_FUNDS.data }]);
    else noEffects(o);
  },
};

const key = (s: AnyMachineSnapshot) => ({
  value: s.value,
  base: s.context.base,
  // A hand: its id and phase (and for 二十一点 whether it may still double: the two open views differ there).
  view: s.context.view
    ? `${s.context.view.handId}:${s.context.view.phase}:${'can' in s.context.view ? String(s.context.view.can.double) : ''}`
    : null,
  msLeft: s.context.msLeft,
  pending: s.context.pending?.kind ?? null,
  refusal: s.context.refusal?.code ?? null,
});

export const qpTableModel: MachineModel<typeof qpTableMachine> = {
  title: 'chess-and-card table',
  machine: qpTableMachine,
  graphs: [
    {
      name: 'a player at 抢庄牛牛',
      input: { game: 'bull-bull', bases: BULL_BASES },
      events: BULL_EVENTS,
      key,
    },
    {
      name: 'a player at 二十一点',
      input: { game: 'blackjack', bases: BJ_BASES },
      events: BJ_EVENTS,
      key,
    },
  ],
  harness: {
    logic: (fakes: Fakes) =>
      qpTableMachine.provide({
        actors: { readHand: fakes.promise('readHand'), send: fakes.promise('send') },
        actions: fakes.actions('refreshShell', 'needFunds'),
      }),
    initial: 'loading',
    transitions: TABLE,
    oracles: ORACLES,
    // The timer runs to the server's deadline (the time left when the hand was read) plus the grace.
    delays: { deadline: (s) => (s.context.msLeft as number) + GRACE_MS, poll: POLL_MS },
  },
};
