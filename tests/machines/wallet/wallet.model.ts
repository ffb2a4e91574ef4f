// The wallet area actor's model (issue 9 §2, §4): balances, 一键回收, 免转, venue refresh, the record page's
// query, written from the issue. Regions move independently: the table is a function over the leaves.
import { expect } from 'vitest';
import { assign, fromCallback, type AnyEventObject } from 'xstate';
import { walletMachine } from '../../../machines/wallet/wallet.machine.ts';
import type { Fakes, MachineModel, OracleArgs } from '../../support/model-paths.ts';

export const LOAD = '0.wallet.balances.loading';
export const RECALL = '0.wallet.moves.recalling';
export const SWITCH = '0.wallet.moves.switching';
export const REFRESH = '0.wallet.refresh.refreshing';
/** issue 9 §2 design (docs/api.md "Wallet"): a failed balance read retries after 5 s. */
const RETRY_MS = 5_000;
/** spec §2 route of the record page; a wallet page. */
export const RECORDS = '/mine/record/transRecord';
export const WALLET = '/mine/finance/wallet';
export const DEPOSIT = '/mine/finance/deposit';
export const VENUE = 'QP_TEST';

const venue = (balance: number) => ({
  venue: VENUE,
  name: '测试棋牌',
  platform: 'QP',
  status: 'open',
  balance,
});
export const SUMMARY = {
  central: { balance: 10_000, held: 0, available: 10_000 },
  venues: [venue(3_000)],
  total: 13_000,
  locked: 0,
  autoTransfer: false,
};
const RECALLED = { recalled: [{ venue: VENUE, amount: 3_000 }], skipped: [], central: 13_000 };
const REFUSED = Object.assign(new Error('该场馆维护中，暂时无法转账'), { type: 'business', code: 30003 });
const NO_ANSWER = Object.assign(new Error('timeout'), { type: 'transport', kind: 'timeout' });
const LOCKED = Object.assign(new Error('刷新过于频繁，请稍后再试'), { type: 'business', code: 30004 });

const route = (path: string) => ({ type: 'route.changed', path, search: '' });

const EVENTS: AnyEventObject[] = [
  { type: `xstate.done.actor.${LOAD}`, output: SUMMARY },
  { type: `xstate.error.actor.${LOAD}`, error: NO_ANSWER },
  { type: `xstate.after.retry.wallet.balances.failed` },
  { type: 'wallet.reload' },
  { type: 'wallet.recall' },
  { type: `xstate.done.actor.${RECALL}`, output: RECALLED },
  { type: `xstate.error.actor.${RECALL}`, error: REFUSED },
  { type: `xstate.error.actor.${RECALL}`, error: NO_ANSWER },
  { type: 'wallet.autoTransfer', enabled: true },
  { type: `xstate.done.actor.${SWITCH}`, output: { autoTransfer: true, recall: RECALLED } },
  { type: `xstate.error.actor.${SWITCH}`, error: NO_ANSWER },
  { type: `xstate.error.actor.${SWITCH}`, error: REFUSED },
  { type: 'wallet.refreshVenue', venue: VENUE },
  { type: `xstate.done.actor.${REFRESH}`, output: { venue: venue(2_500), lockedUntil: 0 } },
  { type: `xstate.error.actor.${REFRESH}`, error: LOCKED },
  { type: 'wallet.venueUnlocked', venue: VENUE },
  { type: 'wallet.dismiss' },
  route(RECORDS),
  route(DEPOSIT),
  route(WALLET),
];

export function provideWallet(fakes: Fakes) {
  let n = 0;
  const minted = fakes.recorder('mintRequestId');
  return walletMachine.provide({
    actors: {
      loadWallet: fakes.promise('loadWallet'),
      recall: fakes.promise('recall'),
      switchAuto: fakes.promise('switchAuto'),
      refreshVenue: fakes.promise('refreshVenue'),
      // The children have models of their own; here they only need to be there.
      depositWarning: fromCallback(() => () => {}) as never,
      transferForm: fromCallback(() => () => {}) as never,
      records: fromCallback(() => () => {}) as never,
      deposit: fromCallback(() => () => {}) as never,
    },
    actions: {
      mintRequestId: assign({
        requestId: () => {
          n += 1;
          minted(`req-${n}`);
          return `req-${n}`;
        },
      }),
    },
  });
}

type Leaves = {
  route: string;
  recordsPage: string;
  depositPage: string;
  balances: string;
  moves: string;
  refresh: string;
};
const parse = (key: string): Leaves =>
  Object.fromEntries(
    key.split(' | ').map((l) => [l.split('.')[0], l.split('.').slice(1).join('.')]),
  ) as Leaves;
