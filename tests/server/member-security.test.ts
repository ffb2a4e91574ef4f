import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CODE } from '../../src/protocol/api.ts';
import { MEMBER_CODE } from '../../src/protocol/member.ts';
import { buildApp } from '../../server/app.ts';
import { seedDemo } from '../../server/db/seed.ts';
import { SERVER_MESSAGE } from '../../server/http/envelope.ts';
import { MEMBER_JWT_TTL_S } from '../../server/modules/member/limits.ts';
import { runOpsCommand } from '../../server/ops/commands.ts';
import { deriveJwtKey, verifyJwt } from '../../server/security/jwt.ts';
import { DEV_SIGNING_SECRET } from '../../server/security/signing.ts';
import { clientHeaders, createTestApp, testConfig, type TestApp } from '../support/test-app.ts';

const PRE_INFO = '/site/api/v1/configuration/preInfo';
const SMS = '/site/api/v1/user/sms/send';
const REGISTER = '/site/api/v1/user/register';
const LOGIN = '/site/api/v1/user/login';
const RESET = '/site/api/v1/user/password/reset';
const INFO = '/site/api/v1/user/member/info';
const JWT = '/site/api/v1/user/member/jwt';
const DEMO = { countryCode: '86', phone: '13800138000', password: 'demo1234' };
const DEVICE = 'test-device-0001';

let t: TestApp;
let demoId: number;
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemo(t.db)).toBe(true);
  demoId = (await t.db.query<{ id: number }>(`SELECT id FROM members WHERE phone = '(86)13800138000'`))
    .rows[0]!.id;
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.call({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });

async function demoToken(headers: Record<string, string> = {}): Promise<string> {
  const res = await post(LOGIN, { ...DEMO, remember: false }, headers);
  expect(res.body.status_code).toBe(CODE.success);
  return res.body.data.token as string;
}

const memberCount = async () =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM members')).rows[0]!.n;

const loginAttempts = async () =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM login_attempts')).rows[0]!.n;

const validation = (res: { status: number; body: { status_code: number; message: string } }) => {
  expect(res.status).toBe(200);
  expect(res.body.status_code).toBe(CODE.validation);
  expect(res.body.message).toBe(SERVER_MESSAGE.validation);
};

describe('blocked devices', () => {
  afterEach(async () => {
    await runOpsCommand(t.db, ['device', 'unblock', DEVICE]);
  });

  it('a blocked device answers 10102 on every call; other devices go on; unblock restores it', async () => {
    const token = await demoToken();
    expect(await runOpsCommand(t.db, ['device', 'block', DEVICE, 'fraud', 'report'])).toBe(
      `device ${DEVICE} blocked (answers 10102)`,
    );
    const row = await t.db.query<{ blocked_at: Date | null; blocked_reason: string }>(
      'SELECT blocked_at, blocked_reason FROM devices WHERE uuid = $1',
      [DEVICE],
    );
    expect(row.rows[0]!.blocked_at).toBeInstanceOf(Date);
    expect(row.rows[0]!.blocked_reason).toBe('fraud report');

    const attemptsBefore = await loginAttempts();
    const blocked = { status_code: CODE.deviceBlocked, message: SERVER_MESSAGE.deviceBlocked, data: null };
    expect((await post(PRE_INFO, {})).body).toEqual(blocked);
    expect((await post(LOGIN, { ...DEMO, remember: false })).body).toEqual(blocked);
    expect((await post(INFO, { withLockMoney: 1 }, { 'X-API-TOKEN': token })).body).toEqual(blocked);
    expect((await t.call({ method: 'GET', url: JWT, headers: { 'X-API-TOKEN': token } })).body).toEqual(
      blocked,
    );
    expect((await post(SMS, { countryCode: '86', phone: '13912345000', purpose: 'register' })).body).toEqual(
      blocked,
    );
    // The refused login wrote no attempt and no session.
    expect(await loginAttempts()).toBe(attemptsBefore);

    const other = { 'X-API-UUID': 'test-device-0002' };
    expect((await post(PRE_INFO, {}, other)).body.status_code).toBe(CODE.success);
    expect(
      (await post(INFO, { withLockMoney: 1 }, { ...other, 'X-API-TOKEN': token })).body.status_code,
    ).toBe(CODE.success);

    expect(await runOpsCommand(t.db, ['device', 'unblock', DEVICE])).toBe(`device ${DEVICE} unblocked`);
    expect((await post(PRE_INFO, {})).body.status_code).toBe(CODE.success);
    expect((await post(INFO, { withLockMoney: 1 }, { 'X-API-TOKEN': token })).body.status_code).toBe(
      CODE.success,
    );
    expect((await post(LOGIN, { ...DEMO, remember: false })).body.status_code).toBe(CODE.success);
  });

  it('a device never seen before can be blocked ahead of time', async () => {
    const fresh = { 'X-API-UUID': 'fresh-device-0003' };
    await runOpsCommand(t.db, ['device', 'block', 'fresh-device-0003']);
    expect((await post(PRE_INFO, {}, fresh)).body.status_code).toBe(CODE.deviceBlocked);
    expect((await post(PRE_INFO, {})).body.status_code).toBe(CODE.success);
    await runOpsCommand(t.db, ['device', 'unblock', 'fresh-device-0003']);
    expect((await post(PRE_INFO, {}, fresh)).body.status_code).toBe(CODE.success);
  });
});

