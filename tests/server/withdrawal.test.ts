// Withdrawals (issue 10 §3): options, create (every rule and code: KYC, fund password, account, limits, daily
// limits, the turnover audit, the hold), the requestId as idempotency key, list, cancel, the operator commands,
// races (200 withdrawals from one balance, one requestId 50 times, approve against reject, cancel against
// approve), the live pushes and the transaction record. PGlite, and PostgreSQL in server-pg; the ledger's
// check and the withdrawals' own check run after every test.
import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkLedger, balanceOf, findTransfer, transfer } from '../../server/modules/ledger/ledger.ts';
import { hashToken } from '../../server/modules/member/sessions.ts';
import { writeSiteConfig, SITE_CONFIG_KEYS, type SiteConfigKey } from '../../server/modules/site/config.ts';
import { recordValidBet } from '../../server/modules/withdrawal/audit.ts';
import { moveWithdrawal } from '../../server/modules/withdrawal/repository.ts';
import { checkWithdrawals } from '../../server/modules/withdrawal/withdrawals.ts';
import { OpsUsageError, runOpsCommand } from '../../server/ops/commands.ts';
import { readWithdrawalEvent, STREAM_CHANNEL, type WithdrawalEvent } from '../../server/stream/channels.ts';
import { CODE, HEADER } from '../../src/protocol/api.ts';
import { PAYOUT_PATH } from '../../src/protocol/payout.ts';
import { clientHeaders as clientHeadersFor, createTestApp, type TestApp } from '../support/test-app.ts';

const OPTIONS = PAYOUT_PATH.withdrawalOptions;
const CREATE = PAYOUT_PATH.withdrawalCreate;
const LIST = PAYOUT_PATH.withdrawalList;
const CANCEL = PAYOUT_PATH.withdrawalCancel;
const PW = '135790';

let t: TestApp;
let seq = 0;

/** A cheap scrypt hash in verifyPassword's format (the parameters travel with the hash). */
function fundHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 1024, r: 8, p: 1 });
  return `scrypt$1024$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

interface Member {
  id: number;
  token: string;
  bank: string;
  usdt: string;
}

/**
 * A member with a session; by default verified (KYC), with a fund password, a bank card and a USDT address, and
 * `fen` in the central wallet.
 */
async function member(fen = 0, opts: { kyc?: boolean; fundPassword?: boolean } = {}): Promise<Member> {
  seq += 1;
  const tag = `${process.pid % 1000}${String(seq).padStart(4, '0')}`.padStart(7, '0');
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO members (phone, password_hash, invite_code) VALUES ($1, 'x', $2) RETURNING id`,
    [`(86)1371${tag}`, `WD${tag}`],
  );
  const id = Number(rows[0]!.id);
  const token = randomBytes(32).toString('base64url');
  await t.db.query(
    `INSERT INTO sessions (token_hash, member_id, remember, expires_at) VALUES ($1, $2, false, now() + interval '1 day')`,
    [hashToken(token), id],
  );
  if (opts.kyc !== false)
    await t.db.query(
      `INSERT INTO kyc_verifications (member_id, real_name, id_hash, id_masked) VALUES ($1, '张三', $2, '110***********123X')`,
      [id, randomBytes(32).toString('hex')],
    );
  if (opts.fundPassword !== false)
    await t.db.query('INSERT INTO fund_passwords (member_id, password_hash) VALUES ($1, $2)', [
      id,
      fundHash(PW),
    ]);
  const account = async (kind: 'bank' | 'usdt') => {
    const r = await t.db.query<{ id: string }>(
      `INSERT INTO payout_accounts (member_id, kind, account_full, account_hash, masked, holder, bank_code, network, label)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id::text AS id`,
      kind === 'bank'
        ? [
            id,
            'bank',
            `62220200${tag}12`,
            randomBytes(32).toString('hex'),
            '**** 0012',
            '张三',
            'ICBC',
            null,
            null,
          ]
        : [
            id,
            'usdt',
            `T${tag}xxxxxxxxxxxxxxxxxxxxxxxxx`,
            randomBytes(32).toString('hex'),
            'T123…wxyz',
            null,
            null,
            'TRC20',
            '我的钱包',
          ],
    );
    return r.rows[0]!.id;
  };
  const bank = await account('bank');
  const usdt = await account('usdt');
  if (fen > 0)
    await transfer(t.db, {
      id: `seed-${id}-${seq}`,
      from: { kind: 'cash_in' },
      to: { memberId: id, kind: 'central' },
      amount: fen,
      kind: 'deposit',
    });
  return { id, token, bank, usdt };
}

const rid = () => `wd-${randomBytes(8).toString('hex')}`;

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

const options = (m: Member) => call(m, OPTIONS);
const create = (m: Member, body: Record<string, unknown>) =>
  call(m, CREATE, { requestId: rid(), accountId: m.bank, fundPassword: PW, ...body });
const cancel = (m: Member, id: string) => call(m, CANCEL, { id });
const ops = (...argv: string[]) => runOpsCommand(t.db, argv);
const central = async (m: Member) => balanceOf(t.db, { memberId: m.id, kind: 'central' });