const join = (l: Leaves) =>
  `route.${l.route} | recordsPage.${l.recordsPage} | depositPage.${l.depositPage} | balances.${l.balances} | moves.${l.moves} | refresh.${l.refresh}`;
const isAnswer = (e: AnyEventObject) => (e['error'] as { type?: string } | undefined)?.type === 'business';

/** Venues locked by a refresh and not yet unlocked (issue 9 §2: locked for a while after use). */
function lockedAfter(history: readonly AnyEventObject[]): boolean {
  let locked = false;
  for (const e of history) {
    if (e.type === `xstate.done.actor.${REFRESH}` || e.type === `xstate.error.actor.${REFRESH}`)
      locked = true;
    if (e.type === 'wallet.venueUnlocked') locked = false;
  }
  return locked;
}

/** Where each region goes, from issue 9 §2/§4 (the regions do not wait on one another). */
function walletNext(o: { event: AnyEventObject; from: string; history: AnyEventObject[] }): string {
  const l = parse(o.from);
  const t = o.event.type;
  // The record query runs on the record page only, the deposit flow on the deposit page only.
  if (t === 'route.changed') {
    l.recordsPage = o.event['path'] === RECORDS ? 'open' : 'closed';
    l.depositPage = o.event['path'] === DEPOSIT ? 'open' : 'closed';
  }
  // Balances: read on entry; a failure retries after 5 s or on demand; a reload reads again.
  if (t === `xstate.done.actor.${LOAD}` && l.balances === 'loading') l.balances = 'ready';
  else if (t === `xstate.error.actor.${LOAD}` && l.balances === 'loading') l.balances = 'failed';
  else if (t === 'xstate.after.retry.wallet.balances.failed') l.balances = 'loading';
  else if (t === 'wallet.reload' && l.balances !== 'loading') l.balances = 'loading';
  // Money moves: one at a time; an answer ends the request, no answer keeps it for the retry.
  const moves = l.moves;
  if (moves === 'idle' && t === 'wallet.recall') l.moves = 'recalling';
  else if (moves === 'idle' && t === 'wallet.autoTransfer') l.moves = 'switching';
  else if (moves === 'recalling' && t === `xstate.done.actor.${RECALL}`) l.moves = 'idle';
  else if (moves === 'recalling' && t === `xstate.error.actor.${RECALL}`)
    l.moves = isAnswer(o.event) ? 'idle' : 'recallUnsure';
  else if (moves === 'recallUnsure' && t === 'wallet.recall') l.moves = 'recalling';
  else if (moves === 'switching' && t === `xstate.done.actor.${SWITCH}`) l.moves = 'idle';
  else if (moves === 'switching' && t === `xstate.error.actor.${SWITCH}`)
    l.moves = isAnswer(o.event) ? 'idle' : 'switchUnsure';
  else if (moves === 'switchUnsure' && t === 'wallet.autoTransfer') l.moves = 'switching';
  else if ((moves === 'recallUnsure' || moves === 'switchUnsure') && t === 'wallet.reload') l.moves = 'idle';
  // A move that went through reads the balances again (the region above has not seen it yet).
  if (
    (moves === 'recalling' || moves === 'switching') &&
    l.moves === 'idle' &&
    t.startsWith('xstate.done.actor.')
  )
    l.balances = 'loading';
  // Refresh: one venue at a time, not while it is locked.
  if (l.refresh === 'idle' && t === 'wallet.refreshVenue' && !lockedAfter(o.history.slice(0, -1)))
    l.refresh = 'refreshing';
  else if (
    l.refresh === 'refreshing' &&
    (t === `xstate.done.actor.${REFRESH}` || t === `xstate.error.actor.${REFRESH}`)
  )
    l.refresh = 'idle';
  return join(l);
}

const pendingOf = (o: OracleArgs, id: string) => o.fakes.pendingIds().includes(id);
const invocationsOf = (o: OracleArgs, src: string) => o.fakes.invocations.filter((i) => i.src === src);
const entered = (o: OracleArgs, region: keyof Leaves, leaf: string) =>
  o.index === 0 || (o.previous.value as Record<string, string>)[region] !== leaf;

