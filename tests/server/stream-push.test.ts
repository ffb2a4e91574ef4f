import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../src/protocol/api.ts';
import { MSG, STREAM_CLOSE, type BalanceChange } from '../../src/protocol/stream.ts';
import { NOTICE_CATEGORY } from '../../src/protocol/site.ts';
import { SESSION_MESSAGE } from '../../server/modules/member/sessions.ts';
import { addNotice } from '../../server/modules/site/notices.ts';
import { runOpsCommand } from '../../server/ops/commands.ts';
import { hashPassword } from '../../server/security/password.ts';
import { notifySessionsEnded, publishBalanceChanges } from '../../server/stream/channels.ts';
import { clientHeaders } from '../support/test-app.ts';
import {
  createMember,
  jwtFor,
  loggedInSocket,
  openSessionRow,
  sleep,
  startStreamApp,
  TestSocket,
  type StreamApp,
  type TestMember,
  balanceChange,
} from './stream-helpers.ts';

let t: StreamApp;
const sockets: TestSocket[] = [];
const track = (s: TestSocket) => (sockets.push(s), s);
const anonymous = async () => track(await TestSocket.open(t.url));
const member = async (m: TestMember) => track(await loggedInSocket(t.url, m));
/** Nothing more arrives: wait a moment for stray pushes. */
const QUIET_MS = 150;

beforeAll(async () => {
  t = await startStreamApp();
});
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((s) => s.close()));
});
afterAll(() => t.close());

describe('notice push', () => {
  it('sends every open socket (logged in or not) a new notice, from addNotice and from the ops command', async () => {
    const m = await createMember(t.db);
    const a = await anonymous();
    const b = await member(m);

    const notice = await addNotice(t.db, {
      category: NOTICE_CATEGORY.marquee,
      title: '新公告',
      content: '<b>不是 HTML</b> 的内容',
    });
    for (const s of [a, b]) expect(await s.next(MSG.notice)).toEqual(notice);

    const out = await runOpsCommand(t.db, ['notice', 'add', '维护通知', '今晚维护', '2']);
    expect(out).toMatch(/^notice \d+ published \(category 2\)$/);
    for (const s of [a, b]) {
      expect(await s.next(MSG.notice)).toMatchObject({ title: '维护通知', content: '今晚维护', category: 2 });
    }
  });

  it('pushes a notice added in a transaction on commit, never on rollback', async () => {
    const a = await anonymous();
    await t.db
      .transaction(async (tx) => {
        await addNotice(tx, { category: 1, title: '撤回', content: 'x' });
        throw new Error('rollback');
      })
      .catch(() => {});
    await t.db.transaction(async (tx) => {
      await addNotice(tx, { category: 1, title: '提交', content: 'y' });
      await sleep(50);
      expect(a.take(MSG.notice)).toEqual([]);
    });
    expect(await a.next(MSG.notice)).toMatchObject({ title: '提交' });
    await sleep(QUIET_MS);
    expect(a.take(MSG.notice)).toEqual([]);
  });

  it('sends a long notice whole (the payload carries the id only)', async () => {
    const a = await anonymous();
    const content = '长'.repeat(5000); // 15000 bytes: more than a notification payload holds
    await addNotice(t.db, { category: 2, title: '长公告', content });
    expect((await a.next(MSG.notice)).content).toBe(content);
  });
});

