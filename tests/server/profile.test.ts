// The member home and the profile (issue 13 §1; docs/member-centre.md, /tmp/api-mine.md): every field's rules
// and codes (31001 nickname, 31002 birthday — set once, 18+ — 31003 avatar, 31004 wrong old password), the
// password change and "log out other devices" ending every other login (their tokens refused, their sockets
// kicked) while this device goes on, and the login list recording time, IP and device. PGlite, and PostgreSQL
// in server-pg.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../src/protocol/api.ts';
import { MEMBER_CODE } from '../../src/protocol/member.ts';
import { AVATARS, birthdayProblem, chinaToday, PROFILE_PATH } from '../../src/protocol/profile.ts';
import { STREAM_CHANNEL } from '../../server/stream/channels.ts';
import { hashPassword } from '../../server/security/password.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let seq = 0;
let passwordHash: string;

beforeAll(async () => {
  t = await createTestApp();
  passwordHash = await hashPassword('pass1234');
});
afterAll(() => t.close());

interface Player {
  id: number;
  token: string;
  phone: string;
}

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const WINDOWS_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

async function login(
  phone: string,
  password = 'pass1234',
  o: { ua?: string; ip?: string; remember?: boolean } = {},
): Promise<string> {
  const res = await t.call({
    method: 'POST',
    url: '/site/api/v1/user/login',
    payload: { countryCode: '86', phone, password, remember: o.remember ?? false },
    headers: { 'user-agent': o.ua ?? IPHONE_UA },
    remoteAddress: o.ip ?? '203.0.113.7',
  });
  expect(res.body.status_code).toBe(CODE.success);
  return res.body.data.token as string;
}

async function player(o: { ua?: string; ip?: string } = {}): Promise<Player> {
  seq += 1;
  const phone = `1370000${String(seq).padStart(4, '0')}`;
  const { rows } = await t.db.query<{ id: string }>(
    'INSERT INTO members (phone, password_hash, invite_code) VALUES ($1, $2, $3) RETURNING id',
    [`(86)${phone}`, passwordHash, `Q${phone.slice(-8)}`],
  );
  return { id: Number(rows[0]!.id), token: await login(phone, 'pass1234', o), phone };
}

const as = (
  p: { token: string },
  url: string,
  payload?: Record<string, unknown>,
  method: 'GET' | 'POST' = 'POST',
) =>
  t.call({
    method,
    url,
    headers: { 'X-API-TOKEN': p.token },
    ...(method === 'POST' ? { payload: payload ?? {} } : {}),
  });

const memberInfo = (token: string) => as({ token }, '/site/api/v1/user/member/info', {});

/** A date `years` years before today in China (YYYY-MM-DD), shifted by `days`. */
function yearsAgo(years: number, days = 0): string {
  const [y, m, d] = chinaToday().split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y - years, m - 1, d + days));
  return date.toISOString().slice(0, 10);
}

describe('/mine summary', () => {
  it('answers the masked phone, the default avatar, the VIP standing, the central wallet and unread mail', async () => {
    const p = await player();
    const res = await as(p, PROFILE_PATH.summary, undefined, 'GET');
    expect(res.body.status_code).toBe(CODE.success);
    const s = res.body.data;
    // issue 13 §1: the masked phone — first 3 and last 4 digits.
    expect(s.phoneMasked).toBe(`${p.phone.slice(0, 3)}****${p.phone.slice(-4)}`);
    expect(s).toMatchObject({ nickname: null, avatar: 'a1', balance: 0, locked: 0, unreadMail: 0 });
    expect(s.realNameVerified).toBe(false);
    expect(s.vip.level).toBe(0);
    expect(s.vip.next).toMatchObject({ level: 1 });
  });

  it('needs a token (10004)', async () => {
    const res = await t.call({ method: 'GET', url: PROFILE_PATH.summary });
    expect(res.body.status_code).toBe(CODE.tokenInvalid);
  });
});

