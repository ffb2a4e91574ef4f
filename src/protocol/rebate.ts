// Rebate (返水) and the turnover audit (issue 13 §4, §5; docs/rebate.md, docs/api.md "Member centre"): the wire
// shapes both sides share. Amounts are integer fen; rates are basis points. Pure types and constants.

import type { Platform } from './venues.ts';

export const REBATE_PATH = {
  /** GET: what is claimable now per category, the cap and the minimum. */
  summary: '/site/api/v1/rebate/summary',
  /** POST { requestId }: claim everything claimable now (31041 nothing / below the minimum, 31042 cap used up). */
  claim: '/site/api/v1/rebate/claim',
  /** POST { from?, to?, page?, size? }: the rebate payments, newest first. */
  history: '/site/api/v1/rebate/history',
  /** GET: the turnover audit, one row per requirement. */
  audit: '/site/api/v1/rebate/audit',
  /** POST { id, page?, size? }: one requirement and the bets that counted toward it (31043 unknown). */
  auditDetail: '/site/api/v1/rebate/audit/detail',
} as const;

/** A page of a list: the default and the largest size. */
export const REBATE_PAGE_SIZE_DEFAULT = 10;
export const REBATE_PAGE_SIZE_MAX = 50;

/** One category's line: valid bet not rebated yet, the member's rate and the rebate (floored to the fen). */
export interface RebateLine {
  platform: Platform;
  validBet: number;
  rateBp: number;
  amount: number;
}

export interface RebateSummary {
  /** The member's VIP level, whose rates apply. */
  level: number;
  /** Every category, in PLATFORMS order (a category without bets has validBet 0). */
  lines: RebateLine[];
  /** Sum of the lines' amounts. */
  total: number;
  /** The smallest claim (fen). */
  minimum: number;
  /** Today's cap (Asia/Shanghai day, fen), what was paid today and what is left. */
  cap: number;
  paidToday: number;
  capLeft: number;
  /** What a claim now would pay: min(total, capLeft), or 0 when total is below the minimum. */
  payable: number;
}

export type RebateSource = 'claim' | 'auto';

export interface RebatePayment {
  id: string;
  /** 'claim': the player claimed it; 'auto': the end-of-day job paid it. */
  source: RebateSource;
  /** The settlement times of the bets it covers (ISO), the period. */
  periodFrom: string;
  periodTo: string;
  level: number;
  validBet: number;
  /** The rebate computed before the cap, and what was paid (less when the day's cap cut it). */
  computed: number;
  amount: number;
  lines: RebateLine[];
  createdAt: string;
}

export interface RebateClaimRequest {
  /** The caller-made id: the same id answers the same payment. */
  requestId: string;
}

export interface RebateHistoryRequest {
  /** YYYY-MM-DD (Asia/Shanghai), inclusive. */
  from?: string;
  to?: string;
  page?: number;
  size?: number;
}

export interface RebateHistory {
  items: RebatePayment[];
  total: number;
  page: number;
  size: number;
}

/** One turnover requirement of the current audit (a credited deposit and its bonus). */
export interface AuditRequirement {
  /** The deposit order's id. */
  id: string;
  kind: 'deposit';
  createdAt: string;
  /** The deposit's amount and multiple, its bonus and the bonus multiple. */
  amount: number;
  multiple: number;
  bonus: number;
  bonusMultiple: number;
  /** amount × multiple + bonus × bonusMultiple. */
  required: number;
  /** Valid bet allocated to it (oldest requirement first). */
  counted: number;
  met: boolean;
}

export interface AuditView {
  items: AuditRequirement[];
  /** The audit's totals (equal to the withdrawal audit: sum of required; done = all valid bet since the start). */
  required: number;
  done: number;
  /** Still missing: max(0, required - done). */
  outstanding: number;
  /** When the current audit started (null: since the first deposit). */
  since: string | null;
  /** What a withdrawal would meet now. */
  policy: 'refuse' | 'deduct';
  deductionBp: number;
  /** The central wallet's available balance, and the deduction a withdrawal of all of it would cost now. */
  available: number;
  deduction: number;
}

export interface AuditDetailRequest {
  id: string;
  page?: number;
  size?: number;
}

/** A bet that counted toward a requirement, and how much of it. */
export interface AuditBet {
  venue: string;
  betId: string;
  settledAt: string;
  amount: number;
  /** The part of the bet counted toward this requirement. */
  counted: number;
}

export interface AuditDetail {
  requirement: AuditRequirement;
  bets: AuditBet[];
  total: number;
  page: number;
  size: number;
}
