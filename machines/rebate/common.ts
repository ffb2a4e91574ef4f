// Shared pieces of the rebate area's machines (issue 13 §4, §5). Pure: no xstate, no DOM.

/** A coded refusal the page shows itself (31041–31059, 10003), or no answer at all. */
export interface RebateRefusal {
  code: number | string;
  message: string;
}

/** The transport failed (no answer): the page says so; a claim retried keeps its requestId. */
export const NO_ANSWER_CODE = 'noAnswer';

export function refusalOf(error: unknown): RebateRefusal {
  const e = (error ?? {}) as { code?: number | string; message?: string; type?: string };
  return e.type === 'business'
    ? { code: e.code ?? NO_ANSWER_CODE, message: e.message ?? '' }
    : { code: NO_ANSWER_CODE, message: '' };
}

/** A date filter (Asia/Shanghai days, YYYY-MM-DD or ''). */
export interface DateFilter {
  from: string;
  to: string;
}

export const badRange = (f: DateFilter) => f.from !== '' && f.to !== '' && f.from > f.to;

/** The last page there is for a paged answer (at least 1). */
export const lastPage = (r: { total: number; size: number } | null) =>
  r ? Math.max(1, Math.ceil(r.total / r.size)) : 1;

export const REBATE_PAGE = '/mine/rebate';
export const AUDIT_PAGE = '/mine/audit';
export const AUDIT_DETAIL_PAGE = '/mine/infoAudit';
/** The query parameter of /mine/infoAudit naming the requirement (spec §2 /mine/infoAudit?id=…). */
export const AUDIT_ID_PARAM = 'id';
