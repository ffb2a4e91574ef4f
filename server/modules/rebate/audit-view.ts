import { CODE } from '../../../src/protocol/api.ts';
import {
  REBATE_PAGE_SIZE_DEFAULT,
  type AuditBet,
  type AuditDetail,
  type AuditRequirement,
  type AuditView,
} from '../../../src/protocol/rebate.ts';
import type { Queryable } from '../../db/db.ts';
import { ApiError } from '../../http/envelope.ts';
import { balanceOf } from '../ledger/ledger.ts';
import { readSiteConfig } from '../site/config.ts';
import { auditOf } from '../withdrawal/audit.ts';
import { selectAuditStart } from '../withdrawal/repository.ts';
import { REBATE_MESSAGE } from './messages.ts';

// The turnover audit as the player reads it (issue 13 §5; docs/rebate.md "The audit"). The totals are the
// withdrawal module's (`auditOf`, never changed here); this module splits them into rows:
//
// - The rows: the requirements of the current audit (deposit_turnover of the deposits credited since the audit
//   last started, `selectAuditStart`), oldest first (created_at, then the order id).
// - Allocation: the valid bets since the start, in settlement order (settled_at, then id), fill the requirements
//   oldest first: with R(i) the requirements' running total, requirement i counts
//   clamp(done − R(i−1), 0, required(i)). So Σ required = auditOf.required and Σ counted = min(done, required),
//   and required − Σ counted = auditOf.outstanding. A bet that straddles two requirements counts partly in each.
// - Bonuses and rewards: a deposit's bonus turnover is part of its row (bonus × bonus multiple). Rewards paid from
//   the promotions account (VIP, rebate, mall) carry no turnover requirement on this site: there are no such rows.

interface RequirementRow {
  order_id: string;
  required: string | number;
  created_at: Date | string;
  amount: string | number;
  bonus: string | number;
  turnover_multiple: number;
  bonus_turnover_multiple: number;
}

async function currentAudit(q: Queryable, memberId: number) {
  const config = await readSiteConfig(q);
  const totals = await auditOf(q, memberId, config);
  const since = await selectAuditStart(q, memberId, config.withdrawalAuditResetBelowFen);
  const { rows } = await q.query<RequirementRow>(
    `SELECT t.order_id, t.required, t.created_at, o.amount, o.bonus, o.turnover_multiple, o.bonus_turnover_multiple
       FROM deposit_turnover t JOIN deposit_orders o ON o.id = t.order_id
      WHERE t.member_id = $1 AND ($2::timestamptz IS NULL OR t.created_at > $2)
      ORDER BY t.created_at, t.order_id`,
    [memberId, since?.toISOString() ?? null],
  );
  let before = 0;
  const items = rows.map((r): AuditRequirement & { before: number } => {
    const required = Number(r.required);
    const counted = Math.min(Math.max(totals.done - before, 0), required);
    const row = {
      id: r.order_id,
      kind: 'deposit' as const,
      createdAt: new Date(r.created_at).toISOString(),
      amount: Number(r.amount),
      multiple: Number(r.turnover_multiple),
      bonus: Number(r.bonus),
      bonusMultiple: Number(r.bonus_turnover_multiple),
      required,
      counted,
      met: counted >= required,
      before,
    };
    before += required;
    return row;
  });
  return { totals, since, items };
}

const strip = ({ before: _before, ...rest }: AuditRequirement & { before: number }): AuditRequirement => rest;

/** /mine/audit: every requirement, the total still missing, what a withdrawal would cost now. */
export async function auditView(q: Queryable, memberId: number): Promise<AuditView> {
  const { totals, since, items } = await currentAudit(q, memberId);
  const { available } = await balanceOf(q, { memberId, kind: 'central' });
  const deduction =
    totals.outstanding > 0 && totals.policy === 'deduct'
      ? Number((BigInt(available) * BigInt(totals.deductionBp)) / 10_000n)
      : 0;
  return {
    items: items.map(strip),
    required: totals.required,
    done: totals.done,
    outstanding: totals.outstanding,
    since: since?.toISOString() ?? null,
    policy: totals.policy,
    deductionBp: totals.deductionBp,
    available,
    deduction,
  };
}

/** /mine/infoAudit: one requirement and the bets that counted toward it (settlement order, paged). 31043. */
export async function auditDetail(
  q: Queryable,
  memberId: number,
  req: { id: string; page?: number; size?: number },
): Promise<AuditDetail> {
  const page = req.page ?? 1;
  const size = req.size ?? REBATE_PAGE_SIZE_DEFAULT;
  const { since, items } = await currentAudit(q, memberId);
  const row = items.find((i) => i.id === req.id);
  if (!row) throw new ApiError(CODE.auditNotFound, REBATE_MESSAGE.auditNotFound);
  const lo = row.before;
  const hi = row.before + row.required;
  const window = `WITH run AS (
       SELECT venue, bet_id, settled_at, amount, id,
              sum(amount) OVER (ORDER BY settled_at, id) AS cum_end
         FROM valid_bets WHERE member_id = $1 AND ($2::timestamptz IS NULL OR settled_at > $2)
     ), hit AS (
       SELECT *, cum_end - amount AS cum_start FROM run
        WHERE $4::numeric > $3::numeric AND cum_end - amount < $4::numeric AND cum_end > $3::numeric
     )`;
  const params = [memberId, since?.toISOString() ?? null, lo, hi];
  const { rows } = await q.query<{
    venue: string;
    bet_id: string;
    settled_at: Date | string;
    amount: string | number;
    cum_start: string | number;
    cum_end: string | number;
  }>(
    `${window} SELECT venue, bet_id, settled_at, amount, cum_start, cum_end FROM hit ORDER BY settled_at, id LIMIT $5 OFFSET $6`,
    [...params, size, (page - 1) * size],
  );
  const count = await q.query<{ n: string | number }>(`${window} SELECT count(*) AS n FROM hit`, params);
  const bets: AuditBet[] = rows.map((b) => ({
    venue: b.venue,
    betId: b.bet_id,
    settledAt: new Date(b.settled_at).toISOString(),
    amount: Number(b.amount),
    counted: Math.min(Number(b.cum_end), hi) - Math.max(Number(b.cum_start), lo),
  }));
  return { requirement: strip(row), bets, total: Number(count.rows[0]!.n), page, size };
}
