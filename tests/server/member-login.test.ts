import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../src/protocol/api.ts';
import { MEMBER_CODE } from '../../src/protocol/member.ts';
import { seedDemo } from '../../server/db/seed.ts';
import {
  LOGIN_MAX_FAILURES_PER_IP,
  LOGIN_MAX_FAILURES_PER_PHONE,
  REMEMBER_TOKEN_TTL_MS,
  SESSION_IDLE_TTL_MS,
  SESSION_MAX_TTL_MS,
} from '../../server/modules/member/limits.ts';
import { MEMBER_MESSAGE } from '../../server/modules/member/members.ts';
import { SESSION_MESSAGE } from '../../server/modules/member/sessions.ts';
import { latestSmsCode, SMS_MESSAGE } from '../../server/modules/member/sms.ts';
import { writeSiteConfig } from '../../server/modules/site/config.ts';
import { hashPassword } from '../../server/security/password.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const SMS = '/site/api/v1/user/sms/send';
const LOGIN = '/site/api/v1/user/login';
const LOGOUT = '/site/api/v1/user/logout';
const RESET = '/site/api/v1/user/password/reset';
const INFO = '/site/api/v1/user/member/info';
const JWT = '/site/api/v1/user/member/jwt';
const DAY_MS = 24 * 60 * 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemo(t.db)).toBe(true);
});
afterAll(() => t.close());

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** A member written straight into the table (one hash, no SMS round trip). */
async function createMember(phone: string, password: string): Promise<number> {
  const { rows } = await t.db.query<{ id: number }>(
    'INSERT INTO members (phone, password_hash, invite_code) VALUES ($1, $2, $3) RETURNING id',
    [`(86)${phone}`, await hashPassword(password), `T${phone.slice(-8)}`],
  );
  return rows[0]!.id;
}

const login = (
  phone: string,
  password: string,
  opts: { remember?: boolean; ip?: string; headers?: Record<string, string> } = {},
) =>
  t.call({
    method: 'POST',
    url: LOGIN,
    payload: { countryCode: '86', phone, password, remember: opts.remember ?? false },
    remoteAddress: opts.ip ?? '127.0.0.1',
    ...(opts.headers ? { headers: opts.headers } : {}),
  });

/** Logs in and answers the token (the login must succeed). */
async function tokenFor(phone: string, password: string, opts: Parameters<typeof login>[2] = {}) {
  const res = await login(phone, password, opts);
  expect(res.body.status_code).toBe(CODE.success);
  return res.body.data.token as string;
}

const info = (token: string | undefined, headers: Record<string, string> = {}) =>
  t.call({
    method: 'POST',
    url: INFO,
    payload: { withLockMoney: 1 },
    headers: { ...(token === undefined ? {} : { 'X-API-TOKEN': token }), ...headers },
  });
const jwt = (token: string) => t.call({ method: 'GET', url: JWT, headers: { 'X-API-TOKEN': token } });
const logout = (token: string) => t.call({ method: 'POST', url: LOGOUT, headers: { 'X-API-TOKEN': token } });

const sessionOf = async (token: string) =>
  (
    await t.db.query<{
      remember: boolean;
      expires_at: Date;
      last_seen_at: Date;
      revoked_reason: string | null;
    }>('SELECT remember, expires_at, last_seen_at, revoked_reason FROM sessions WHERE token_hash = $1', [
      sha256(token),
    ])
  ).rows[0]!;

const attempts = async (phone: string) =>
  (
    await t.db.query<{ ip: string; success: boolean }>(
      'SELECT ip, success FROM login_attempts WHERE phone = $1 ORDER BY id',
      [`(86)${phone}`],
    )
  ).rows;

