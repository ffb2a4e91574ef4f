// Shared pieces of the payout machines (issue 10): what a refusal carries, the fund password rule and the
// withdrawal arithmetic the page shows before confirming. Pure: xstate-free helpers over the protocol.
import {
  FUND_PASSWORD_PATTERN,
  type WithdrawalMethod,
  type WithdrawalOptions,
} from '../../src/protocol/payout.ts';

/** A coded refusal the page shows itself (30001–30099, 10003) with what the server added to it. */
export interface PayoutRefusal {
  code: number | string;
  message: string;
  /** 30042: wrong tries left before the lock. */
  triesLeft: number | null;
  /** 30043: epoch ms the fund password stays locked until. */
  lockedUntil: number | null;
}

/** A coded answer of the server (a BusinessError), as opposed to no answer at all. */
export const isAnswer = (error: unknown): boolean => (error as { type?: string } | null)?.type === 'business';

/** The transport failed (no answer): the page says so and offers a retry. */
export const NO_ANSWER_CODE = 'noAnswer';

export function refusalOf(error: unknown): PayoutRefusal {
  const e = (error ?? {}) as { code?: number | string; message?: string; data?: unknown; type?: string };
  const data = (e.data ?? {}) as { triesLeft?: unknown; lockedUntil?: unknown };
  return {
    code: e.type === 'business' ? (e.code ?? NO_ANSWER_CODE) : NO_ANSWER_CODE,
    message: e.type === 'business' ? (e.message ?? '') : '',
    triesLeft: typeof data.triesLeft === 'number' ? data.triesLeft : null,
    lockedUntil: typeof data.lockedUntil === 'number' ? data.lockedUntil : null,
  };
}

/** issue 10 §3: the fund password is six digits. */
export const isFundPassword = (text: string) => FUND_PASSWORD_PATTERN.test(text);

/** Keeps at most six digits of what the player typed into a fund password field. */
export const cleanFundPassword = (text: string) => text.replace(/\D/g, '').slice(0, 6);

/** The fee of a withdrawal: basis points of the amount, cut, capped (a cap of 0 is no cap). */
export function feeOf(method: WithdrawalMethod, amount: number): number {
  const raw = Number((BigInt(amount) * BigInt(method.feeBp)) / 10_000n);
  return method.feeCap > 0 ? Math.min(raw, method.feeCap) : raw;
}

/** The administrative deduction for outstanding turnover (issue 10 §3), when the site deducts. */
export function deductionOf(options: Pick<WithdrawalOptions, 'audit'>, amount: number): number {
  const a = options.audit;
  if (a.outstanding <= 0 || a.policy !== 'deduct') return 0;
  return Number((BigInt(amount) * BigInt(a.deductionBp)) / 10_000n);
}

/** The largest amount allowed now ("最高", issue 10 §3): min(available, the method's max, today's amount left). */
export function maxAmount(options: WithdrawalOptions, method: WithdrawalMethod | null): number {
  if (!method) return 0;
  return Math.max(0, Math.min(options.available, method.max, options.today.amountLeft));
}

/** micro-USDT of a payout in fen at a rate of fen per USDT (cut). */
export function usdtMicroOf(payoutFen: number, rateFenPerUsdt: number): number {
  if (rateFenPerUsdt <= 0) return 0;
  return Number((BigInt(payoutFen) * 1_000_000n) / BigInt(rateFenPerUsdt));
}
