import { assign, sendTo, setup } from 'xstate';
import type { AreaEvent, AreaInput } from '../area.ts';
import { auditDetailMachine } from './audit-detail.machine.ts';
import { auditMachine } from './audit.machine.ts';
import { AUDIT_DETAIL_PAGE, AUDIT_PAGE, REBATE_PAGE } from './common.ts';
import { rebateMachine } from './rebate.machine.ts';

// The rebate area's actor (issue 13 §4, §5): it runs the flow of the page the player is on as its child —
// 'rebate' (/mine/rebate), 'audit' (/mine/audit), 'auditDetail' (/mine/infoAudit) — and hands the page's events
// to it: a rebate push (the socket's member change, topic 'rebate') reaches the rebate page's flow.

interface Context {
  path: string;
}

export type RebateAreaEvent = AreaEvent | { type: 'rebate.pushed' };

export const rebateAreaMachine = setup({
  types: {} as { context: Context; events: RebateAreaEvent; input: AreaInput },
  actors: { rebate: rebateMachine, audit: auditMachine, auditDetail: auditDetailMachine },
  guards: {
    onRebate: ({ context }) => context.path === REBATE_PAGE,
    onAudit: ({ context }) => context.path === AUDIT_PAGE,
    onDetail: ({ context }) => context.path === AUDIT_DETAIL_PAGE,
    moved: ({ context, event }) => event.type === 'route.changed' && event.path !== context.path,
  },
}).createMachine({
  id: 'rebateArea',
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
        { guard: 'onRebate', target: 'rebate' },
        { guard: 'onAudit', target: 'audit' },
        { guard: 'onDetail', target: 'auditDetail' },
        { target: 'elsewhere' },
      ],
    },
    rebate: {
      invoke: { id: 'rebate', src: 'rebate' },
      on: { 'rebate.pushed': { actions: sendTo('rebate', { type: 'rebate.pushed' }) } },
    },
    audit: { invoke: { id: 'audit', src: 'audit' } },
    auditDetail: { invoke: { id: 'auditDetail', src: 'auditDetail' } },
    elsewhere: {},
  },
});
