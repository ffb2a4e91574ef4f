import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../src/protocol/api.ts';
import { MEMBER_CODE, type RegisterRequest, type SmsPurpose } from '../../src/protocol/member.ts';
import { seedDemo } from '../../server/db/seed.ts';
import { MEMBER_MESSAGE } from '../../server/modules/member/members.ts';
import {
  SMS_CODE_TTL_MS,
  SMS_MAX_ATTEMPTS,
  SMS_MAX_PER_IP_PER_HOUR,
  SMS_MAX_PER_PHONE_PER_DAY,
} from '../../server/modules/member/limits.ts';
import { latestSmsCode, SMS_MESSAGE } from '../../server/modules/member/sms.ts';
import { writeSiteConfig } from '../../server/modules/site/config.ts';
import { runOpsCommand } from '../../server/ops/commands.ts';
import { verifyPassword } from '../../server/security/password.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const SMS = '/site/api/v1/user/sms/send';
const REGISTER = '/site/api/v1/user/register';
const INFO = '/site/api/v1/user/member/info';
const PASSWORD = 'abc12345';

let t: TestApp;
let demoId: number;
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemo(t.db)).toBe(true);
  demoId = (await t.db.query<{ id: number }>(`SELECT id FROM members WHERE phone = '(86)13800138000'`))
    .rows[0]!.id;
});
afterAll(() => t.close());
afterEach(async () => {
  await writeSiteConfig(t.db, 'stopRegister', false);
  await writeSiteConfig(t.db, 'disablePhones', []);
});

const sendSms = (phone: string, opts: { purpose?: SmsPurpose; ip?: string; countryCode?: string } = {}) =>
  t.call({
    method: 'POST',
    url: SMS,
    payload: { countryCode: opts.countryCode ?? '86', phone, purpose: opts.purpose ?? 'register' },
    remoteAddress: opts.ip ?? '127.0.0.1',
  });

const register = (body: Partial<RegisterRequest> & { phone: string; smsCode: string }, ip = '127.0.0.1') =>
  t.call({
    method: 'POST',
    url: REGISTER,
    payload: { countryCode: '86', password: PASSWORD, confirmPassword: PASSWORD, ...body },
    remoteAddress: ip,
  });

const codeOf = async (phone: string) => {
  const latest = await latestSmsCode(t.db, `(86)${phone}`);
  expect(latest).not.toBeNull();
  return latest!.code;
};
/** A six-digit code that is certainly not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const memberRow = async (phone: string) =>
  (
    await t.db.query<{
      id: number;
      password_hash: string;
      invite_code: string;
      inviter_id: number | null;
      invite_source: string | null;
      referral_bet: string | null;
      vip_level: number;
      status: string;
    }>(
      `SELECT id, password_hash, invite_code, inviter_id, invite_source, referral_bet, vip_level, status
         FROM members WHERE phone = $1`,
      [`(86)${phone}`],
    )
  ).rows[0];

const smsRow = async (phone: string) =>
  (
    await t.db.query<{ attempts: number; used_at: Date | null; purpose: string }>(
      `SELECT attempts, used_at, purpose FROM sms_codes WHERE phone = $1 ORDER BY created_at DESC LIMIT 1`,
      [`(86)${phone}`],
    )
  ).rows[0]!;

const countMembers = async () =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM members')).rows[0]!.n;

/** Moves a phone's codes back past the resend cooldown. */
const pastCooldown = (phone: string) =>
  t.db.query(`UPDATE sms_codes SET created_at = created_at - interval '61 seconds' WHERE phone = $1`, [
    `(86)${phone}`,
  ]);