describe('nickname (31001)', () => {
  it('takes 2–12 Chinese characters, letters, digits and underscores', async () => {
    const p = await player();
    for (const good of ['小明', 'ab', 'Player_01', '一二三四五六七八九十一二']) {
      const res = await as(p, PROFILE_PATH.nickname, { nickname: good });
      expect(res.body.status_code, good).toBe(CODE.success);
      expect(res.body.data.nickname).toBe(good);
    }
    const profile = await as(p, PROFILE_PATH.profile, undefined, 'GET');
    expect(profile.body.data.nickname).toBe('一二三四五六七八九十一二');
  });

  it('refuses a wrong length, other characters and the staff words, with the reason', async () => {
    const p = await player();
    const cases: [string, RegExp][] = [
      ['', /2-12/],
      ['a', /2-12/],
      ['一二三四五六七八九十一二三', /2-12/],
      ['has space', /中文、字母、数字和下划线/],
      ['<b>hi</b>', /中文、字母、数字和下划线/],
      ['😀😀', /中文、字母、数字和下划线/],
      ['官方客服', /客服/],
      ['Admin01', /客服/],
    ];
    for (const [bad, why] of cases) {
      const res = await as(p, PROFILE_PATH.nickname, { nickname: bad });
      expect(res.body.status_code, bad).toBe(CODE.nicknameInvalid);
      expect(res.body.message).toMatch(why);
    }
    const long = await as(p, PROFILE_PATH.nickname, { nickname: 'x'.repeat(200) });
    expect(long.body.status_code).toBe(CODE.validation);
    const profile = await as(p, PROFILE_PATH.profile, undefined, 'GET');
    expect(profile.body.data.nickname).toBeNull();
  });
});

describe('avatar (31003)', () => {
  it('takes one of the eight shipped avatars and refuses another', async () => {
    const p = await player();
    expect(AVATARS).toHaveLength(8);
    for (const a of AVATARS) {
      const res = await as(p, PROFILE_PATH.avatar, { avatar: a });
      expect(res.body.status_code).toBe(CODE.success);
      expect(res.body.data.avatar).toBe(a);
    }
    for (const bad of ['a9', 'a0', '../a1', 'https://evil.example/x.svg', '']) {
      const res = await as(p, PROFILE_PATH.avatar, { avatar: bad });
      expect(res.body.status_code, bad).toBe(CODE.avatarUnknown);
    }
    const s = await as(p, PROFILE_PATH.summary, undefined, 'GET');
    expect(s.body.data.avatar).toBe('a8');
  });
});

describe('birthday (31002: set once, 18+)', () => {
  it('refuses an impossible date, under 18 and over 100; 18 today is accepted', async () => {
    const p = await player();
    for (const bad of [
      '1990-02-30',
      '1990-13-01',
      '2001-00-10',
      yearsAgo(18, 1),
      yearsAgo(0, 1),
      yearsAgo(101),
    ]) {
      const res = await as(p, PROFILE_PATH.birthday, { birthday: bad });
      expect(res.body.status_code, bad).toBe(CODE.birthdayInvalid);
    }
    const shape = await as(p, PROFILE_PATH.birthday, { birthday: '1990/01/01' });
    expect(shape.body.status_code).toBe(CODE.validation);
    const ok = await as(p, PROFILE_PATH.birthday, { birthday: yearsAgo(18) });
    expect(ok.body.status_code).toBe(CODE.success);
    expect(ok.body.data.birthday).toBe(yearsAgo(18));
  });

  it('is set once: a second write answers 31002 and changes nothing; members.birthday holds it', async () => {
    const p = await player();
    expect((await as(p, PROFILE_PATH.birthday, { birthday: '1990-05-20' })).body.status_code).toBe(
      CODE.success,
    );
    const again = await as(p, PROFILE_PATH.birthday, { birthday: '1991-06-21' });
    expect(again.body.status_code).toBe(CODE.birthdayInvalid);
    expect(again.body.message).toMatch(/不可修改/);
    const { rows } = await t.db.query<{ b: string }>(
      `SELECT to_char(birthday, 'YYYY-MM-DD') AS b FROM members WHERE id = $1`,
      [p.id],
    );
    expect(rows[0]!.b).toBe('1990-05-20');
  });

  it('parallel first writes: exactly one wins', async () => {
    const p = await player();
    const dates = Array.from({ length: 10 }, (_, i) => `19${80 + i}-01-15`);
    const answers = await Promise.all(dates.map((b) => as(p, PROFILE_PATH.birthday, { birthday: b })));
    expect(answers.filter((a) => a.body.status_code === CODE.success)).toHaveLength(1);
    expect(answers.filter((a) => a.body.status_code === CODE.birthdayInvalid)).toHaveLength(9);
  });

  it('the protocol rule: 29 February only in a leap year', () => {
    expect(birthdayProblem('2000-02-29')).toBeNull();
    expect(birthdayProblem('1999-02-29')).toBe('format');
  });
});

