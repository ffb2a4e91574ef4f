// Deposits (issue 9 §3): the channels, order creation and its validation (limits, closed channels, the caller's
// requestId as idempotency key), detail, cancel, expiry and the operator commands. The cashier, the notify
// endpoint and the crediting are in deposit-cashier.test.ts. Runs on PGlite and (server-pg) on PostgreSQL; the
// ledger's reconciliation check runs after every test.
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../server/modules/ledger/ledger.ts';
import { hashToken } from '../../server/modules/member/sessions.ts';
import { runOpsCommand } from '../../server/ops/commands.ts';
import { CODE, HEADER } from '../../src/protocol/api.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let seq = 0;

interface Member {
  id: number;
  token: string;
}

async function newMember(): Promise<Member> {
  seq += 1;
  const tag = `${process.pid % 1000}${String(seq).padStart(4, '0')}`;
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO members (phone, password_hash, invite_code) VALUES ($1, 'x', $2) RETURNING id`,
    [`(86)1370${tag.padStart(7, '0')}`, `DP${tag.padStart(7, '0')}`],
  );
  const id = Number(rows[0]!.id);
  const token = randomBytes(32).toString('base64url');
  await t.db.query(
    `INSERT INTO sessions (token_hash, member_id, remember, expires_at) VALUES ($1, $2, false, now() + interval '1 day')`,
    [hashToken(token), id],
  );
  return { id, token };
}

const rid = () => `req-${randomBytes(8).toString('hex')}`;

async function call(m: Member | null, url: string, payload?: unknown) {
  const res = await t.call({
    method: payload === undefined ? 'GET' : 'POST',
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: m ? { [HEADER.token]: m.token } : {},
  });
  expect(res.status).toBeLessThan(500);
  return res.body;
}

const create = (m: Member, body: Record<string, unknown>) => call(m, '/fd/api/v1/deposit/order', body);
const detail = (m: Member, orderId: string) => call(m, '/fd/api/v1/deposit/order/detail', { orderId });
const cancel = (m: Member, orderId: string) => call(m, '/fd/api/v1/deposit/order/cancel', { orderId });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  expect((await checkLedger(t.db)).problems).toEqual([]);
});

describe('channels (issue 9 §3)', () => {
  it('lists every channel of spec §2 from the database with limits, presets, bonus, fee and state', async () => {
    const m = await newMember();
    const body = await call(m, '/fd/api/v1/deposit/channels');
    expect(body.status_code).toBe(CODE.success);
    const channels = body.data.channels as Array<Record<string, any>>;
    expect(channels.map((c) => c.code)).toEqual([
      'bank',
      'alipay',
      'wechat',
      'ebpay',
      'koipay',
      'sharelife',
      'digital_rmb',
      'usdt',
    ]);
    expect(body.data.orderTtlS).toBe(900);
    for (const c of channels) {
      expect(c.min).toBeGreaterThan(0);
      expect(c.max).toBeGreaterThanOrEqual(c.min);
      for (const p of c.presets) expect(p >= c.min && p <= c.max).toBe(true);
      expect(c.open).toBe(true);
    }
    const bank = channels.find((c) => c.code === 'bank')!;
    expect(bank).toMatchObject({
      name: '银行卡转账',
      min: 10_000,
      max: 5_000_000,
      bonus: { percentBp: 100, cap: 18_800 },
    });
    expect(channels.find((c) => c.code === 'koipay')!.fee).toEqual({ percentBp: 100, cap: 5_000 });
    expect(channels.find((c) => c.code === 'usdt')).toMatchObject({ kind: 'usdt', usdtRate: 720 });
    expect(channels.find((c) => c.code === 'alipay')).toMatchObject({
      bonus: null,
      fee: null,
      usdtRate: null,
    });
  });

  it('needs a token (10004)', async () => {
    expect((await call(null, '/fd/api/v1/deposit/channels')).status_code).toBe(CODE.tokenInvalid);
    expect(
      (await call(null, '/fd/api/v1/deposit/order', { requestId: rid(), channel: 'bank', amount: 10_000 }))
        .status_code,
    ).toBe(CODE.tokenInvalid);
  });
});

describe('creating an order', () => {
  it('answers a pending order with bonus, fee, expiry (15 min) and the cashier link', async () => {
    const m = await newMember();
    const before = Date.now();
    const body = await create(m, { requestId: rid(), channel: 'bank', amount: 123_456 });
    expect(body.status_code).toBe(CODE.success);
    const o = body.data;
    expect(o).toMatchObject({
      channel: 'bank',
      channelName: '银行卡转账',
      amount: 123_456,
      bonus: 1_234, // 1 %, cut (never rounded up)
      fee: 0,
      credit: 123_456,
      state: 'pending',
      confirming: false,
      settledAt: null,
      usdt: null,
      turnoverRequired: 123_456 + 1_234 * 3,
    });
    expect(o.orderId).toMatch(/^D\d{14}[0-9A-Z]{8}$/);
    expect(o.expiresAt - before).toBeGreaterThan(15 * 60_000 - 5_000);
    expect(o.expiresAt - before).toBeLessThan(15 * 60_000 + 5_000);
    expect(o.cashierUrl).toMatch(new RegExp(`^/sandbox/cashier/${o.orderId}\\?t=[0-9a-f]{32}$`));
  });

  it('caps the bonus and takes the fee (KOIpay 1 %, cap 50.00)', async () => {
    const m = await newMember();
    const big = (await create(m, { requestId: rid(), channel: 'koipay', amount: 5_000_000 })).data;
    expect(big).toMatchObject({ bonus: 28_800, fee: 5_000, credit: 4_995_000 });
    const small = (await create(m, { requestId: rid(), channel: 'koipay', amount: 10_099 })).data;
    expect(small).toMatchObject({ bonus: 201, fee: 100, credit: 9_999 });
  });

  it('refuses amounts outside the channel limits (30012) and closed or unknown channels (30011)', async () => {
    const m = await newMember();
    expect((await create(m, { requestId: rid(), channel: 'alipay', amount: 4_999 })).status_code).toBe(
      CODE.amountOutOfRange,
    );
    expect((await create(m, { requestId: rid(), channel: 'alipay', amount: 2_000_001 })).status_code).toBe(
      CODE.amountOutOfRange,
    );
    expect((await create(m, { requestId: rid(), channel: 'alipay', amount: 5_000 })).status_code).toBe(
      CODE.success,
    );
    expect((await create(m, { requestId: rid(), channel: 'alipay', amount: 2_000_000 })).status_code).toBe(
      CODE.success,
    );
    expect((await create(m, { requestId: rid(), channel: 'paypal', amount: 10_000 })).status_code).toBe(
      CODE.channelUnavailable,
    );
    await t.db.query(`UPDATE deposit_channels SET open = false WHERE code = 'sharelife'`);
    try {
      expect((await create(m, { requestId: rid(), channel: 'sharelife', amount: 10_000 })).status_code).toBe(
        CODE.channelUnavailable,
      );
      const listed = (await call(m, '/fd/api/v1/deposit/channels')).data.channels as Array<{
        code: string;
        open: boolean;
      }>;
      expect(listed.find((c) => c.code === 'sharelife')!.open).toBe(false);
    } finally {
      await t.db.query(`UPDATE deposit_channels SET open = true WHERE code = 'sharelife'`);
    }
    const { rows } = await t.db.query<{ n: string }>(
      'SELECT count(*) AS n FROM deposit_orders WHERE member_id = $1',
      [m.id],
    );
    expect(Number(rows[0]!.n)).toBe(2);
  });

  it('refuses malformed input with 10003, never a 5xx', async () => {
    const m = await newMember();
    const bad: unknown[] = [
      {},
      { requestId: rid(), channel: 'bank' },
      { requestId: rid(), channel: 'bank', amount: 100.5 },
      { requestId: rid(), channel: 'bank', amount: '10000' },
      { requestId: rid(), channel: 'bank', amount: 0 },
      { requestId: rid(), channel: 'bank', amount: -10_000 },
      { requestId: rid(), channel: 'bank', amount: 1e20 },
      { requestId: 'short', channel: 'bank', amount: 10_000 },
      { requestId: rid(), channel: 'BANK; drop', amount: 10_000 },
      { requestId: rid(), channel: 'bank', amount: 10_000, extra: 1 },
    ];
    for (const payload of bad)
      expect((await create(m, payload as Record<string, unknown>)).status_code).toBe(CODE.validation);
    for (const orderId of ['', 'x', 'D123', 'd20261123000000ABCDEFGH', "D1' OR 1=1"])
      expect((await detail(m, orderId)).status_code).toBe(CODE.validation);
  });
});

describe('idempotency (the caller-made requestId)', () => {
  it('the same requestId with the same fields answers the same order; other fields answer 30002', async () => {
    const m = await newMember();
    const requestId = rid();
    const first = await create(m, { requestId, channel: 'wechat', amount: 30_000 });
    const again = await create(m, { requestId, channel: 'wechat', amount: 30_000 });
    expect(again.data.orderId).toBe(first.data.orderId);
    expect((await create(m, { requestId, channel: 'wechat', amount: 30_001 })).status_code).toBe(
      CODE.duplicateRequest,
    );
    expect((await create(m, { requestId, channel: 'alipay', amount: 30_000 })).status_code).toBe(
      CODE.duplicateRequest,
    );
    // Another member's same requestId is their own order.
    const other = await newMember();
    const theirs = await create(other, { requestId, channel: 'wechat', amount: 30_000 });
    expect(theirs.data.orderId).not.toBe(first.data.orderId);
    // Still the same order after it was cancelled (a retry must not open a second one).
    await cancel(m, first.data.orderId);
    const later = await create(m, { requestId, channel: 'wechat', amount: 30_000 });
    expect(later.data).toMatchObject({ orderId: first.data.orderId, state: 'cancelled' });
  });

  it('20 parallel creates with one requestId make one order', async () => {
    const m = await newMember();
    const requestId = rid();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => create(m, { requestId, channel: 'digital_rmb', amount: 50_000 })),
    );
    expect(new Set(answers.map((a) => a.status_code))).toEqual(new Set([CODE.success]));
    expect(new Set(answers.map((a) => a.data.orderId)).size).toBe(1);
    const { rows } = await t.db.query<{ n: string }>(
      'SELECT count(*) AS n FROM deposit_orders WHERE member_id = $1',
      [m.id],
    );
    expect(Number(rows[0]!.n)).toBe(1);
  });
});

describe('detail, list, cancel and expiry', () => {
  it('detail answers only the member’s own orders (30014 otherwise)', async () => {
    const m = await newMember();
    const o = (await create(m, { requestId: rid(), channel: 'ebpay', amount: 10_000 })).data;
    expect((await detail(m, o.orderId)).data).toEqual(o);
    const other = await newMember();
    expect((await detail(other, o.orderId)).status_code).toBe(CODE.orderNotFound);
    expect((await detail(m, 'D20990101000000ZZZZZZZZ')).status_code).toBe(CODE.orderNotFound);
    expect((await cancel(other, o.orderId)).status_code).toBe(CODE.orderNotFound);
    const list = await call(m, '/fd/api/v1/deposit/order/list', {});
    expect(list.data.orders.map((x: { orderId: string }) => x.orderId)).toEqual([o.orderId]);
    expect((await call(other, '/fd/api/v1/deposit/order/list', { limit: 5 })).data.orders).toEqual([]);
  });

  it('cancel moves pending → cancelled once; cancelling again answers the same', async () => {
    const m = await newMember();
    const o = (await create(m, { requestId: rid(), channel: 'alipay', amount: 10_000 })).data;
    const c = await cancel(m, o.orderId);
    expect(c.data).toMatchObject({ orderId: o.orderId, state: 'cancelled' });
    expect(c.data.settledAt).toBeGreaterThan(0);
    const again = await cancel(m, o.orderId);
    expect(again.data).toMatchObject({ state: 'cancelled', settledAt: c.data.settledAt });
  });

  it('an order past its expiry reads as expired; it can be neither cancelled (30013) nor changed', async () => {
    const m = await newMember();
    const o = (await create(m, { requestId: rid(), channel: 'wechat', amount: 10_000 })).data;
    await t.db.query(`UPDATE deposit_orders SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      o.orderId,
    ]);
    const d = await detail(m, o.orderId);
    expect(d.data).toMatchObject({ state: 'expired' });
    expect((await cancel(m, o.orderId)).status_code).toBe(CODE.orderExpired);
    // The database refuses a second state change, whoever asks.
    await expect(
      t.db.query(`UPDATE deposit_orders SET state = 'cancelled' WHERE id = $1`, [o.orderId]),
    ).rejects.toThrow(/settle once/);
  });

  it('the background sweep and the list expire due orders nobody read', async () => {
    const m = await newMember();
    const o = (await create(m, { requestId: rid(), channel: 'wechat', amount: 10_000 })).data;
    await t.db.query(`UPDATE deposit_orders SET expires_at = now() - interval '1 minute' WHERE id = $1`, [
      o.orderId,
    ]);
    const list = await call(m, '/fd/api/v1/deposit/order/list', null);
    expect(list.data.orders[0]).toMatchObject({ orderId: o.orderId, state: 'expired' });
  });
});

describe('operators (npm run ops -- deposit)', () => {
  it('deposit list and deposit show <order>', async () => {
    const m = await newMember();
    const o = (await create(m, { requestId: rid(), channel: 'bank', amount: 100_000 })).data;
    const list = await runOpsCommand(t.db, ['deposit', 'list', '5']);
    expect(list).toContain(o.orderId);
    expect(list).toContain('1,000.00');
    const show = await runOpsCommand(t.db, ['deposit', 'show', o.orderId]);
    expect(show).toContain(`order      ${o.orderId} (pending)`);
    expect(show).toContain('bonus 10.00');
    expect(await runOpsCommand(t.db, ['deposit', 'show', 'D20990101000000ZZZZZZZZ'])).toMatch(
      /no deposit order/,
    );
    await expect(runOpsCommand(t.db, ['deposit'])).rejects.toThrow(/deposit list/);
    await expect(runOpsCommand(t.db, ['deposit', 'show', 'nope'])).rejects.toThrow(/deposit show/);
    await expect(runOpsCommand(t.db, ['deposit', 'list', '0'])).rejects.toThrow(/count/);
  });
});
