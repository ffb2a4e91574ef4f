// Rebate and the turnover audit (issue 13 §4, §5; docs/api.md "Member centre"): amounts in fen; the claim carries
// the caller-made requestId the rebate machine keeps until the answer.
import { CODE } from '../../protocol/api.ts';
import {
  REBATE_PATH,
  type AuditDetail,
  type AuditDetailRequest,
  type AuditView,
  type RebateHistory,
  type RebateHistoryRequest,
  type RebatePayment,
  type RebateSummary,
} from '../../protocol/rebate.ts';
import { apiGet, apiPost, type ApiCallConfig } from '../client.ts';

/** The rebate pages show their own refusals (31041–31059 and 10003); every other code reaches the app's catalogue. */
const ownErrors: ApiCallConfig = {
  handles: (e) =>
    e.type === 'business' &&
    ((typeof e.code === 'number' && e.code >= 31041 && e.code <= 31059) || e.code === CODE.validation),
};

export const fetchRebateSummary = () => apiGet<RebateSummary>(REBATE_PATH.summary);
export const fetchRebateHistory = (req: RebateHistoryRequest) =>
  apiPost<RebateHistory>(REBATE_PATH.history, req);
export const claimRebate = (requestId: string) =>
  apiPost<RebatePayment>(REBATE_PATH.claim, { requestId }, ownErrors);
export const fetchAudit = () => apiGet<AuditView>(REBATE_PATH.audit);
export const fetchAuditDetail = (req: AuditDetailRequest) =>
  apiPost<AuditDetail>(REBATE_PATH.auditDetail, req, ownErrors);