describe('hostile input', () => {
  const INJECTIONS = ["13800138000' OR '1'='1", "'; DROP TABLE members; --", '13800138000; --', '1 OR 1=1'];

  it('SQL in the phone, country or invite code is refused with 10003; in a password it is just wrong', async () => {
    const before = await memberCount();
    for (const phone of INJECTIONS) {
      validation(await post(LOGIN, { countryCode: '86', phone, password: 'demo1234', remember: false }));
      validation(await post(SMS, { countryCode: '86', phone, purpose: 'register' }));
      validation(
        await post(REGISTER, {
          countryCode: '86',
          phone,
          smsCode: '123456',
          password: 'abc12345',
          confirmPassword: 'abc12345',
        }),
      );
      validation(
        await post(RESET, {
          countryCode: '86',
          phone,
          smsCode: '123456',
          password: 'abc12345',
          confirmPassword: 'abc12345',
        }),
      );
      validation(
        await post(LOGIN, { countryCode: phone, phone: '13800138000', password: 'x', remember: false }),
      );
    }
    for (const inviteCode of ["DEMO8888' OR '1'='1", "'; DROP TABLE members; --", 'DEMO8888;--']) {
      validation(
        await post(REGISTER, {
          countryCode: '86',
          phone: '13912345001',
          smsCode: '123456',
          password: 'abc12345',
          confirmPassword: 'abc12345',
          inviteCode,
        }),
      );
    }
    for (const password of ["' OR '1'='1", "'; DROP TABLE members; --", "demo1234' OR '1'='1"]) {
      const res = await post(LOGIN, { ...DEMO, password, remember: false });
      expect(res.body).toMatchObject({ status_code: MEMBER_CODE.wrongCredentials, data: null });
      const reg = await post(REGISTER, {
        countryCode: '86',
        phone: '13912345001',
        smsCode: '123456',
        password,
        confirmPassword: password,
      });
      expect(reg.body.status_code).toBe(MEMBER_CODE.passwordFormat);
    }
    // A token made of SQL is just an unknown token.
    expect((await post(INFO, { withLockMoney: 1 }, { 'X-API-TOKEN': "' OR '1'='1" })).body.status_code).toBe(
      CODE.tokenInvalid,
    );

    // The table is still there with its rows, and the demo player still logs in.
    expect(await memberCount()).toBe(before);
    expect((await t.db.query(`SELECT to_regclass('members') IS NOT NULL AS present`)).rows[0]).toEqual({
      present: true,
    });
    await demoToken();
  });

  it('over-long inputs answer 10003 before any work is done', async () => {
    const longPhone = '1'.repeat(1000);
    const longPassword = 'a1'.repeat(5000);
    const reg = {
      countryCode: '86',
      phone: '13912345002',
      smsCode: '123456',
      password: 'abc12345',
      confirmPassword: 'abc12345',
    };
    const cases: Array<[string, unknown, string]> = [
      [LOGIN, { countryCode: '86', phone: longPhone, password: 'demo1234', remember: false }, '/phone'],
      [LOGIN, { ...DEMO, password: longPassword, remember: false }, '/password'],
      [SMS, { countryCode: '86', phone: longPhone, purpose: 'register' }, '/phone'],
      [REGISTER, { ...reg, phone: longPhone }, '/phone'],
      [REGISTER, { ...reg, password: longPassword, confirmPassword: longPassword }, '/password'],
      [REGISTER, { ...reg, smsCode: '1'.repeat(1000) }, '/smsCode'],
      [REGISTER, { ...reg, inviteCode: 'A'.repeat(100) }, '/inviteCode'],
      [RESET, { ...reg, phone: longPhone }, '/phone'],
      [RESET, { ...reg, password: longPassword, confirmPassword: longPassword }, '/password'],
    ];
    for (const key of ['i_code', 'r_code', 'r_bet', 'invite_code']) {
      cases.push([REGISTER, { ...reg, referral: { [key]: 'x'.repeat(1000) } }, `/referral/${key}`]);
    }
    for (const [url, payload, field] of cases) {
      const res = await post(url, payload);
      validation(res);
      expect((res.body.data as { fields: unknown[] }).fields, `${url} ${field}`).toContain(field);
    }
    expect(await t.db.query('SELECT 1 FROM members WHERE phone = $1', ['(86)13912345002'])).toMatchObject({
      rows: [],
    });
    expect((await t.db.query(`SELECT 1 FROM sms_codes WHERE length(phone) > 30`)).rows).toHaveLength(0);
  });

  it('unknown body fields and wrong types answer 10003', async () => {
    const token = await demoToken();
    const reg = {
      countryCode: '86',
      phone: '13912345003',
      smsCode: '123456',
      password: 'abc12345',
      confirmPassword: 'abc12345',
    };
    const cases: Array<[string, unknown, Record<string, string>?]> = [
      [LOGIN, { ...DEMO, remember: false, isAdmin: true }],
      [LOGIN, { ...DEMO, remember: 'true' }],
      [LOGIN, { ...DEMO }],
      [LOGIN, { ...DEMO, remember: false, countryCode: '999' }],
      [SMS, { countryCode: '86', phone: '13912345003', purpose: 'register', vip: 9 }],
      [SMS, { countryCode: '86', phone: '13912345003', purpose: 'login' }],
      [REGISTER, { ...reg, vipLevel: 9 }],
      [REGISTER, { ...reg, referral: { i_code: 'DEMO8888', extra: 'x' } }],
      [REGISTER, { ...reg, phone: 13912345003 }],
      [RESET, { ...reg, memberId: demoId }],
      [INFO, { withLockMoney: 1, userId: demoId }, { 'X-API-TOKEN': token }],
      [INFO, { withLockMoney: 2 }, { 'X-API-TOKEN': token }],
    ];
    for (const [url, payload, headers] of cases) {
      const res = await post(url, payload, headers);
      expect(res.body.status_code, `${url} ${JSON.stringify(payload)}`).toBe(CODE.validation);
    }
    expect(
      (await t.db.query('SELECT 1 FROM sms_codes WHERE phone = $1', ['(86)13912345003'])).rows,
    ).toHaveLength(0);
    // The token was not disturbed by the refused info calls.
    expect((await post(INFO, { withLockMoney: 1 }, { 'X-API-TOKEN': token })).body.data.userId).toBe(demoId);
  });
});

