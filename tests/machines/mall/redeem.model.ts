// The mall's redeem flow (issue 13 §6, /mine/currency): read the list → choose → confirm → pending → done,
// refused (retry only after no answer, with the same request id) or sold out; the 'coins' push reads the list again.
import { expect } from 'vitest';
import { assign, type AnyEventObject } from 'xstate';
import { redeemMachine } from '../../../machines/mall/redeem.machine.ts';
import type { Fakes, MachineModel, OracleArgs, TransitionTable } from '../../support/model-paths.ts';
import { LIMIT, NO_ANSWER, OVERVIEW, REDEMPTION, SOLD_OUT } from './fixtures.ts';

export const EVENTS: AnyEventObject[] = [
  { type: 'xstate.done.actor.load', output: OVERVIEW },
  { type: 'xstate.error.actor.load', error: NO_ANSWER },
  { type: 'mall.retry' },
  { type: 'mall.refresh' },
  { type: 'mall.choose', itemId: 'a-bonus' },
  { type: 'mall.choose', itemId: 'b-gone' },
  { type: 'mall.choose', itemId: 'c-vip3' },
  { type: 'mall.choose', itemId: 'd-dear' },
  { type: 'mall.choose', itemId: 'e-once' },
  { type: 'mall.cancel' },
  { type: 'mall.confirm' },
  { type: 'xstate.done.actor.redeem', output: REDEMPTION },
  { type: 'xstate.error.actor.redeem', error: SOLD_OUT },
  { type: 'xstate.error.actor.redeem', error: LIMIT },
  { type: 'xstate.error.actor.redeem', error: NO_ANSWER },
  { type: 'mall.close' },
];

export function provideRedeem(fakes: Fakes) {
  let n = 0;
  return redeemMachine.provide({
    actors: { load: fakes.promise('load'), redeem: fakes.promise('redeem') },
    actions: { mintRequestId: assign({ requestId: () => `req-${++n}` }) },
  });
}

/** The last refusal of the path (the redeem's error), if the last redeem answer was one. */
function lastRedeemError(history: readonly AnyEventObject[]): { type?: string; code?: number } | null {
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const e = history[i]!;
    if (e.type === 'xstate.error.actor.redeem') return e['error'] as { type?: string; code?: number };
    if (e.type === 'xstate.done.actor.redeem') return null;
  }
  return null;
}

/** issue 13 §6: only an item in stock, under its limit, at the member's VIP level and affordable can be chosen. */
const CHOOSABLE = new Set(['a-bonus']);

export const TABLE: TransitionTable = {
  loading: { 'xstate.done.actor.load': 'browsing', 'xstate.error.actor.load': 'loadFailed' },
  loadFailed: { 'mall.retry': 'loading', 'mall.refresh': 'loading' },
  browsing: {
    'mall.choose': ({ event }) => (CHOOSABLE.has(event['itemId'] as string) ? 'confirming' : 'browsing'),
    'mall.refresh': 'loading',
  },
  confirming: { 'mall.confirm': 'pending', 'mall.cancel': 'browsing' },
  pending: {
    'xstate.done.actor.redeem': 'done',
    // src/protocol/api.ts CODE (issue 13 block): 31062 = sold out.
    'xstate.error.actor.redeem': ({ event }) =>
      (event['error'] as { code?: number }).code === 31062 ? 'soldOut' : 'refused',
  },
  refused: {
    'mall.retry': ({ history }) =>
      (lastRedeemError(history.slice(0, -1)) as { type?: string })?.type === 'transport'
        ? 'pending'
        : 'refused',
    'mall.close': 'loading',
  },
  soldOut: { 'mall.close': 'loading' },
  done: { 'mall.close': 'loading' },
};

/** The request ids the redeem calls carried, in order. */
const requestIds = (o: OracleArgs) =>
  o.fakes.invocations
    .filter((i) => i.src === 'redeem')
    .map((i) => (i.input as { requestId: string }).requestId);

export const ORACLES: Record<string, (o: OracleArgs) => void> = {
  loading: (o) => expect(o.fakes.pendingIds()).toEqual(['load']),
  loadFailed: (o) => expect(o.fakes.pendingIds()).toEqual([]),
  browsing: (o) => {
    expect(o.fakes.pendingIds()).toEqual([]);
    expect(o.snapshot.context.overview).toEqual(OVERVIEW);
  },
  confirming: (o) => {
    expect(o.fakes.pendingIds()).toEqual([]);
    expect(o.snapshot.context.chosen?.id).toBe('a-bonus');
  },
  pending: (o) => {
    expect(o.fakes.pendingIds()).toEqual(['redeem']);
    const ids = requestIds(o);
    expect(o.fakes.invocations.at(-1)!.input).toEqual({ requestId: ids.at(-1), itemId: 'a-bonus' });
    // issue 13 §6 "redeeming is idempotent": asking again after no answer carries the same id; a new
    // confirmation a new one.
    if (o.event.type === 'mall.retry') expect(ids.at(-1)).toBe(ids.at(-2));
    else expect(ids.slice(0, -1)).not.toContain(ids.at(-1));
  },
  done: (o) => {
    expect(o.snapshot.context.done).toEqual(REDEMPTION);
    // The coins after it, as the server said (500 − 100).
    expect(o.snapshot.context.overview?.coins).toBe(400);
  },
  refused: (o) => {
    const e = lastRedeemError(o.history)!;
    expect(o.snapshot.context.refusal).toEqual(
      e.type === 'business'
        ? { code: 31063, message: '该商品每人限兑 5 次，您已达上限' }
        : { code: 'noAnswer', message: '' },
    );
  },
  soldOut: (o) => expect(o.snapshot.context.refusal).toEqual({ code: 31062, message: '该商品已兑完' }),
};

export const redeemModel: MachineModel<typeof redeemMachine> = {
  title: 'mall redeem',
  machine: redeemMachine,
  graphs: [
    {
      name: 'a member with 500 coins at VIP1 on /mine/currency',
      input: undefined,
      events: EVENTS,
      maxWalk: 40,
    },
  ],
  harness: { logic: provideRedeem, initial: 'loading', transitions: TABLE, oracles: ORACLES },
};
