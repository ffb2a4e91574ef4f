import { assign, fromPromise, setup } from 'xstate';
import type { AuditView } from '../../src/protocol/rebate.ts';

// The turnover audit page (issue 13 §5, /mine/audit): every requirement with its multiple, required and counted
// valid bet, met or not, the total missing and what a withdrawal would cost now. Read on entry, again on
// `audit.reload` (the page's refresh button), retried after a failure.

interface Context {
  view: AuditView | null;
}

export type AuditEvent = { type: 'audit.reload' } | { type: 'audit.retry' };

export const auditMachine = setup({
  types: {} as { context: Context; events: AuditEvent },
  actors: {
    load: fromPromise<AuditView>(async () => {
      throw new Error('provided at composition');
    }),
  },
}).createMachine({
  id: 'audit',
  context: { view: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'audit.load',
        src: 'load',
        onDone: { target: 'ready', actions: assign({ view: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    ready: { on: { 'audit.reload': 'loading' } },
    failed: { on: { 'audit.retry': 'loading' } },
  },
});
