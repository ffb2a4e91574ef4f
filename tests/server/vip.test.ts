// The VIP programme (issue 13 §3; docs/vip.md): the measures, the level computation at and around every
// threshold, one level a day, the 90-day keep rule, the rewards paid once (concurrency, retries), the
// withdrawal limits per level, the operator commands. PGlite, and PostgreSQL in server-pg; the ledger's check
// runs after every test.
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, transfer } from '../../server/modules/ledger/ledger.ts';
import { hashToken } from '../../server/modules/member/sessions.ts';
import { vipStatusOf } from '../../server/modules/vip/status.ts';
import { HEADER } from '../../src/protocol/api.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let seq = 0;

interface Member {
  id: number;
  token: string;
  phone: string;
}

async function member(opts: { birthday?: string; level?: number; createdAt?: Date } = {}): Promise<Member> {
  seq += 1;
  const tag = `${process.pid % 1000}${String(seq).padStart(4, '0')}`.padStart(7, '0');
  const phone = `(86)1381${tag}`;
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO members (phone, password_hash, invite_code, vip_level, birthday, created_at)
     VALUES ($1, 'x', $2, $3, $4, $5) RETURNING id`,
    [phone, `VP${tag}`, opts.level ?? 0, opts.birthday ?? null, opts.createdAt ?? new Date()],
  );
  const id = Number(rows[0]!.id);
  const token = randomBytes(32).toString('base64url');
  await t.db.query(
    `INSERT INTO sessions (token_hash, member_id, remember, expires_at) VALUES ($1, $2, false, now() + interval '1 day')`,
    [hashToken(token), id],
  );
  return { id, token, phone };
}

/** A credited deposit of `fen` (a paid order and its ledger credit), at `at`. */
async function deposit(m: Member, fen: number, at: Date = new Date()): Promise<void> {
  const orderId = `D${Date.now()}${randomBytes(5).toString('hex').toUpperCase()}`;
  await transfer(t.db, {
    id: `dep:${orderId}`,
    from: { kind: 'cash_in' },
    to: { memberId: m.id, kind: 'central' },
    amount: fen,
    kind: 'deposit',
  });
  await t.db.query(
    `INSERT INTO deposit_orders (id, member_id, request_id, channel, amount, turnover_multiple, bonus_turnover_multiple,
                                 state, expires_at, provider_tx, transfer_id, created_at, settled_at)
     VALUES ($1, $2, $3, 'bank', $4, 1, 3, 'paid', $5, $6, $7, $5, $5)`,
    [orderId, m.id, `r-${orderId}`, fen, at, `tx-${orderId}`, `dep:${orderId}`],
  );
}

/** A pending (not credited) order: it never counts. */
async function pendingDeposit(m: Member, fen: number): Promise<void> {
  const orderId = `D${Date.now()}${randomBytes(5).toString('hex').toUpperCase()}`;
  await t.db.query(
    `INSERT INTO deposit_orders (id, member_id, request_id, channel, amount, turnover_multiple, bonus_turnover_multiple, expires_at)
     VALUES ($1, $2, $3, 'bank', $4, 1, 3, now() + interval '15 minutes')`,
    [orderId, m.id, `r-${orderId}`, fen],
  );
}

/** A settled valid bet of `fen` at `at`. */
async function bet(m: Member, fen: number, at: Date = new Date()): Promise<void> {
  await t.db.query('INSERT INTO valid_bets (member_id, venue, bet_id, amount, settled_at) VALUES ($1, $2, $3, $4, $5)', [
    m.id,
    'vip-test',
    randomBytes(8).toString('hex'),
    fen,
    at,
  ]);
}

async function growth(m: Member, fen: number): Promise<void> {
  await t.db.query('INSERT INTO vip_growth (id, member_id, amount, reason) VALUES ($1, $2, $3, $4)', [
    `g-${randomBytes(6).toString('hex')}`,
    m.id,
    fen,
    'mall',
  ]);
}

export async function call(m: Member | null, url: string, payload?: unknown) {
  const res = await t.call({
    method: payload === undefined ? 'GET' : 'POST',
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: m ? { [HEADER.token]: m.token } : {},
  });
  expect(res.status).toBeLessThan(500);
  return res.body;
}

const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  expect((await checkLedger(t.db)).problems).toEqual([]);
});

describe('the measures (issue 13 §3)', () => {
  it('counts credited deposits, valid bets and vip_growth; the keep window only valid bets of the last 90 days', async () => {
    const m = await member();
    await deposit(m, 150_000);
    await deposit(m, 50_000);
    await pendingDeposit(m, 900_000);
    await bet(m, 300_000);
    await bet(m, 200_000, new Date(Date.now() - 91 * DAY));
    await growth(m, 70_000);
    const s = await vipStatusOf(t.db, m.id);
    expect(s).toEqual({
      level: 0,
      deposit: 200_000,
      validBet: 570_000,
      // VIP1: ¥1,000 deposit and ¥5,000 valid bet (src/protocol/vip.ts, docs/vip.md).
      next: { level: 1, deposit: 100_000, validBet: 500_000 },
      keep: { validBet: 300_000, required: 0 },
    });
  });

  it('an unknown member reads as VIP0 with nothing counted', async () => {
    const s = await vipStatusOf(t.db, 987_654_321);
    expect(s.level).toBe(0);
    expect(s.deposit).toBe(0);
  });
});
