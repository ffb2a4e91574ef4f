import { assign, fromPromise, setup } from 'xstate';
import type { RecordKind, RecordPage } from '../../src/protocol/wallet.ts';
import { RECORD_PAGE_SIZE_DEFAULT } from '../../src/protocol/wallet.ts';

// The transaction record (issue 9 §4, /mine/record/transRecord): every ledger movement of the player, filtered
// by kind and date range, paged, newest first. A filter starts at page 1; a date range that ends before it
// starts is not asked for (the page says why).

export interface RecordFilter {
  kind: RecordKind | '';
  /** YYYY-MM-DD or ''. */
  from: string;
  to: string;
}

export interface RecordsQuery extends RecordFilter {
  page: number;
  pageSize: number;
}

interface Context {
  filter: RecordFilter;
  page: number;
  result: RecordPage | null;
  /** The filter cannot be asked for as it is. */
  problem: 'badRange' | null;
}

export type RecordsEvent =
  | { type: 'records.filter'; filter: RecordFilter }
  | { type: 'records.page'; page: number }
  | { type: 'records.retry' };

const badRange = (f: RecordFilter) => f.from !== '' && f.to !== '' && f.from > f.to;

/** The last page there is for a result (at least 1). */
export const pagesOf = (r: RecordPage | null) => (r ? Math.max(1, Math.ceil(r.total / r.pageSize)) : 1);

export const recordsMachine = setup({
  types: {} as { context: Context; events: RecordsEvent },
  actors: {
    load: fromPromise<RecordPage, RecordsQuery>(async () => {
      throw new Error('provided at composition');
    }),
  },
  guards: {
    validFilter: ({ event }) => event.type === 'records.filter' && !badRange(event.filter),
    pageExists: ({ context, event }) =>
      event.type === 'records.page' && event.page >= 1 && event.page <= pagesOf(context.result),
  },
}).createMachine({
  id: 'records',
  context: { filter: { kind: '', from: '', to: '' }, page: 1, result: null, problem: null },
  initial: 'loading',
  on: {
    'records.filter': [
      {
        guard: 'validFilter',
        target: '.loading',
        actions: assign({ filter: ({ event }) => event.filter, page: 1, problem: null }),
      },
      { actions: assign({ problem: 'badRange' }) },
    ],
  },
  states: {
    loading: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({
          ...context.filter,
          page: context.page,
          pageSize: RECORD_PAGE_SIZE_DEFAULT,
        }),
        onDone: { target: 'ready', actions: assign({ result: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    ready: {
      on: {
        'records.page': {
          guard: 'pageExists',
          target: 'loading',
          actions: assign({ page: ({ event }) => event.page }),
        },
      },
    },
    failed: { on: { 'records.retry': 'loading' } },
  },
});