describe('login', () => {
  it('logs the demo player in; the token reads member/info', async () => {
    const res = await login('13800138000', 'demo1234', { ip: '10.1.0.1' });
    expect(res.body.status_code).toBe(CODE.success);
    expect(res.body.data).toEqual({ token: expect.any(String), expiresAt: null, userName: '13800138000' });
    const token: string = res.body.data.token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await info(token);
    expect(me.body.status_code).toBe(CODE.success);
    expect(me.body.data).toMatchObject({
      userName: '13800138000',
      phone: '(86)13800138000',
      countryCode: '86',
      vipLevel: 3,
      inviteCode: 'DEMO8888',
    });
    expect(await attempts('13800138000')).toEqual([{ ip: '10.1.0.1', success: true }]);
  });

  it('a wrong password and an unknown phone both answer 6002 with the same message', async () => {
    await createMember('13911110001', 'right123');
    const wrong = await login('13911110001', 'wrong123', { ip: '10.1.0.2' });
    const unknown = await login('13900000001', 'right123', { ip: '10.1.0.2' });
    for (const res of [wrong, unknown]) {
      expect(res.body).toEqual({
        status_code: MEMBER_CODE.wrongCredentials,
        message: MEMBER_MESSAGE.wrongCredentials,
        data: null,
      });
    }
    // Both failures count.
    expect(await attempts('13911110001')).toEqual([{ ip: '10.1.0.2', success: false }]);
    expect(await attempts('13900000001')).toEqual([{ ip: '10.1.0.2', success: false }]);
  });

  it(`${LOGIN_MAX_FAILURES_PER_PHONE} wrong passwords lock the phone (6008), even for the right one, until the window passes`, async () => {
    const phone = '13911110003';
    await createMember(phone, 'right123');
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_PHONE; i++) {
      expect((await login(phone, `wrong12${i}`, { ip: '10.1.0.3' })).body.status_code).toBe(
        MEMBER_CODE.wrongCredentials,
      );
    }
    const locked = await login(phone, 'right123', { ip: '10.1.0.3' });
    expect(locked.body).toEqual({
      status_code: MEMBER_CODE.accountLocked,
      message: MEMBER_MESSAGE.locked(15),
      data: null,
    });
    // Another address does not help: the lock is on the phone.
    expect((await login(phone, 'right123', { ip: '10.1.0.4' })).body.status_code).toBe(
      MEMBER_CODE.accountLocked,
    );
    expect(await attempts(phone)).toHaveLength(LOGIN_MAX_FAILURES_PER_PHONE);
    expect(
      (
        await t.db.query('SELECT 1 FROM sessions s JOIN members m ON m.id = s.member_id WHERE m.phone = $1', [
          `(86)${phone}`,
        ])
      ).rows,
    ).toHaveLength(0);

    // Once the failures are older than the 15-minute window the right password works again.
    await t.db.query(`UPDATE login_attempts SET at = at - interval '16 minutes' WHERE phone = $1`, [
      `(86)${phone}`,
    ]);
    expect((await login(phone, 'right123', { ip: '10.1.0.3' })).body.status_code).toBe(CODE.success);
  });

  it('a successful login before the limit starts the count again', async () => {
    const phone = '13911110004';
    await createMember(phone, 'right123');
    const wrongTimes = async (n: number) => {
      for (let i = 0; i < n; i++) {
        expect((await login(phone, 'wrong123', { ip: '10.1.0.5' })).body.status_code).toBe(
          MEMBER_CODE.wrongCredentials,
        );
      }
    };
    await wrongTimes(LOGIN_MAX_FAILURES_PER_PHONE - 1);
    expect((await login(phone, 'right123', { ip: '10.1.0.5' })).body.status_code).toBe(CODE.success);
    await wrongTimes(LOGIN_MAX_FAILURES_PER_PHONE - 1);
    expect((await login(phone, 'right123', { ip: '10.1.0.5' })).body.status_code).toBe(CODE.success);
    // Five in a row after the last success do lock it.
    await wrongTimes(LOGIN_MAX_FAILURES_PER_PHONE);
    expect((await login(phone, 'right123', { ip: '10.1.0.5' })).body.status_code).toBe(
      MEMBER_CODE.accountLocked,
    );
  });

  it(`${LOGIN_MAX_FAILURES_PER_IP} failures from one address answer 6039 for every phone from it`, async () => {
    const ip = '198.51.100.20';
    await createMember('13911110005', 'right123');
    await t.db.query(
      `INSERT INTO login_attempts (phone, ip, success, at)
       SELECT '(86)1360000' || lpad(g::text, 4, '0'), $1, false, now() - interval '1 minute'
         FROM generate_series(1, $2::int) g
       UNION ALL
       SELECT '(86)13600009999', $1, false, now() - interval '20 minutes' FROM generate_series(1, 10)`,
      [ip, LOGIN_MAX_FAILURES_PER_IP - 2],
    );
    // The 19th failure in the window is still answered; the 20th as well (and counted)...
    expect((await login('13911110005', 'wrong123', { ip })).body.status_code).toBe(
      MEMBER_CODE.wrongCredentials,
    );
    expect((await login('13900000005', 'wrong123', { ip })).body.status_code).toBe(
      MEMBER_CODE.wrongCredentials,
    );
    // ...then even the right password is refused from that address.
    const limited = await login('13911110005', 'right123', { ip });
    expect(limited.body).toEqual({
      status_code: MEMBER_CODE.loginRateLimited,
      message: MEMBER_MESSAGE.ipLimited,
      data: null,
    });
    expect((await login('13800138000', 'demo1234', { ip })).body.status_code).toBe(
      MEMBER_CODE.loginRateLimited,
    );
    // Another address is not limited.
    expect((await login('13911110005', 'right123', { ip: '198.51.100.21' })).body.status_code).toBe(
      CODE.success,
    );
  });

  it('stopLogin answers 6024', async () => {
    await createMember('13911110006', 'right123');
    await writeSiteConfig(t.db, 'stopLogin', true);
    try {
      const res = await login('13911110006', 'right123', { ip: '10.1.0.6' });
      expect(res.body).toEqual({
        status_code: MEMBER_CODE.loginStopped,
        message: MEMBER_MESSAGE.loginStopped,
        data: null,
      });
    } finally {
      await writeSiteConfig(t.db, 'stopLogin', false);
    }
    expect((await login('13911110006', 'right123', { ip: '10.1.0.6' })).body.status_code).toBe(CODE.success);
  });

  it('a disabled member answers 6501 (only with the right password) and gets no session', async () => {
    const id = await createMember('13911110007', 'right123');
    await t.db.query(`UPDATE members SET status = 'disabled' WHERE id = $1`, [id]);
    const res = await login('13911110007', 'right123', { ip: '10.1.0.7' });
    expect(res.body).toEqual({
      status_code: MEMBER_CODE.accountDisabled,
      message: MEMBER_MESSAGE.accountDisabled,
      data: null,
    });
    expect((await login('13911110007', 'wrong123', { ip: '10.1.0.7' })).body.status_code).toBe(
      MEMBER_CODE.wrongCredentials,
    );
    expect((await t.db.query('SELECT 1 FROM sessions WHERE member_id = $1', [id])).rows).toHaveLength(0);
  });

  it('remember gives a token for 365 days; without it the token has no expiry for the browser', async () => {
    await createMember('13911110008', 'right123');
    const before = Date.now();
    const remembered = await login('13911110008', 'right123', { remember: true, ip: '10.1.0.8' });
    const after = Date.now();
    expect(remembered.body.status_code).toBe(CODE.success);
    const expiresAt: number = remembered.body.data.expiresAt;
    expect(expiresAt).toBeGreaterThanOrEqual(before + REMEMBER_TOKEN_TTL_MS);
    expect(expiresAt).toBeLessThanOrEqual(after + REMEMBER_TOKEN_TTL_MS);
    expect(REMEMBER_TOKEN_TTL_MS).toBe(365 * DAY_MS);
    const rs = await sessionOf(remembered.body.data.token);
    expect(rs.remember).toBe(true);
    expect(Math.abs(rs.expires_at.getTime() - expiresAt)).toBeLessThan(5);

    const plain = await login('13911110008', 'right123', { remember: false, ip: '10.1.0.8' });
    expect(plain.body.data.expiresAt).toBeNull();
    const ps = await sessionOf(plain.body.data.token);
    expect(ps.remember).toBe(false);
    // On the server a session token still ends after at most a day.
    expect(Math.abs(ps.expires_at.getTime() - (Date.now() + SESSION_MAX_TTL_MS))).toBeLessThan(5_000);
  });
});