describe('member jwt', () => {
  it('is signed with the derived key, names the member and lasts 300 s', async () => {
    const token = await demoToken();
    const before = Math.floor(Date.now() / 1000);
    const res = await t.call({ method: 'GET', url: JWT, headers: { 'X-API-TOKEN': token } });
    const after = Math.floor(Date.now() / 1000);
    expect(res.body.status_code).toBe(CODE.success);
    expect(res.body.data).toEqual({ jwt: expect.any(String), expiresIn: 300 });
    expect(MEMBER_JWT_TTL_S).toBe(300);
    const key = deriveJwtKey(DEV_SIGNING_SECRET);
    const payload = verifyJwt(res.body.data.jwt, key);
    expect(payload).not.toBeNull();
    expect(payload!.sub).toBe(demoId);
    expect(payload!.iat).toBeGreaterThanOrEqual(before);
    expect(payload!.iat).toBeLessThanOrEqual(after);
    expect(payload!.exp).toBe((payload!.iat as number) + 300);

    // Another key, a changed payload or a later clock all fail.
    expect(verifyJwt(res.body.data.jwt, deriveJwtKey('another-secret'))).toBeNull();
    const [h, , s] = (res.body.data.jwt as string).split('.');
    const forged = Buffer.from(JSON.stringify({ ...payload, sub: demoId + 1 })).toString('base64url');
    expect(verifyJwt(`${h}.${forged}.${s}`, key)).toBeNull();
    expect(verifyJwt(res.body.data.jwt, key, (after + 301) * 1000)).toBeNull();
  });
});

