// The rebate page's model (issue 13 §4): load → what is claimable; a claim only when something is payable,
// pending, then paid (everything read again) or refused (the coded message; no answer keeps the requestId so a
// retry cannot pay twice); a rebate push reads again; the history filtered by day and paged.
import { expect } from 'vitest';
import { assign, type AnyEventObject } from 'xstate';
import { rebateMachine } from '../../../machines/rebate/rebate.machine.ts';
import type { RebateHistory, RebateSummary } from '../../../src/protocol/rebate.ts';
import type { Fakes, MachineModel, OracleArgs, TransitionTable } from '../../support/model-paths.ts';
import {
  BELOW_MINIMUM,
  HISTORY,
  HISTORY_PAGE_2,
  NO_ANSWER,
  NO_HISTORY,
  PAYABLE,
  PAYMENT,
  refused,
} from './fixtures.ts';

export const LOAD = 'rebate.load';
export const HISTORY_ID = 'rebate.history';
export const CLAIM = 'rebate.claim';

/** 31042 with the server's message (server/modules/rebate/messages.ts; issue 13 §4 "a daily cap applies"). */
const CAP = refused(31042, '今日返水已达上限（¥500.00），请明日再领取');
const GOOD_FILTER = { from: '2026-11-01', to: '2026-11-26' };
/** A range that ends before it starts is not asked for. */
const BAD_FILTER = { from: '2026-11-26', to: '2026-11-01' };

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

const LOADS = [
  done(LOAD, { summary: PAYABLE, history: HISTORY }),
  done(LOAD, { summary: BELOW_MINIMUM, history: NO_HISTORY }),
  failed(LOAD, NO_ANSWER),
  { type: 'rebate.retry' },
];
const CLAIMS = [
  { type: 'rebate.claim' },
  done(CLAIM, PAYMENT),
  failed(CLAIM, CAP),
  failed(CLAIM, NO_ANSWER),
  { type: 'rebate.dismiss' },
  { type: 'rebate.pushed' },
];
const HISTORY_EVENTS = [
  { type: 'rebate.filter', filter: GOOD_FILTER },
  { type: 'rebate.filter', filter: BAD_FILTER },
  { type: 'rebate.page', page: 2 },
  { type: 'rebate.page', page: 4 },
  { type: 'rebate.page', page: 0 },
  done(HISTORY_ID, HISTORY_PAGE_2),
  failed(HISTORY_ID, NO_ANSWER),
];

export function provideRebate(fakes: Fakes) {
  let n = 0;
  return rebateMachine.provide({
    actors: {
      load: fakes.promise('load'),
      readHistory: fakes.promise('readHistory'),
      claim: fakes.promise('claim'),
    },
    actions: { mintRequestId: assign({ requestId: () => `req-${++n}` }) },
  });
}

// ── what the player and the server did (independent of the machine) ──

interface Seen {
  summary: RebateSummary | null;
  history: RebateHistory | null;
  filter: { from: string; to: string };
  page: number;
}

/** Replays the events: the last data read, the filter and page asked for (written from the rules above). */
function seen(history: readonly AnyEventObject[]): Seen {
  const s: Seen = { summary: null, history: null, filter: { from: '', to: '' }, page: 1 };
  for (const e of history) {
    if (e.type === `xstate.done.actor.${LOAD}`) {
      const out = e['output'] as { summary: RebateSummary; history: RebateHistory };
      s.summary = out.summary;
      s.history = out.history;
    }
    if (e.type === `xstate.done.actor.${HISTORY_ID}`) s.history = e['output'] as RebateHistory;
    if (e.type === 'rebate.filter') {
      const f = e['filter'] as { from: string; to: string };
      if (!(f.from && f.to && f.from > f.to)) {
        s.filter = f;
        s.page = 1;
      }
    }
    if (e.type === 'rebate.page' && pageExists(s, e['page'] as number)) s.page = e['page'] as number;
  }
  return s;
}

/** 25 payments, 10 a page → 3 pages; an empty history has one page. */
function pageExists(s: Seen, page: number) {
  const pages = s.history ? Math.max(1, Math.ceil(s.history.total / s.history.size)) : 1;
  return page >= 1 && page <= pages;
}

const query = (s: Seen) => ({
  ...(s.filter.from ? { from: s.filter.from } : {}),
  ...(s.filter.to ? { to: s.filter.to } : {}),
  page: s.page,
  size: 10,
});

const before = (history: readonly AnyEventObject[]) => history.slice(0, -1);

