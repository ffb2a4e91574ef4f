import { CODE } from '../../../src/protocol/api.ts';
import type {
  MallItem,
  MallItemKind,
  MallOverview,
  Redemption,
  RedeemRequest,
} from '../../../src/protocol/mall.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { ApiError } from '../../http/envelope.ts';
import { publishMemberChange } from '../../stream/channels.ts';
import { LedgerError, transferIn } from '../ledger/ledger.ts';
import { readSiteConfig } from '../site/config.ts';
import { COINS_ISSUER, coinsAccount, coinsOf } from './coins.ts';
import { MALL_MESSAGE } from './messages.ts';

// The mall (issue 13 §6; docs/mall.md). A redemption is one transaction:
// 1. the redemption row, keyed by (member, caller-made requestId): a second writer of the same request waits on the
//    first's unique-key lock and, once it committed, answers its result (a different item is 30002);
// 2. the item (31061), the member's VIP level (31064);
// 3. the per-player limit: a guarded upsert of the member's count of that item (31063);
// 4. the stock: UPDATE … SET stock = stock - 1 WHERE stock >= 1 (31062) — the row lock puts concurrent buyers of
//    the last one in line and exactly one finds it;
// 5. the coins: a ledger transfer member coins → coins_issuer (the database refuses below zero: 31065);
// 6. the reward: bonus credit (promotions → central, kind 'mall_bonus'), VIP experience (a vip_growth row), or a
//    sandbox prize (nothing is shipped: the record says so);
// 7. the 'coins' push, out on commit.
// Any refusal throws and rolls everything back: nothing is stored and the request id can be used again.

export const redemptionIdOf = (memberId: number, requestId: string) => `mall:${memberId}:${requestId}`;
export const bonusTransferIdOf = (redemptionId: string) => `mall-bonus:${redemptionId.slice(5)}`;

interface ItemRow {
  id: string;
  kind: MallItemKind;
  name: string;
  description: string;
  art: string;
  price: string;
  stock: string;
  per_member_limit: number;
  vip_min: number;
  value: string;
  active: boolean;
}

const itemView = (r: ItemRow, redeemed: number): MallItem => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  description: r.description,
  art: r.art,
  price: Number(r.price),
  stock: Number(r.stock),
  limit: r.per_member_limit,
  redeemed,
  vipMin: r.vip_min,
  value: Number(r.value),
});

export async function vipLevelOf(q: Queryable, memberId: number): Promise<number> {
  const { rows } = await q.query<{ vip_level: number | null }>(
    'SELECT vip_level FROM members WHERE id = $1',
    [memberId],
  );
  return rows[0]?.vip_level ?? 0;
}

export async function mallOverview(db: Db, memberId: number): Promise<MallOverview> {
  const config = await readSiteConfig(db);
  const { rows } = await db.query<ItemRow & { n: number | null }>(
    `SELECT i.*, c.n FROM mall_items i
       LEFT JOIN mall_member_counts c ON c.item_id = i.id AND c.member_id = $1
      WHERE i.active ORDER BY i.sort, i.id`,
    [memberId],
  );
  return {
    coins: await coinsOf(db, memberId),
    vipLevel: await vipLevelOf(db, memberId),
    rate: config.coinsPer100Yuan,
    items: rows.map((r) => itemView(r, r.n ?? 0)),
  };
}

interface RedemptionRow {
  id: string;
  request_id: string;
  item_id: string;
  kind: MallItemKind;
  item_name: string;
  price: string;
  value: string;
  created_at: Date | string;
}

const redemptionView = (r: RedemptionRow, coinsAfter: number): Redemption => ({
  id: r.id,
  requestId: r.request_id,
  itemId: r.item_id,
  kind: r.kind,
  itemName: r.item_name,
  price: Number(r.price),
  value: Number(r.value),
  createdAt: new Date(r.created_at).toISOString(),
  coinsAfter,
});

const refuse = (code: number, message: string): never => {
  throw new ApiError(code, message);
};