/** A credited deposit's turnover requirement (the deposit issue writes these when a deposit is paid). */
async function requireTurnover(m: Member, required: number): Promise<void> {
  const orderId = `D${Date.now()}${randomBytes(4).toString('hex').toUpperCase()}`;
  await t.db.query(
    `INSERT INTO deposit_orders (id, member_id, request_id, channel, amount, turnover_multiple, bonus_turnover_multiple, expires_at)
     VALUES ($1, $2, $3, 'bank', $4, 1, 3, now() + interval '15 minutes')`,
    [orderId, m.id, rid(), required],
  );
  await t.db.query('INSERT INTO deposit_turnover (order_id, member_id, required) VALUES ($1, $2, $3)', [
    orderId,
    m.id,
    required,
  ]);
}

async function setConfig(key: SiteConfigKey, value: unknown): Promise<void> {
  await writeSiteConfig(t.db, key, value);
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  for (const key of [
    'withdrawalAuditPolicy',
    'withdrawalDeductionBp',
    'withdrawalDailyCount',
    'withdrawalDailyAmountYuan',
    'withdrawalAuditResetBelowFen',
  ] as const)
    await setConfig(key, SITE_CONFIG_KEYS[key].default);
});
afterEach(async () => {
  expect((await checkLedger(t.db)).problems).toEqual([]);
  expect((await checkWithdrawals(t.db)).problems).toEqual([]);
});

describe('options (issue 10 §3)', () => {
  it('needs a token (10004)', async () => {
    expect((await call(null, OPTIONS)).status_code).toBe(CODE.tokenInvalid);
  });

  it('answers the methods, available balance, daily limits, the audit, the USDT rate, fund password and KYC', async () => {
    const m = await member(500_000);
    const body = await options(m);
    expect(body.status_code).toBe(CODE.success);
    const o = body.data;
    expect(o.methods.map((x: { kind: string }) => x.kind)).toEqual([
      'bank',
      'alipay',
      'wechat',
      'ebpay',
      'koipay',
      'sharelife',
      'digital',
      'usdt',
    ]);
    expect(o.methods[0]).toEqual({ kind: 'bank', min: 10_000, max: 5_000_000, feeBp: 0, feeCap: 0 });
    expect(o.methods[7]).toEqual({ kind: 'usdt', min: 10_000, max: 10_000_000, feeBp: 100, feeCap: 2_000 });
    expect(o.available).toBe(500_000);
    expect(o.limits).toEqual({ dailyCount: 5, dailyAmount: 50_000_000 });
    expect(o.today).toEqual({ count: 0, amount: 0, countLeft: 5, amountLeft: 50_000_000 });
    expect(o.audit).toEqual({ required: 0, done: 0, outstanding: 0, policy: 'refuse', deductionBp: 1000 });
    expect(o.usdtRate).toBe(720);
    expect(o.fundPassword).toEqual({ set: true, triesLeft: 5, lockedUntil: null });
    expect(o.kycVerified).toBe(true);

    const fresh = await member(0, { kyc: false, fundPassword: false });
    const f = (await options(fresh)).data;
    expect(f.kycVerified).toBe(false);
    expect(f.fundPassword.set).toBe(false);
    expect(f.available).toBe(0);
  });

  it('follows the site configuration (npm run ops -- config set)', async () => {
    const m = await member(100_000);
    expect(await ops('config', 'set', 'withdrawalAuditPolicy', 'deduct')).toContain('"refuse" -> "deduct"');
    await ops('config', 'set', 'withdrawalDeductionBp', '500');
    await ops('config', 'set', 'withdrawalDailyCount', '3');
    await ops('config', 'set', 'withdrawalDailyAmountYuan', '2000');
    const o = (await options(m)).data;
    expect(o.audit).toMatchObject({ policy: 'deduct', deductionBp: 500 });
    expect(o.limits).toEqual({ dailyCount: 3, dailyAmount: 200_000 });
    await expect(ops('config', 'set', 'withdrawalAuditPolicy', 'maybe')).rejects.toThrow(OpsUsageError);
    await expect(ops('config', 'set', 'withdrawalDeductionBp', '10001')).rejects.toThrow(OpsUsageError);
  });
});

