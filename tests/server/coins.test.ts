// Coins (issue 13 §6: "a second currency in the ledger (its own unit, never mixed with money), earned by valid
// bets at a configured rate and by activities"; docs/mall.md): the database refuses a transfer joining coins and
// money and a member's coins below zero; earning from valid bets at the configured rate, floor over the running
// sum, once per bet under retries and concurrent sweeps; grantCoins once per id; the operator command; the ledger
// check, and coins summing to zero among themselves. PGlite, and PostgreSQL in server-pg.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { coinsOf, grantCoins, sweepCoins, sweepMemberCoins } from '../../server/modules/mall/coins.ts';
import type { LedgerError } from '../../server/modules/ledger/ledger.ts';
import { balanceOf, checkLedger, findTransfer, transfer } from '../../server/modules/ledger/ledger.ts';
import { writeSiteConfig } from '../../server/modules/site/config.ts';
import { runOpsCommand } from '../../server/ops/commands.ts';
import { CODE } from '../../src/protocol/api.ts';
import { MALL_PATH } from '../../src/protocol/mall.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { mallCall, mallMember, validBet } from './mall-support.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await writeSiteConfig(t.db, 'coinsPer100Yuan', 10);
  expect((await checkLedger(t.db)).problems).toEqual([]);
  // Each currency sums to zero on its own (the trigger keeps every transfer inside one currency).
  const { rows } = await t.db.query<{ currency: string; total: string }>(
    `SELECT ledger_currency(a.kind) AS currency, sum(e.amount)::text AS total FROM ledger_entries e
       JOIN ledger_accounts a ON a.id = e.account_id GROUP BY 1`,
  );
  for (const r of rows) expect(Number(r.total), r.currency).toBe(0);
});

const pgCode = (err: unknown) => (err as { code?: string }).code;

describe('coins are a currency of their own', () => {
  it('the database refuses a transfer between a coins account and a money account, either way', async () => {
    const m = await mallMember(t);
    await expect(
      transfer(t.db, {
        id: 'mix-test-1',
        from: { kind: 'coins_issuer' },
        to: { memberId: m.id, kind: 'central' },
        amount: 5,
        kind: 'adjustment',
      }),
    ).rejects.toSatisfy(
      (e) => pgCode(e) === '23514' && String(e).includes('coins account and a money account'),
    );
    await expect(
      transfer(t.db, {
        id: 'mix-test-2',
        from: { kind: 'promotions' },
        to: { memberId: m.id, kind: 'coins' },
        amount: 5,
        kind: 'adjustment',
      }),
    ).rejects.toSatisfy((e) => pgCode(e) === '23514');
    // Nothing stored: the ids are free, the accounts unchanged.
    expect(await findTransfer(t.db, 'mix-test-1')).toBeNull();
    expect(await findTransfer(t.db, 'mix-test-2')).toBeNull();
    expect(await coinsOf(t.db, m.id)).toBe(0);
    expect((await balanceOf(t.db, { memberId: m.id, kind: 'central' })).balance).toBe(0);
  });

  it('a row written around the ledger functions is refused too (the trigger, not the code)', async () => {
    const m = await mallMember(t);
    await transfer(t.db, {
      id: `seed-coins-${m.id}`,
      from: { kind: 'coins_issuer' },
      to: { memberId: m.id, kind: 'coins' },
      amount: 3,
      kind: 'coins_adjustment',
    });
    await transfer(t.db, {
      id: `seed-money-${m.id}`,
      from: { kind: 'promotions' },
      to: { memberId: m.id, kind: 'central' },
      amount: 3,
      kind: 'adjustment',
    });
    const { rows } = await t.db.query<{ kind: string; id: string }>(
      `SELECT kind, id::text FROM ledger_accounts WHERE member_id = $1 AND kind IN ('coins', 'central')`,
      [m.id],
    );
    const coins = rows.find((r) => r.kind === 'coins')!.id;
    const central = rows.find((r) => r.kind === 'central')!.id;
    await expect(
      t.db.query(
        `INSERT INTO ledger_transfers (id, debit_account, credit_account, amount, kind, state) VALUES ('mix-raw-1', $1, $2, 1, 'adjustment', 'pending')`,
        [coins, central],
      ),
    ).rejects.toSatisfy((e) => pgCode(e) === '23514');
  });

  it("a member's coins never go below zero", async () => {
    const m = await mallMember(t);
    await grantCoins(t.db, { id: `g-${m.id}`, memberId: m.id, coins: 10, reason: 'adjustment' });
    const spends = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        transfer(t.db, {
          id: `spend-${m.id}-${i}`,
          from: { memberId: m.id, kind: 'coins' },
          to: { kind: 'coins_issuer' },
          amount: 1,
          kind: 'mall_redeem',
        }),
      ),
    );
    expect(spends.filter((s) => s.status === 'fulfilled')).toHaveLength(10);
    for (const s of spends)
      if (s.status === 'rejected') expect((s.reason as LedgerError).refusal).toBe('insufficient');
    expect(await coinsOf(t.db, m.id)).toBe(0);
  });
});

