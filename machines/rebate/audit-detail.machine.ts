import { assign, fromPromise, setup } from 'xstate';
import { CODE } from '../../src/protocol/api.ts';
import {
  REBATE_PAGE_SIZE_DEFAULT,
  type AuditDetail,
  type AuditDetailRequest,
} from '../../src/protocol/rebate.ts';
import { lastPage } from './common.ts';

// One requirement of the audit (issue 13 §5, /mine/infoAudit?id=…): which bets counted toward it and when,
// paged. The page names the requirement (`detail.show`, from its query); an id the server does not know for this
// member (31043: never theirs, or from before the audit started again) is said as such; no id at all too.

interface Context {
  id: string;
  page: number;
  detail: AuditDetail | null;
}

export type AuditDetailEvent =
  { type: 'detail.show'; id: string } | { type: 'detail.page'; page: number } | { type: 'detail.retry' };

const isNotFound = (error: unknown) =>
  (error as { type?: string; code?: number } | null)?.type === 'business' &&
  (error as { code?: number }).code === CODE.auditNotFound;

export const auditDetailMachine = setup({
  types: {} as { context: Context; events: AuditDetailEvent },
  actors: {
    load: fromPromise<AuditDetail, AuditDetailRequest>(async () => {
      throw new Error('provided at composition');
    }),
  },
  guards: {
    hasId: ({ event }) => event.type === 'detail.show' && event.id.trim() !== '',
    notFound: ({ event }) => isNotFound((event as { error?: unknown }).error),
    pageExists: ({ context, event }) =>
      event.type === 'detail.page' && event.page >= 1 && event.page <= lastPage(context.detail),
  },
}).createMachine({
  id: 'auditDetail',
  context: { id: '', page: 1, detail: null },
  initial: 'idle',
  on: {
    'detail.show': [
      {
        guard: 'hasId',
        target: '.loading',
        actions: assign({ id: ({ event }) => event.id.trim(), page: 1, detail: null }),
      },
      { target: '.notFound', actions: assign({ id: '', page: 1, detail: null }) },
    ],
  },
  states: {
    idle: {},
    loading: {
      invoke: {
        id: 'auditDetail.load',
        src: 'load',
        input: ({ context }) => ({ id: context.id, page: context.page, size: REBATE_PAGE_SIZE_DEFAULT }),
        onDone: { target: 'ready', actions: assign({ detail: ({ event }) => event.output }) },
        // 31043 (also after paging: the audit started again meanwhile): what was shown is no longer there.
        onError: [
          { guard: 'notFound', target: 'notFound', actions: assign({ detail: null }) },
          { target: 'failed' },
        ],
      },
    },
    ready: {
      on: {
        'detail.page': {
          guard: 'pageExists',
          target: 'loading',
          actions: assign({ page: ({ event }) => event.page }),
        },
      },
    },
    notFound: {},
    failed: { on: { 'detail.retry': 'loading' } },
  },
});