describe('create: the rules and their codes', () => {
  it('holds the amount at once: locked in member info, the wallet summary and options', async () => {
    const m = await member(100_000);
    const res = await create(m, { amount: 30_000 });
    expect(res.status_code).toBe(CODE.success);
    const w = res.data;
    expect(w).toMatchObject({
      state: 'pending',
      amount: 30_000,
      fee: 0,
      deduction: 0,
      payout: 30_000,
      usdtMicro: null,
      usdtRate: null,
      reason: null,
      account: { id: m.bank, kind: 'bank', masked: '**** 0012', holder: '张三', bankCode: 'ICBC' },
    });
    expect(w.id).toMatch(/^W\d{14}[0-9A-Z]{8}$/);
    expect(await central(m)).toEqual({ balance: 100_000, held: 30_000, available: 70_000 });
    const info = await call(m, '/site/api/v1/user/member/info', { withLockMoney: 1 });
    expect(info.data).toMatchObject({ balance: 100_000, lockMoney: 30_000 });
    const summary = await call(m, '/fd/api/v1/wallet/summary');
    expect(summary.data).toMatchObject({ locked: 30_000, central: { available: 70_000 } });
    const o = (await options(m)).data;
    expect(o.available).toBe(70_000);
    expect(o.today).toMatchObject({ count: 1, amount: 30_000, countLeft: 4 });
    const hold = await findTransfer(t.db, `wd:${w.id}`);
    expect(hold).toMatchObject({ state: 'pending', amount: 30_000, kind: 'withdrawal' });
  });

  it('USDT: the fee (1 %, cap 20.00) and the payout in micro-USDT at the rate, rounded down', async () => {
    const m = await member(1_000_000);
    const res = await create(m, { accountId: m.usdt, amount: 100_000 });
    expect(res.status_code).toBe(CODE.success);
    expect(res.data).toMatchObject({ amount: 100_000, fee: 1_000, payout: 99_000, usdtRate: 720 });
    expect(res.data.usdtMicro).toBe(Math.floor((99_000 * 1_000_000) / 720));
    const capped = await create(m, { accountId: m.usdt, amount: 500_000 });
    expect(capped.data).toMatchObject({ fee: 2_000, payout: 498_000 });
  });

  it('30021 without real-name verification; 30041 without a fund password; 30042 and 30043 for wrong ones', async () => {
    const noKyc = await member(100_000, { kyc: false });
    const a = await create(noKyc, { amount: 10_000 });
    expect(a.status_code).toBe(CODE.kycRequired);
    expect(a.message).toBe('提现前请先完成实名认证');
    const noPw = await member(100_000, { fundPassword: false });
    expect((await create(noPw, { amount: 10_000 })).status_code).toBe(CODE.fundPasswordNotSet);
    const m = await member(100_000);
    for (let left = 4; left >= 1; left--) {
      const wrong = await create(m, { amount: 10_000, fundPassword: '000000' });
      expect(wrong.status_code).toBe(CODE.fundPasswordWrong);
      expect(wrong.data).toEqual({ triesLeft: left });
    }
    const locked = await create(m, { amount: 10_000, fundPassword: '000000' });
    expect(locked.status_code).toBe(CODE.fundPasswordLocked);
    expect((await create(m, { amount: 10_000 })).status_code).toBe(CODE.fundPasswordLocked);
    expect((await central(m)).held).toBe(0);
  });

  it('30034 for an account that is not the member’s (or deleted, or unknown)', async () => {
    const m = await member(100_000);
    const other = await member(0);
    expect((await create(m, { accountId: other.bank, amount: 10_000 })).status_code).toBe(
      CODE.payoutAccountNotFound,
    );
    expect((await create(m, { accountId: '999999999', amount: 10_000 })).status_code).toBe(
      CODE.payoutAccountNotFound,
    );
    await t.db.query('UPDATE payout_accounts SET deleted_at = now() WHERE id = $1', [m.bank]);
    expect((await create(m, { amount: 10_000 })).status_code).toBe(CODE.payoutAccountNotFound);
  });

  it('30012 outside the method’s minimum and maximum; 30011 for a closed method', async () => {
    const m = await member(10_000_000);
    const low = await create(m, { amount: 9_999 });
    expect(low.status_code).toBe(CODE.amountOutOfRange);
    expect(low.message).toBe('单笔提现金额须在 ¥100.00 至 ¥50,000.00 之间');
    expect((await create(m, { amount: 5_000_001 })).status_code).toBe(CODE.amountOutOfRange);
    expect((await create(m, { amount: 5_000_000 })).status_code).toBe(CODE.success);
    await t.db.query(`UPDATE withdrawal_methods SET open = false WHERE kind = 'usdt'`);
    try {
      expect((await create(m, { accountId: m.usdt, amount: 10_000 })).status_code).toBe(
        CODE.channelUnavailable,
      );
      expect((await options(m)).data.methods.map((x: { kind: string }) => x.kind)).not.toContain('usdt');
    } finally {
      await t.db.query(`UPDATE withdrawal_methods SET open = true WHERE kind = 'usdt'`);
    }
  });

  it('30051 past today’s count or amount; rejected and cancelled ones give theirs back', async () => {
    await setConfig('withdrawalDailyCount', 2);
    await setConfig('withdrawalDailyAmountYuan', 500);
    const m = await member(1_000_000);
    const first = await create(m, { amount: 20_000 });
    expect(first.status_code).toBe(CODE.success);
    const tooMuch = await create(m, { amount: 30_001 });
    expect(tooMuch.status_code).toBe(CODE.withdrawalDailyLimit);
    expect(tooMuch.message).toBe('超出今日剩余可提现额度，今日还可提现 ¥300.00');
    expect((await create(m, { amount: 30_000 })).status_code).toBe(CODE.success);
    const third = await create(m, { amount: 10_000 });
    expect(third.status_code).toBe(CODE.withdrawalDailyLimit);
    expect(third.message).toBe('今日提现次数已达上限（2 次），请明日再试');
    expect((await options(m)).data.today).toEqual({ count: 2, amount: 50_000, countLeft: 0, amountLeft: 0 });
    await cancel(m, first.data.id);
    expect((await create(m, { amount: 10_000 })).status_code).toBe(CODE.success);
  });

  it('30001 when the wallet cannot afford it: nothing is stored', async () => {
    const m = await member(50_000);
    const res = await create(m, { amount: 50_001 });
    expect(res.status_code).toBe(CODE.insufficientBalance);
    expect((await call(m, LIST, {})).data.total).toBe(0);
    expect(await central(m)).toEqual({ balance: 50_000, held: 0, available: 50_000 });
    expect((await create(m, { amount: 50_000 })).status_code).toBe(CODE.success);
    expect((await create(m, { amount: 10_000 })).status_code).toBe(CODE.insufficientBalance);
  });

  it('10003 for input that does not fit, never a 5xx', async () => {
    const m = await member(100_000);
    for (const bad of [
      { requestId: 'short', accountId: m.bank, amount: 10_000, fundPassword: PW },
      { requestId: rid(), accountId: 'abc', amount: 10_000, fundPassword: PW },
      { requestId: rid(), accountId: '99999999999999999999', amount: 10_000, fundPassword: PW },
      { requestId: rid(), accountId: m.bank, amount: 0, fundPassword: PW },
      { requestId: rid(), accountId: m.bank, amount: 100.5, fundPassword: PW },
      { requestId: rid(), accountId: m.bank, amount: 10_000 },
      { requestId: rid(), accountId: m.bank, amount: 10_000, fundPassword: PW, extra: 1 },
    ])
      expect((await call(m, CREATE, bad)).status_code).toBe(CODE.validation);
    expect((await cancel(m, 'nope')).status_code).toBe(CODE.validation);
    expect((await call(m, LIST, { size: 51 })).status_code).toBe(CODE.validation);
  });
});

