// Mail (issue 13 §2: site messages to everyone, to a VIP range, or to one player, with read / unread, delete,
// mark all read; the unread count updates live over the socket; operators send with
// `npm run ops -- mail send <phone|all|vip:N-M> <title> <body>`). Service, HTTP API, operator command and the
// push (msgId 20006) on a real socket. PGlite, and PostgreSQL in server-pg.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  deleteMail,
  listMail,
  readAllMail,
  readMail,
  sendMail,
  unreadMailCount,
} from '../../server/modules/mail/mail.ts';
import { hashToken } from '../../server/modules/member/sessions.ts';
import { runOpsCommand } from '../../server/ops/commands.ts';
import { CODE, HEADER } from '../../src/protocol/api.ts';
import { MAIL_PATH } from '../../src/protocol/mail.ts';
import { MSG, type MemberChange } from '../../src/protocol/stream.ts';
import { clientHeaders } from '../support/test-app.ts';
import type { TestSocket } from './stream-helpers.ts';
import {
  createMember,
  loggedInSocket,
  sleep,
  startStreamApp,
  type StreamApp,
  type TestMember,
} from './stream-helpers.ts';
import { randomBytes } from 'node:crypto';

let t: StreamApp;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await startStreamApp();
});
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((s) => s.close()));
});
afterAll(() => t.close());

/** A member with an API token (a session row for it). */
async function member(vipLevel = 0): Promise<TestMember & { token: string }> {
  const m = await createMember(t.db, { vipLevel });
  const token = randomBytes(32).toString('base64url');
  await t.db.query(
    `INSERT INTO sessions (token_hash, member_id, remember, expires_at) VALUES ($1, $2, false, now() + interval '1 day')`,
    [hashToken(token), m.id],
  );
  return { ...m, token };
}

async function api(m: { token: string } | null, url: string, payload?: object) {
  const res = await t.app.inject({
    method: payload === undefined ? 'GET' : 'POST',
    url,
    ...(payload === undefined ? {} : { payload }),
    headers: { ...clientHeaders(url), ...(m ? { [HEADER.token]: m.token } : {}) },
  });
  expect(res.statusCode).toBeLessThan(500);
  return res.json() as { status_code: number; message: string; data: any };
}

const titles = async (memberId: number) => (await listMail(t.db, memberId, 1, 50)).items.map((i) => i.title);

describe('who a message reaches (issue 13 §2: everyone, a VIP range, one player)', () => {
  it('to one player: only that player; to all: every member registered then; to vip:N-M: levels N..M', async () => {
    const a = await member(0);
    const b = await member(3);
    const c = await member(7);
    await sendMail(t.db, { to: { memberId: a.id }, title: '给A', body: '只给 A 的消息' });
    await sendMail(t.db, { to: 'all', title: '全体', body: '全站公告' });
    await sendMail(t.db, { to: { vipMin: 2, vipMax: 5 }, title: 'VIP2-5', body: '中级会员' });
    await sendMail(t.db, { to: { vipMin: 7, vipMax: 7 }, title: 'VIP7', body: '七级会员' });
    expect(await titles(a.id)).toEqual(['全体', '给A']);
    expect(await titles(b.id)).toEqual(['VIP2-5', '全体']);
    expect(await titles(c.id)).toEqual(['VIP7', '全体']);
    expect(await unreadMailCount(t.db, a.id)).toBe(2);
    expect(await unreadMailCount(t.db, b.id)).toBe(2);
    // a member who registers after a broadcast does not get it (docs/mail.md "Audiences")
    await sleep(5);
    const late = await member(3);
    expect(await titles(late.id)).toEqual([]);
  });

  it('a VIP-range message a member read stays theirs when their level leaves the range', async () => {
    const m = await member(4);
    const sent = await sendMail(t.db, { to: { vipMin: 4, vipMax: 4 }, title: 'VIP4', body: '四级' });
    const other = await sendMail(t.db, { to: { vipMin: 4, vipMax: 4 }, title: 'VIP4b', body: '四级二' });
    await readMail(t.db, m.id, sent.id);
    await t.db.query('UPDATE members SET vip_level = 5 WHERE id = $1', [m.id]);
    expect(await titles(m.id)).toEqual(['VIP4']);
    await expect(readMail(t.db, m.id, other.id)).rejects.toMatchObject({ code: CODE.mailNotFound });
  });
});

