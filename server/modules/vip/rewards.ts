import { CODE } from '../../../src/protocol/api.ts';
import { FEN_PER_YUAN } from '../../../src/protocol/money.ts';
import {
  VIP_REWARD_KINDS,
  VIP_TRANSFER_KIND,
  vipLevel,
  type VipGift,
  type VipGiftList,
  type VipGiftQuery,
  type VipReward,
  type VipRewardKind,
} from '../../../src/protocol/vip.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { ApiError } from '../../http/envelope.ts';
import { LedgerError, transferIn } from '../ledger/ledger.ts';
import { ledgerToApi } from '../wallet/wallet.ts';
import { VIP_MESSAGE, VIP_REWARD_TITLE } from './messages.ts';
import { isCalendarDay, shanghaiMonth, startOfShanghaiDay, startOfShanghaiMonth, yyyymm } from './time.ts';

// The rewards (issue 13 §3; docs/vip.md "Rewards"). Each is one ledger transfer from the promotions account to
// the member's central wallet whose id is the reason, so the ledger is the record and the same reason pays once:
// - upgrade bonus `vip-up:<member>:<level>`: every level from VIP1 up to the highest ever held, once each;
// - birthday gift `vip-bday:<member>:<yyyy>`: level ≥ 1, birthday set, in the birthday's month (Asia/Shanghai);
//   the current level's amount;
// - monthly red packet `vip-month:<member>:<yyyymm>` (the month it is paid in): level ≥ 1 and a credited deposit
//   in the previous calendar month (Asia/Shanghai); the current level's amount; claimable during that month.
// Claiming takes the member's row lock, looks whether the reason was paid (31022), whether it is due now
// (31021), and makes the transfer in the same transaction: 200 parallel claims pay once.

const fen = (yuan: number) => yuan * FEN_PER_YUAN;

export const rewardId = {
  upgrade: (memberId: number, level: number) => `vip-up:${memberId}:${level}`,
  birthday: (memberId: number, year: number) => `vip-bday:${memberId}:${year}`,
  monthly: (memberId: number, period: string) => `vip-month:${memberId}:${period}`,
};

const KIND_OF_PREFIX: Record<string, VipRewardKind> = { up: 'upgrade', bday: 'birthday', month: 'monthly' };
const KIND_OF_TRANSFER: Record<string, VipRewardKind> = {
  vip_upgrade: 'upgrade',
  vip_birthday: 'birthday',
  vip_monthly: 'monthly',
};

interface Due {
  id: string;
  kind: VipRewardKind;
  level: number;
  amount: number;
  period: string | null;
}

/** What is due to a member now (claimed or not), in page order: upgrade bonuses by level, birthday, monthly. */
export async function dueRewards(q: Queryable, memberId: number, now: Date): Promise<Due[]> {
  const { rows } = await q.query<{
    level: number;
    bmonth: string | null;
    highest: number | null;
    deposited: boolean;
  }>(
    `SELECT m.vip_level AS level, to_char(m.birthday, 'MM') AS bmonth,
            (SELECT greatest(max(c.to_level), max(c.from_level)) FROM vip_level_changes c WHERE c.member_id = m.id) AS highest,
            EXISTS (SELECT 1 FROM deposit_orders d
                     WHERE d.member_id = m.id AND d.state = 'paid' AND d.settled_at >= $2 AND d.settled_at < $3) AS deposited
       FROM members m WHERE m.id = $1`,
    [memberId, ...previousMonthBounds(now)],
  );
  const r = rows[0];
  if (!r) return [];
  const level = r.level;
  const out: Due[] = [];
  const highest = Math.max(level, r.highest ?? 0);
  for (let l = 1; l <= highest; l++) {
    const amount = fen(vipLevel(l).upgradeBonusYuan);
    if (amount > 0)
      out.push({ id: rewardId.upgrade(memberId, l), kind: 'upgrade', level: l, amount, period: null });
  }
  const { year, month } = shanghaiMonth(now);
  if (level >= 1 && r.bmonth !== null && Number(r.bmonth) === month) {
    const amount = fen(vipLevel(level).birthdayGiftYuan);
    if (amount > 0)
      out.push({
        id: rewardId.birthday(memberId, year),
        kind: 'birthday',
        level,
        amount,
        period: String(year),
      });
  }
  if (level >= 1 && r.deposited) {
    const period = yyyymm(year, month);
    const amount = fen(vipLevel(level).monthlyRedPacketYuan);
    if (amount > 0)
      out.push({ id: rewardId.monthly(memberId, period), kind: 'monthly', level, amount, period });
  }
  return out;
}

/** [start, end) of the Shanghai calendar month before `now`'s. */
function previousMonthBounds(now: Date): [Date, Date] {
  const { year, month } = shanghaiMonth(now);
  return [startOfShanghaiMonth(year, month - 1), startOfShanghaiMonth(year, month)];
}

/** The paid transfers among ids: id → when. */
async function paidAmong(q: Queryable, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await q.query<{ id: string; created_at: Date }>(
    'SELECT id, created_at FROM ledger_transfers WHERE id = ANY($1::text[])',
    [ids],
  );
  return new Map(rows.map((r) => [r.id, new Date(r.created_at).toISOString()]));
}

/** The rewards list of /mine/vip: what is due, each claimable or claimed. */
export async function rewardsOf(
  q: Queryable,
  memberId: number,
  now: Date = new Date(),
): Promise<VipReward[]> {
  const due = await dueRewards(q, memberId, now);
  const paid = await paidAmong(
    q,
    due.map((d) => d.id),
  );
  return due.map((d) => ({
    ...d,
    state: paid.has(d.id) ? 'claimed' : 'claimable',
    claimedAt: paid.get(d.id) ?? null,
  }));
}