describe('hostile input with a valid token (the route fuzz stops at the token for /fd/api)', () => {
  it('answers every case of every withdrawal route with a coded envelope, never a 5xx', async () => {
    const m = await member(100_000);
    const hostile: unknown[] = [
      null,
      true,
      0,
      -1,
      1.5,
      2 ** 53 + 1,
      1e308,
      '',
      ' ',
      '0',
      'NaN',
      '1e999',
      'x'.repeat(100_000),
      "'; DROP TABLE withdrawals; --",
      '\u0000',
      '💥'.repeat(50),
      [],
      [1],
      {},
      { __proto__: { a: 1 } },
      '99999999999999999999',
      'W20990101000000AAAAAAAA',
      m.bank,
      PW,
    ];
    const base: Record<string, Record<string, unknown>> = {
      [CREATE]: { requestId: rid(), accountId: m.bank, amount: 10_000, fundPassword: '000000' },
      [LIST]: { page: 1, size: 20 },
      [CANCEL]: { id: 'W20990101000000AAAAAAAA' },
    };
    const cases: Array<{ url: string; payload: unknown }> = [];
    for (const [url, body] of Object.entries(base)) {
      for (const v of hostile) {
        cases.push({ url, payload: v });
        for (const key of Object.keys(body)) cases.push({ url, payload: { ...body, [key]: v } });
      }
      cases.push(
        { url, payload: { ...body, extra: 1 } },
        { url, payload: JSON.parse('{"__proto__":{"x":1}}') },
      );
    }
    const codes = new Set<number>();
    for (let i = 0; i < cases.length; i += 20) {
      const answers = await Promise.all(
        cases.slice(i, i + 20).map(async (c) => {
          const res = await t.app.inject({
            method: 'POST',
            url: c.url,
            payload: JSON.stringify(c.payload),
            headers: {
              ...clientHeadersFor(c.url),
              [HEADER.token]: m.token,
              'content-type': 'application/json',
            },
          });
          return {
            c,
            status: res.statusCode,
            body: res.json() as { status_code: unknown; message: unknown },
          };
        }),
      );
      for (const a of answers) {
        expect(a.status, JSON.stringify(a.c).slice(0, 200)).toBeLessThan(500);
        expect(typeof a.body.status_code).toBe('number');
        expect(typeof a.body.message).toBe('string');
        codes.add(a.body.status_code as number);
      }
    }
    // the wrong fund password ('000000') locks after five tries; the checks behind the schema were reached
    expect([...codes]).toEqual(
      expect.arrayContaining([
        CODE.validation,
        CODE.success,
        CODE.withdrawalNotFound,
        CODE.fundPasswordLocked,
      ]),
    );
    expect(cases.length).toBeGreaterThan(100);
  });
});

