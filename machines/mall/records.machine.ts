import { assign, fromPromise, setup } from 'xstate';
import type { Paged } from '../../src/protocol/mall.ts';

// A record page of the mall area (issue 13 §6: "each filtered by date and kind, paged"): /mine/mall/record,
// /mine/mall/coinRecord, /mine/record/currencyRecord, /mine/record/welfare. The page is read with the filter; a
// new kind or date range goes back to page 1; paging keeps the filter; the 'coins' push reads it again.

export type RecordsWhich = 'records' | 'coinRecords' | 'currencyRecords' | 'welfareRecords';

export interface RecordsFilter {
  kind: string;
  /** China days, YYYY-MM-DD; '' = open. */
  from: string;
  to: string;
  page: number;
}

export interface RecordsQuery {
  which: RecordsWhich;
  filter: RecordsFilter;
}

interface Context {
  which: RecordsWhich;
  filter: RecordsFilter;
  data: Paged<unknown> | null;
}

export type RecordsEvent =
  | { type: 'records.kind'; kind: string }
  | { type: 'records.range'; from: string; to: string }
  | { type: 'records.page'; page: number }
  | { type: 'records.retry' }
  | { type: 'mall.refresh' };

export const recordsMachine = setup({
  types: {} as { context: Context; events: RecordsEvent; input: { which: RecordsWhich } },
  actors: {
    load: fromPromise<Paged<unknown>, RecordsQuery>(async () => {
      throw new Error('provided at composition');
    }),
  },
  guards: {
    pageExists: ({ context, event }) => {
      if (event.type !== 'records.page' || !context.data) return false;
      const pages = Math.max(1, Math.ceil(context.data.total / context.data.size));
      return event.page >= 1 && event.page <= pages && event.page !== context.filter.page;
    },
  },
}).createMachine({
  id: 'records',
  context: ({ input }) => ({
    which: input.which,
    filter: { kind: 'all', from: '', to: '', page: 1 },
    data: null,
  }),
  initial: 'loading',
  on: {
    'records.kind': {
      target: '.loading',
      actions: assign({ filter: ({ context, event }) => ({ ...context.filter, kind: event.kind, page: 1 }) }),
    },
    'records.range': {
      target: '.loading',
      actions: assign({
        filter: ({ context, event }) => ({ ...context.filter, from: event.from, to: event.to, page: 1 }),
      }),
    },
    'mall.refresh': '.loading',
  },
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ which: context.which, filter: context.filter }),
        onDone: { target: 'shown', actions: assign({ data: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    failed: { on: { 'records.retry': 'loading' } },
    shown: {
      on: {
        'records.page': {
          guard: 'pageExists',
          target: 'loading',
          actions: assign({ filter: ({ context, event }) => ({ ...context.filter, page: event.page }) }),
        },
      },
    },
  },
});
