import { assign, sendTo, setup } from 'xstate';
import type { AreaEvent, AreaInput } from '../area.ts';
import { MALL_PAGE_PATHS, RECORDS_OF } from './paths.ts';
import { recordsMachine } from './records.machine.ts';
import { redeemMachine } from './redeem.machine.ts';

// The mall area's actor (issue 13 §6): on /mine/currency it runs the redeem flow as its child 'redeem', on the
// four record pages the records flow as 'records' (with which record the path names). The 'coins' push
// (mall.refresh, sent by the page when the socket's last coins push changes) is handed to the child.

interface Context {
  path: string;
}

export type MallAreaEvent = AreaEvent | { type: 'mall.refresh' };

export const mallMachine = setup({
  types: {} as { context: Context; events: MallAreaEvent; input: AreaInput },
  actors: { redeem: redeemMachine, records: recordsMachine },
  guards: {
    onCurrency: ({ context }) => context.path === MALL_PAGE_PATHS.currency,
    onRecords: ({ context }) => context.path in RECORDS_OF,
    moved: ({ context, event }) => event.type === 'route.changed' && event.path !== context.path,
  },
}).createMachine({
  id: 'mall',
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
        { guard: 'onCurrency', target: 'currency' },
        { guard: 'onRecords', target: 'records' },
        { target: 'elsewhere' },
      ],
    },
    currency: {
      invoke: { id: 'redeem', src: 'redeem' },
      on: { 'mall.refresh': { actions: sendTo('redeem', { type: 'mall.refresh' }) } },
    },
    records: {
      invoke: {
        id: 'records',
        src: 'records',
        input: ({ context }) => ({ which: RECORDS_OF[context.path]! }),
      },
      on: { 'mall.refresh': { actions: sendTo('records', { type: 'mall.refresh' }) } },
    },
    elsewhere: {},
  },
});