describe('the turnover audit', () => {
  it('refuse: 30052 with the audit as data; valid bets count towards it', async () => {
    const m = await member(200_000);
    await requireTurnover(m, 100_000);
    const res = await create(m, { amount: 10_000 });
    expect(res.status_code).toBe(CODE.turnoverOutstanding);
    expect(res.data).toEqual({
      required: 100_000,
      done: 0,
      outstanding: 100_000,
      policy: 'refuse',
      deductionBp: 1000,
    });
    expect(res.message).toBe('您还需完成 ¥1,000.00 有效投注（流水）才能提现，请前往稽核页面查看详情');
    // accepting a deduction does not help while the site refuses
    expect((await create(m, { amount: 10_000, acceptDeduction: true })).status_code).toBe(
      CODE.turnoverOutstanding,
    );
    expect(await recordValidBet(t.db, { memberId: m.id, venue: 'QP1', betId: 'b-1', amount: 60_000 })).toBe(
      true,
    );
    expect(await recordValidBet(t.db, { memberId: m.id, venue: 'QP1', betId: 'b-1', amount: 60_000 })).toBe(
      false,
    );
    expect((await options(m)).data.audit).toMatchObject({
      required: 100_000,
      done: 60_000,
      outstanding: 40_000,
    });
    await recordValidBet(t.db, { memberId: m.id, venue: 'QP1', betId: 'b-2', amount: 40_000 });
    const ok = await create(m, { amount: 10_000 });
    expect(ok.status_code).toBe(CODE.success);
    expect(ok.data.deduction).toBe(0);
  });

  it('deduct: 30052 until the player accepts; then the deduction is recorded and moves to fees when paid', async () => {
    await setConfig('withdrawalAuditPolicy', 'deduct');
    await setConfig('withdrawalDeductionBp', 1500);
    const m = await member(200_000);
    await requireTurnover(m, 50_000);
    const asked = await create(m, { amount: 100_000 });
    expect(asked.status_code).toBe(CODE.turnoverOutstanding);
    expect(asked.data).toMatchObject({ outstanding: 50_000, policy: 'deduct', deductionBp: 1500 });
    expect(asked.message).toContain('15%');
    const res = await create(m, { accountId: m.usdt, amount: 100_000, acceptDeduction: true });
    expect(res.status_code).toBe(CODE.success);
    expect(res.data).toMatchObject({ amount: 100_000, fee: 1_000, deduction: 15_000, payout: 84_000 });
    const fees0 = (await balanceOf(t.db, { kind: 'fees' })).balance;
    const cash0 = (await balanceOf(t.db, { kind: 'cash_out' })).balance;
    await ops('withdrawal', 'approve', res.data.id);
    await ops('withdrawal', 'pay', res.data.id);
    expect((await balanceOf(t.db, { kind: 'fees' })).balance - fees0).toBe(16_000);
    expect((await balanceOf(t.db, { kind: 'cash_out' })).balance - cash0).toBe(84_000);
    expect(await central(m)).toEqual({ balance: 100_000, held: 0, available: 100_000 });
    // a deducted withdrawal does not clear the audit: the next one is asked again
    expect((await options(m)).data.audit.outstanding).toBe(50_000);
  });

  it('starts again after a paid withdrawal with nothing outstanding', async () => {
    const m = await member(300_000);
    await requireTurnover(m, 10_000);
    await recordValidBet(t.db, { memberId: m.id, venue: 'QP1', betId: `r-${m.id}`, amount: 90_000 });
    expect((await options(m)).data.audit).toMatchObject({ required: 10_000, done: 90_000, outstanding: 0 });
    const w = await create(m, { amount: 10_000 });
    await ops('withdrawal', 'approve', w.data.id);
    await ops('withdrawal', 'pay', w.data.id);
    expect((await options(m)).data.audit).toMatchObject({ required: 0, done: 0, outstanding: 0 });
    // old bets do not pay for a new deposit's requirement
    await requireTurnover(m, 20_000);
    expect((await options(m)).data.audit).toMatchObject({ required: 20_000, done: 0, outstanding: 20_000 });
  });

  it('starts again when the whole balance fell below the threshold (a venue wallet counts as balance)', async () => {
    await t.db.query(
      `INSERT INTO venues (code, platform, name, provider, status) VALUES ('WD_VENUE', 'QP', '测试', 'one', 'open')
       ON CONFLICT (code) DO NOTHING`,
    );
    const m = await member(100_000);
    await requireTurnover(m, 100_000);
    // everything into a venue: the central wallet is empty but the balance is not
    await transfer(t.db, {
      id: `wd-test-in-${m.id}`,
      from: { memberId: m.id, kind: 'central' },
      to: { memberId: m.id, kind: 'venue', venue: 'WD_VENUE' },
      amount: 100_000,
      kind: 'transfer_in',
    });
    expect((await options(m)).data.audit.outstanding).toBe(100_000);
    // the player loses it at the venue (the house takes it): the requirement lapses
    await transfer(t.db, {
      id: `wd-test-loss-${m.id}`,
      from: { memberId: m.id, kind: 'venue', venue: 'WD_VENUE' },
      to: { kind: 'house', venue: 'WD_VENUE' },
      amount: 99_500,
      kind: 'bet',
    });
    expect((await options(m)).data.audit).toMatchObject({ required: 0, outstanding: 0 });
    // a new deposit after that carries its own requirement only
    await transfer(t.db, {
      id: `wd-test-dep-${m.id}`,
      from: { kind: 'cash_in' },
      to: { memberId: m.id, kind: 'central' },
      amount: 30_000,
      kind: 'deposit',
    });
    await requireTurnover(m, 30_000);
    expect((await options(m)).data.audit).toMatchObject({ required: 30_000, outstanding: 30_000 });
  });
});

describe('idempotency (the requestId)', () => {
  it('the same requestId with the same fields answers the first withdrawal; other fields 30002', async () => {
    const m = await member(100_000);
    const requestId = rid();
    const a = await create(m, { requestId, amount: 20_000 });
    const b = await create(m, { requestId, amount: 20_000 });
    expect(b.status_code).toBe(CODE.success);
    expect(b.data).toEqual(a.data);
    expect((await create(m, { requestId, amount: 20_001 })).status_code).toBe(CODE.duplicateRequest);
    expect((await create(m, { requestId, accountId: m.usdt, amount: 20_000 })).status_code).toBe(
      CODE.duplicateRequest,
    );
    // after it was cancelled, the same request still answers it (and holds nothing again)
    await cancel(m, a.data.id);
    const c = await create(m, { requestId, amount: 20_000 });
    expect(c.data).toMatchObject({ id: a.data.id, state: 'cancelled' });
    expect((await central(m)).held).toBe(0);
    // another member's identical requestId is their own
    const other = await member(100_000);
    expect((await create(other, { requestId, amount: 20_000 })).data.id).not.toBe(a.data.id);
  });

  it('the same requestId 50 times in parallel holds once', async () => {
    const m = await member(100_000);
    const requestId = rid();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => create(m, { requestId, amount: 30_000 })),
    );
    expect(answers.every((r) => r.status_code === CODE.success)).toBe(true);
    expect(new Set(answers.map((r) => r.data.id)).size).toBe(1);
    expect(await central(m)).toEqual({ balance: 100_000, held: 30_000, available: 70_000 });
    expect((await call(m, LIST, {})).data.total).toBe(1);
  });
});

