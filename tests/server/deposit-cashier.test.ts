// The sandbox cashier and the site's notify endpoint (issue 9 §3, §6): the page (Chinese, marked as a play-money
// sandbox, amounts with two decimals and thousands separators, under the site's CSP), paying credits the ledger
// exactly once with the turnover requirement, a callback replayed 50 times in parallel credits once, tampered,
// reordered and late callbacks are refused or absorbed, cancel and expiry, and USDT confirmed after the sandbox
// block delay. The ledger's reconciliation check runs after every test. PGlite and (server-pg) PostgreSQL.
import type { InjectOptions } from 'fastify';
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hmacSha256 } from '../../server/security/hmac.ts';
import { DEV_SIGNING_SECRET } from '../../server/security/signing.ts';
import { balanceOf, checkLedger, findTransfer } from '../../server/modules/ledger/ledger.ts';
import { hashToken } from '../../server/modules/member/sessions.ts';
import { signNotify, type NotifyPayload } from '../../server/modules/deposit/notify.ts';
import { CODE, HEADER } from '../../src/protocol/api.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const USDT_DELAY_MS = 300;

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
    [`(86)1360${tag.padStart(7, '0')}`, `DC${tag.padStart(7, '0')}`],
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

async function api(m: Member, url: string, payload: unknown) {
  const res = await t.call({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { [HEADER.token]: m.token },
  });
  expect(res.status).toBeLessThan(500);
  return res.body;
}

interface Order {
  orderId: string;
  amount: number;
  bonus: number;
  fee: number;
  state: string;
  confirming: boolean;
  expiresAt: number;
  cashierUrl: string;
  usdt: { address: string; rate: number; amount: string; micro: number } | null;
  turnoverRequired: number;
}

async function order(m: Member, channel: string, amount: number): Promise<Order> {
  const body = await api(m, '/fd/api/v1/deposit/order', { requestId: rid(), channel, amount });
  expect(body.status_code).toBe(CODE.success);
  return body.data as Order;
}

const detail = async (m: Member, orderId: string) =>
  (await api(m, '/fd/api/v1/deposit/order/detail', { orderId })).data as Order;

const central = async (m: Member) => (await balanceOf(t.db, { memberId: m.id, kind: 'central' })).balance;

const tokenOf = (o: Order) => new URL(o.cashierUrl, 'http://x').searchParams.get('t')!;

/** The cashier's form post, as the browser sends it. */
async function press(o: Order, action: 'pay' | 'cancel') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/sandbox/cashier/${o.orderId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ t: tokenOf(o), action }).toString(),
  });
  expect(res.statusCode).toBe(303);
  return res.headers.location as string;
}

/** A notification as the provider signs it. */
function payload(m: Member, o: Order, over: Partial<NotifyPayload> = {}): NotifyPayload {
  return {
    orderId: o.orderId,
    memberId: m.id,
    amount: o.amount,
    usdtMicro: o.usdt?.micro ?? null,
    status: 'paid',
    providerTx: 'SBXTEST0001',
    paidAt: Date.now(),
    sentAt: Date.now(),
    ...over,
  };
}

async function notify(body: { payload: string; signature: string }) {
  const res = await t.app.inject({ method: 'POST', url: '/sandbox/notify', payload: body });
  expect(res.statusCode).toBeLessThan(500);
  return res.json<{ status_code: number; message: string; data: any }>();
}

async function waitFor<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  process.env.DEPOSIT_USDT_CONFIRM_MS = String(USDT_DELAY_MS);
  t = await createTestApp();
});
afterAll(async () => {
  delete process.env.DEPOSIT_USDT_CONFIRM_MS;
  await t.close();
});
afterEach(async () => {
  expect((await checkLedger(t.db)).problems).toEqual([]);
});

