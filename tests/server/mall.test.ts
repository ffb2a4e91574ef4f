// The mall (issue 13 §6: "redeeming is idempotent and never oversells under concurrency"; §7: "mall stock under
// 200 concurrent redemptions of the last item"; docs/mall.md): the items, each kind's reward (bonus credit from
// promotions, VIP experience as a vip_growth row, a sandbox prize that ships nothing), the refusals 31061–31065,
// 200 concurrent redemptions of the last one sell exactly one, the same request id 50 times redeems once, the
// per-player limit under concurrency, the four records with their filters and paging, the operator commands.
// PGlite, and PostgreSQL in server-pg; the ledger check after every test.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { coinsOf, grantCoins } from '../../server/modules/mall/coins.ts';
import { redeem } from '../../server/modules/mall/mall.ts';
import { balanceOf, checkLedger, findTransfer, transfer } from '../../server/modules/ledger/ledger.ts';
import { runOpsCommand } from '../../server/ops/commands.ts';
import { readMemberEvent, STREAM_CHANNEL } from '../../server/stream/channels.ts';
import { CODE } from '../../src/protocol/api.ts';
import { MALL_PATH } from '../../src/protocol/mall.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { mallCall, mallMember, rid, type MallMember } from './mall-support.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  expect((await checkLedger(t.db)).problems).toEqual([]);
  const { rows } = await t.db.query<{ n: string }>(
    'SELECT count(*)::text AS n FROM mall_items WHERE stock < 0',
  );
  expect(rows[0]!.n).toBe('0');
});

let itemSeq = 0;
/** A fresh item of its own (the seeded ones are shared by the tests). */
async function item(
  over: Partial<{
    kind: string;
    price: number;
    stock: number;
    limit: number;
    vipMin: number;
    value: number;
  }> = {},
) {
  itemSeq += 1;
  const id = `t-item-${itemSeq}`;
  await t.db.query(
    `INSERT INTO mall_items (id, kind, name, description, art, price, stock, per_member_limit, vip_min, value)
     VALUES ($1, $2, $3, '测试商品', 'coin-small', $4, $5, $6, $7, $8)`,
    [
      id,
      over.kind ?? 'bonus',
      `测试商品${itemSeq}`,
      over.price ?? 10,
      over.stock ?? 100,
      over.limit ?? 100,
      over.vipMin ?? 0,
      over.value ?? 500,
    ],
  );
  return id;
}

async function richMember(coins: number, vip = 0): Promise<MallMember> {
  const m = await mallMember(t, vip);
  if (coins > 0) await grantCoins(t.db, { id: `seed-${m.id}`, memberId: m.id, coins, reason: 'adjustment' });
  return m;
}

const stockOf = async (id: string) =>
  Number(
    (await t.db.query<{ stock: string }>('SELECT stock FROM mall_items WHERE id = $1', [id])).rows[0]!.stock,
  );

describe('the items and each reward', () => {
  it('lists the seeded items of every kind with price, stock, limit, VIP requirement', async () => {
    const m = await richMember(0);
    const body = await mallCall(t, m, MALL_PATH.items);
    expect(body.status_code).toBe(CODE.success);
    const kinds = new Set(body.data.items.map((i: { kind: string }) => i.kind));
    expect(kinds).toEqual(new Set(['bonus', 'vip_exp', 'prize']));
    const prize = body.data.items.find((i: { kind: string }) => i.kind === 'prize');
    expect(prize.name).toContain('沙盒奖品');
    expect(body.data.coins).toBe(0);
    expect((await mallCall(t, null, MALL_PATH.items)).status_code).toBe(CODE.tokenInvalid);
  });

  it('a bonus item: coins to the issuer, the bonus from promotions to the central wallet (kind mall_bonus)', async () => {
    const m = await richMember(150);
    const body = await mallCall(t, m, MALL_PATH.redeem, { requestId: rid(), itemId: 'bonus-8' });
    expect(body.status_code).toBe(CODE.success);
    expect(body.data).toMatchObject({
      itemId: 'bonus-8',
      kind: 'bonus',
      price: 100,
      value: 888,
      coinsAfter: 50,
    });
    expect((await balanceOf(t.db, { memberId: m.id, kind: 'central' })).balance).toBe(888);
    const bonus = await findTransfer(t.db, `mall-bonus:${body.data.id.slice(5)}`);
    expect(bonus).toMatchObject({ kind: 'mall_bonus', amount: 888, state: 'posted' });
    expect((await findTransfer(t.db, body.data.id))!.kind).toBe('mall_redeem');
  });

  it('a VIP experience item adds a vip_growth row (id = the redemption id)', async () => {
    const m = await richMember(200);
    const body = await mallCall(t, m, MALL_PATH.redeem, { requestId: rid(), itemId: 'vip-exp-500' });
    expect(body.status_code).toBe(CODE.success);
    const { rows } = await t.db.query<{ member_id: string; amount: string }>(
      'SELECT member_id, amount FROM vip_growth WHERE id = $1',
      [body.data.id],
    );
    expect(rows.map((r) => [Number(r.member_id), Number(r.amount)])).toEqual([[m.id, 50_000]]);
    expect((await balanceOf(t.db, { memberId: m.id, kind: 'central' })).balance).toBe(0);
  });

  it('a sandbox prize moves only coins, and its record says nothing is shipped', async () => {
    const m = await richMember(3000);
    const body = await mallCall(t, m, MALL_PATH.redeem, { requestId: rid(), itemId: 'prize-earbuds' });
    expect(body.status_code).toBe(CODE.success);
    expect(body.data.coinsAfter).toBe(0);
    const rec = await mallCall(t, m, MALL_PATH.records, {});
    expect(rec.data.items[0].note).toContain('不发货');
  });
});