const refuse = (code: number, message: string, data: unknown = null): never => {
  throw new ApiError(code, message, 200, data);
};

/** The kind of a reward id, or null when it is not one of this member's reward ids. */
export function parseRewardId(id: string, memberId: number): VipRewardKind | null {
  const m = /^vip-(up|bday|month):([0-9]{1,18}):([0-9]{1,6})$/.exec(id);
  if (!m || Number(m[2]) !== memberId) return null;
  return KIND_OF_PREFIX[m[1]!] ?? null;
}

/**
 * Pays one reward, once: 31022 when its reason was paid already (data: the reward as paid), 31021 when it is not
 * due now (or not this member's). Answers the reward, claimed.
 */
export async function claimReward(
  db: Db,
  memberId: number,
  id: string,
  now: Date = new Date(),
): Promise<VipReward> {
  const kind = parseRewardId(id, memberId);
  if (!kind) return refuse(CODE.vipRewardNotDue, VIP_MESSAGE.rewardNotDue);
  try {
    return await db.transaction(async (tx) => {
      // The member's row lock: claims of one member (and level changes) one at a time.
      const { rows } = await tx.query('SELECT id FROM members WHERE id = $1 FOR UPDATE', [memberId]);
      if (rows.length === 0) return refuse(CODE.vipRewardNotDue, VIP_MESSAGE.rewardNotDue);
      const paid = await paidAmong(tx, [id]);
      if (paid.has(id)) {
        const done = await giftById(tx, id);
        return refuse(CODE.vipRewardClaimed, VIP_MESSAGE.rewardClaimed, done);
      }
      const due = (await dueRewards(tx, memberId, now)).find((d) => d.id === id);
      if (!due) return refuse(CODE.vipRewardNotDue, VIP_MESSAGE.rewardNotDue);
      const t = await transferIn(tx, {
        id,
        from: { kind: 'promotions' },
        to: { memberId, kind: 'central' },
        amount: due.amount,
        kind: VIP_TRANSFER_KIND[due.kind],
        memo: {
          level: due.level,
          period: due.period,
          title:
            due.kind === 'upgrade'
              ? VIP_REWARD_TITLE.upgrade(due.level)
              : due.kind === 'birthday'
                ? VIP_REWARD_TITLE.birthday(due.period!)
                : VIP_REWARD_TITLE.monthly(due.period!),
        },
      });
      return { ...due, state: 'claimed', claimedAt: t.createdAt } satisfies VipReward;
    });
  } catch (err) {
    if (err instanceof LedgerError) ledgerToApi(err);
    throw err;
  }
}

// ---- the gift record ---------------------------------------------------------------------------------------

interface GiftRow {
  id: string;
  kind: string;
  amount: string | number;
  memo: { level?: number; period?: string | null } | null;
  created_at: Date;
}

const giftOf = (r: GiftRow): VipGift => ({
  id: r.id,
  kind: KIND_OF_TRANSFER[r.kind] ?? 'upgrade',
  level: Number(r.memo?.level ?? 0),
  amount: Number(r.amount),
  period: r.memo?.period ?? null,
  createdAt: new Date(r.created_at).toISOString(),
});

async function giftById(q: Queryable, id: string): Promise<VipGift | null> {
  const { rows } = await q.query<GiftRow>(
    'SELECT id, kind, amount, memo, created_at FROM ledger_transfers WHERE id = $1',
    [id],
  );
  return rows[0] ? giftOf(rows[0]) : null;
}

/** Checks a gift query's dates (31021 is not the right code for bad input: the schema refuses malformed text). */
export function giftBounds(query: VipGiftQuery): { from: Date | null; to: Date | null } | string {
  for (const d of [query.from, query.to])
    if (d !== undefined && !isCalendarDay(d)) return VIP_MESSAGE.badDate;
  if (query.from && query.to && query.from > query.to) return VIP_MESSAGE.badRange;
  const to = query.to ? new Date(startOfShanghaiDay(query.to).getTime() + 86_400_000) : null;
  return { from: query.from ? startOfShanghaiDay(query.from) : null, to };
}

/** The VIP gifts paid to a member (the ledger's vip_* transfers into their central wallet), newest first. */
export async function listGifts(
  q: Queryable,
  memberId: number,
  query: VipGiftQuery & { page: number; size: number },
  bounds: { from: Date | null; to: Date | null },
): Promise<VipGiftList> {
  const kinds = (query.kind ? [query.kind] : [...VIP_REWARD_KINDS]).map((k) => VIP_TRANSFER_KIND[k]);
  const where = `a.member_id = $1 AND a.kind = 'central' AND e.amount > 0 AND t.kind = ANY($2::text[])
                 AND ($3::timestamptz IS NULL OR t.created_at >= $3) AND ($4::timestamptz IS NULL OR t.created_at < $4)`;
  const from = `FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id JOIN ledger_transfers t ON t.id = e.transfer_id`;
  const params = [memberId, kinds, bounds.from, bounds.to];
  const [{ rows }, { rows: count }] = await Promise.all([
    q.query<GiftRow>(
      `SELECT t.id, t.kind, t.amount, t.memo, t.created_at ${from} WHERE ${where}
        ORDER BY t.created_at DESC, t.id DESC LIMIT $5 OFFSET $6`,
      [...params, query.size, (query.page - 1) * query.size],
    ),
    q.query<{ n: string | number }>(`SELECT count(*) AS n ${from} WHERE ${where}`, params),
  ]);
  return { items: rows.map(giftOf), total: Number(count[0]?.n ?? 0), page: query.page, size: query.size };
}