describe('register: the full flow', () => {
  it('sends a code, registers with it and the token reads member/info', async () => {
    const phone = '13912345678';
    const before = Date.now();
    const sent = await sendSms(phone);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ status_code: CODE.success, message: 'success', data: { resendAfter: 60 } });

    const latest = await latestSmsCode(t.db, '(86)13912345678');
    expect(latest!.purpose).toBe('register');
    expect(latest!.code).toMatch(/^\d{6}$/);
    expect(latest!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + SMS_CODE_TTL_MS - 1000);
    expect(latest!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + SMS_CODE_TTL_MS + 1000);
    // The operator command reads the same code.
    expect(await runOpsCommand(t.db, ['sms', phone])).toMatch(
      new RegExp(`^${latest!.code}\\t\\(register, valid until `),
    );

    const res = await register({ phone, smsCode: latest!.code });
    expect(res.body.status_code).toBe(CODE.success);
    expect(res.body.data).toEqual({ token: expect.any(String), expiresAt: null, userName: phone });
    const token: string = res.body.data.token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const m = await memberRow(phone);
    expect(m).toMatchObject({
      inviter_id: null,
      invite_source: null,
      referral_bet: null,
      vip_level: 0,
      status: 'active',
    });
    expect(m!.invite_code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    // Only a salted scrypt hash is stored, never the password.
    expect(m!.password_hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(m!.password_hash).not.toContain(PASSWORD);
    expect(await verifyPassword(PASSWORD, m!.password_hash)).toBe(true);
    expect(await verifyPassword('abc12346', m!.password_hash)).toBe(false);
    const plain = await t.db.query('SELECT 1 FROM members WHERE password_hash = $1', [PASSWORD]);
    expect(plain.rows).toHaveLength(0);

    expect((await smsRow(phone)).used_at).toBeInstanceOf(Date);
    // The session stores only the token's hash, on the caller's device.
    const sessions = await t.db.query<{ token_hash: string; remember: boolean; device_uuid: string }>(
      'SELECT token_hash, remember, device_uuid FROM sessions WHERE member_id = $1',
      [m!.id],
    );
    expect(sessions.rows).toEqual([
      {
        token_hash: createHash('sha256').update(token).digest('hex'),
        remember: false,
        device_uuid: 'test-device-0001',
      },
    ]);
    const devices = await t.db.query(`SELECT 1 FROM devices WHERE uuid = 'test-device-0001'`);
    expect(devices.rows).toHaveLength(1);

    const info = await t.call({
      method: 'POST',
      url: INFO,
      payload: { withLockMoney: 1 },
      headers: { 'X-API-TOKEN': token },
    });
    expect(info.body.status_code).toBe(CODE.success);
    expect(info.body.data).toEqual({
      userId: m!.id,
      userName: phone,
      phone: '(86)13912345678',
      countryCode: '86',
      vipLevel: 0,
      inviteCode: m!.invite_code,
      registeredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      // spec §7 withLockMoney: 1 — a new member's central wallet is empty, nothing locked (issue 9 §2).
      balance: 0,
      lockMoney: 0,
    });
    expect(Math.abs(Date.parse(info.body.data.registeredAt) - Date.now())).toBeLessThan(60_000);
  });
});

describe('register: phone already taken', () => {
  it('answers 6021 at sms send and sends no code', async () => {
    const res = await sendSms('13800138000');
    expect(res.body).toMatchObject({
      status_code: MEMBER_CODE.phoneTaken,
      message: MEMBER_MESSAGE.phoneTaken,
    });
    expect(await latestSmsCode(t.db, '(86)13800138000')).toBeNull();
  });

  it('answers 6021 at register, leaves the code unspent and adds no member', async () => {
    // A code issued before the phone was taken (e.g. two tabs): planted directly.
    await t.db.query(
      `INSERT INTO sms_codes (phone, purpose, code, ip, expires_at)
       VALUES ('(86)13800138000', 'register', '246810', '127.0.0.1', now() + interval '5 minutes')`,
    );
    const before = await countMembers();
    const res = await register({ phone: '13800138000', smsCode: '246810' });
    expect(res.body).toMatchObject({
      status_code: MEMBER_CODE.phoneTaken,
      message: MEMBER_MESSAGE.phoneTaken,
    });
    expect(await countMembers()).toBe(before);
    expect((await smsRow('13800138000')).used_at).toBeNull();
    // The demo player's password is untouched.
    expect(await verifyPassword('demo1234', (await memberRow('13800138000'))!.password_hash)).toBe(true);
  });
});