describe('refusals (codes 31061–31065), each storing nothing', () => {
  it('unknown or withdrawn item 31061, sold out 31062, limit 31063, VIP 31064, coins 31065', async () => {
    const m = await richMember(100, 1);
    expect(
      (await mallCall(t, m, MALL_PATH.redeem, { requestId: rid(), itemId: 'no-such-item' })).status_code,
    ).toBe(CODE.mallItemNotFound);
    const hidden = await item();
    await t.db.query('UPDATE mall_items SET active = false WHERE id = $1', [hidden]);
    expect((await mallCall(t, m, MALL_PATH.redeem, { requestId: rid(), itemId: hidden })).status_code).toBe(
      CODE.mallItemNotFound,
    );

    const none = await item({ stock: 0 });
    expect((await mallCall(t, m, MALL_PATH.redeem, { requestId: rid(), itemId: none })).status_code).toBe(
      CODE.mallSoldOut,
    );

    const once = await item({ limit: 1 });
    expect((await mallCall(t, m, MALL_PATH.redeem, { requestId: rid(), itemId: once })).status_code).toBe(
      CODE.success,
    );
    const second = await mallCall(t, m, MALL_PATH.redeem, { requestId: rid(), itemId: once });
    expect(second.status_code).toBe(CODE.mallLimitReached);
    expect(second.message).toContain('限兑 1 次');

    const vip3 = await item({ vipMin: 3 });
    const vipRefused = await mallCall(t, m, MALL_PATH.redeem, { requestId: rid(), itemId: vip3 });
    expect(vipRefused.status_code).toBe(CODE.mallVipRequired);
    expect(vipRefused.message).toContain('VIP3');

    const dear = await item({ price: 1000, stock: 5 });
    const poor = await mallCall(t, m, MALL_PATH.redeem, { requestId: rid(), itemId: dear });
    expect(poor.status_code).toBe(CODE.coinsInsufficient);
    expect(poor.message).toContain('90');
    // Nothing of the refused ones stayed: stock, counts, coins.
    expect(await stockOf(dear)).toBe(5);
    expect(await coinsOf(t.db, m.id)).toBe(90);
    const counts = await t.db.query(
      'SELECT 1 FROM mall_member_counts WHERE member_id = $1 AND item_id = $2',
      [m.id, dear],
    );
    expect(counts.rows).toHaveLength(0);
  });

  it('bad input is a validation error (10003), never a 5xx', async () => {
    const m = await richMember(0);
    for (const body of [
      {},
      { requestId: 'short', itemId: 'bonus-8' },
      { requestId: rid(), itemId: 'BAD ID' },
      { requestId: rid(), itemId: 'bonus-8', x: 1 },
    ])
      expect((await mallCall(t, m, MALL_PATH.redeem, body)).status_code).toBe(CODE.validation);
    expect((await mallCall(t, m, MALL_PATH.records, { from: '2026-02-30' })).status_code).toBe(
      CODE.validation,
    );
    expect(
      (await mallCall(t, m, MALL_PATH.records, { from: '2026-03-02', to: '2026-03-01' })).status_code,
    ).toBe(CODE.validation);
    expect((await mallCall(t, m, MALL_PATH.coinRecords, { kind: 'nope' })).status_code).toBe(CODE.validation);
  });
});