describe('sessions', () => {
  it('a login elsewhere ends the first token with 6001; the second works', async () => {
    await createMember('13911110020', 'right123');
    const first = await tokenFor('13911110020', 'right123', { remember: true, ip: '10.1.1.1' });
    expect((await info(first)).body.status_code).toBe(CODE.success);
    const second = await tokenFor('13911110020', 'right123', {
      ip: '10.1.1.2',
      headers: { 'X-API-UUID': 'test-device-0002' },
    });
    const old = await info(first);
    expect(old.body).toEqual({
      status_code: CODE.loggedInElsewhere,
      message: SESSION_MESSAGE.elsewhere,
      data: null,
    });
    expect((await jwt(first)).body.status_code).toBe(CODE.loggedInElsewhere);
    expect((await logout(first)).body.status_code).toBe(CODE.loggedInElsewhere);
    expect((await sessionOf(first)).revoked_reason).toBe('elsewhere');
    const now = await info(second);
    expect(now.body.status_code).toBe(CODE.success);
    expect(now.body.data.userName).toBe('13911110020');
  });

  it('logout ends the token: it then answers 10105', async () => {
    await createMember('13911110021', 'right123');
    const token = await tokenFor('13911110021', 'right123', { ip: '10.1.1.3' });
    const out = await logout(token);
    expect(out.body).toEqual({ status_code: CODE.success, message: 'success', data: null });
    const after = await info(token);
    expect(after.body).toEqual({
      status_code: CODE.tokenRevoked,
      message: SESSION_MESSAGE.revoked,
      data: null,
    });
    expect((await jwt(token)).body.status_code).toBe(CODE.tokenRevoked);
    expect((await logout(token)).body.status_code).toBe(CODE.tokenRevoked);
    expect((await sessionOf(token)).revoked_reason).toBe('logout');
    // A new login works.
    expect((await info(await tokenFor('13911110021', 'right123', { ip: '10.1.1.3' }))).body.status_code).toBe(
      CODE.success,
    );
  });

  it('an expired session answers 10104', async () => {
    await createMember('13911110022', 'right123');
    const token = await tokenFor('13911110022', 'right123', { remember: true, ip: '10.1.1.4' });
    await t.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
      sha256(token),
    ]);
    const res = await info(token);
    expect(res.body).toEqual({
      status_code: CODE.tokenExpired,
      message: SESSION_MESSAGE.expired,
      data: null,
    });
    expect((await jwt(token)).body.status_code).toBe(CODE.tokenExpired);
  });

  it('a session token idle longer than the idle time answers 10104; a remembered one does not', async () => {
    await createMember('13911110023', 'right123');
    await createMember('13911110024', 'right123');
    const plain = await tokenFor('13911110023', 'right123', { ip: '10.1.1.5' });
    const remembered = await tokenFor('13911110024', 'right123', { remember: true, ip: '10.1.1.5' });
    const idleFor = async (token: string, ms: number) =>
      t.db.query(
        `UPDATE sessions SET last_seen_at = now() - $2 * interval '1 millisecond' WHERE token_hash = $1`,
        [sha256(token), ms],
      );

    // Idle for a while, but under the limit: it works, and the use moves last_seen_at forward.
    await idleFor(plain, SESSION_IDLE_TTL_MS - 10 * 60_000);
    expect((await info(plain)).body.status_code).toBe(CODE.success);
    expect(Date.now() - (await sessionOf(plain)).last_seen_at.getTime()).toBeLessThan(60_000);

    await idleFor(plain, SESSION_IDLE_TTL_MS + 60_000);
    expect((await info(plain)).body).toEqual({
      status_code: CODE.tokenExpired,
      message: SESSION_MESSAGE.expired,
      data: null,
    });

    await idleFor(remembered, SESSION_IDLE_TTL_MS + 60_000);
    expect((await info(remembered)).body.status_code).toBe(CODE.success);
  });

  it('an unknown, empty or missing token answers 10004', async () => {
    const expected = { status_code: CODE.tokenInvalid, message: SESSION_MESSAGE.invalid, data: null };
    expect((await info(randomBytes(32).toString('base64url'))).body).toEqual(expected);
    expect((await info('')).body).toEqual(expected);
    expect((await info(undefined)).body).toEqual(expected);
    expect((await t.call({ method: 'GET', url: JWT })).body).toEqual(expected);
    expect((await t.call({ method: 'POST', url: LOGOUT })).body).toEqual(expected);
  });

  it('X-API-USER must be the hashed name of the token’s member', async () => {
    await createMember('13911110025', 'right123');
    const token = await tokenFor('13911110025', 'right123', { ip: '10.1.1.6' });
    const match = await info(token, { 'X-API-USER': sha256('13911110025') });
    expect(match.body.status_code).toBe(CODE.success);
    expect(match.body.data.userName).toBe('13911110025');
    for (const other of [sha256('13800138000'), sha256('(86)13911110025'), 'not-a-hash']) {
      expect((await info(token, { 'X-API-USER': other })).body).toEqual({
        status_code: CODE.tokenInvalid,
        message: SESSION_MESSAGE.invalid,
        data: null,
      });
    }
    // The mismatch does not end the session.
    expect((await info(token)).body.status_code).toBe(CODE.success);
  });
});