describe('read, delete, mark all read, the unread count', () => {
  it('reading marks read once; deleting hides it; mark all read leaves 0; broadcasts keep per-member state', async () => {
    const a = await member();
    const b = await member();
    const one = await sendMail(t.db, { to: { memberId: a.id }, title: '一', body: '第一封' });
    const all = await sendMail(t.db, { to: 'all', title: '二', body: '第二封' });
    await sendMail(t.db, { to: { memberId: a.id }, title: '三', body: '第三封' });
    expect(await unreadMailCount(t.db, a.id)).toBe(3);

    const r = await readMail(t.db, a.id, one.id);
    expect(r.mail).toMatchObject({ id: one.id, title: '一', body: '第一封', read: true, audience: 'member' });
    expect(r.unread).toBe(2);
    expect((await readMail(t.db, a.id, one.id)).unread).toBe(2);

    // a's read / delete of the broadcast is a's own
    expect(await deleteMail(t.db, a.id, all.id)).toBe(1);
    expect(await titles(a.id)).toEqual(['三', '一']);
    expect(await titles(b.id)).toContain('二');
    expect(await unreadMailCount(t.db, b.id)).toBeGreaterThanOrEqual(1);
    await expect(deleteMail(t.db, a.id, all.id)).rejects.toMatchObject({ code: CODE.mailNotFound });
    await expect(readMail(t.db, a.id, all.id)).rejects.toMatchObject({ code: CODE.mailNotFound });
    // another member's message is not found for b
    await expect(readMail(t.db, b.id, one.id)).rejects.toMatchObject({ code: CODE.mailNotFound });

    expect(await readAllMail(t.db, a.id)).toBe(0);
    expect(await unreadMailCount(t.db, a.id)).toBe(0);
    const list = await listMail(t.db, a.id, 1, 50);
    expect(list.items.every((i) => i.read)).toBe(true);
    expect(list).toMatchObject({ total: 2, unread: 0 });
  });

  it('pages the list newest first', async () => {
    const m = await member();
    for (let i = 1; i <= 5; i++)
      await sendMail(t.db, { to: { memberId: m.id }, title: `第${i}封`, body: `内容${i}` });
    const p1 = await listMail(t.db, m.id, 1, 2);
    const p3 = await listMail(t.db, m.id, 3, 2);
    expect(p1.items.map((i) => i.title)).toEqual(['第5封', '第4封']);
    expect(p3.items.map((i) => i.title)).toEqual(['第1封']);
    expect(p1).toMatchObject({ total: 5, unread: 5, page: 1, size: 2 });
  });

  it('refuses bad messages (title and body lengths, a VIP range upside down)', async () => {
    const m = await member();
    await expect(sendMail(t.db, { to: { memberId: m.id }, title: '', body: 'x' })).rejects.toThrow();
    await expect(
      sendMail(t.db, { to: { memberId: m.id }, title: 'x'.repeat(41), body: 'x' }),
    ).rejects.toThrow();
    await expect(
      sendMail(t.db, { to: { memberId: m.id }, title: 'x', body: 'x'.repeat(2001) }),
    ).rejects.toThrow();
    await expect(sendMail(t.db, { to: { vipMin: 5, vipMax: 2 }, title: 'x', body: 'x' })).rejects.toThrow();
  });
});

describe('the HTTP API', () => {
  it('lists, reads, deletes, marks all read; unknown ids answer 31081; no token answers 10004', async () => {
    const m = await member();
    const a = await sendMail(t.db, { to: { memberId: m.id }, title: '接口一', body: '正文一' });
    const b = await sendMail(t.db, { to: { memberId: m.id }, title: '接口二', body: '正文二'.repeat(40) });
    let res = await api(m, MAIL_PATH.unread);
    expect(res).toMatchObject({ status_code: CODE.success, data: { unread: 2 } });
    res = await api(m, MAIL_PATH.list, { page: 1, size: 10 });
    expect(res.data).toMatchObject({ total: 2, unread: 2, page: 1, size: 10 });
    expect(res.data.items[0]).toMatchObject({ id: b.id, read: false, kind: 'notice' });
    expect([...res.data.items[0].preview].length).toBe(60);
    res = await api(m, MAIL_PATH.read, { id: a.id });
    expect(res.data).toMatchObject({ unread: 1, mail: { id: a.id, body: '正文一', read: true } });
    res = await api(m, MAIL_PATH.delete, { id: a.id });
    expect(res.data).toEqual({ unread: 1 });
    res = await api(m, MAIL_PATH.read, { id: a.id });
    expect(res.status_code).toBe(CODE.mailNotFound);
    res = await api(m, MAIL_PATH.readAll, {});
    expect(res.data).toEqual({ unread: 0 });
    res = await api(m, MAIL_PATH.read, { id: 'x' } as object);
    expect(res.status_code).toBe(CODE.validation);
    res = await api(null, MAIL_PATH.unread);
    expect(res.status_code).toBe(CODE.tokenInvalid);
  });
});

