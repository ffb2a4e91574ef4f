import type { TurnoverAudit } from '../../../src/protocol/payout.ts';
import type { Queryable } from '../../db/db.ts';
import type { SiteConfig } from '../site/config.ts';
import { insertValidBet, insertValidBets, selectAuditStart, selectTurnoverSums } from './repository.ts';

// The turnover audit (issue 10 §3; docs/withdrawals.md "The audit").
//
// - Required: the sum of `deposit_turnover.required` (each credited deposit: amount × multiple + bonus × the
//   bonus multiple, migration 007) of the deposits credited since the audit last started.
// - Done: the sum of valid bets (`valid_bets`, migration 012) settled since then. The venues issue posts them
//   with `recordValidBet`; until venues exist the table is empty and `done` is 0.
// - The audit starts again (everything before it stops counting, both sides) after
//   · a paid withdrawal that had no turnover outstanding when it was made, and
//   · the member's whole balance (central, venues, bonus, locked) falling below `withdrawalAuditResetBelowFen`
//     (default ¥10.00): the player lost what the requirement was about.
//   Both are read from the data (the withdrawals, the ledger's entries), never kept as a separate counter.

/** The audit of a member now, under the site configuration's policy. */
export async function auditOf(q: Queryable, memberId: number, config: SiteConfig): Promise<TurnoverAudit> {
  const since = await selectAuditStart(q, memberId, config.withdrawalAuditResetBelowFen);
  const { required, done } = await selectTurnoverSums(q, memberId, since);
  return {
    required,
    done,
    outstanding: Math.max(0, required - done),
    policy: config.withdrawalAuditPolicy === 'deduct' ? 'deduct' : 'refuse',
    deductionBp: Math.min(Math.max(config.withdrawalDeductionBp, 0), 10_000),
  };
}

/**
 * For the venues issue: a settled bet's valid amount (fen) counts towards the member's turnover, once per
 * (venue, betId) however often it is posted. Answers whether it was new.
 */
export async function recordValidBet(
  q: Queryable,
  bet: { memberId: number; venue: string; betId: string; amount: number; settledAt?: Date },
): Promise<boolean> {
  if (!Number.isSafeInteger(bet.amount) || bet.amount <= 0)
    throw new Error('a valid bet is a positive fen amount');
  return insertValidBet(q, bet);
}

/** recordValidBet for many settled bets at once (a live table's draw): one statement, each bet once. */
export async function recordValidBets(
  q: Queryable,
  bets: ReadonlyArray<{ memberId: number; venue: string; betId: string; amount: number }>,
): Promise<number> {
  for (const b of bets)
    if (!Number.isSafeInteger(b.amount) || b.amount <= 0)
      throw new Error('a valid bet is a positive fen amount');
  return insertValidBets(q, bets);
}
