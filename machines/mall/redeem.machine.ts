import { assign, fromPromise, setup } from 'xstate';
import type { MallItem, MallOverview, Redemption, RedeemRequest } from '../../src/protocol/mall.ts';

// The mall's redeem flow (issue 13 §6, /mine/currency): the list is read (coins, VIP level, items); the player
// chooses an item → confirms → the redemption is pending → done, refused (31061, 31063–31065 and others, shown with
// the server's words), or sold out (31062). The request id is made when the player confirms and kept until an
// answer: asking again after no answer sends the same id (the server redeems once per id, issue 13 §6
// "redeeming is idempotent"); a new confirmation gets a new one. The 'coins' push (mall.refresh) and every
// finished redemption read the list again.

/** Codes of the mall (src/protocol/api.ts CODE, issue 13 block). */
export const SOLD_OUT_CODE = 31062;

export interface MallRefusal {
  /** A server code, or 'noAnswer' when nothing came back. */
  code: number | 'noAnswer';
  message: string;
}

/** Why an item cannot be chosen now, as the page shows it (the server checks it again). */
export type Blocked = 'soldOut' | 'limit' | 'vip' | 'coins' | null;

export function blockedOf(item: MallItem, overview: Pick<MallOverview, 'coins' | 'vipLevel'>): Blocked {
  if (item.stock <= 0) return 'soldOut';
  if (item.redeemed >= item.limit) return 'limit';
  if (overview.vipLevel < item.vipMin) return 'vip';
  if (overview.coins < item.price) return 'coins';
  return null;
}

interface Context {
  overview: MallOverview | null;
  chosen: MallItem | null;
  requestId: string | null;
  done: Redemption | null;
  refusal: MallRefusal | null;
}

export type RedeemEvent =
  | { type: 'mall.choose'; itemId: string }
  | { type: 'mall.cancel' }
  | { type: 'mall.confirm' }
  | { type: 'mall.retry' }
  | { type: 'mall.close' }
  | { type: 'mall.refresh' };

const refusalOf = (error: unknown): MallRefusal => {
  const e = (error ?? {}) as { type?: string; code?: number; message?: string };
  return e.type === 'business' && typeof e.code === 'number'
    ? { code: e.code, message: e.message ?? '' }
    : { code: 'noAnswer', message: '' };
};

export const redeemMachine = setup({
  types: {} as { context: Context; events: RedeemEvent },
  actors: {
    load: fromPromise<MallOverview>(async () => {
      throw new Error('provided at composition');
    }),
    redeem: fromPromise<Redemption, RedeemRequest>(async () => {
      throw new Error('provided at composition');
    }),
  },
  actions: {
    /** Makes a new request id (crypto.randomUUID at composition). */
    mintRequestId: assign({ requestId: () => 'provided-at-composition' }),
  },
  guards: {
    choosable: ({ context, event }) => {
      if (event.type !== 'mall.choose' || !context.overview) return false;
      const item = context.overview.items.find((i) => i.id === event.itemId);
      return item !== undefined && blockedOf(item, context.overview) === null;
    },
    soldOut: ({ event }) => refusalOf((event as { error?: unknown }).error).code === SOLD_OUT_CODE,
    noAnswer: ({ context }) => context.refusal?.code === 'noAnswer',
  },
}).createMachine({
  id: 'redeem',
  context: { overview: null, chosen: null, requestId: null, done: null, refusal: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'browsing', actions: assign({ overview: ({ event }) => event.output }) },
        onError: 'loadFailed',
      },
    },
    loadFailed: { on: { 'mall.retry': 'loading', 'mall.refresh': 'loading' } },
    browsing: {
      on: {
        'mall.choose': {
          guard: 'choosable',
          target: 'confirming',
          actions: assign({
            chosen: ({ context, event }) => context.overview!.items.find((i) => i.id === event.itemId)!,
            refusal: null,
            done: null,
          }),
        },
        'mall.refresh': 'loading',
      },
    },
    confirming: {
      on: {
        'mall.confirm': { target: 'pending', actions: 'mintRequestId' },
        'mall.cancel': { target: 'browsing', actions: assign({ chosen: null }) },
      },
    },
    pending: {
      invoke: {
        id: 'redeem',
        src: 'redeem',
        input: ({ context }) => ({ requestId: context.requestId!, itemId: context.chosen!.id }),
        onDone: {
          target: 'done',
          actions: assign({
            done: ({ event }) => event.output,
            overview: ({ context, event }) =>
              context.overview && { ...context.overview, coins: event.output.coinsAfter },
          }),
        },
        onError: [
          {
            guard: 'soldOut',
            target: 'soldOut',
            actions: assign({ refusal: ({ event }) => refusalOf(event.error) }),
          },
          { target: 'refused', actions: assign({ refusal: ({ event }) => refusalOf(event.error) }) },
        ],
      },
    },
    refused: {
      on: {
        // Only after no answer: the same request id again (the server redeems it once).
        'mall.retry': { guard: 'noAnswer', target: 'pending' },
        'mall.close': { target: 'loading', actions: assign({ chosen: null, requestId: null }) },
      },
    },
    soldOut: {
      on: { 'mall.close': { target: 'loading', actions: assign({ chosen: null, requestId: null }) } },
    },
    done: {
      on: { 'mall.close': { target: 'loading', actions: assign({ chosen: null, requestId: null }) } },
    },
  },
});