/**
 * Runs fn with the process's stdout and stderr captured: pino writes through sonic-boom (fs.write or
 * fs.writeSync on fd 1), other code through process.stdout.write.
 */
async function captureOutput<T>(fn: () => Promise<T>): Promise<{ result: T; output: string }> {
  const chunks: string[] = [];
  const ours = (fd: unknown) => fd === 1 || fd === 2 || fd === process.stdout.fd || fd === process.stderr.fd;
  const keep = (data: unknown) => {
    const text = typeof data === 'string' ? data : Buffer.from(data as Uint8Array).toString('utf8');
    chunks.push(text);
    return Buffer.byteLength(text);
  };
  const realWrite = fs.write as (...args: unknown[]) => void;
  const realWriteSync = fs.writeSync as (...args: unknown[]) => number;
  const spies = [
    vi
      .spyOn(fs, 'writeSync')
      .mockImplementation(((fd: unknown, data: unknown, ...rest: unknown[]) =>
        ours(fd) ? keep(data) : realWriteSync(fd, data, ...rest)) as typeof fs.writeSync),
    vi.spyOn(fs, 'write').mockImplementation(((fd: unknown, data: unknown, ...rest: unknown[]) => {
      if (!ours(fd)) return realWrite(fd, data, ...rest);
      const n = keep(data);
      process.nextTick(rest.at(-1) as (err: null, n: number) => void, null, n);
    }) as typeof fs.write),
    vi.spyOn(process.stdout, 'write').mockImplementation((data: string | Uint8Array) => keep(data) > -1),
  ];
  try {
    const result = await fn();
    await new Promise((r) => setTimeout(r, 50));
    return { result, output: chunks.join('') };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

describe('server logs', () => {
  it('never carry the password or the token', async () => {
    const app = await buildApp(testConfig({ logLevel: 'info' }), { db: t.db });
    const { result, output } = await captureOutput(async () => {
      try {
        await app.ready();
        const login = await app.inject({
          method: 'POST',
          url: LOGIN,
          headers: clientHeaders(LOGIN),
          payload: { ...DEMO, remember: true },
        });
        const token: string = login.json().data.token;
        // The token in a header and in the query string (the site's ?token= landing form).
        const jwtRes = await app.inject({
          method: 'GET',
          url: `${JWT}?token=${token}`,
          headers: { ...clientHeaders(JWT), 'X-API-TOKEN': token },
        });
        const wrong = await app.inject({
          method: 'POST',
          url: LOGIN,
          headers: clientHeaders(LOGIN),
          payload: { ...DEMO, password: 'Secret999', remember: false },
        });
        return { token, jwt: jwtRes.json().data.jwt as string, wrongCode: wrong.json().status_code };
      } finally {
        await app.close();
      }
    });
    expect(result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(result.jwt.split('.')).toHaveLength(3);
    expect(result.wrongCode).toBe(MEMBER_CODE.wrongCredentials);
    // The capture works: the requests were logged, with the query value redacted...
    expect(output).toContain(`"url":"${LOGIN}"`);
    expect(output).toContain(`${JWT}?token=[redacted]`);
    // ...and no password, token or jwt signature appears.
    expect(output).not.toContain(DEMO.password);
    expect(output).not.toContain('Secret999');
    expect(output).not.toContain(result.token);
    expect(output).not.toContain(result.jwt.split('.')[2]);
  });
});