describe('concurrency', () => {
  it('200 withdrawals in parallel from one balance never overdraw', async () => {
    await setConfig('withdrawalDailyCount', 1000);
    const m = await member(1_234_567);
    const answers = await Promise.all(Array.from({ length: 200 }, () => create(m, { amount: 10_000 })));
    const codes = answers.map((r) => r.status_code);
    expect(codes.filter((c) => c === CODE.success)).toHaveLength(123);
    expect(codes.filter((c) => c !== CODE.success).every((c) => c === CODE.insufficientBalance)).toBe(true);
    expect(await central(m)).toEqual({ balance: 1_234_567, held: 1_230_000, available: 4_567 });
    expect((await call(m, LIST, { size: 1 })).data.total).toBe(123);
  });

  it('approve and reject of the same withdrawal at once: one outcome, the hold voided once', async () => {
    // reject takes pending and approved ones, so it always lands; approve lands only if it came first.
    await setConfig('withdrawalDailyCount', 1000);
    const m = await member(1_000_000);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await create(m, { amount: 10_000 })).data.id);
    const outcomes = await Promise.all(
      ids.map(async (id) => {
        const [a, r] = await Promise.all([
          ops('withdrawal', 'approve', id),
          ops('withdrawal', 'reject', id, '风控'),
        ]);
        return { id, a, r };
      }),
    );
    for (const o of outcomes) {
      expect(o.r.startsWith(`${o.id} rejected`)).toBe(true);
      expect([`withdrawal ${o.id} is rejected: it cannot be approved`, true]).toContain(
        o.a.startsWith(`${o.id} approved`) || o.a,
      );
      const { rows } = await t.db.query<{ state: string }>('SELECT state FROM withdrawals WHERE id = $1', [
        o.id,
      ]);
      expect(rows[0]!.state).toBe('rejected');
      expect((await findTransfer(t.db, `wd:${o.id}`))!.state).toBe('voided');
    }
    expect(await central(m)).toEqual({ balance: 1_000_000, held: 0, available: 1_000_000 });
  });

  it('pay and reject of an approved withdrawal at once: exactly one outcome, the hold posted or voided once', async () => {
    await setConfig('withdrawalDailyCount', 1000);
    const m = await member(1_000_000);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const id = (await create(m, { amount: 10_000 })).data.id as string;
      await ops('withdrawal', 'approve', id);
      ids.push(id);
    }
    await Promise.all(ids.flatMap((id) => [ops('withdrawal', 'pay', id), ops('withdrawal', 'reject', id)]));
    let paid = 0;
    for (const id of ids) {
      const { rows } = await t.db.query<{ state: string }>('SELECT state FROM withdrawals WHERE id = $1', [
        id,
      ]);
      const hold = (await findTransfer(t.db, `wd:${id}`))!;
      if (rows[0]!.state === 'paid') {
        paid++;
        expect(hold.state).toBe('posted');
      } else {
        expect(rows[0]!.state).toBe('rejected');
        expect(hold.state).toBe('voided');
      }
    }
    expect(await central(m)).toEqual({
      balance: 1_000_000 - paid * 10_000,
      held: 0,
      available: 1_000_000 - paid * 10_000,
    });
  });

  it('cancel against approve: one wins; a cancel that loses answers 30054', async () => {
    await setConfig('withdrawalDailyCount', 1000);
    const m = await member(1_000_000);
    for (let i = 0; i < 10; i++) {
      const id = (await create(m, { amount: 10_000 })).data.id as string;
      const [c, a] = await Promise.all([cancel(m, id), ops('withdrawal', 'approve', id)]);
      const { rows } = await t.db.query<{ state: string }>('SELECT state FROM withdrawals WHERE id = $1', [
        id,
      ]);
      if (rows[0]!.state === 'cancelled') {
        expect(c.status_code).toBe(CODE.success);
        expect(a).toBe(`withdrawal ${id} is cancelled: it cannot be approved`);
      } else {
        expect(rows[0]!.state).toBe('approved');
        expect(c.status_code).toBe(CODE.withdrawalSettled);
        expect(a.startsWith(`${id} approved`)).toBe(true);
      }
    }
  });
});

