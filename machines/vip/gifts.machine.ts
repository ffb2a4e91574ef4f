import { assign, fromPromise, setup } from 'xstate';
import { VIP_GIFT_PAGE_SIZE, type VipGiftList, type VipGiftQuery } from '../../src/protocol/vip.ts';
import { badRange, lastPage, type GiftFilter } from './common.ts';

// The gift record (issue 13 §6, /mine/record/giftRecord): the VIP gifts paid to the member, newest first,
// filtered by day range and kind and paged. A range that ends before it starts is not asked for (the page says
// why); a page that does not exist is not asked for.

interface Context {
  list: VipGiftList | null;
  filter: GiftFilter;
  page: number;
  problem: 'badRange' | null;
}

export type GiftsEvent =
  | { type: 'gifts.filter'; filter: GiftFilter }
  | { type: 'gifts.page'; page: number }
  | { type: 'gifts.retry' };

/** What the list call asks for. */
export const giftQuery = (c: Pick<Context, 'filter' | 'page'>): VipGiftQuery => ({
  ...(c.filter.from ? { from: c.filter.from } : {}),
  ...(c.filter.to ? { to: c.filter.to } : {}),
  ...(c.filter.kind ? { kind: c.filter.kind } : {}),
  page: c.page,
  size: VIP_GIFT_PAGE_SIZE,
});

export const giftsMachine = setup({
  types: {} as { context: Context; events: GiftsEvent },
  actors: {
    load: fromPromise<VipGiftList, VipGiftQuery>(async () => {
      throw new Error('provided at composition');
    }),
  },
  guards: {
    validFilter: ({ event }) => event.type === 'gifts.filter' && !badRange(event.filter),
    pageExists: ({ context, event }) =>
      event.type === 'gifts.page' && event.page >= 1 && event.page <= lastPage(context.list),
  },
}).createMachine({
  id: 'gifts',
  context: { list: null, filter: { from: '', to: '', kind: '' }, page: 1, problem: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'gifts.load',
        src: 'load',
        input: ({ context }) => giftQuery(context),
        onDone: { target: 'ready', actions: assign({ list: ({ event }) => event.output }) },
        onError: 'loadFailed',
      },
    },
    loadFailed: { on: { 'gifts.retry': 'loading' } },
    ready: {
      on: {
        'gifts.filter': [
          {
            guard: 'validFilter',
            target: 'loading',
            actions: assign({ filter: ({ event }) => event.filter, page: 1, problem: null }),
          },
          { actions: assign({ problem: 'badRange' }) },
        ],
        'gifts.page': {
          guard: 'pageExists',
          target: 'loading',
          actions: assign({ page: ({ event }) => event.page, problem: null }),
        },
      },
    },
  },
});
