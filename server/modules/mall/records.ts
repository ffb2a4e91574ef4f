import { CODE } from '../../../src/protocol/api.ts';
import type {
  CoinEntry,
  CoinFilter,
  CurrencyEntry,
  CurrencyFilter,
  MallItemKind,
  Paged,
  RedemptionFilter,
  WelfareEntry,
  WelfareFilter,
} from '../../../src/protocol/mall.ts';
import { RECORD_SIZE_DEFAULT } from '../../../src/protocol/mall.ts';
import type { Queryable } from '../../db/db.ts';
import { ApiError } from '../../http/envelope.ts';
import { MALL_MESSAGE, PRIZE_NOTE } from './messages.ts';

// The four records of the mall area (issue 13 §6; docs/mall.md "Records"): each filtered by a range of China days
// (UTC+8, both ends included) and a kind, newest first, paged.

interface Query<K> {
  page?: number;
  size?: number;
  from?: string;
  to?: string;
  kind?: K;
}

const CHINA_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** The instant a China day starts. */
function chinaDayStart(day: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const back = new Date(t);
  if (back.getUTCDate() !== Number(m[3]) || back.getUTCMonth() !== Number(m[2]) - 1) return null;
  return new Date(t - CHINA_OFFSET_MS);
}

/** [from, to) as instants; null ends are open. A bad range is a validation error (10003). */
function range(q: Query<string>): { from: Date | null; to: Date | null } {
  const from = q.from ? chinaDayStart(q.from) : null;
  const toStart = q.to ? chinaDayStart(q.to) : null;
  if ((q.from && !from) || (q.to && !toStart) || (from && toStart && toStart < from))
    throw new ApiError(CODE.validation, MALL_MESSAGE.badRange);
  return { from, to: toStart ? new Date(toStart.getTime() + DAY_MS) : null };
}

const paging = (q: Query<string>) => {
  const page = q.page ?? 1;
  const size = q.size ?? RECORD_SIZE_DEFAULT;
  return { page, size, offset: (page - 1) * size };
};

const iso = (v: Date | string) => new Date(v).toISOString();
const memoText = (memo: Record<string, unknown> | null): string | null =>
  typeof memo?.name === 'string' ? memo.name : typeof memo?.reason === 'string' ? memo.reason : null;

// ---- redemptions -------------------------------------------------------------------------------------------

export interface RedemptionRecord {
  id: string;
  itemId: string;
  kind: MallItemKind;
  itemName: string;
  price: number;
  value: number;
  /** What happened to the reward, in words (a sandbox prize: not shipped). */
  note: string;
  createdAt: string;
}

const REWARD_NOTE: Record<MallItemKind, (value: number) => string> = {
  bonus: (v) => `彩金 ¥${(v / 100).toFixed(2)} 已存入中心钱包`,
  vip_exp: (v) => `VIP 经验 ${Math.floor(v / 100)} 已计入晋级进度`,
  prize: () => PRIZE_NOTE,
};

export async function redemptionRecords(
  q: Queryable,
  memberId: number,
  query: Query<RedemptionFilter>,
): Promise<Paged<RedemptionRecord>> {
  const { from, to } = range(query);
  const { page, size, offset } = paging(query);
  const kind = query.kind && query.kind !== 'all' ? query.kind : null;
  const where = `member_id = $1 AND ($2::timestamptz IS NULL OR created_at >= $2) AND ($3::timestamptz IS NULL OR created_at < $3)
    AND ($4::text IS NULL OR kind = $4)`;
  const params = [memberId, from, to, kind];
  const total = await q.query<{ n: string }>(
    `SELECT count(*) AS n FROM mall_redemptions WHERE ${where}`,
    params,
  );
  const { rows } = await q.query<{
    id: string;
    item_id: string;
    kind: MallItemKind;
    item_name: string;
    price: string;
    value: string;
    created_at: Date | string;
  }>(
    `SELECT id, item_id, kind, item_name, price, value, created_at FROM mall_redemptions WHERE ${where}
      ORDER BY created_at DESC, id DESC LIMIT ${size} OFFSET ${offset}`,
    params,
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      itemId: r.item_id,
      kind: r.kind,
      itemName: r.item_name,
      price: Number(r.price),
      value: Number(r.value),
      note: REWARD_NOTE[r.kind](Number(r.value)),
      createdAt: iso(r.created_at),
    })),
    total: Number(total.rows[0]!.n),
    page,
    size,
  };
}

// ---- ledger-based records ----------------------------------------------------------------------------------

interface EntryRow {
  id: string;
  currency: 'money' | 'coins';
  amount: string;
  balance_after: string;
  kind: string;
  memo: Record<string, unknown> | null;
  created_at: Date | string;
}

