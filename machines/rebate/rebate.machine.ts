import { and, assign, fromPromise, setup } from 'xstate';
import {
  REBATE_PAGE_SIZE_DEFAULT,
  type RebateHistory,
  type RebateHistoryRequest,
  type RebatePayment,
  type RebateSummary,
} from '../../src/protocol/rebate.ts';
import {
  badRange,
  lastPage,
  NO_ANSWER_CODE,
  refusalOf,
  type DateFilter,
  type RebateRefusal,
} from './common.ts';

// The rebate page (issue 13 §4, /mine/rebate): what is claimable now per category and the history. Loading reads
// both; a claim is allowed when something is payable (the minimum reached, the day's cap not used up), pending
// while it is asked, then paid (the page reads everything again and says how much) or refused (the coded message
// on the page, 31041 / 31042, or no answer). A claim keeps its caller-made requestId until it gets an answer, so
// retrying after no answer cannot pay twice. A rebate push (msgId 20006 topic 'rebate': the end-of-day job or a
// claim elsewhere) reads everything again. The history is filtered by day and paged.

export type RebateOutcome =
  { kind: 'paid'; payment: RebatePayment } | { kind: 'refused'; refusal: RebateRefusal };

export interface RebateLoad {
  summary: RebateSummary;
  history: RebateHistory;
}

interface Context {
  summary: RebateSummary | null;
  history: RebateHistory | null;
  filter: DateFilter;
  page: number;
  requestId: string | null;
  outcome: RebateOutcome | null;
  problem: 'badRange' | null;
}

export type RebateEvent =
  | { type: 'rebate.claim' }
  | { type: 'rebate.retry' }
  | { type: 'rebate.pushed' }
  | { type: 'rebate.filter'; filter: DateFilter }
  | { type: 'rebate.page'; page: number }
  | { type: 'rebate.dismiss' };

/** What the history call asks for. */
export const historyQuery = (c: Pick<Context, 'filter' | 'page'>): RebateHistoryRequest => ({
  ...(c.filter.from ? { from: c.filter.from } : {}),
  ...(c.filter.to ? { to: c.filter.to } : {}),
  page: c.page,
  size: REBATE_PAGE_SIZE_DEFAULT,
});

export const rebateMachine = setup({
  types: {} as { context: Context; events: RebateEvent },
  actors: {
    load: fromPromise<RebateLoad, RebateHistoryRequest>(async () => {
      throw new Error('provided at composition');
    }),
    readHistory: fromPromise<RebateHistory, RebateHistoryRequest>(async () => {
      throw new Error('provided at composition');
    }),
    claim: fromPromise<RebatePayment, { requestId: string }>(async () => {
      throw new Error('provided at composition');
    }),
  },
  actions: {
    /** A fresh caller-made id (provided at composition with crypto.randomUUID; the default keeps it pure). */
    mintRequestId: assign({
      requestId: ({ context }) => `rebate-request-${context.history?.total ?? 0}-next`,
    }),
  },
  guards: {
    payable: ({ context }) => (context.summary?.payable ?? 0) > 0,
    needsId: ({ context }) => context.requestId === null,
    validFilter: ({ event }) => event.type === 'rebate.filter' && !badRange(event.filter),
    pageExists: ({ context, event }) =>
      event.type === 'rebate.page' && event.page >= 1 && event.page <= lastPage(context.history),
  },
}).createMachine({
  id: 'rebate',
  context: {
    summary: null,
    history: null,
    filter: { from: '', to: '' },
    page: 1,
    requestId: null,
    outcome: null,
    problem: null,
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'rebate.load',
        src: 'load',
        input: ({ context }) => historyQuery(context),
        onDone: {
          target: 'ready',
          actions: assign({
            summary: ({ event }) => event.output.summary,
            history: ({ event }) => event.output.history,
          }),
        },
        onError: 'loadFailed',
      },
    },
    loadFailed: { on: { 'rebate.retry': 'loading' } },
    ready: {
      on: {
        'rebate.claim': [
          { guard: and(['payable', 'needsId']), target: 'claiming', actions: 'mintRequestId' },
          { guard: 'payable', target: 'claiming' },
          // Nothing payable: the button is disabled; a stray press changes nothing.
        ],
        'rebate.pushed': 'loading',
        'rebate.filter': [
          {
            guard: 'validFilter',
            target: 'historyLoading',
            actions: assign({ filter: ({ event }) => event.filter, page: 1, problem: null }),
          },
          { actions: assign({ problem: 'badRange' }) },
        ],
        'rebate.page': {
          guard: 'pageExists',
          target: 'historyLoading',
          // Paging answers the filter already asked for: a range refused before is no longer the news.
          actions: assign({ page: ({ event }) => event.page, problem: null }),
        },
        'rebate.dismiss': { actions: assign({ outcome: null }) },
      },
    },
    historyLoading: {
      invoke: {
        id: 'rebate.history',
        src: 'readHistory',
        input: ({ context }) => historyQuery(context),
        onDone: { target: 'ready', actions: assign({ history: ({ event }) => event.output }) },
        onError: 'loadFailed',
      },
    },
    claiming: {
      entry: assign({ outcome: null }),
      invoke: {
        id: 'rebate.claim',
        src: 'claim',
        input: ({ context }) => ({ requestId: context.requestId! }),
        onDone: {
          target: 'loading',
          actions: assign({
            outcome: ({ event }) => ({ kind: 'paid' as const, payment: event.output }),
            requestId: null,
          }),
        },
        onError: {
          target: 'ready',
          actions: assign(({ event, context }) => {
            const refusal = refusalOf(event.error);
            return {
              outcome: { kind: 'refused' as const, refusal },
              // No answer: the same id again on the next try (it may have been paid).
              requestId: refusal.code === NO_ANSWER_CODE ? context.requestId : null,
            };
          }),
        },
      },
    },
  },
});