describe('register: SMS code checks', () => {
  it('a wrong code answers 10409 and counts; after the limit even the right code fails', async () => {
    const phone = '13912340001';
    expect((await sendSms(phone)).body.status_code).toBe(CODE.success);
    const code = await codeOf(phone);

    const first = await register({ phone, smsCode: otherThan(code) });
    expect(first.body).toMatchObject({ status_code: MEMBER_CODE.smsCodeWrong, message: SMS_MESSAGE.wrong });
    expect(MEMBER_CODE.smsCodeWrong).toBe(CODE.validCode);
    expect((await smsRow(phone)).attempts).toBe(1);
    for (let i = 2; i <= SMS_MAX_ATTEMPTS; i++) {
      expect((await register({ phone, smsCode: otherThan(code) })).body.status_code).toBe(10409);
    }
    expect((await smsRow(phone)).attempts).toBe(SMS_MAX_ATTEMPTS);

    const right = await register({ phone, smsCode: code });
    expect(right.body.status_code).toBe(MEMBER_CODE.smsCodeWrong);
    expect(await memberRow(phone)).toBeUndefined();
    expect(await smsRow(phone)).toMatchObject({ attempts: SMS_MAX_ATTEMPTS, used_at: null });

    // A new code (after the cooldown) starts afresh.
    await pastCooldown(phone);
    expect((await sendSms(phone)).body.status_code).toBe(CODE.success);
    const fresh = await codeOf(phone);
    expect((await register({ phone, smsCode: fresh })).body.status_code).toBe(CODE.success);
    expect(await memberRow(phone)).toBeDefined();
  });

  it('an expired code answers 6038 and is not counted as a wrong guess', async () => {
    const phone = '13912340003';
    expect((await sendSms(phone)).body.status_code).toBe(CODE.success);
    const code = await codeOf(phone);
    await t.db.query(`UPDATE sms_codes SET expires_at = now() - interval '1 second' WHERE phone = $1`, [
      `(86)${phone}`,
    ]);
    const res = await register({ phone, smsCode: code });
    expect(res.body).toMatchObject({
      status_code: MEMBER_CODE.smsCodeExpired,
      message: SMS_MESSAGE.expired,
    });
    expect(await memberRow(phone)).toBeUndefined();
    expect(await smsRow(phone)).toMatchObject({ attempts: 0, used_at: null });
  });

  it('a used code cannot be used again', async () => {
    const phone = '13912340004';
    expect((await sendSms(phone)).body.status_code).toBe(CODE.success);
    const code = await codeOf(phone);
    expect((await register({ phone, smsCode: code })).body.status_code).toBe(CODE.success);
    // Remove the member, so nothing but the spent code stands in the way.
    const id = (await memberRow(phone))!.id;
    await t.db.query('DELETE FROM sessions WHERE member_id = $1', [id]);
    await t.db.query('DELETE FROM members WHERE id = $1', [id]);

    const again = await register({ phone, smsCode: code });
    expect(again.body.status_code).toBe(MEMBER_CODE.smsCodeWrong);
    expect(await memberRow(phone)).toBeUndefined();
  });

  it('a code sent to one phone does not register another', async () => {
    expect((await sendSms('13912340005')).body.status_code).toBe(CODE.success);
    const code = await codeOf('13912340005');
    const res = await register({ phone: '13912340006', smsCode: code });
    expect(res.body.status_code).toBe(MEMBER_CODE.smsCodeWrong);
    expect(await memberRow('13912340006')).toBeUndefined();
    expect((await smsRow('13912340005')).used_at).toBeNull();
  });
});

