// issue 19 §1 finding 8: the wrong-credentials answer (code 6002, unchanged) says how many login tries remain
// once 3 or fewer do before the login protection (5 failures per phone in 15 minutes → 6008) steps in; an
// unknown phone gets exactly the answers a known one gets (no enumeration). Expectations are the words
// and numbers, written out, not read from the server's constants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../src/protocol/api.ts';
import { hashPassword } from '../../server/security/password.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const LOGIN = '/site/api/v1/user/login';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function createMember(phone: string, password: string): Promise<void> {
  await t.db.query('INSERT INTO members (phone, password_hash, invite_code) VALUES ($1, $2, $3)', [
    `(86)${phone}`,
    await hashPassword(password),
    `T${phone.slice(-8)}`,
  ]);
}

const login = async (phone: string, password: string, ip: string) =>
  (
    await t.call({
      method: 'POST',
      url: LOGIN,
      payload: { countryCode: '86', phone, password, remember: false },
      remoteAddress: ip,
    })
  ).body as { status_code: number; message: string; data: unknown };

/** What the issue asks for, try by try: 1 silent, then 3, 2, 1 tries left, then none, then the lock. */
const EXPECTED = [
  { status_code: 6002, message: '手机号或密码错误', data: null },
  { status_code: 6002, message: '手机号或密码错误，还可尝试 3 次，用完后登录将暂停 15 分钟', data: null },
  { status_code: 6002, message: '手机号或密码错误，还可尝试 2 次，用完后登录将暂停 15 分钟', data: null },
  { status_code: 6002, message: '手机号或密码错误，还可尝试 1 次，用完后登录将暂停 15 分钟', data: null },
  { status_code: 6002, message: '手机号或密码错误，尝试次数已用完，请 15 分钟后再试或找回密码', data: null },
  {
    status_code: 6008,
    message: '密码错误次数过多，账号已锁定，请 15 分钟后再试或找回密码',
    data: null,
  },
];

describe('login tries left (issue 19 §1 finding 8)', () => {
  it('a known phone with wrong passwords and an unknown phone get the same answers, try by try', async () => {
    await createMember('13712350901', 'right123');
    const known: unknown[] = [];
    const unknown: unknown[] = [];
    for (let i = 0; i < EXPECTED.length; i++) {
      known.push(await login('13712350901', `wrong12${i}`, '10.19.0.1'));
      unknown.push(await login('13712350902', `wrong12${i}`, '10.19.0.2'));
    }
    expect(known).toEqual(EXPECTED);
    expect(unknown).toEqual(EXPECTED);
    // The lock holds even for the right password.
    expect((await login('13712350901', 'right123', '10.19.0.1')).status_code).toBe(6008);
  });

  it('the count is per phone: another phone from the same address starts silent', async () => {
    await createMember('13712350903', 'right123');
    await createMember('13712350904', 'right123');
    for (let i = 0; i < 3; i++) await login('13712350903', 'wrong123', '10.19.0.3');
    expect(await login('13712350904', 'wrong123', '10.19.0.3')).toEqual(EXPECTED[0]);
  });

  it('a successful login starts the count again', async () => {
    await createMember('13712350905', 'right123');
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await login('13712350905', 'wrong123', '10.19.0.4'));
    expect(answers).toEqual(EXPECTED.slice(0, 3));
    expect((await login('13712350905', 'right123', '10.19.0.4')).status_code).toBe(CODE.success);
    expect(await login('13712350905', 'wrong123', '10.19.0.4')).toEqual(EXPECTED[0]);
    expect(await login('13712350905', 'wrong123', '10.19.0.4')).toEqual(EXPECTED[1]);
  });

  it('failures older than the 15-minute window no longer count', async () => {
    await createMember('13712350906', 'right123');
    for (let i = 0; i < 3; i++) await login('13712350906', 'wrong123', '10.19.0.5');
    await t.db.query(`UPDATE login_attempts SET at = at - interval '16 minutes' WHERE phone = $1`, [
      '(86)13712350906',
    ]);
    expect(await login('13712350906', 'wrong123', '10.19.0.5')).toEqual(EXPECTED[0]);
  });
});
