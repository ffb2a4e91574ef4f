import { assign, sendTo, setup } from 'xstate';
import type { AreaEvent, AreaInput } from '../area.ts';
import { GIFT_RECORD_PAGE, VIP_DETAILS_PAGE, VIP_PAGE } from './common.ts';
import { giftsMachine } from './gifts.machine.ts';
import { vipMachine } from './vip.machine.ts';

// The VIP area's actor (issue 13 §3): it runs the flow of the page the player is on as its child — 'vip' on
// /mine/vip and /mine/vip/details (the table marks the member's level), 'gifts' on /mine/record/giftRecord — and
// hands a 'vip' push (the socket's member change: the level changed) to the status flow.

interface Context {
  path: string;
}

export type VipAreaEvent = AreaEvent | { type: 'vip.pushed' };

export const vipAreaMachine = setup({
  types: {} as { context: Context; events: VipAreaEvent; input: AreaInput },
  actors: { vip: vipMachine, gifts: giftsMachine },
  guards: {
    onStatus: ({ context }) => context.path === VIP_PAGE || context.path === VIP_DETAILS_PAGE,
    onGifts: ({ context }) => context.path === GIFT_RECORD_PAGE,
    moved: ({ context, event }) => event.type === 'route.changed' && event.path !== context.path,
  },
}).createMachine({
  id: 'vipArea',
  context: ({ input }) => ({ path: input.path }),
  initial: 'deciding',
  on: {
    'route.changed': {
      guard: 'moved',
      target: '.deciding',
      actions: assign({ path: ({ event }) => event.path }),
    },
  },
  states: {
    deciding: {
      always: [
        { guard: 'onStatus', target: 'status' },
        { guard: 'onGifts', target: 'gifts' },
        { target: 'elsewhere' },
      ],
    },
    status: {
      invoke: { id: 'vip', src: 'vip' },
      on: { 'vip.pushed': { actions: sendTo('vip', { type: 'vip.pushed' }) } },
    },
    gifts: { invoke: { id: 'gifts', src: 'gifts' } },
    elsewhere: {},
  },
});