describe('login password change (31004)', () => {
  it('refuses a wrong old password, a bad new one, a mismatch and the same password', async () => {
    const p = await player();
    const wrong = await as(p, PROFILE_PATH.password, {
      oldPassword: 'nope1234',
      password: 'newpass99',
      confirmPassword: 'newpass99',
    });
    expect(wrong.body.status_code).toBe(CODE.passwordWrong);
    const format = await as(p, PROFILE_PATH.password, {
      oldPassword: 'pass1234',
      password: 'short',
      confirmPassword: 'short',
    });
    expect(format.body.status_code).toBe(MEMBER_CODE.passwordFormat);
    const digitsOnly = await as(p, PROFILE_PATH.password, {
      oldPassword: 'pass1234',
      password: '12345678',
      confirmPassword: '12345678',
    });
    expect(digitsOnly.body.status_code).toBe(MEMBER_CODE.passwordFormat);
    const mismatch = await as(p, PROFILE_PATH.password, {
      oldPassword: 'pass1234',
      password: 'newpass99',
      confirmPassword: 'newpass98',
    });
    expect(mismatch.body.status_code).toBe(MEMBER_CODE.passwordMismatch);
    const same = await as(p, PROFILE_PATH.password, {
      oldPassword: 'pass1234',
      password: 'pass1234',
      confirmPassword: 'pass1234',
    });
    expect(same.body.status_code).toBe(MEMBER_CODE.passwordFormat);
    // Nothing changed: the old password still logs in, the token still works.
    expect((await memberInfo(p.token)).body.status_code).toBe(CODE.success);
    await login(p.phone, 'pass1234');
  });

  it('ends the other sessions (10105, sockets kicked) and this device goes on under a fresh token', async () => {
    const p = await player();
    // Another device holding this login's token (spec §2: a token handed over in the address), and another
    // login that is still open (a session row, as a login racing this one could leave).
    const other = { token: p.token };
    await t.db.query(
      `INSERT INTO sessions (token_hash, member_id, remember, expires_at) VALUES ('x-${p.id}', $1, false, now() + interval '1 hour')`,
      [p.id],
    );
    const kicks: string[] = [];
    const stop = await t.db.listen(STREAM_CHANNEL.kick, (payload) => kicks.push(payload));
    const res = await as(p, PROFILE_PATH.password, {
      oldPassword: 'pass1234',
      password: 'newpass99',
      confirmPassword: 'newpass99',
    });
    expect(res.body.status_code).toBe(CODE.success);
    expect(res.body.data.ended).toBe(1);
    expect(res.body.data.expiresAt).toBeNull();
    const fresh = res.body.data.token as string;
    expect(fresh).not.toBe(p.token);
    expect((await memberInfo(fresh)).body.status_code).toBe(CODE.success);
    expect((await memberInfo(other.token)).body.status_code).toBe(CODE.tokenRevoked);
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sessions WHERE member_id = $1 AND revoked_at IS NULL`,
      [p.id],
    );
    expect(rows[0]!.n).toBe(1);
    await expect.poll(() => kicks.length).toBeGreaterThan(0);
    expect(kicks.map((k) => JSON.parse(k) as { memberId: number; reason: string })).toContainEqual(
      expect.objectContaining({ memberId: p.id, reason: 'password' }),
    );
    await stop();
    // The new password logs in, the old one no longer does.
    await login(p.phone, 'newpass99');
    const old = await t.call({
      method: 'POST',
      url: '/site/api/v1/user/login',
      payload: { countryCode: '86', phone: p.phone, password: 'pass1234', remember: false },
    });
    expect(old.body.status_code).toBe(MEMBER_CODE.wrongCredentials);
  });

  it('a remembered login stays remembered', async () => {
    const p = await player();
    const token = await login(p.phone, 'pass1234', { remember: true });
    const res = await as({ token }, PROFILE_PATH.password, {
      oldPassword: 'pass1234',
      password: 'newpass77',
      confirmPassword: 'newpass77',
    });
    expect(res.body.status_code).toBe(CODE.success);
    expect(res.body.data.expiresAt).toBeGreaterThan(Date.now() + 300 * 86_400_000);
  });
});

describe('logins and "log out other devices"', () => {
  it('records each login with its time, IP and device, newest first, marking this one and the live one', async () => {
    const before = Date.now();
    const p = await player({ ua: WINDOWS_UA, ip: '198.51.100.20' });
    const second = await login(p.phone, 'pass1234', { ua: IPHONE_UA, ip: '203.0.113.9' });
    const res = await as({ token: second }, PROFILE_PATH.logins, undefined, 'GET');
    expect(res.body.status_code).toBe(CODE.success);
    const [latest, first] = res.body.data.items as {
      at: string;
      ip: string;
      device: string;
      current: boolean;
      live: boolean;
    }[];
    expect(latest).toMatchObject({ ip: '203.0.113.9', device: 'iPhone · Safari', current: true, live: true });
    // The first login was ended by the second (one active session per member, docs/api.md login).
    expect(first).toMatchObject({
      ip: '198.51.100.20',
      device: 'Windows · Chrome',
      current: false,
      live: false,
    });
    expect(Date.parse(first!.at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(latest!.at)).toBeGreaterThanOrEqual(Date.parse(first!.at));
  });

  it('ends every other login and kicks their sockets; this device stays logged in and keeps its entry', async () => {
    const p = await player({ ua: WINDOWS_UA });
    const handedOver = { token: p.token };
    await t.db.query(
      `INSERT INTO sessions (token_hash, member_id, remember, expires_at) VALUES ('y-${p.id}', $1, false, now() + interval '1 hour')`,
      [p.id],
    );
    const kicks: string[] = [];
    const stop = await t.db.listen(STREAM_CHANNEL.kick, (payload) => kicks.push(payload));
    const res = await as(p, PROFILE_PATH.logoutOthers, {});
    expect(res.body.status_code).toBe(CODE.success);
    expect(res.body.data.ended).toBe(1);
    const fresh = res.body.data.token as string;
    expect((await memberInfo(fresh)).body.status_code).toBe(CODE.success);
    expect((await memberInfo(handedOver.token)).body.status_code).toBe(CODE.tokenRevoked);
    await expect.poll(() => kicks.length).toBeGreaterThan(0);
    expect(JSON.parse(kicks[0]!)).toMatchObject({ memberId: p.id, reason: 'logout' });
    await stop();
    // The list still shows this device's login, now under the fresh token: current and live.
    const list = await as({ token: fresh }, PROFILE_PATH.logins, undefined, 'GET');
    expect(list.body.data.items[0]).toMatchObject({ device: 'Windows · Chrome', current: true, live: true });
    // Again with nobody else logged in: nothing else ended.
    const again = await as({ token: fresh }, PROFILE_PATH.logoutOthers, {});
    expect(again.body.data.ended).toBe(0);
    expect((await memberInfo(again.body.data.token as string)).body.status_code).toBe(CODE.success);
  });

  it('a token that was already ended cannot log anybody out (6001)', async () => {
    const p = await player();
    await login(p.phone);
    const res = await as(p, PROFILE_PATH.logoutOthers, {});
    expect(res.body.status_code).toBe(CODE.loggedInElsewhere);
  });

  it('an unknown user agent is an unknown device', async () => {
    const p = await player({ ua: 'curl/8.0' });
    const list = await as(p, PROFILE_PATH.logins, undefined, 'GET');
    expect(list.body.data.items[0].device).toBe('未知设备');
  });
});