const TABLE: TransitionTable = {
  loading: {
    [`xstate.done.actor.${LOAD}`]: 'ready',
    [`xstate.error.actor.${LOAD}`]: 'loadFailed',
  },
  loadFailed: { 'rebate.retry': 'loading' },
  ready: {
    // issue 13 §4: a claim only when something is payable (the minimum reached, the cap not used up)
    'rebate.claim': ({ history }) =>
      (seen(before(history)).summary?.payable ?? 0) > 0 ? 'claiming' : 'ready',
    'rebate.pushed': 'loading',
    'rebate.filter': ({ event }) => {
      const f = event['filter'] as { from: string; to: string };
      return f.from > f.to ? 'ready' : 'historyLoading';
    },
    'rebate.page': ({ event, history }) =>
      pageExists(seen(before(history)), event['page'] as number) ? 'historyLoading' : 'ready',
    'rebate.dismiss': 'ready',
  },
  historyLoading: {
    [`xstate.done.actor.${HISTORY_ID}`]: 'ready',
    [`xstate.error.actor.${HISTORY_ID}`]: 'loadFailed',
  },
  claiming: {
    // paid: everything is read again (the claimable part is now empty, the history has the payment)
    [`xstate.done.actor.${CLAIM}`]: 'loading',
    [`xstate.error.actor.${CLAIM}`]: 'ready',
  },
};

/** The claims asked for so far (a press with nothing payable asks nothing), with the event that answered each. */
function claimsOf(history: readonly AnyEventObject[]) {
  const out: Array<{ answer: AnyEventObject | null }> = [];
  let payable = 0;
  for (const e of history) {
    if (e.type === `xstate.done.actor.${LOAD}`)
      payable = (e['output'] as { summary: RebateSummary }).summary.payable;
    if (e.type === 'rebate.claim' && payable > 0) out.push({ answer: null });
    if (e.type.endsWith(`.${CLAIM}`) && out.length > 0) out.at(-1)!.answer = e;
  }
  return out;
}

const ORACLES: Record<string, (o: OracleArgs) => void> = {
  loading: (o) => {
    expect(o.fakes.pendingIds()).toEqual([LOAD]);
    expect(o.fakes.invocations.at(-1)).toMatchObject({ src: 'load', input: query(seen(o.history)) });
    if (o.event.type === `xstate.done.actor.${CLAIM}`)
      // The page says how much was paid while it reads again.
      expect(o.snapshot.context.outcome).toEqual({ kind: 'paid', payment: PAYMENT });
  },
  loadFailed: (o) => expect(o.fakes.pendingIds()).toEqual([]),
  ready: (o) => {
    expect(o.fakes.pendingIds()).toEqual([]);
    const s = seen(o.history);
    expect(o.snapshot.context.summary).toEqual(s.summary);
    expect(o.snapshot.context.history).toEqual(s.history);
    expect(o.snapshot.context.page).toBe(s.page);
    if (o.event.type === `xstate.error.actor.${CLAIM}`) {
      const business = (o.event['error'] as { type: string }).type === 'business';
      expect(o.snapshot.context.outcome).toEqual({
        kind: 'refused',
        refusal: business
          ? { code: 31042, message: '今日返水已达上限（¥500.00），请明日再领取' }
          : { code: 'noAnswer', message: '' },
      });
    }
    if (o.event.type === 'rebate.claim') {
      // Nothing payable (99 fen < the ¥1 minimum): no claim was asked.
      expect(o.fakes.invocations.filter((i) => i.src === 'claim')).toHaveLength(
        claimsOf(before(o.history)).length,
      );
    }
    if (o.event.type === 'rebate.filter') expect(o.snapshot.context.problem).toBe('badRange');
    if (o.event.type === 'rebate.dismiss') expect(o.snapshot.context.outcome).toBeNull();
  },
  historyLoading: (o) => {
    expect(o.fakes.pendingIds()).toEqual([HISTORY_ID]);
    expect(o.fakes.invocations.at(-1)).toMatchObject({ src: 'readHistory', input: query(seen(o.history)) });
    expect(o.snapshot.context.problem).toBeNull();
  },
  claiming: (o) => {
    expect(o.fakes.pendingIds()).toEqual([CLAIM]);
    expect(o.snapshot.context.outcome).toBeNull();
    const asked = o.fakes.invocations
      .filter((i) => i.src === 'claim')
      .map((i) => (i.input as { requestId: string }).requestId);
    const claims = claimsOf(o.history);
    const previous = claims.at(-2);
    expect(asked).toHaveLength(claims.length);
    if (previous) {
      const noAnswer = (previous.answer?.['error'] as { type?: string } | undefined)?.type === 'transport';
      // No answer: the same requestId again (it may have been paid); otherwise a fresh one.
      if (noAnswer) expect(asked.at(-1)).toBe(asked.at(-2));
      else expect(asked.slice(0, -1)).not.toContain(asked.at(-1));
    }
  },
};

export const rebateModel: MachineModel<typeof rebateMachine> = {
  title: 'rebate',
  machine: rebateMachine,
  graphs: [
    { name: 'a member claiming rebate', input: undefined, events: [...LOADS, ...CLAIMS], maxWalk: 40 },
    {
      name: 'a member reading the history',
      input: undefined,
      events: [...LOADS.slice(0, 1), ...HISTORY_EVENTS, { type: 'rebate.pushed' }],
      maxWalk: 40,
    },
  ],
  harness: { logic: provideRebate, initial: 'loading', transitions: TABLE, oracles: ORACLES },
};