describe('the cashier page', () => {
  it('is Chinese HTML marked as a play-money sandbox, shows the order, and keeps the site CSP', async () => {
    const m = await newMember();
    const o = await order(m, 'bank', 1_234_567);
    const res = await t.app.inject({ method: 'GET', url: o.cashierUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain('沙盒收银台 · 仅限游戏币');
    expect(html).toContain(o.orderId);
    expect(html).toContain('银行卡转账');
    expect(html).toContain('¥12,345.67'); // two decimals, thousands separators (spec §9)
    expect(html).toContain('¥123.45'); // the bonus: 1 %, cut
    expect(html).toContain('¥0.00'); // no fee
    expect(html).toMatch(/id="countdown">1[45]:\d\d</);
    expect(html).toContain('>支付</button>');
    expect(html).toContain('>取消</button>');
    // The site's CSP applies: scripts only from the site itself, and the page has no inline script.
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("form-action 'self'");
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const script = await t.app.inject({ method: 'GET', url: '/sandbox/cashier.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.body).toContain('/state?t=');
  });

  it('needs the order’s own token', async () => {
    const m = await newMember();
    const o = await order(m, 'alipay', 10_000);
    const other = await order(m, 'alipay', 10_001);
    const wrong = await t.app.inject({
      method: 'GET',
      url: `/sandbox/cashier/${o.orderId}?t=${tokenOf(other)}`,
    });
    expect(wrong.json().status_code).toBe(CODE.orderNotFound);
    const none = await t.app.inject({ method: 'GET', url: `/sandbox/cashier/${o.orderId}` });
    expect(none.json().status_code).toBe(CODE.validation);
    const post = await t.app.inject({
      method: 'POST',
      url: `/sandbox/cashier/${o.orderId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `t=${tokenOf(other)}&action=pay`,
    });
    expect(post.json().status_code).toBe(CODE.orderNotFound);
    expect((await detail(m, o.orderId)).state).toBe('pending');
    const state = await t.app.inject({
      method: 'GET',
      url: `/sandbox/cashier/${o.orderId}/state?t=${tokenOf(o)}`,
    });
    expect(state.json().data).toMatchObject({ state: 'pending', confirming: false });
  });
});

describe('paying (issue 9 §3)', () => {
  it('支付 makes the provider call back; the ledger is credited once, with bonus and turnover', async () => {
    const m = await newMember();
    const o = await order(m, 'bank', 100_000);
    expect(await press(o, 'pay')).toBe(o.cashierUrl);
    const d = await detail(m, o.orderId);
    expect(d).toMatchObject({ state: 'paid', confirming: false });
    expect(await central(m)).toBe(100_000 + 1_000);
    const credit = await findTransfer(t.db, `deposit:${o.orderId}`);
    expect(credit).toMatchObject({ amount: 100_000, kind: 'deposit', state: 'posted' });
    expect(await findTransfer(t.db, `deposit-bonus:${o.orderId}`)).toMatchObject({
      amount: 1_000,
      kind: 'deposit_bonus',
    });
    expect(await findTransfer(t.db, `deposit-fee:${o.orderId}`)).toBeNull();
    const { rows } = await t.db.query<{ required: string; member_id: string; transfer_id: string }>(
      `SELECT tr.required, tr.member_id, o.transfer_id FROM deposit_turnover tr JOIN deposit_orders o ON o.id = tr.order_id
        WHERE tr.order_id = $1`,
      [o.orderId],
    );
    expect(rows.map((r) => [Number(r.required), Number(r.member_id), r.transfer_id])).toEqual([
      [100_000 + 1_000 * 3, m.id, `deposit:${o.orderId}`],
    ]);
    const page = await t.app.inject({ method: 'GET', url: o.cashierUrl });
    expect(page.body).toContain('支付成功');
    expect(page.body).not.toContain('>支付</button>');
    // Pressing 支付 again (a second tab, a double click) pays nothing more.
    expect(await press(o, 'pay')).toBe(`${o.cashierUrl}&err=${CODE.orderSettled}`);
    expect(await central(m)).toBe(101_000);
  });

  it('a deposit without bonus records 1× the amount; a fee goes to the fees account', async () => {
    const m = await newMember();
    const plain = await order(m, 'alipay', 50_000);
    await press(plain, 'pay');
    const koi = await order(m, 'koipay', 200_000);
    await press(koi, 'pay');
    expect(await central(m)).toBe(50_000 + (200_000 - 2_000) + 4_000);
    const turnover = async (id: string) =>
      Number(
        (
          await t.db.query<{ r: string }>('SELECT required AS r FROM deposit_turnover WHERE order_id = $1', [
            id,
          ])
        ).rows[0]!.r,
      );
    expect(await turnover(plain.orderId)).toBe(50_000);
    expect(await turnover(koi.orderId)).toBe(200_000 + 4_000 * 3);
    expect(await findTransfer(t.db, `deposit-fee:${koi.orderId}`)).toMatchObject({
      amount: 2_000,
      kind: 'deposit_fee',
    });
  });

  it('one callback replayed 50 times in parallel credits once (issue 9 §6)', async () => {
    const m = await newMember();
    const o = await order(m, 'ebpay', 500_000);
    const signed = signNotify(DEV_SIGNING_SECRET, payload(m, o));
    const answers = await Promise.all(Array.from({ length: 50 }, () => notify(signed)));
    expect(answers.every((a) => a.status_code === CODE.success && a.data.state === 'paid')).toBe(true);
    expect(answers.filter((a) => a.data.credited)).toHaveLength(1);
    expect(await central(m)).toBe(500_000 + 10_000);
    const { rows } = await t.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM ledger_transfers WHERE memo->>'orderId' = $1`,
      [o.orderId],
    );
    expect(Number(rows[0]!.n)).toBe(2); // the deposit and its bonus
    // Replayed later still: answered, never credited again.
    expect((await notify(signed)).data).toMatchObject({ state: 'paid', credited: false });
    // The same order paid by another provider transaction is refused.
    expect(
      (await notify(signNotify(DEV_SIGNING_SECRET, payload(m, o, { providerTx: 'SBXOTHER001' }))))
        .status_code,
    ).toBe(CODE.orderSettled);
    expect(await central(m)).toBe(510_000);
  });

  it('refuses tampered callbacks: signature, amount, order, member, wrong key, garbage', async () => {
    const m = await newMember();
    const o = await order(m, 'wechat', 100_000);
    const good = signNotify(DEV_SIGNING_SECRET, payload(m, o));
    const flipped = good.signature.slice(0, -1) + (good.signature.endsWith('0') ? '1' : '0');
    expect((await notify({ ...good, signature: flipped })).status_code).toBe(CODE.apiAuth);
    // The body changed after signing (a bigger amount): the signature no longer matches.
    const raised = good.payload.replace('"amount":100000', '"amount":9999999');
    expect(raised).not.toBe(good.payload);
    expect((await notify({ payload: raised, signature: good.signature })).status_code).toBe(CODE.apiAuth);
    const other = await order(m, 'wechat', 100_000);
    const moved = good.payload.replace(o.orderId, other.orderId);
    expect((await notify({ payload: moved, signature: good.signature })).status_code).toBe(CODE.apiAuth);
    // Signed with another secret.
    expect((await notify(signNotify('another-secret', payload(m, o)))).status_code).toBe(CODE.apiAuth);
    // Correctly signed but not what the order says (a provider fault): refused, nothing credited.
    expect(
      (await notify(signNotify(DEV_SIGNING_SECRET, payload(m, o, { amount: 100_001 })))).status_code,
    ).toBe(CODE.validation);
    const stranger = await newMember();
    expect((await notify(signNotify(DEV_SIGNING_SECRET, payload(stranger, o)))).status_code).toBe(
      CODE.validation,
    );
    expect(
      (await notify(signNotify(DEV_SIGNING_SECRET, payload(m, o, { orderId: 'D20990101000000ZZZZZZZZ' }))))
        .status_code,
    ).toBe(CODE.orderNotFound);
    // A signed body that is not a notification.
    const junk = '{"orderId":1}';
    const junkSig = hmacSha256(hmacSha256(DEV_SIGNING_SECRET, 'deposit:notify'), junk).toString('hex');
    expect((await notify({ payload: junk, signature: junkSig })).status_code).toBe(CODE.validation);
    const notJson = 'not json';
    const notJsonSig = hmacSha256(hmacSha256(DEV_SIGNING_SECRET, 'deposit:notify'), notJson).toString('hex');
    expect((await notify({ payload: notJson, signature: notJsonSig })).status_code).toBe(CODE.validation);
    const shapes = [
      {},
      { payload: good.payload },
      { payload: 1, signature: good.signature },
      { ...good, extra: 1 },
    ];
    for (const body of shapes) {
      const res = await t.app.inject({ method: 'POST', url: '/sandbox/notify', payload: body });
      expect(res.json().status_code).toBe(CODE.validation);
    }
    expect(await central(m)).toBe(0);
    expect((await detail(m, o.orderId)).state).toBe('pending');
    // The genuine one still works afterwards.
    expect((await notify(good)).data).toMatchObject({ state: 'paid', credited: true });
    expect(await central(m)).toBe(100_000);
  });

  it('a late callback (paid after the expiry) is refused and the order expires; an expired order cannot be paid', async () => {
    const m = await newMember();
    const o = await order(m, 'alipay', 20_000);
    await t.db.query(`UPDATE deposit_orders SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      o.orderId,
    ]);
    const late = await notify(signNotify(DEV_SIGNING_SECRET, payload(m, o)));
    expect(late.status_code).toBe(CODE.orderExpired);
    expect((await detail(m, o.orderId)).state).toBe('expired');
    // Replayed, still refused.
    expect(
      (await notify(signNotify(DEV_SIGNING_SECRET, payload(m, o, { paidAt: Date.now() - 3_600_000 }))))
        .status_code,
    ).toBe(CODE.orderExpired);
    // The cashier of an expired order: no 支付 button, and a forged press is refused.
    const page = await t.app.inject({ method: 'GET', url: o.cashierUrl });
    expect(page.body).toContain('订单已过期');
    expect(page.body).not.toContain('>支付</button>');
    expect(await press(o, 'pay')).toBe(`${o.cashierUrl}&err=${CODE.orderExpired}`);
    expect(await central(m)).toBe(0);
  });

  it('a payment made in time whose callback arrives after the expiry is credited (the provider’s payment time counts)', async () => {
    const m = await newMember();
    const o = await order(m, 'alipay', 20_000);
    const paidAt = Date.now();
    await t.db.query(
      `UPDATE deposit_orders SET expires_at = now() + interval '50 milliseconds' WHERE id = $1`,
      [o.orderId],
    );
    await new Promise((r) => setTimeout(r, 100));
    // No read expired it yet: the provider's callback of a payment made before the expiry is honoured.
    const res = await notify(signNotify(DEV_SIGNING_SECRET, payload(m, o, { paidAt })));
    expect(res.data).toMatchObject({ state: 'paid', credited: true });
    expect(await central(m)).toBe(20_000);
  });

  it('cancel: the cashier’s 取消, then a reordered pay callback is refused; a paid order cannot be cancelled', async () => {
    const m = await newMember();
    const o = await order(m, 'sharelife', 10_000);
    expect(await press(o, 'cancel')).toBe(o.cashierUrl);
    expect((await detail(m, o.orderId)).state).toBe('cancelled');
    expect((await t.app.inject({ method: 'GET', url: o.cashierUrl })).body).toContain('订单已取消');
    expect((await notify(signNotify(DEV_SIGNING_SECRET, payload(m, o)))).status_code).toBe(CODE.orderSettled);
    expect(await press(o, 'pay')).toBe(`${o.cashierUrl}&err=${CODE.orderSettled}`);
    expect(await central(m)).toBe(0);

    const paid = await order(m, 'sharelife', 10_000);
    await press(paid, 'pay');
    const refused = await api(m, '/fd/api/v1/deposit/order/cancel', { orderId: paid.orderId });
    expect(refused.status_code).toBe(CODE.orderSettled);
    expect(await press(paid, 'cancel')).toBe(`${paid.cashierUrl}&err=${CODE.orderSettled}`);
    expect(await central(m)).toBe(10_000);
  });
});

describe('USDT', () => {
  it('shows the address, the rate and the USDT amount; confirms after the block delay', async () => {
    const m = await newMember();
    const o = await order(m, 'usdt', 100_000);
    expect(o.usdt).toEqual({
      address: expect.stringMatching(/^T[1-9A-HJ-NP-Za-km-z]{33}$/),
      rate: 720,
      amount: '138.888889',
      micro: 138_888_889,
    });
    expect(o.bonus).toBe(1_500);
    const page = await t.app.inject({ method: 'GET', url: o.cashierUrl });
    expect(page.body).toContain(o.usdt!.address);
    expect(page.body).toContain('1 USDT = 7.20 元');
    expect(page.body).toContain('138.888889');
    const pressedAt = Date.now();
    await press(o, 'pay');
    const seen = await detail(m, o.orderId);
    expect(seen).toMatchObject({ state: 'pending', confirming: true });
    expect(await central(m)).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: o.cashierUrl })).body).toContain('区块确认中');
    // A confirming order cannot be cancelled (the money is on its way).
    expect((await api(m, '/fd/api/v1/deposit/order/cancel', { orderId: o.orderId })).status_code).toBe(
      CODE.orderSettled,
    );
    const done = await waitFor(
      () => detail(m, o.orderId),
      (d) => d.state === 'paid',
    );
    expect(done.state).toBe('paid');
    expect(Date.now() - pressedAt).toBeGreaterThanOrEqual(USDT_DELAY_MS - 20);
    expect(await central(m)).toBe(100_000 + 1_500);
  });

  it('a payment seen before the expiry is confirmed after it; reordered callbacks (paid before seen) credit once', async () => {
    const m = await newMember();
    const o = await order(m, 'usdt', 72_000);
    await t.db.query(
      `UPDATE deposit_orders SET expires_at = now() + interval '100 milliseconds' WHERE id = $1`,
      [o.orderId],
    );
    await press(o, 'pay');
    await new Promise((r) => setTimeout(r, 150));
    // Past its expiry but seen in time: reads do not expire it, and the confirmation credits it.
    expect((await detail(m, o.orderId)).state).toBe('pending');
    const done = await waitFor(
      () => detail(m, o.orderId),
      (d) => d.state === 'paid',
    );
    expect(done.state).toBe('paid');
    expect(await central(m)).toBe(72_000 + 1_080);

    const r = await order(m, 'usdt', 72_000);
    const paid = await notify(signNotify(DEV_SIGNING_SECRET, payload(m, r, { providerTx: 'SBXREORDER1' })));
    expect(paid.data).toMatchObject({ state: 'paid', credited: true });
    const seenLate = await notify(
      signNotify(DEV_SIGNING_SECRET, payload(m, r, { providerTx: 'SBXREORDER1', status: 'seen' })),
    );
    expect(seenLate.data).toMatchObject({ state: 'paid', credited: false });
    expect(await central(m)).toBe(2 * (72_000 + 1_080));
    // A USDT callback with the wrong USDT amount is refused.
    const w = await order(m, 'usdt', 72_000);
    expect((await notify(signNotify(DEV_SIGNING_SECRET, payload(m, w, { usdtMicro: 1 })))).status_code).toBe(
      CODE.validation,
    );
  });

  it('a USDT transfer seen after the expiry is refused', async () => {
    const m = await newMember();
    const o = await order(m, 'usdt', 72_000);
    await t.db.query(`UPDATE deposit_orders SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      o.orderId,
    ]);
    const seen = await notify(signNotify(DEV_SIGNING_SECRET, payload(m, o, { status: 'seen' })));
    expect(seen.status_code).toBe(CODE.orderExpired);
    expect((await detail(m, o.orderId)).state).toBe('expired');
    expect(await central(m)).toBe(0);
  });
});

// tests/server/bad-input.test.ts walks the API groups; the sandbox's routes are not one, so they are walked here.
describe('malformed input on the sandbox routes', () => {
  it('answers a coded envelope (or the page), never a 5xx, and moves nothing', async () => {
    const m = await newMember();
    const o = await order(m, 'alipay', 10_000);
    const tok = tokenOf(o);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const values = [
      '',
      'x',
      '%00',
      '\u0000',
      '<script>alert(1)</script>',
      "' OR 1=1 --",
      `D${'9'.repeat(100)}`,
    ];
    values.push('../../etc/passwd', '😀'.repeat(20), 'x'.repeat(5_000), '1e999', '-1');
    const requests: Array<{
      method: 'GET' | 'POST';
      url: string;
      headers?: Record<string, string>;
      payload?: unknown;
    }> = [];
    for (const raw of values) {
      const v = encodeURIComponent(raw);
      requests.push(
        { method: 'GET', url: `/sandbox/cashier/${v}?t=${tok}` },
        { method: 'GET', url: `/sandbox/cashier/${o.orderId}?t=${v}` },
        { method: 'GET', url: `/sandbox/cashier/${o.orderId}?t=${tok}&err=${v}` },
        { method: 'GET', url: `/sandbox/cashier/${o.orderId}/state?t=${v}` },
        { method: 'POST', url: `/sandbox/cashier/${o.orderId}`, headers: form, payload: `t=${v}&action=pay` },
        {
          method: 'POST',
          url: `/sandbox/cashier/${o.orderId}`,
          headers: form,
          payload: `t=${tok}&action=${v}`,
        },
        { method: 'POST', url: `/sandbox/cashier/${v}`, headers: form, payload: `t=${tok}&action=pay` },
        { method: 'POST', url: `/sandbox/cashier/${o.orderId}`, headers: form, payload: raw },
        { method: 'POST', url: '/sandbox/notify', payload: { payload: raw, signature: raw } },
        {
          method: 'POST',
          url: '/sandbox/notify',
          headers: { 'content-type': 'application/json' },
          payload: raw,
        },
        { method: 'POST', url: '/sandbox/notify', headers: form, payload: raw },
      );
    }
    for (const r of requests) {
      const res = await t.app.inject(r as InjectOptions);
      expect(res.statusCode, `${r.method} ${r.url}`).toBeLessThan(500);
      if (res.statusCode !== 303 && String(res.headers['content-type']).includes('json')) {
        const body = res.json<{ status_code: unknown; message: unknown }>();
        expect(typeof body.status_code).toBe('number');
        expect(typeof body.message).toBe('string');
        expect(JSON.stringify(body)).not.toMatch(/stack|at \/|node_modules|SELECT|relation/i);
      }
    }
    expect((await detail(m, o.orderId)).state).toBe('pending');
    expect(await central(m)).toBe(0);
  });
});
