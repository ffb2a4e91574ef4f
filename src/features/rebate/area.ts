import { assign, fromPromise } from 'xstate';
import { auditDetailMachine } from '../../../machines/rebate/audit-detail.machine.ts';
import { auditMachine } from '../../../machines/rebate/audit.machine.ts';
import { AUDIT_DETAIL_PAGE, AUDIT_PAGE, REBATE_PAGE } from '../../../machines/rebate/common.ts';
import { rebateAreaMachine } from '../../../machines/rebate/rebate-area.machine.ts';
import { rebateMachine } from '../../../machines/rebate/rebate.machine.ts';
import {
  claimRebate,
  fetchAudit,
  fetchAuditDetail,
  fetchRebateHistory,
  fetchRebateSummary,
} from '../../api/rebate/rebate.ts';
import type { AreaModule } from '../../app/area-module.ts';
import { AuditDetailPage } from './audit-detail-page.tsx';
import { AuditPage } from './audit-page.tsx';
import { RebatePage } from './rebate-page.tsx';
import './rebate.css';

/** A caller-made request id (the idempotency key of a claim, docs/api.md "Member centre"). */
const newRequestId = () => crypto.randomUUID();

// The rebate area (issue 13 §4, §5; docs/rebate.md): rebate (返水) and the turnover audit — its pages and its actor
// (the page's flow as a child, effects bound to src/api).
export const area: AreaModule = {
  pages: {
    [REBATE_PAGE]: RebatePage,
    [AUDIT_PAGE]: AuditPage,
    [AUDIT_DETAIL_PAGE]: AuditDetailPage,
  },
  actor: {
    logic: rebateAreaMachine.provide({
      actors: {
        rebate: rebateMachine.provide({
          actors: {
            load: fromPromise(async ({ input }) => {
              const [summary, history] = await Promise.all([fetchRebateSummary(), fetchRebateHistory(input)]);
              return { summary, history };
            }),
            readHistory: fromPromise(({ input }) => fetchRebateHistory(input)),
            claim: fromPromise(({ input }) => claimRebate(input.requestId)),
          },
          actions: { mintRequestId: assign({ requestId: () => newRequestId() }) },
        }),
        audit: auditMachine.provide({ actors: { load: fromPromise(() => fetchAudit()) } }),
        auditDetail: auditDetailMachine.provide({
          actors: { load: fromPromise(({ input }) => fetchAuditDetail(input)) },
        }),
      },
    }),
    input: (path) => ({ path }),
  },
};
