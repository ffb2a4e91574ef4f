// The wallet API (issue 9 §2): summary, transfers in and out, recall, the 免转 switch, the venue-refresh lock,
// member info withLockMoney, the transaction record; money moved once per request id; the ledger reconciles
// after every test. PGlite, and PostgreSQL in server-pg.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../src/protocol/api.ts';
import { checkLedger, transfer } from '../../server/modules/ledger/ledger.ts';
import { hashPassword } from '../../server/security/password.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const SUMMARY = '/fd/api/v1/wallet/summary';
const TRANSFER = '/fd/api/v1/wallet/transfer';
const RECALL = '/fd/api/v1/wallet/recall';
const AUTO = '/fd/api/v1/wallet/autoTransfer';
const REFRESH = '/fd/api/v1/wallet/venue/refresh';
const RECORDS = '/fd/api/v1/wallet/records';
const INFO = '/site/api/v1/user/member/info';
/** Design (docs/api.md "Wallet", issue 9 §2 "locked for a few seconds"): 5 s. */
const REFRESH_LOCK_MS = 5_000;

let t: TestApp;
let seq = 0;
const OPEN_A = 'WALLET_A';
const OPEN_B = 'WALLET_B';
const DOWN = 'WALLET_DOWN';

beforeAll(async () => {
  t = await createTestApp();
  await t.db.query(
    `INSERT INTO venues (code, platform, name, provider, status) VALUES
       ('${OPEN_A}', 'QP', '测试棋牌', 'one', 'open'), ('${OPEN_B}', 'DZ', '测试电子', 'two', 'open'),
       ('${DOWN}', 'TY', '测试体育', 'three', 'maintenance')`,
  );
});
afterAll(() => t.close());
afterEach(async () => {
  expect((await checkLedger(t.db)).problems).toEqual([]);
});

interface Player {
  id: number;
  token: string;
}

/** A member who logged in through the API, with `fen` deposited into the central wallet. */
async function player(fen = 0): Promise<Player> {
  seq += 1;
  const phone = `1370000${String(seq).padStart(4, '0')}`;
  const { rows } = await t.db.query<{ id: string }>(
    'INSERT INTO members (phone, password_hash, invite_code) VALUES ($1, $2, $3) RETURNING id',
    [`(86)${phone}`, await hashPassword('pass1234'), `W${phone.slice(-8)}`],
  );
  const res = await t.call({
    method: 'POST',
    url: '/site/api/v1/user/login',
    payload: { countryCode: '86', phone, password: 'pass1234', remember: false },
  });
  expect(res.body.status_code).toBe(CODE.success);
  const id = Number(rows[0]!.id);
  if (fen > 0)
    await transfer(t.db, {
      id: `seed-${id}-deposit`,
      from: { kind: 'cash_in' },
      to: { memberId: id, kind: 'central' },
      amount: fen,
      kind: 'deposit',
    });
  return { id, token: res.body.data.token as string };
}

