import { FEN_PER_YUAN } from '../../../src/protocol/money.ts';
import { KEEP_WINDOW_DAYS, VIP_MAX_LEVEL, vipLevel, type VipStatus } from '../../../src/protocol/vip.ts';
import type { Queryable } from '../../db/db.ts';

// A member's VIP standing, read from the data (issue 13 §3; docs/vip.md "Measures"):
// - deposit: the sum of credited deposits (`deposit_orders` in state 'paid', their amount);
// - validBet: the sum of settled valid bets (`valid_bets`) plus the extra credit of `vip_growth` (the mall's
//   "VIP experience"); both only grow;
// - keep: valid bets settled within the last KEEP_WINDOW_DAYS (vip_growth does not count there).
// The level is `members.vip_level` as last computed (levels.ts moves it); reading never changes anything.

const DAY_MS = 86_400_000;

export interface VipMeasures {
  level: number;
  deposit: number;
  validBet: number;
  keepValidBet: number;
}

const toInt = (v: unknown) => Number(v ?? 0);

/** The level and the three measures of a member (fen), at `now`. Null when there is no such member. */
export async function vipMeasuresOf(
  q: Queryable,
  memberId: number,
  now: Date = new Date(),
): Promise<VipMeasures | null> {
  const since = new Date(now.getTime() - KEEP_WINDOW_DAYS * DAY_MS);
  const { rows } = await q.query<{
    level: number;
    deposit: string | number | null;
    bets: string | number | null;
    growth: string | number | null;
    keep: string | number | null;
  }>(
    `SELECT m.vip_level AS level,
            (SELECT sum(d.amount) FROM deposit_orders d WHERE d.member_id = m.id AND d.state = 'paid') AS deposit,
            (SELECT sum(b.amount) FROM valid_bets b WHERE b.member_id = m.id) AS bets,
            (SELECT sum(g.amount) FROM vip_growth g WHERE g.member_id = m.id) AS growth,
            (SELECT sum(b.amount) FROM valid_bets b
              WHERE b.member_id = m.id AND date_trunc('milliseconds', b.settled_at) > $2
                AND date_trunc('milliseconds', b.settled_at) <= $3) AS keep
       FROM members m WHERE m.id = $1`,
    [memberId, since, now],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    level: Math.min(Math.max(toInt(r.level), 0), VIP_MAX_LEVEL),
    deposit: toInt(r.deposit),
    validBet: toInt(r.bets) + toInt(r.growth),
    keepValidBet: toInt(r.keep),
  };
}

/** The VipStatus of measures (the thresholds of the next level, the keep requirement of the current one). */
export function statusOfMeasures(m: VipMeasures): VipStatus {
  const nextRow = m.level < VIP_MAX_LEVEL ? vipLevel(m.level + 1) : null;
  return {
    level: m.level,
    deposit: m.deposit,
    validBet: m.validBet,
    next: nextRow
      ? {
          level: nextRow.level,
          deposit: nextRow.depositYuan * FEN_PER_YUAN,
          validBet: nextRow.validBetYuan * FEN_PER_YUAN,
        }
      : null,
    keep: { validBet: m.keepValidBet, required: vipLevel(m.level).keepValidBetYuan * FEN_PER_YUAN },
  };
}

/**
 * A member's VIP standing (the contract with /mine and /mine/vip). Amounts in fen. An unknown member reads as
 * VIP0 with nothing counted.
 */
export async function vipStatusOf(
  q: Queryable,
  memberId: number,
  now: Date = new Date(),
): Promise<VipStatus> {
  const m = (await vipMeasuresOf(q, memberId, now)) ?? { level: 0, deposit: 0, validBet: 0, keepValidBet: 0 };
  return statusOfMeasures(m);
}