describe('list and cancel', () => {
  it('lists the member’s withdrawals newest first, paged', async () => {
    const m = await member(1_000_000);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create(m, { amount: 10_000 + i })).data.id);
    await member(0); // someone else's list is not mine
    const page1 = (await call(m, LIST, { page: 1, size: 2 })).data;
    expect(page1.total).toBe(3);
    expect(page1.items.map((w: { id: string }) => w.id)).toEqual([ids[2], ids[1]]);
    const page2 = (await call(m, LIST, { page: 2, size: 2 })).data;
    expect(page2.items.map((w: { id: string }) => w.id)).toEqual([ids[0]]);
    expect((await call(m, LIST, {})).data.size).toBe(20);
  });

  it('cancel: pending → cancelled, the hold voided once; again answers it; 30054 once approved; 30053 for others', async () => {
    const m = await member(100_000);
    const a = (await create(m, { amount: 40_000 })).data;
    const c = await cancel(m, a.id);
    expect(c.data).toMatchObject({ id: a.id, state: 'cancelled' });
    expect(await central(m)).toEqual({ balance: 100_000, held: 0, available: 100_000 });
    expect((await findTransfer(t.db, `wd:${a.id}`))!.state).toBe('voided');
    expect((await cancel(m, a.id)).data.state).toBe('cancelled');
    const b = (await create(m, { amount: 40_000 })).data;
    await ops('withdrawal', 'approve', b.id);
    const late = await cancel(m, b.id);
    expect(late.status_code).toBe(CODE.withdrawalSettled);
    expect(late.message).toBe('该笔提现已处理，无法再取消或变更');
    const other = await member(0);
    expect((await cancel(other, b.id)).status_code).toBe(CODE.withdrawalNotFound);
    expect((await cancel(m, 'W20990101000000AAAAAAAA')).status_code).toBe(CODE.withdrawalNotFound);
    expect((await central(m)).held).toBe(40_000);
  });
});