describe('earning coins from valid bets', () => {
  it('at the configured rate: floor of the running sum, the fraction carried to the next bet', async () => {
    const m = await mallMember(t);
    // 10 coins per ¥100 (10 000 fen): ¥50 → 5; ¥0.05 twice → 0 each, the carry keeps it; ¥99.90 → 9 (+ carry)
    await validBet(t, m.id, 5_000);
    expect(await sweepMemberCoins(t.db, m.id)).toBe(5);
    await validBet(t, m.id, 500);
    await validBet(t, m.id, 500);
    expect(await sweepMemberCoins(t.db, m.id)).toBe(1);
    await validBet(t, m.id, 9_990);
    // 9 990 × 10 = 99 900 units → 9 coins, 9 900 carried.
    expect(await sweepMemberCoins(t.db, m.id)).toBe(9);
    await validBet(t, m.id, 10);
    // 9 900 + 100 = 10 000 → one more coin.
    expect(await sweepMemberCoins(t.db, m.id)).toBe(1);
    // Σ = 16 000 fen at 10 per ¥100 = 16 coins exactly.
    expect(await coinsOf(t.db, m.id)).toBe(16);
  });

  it('a rate the operator sets applies to the bets swept after it', async () => {
    const m = await mallMember(t);
    await runOpsCommand(t.db, ['config', 'set', 'coinsPer100Yuan', '25']);
    await validBet(t, m.id, 40_000); // ¥400 × 25 / 100 = 100 coins
    expect(await sweepMemberCoins(t.db, m.id)).toBe(100);
  });

  it('each valid bet counts once: sweeps again, in parallel, the node timer and the page at once', async () => {
    const m = await mallMember(t);
    const bets = [];
    for (let i = 0; i < 30; i += 1) bets.push(await validBet(t, m.id, 1_000 + i * 100));
    const total = bets.reduce((s, _, i) => s + 1_000 + i * 100, 0); // 73 500 fen → 73 coins, 5 000 carried
    const runs = await Promise.all([
      ...Array.from({ length: 10 }, () => sweepMemberCoins(t.db, m.id)),
      sweepCoins(t.db).then((r) => r.coins),
    ]);
    expect(runs.reduce((s, n) => s + n, 0)).toBe(Math.floor((total * 10) / 10_000));
    expect(await coinsOf(t.db, m.id)).toBe(73);
    expect(await sweepMemberCoins(t.db, m.id)).toBe(0);
    // The ledger id names the bet.
    const { rows } = await t.db.query<{ id: string }>(
      `SELECT id FROM ledger_transfers WHERE kind = 'coins_bet' AND memo->>'validBet' = $1`,
      [String(bets[0])],
    );
    expect(rows.map((r) => r.id)).toEqual([`coins-bet:${bets[0]}`]);
  });

  it('opening the mall credits what the timer has not yet', async () => {
    const m = await mallMember(t);
    await validBet(t, m.id, 100_000); // ¥1000 → 100 coins
    const body = await mallCall(t, m, MALL_PATH.items);
    expect(body.status_code).toBe(CODE.success);
    expect(body.data.coins).toBe(100);
    expect(body.data.rate).toBe(10);
  });
});

describe('grantCoins and the operator', () => {
  it('grants once per id (activities will call it), with its reason as the kind', async () => {
    const m = await mallMember(t);
    await Promise.all(
      Array.from({ length: 20 }, () =>
        t.db.transaction((tx) =>
          grantCoins(tx, { id: `act-${m.id}`, memberId: m.id, coins: 7, reason: 'activity_signin' }),
        ),
      ),
    );
    expect(await coinsOf(t.db, m.id)).toBe(7);
    expect((await findTransfer(t.db, `coins-grant:act-${m.id}`))!.kind).toBe('coins_activity_signin');
    await expect(
      grantCoins(t.db, { id: 'x-bad-1', memberId: m.id, coins: 0, reason: 'activity' }),
    ).rejects.toThrow();
    await expect(
      grantCoins(t.db, { id: 'x-bad-2', memberId: m.id, coins: 1.5, reason: 'activity' }),
    ).rejects.toThrow();
  });

  it('`mall coins <phone> <n> <reason> [id]` grants once per id', async () => {
    const m = await mallMember(t);
    const out = await runOpsCommand(t.db, ['mall', 'coins', m.phone, '40', '补偿', `ops-${m.id}`]);
    expect(out).toContain('granted 40 coins');
    await runOpsCommand(t.db, ['mall', 'coins', m.phone, '40', '补偿', `ops-${m.id}`]);
    expect(await coinsOf(t.db, m.id)).toBe(40);
    expect(await runOpsCommand(t.db, ['mall', 'coins', '(86)13999999999', '4', 'x'])).toContain('no member');
    await expect(runOpsCommand(t.db, ['mall', 'coins', m.phone, 'abc', 'x'])).rejects.toThrow(/mall/);
  });
});