const as = (p: Player, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.call({ method, url, headers: { 'X-API-TOKEN': p.token }, ...(payload === undefined ? {} : { payload }) });

const summary = async (p: Player) => (await as(p, 'GET', SUMMARY)).body.data;
const venueBalance = async (p: Player, code: string) =>
  ((await summary(p)).venues as Array<{ venue: string; balance: number }>).find((v) => v.venue === code)!
    .balance;

describe('wallet summary and member info (issue 9 §2, spec §7 withLockMoney)', () => {
  it('needs a login (spec §6: 10004)', async () => {
    const res = await t.call({ method: 'GET', url: SUMMARY });
    expect(res.body.status_code).toBe(10004);
  });

  it('shows the central wallet, every venue wallet with its status, total and locked', async () => {
    const p = await player(50_000);
    const s = await summary(p);
    expect(s.central).toEqual({ balance: 50_000, held: 0, available: 50_000 });
    expect(s.total).toBe(50_000);
    expect(s.locked).toBe(0);
    expect(s.autoTransfer).toBe(false);
    const down = s.venues.find((v: { venue: string }) => v.venue === DOWN);
    expect(down).toMatchObject({ status: 'maintenance', balance: 0, name: '测试体育' });
    const info = await as(p, 'POST', INFO, { withLockMoney: 1 });
    expect(info.body.data).toMatchObject({ balance: 50_000, lockMoney: 0 });
    const plain = await as(p, 'POST', INFO, {});
    expect(plain.body.data.balance).toBeUndefined();
  });
});

describe('transfers between the central wallet and a venue (issue 9 §2)', () => {
  it('moves money in and out; the summary follows', async () => {
    const p = await player(10_000);
    const into = await as(p, 'POST', TRANSFER, {
      requestId: 'req-in-000001',
      direction: 'in',
      venue: OPEN_A,
      amount: 3_000,
    });
    expect(into.body.status_code).toBe(CODE.success);
    expect(into.body.data).toMatchObject({ central: 7_000, venue: { venue: OPEN_A, balance: 3_000 } });
    const out = await as(p, 'POST', TRANSFER, {
      requestId: 'req-out-00001',
      direction: 'out',
      venue: OPEN_A,
      amount: 1_000,
    });
    expect(out.body.data).toMatchObject({ central: 8_000, venue: { balance: 2_000 } });
    expect((await summary(p)).total).toBe(10_000);
  });

  it('refuses what the wallet cannot afford (30001), a venue under maintenance (30003), bad input (10003)', async () => {
    const p = await player(1_000);
    const res = await as(p, 'POST', TRANSFER, {
      requestId: 'req-over-0001',
      direction: 'in',
      venue: OPEN_A,
      amount: 1_001,
    });
    expect(res.body.status_code).toBe(30001);
    expect(res.body.message).toBe('余额不足');
    const down = await as(p, 'POST', TRANSFER, {
      requestId: 'req-down-0001',
      direction: 'in',
      venue: DOWN,
      amount: 100,
    });
    expect(down.body.status_code).toBe(30003);
    for (const bad of [
      { requestId: 'short', direction: 'in', venue: OPEN_A, amount: 100 },
      { requestId: 'req-bad-00001', direction: 'sideways', venue: OPEN_A, amount: 100 },
      { requestId: 'req-bad-00002', direction: 'in', venue: OPEN_A, amount: 0 },
      { requestId: 'req-bad-00003', direction: 'in', venue: OPEN_A, amount: 1.5 },
      { requestId: 'req-bad-00004', direction: 'in', venue: 'NO_SUCH_VENUE', amount: 100 },
    ]) {
      expect((await as(p, 'POST', TRANSFER, bad)).body.status_code).toBe(10003);
    }
    expect((await summary(p)).central.balance).toBe(1_000);
  });

  it('a double click, a retry and a second tab with the same request id move the money once', async () => {
    const p = await player(10_000);
    const body = { requestId: 'req-twice-001', direction: 'in', venue: OPEN_B, amount: 2_500 };
    const answers = await Promise.all(Array.from({ length: 20 }, () => as(p, 'POST', TRANSFER, body)));
    expect(answers.every((a) => a.body.status_code === CODE.success)).toBe(true);
    expect(await venueBalance(p, OPEN_B)).toBe(2_500);
    expect((await summary(p)).central.balance).toBe(7_500);
    // The same id with another amount is not the same request (30002).
    const other = await as(p, 'POST', TRANSFER, { ...body, amount: 2_600 });
    expect(other.body.status_code).toBe(30002);
  });

  it("one member's request id does not collide with another member's", async () => {
    const [a, b] = [await player(1_000), await player(1_000)];
    const body = { requestId: 'req-shared-01', direction: 'in', venue: OPEN_A, amount: 400 };
    expect((await as(a, 'POST', TRANSFER, body)).body.status_code).toBe(CODE.success);
    expect((await as(b, 'POST', TRANSFER, body)).body.status_code).toBe(CODE.success);
    expect(await venueBalance(b, OPEN_A)).toBe(400);
  });
});

describe('一键回收 and 免转 (issue 9 §2)', () => {
  it('recall brings every open venue balance back, skips one under maintenance, and moves once per request', async () => {
    const p = await player(9_000);
    await as(p, 'POST', TRANSFER, {
      requestId: 'rc-in-a-0001',
      direction: 'in',
      venue: OPEN_A,
      amount: 2_000,
    });
    await as(p, 'POST', TRANSFER, {
      requestId: 'rc-in-b-0001',
      direction: 'in',
      venue: OPEN_B,
      amount: 3_000,
    });
    // Money already in a venue that then went into maintenance stays there.
    await transfer(t.db, {
      id: `rc-down-${p.id}`,
      from: { memberId: p.id, kind: 'central' },
      to: { memberId: p.id, kind: 'venue', venue: DOWN },
      amount: 1_000,
      kind: 'transfer_in',
    });
    const first = await as(p, 'POST', RECALL, { requestId: 'recall-000001' });
    expect(first.body.data.central).toBe(8_000);
    expect(first.body.data.skipped).toEqual([DOWN]);
    expect(first.body.data.recalled).toEqual(
      expect.arrayContaining([
        { venue: OPEN_A, amount: 2_000 },
        { venue: OPEN_B, amount: 3_000 },
      ]),
    );
    const again = await as(p, 'POST', RECALL, { requestId: 'recall-000001' });
    expect(again.body.data).toEqual(first.body.data);
    expect((await summary(p)).central.balance).toBe(8_000);
  });

  it('switching 免转 on recalls everything at once; off recalls nothing', async () => {
    const p = await player(5_000);
    await as(p, 'POST', TRANSFER, {
      requestId: 'auto-in-0001',
      direction: 'in',
      venue: OPEN_A,
      amount: 5_000,
    });
    const on = await as(p, 'POST', AUTO, { enabled: true, requestId: 'auto-on-0001' });
    expect(on.body.data.autoTransfer).toBe(true);
    expect(on.body.data.recall.central).toBe(5_000);
    expect((await summary(p)).autoTransfer).toBe(true);
    const off = await as(p, 'POST', AUTO, { enabled: false, requestId: 'auto-off-001' });
    expect(off.body.data).toEqual({ autoTransfer: false, recall: null });
  });
});

describe('venue refresh lock (issue 9 §2)', () => {
  it('answers the venue balance, then refuses another refresh of it for 5 s (30004 with the wait)', async () => {
    const p = await player(2_000);
    await as(p, 'POST', TRANSFER, { requestId: 'rf-in-000001', direction: 'in', venue: OPEN_A, amount: 700 });
    const before = Date.now();
    const first = await as(p, 'POST', REFRESH, { venue: OPEN_A });
    expect(first.body.data.venue.balance).toBe(700);
    expect(first.body.data.lockedUntil).toBeGreaterThanOrEqual(before + REFRESH_LOCK_MS - 1_000);
    const second = await as(p, 'POST', REFRESH, { venue: OPEN_A });
    expect(second.body.status_code).toBe(30004);
    expect(second.body.data.retryAfterMs).toBeGreaterThan(0);
    expect(second.body.data.retryAfterMs).toBeLessThanOrEqual(REFRESH_LOCK_MS);
    // Another venue is not locked by it.
    expect((await as(p, 'POST', REFRESH, { venue: OPEN_B })).body.status_code).toBe(CODE.success);
    // Once the lock ran out (moved back in the database), it refreshes again.
    await t.db.query(
      `UPDATE wallet_refresh_locks SET locked_until = now() - interval '1 second' WHERE member_id = $1`,
      [p.id],
    );
    expect((await as(p, 'POST', REFRESH, { venue: OPEN_A })).body.status_code).toBe(CODE.success);
  });
});

describe('transaction record (issue 9 §4)', () => {
  it('lists every movement newest first with its id, wallet, signed amount and balance after; filters and pages', async () => {
    const p = await player(10_000);
    await as(p, 'POST', TRANSFER, {
      requestId: 'rec-in-00001',
      direction: 'in',
      venue: OPEN_A,
      amount: 1_500,
    });
    await as(p, 'POST', TRANSFER, {
      requestId: 'rec-out-0001',
      direction: 'out',
      venue: OPEN_A,
      amount: 500,
    });
    const all = await as(p, 'POST', RECORDS, {});
    expect(all.body.data.total).toBe(5); // deposit (1 entry), in (2 entries: central and venue), out (2)
    const [newest] = all.body.data.items;
    expect(newest).toMatchObject({ kind: 'transfer_out' });
    const deposits = await as(p, 'POST', RECORDS, { kind: 'deposit' });
    expect(deposits.body.data.items).toEqual([
      expect.objectContaining({
        id: `seed-${p.id}-deposit`,
        kind: 'deposit',
        wallet: 'central',
        amount: 10_000,
        balanceAfter: 10_000,
      }),
    ]);
    const page2 = await as(p, 'POST', RECORDS, { page: 2, pageSize: 2 });
    expect(page2.body.data.items).toHaveLength(2);
    expect(page2.body.data).toMatchObject({ page: 2, pageSize: 2, total: 5 });
    const today = new Date().toISOString().slice(0, 10);
    expect((await as(p, 'POST', RECORDS, { from: today, to: today })).body.data.total).toBe(5);
    expect((await as(p, 'POST', RECORDS, { from: '2000-01-01', to: '2000-01-02' })).body.data.total).toBe(0);
    expect((await as(p, 'POST', RECORDS, { from: today, to: '2000-01-01' })).body.status_code).toBe(10003);
    expect((await as(p, 'POST', RECORDS, { pageSize: 51 })).body.status_code).toBe(10003);
    // Another member sees none of it.
    const other = await player();
    expect((await as(other, 'POST', RECORDS, {})).body.data.total).toBe(0);
  });
});
