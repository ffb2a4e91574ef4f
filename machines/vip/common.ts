// Shared pieces of the VIP area's machines (issue 13 §3). Pure: no xstate, no DOM.

/** A coded refusal the page shows itself (31021 not due, 31022 paid already, 10003), or no answer at all. */
export interface VipRefusal {
  code: number | string;
  message: string;
}

/** The transport failed (no answer): the page says so; the status is read again to learn what happened. */
export const NO_ANSWER_CODE = 'noAnswer';
/** 31022: the reward was paid already (src/protocol/api.ts CODE.vipRewardClaimed). */
export const CLAIMED_CODE = 31022;

export function refusalOf(error: unknown): VipRefusal {
  const e = (error ?? {}) as { code?: number | string; message?: string; type?: string };
  return e.type === 'business'
    ? { code: e.code ?? NO_ANSWER_CODE, message: e.message ?? '' }
    : { code: NO_ANSWER_CODE, message: '' };
}

/** The gift record's filter: Asia/Shanghai days (YYYY-MM-DD or '') and a kind ('' = every kind). */
export interface GiftFilter {
  from: string;
  to: string;
  kind: '' | 'upgrade' | 'birthday' | 'monthly';
}

export const badRange = (f: Pick<GiftFilter, 'from' | 'to'>) => f.from !== '' && f.to !== '' && f.from > f.to;

/** The last page there is for a paged answer (at least 1). */
export const lastPage = (r: { total: number; size: number } | null) =>
  r ? Math.max(1, Math.ceil(r.total / r.size)) : 1;

export const VIP_PAGE = '/mine/vip';
export const VIP_DETAILS_PAGE = '/mine/vip/details';
export const GIFT_RECORD_PAGE = '/mine/record/giftRecord';