describe('the operator command', () => {
  it('mail send <phone|all|vip:N-M> <title> <body>', async () => {
    const m = await member(2);
    const out = await runOpsCommand(t.db, ['mail', 'send', m.number, '运营标题', '运营', '正文']);
    expect(out).toMatch(/已发送/);
    expect(await titles(m.id)).toContain('运营标题');
    const body = (await listMail(t.db, m.id, 1, 1)).items[0]!;
    expect(body.preview).toBe('运营 正文');
    await runOpsCommand(t.db, ['mail', 'send', 'vip:2-3', 'VIP 运营', '内容']);
    expect(await titles(m.id)).toContain('VIP 运营');
    await runOpsCommand(t.db, ['mail', 'send', 'all', '全体运营', '内容']);
    expect(await titles(m.id)).toContain('全体运营');
    await expect(runOpsCommand(t.db, ['mail', 'send', 'vip:5-2', 'x', 'y'])).rejects.toThrow();
    await expect(runOpsCommand(t.db, ['mail', 'send', '13000000000', 'x', 'y'])).rejects.toThrow();
    await expect(runOpsCommand(t.db, ['mail', 'send', 'all', 'x'])).rejects.toThrow();
  });
});

describe('the push over a real socket (msgId 20006, topic mail)', () => {
  it("a message to one player reaches that player's sockets with the unread count, and only theirs", async () => {
    const m = await member();
    const other = await member();
    const mine = await loggedInSocket(t.url, m);
    const theirs = await loggedInSocket(t.url, other);
    sockets.push(mine, theirs);
    const sent = await sendMail(t.db, { to: { memberId: m.id }, title: '推送', body: '实时' });
    expect(await mine.next<MemberChange>(MSG.member)).toMatchObject({ topic: 'mail', unread: 1 });
    await readMail(t.db, m.id, sent.id);
    expect(await mine.next<MemberChange>(MSG.member)).toMatchObject({ topic: 'mail', unread: 0 });
    await sleep(150);
    expect(theirs.take(MSG.member)).toEqual([]);
  });

  it('a broadcast pushes every member of the audience with a live session, without a count (they re-read it)', async () => {
    const low = await member(1);
    const high = await member(6);
    const sLow = await loggedInSocket(t.url, low);
    const sHigh = await loggedInSocket(t.url, high);
    sockets.push(sLow, sHigh);
    const sent = await sendMail(t.db, { to: { vipMin: 5, vipMax: 8 }, title: '高级', body: '高级会员' });
    expect(sent.pushed).toBeGreaterThanOrEqual(1);
    const e = await sHigh.next<MemberChange>(MSG.member);
    expect(e.topic).toBe('mail');
    expect(e.unread).toBeUndefined();
    await sendMail(t.db, { to: 'all', title: '全体', body: '大家' });
    expect(await sLow.next<MemberChange>(MSG.member)).toMatchObject({ topic: 'mail' });
    expect(await sHigh.next<MemberChange>(MSG.member)).toMatchObject({ topic: 'mail' });
    await sleep(150);
    expect(sLow.take(MSG.member)).toEqual([]);
  });

  it('inside a rolled-back transaction nothing is sent', async () => {
    const m = await member();
    const s = await loggedInSocket(t.url, m);
    sockets.push(s);
    await expect(
      t.db.transaction(async (tx) => {
        await sendMail(tx, { to: { memberId: m.id }, title: '回滚', body: '不会送达' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await sleep(150);
    expect(s.take(MSG.member)).toEqual([]);
    expect(await unreadMailCount(t.db, m.id)).toBe(0);
  });
});