describe('password reset', () => {
  const sendSms = (phone: string, ip: string) =>
    t.call({
      method: 'POST',
      url: SMS,
      payload: { countryCode: '86', phone, purpose: 'reset' },
      remoteAddress: ip,
    });
  const reset = (phone: string, smsCode: string, password: string, confirmPassword = password) =>
    t.call({
      method: 'POST',
      url: RESET,
      payload: { countryCode: '86', phone, smsCode, password, confirmPassword },
    });

  it('an unknown phone answers 6022 at sms send and at reset', async () => {
    const res = await sendSms('13900009999', '10.1.2.1');
    expect(res.body).toEqual({
      status_code: MEMBER_CODE.phoneUnknown,
      message: MEMBER_MESSAGE.phoneUnknown,
      data: null,
    });
    expect(await latestSmsCode(t.db, '(86)13900009999')).toBeNull();
    expect((await reset('13900009999', '123456', 'new12345')).body.status_code).toBe(
      MEMBER_CODE.phoneUnknown,
    );
  });

  it('resets with the code, ends every session, and only the new password logs in', async () => {
    const phone = '13911110030';
    await createMember(phone, 'old12345');
    const remembered = await tokenFor(phone, 'old12345', { remember: true, ip: '10.1.2.2' });

    expect((await sendSms(phone, '10.1.2.2')).body).toEqual({
      status_code: CODE.success,
      message: 'success',
      data: { resendAfter: 60 },
    });
    const sms = await latestSmsCode(t.db, `(86)${phone}`);
    expect(sms!.purpose).toBe('reset');
    const wrongCode = String((Number(sms!.code) + 1) % 1_000_000).padStart(6, '0');
    expect((await reset(phone, wrongCode, 'new12345')).body).toMatchObject({
      status_code: MEMBER_CODE.smsCodeWrong,
      message: SMS_MESSAGE.wrong,
    });
    expect((await reset(phone, sms!.code, 'new12345', 'new12346')).body.status_code).toBe(
      MEMBER_CODE.passwordMismatch,
    );
    expect((await reset(phone, sms!.code, 'newpassword')).body.status_code).toBe(MEMBER_CODE.passwordFormat);
    // None of the refused calls changed anything.
    expect((await info(remembered)).body.status_code).toBe(CODE.success);

    expect((await reset(phone, sms!.code, 'new12345')).body).toEqual({
      status_code: CODE.success,
      message: 'success',
      data: null,
    });
    expect((await info(remembered)).body).toEqual({
      status_code: CODE.tokenRevoked,
      message: SESSION_MESSAGE.revoked,
      data: null,
    });
    expect((await sessionOf(remembered)).revoked_reason).toBe('password');
    expect((await login(phone, 'old12345', { ip: '10.1.2.2' })).body.status_code).toBe(
      MEMBER_CODE.wrongCredentials,
    );
    expect((await login(phone, 'new12345', { ip: '10.1.2.2' })).body.status_code).toBe(CODE.success);
    // The code is spent.
    expect((await reset(phone, sms!.code, 'other123')).body.status_code).toBe(MEMBER_CODE.smsCodeWrong);
    expect((await login(phone, 'new12345', { ip: '10.1.2.2' })).body.status_code).toBe(CODE.success);
  });

  it('a register code does not reset a password', async () => {
    const phone = '13911110031';
    await createMember(phone, 'old12345');
    await t.db.query(
      `INSERT INTO sms_codes (phone, purpose, code, ip, expires_at)
       VALUES ($1, 'register', '135790', '10.1.2.3', now() + interval '5 minutes')`,
      [`(86)${phone}`],
    );
    expect((await reset(phone, '135790', 'new12345')).body.status_code).toBe(MEMBER_CODE.smsCodeWrong);
    expect((await login(phone, 'old12345', { ip: '10.1.2.3' })).body.status_code).toBe(CODE.success);
  });

  it('a reset lifts a lock, as the lock message promises', async () => {
    const phone = '13911110032';
    await createMember(phone, 'old12345');
    await t.db.query(
      `INSERT INTO login_attempts (phone, ip, success) SELECT $1, '10.1.2.4', false FROM generate_series(1, $2::int)`,
      [`(86)${phone}`, LOGIN_MAX_FAILURES_PER_PHONE],
    );
    const locked = await login(phone, 'old12345', { ip: '10.1.2.5' });
    expect(locked.body.status_code).toBe(MEMBER_CODE.accountLocked);
    expect(locked.body.message).toContain('找回密码');

    expect((await sendSms(phone, '10.1.2.5')).body.status_code).toBe(CODE.success);
    const code = (await latestSmsCode(t.db, `(86)${phone}`))!.code;
    expect((await reset(phone, code, 'new12345')).body.status_code).toBe(CODE.success);
    expect((await login(phone, 'new12345', { ip: '10.1.2.5' })).body.status_code).toBe(CODE.success);
  });
});