describe('register: site switches and field rules', () => {
  it('stopRegister answers 6025 at sms send and at register', async () => {
    await writeSiteConfig(t.db, 'stopRegister', true);
    const sms = await sendSms('13912340010');
    expect(sms.body).toMatchObject({
      status_code: MEMBER_CODE.registerStopped,
      message: MEMBER_MESSAGE.registerStopped,
    });
    expect(await latestSmsCode(t.db, '(86)13912340010')).toBeNull();
    const reg = await register({ phone: '13912340010', smsCode: '123456' });
    expect(reg.body.status_code).toBe(MEMBER_CODE.registerStopped);
    // Resetting a password is still allowed while registration stops.
    await pastCooldown('13800138000');
    expect((await sendSms('13800138000', { purpose: 'reset', ip: '10.0.0.25' })).body.status_code).toBe(
      CODE.success,
    );
  });

  it('a disabled phone prefix answers 6026 at sms send and at register; other prefixes pass', async () => {
    await writeSiteConfig(t.db, 'disablePhones', ['170', '1711']);
    for (const phone of ['17012345678', '17112345678']) {
      const sms = await sendSms(phone);
      expect(sms.body).toMatchObject({
        status_code: MEMBER_CODE.phoneDisabled,
        message: MEMBER_MESSAGE.phoneDisabled,
      });
      expect(await latestSmsCode(t.db, `(86)${phone}`)).toBeNull();
      expect((await register({ phone, smsCode: '123456' })).body.status_code).toBe(MEMBER_CODE.phoneDisabled);
    }
    // 1712 is not covered by 1711: the call goes on to the next rule (here the password mismatch).
    const other = await register({ phone: '17122345678', smsCode: '123456', confirmPassword: 'abc99999' });
    expect(other.body.status_code).toBe(MEMBER_CODE.passwordMismatch);
  });

  it('a password outside the rules answers 6028', async () => {
    for (const password of ['abcdefgh', '12345678', 'ab123', 'abcdefgh123456789', 'abc 1234', 'abc1234中']) {
      const res = await register({
        phone: '13912340011',
        smsCode: '123456',
        password,
        confirmPassword: password,
      });
      expect(res.body, password).toMatchObject({
        status_code: MEMBER_CODE.passwordFormat,
        message: MEMBER_MESSAGE.passwordFormat,
      });
    }
    // The bounds themselves are allowed (6 and 16 characters): the call then meets the missing SMS code.
    for (const password of ['abc123', 'abcdefgh12345678', 'a1!@#$%^&*._-']) {
      const res = await register({
        phone: '13912340011',
        smsCode: '123456',
        password,
        confirmPassword: password,
      });
      expect(res.body.status_code, password).toBe(MEMBER_CODE.smsCodeWrong);
    }
  });

  it('a confirmation that differs answers 6027', async () => {
    const res = await register({
      phone: '13912340012',
      smsCode: '123456',
      password: 'abc12345',
      confirmPassword: 'abc12346',
    });
    expect(res.body).toMatchObject({
      status_code: MEMBER_CODE.passwordMismatch,
      message: MEMBER_MESSAGE.passwordMismatch,
    });
  });

  it('a phone number that does not fit its country answers 6029', async () => {
    for (const [countryCode, phone] of [
      ['86', '12345678901'],
      ['86', '1391234567'],
      ['86', '139123456789'],
      ['852', '13912345678'],
    ] as const) {
      const reg = await register({ countryCode, phone, smsCode: '123456' });
      expect(reg.body, `${countryCode} ${phone}`).toMatchObject({
        status_code: MEMBER_CODE.phoneFormat,
        message: MEMBER_MESSAGE.phoneFormat,
      });
      expect((await sendSms(phone, { countryCode })).body.status_code).toBe(MEMBER_CODE.phoneFormat);
    }
  });
});

describe('register: invite codes', () => {
  it.each([
    ['i_code', '13912341001', 'DEMO8888', { i_code: 'DEMO8888' }, null],
    ['r_code', '13912341002', 'DEMO8888', { r_code: 'DEMO8888', r_bet: '500' }, '500'],
    ['invite_code', '13912341003', 'DEMO8888', { invite_code: 'DEMO8888', i_code: 'ZZZZ1111' }, null],
    ['manual', '13912341004', 'demo8888', { i_code: 'ZZZZ1111', r_bet: '500' }, null],
  ] as const)('records the inviter and the source %s', async (source, phone, inviteCode, referral, bet) => {
    expect((await sendSms(phone, { ip: '10.0.1.1' })).body.status_code).toBe(CODE.success);
    const res = await register({ phone, smsCode: await codeOf(phone), inviteCode, referral });
    expect(res.body.status_code).toBe(CODE.success);
    expect(await memberRow(phone)).toMatchObject({
      inviter_id: demoId,
      invite_source: source,
      referral_bet: bet,
    });
  });

  it('an unknown invite code answers 22007, writes nothing and leaves the code usable', async () => {
    const phone = '13912341009';
    expect((await sendSms(phone, { ip: '10.0.1.1' })).body.status_code).toBe(CODE.success);
    const code = await codeOf(phone);
    const before = await countMembers();
    const res = await register({
      phone,
      smsCode: code,
      inviteCode: 'NOPE1234',
      referral: { i_code: 'NOPE1234' },
    });
    expect(res.body).toMatchObject({
      status_code: MEMBER_CODE.inviteCodeInvalid,
      message: MEMBER_MESSAGE.inviteInvalid,
    });
    expect(await countMembers()).toBe(before);
    expect(await memberRow(phone)).toBeUndefined();
    expect(await smsRow(phone)).toMatchObject({ attempts: 0, used_at: null });

    const ok = await register({ phone, smsCode: code });
    expect(ok.body.status_code).toBe(CODE.success);
    expect(await memberRow(phone)).toMatchObject({ inviter_id: null, invite_source: null });
    expect(await countMembers()).toBe(before + 1);
  });
});