describe('balance push', () => {
  it("sends only that member's sockets the balance change", async () => {
    const m = await createMember(t.db);
    const other = await createMember(t.db);
    const mine = [await member(m), await member(m)];
    const theirs = await member(other);
    const anon = await anonymous();

    await publishBalanceChanges(t.db, [
      balanceChange(m.id, { balance: 1_234_56, change: 100_00, reason: 'deposit' }),
    ]);
    for (const s of mine) {
      const body = await s.next<BalanceChange>(MSG.balance);
      expect(body).toMatchObject({ balance: 123456, change: 10000, reason: 'deposit' });
      expect(Date.parse(body.at)).not.toBeNaN();
    }
    await sleep(QUIET_MS);
    expect(theirs.take(MSG.balance)).toEqual([]);
    expect(anon.take(MSG.balance)).toEqual([]);
  });

  it('delivers a batch of several members in order, and drops a change older than one already sent', async () => {
    const a = await createMember(t.db);
    const b = await createMember(t.db);
    const sa = await member(a);
    const sb = await member(b);
    const first = balanceChange(a.id, { balance: 100, change: 100, reason: 'deposit' });
    const second = balanceChange(a.id, { balance: 40, change: -60, reason: 'transfer_in' });
    const forB = balanceChange(b.id, { balance: 7, change: 7, reason: 'deposit' });
    await publishBalanceChanges(t.db, [first, forB, second]);
    expect(await sa.next<BalanceChange>(MSG.balance)).toMatchObject({ balance: 100 });
    expect(await sa.next<BalanceChange>(MSG.balance)).toMatchObject({ balance: 40 });
    expect(await sb.next<BalanceChange>(MSG.balance)).toMatchObject({ balance: 7 });
    // The first change again (another node's late batch): the wallet already shows a newer balance.
    await publishBalanceChanges(t.db, [first]);
    await sleep(QUIET_MS);
    expect(sa.take(MSG.balance)).toEqual([]);
  });

  it('splits a batch larger than a notification payload (8000 bytes) and loses none of it', async () => {
    const m = await createMember(t.db);
    const s = await member(m);
    const many = Array.from({ length: 150 }, (_, i) =>
      balanceChange(m.id, { balance: i + 1, change: 1, reason: 'deposit' }),
    );
    expect(JSON.stringify(many).length).toBeGreaterThan(8000);
    await publishBalanceChanges(t.db, many);
    for (let i = 0; i < 150; i++)
      expect(await s.next<BalanceChange>(MSG.balance)).toMatchObject({ balance: i + 1 });
  });

  it('takes integer minor units and a plain reason only', async () => {
    await expect(
      publishBalanceChanges(t.db, [balanceChange(1, { balance: 1.5, change: 0, reason: 'x' })]),
    ).rejects.toThrow();
    await expect(
      publishBalanceChanges(t.db, [balanceChange(1, { balance: 1, change: 0, reason: '<b>' })]),
    ).rejects.toThrow();
  });
});