/**
 * Entries of the member's accounts (the coins account, and the central wallet's credits from the promotions
 * account), as one list. `filter` is SQL over e (entry), t (transfer), a (the member's account), currency.
 */
async function entries(
  q: Queryable,
  memberId: number,
  query: Query<string>,
  filter: string,
  filterParams: unknown[],
): Promise<Paged<EntryRow>> {
  const { from, to } = range(query);
  const { page, size, offset } = paging(query);
  const base = `
    SELECT e.id, CASE WHEN a.kind = 'coins' THEN 'coins' ELSE 'money' END AS currency, e.amount, e.balance_after,
           t.kind, t.memo, e.created_at
      FROM ledger_accounts a
      JOIN ledger_entries e ON e.account_id = a.id
      JOIN ledger_transfers t ON t.id = e.transfer_id
      LEFT JOIN ledger_accounts d ON d.id = t.debit_account
     WHERE coalesce(a.member_id, 0) = $1 AND a.kind IN ('coins', 'central')
       AND ($2::timestamptz IS NULL OR e.created_at >= $2) AND ($3::timestamptz IS NULL OR e.created_at < $3)
       AND (${filter})`;
  const params = [memberId, from, to, ...filterParams];
  const total = await q.query<{ n: string }>(`SELECT count(*) AS n FROM (${base}) x`, params);
  const { rows } = await q.query<EntryRow>(
    `${base} ORDER BY e.created_at DESC, e.id DESC LIMIT ${size} OFFSET ${offset}`,
    params,
  );
  return { items: rows, total: Number(total.rows[0]!.n), page, size };
}

export async function coinRecords(
  q: Queryable,
  memberId: number,
  query: Query<CoinFilter>,
): Promise<Paged<CoinEntry>> {
  const sign = query.kind === 'earn' ? 'e.amount > 0' : query.kind === 'spend' ? 'e.amount < 0' : 'true';
  const r = await entries(q, memberId, query, `a.kind = 'coins' AND ${sign}`, []);
  return {
    ...r,
    items: r.items.map((e) => ({
      id: e.id,
      amount: Number(e.amount),
      balanceAfter: Number(e.balance_after),
      kind: e.kind,
      memo: memoText(e.memo),
      at: iso(e.created_at),
    })),
  };
}

/** A reward movement: any coins entry, or money into the central wallet from the promotions account. */
const REWARD_SQL = `(a.kind = 'coins' OR (a.kind = 'central' AND d.kind = 'promotions'))`;

export async function currencyRecords(
  q: Queryable,
  memberId: number,
  query: Query<CurrencyFilter>,
): Promise<Paged<CurrencyEntry>> {
  const which =
    query.kind === 'coins' ? `a.kind = 'coins'` : query.kind === 'money' ? `a.kind = 'central'` : 'true';
  const r = await entries(q, memberId, query, `${REWARD_SQL} AND ${which}`, []);
  return {
    ...r,
    items: r.items.map((e) => ({
      id: e.id,
      currency: e.currency,
      amount: Number(e.amount),
      kind: e.kind,
      memo: memoText(e.memo),
      at: iso(e.created_at),
    })),
  };
}

/** Welfare: activity rewards (kinds starting 'activity') and operator adjustments, from the house, both currencies. */
const ACTIVITY_SQL = `((a.kind = 'central' AND d.kind = 'promotions' AND t.kind LIKE 'activity%')
  OR (a.kind = 'coins' AND d.kind = 'coins_issuer' AND t.kind LIKE 'coins\\_activity%'))`;
const ADJUSTMENT_SQL = `((a.kind = 'central' AND d.kind = 'promotions' AND t.kind = 'adjustment')
  OR (a.kind = 'coins' AND d.kind = 'coins_issuer' AND t.kind = 'coins_adjustment'))`;

export async function welfareRecords(
  q: Queryable,
  memberId: number,
  query: Query<WelfareFilter>,
): Promise<Paged<WelfareEntry>> {
  const filter =
    query.kind === 'activity'
      ? ACTIVITY_SQL
      : query.kind === 'adjustment'
        ? ADJUSTMENT_SQL
        : `(${ACTIVITY_SQL} OR ${ADJUSTMENT_SQL})`;
  const r = await entries(q, memberId, query, filter, []);
  return {
    ...r,
    items: r.items.map((e) => ({
      id: e.id,
      currency: e.currency,
      amount: Number(e.amount),
      kind: e.kind,
      memo: memoText(e.memo),
      at: iso(e.created_at),
    })),
  };
}