describe('sms send limits', () => {
  it('a second code within 60 s answers 6035 with the seconds left', async () => {
    const phone = '13912342001';
    expect((await sendSms(phone, { ip: '10.0.2.1' })).body.status_code).toBe(CODE.success);
    const again = await sendSms(phone, { ip: '10.0.2.2' });
    expect(again.body.status_code).toBe(MEMBER_CODE.smsTooSoon);
    expect(again.body.message).toMatch(/^验证码发送过于频繁，请 (59|60) 秒后再试$/);
    expect(
      (await t.db.query('SELECT 1 FROM sms_codes WHERE phone = $1', [`(86)${phone}`])).rows,
    ).toHaveLength(1);
    await pastCooldown(phone);
    expect((await sendSms(phone, { ip: '10.0.2.1' })).body.status_code).toBe(CODE.success);
  });

  it(`answers 6036 once a phone had ${SMS_MAX_PER_PHONE_PER_DAY} codes within a day`, async () => {
    const phone = '13912342002';
    // 9 codes today and 5 older than a day: one more may be sent.
    await t.db.query(
      `INSERT INTO sms_codes (phone, purpose, code, ip, created_at, expires_at)
       SELECT $1, 'register', '000000', '10.9.9.9', now() - g * interval '1 hour', now() - interval '1 hour'
         FROM generate_series(1, $2::int) g`,
      [`(86)${phone}`, SMS_MAX_PER_PHONE_PER_DAY - 1],
    );
    await t.db.query(
      `INSERT INTO sms_codes (phone, purpose, code, ip, created_at, expires_at)
       SELECT $1, 'register', '000000', '10.9.9.9', now() - interval '25 hours' - g * interval '1 hour', now() - interval '1 day'
         FROM generate_series(1, 5) g`,
      [`(86)${phone}`],
    );
    expect((await sendSms(phone, { ip: '10.0.3.1' })).body.status_code).toBe(CODE.success);
    await pastCooldown(phone);
    const res = await sendSms(phone, { ip: '10.0.3.2' });
    expect(res.body).toMatchObject({
      status_code: MEMBER_CODE.smsDailyLimit,
      message: SMS_MESSAGE.dailyLimit,
    });
  });

  it(`answers 6037 once an address asked ${SMS_MAX_PER_IP_PER_HOUR} codes within an hour`, async () => {
    const ip = '198.51.100.37';
    await t.db.query(
      `INSERT INTO sms_codes (phone, purpose, code, ip, created_at, expires_at)
       SELECT '(86)1370000' || lpad(g::text, 4, '0'), 'register', '000000', $1, now() - interval '10 minutes', now()
         FROM generate_series(1, $2::int) g
       UNION ALL
       SELECT '(86)1370001' || lpad(g::text, 4, '0'), 'register', '000000', $1, now() - interval '2 hours', now()
         FROM generate_series(1, 5) g`,
      [ip, SMS_MAX_PER_IP_PER_HOUR - 1],
    );
    expect((await sendSms('13912342003', { ip })).body.status_code).toBe(CODE.success);
    const res = await sendSms('13912342004', { ip });
    expect(res.body).toMatchObject({ status_code: MEMBER_CODE.tooManyFromIp, message: SMS_MESSAGE.ipLimit });
    expect(await latestSmsCode(t.db, '(86)13912342004')).toBeNull();
    // Another address is not affected.
    expect((await sendSms('13912342004', { ip: '198.51.100.38' })).body.status_code).toBe(CODE.success);
  });
});

describe('two registrations of one phone at once', () => {
  it('the second is told the phone is taken (6021), not a server error', async () => {
    const t2 = await createTestApp();
    try {
      const phone = '13912340077';
      const send = await t2.call({
        method: 'POST',
        url: '/site/api/v1/user/sms/send',
        payload: { countryCode: '86', phone, purpose: 'register' },
      });
      expect(send.body.status_code).toBe(CODE.success);
      const code = (await latestSmsCode(t2.db, `(86)${phone}`))!.code;
      // A second code row for the same phone, as if a parallel request had its own.
      await t2.db.query(
        `INSERT INTO sms_codes (phone, purpose, code, ip, expires_at) VALUES ($1, 'register', $2, '127.0.0.1', now() + interval '5 minutes')`,
        [`(86)${phone}`, code],
      );
      const body = {
        countryCode: '86',
        phone,
        smsCode: code,
        password: 'abc12345',
        confirmPassword: 'abc12345',
      };
      const [a, b] = await Promise.all([
        t2.call({ method: 'POST', url: '/site/api/v1/user/register', payload: body }),
        t2.call({ method: 'POST', url: '/site/api/v1/user/register', payload: body }),
      ]);
      const codes = [a.body.status_code, b.body.status_code].sort();
      expect(codes).toEqual([CODE.success, MEMBER_CODE.phoneTaken].sort());
      expect(a.status).toBe(200);
      expect(b.status).toBe(200);
    } finally {
      await t2.close();
    }
  });
});