describe('hardening', () => {
  it('a disabled member loses its open session (10105)', async () => {
    const t = await createTestApp();
    try {
      await seedDemo(t.db);
      const login = await t.call({
        method: 'POST',
        url: '/site/api/v1/user/login',
        payload: { countryCode: '86', phone: '13800138000', password: 'demo1234', remember: false },
      });
      const token = login.body.data.token as string;
      await t.db.query(`UPDATE members SET status = 'disabled' WHERE phone = '(86)13800138000'`);
      const info = await t.call({
        method: 'POST',
        url: '/site/api/v1/user/member/info',
        payload: { withLockMoney: 1 },
        headers: { 'X-API-TOKEN': token },
      });
      expect(info.body.status_code).toBe(10105);
      expect(info.body.message).toBe('该账号已停用，请联系客服');
    } finally {
      await t.close();
    }
  });

  it('parallel wrong passwords cannot slip past the per-phone limit', async () => {
    const t = await createTestApp();
    try {
      await seedDemo(t.db);
      const attempts = await Promise.all(
        Array.from({ length: 8 }, () =>
          t.call({
            method: 'POST',
            url: '/site/api/v1/user/login',
            payload: { countryCode: '86', phone: '13800138000', password: 'wrong999', remember: false },
          }),
        ),
      );
      const codes = attempts.map((a) => a.body.status_code).sort();
      expect(codes.filter((c) => c === 6002)).toHaveLength(5);
      expect(codes.filter((c) => c === 6008)).toHaveLength(3);
      const { rows } = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM login_attempts WHERE phone = '(86)13800138000'`,
      );
      expect(rows[0]!.n).toBe(5);
    } finally {
      await t.close();
    }
  });
});