const ORACLES: Record<string, (o: OracleArgs) => void> = {
  // The area follows the route (its path), whatever else moves on the same event.
  'route.following': (o) => {
    const last = o.history.filter((e) => e.type === 'route.changed').at(-1);
    expect(o.snapshot.context.path).toBe(last ? last['path'] : o.input.path);
  },
  // The record query and the deposit flow are children while their page is open (their own models test them).
  'recordsPage.closed': (o) => expect(o.snapshot.children['records']).toBeUndefined(),
  'recordsPage.open': (o) => expect(o.snapshot.children['records']).toBeDefined(),
  'depositPage.closed': (o) => expect(o.snapshot.children['deposit']).toBeUndefined(),
  'depositPage.open': (o) => expect(o.snapshot.children['deposit']).toBeDefined(),
  'balances.loading': (o) => {
    expect(pendingOf(o, LOAD)).toBe(true);
  },
  'balances.ready': (o) => {
    expect(pendingOf(o, LOAD)).toBe(false);
    expect(o.snapshot.context.loadFailed).toBe(false);
    expect(o.snapshot.context.summary).not.toBeNull();
  },
  // The last balances stay shown with the failure (the page says so).
  'balances.failed': (o) => {
    expect(pendingOf(o, LOAD)).toBe(false);
    expect(o.snapshot.context.loadFailed).toBe(true);
  },
  'moves.idle': (o) => {
    expect(pendingOf(o, RECALL) || pendingOf(o, SWITCH)).toBe(false);
    expect(o.snapshot.context.requestId).toBeNull();
    // A refusal is shown as the server worded it (issue 9: coded errors with a Chinese message).
    if (o.event.type === `xstate.error.actor.${RECALL}` || o.event.type === `xstate.error.actor.${SWITCH}`)
      expect(o.snapshot.context.refusal).toEqual({ code: 30003, message: '该场馆维护中，暂时无法转账' });
    if (o.event.type === `xstate.done.actor.${RECALL}`)
      expect(o.snapshot.context.lastRecall).toEqual(RECALLED);
  },
  'moves.recalling': (o) => {
    expect(pendingOf(o, RECALL)).toBe(true);
    const ids = invocationsOf(o, 'recall').map((i) => (i.input as { requestId: string }).requestId);
    if (!entered(o, 'moves', 'recalling')) return;
    // issue 9 §2: after no answer the retry resends the same id; a new recall is a new request.
    if ((o.previous.value as Record<string, string>)['moves'] === 'recallUnsure')
      expect(ids.at(-1)).toBe(ids.at(-2));
    else expect(ids.slice(0, -1)).not.toContain(ids.at(-1));
  },
  'moves.recallUnsure': (o) => {
    expect(o.snapshot.context.requestId).toBe(
      (invocationsOf(o, 'recall').at(-1)!.input as { requestId: string }).requestId,
    );
  },
  'moves.switching': (o) => {
    expect(pendingOf(o, SWITCH)).toBe(true);
    expect(invocationsOf(o, 'switchAuto').at(-1)!.input).toMatchObject({ enabled: true });
  },
  'moves.switchUnsure': (o) => {
    expect(o.snapshot.context.requestId).toBe(
      (invocationsOf(o, 'switchAuto').at(-1)!.input as { requestId: string }).requestId,
    );
  },
  'refresh.idle': (o) => {
    expect(pendingOf(o, REFRESH)).toBe(false);
    expect(o.snapshot.context.locked).toEqual(lockedAfter(o.history) ? [VENUE] : []);
    // The refreshed balance shows at once (before the first read there is nothing to show it in).
    if (o.event.type === `xstate.done.actor.${REFRESH}` && o.previous.context.summary)
      expect(
        o.snapshot.context.summary?.venues.find((v: { venue: string }) => v.venue === VENUE)?.balance,
      ).toBe(2_500);
  },
  'refresh.refreshing': (o) => {
    expect(pendingOf(o, REFRESH)).toBe(true);
    expect(o.snapshot.context.refreshing).toBe(VENUE);
  },
};

export const walletModel: MachineModel<typeof walletMachine> = {
  title: 'wallet area',
  machine: walletMachine,
  graphs: [
    {
      name: 'entering the wallet page',
      input: { path: WALLET },
      events: EVENTS,
      key: (s) => ({
        value: s.value,
        hasSummary: s.context.summary !== null,
        locked: s.context.locked,
        hasRequest: s.context.requestId !== null,
      }),
      maxWalk: 80,
    },
    {
      name: 'entering the record page',
      input: { path: RECORDS },
      events: [route(WALLET), route(RECORDS), { type: `xstate.done.actor.${LOAD}`, output: SUMMARY }],
    },
    {
      name: 'entering the deposit page',
      input: { path: DEPOSIT },
      events: [route(WALLET), route(DEPOSIT), { type: `xstate.done.actor.${LOAD}`, output: SUMMARY }],
    },
  ],
  harness: {
    logic: provideWallet,
    initial: ({ path }: { path: string }) =>
      `route.following | recordsPage.${path === RECORDS ? 'open' : 'closed'} | depositPage.${path === DEPOSIT ? 'open' : 'closed'} | balances.loading | moves.idle | refresh.idle`,
    transitions: walletNext,
    oracles: ORACLES,
    delays: { retry: RETRY_MS, refreshLock: 5_000 },
    // The retry and the refresh lock both last 5 s: each graph delay lets only its own timer run.
    timers: 'exclusive',
  },
};