describe('kick', () => {
  const LOGIN = '/site/api/v1/user/login';
  const JWT = '/site/api/v1/user/member/jwt';

  /** The site's own steps: log in over HTTP, then fetch the member jwt. */
  async function siteLogin(phone: string, password: string): Promise<string> {
    const login = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: clientHeaders(LOGIN),
      payload: { countryCode: '86', phone, password, remember: false },
    });
    expect(login.json().status_code).toBe(CODE.success);
    const jwt = await t.app.inject({
      method: 'GET',
      url: JWT,
      headers: { ...clientHeaders(JWT), 'X-API-TOKEN': login.json().data.token },
    });
    return jwt.json().data.jwt as string;
  }

  it('sends 20003 (6001) to the sockets of the older login and closes them; a socket of the new login stays', async () => {
    const phone = '13700000001';
    const password = 'abc12345';
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO members (phone, password_hash, invite_code) VALUES ($1, $2, 'KICK0001') RETURNING id`,
      [`(86)${phone}`, await hashPassword(password)],
    );
    const id = rows[0]!.id;
    const bystander = await member(await createMember(t.db));

    const firstJwt = await siteLogin(phone, password);
    const a = track(await TestSocket.open(t.url));
    const b = track(await TestSocket.open(t.url));
    expect(await a.login(firstJwt)).toMatchObject({ ok: true, memberId: id });
    expect(await b.login(firstJwt)).toMatchObject({ ok: true, memberId: id });

    // The account logs in elsewhere over HTTP: openSession itself announces the end of the older login.
    const secondJwt = await siteLogin(phone, password);
    for (const s of [a, b]) {
      expect(await s.next(MSG.kick)).toEqual({
        code: CODE.loggedInElsewhere,
        message: SESSION_MESSAGE.elsewhere,
      });
      expect((await s.closed).code).toBe(STREAM_CLOSE.kicked);
    }

    const c = track(await TestSocket.open(t.url));
    expect(await c.login(secondJwt)).toMatchObject({ ok: true, memberId: id });
    c.send(MSG.heartbeat);
    expect(await c.next(MSG.heartbeat)).toHaveProperty('serverTime');
    await sleep(QUIET_MS);
    expect(c.take(MSG.kick)).toEqual([]);
    expect(c.isOpen).toBe(true);
    // Another member is untouched.
    expect(bystander.isOpen).toBe(true);
    expect(bystander.take(MSG.kick)).toEqual([]);
  });

  it('ends a kicked login for good: its jwt no longer logs a socket in', async () => {
    const m = await createMember(t.db);
    // The first login began a minute ago; its jwt was fetched 30 s ago.
    await t.db.query('DELETE FROM sessions WHERE member_id = $1', [m.id]);
    await openSessionRow(t.db, m.id, 60_000);
    const oldJwt = jwtFor(m.id, Date.now() - 30_000);
    const a = track(await TestSocket.open(t.url));
    expect(await a.login(oldJwt)).toMatchObject({ ok: true });

    // A new login (as openSession does: end the others, open one), announced.
    await t.db.query(
      `UPDATE sessions SET revoked_at = now(), revoked_reason = 'elsewhere' WHERE member_id = $1`,
      [m.id],
    );
    await openSessionRow(t.db, m.id);
    await notifySessionsEnded(t.db, m.id);
    expect(await a.next(MSG.kick)).toMatchObject({ code: CODE.loggedInElsewhere });

    const retry = track(await TestSocket.open(t.url));
    expect(await retry.login(oldJwt)).toMatchObject({ ok: false, code: CODE.tokenInvalid });
  });

  it('a logout over HTTP closes the sockets of that login with 10105', async () => {
    const phone = '13700000002';
    await t.db.query(`INSERT INTO members (phone, password_hash, invite_code) VALUES ($1, $2, 'KICK0002')`, [
      `(86)${phone}`,
      await hashPassword('abc12345'),
    ]);
    const login = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: clientHeaders(LOGIN),
      payload: { countryCode: '86', phone, password: 'abc12345', remember: false },
    });
    const token = login.json().data.token as string;
    const jwt = await t.app.inject({
      method: 'GET',
      url: JWT,
      headers: { ...clientHeaders(JWT), 'X-API-TOKEN': token },
    });
    const s = track(await TestSocket.open(t.url));
    expect(await s.login(jwt.json().data.jwt as string)).toMatchObject({ ok: true });
    const LOGOUT = '/site/api/v1/user/logout';
    const out = await t.app.inject({
      method: 'POST',
      url: LOGOUT,
      headers: { ...clientHeaders(LOGOUT), 'X-API-TOKEN': token },
      payload: {},
    });
    expect(out.json().status_code).toBe(CODE.success);
    expect(await s.next(MSG.kick)).toEqual({ code: CODE.tokenRevoked, message: SESSION_MESSAGE.revoked });
    expect((await s.closed).code).toBe(STREAM_CLOSE.kicked);
  });

  it('answers 10105 when the login ended otherwise (logout, new password, operator)', async () => {
    const m = await createMember(t.db);
    const s = await member(m);
    await notifySessionsEnded(t.db, m.id, 'password');
    expect(await s.next(MSG.kick)).toEqual({ code: CODE.tokenRevoked, message: SESSION_MESSAGE.revoked });
    expect((await s.closed).code).toBe(STREAM_CLOSE.kicked);
  });

  it('kicks on commit of the transaction that opens the new login, not on rollback', async () => {
    const m = await createMember(t.db);
    const s = await member(m);
    await t.db
      .transaction(async (tx) => {
        await notifySessionsEnded(tx, m.id);
        throw new Error('login failed after all');
      })
      .catch(() => {});
    await sleep(QUIET_MS);
    expect(s.isOpen).toBe(true);
    await t.db.transaction((tx) => notifySessionsEnded(tx, m.id));
    expect(await s.next(MSG.kick)).toMatchObject({ code: CODE.loggedInElsewhere });
  });
});