describe('concurrency and retries', () => {
  it('200 concurrent redemptions of the last item sell exactly one', async () => {
    const last = await item({ stock: 1, price: 10 });
    const buyers = await Promise.all(Array.from({ length: 200 }, () => richMember(10)));
    const results = await Promise.allSettled(
      buyers.map((b) => redeem(t.db, b.id, { requestId: rid(), itemId: last })),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as { code: number }).code).toBe(CODE.mallSoldOut);
    expect(await stockOf(last)).toBe(0);
    const sold = await t.db.query<{ n: string }>(
      'SELECT count(*)::text AS n FROM mall_redemptions WHERE item_id = $1',
      [last],
    );
    expect(sold.rows[0]!.n).toBe('1');
    // Only the winner paid.
    const coins = await Promise.all(buyers.map((b) => coinsOf(t.db, b.id)));
    expect(coins.filter((c) => c === 0)).toHaveLength(1);
    expect(coins.filter((c) => c === 10)).toHaveLength(199);
  });

  it('the same request id 50 times (in parallel) redeems once and answers the same redemption', async () => {
    const m = await richMember(1000);
    const it1 = await item({ price: 10, stock: 100 });
    const requestId = rid();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => redeem(t.db, m.id, { requestId, itemId: it1 })),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(await coinsOf(t.db, m.id)).toBe(990);
    expect(await stockOf(it1)).toBe(99);
    // And again through the API; the same id for another item is 30002.
    const again = await mallCall(t, m, MALL_PATH.redeem, { requestId, itemId: it1 });
    expect(again.data.id).toBe(results[0]!.id);
    expect((await mallCall(t, m, MALL_PATH.redeem, { requestId, itemId: 'bonus-8' })).status_code).toBe(
      CODE.duplicateRequest,
    );
  });

  it('the per-player limit holds under 30 parallel requests of one member', async () => {
    const m = await richMember(1000);
    const lim = await item({ price: 1, stock: 100, limit: 3 });
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () => redeem(t.db, m.id, { requestId: rid(), itemId: lim })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(await coinsOf(t.db, m.id)).toBe(997);
    expect(await stockOf(lim)).toBe(97);
  });

  it('coins are never spent twice: 20 parallel redemptions from coins for 5', async () => {
    const m = await richMember(50);
    const cheap = await item({ price: 10, stock: 100 });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => redeem(t.db, m.id, { requestId: rid(), itemId: cheap })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as { code: number }).code).toBe(CODE.coinsInsufficient);
    expect(await stockOf(cheap)).toBe(95);
  });
});

describe('the records', () => {
  it('redemptions, coins, currency movements and welfare: filtered by day and kind, paged', async () => {
    const m = await richMember(500);
    for (const itemId of ['bonus-8', 'vip-exp-500', 'bonus-8'])
      expect((await mallCall(t, m, MALL_PATH.redeem, { requestId: rid(), itemId })).status_code).toBe(
        CODE.success,
      );
    // An activity reward (money) and an operator adjustment (money), and an activity coin grant.
    await transfer(t.db, {
      id: `act-money-${m.id}`,
      from: { kind: 'promotions' },
      to: { memberId: m.id, kind: 'central' },
      amount: 1200,
      kind: 'activity_signin',
      memo: { name: '签到' },
    });
    await transfer(t.db, {
      id: `adj-money-${m.id}`,
      from: { kind: 'promotions' },
      to: { memberId: m.id, kind: 'central' },
      amount: 300,
      kind: 'adjustment',
      memo: { reason: '补偿' },
    });
    await grantCoins(t.db, { id: `act-coins-${m.id}`, memberId: m.id, coins: 20, reason: 'activity_signin' });

    const rec = await mallCall(t, m, MALL_PATH.records, { size: 2 });
    expect(rec.data).toMatchObject({ total: 3, page: 1, size: 2 });
    expect(rec.data.items).toHaveLength(2);
    const page2 = await mallCall(t, m, MALL_PATH.records, { size: 2, page: 2 });
    expect(page2.data.items).toHaveLength(1);
    expect((await mallCall(t, m, MALL_PATH.records, { kind: 'vip_exp' })).data.total).toBe(1);
    expect((await mallCall(t, m, MALL_PATH.records, { kind: 'prize' })).data.total).toBe(0);
    // Days: today (China) has them, a past range none.
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect((await mallCall(t, m, MALL_PATH.records, { from: today, to: today })).data.total).toBe(3);
    expect(
      (await mallCall(t, m, MALL_PATH.records, { from: '2020-01-01', to: '2020-01-31' })).data.total,
    ).toBe(0);

    const coins = await mallCall(t, m, MALL_PATH.coinRecords, {});
    // +500 seed, −100, −200, −100, +20 = 120
    expect(coins.data.total).toBe(5);
    expect(coins.data.items[0]).toMatchObject({
      amount: 20,
      balanceAfter: 120,
      kind: 'coins_activity_signin',
    });
    expect(
      (await mallCall(t, m, MALL_PATH.coinRecords, { kind: 'spend' })).data.items.map(
        (e: { amount: number }) => e.amount,
      ),
    ).toEqual([-100, -200, -100]);
    expect((await mallCall(t, m, MALL_PATH.coinRecords, { kind: 'earn' })).data.total).toBe(2);

    const cur = await mallCall(t, m, MALL_PATH.currencyRecords, {});
    // 5 coins entries + money from promotions: 2 mall bonuses, the activity, the adjustment.
    expect(cur.data.total).toBe(9);
    expect(
      (await mallCall(t, m, MALL_PATH.currencyRecords, { kind: 'money' })).data.items.map(
        (e: { currency: string; amount: number }) => [e.currency, e.amount],
      ),
    ).toEqual([
      ['money', 300],
      ['money', 1200],
      ['money', 888],
      ['money', 888],
    ]);

    const wel = await mallCall(t, m, MALL_PATH.welfareRecords, {});
    expect(
      wel.data.items.map((e: { currency: string; kind: string; amount: number }) => [
        e.currency,
        e.kind,
        e.amount,
      ]),
    ).toEqual([
      ['coins', 'coins_activity_signin', 20],
      ['money', 'adjustment', 300],
      ['money', 'activity_signin', 1200],
      // The seed of this test's coins was an operator adjustment too.
      ['coins', 'coins_adjustment', 500],
    ]);
    expect((await mallCall(t, m, MALL_PATH.welfareRecords, { kind: 'adjustment' })).data.total).toBe(2);
    expect((await mallCall(t, m, MALL_PATH.welfareRecords, { kind: 'activity' })).data.total).toBe(2);
    // Another member sees none of it.
    const other = await richMember(0);
    expect((await mallCall(t, other, MALL_PATH.welfareRecords, {})).data.total).toBe(0);
    expect((await mallCall(t, other, MALL_PATH.records, null)).data.total).toBe(0);
  });
});