describe('operators (npm run ops -- withdrawal)', () => {
  it('list, approve, pay, reject with a reason, and refusals said plainly', async () => {
    const m = await member(500_000);
    const a = (await create(m, { amount: 100_000 })).data;
    const b = (await create(m, { accountId: m.usdt, amount: 50_000 })).data;
    const listed = await ops('withdrawal', 'list');
    expect(listed.split('\n')[0]).toContain(b.id);
    expect(listed).toContain(`${a.id}  pending`);
    expect(await ops('withdrawal', 'list', '1', 'open')).not.toContain(a.id);

    expect(await ops('withdrawal', 'pay', a.id)).toBe(`withdrawal ${a.id} is pending: it cannot be paid`);
    expect(await ops('withdrawal', 'approve', a.id)).toMatch(new RegExp(`^${a.id} approved`));
    expect(await ops('withdrawal', 'approve', a.id)).toMatch(new RegExp(`^${a.id} approved`)); // again: no change
    expect((await central(m)).held).toBe(150_000);
    expect(await ops('withdrawal', 'pay', a.id)).toMatch(new RegExp(`^${a.id} paid`));
    expect(await central(m)).toEqual({ balance: 400_000, held: 50_000, available: 350_000 });
    expect((await findTransfer(t.db, `wd:${a.id}`))!.state).toBe('posted');
    expect(await ops('withdrawal', 'reject', a.id)).toBe(`withdrawal ${a.id} is paid: it cannot be rejected`);

    expect(await ops('withdrawal', 'reject', b.id, '收款地址', '有误')).toMatch(
      /rejected.*reason 收款地址 有误/,
    );
    expect(await central(m)).toEqual({ balance: 400_000, held: 0, available: 400_000 });
    const list = (await call(m, LIST, {})).data.items;
    expect(list[0]).toMatchObject({ id: b.id, state: 'rejected', reason: '收款地址 有误' });
    expect(list[1]).toMatchObject({ id: a.id, state: 'paid' });

    const c = (await create(m, { amount: 10_000 })).data;
    expect(await ops('withdrawal', 'reject', c.id)).toContain('reason 提现申请未通过审核');
    expect(await ops('withdrawal', 'approve', 'W20990101000000AAAAAAAA')).toBe(
      'no withdrawal W20990101000000AAAAAAAA',
    );
    for (const argv of [
      ['withdrawal'],
      ['withdrawal', 'approve'],
      ['withdrawal', 'pay', 'nope'],
      ['withdrawal', 'list', '0'],
    ])
      await expect(ops(...argv)).rejects.toThrow(OpsUsageError);
  });

  it('the transaction record shows every state: held while it waits, released when rejected, the movement when paid', async () => {
    const m = await member(100_000);
    const records = async () => (await call(m, '/fd/api/v1/wallet/records', { kind: 'withdrawal' })).data;
    const w = (await create(m, { amount: 25_000 })).data;
    // waiting: the hold, no balance moved
    expect((await records()).items).toEqual([
      {
        id: `wd:${w.id}`,
        kind: 'withdrawal',
        wallet: 'central',
        amount: -25_000,
        balanceAfter: null,
        at: expect.any(String),
        hold: 'held',
      },
    ]);
    await ops('withdrawal', 'approve', w.id);
    expect((await records()).items[0].hold).toBe('held');
    await ops('withdrawal', 'pay', w.id);
    // paid: the movement itself (the hold's row gives way to its entry)
    expect((await records()).items).toEqual([
      {
        id: `wd:${w.id}`,
        kind: 'withdrawal',
        wallet: 'central',
        amount: -25_000,
        balanceAfter: 75_000,
        at: expect.any(String),
      },
    ]);
    // rejected: released, newest first, counted in the total
    const r = (await create(m, { amount: 10_000 })).data;
    await ops('withdrawal', 'reject', r.id);
    const after = await records();
    expect(after.total).toBe(2);
    expect(after.items.map((i: { id: string; hold?: string }) => [i.id, i.hold ?? 'moved'])).toEqual([
      [`wd:${r.id}`, 'released'],
      [`wd:${w.id}`, 'moved'],
    ]);
    // every kind: the deposit-like credit of the member's set-up is there too, after the withdrawals
    const all = (await call(m, '/fd/api/v1/wallet/records', {})).data;
    expect(all.items.slice(0, 2).map((i: { id: string }) => i.id)).toEqual([`wd:${r.id}`, `wd:${w.id}`]);
    expect(all.total).toBe(all.items.length);
  });

  it('every state change is pushed live (msgId 20005 through the stream channel)', async () => {
    const m = await member(100_000);
    const heard: WithdrawalEvent[] = [];
    const stop = await t.db.listen(STREAM_CHANNEL.withdrawal, (p) => {
      const e = readWithdrawalEvent(p);
      if (e && e.memberId === m.id) heard.push(e);
    });
    try {
      const a = (await create(m, { amount: 20_000 })).data;
      await ops('withdrawal', 'approve', a.id);
      await ops('withdrawal', 'pay', a.id);
      const b = (await create(m, { amount: 20_000 })).data;
      await cancel(m, b.id);
      const c = (await create(m, { amount: 20_000 })).data;
      await ops('withdrawal', 'reject', c.id, 'no');
      // refusals push nothing
      await create(m, { amount: 1_000_000 });
      await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(7);
      expect(heard.map((e) => `${e.id === a.id ? 'a' : e.id === b.id ? 'b' : 'c'}:${e.state}`)).toEqual([
        'a:pending',
        'a:approved',
        'a:paid',
        'b:pending',
        'b:cancelled',
        'c:pending',
        'c:rejected',
      ]);
      expect(heard.at(-1)).toMatchObject({ amount: 20_000, payout: 20_000, reason: 'no' });
    } finally {
      await stop();
    }
  });

  it('a crash between the state change and the ledger is finished by the next call, or by withdrawal sync', async () => {
    const m = await member(100_000);
    const a = (await create(m, { amount: 20_000 })).data;
    const b = (await create(m, { accountId: m.usdt, amount: 20_000 })).data;
    // the rows move, the process "dies" before the ledger follows
    await moveWithdrawal(t.db, a.id, ['pending'], 'rejected', { reason: 'x' });
    await moveWithdrawal(t.db, b.id, ['pending'], 'approved');
    await moveWithdrawal(t.db, b.id, ['approved'], 'paid');
    const check = await checkWithdrawals(t.db);
    expect(check.problems).toEqual(
      expect.arrayContaining([
        `withdrawal ${a.id} (rejected): hold pending`,
        `withdrawal ${b.id} (paid): hold pending`,
      ]),
    );
    // the operator's `ledger check` reports them too (issue 10 §4: the reconciliation check updated)
    await expect(runOpsCommand(t.db, ['ledger', 'check'])).rejects.toThrow(
      new RegExp(`withdrawal ${a.id} \\(rejected\\): hold pending`),
    );
    // the money stays locked meanwhile (the safe side)
    expect((await central(m)).held).toBe(40_000);
    expect(await ops('withdrawal', 'reject', a.id)).toMatch(/rejected/);
    expect(await ops('withdrawal', 'sync')).toBe(`finished ${b.id}`);
    expect(await ops('withdrawal', 'sync')).toBe('every withdrawal matches the ledger');
    expect(await central(m)).toEqual({ balance: 80_000, held: 0, available: 80_000 });
    expect((await findTransfer(t.db, `wd-fee:${b.id}`))!.amount).toBe(200);
  });

  it('checkWithdrawals reports a hold without its withdrawal and a hold of another amount', async () => {
    const m = await member(100_000);
    const w = (await create(m, { amount: 20_000 })).data;
    await t.db.query('ALTER TABLE withdrawals DISABLE TRIGGER withdrawals_move_once');
    try {
      await t.db.query('UPDATE withdrawals SET amount = 20001 WHERE id = $1', [w.id]);
      expect((await checkWithdrawals(t.db)).problems).toEqual([
        `withdrawal ${w.id} (pending): hold of 20000 (withdrawal)`,
      ]);
      await t.db.query(`UPDATE withdrawals SET amount = 20000, hold_id = 'wd:elsewhere' WHERE id = $1`, [
        w.id,
      ]);
      expect((await checkWithdrawals(t.db)).problems).toEqual([
        `withdrawal ${w.id} (pending): no hold transfer`,
        `withdrawal hold wd:${w.id} has no withdrawal`,
      ]);
      await t.db.query('UPDATE withdrawals SET hold_id = $2 WHERE id = $1', [w.id, `wd:${w.id}`]);
    } finally {
      await t.db.query('ALTER TABLE withdrawals ENABLE TRIGGER withdrawals_move_once');
    }
    expect((await checkWithdrawals(t.db)).ok).toBe(true);
  });

  it('the database refuses a move out of a final state, and any change of the money fields', async () => {
    const m = await member(100_000);
    const a = (await create(m, { amount: 20_000 })).data;
    await cancel(m, a.id);
    await expect(
      t.db.query(`UPDATE withdrawals SET state = 'approved' WHERE id = $1`, [a.id]),
    ).rejects.toThrow();
    const b = (await create(m, { amount: 20_000 })).data;
    await expect(t.db.query('UPDATE withdrawals SET amount = 1 WHERE id = $1', [b.id])).rejects.toThrow();
    await expect(t.db.query('DELETE FROM withdrawals WHERE id = $1', [b.id])).rejects.toThrow();
  });
});