/** Redeems one item once per (member, requestId). Throws ApiError 31061–31065, 30002. */
export async function redeem(db: Db, memberId: number, req: RedeemRequest): Promise<Redemption> {
  const id = redemptionIdOf(memberId, req.requestId);
  return db.transaction(async (tx) => {
    const item = (await tx.query<ItemRow>('SELECT * FROM mall_items WHERE id = $1 AND active', [req.itemId]))
      .rows[0];
    // The row first: a second writer of the same request waits here for the first's commit.
    const inserted = await tx.query<RedemptionRow>(
      `INSERT INTO mall_redemptions (id, member_id, request_id, item_id, kind, item_name, price, value)
       SELECT $1, $2, $3, i.id, i.kind, i.name, i.price, i.value FROM mall_items i WHERE i.id = $4 AND i.active
       ON CONFLICT (member_id, request_id) DO NOTHING
       RETURNING id, request_id, item_id, kind, item_name, price, value, created_at`,
      [id, memberId, req.requestId, req.itemId],
    );
    const row = inserted.rows[0];
    if (!row) {
      const before = (
        await tx.query<RedemptionRow>(
          `SELECT id, request_id, item_id, kind, item_name, price, value, created_at FROM mall_redemptions
            WHERE member_id = $1 AND request_id = $2`,
          [memberId, req.requestId],
        )
      ).rows[0];
      if (before) {
        if (before.item_id !== req.itemId) refuse(CODE.duplicateRequest, MALL_MESSAGE.duplicateRequest);
        return redemptionView(before, await coinsOf(tx, memberId));
      }
      return refuse(CODE.mallItemNotFound, MALL_MESSAGE.itemNotFound);
    }
    if (!item) return refuse(CODE.mallItemNotFound, MALL_MESSAGE.itemNotFound);
    const level = await vipLevelOf(tx, memberId);
    if (level < item.vip_min) refuse(CODE.mallVipRequired, MALL_MESSAGE.vipRequired(item.vip_min));
    const counted = await tx.query(
      `INSERT INTO mall_member_counts (member_id, item_id, n) VALUES ($1, $2, 1)
       ON CONFLICT (member_id, item_id) DO UPDATE SET n = mall_member_counts.n + 1
        WHERE mall_member_counts.n + 1 <= $3
       RETURNING n`,
      [memberId, item.id, item.per_member_limit],
    );
    if (counted.rows.length === 0)
      refuse(CODE.mallLimitReached, MALL_MESSAGE.limitReached(item.per_member_limit));
    const sold = await tx.query(
      'UPDATE mall_items SET stock = stock - 1 WHERE id = $1 AND stock >= 1 RETURNING stock',
      [item.id],
    );
    if (sold.rows.length === 0) refuse(CODE.mallSoldOut, MALL_MESSAGE.soldOut);
    const price = Number(item.price);
    // Only for the refusal's message: the ledger's CHECK is what refuses.
    const had = await coinsOf(tx, memberId);
    try {
      await transferIn(tx, {
        id,
        from: coinsAccount(memberId),
        to: COINS_ISSUER,
        amount: price,
        kind: 'mall_redeem',
        memo: { item: item.id, name: item.name },
      });
    } catch (err) {
      if (err instanceof LedgerError && err.refusal === 'insufficient')
        refuse(CODE.coinsInsufficient, MALL_MESSAGE.coinsInsufficient(price, had));
      throw err;
    }
    const value = Number(item.value);
    if (item.kind === 'bonus') {
      await transferIn(tx, {
        id: bonusTransferIdOf(id),
        from: { kind: 'promotions' },
        to: { memberId, kind: 'central' },
        amount: value,
        kind: 'mall_bonus',
        memo: { item: item.id, name: item.name, redemption: id },
      });
    } else if (item.kind === 'vip_exp') {
      await tx.query('INSERT INTO vip_growth (id, member_id, amount, reason) VALUES ($1, $2, $3, $4)', [
        id,
        memberId,
        value,
        `mall:${item.id}`,
      ]);
    }
    await publishMemberChange(tx, { memberId, topic: 'coins' });
    return redemptionView(row, await coinsOf(tx, memberId));
  });
}

// ---- operators ---------------------------------------------------------------------------------------------

export async function listItems(db: Queryable): Promise<MallItem[]> {
  const { rows } = await db.query<ItemRow & { sold: string }>(
    `SELECT i.*, (SELECT count(*) FROM mall_redemptions r WHERE r.item_id = i.id) AS sold FROM mall_items i
      ORDER BY i.sort, i.id`,
  );
  return rows.map((r) => itemView(r, Number(r.sold)));
}

export async function setStock(db: Queryable, itemId: string, stock: number): Promise<boolean> {
  const { rows } = await db.query('UPDATE mall_items SET stock = $2 WHERE id = $1 RETURNING id', [
    itemId,
    stock,
  ]);
  return rows.length === 1;
}

const ITEM_FIELDS = { price: 'price', limit: 'per_member_limit', vip: 'vip_min', active: 'active' } as const;
export type ItemField = keyof typeof ITEM_FIELDS;
export const isItemField = (f: string): f is ItemField => Object.hasOwn(ITEM_FIELDS, f);

/** An operator's change of one field of an item; the table's CHECKs refuse what does not fit (price > 0 …). */
export async function setItemField(
  db: Queryable,
  itemId: string,
  field: ItemField,
  n: number,
): Promise<'ok' | 'missing' | string> {
  const value = field === 'active' ? n !== 0 : n;
  try {
    const { rows } = await db.query(
      `UPDATE mall_items SET ${ITEM_FIELDS[field]} = $2 WHERE id = $1 RETURNING id`,
      [itemId, value],
    );
    return rows.length === 1 ? 'ok' : 'missing';
  } catch (err) {
    if ((err as { code?: string }).code === '23514') return `${field} ${n} is out of range`;
    throw err;
  }
}