describe('the coins push', () => {
  it("a redemption, an earning and a grant each push 'coins' to the member (msgId 20006) on commit; a refusal none", async () => {
    const m = await richMember(100);
    const seen: string[] = [];
    const stop = await t.db.listen(STREAM_CHANNEL.member, (payload) => {
      const e = readMemberEvent(payload);
      if (e?.memberId === m.id) seen.push(e.topic);
    });
    try {
      expect(
        (await mallCall(t, m, MALL_PATH.redeem, { requestId: rid(), itemId: 'no-such-item' })).status_code,
      ).toBe(CODE.mallItemNotFound);
      expect(
        (await mallCall(t, m, MALL_PATH.redeem, { requestId: rid(), itemId: 'bonus-8' })).status_code,
      ).toBe(CODE.success);
      await grantCoins(t.db, { id: `push-${m.id}`, memberId: m.id, coins: 5, reason: 'activity_test' });
      await expect.poll(() => seen, { timeout: 5000 }).toEqual(['coins', 'coins']);
    } finally {
      await stop();
    }
  });
});

describe('operators', () => {
  it('`mall list` and `mall stock <item> <n>`', async () => {
    const id = await item({ stock: 3 });
    expect(await runOpsCommand(t.db, ['mall', 'stock', id, '40'])).toContain('stock 40');
    expect(await stockOf(id)).toBe(40);
    expect(await runOpsCommand(t.db, ['mall', 'list'])).toContain(id);
    expect(await runOpsCommand(t.db, ['mall', 'stock', 'nope-x', '4'])).toContain('no item');
    await expect(runOpsCommand(t.db, ['mall', 'stock', id, '-1'])).rejects.toThrow();
    await expect(runOpsCommand(t.db, ['mall'])).rejects.toThrow(/mall list/);
    expect(await runOpsCommand(t.db, ['mall', 'set', id, 'price', '7'])).toContain('price 7');
    expect(await runOpsCommand(t.db, ['mall', 'set', id, 'vip', '11'])).toContain('refused');
    expect(await runOpsCommand(t.db, ['mall', 'set', id, 'active', '0'])).toContain('active 0');
    const m = await richMember(100);
    expect((await mallCall(t, m, MALL_PATH.redeem, { requestId: rid(), itemId: id })).status_code).toBe(
      CODE.mallItemNotFound,
    );
    await expect(runOpsCommand(t.db, ['mall', 'set', id, 'colour', '1'])).rejects.toThrow();
  });
});
