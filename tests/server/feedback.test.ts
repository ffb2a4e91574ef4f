// Feedback (issue 13 §2: a player sends feedback of a type (deposit, withdrawal, game, suggestion, other) with text
// and up to three images (size- and type-checked, stored safely, served only to that player), sees their feedback
// list and the operator's replies (`npm run ops -- feedback list|reply <id> <text>`); replies land in mail too).
// Codes 31082–31085 (src/protocol/api.ts). PGlite, and PostgreSQL in server-pg.
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listMail, unreadMailCount } from '../../server/modules/mail/mail.ts';
import { hashToken } from '../../server/modules/member/sessions.ts';
import { runOpsCommand } from '../../server/ops/commands.ts';
import { CODE, HEADER } from '../../src/protocol/api.ts';
import { MAIL_PATH } from '../../src/protocol/mail.ts';
import { MSG, type MemberChange } from '../../src/protocol/stream.ts';
import { clientHeaders } from '../support/test-app.ts';
import {
  createMember,
  loggedInSocket,
  startStreamApp,
  type StreamApp,
  type TestMember,
  type TestSocket,
} from './stream-helpers.ts';

let t: StreamApp;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await startStreamApp();
});
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((s) => s.close()));
});
afterAll(() => t.close());

type Member = TestMember & { token: string };
async function member(): Promise<Member> {
  const m = await createMember(t.db);
  const token = randomBytes(32).toString('base64url');
  await t.db.query(
    `INSERT INTO sessions (token_hash, member_id, remember, expires_at) VALUES ($1, $2, false, now() + interval '1 day')`,
    [hashToken(token), m.id],
  );
  return { ...m, token };
}

async function api(m: Member | null, url: string, payload?: object) {
  const res = await t.app.inject({
    method: payload === undefined ? 'GET' : 'POST',
    url,
    ...(payload === undefined ? {} : { payload }),
    headers: { ...clientHeaders(url), ...(m ? { [HEADER.token]: m.token } : {}) },
  });
  expect(res.statusCode).toBeLessThan(500);
  return res.json() as { status_code: number; message: string; data: any };
}

// Image bytes: the magic numbers (issue 13 §2 "type-checked") and filler.
const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([36, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(8),
]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1');
const HTML = Buffer.from('<html><script>alert(1)</script></html>');
const b64 = (b: Buffer) => b.toString('base64');
/** A PNG of exactly n bytes. */
const pngOf = (n: number) => Buffer.concat([PNG, Buffer.alloc(n - PNG.length, 7)]);

const TEXT = '充值十分钟了还没有到账，请帮忙查一下'; // width 36 (spec §5: each 汉字 counts 2)
const send = (m: Member, body: object) =>
  api(m, MAIL_PATH.feedbackCreate, { type: 'deposit', text: TEXT, ...body });

async function image(url: string, how: { cookie?: string; header?: string }) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: {
      ...(how.cookie ? { cookie: `other=1; ${HEADER.token}=${encodeURIComponent(how.cookie)}` } : {}),
      ...(how.header ? { [HEADER.token]: how.header } : {}),
    },
  });
  return res;
}

describe('types and text (31082)', () => {
  it('takes the five types; refuses any other', async () => {
    const types = ['deposit', 'withdrawal', 'game', 'suggestion', 'other'];
    for (const [i, type] of types.entries()) {
      // a member per two sends: the rate limit is 3 per 10 minutes (docs/mail.md)
      const m = await member();
      const res = await send(m, { type, text: `${TEXT}${i}` });
      expect(res.status_code).toBe(CODE.success);
      expect(res.data).toMatchObject({ type, text: `${TEXT}${i}`, images: [], reply: null, repliedAt: null });
    }
    const m = await member();
    expect((await send(m, { type: 'complaint' })).status_code).toBe(CODE.feedbackInvalid);
    expect((await send(m, { type: '' })).status_code).toBe(CODE.feedbackInvalid);
  });

  it('text width 10–1000 as spec §5 counts it (汉字 2), after trimming', async () => {
    const cases: Array<[string, number]> = [
      ['123456789', CODE.feedbackInvalid], // width 9
      ['一二三四', CODE.feedbackInvalid], // width 8
      ['   12345678   ', CODE.feedbackInvalid], // width 8 trimmed
      ['', CODE.feedbackInvalid],
      ['x'.repeat(1001), CODE.feedbackInvalid],
      ['汉'.repeat(501), CODE.feedbackInvalid], // width 1002
    ];
    const m = await member();
    for (const [text, code] of cases) expect((await send(m, { text })).status_code).toBe(code);
    expect((await send(m, { text: '1234567890' })).status_code).toBe(CODE.success);
    expect((await send(m, { text: '一二三四五' })).status_code).toBe(CODE.success);
    expect((await send(m, { text: '汉'.repeat(500) })).status_code).toBe(CODE.success);
  });
});

describe('images (31083): type by magic bytes, size, count; served only to the sender', () => {
  it('takes PNG, JPEG and WebP; refuses GIF, HTML, bad base64, empty, more than three', async () => {
    const m = await member();
    const res = await send(m, { images: [b64(PNG), b64(JPEG), b64(WEBP)] });
    expect(res.status_code).toBe(CODE.success);
    expect(res.data.images).toHaveLength(3);
    for (const bad of [
      [b64(GIF)],
      [b64(HTML)],
      ['not base64!'],
      [''],
      [b64(PNG), b64(PNG), b64(PNG), b64(PNG)],
    ])
      expect((await send(m, { images: bad })).status_code).toBe(CODE.feedbackImageInvalid);
    // a refused send stores nothing
    expect((await api(m, MAIL_PATH.feedbackList, {})).data.total).toBe(1);
  });

  it('2 MiB is the most an image may be (issue 13 §2 "size-checked")', async () => {
    const m = await member();
    expect((await send(m, { images: [b64(pngOf(2 * 1024 * 1024 + 1))] })).status_code).toBe(
      CODE.feedbackImageInvalid,
    );
    const res = await send(m, { images: [b64(pngOf(2 * 1024 * 1024))] });
    expect(res.status_code).toBe(CODE.success);
    const got = await image(res.data.images[0], { header: m.token });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.length).toBe(2 * 1024 * 1024);
  });

  it('serves an image to its sender (cookie or header) with safe headers; anyone else gets 31084', async () => {
    const m = await member();
    const other = await member();
    const res = await send(m, { images: [b64(JPEG), b64(WEBP)] });
    const [jpegUrl, webpUrl] = res.data.images as string[];
    expect(jpegUrl).toMatch(/^\/member-media\/feedback\/FI[0-9a-f]{32}$/);

    const got = await image(jpegUrl!, { cookie: m.token });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(String(got.headers['content-security-policy'])).toContain("default-src 'none'");
    expect(got.headers['cache-control']).toMatch(/^private/);
    expect(got.rawPayload.equals(JPEG)).toBe(true);
    expect((await image(webpUrl!, { header: m.token })).headers['content-type']).toBe('image/webp');

    const refused = await image(jpegUrl!, { cookie: other.token });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ status_code: CODE.feedbackNotFound });
    expect(refused.headers['content-type'] ?? '').not.toMatch(/html/);
    const anon = await image(jpegUrl!, {});
    expect(anon.json()).toMatchObject({ status_code: CODE.tokenInvalid });
    expect((await image('/member-media/feedback/FI' + '0'.repeat(32), { cookie: m.token })).statusCode).toBe(
      404,
    );
    expect((await image('/member-media/feedback/../../etc', { cookie: m.token })).statusCode).toBeLessThan(
      500,
    );
  });
});

describe('the rate limit (31085): 3 in 10 minutes, 10 a day', () => {
  it('the fourth within 10 minutes is refused; 20 at once pass 3', async () => {
    const m = await member();
    for (let i = 0; i < 3; i++) expect((await send(m, {})).status_code).toBe(CODE.success);
    expect((await send(m, {})).status_code).toBe(CODE.feedbackTooMany);

    const n = await member();
    const all = await Promise.all(Array.from({ length: 20 }, () => send(n, {})));
    expect(all.filter((r) => r.status_code === CODE.success)).toHaveLength(3);
    expect(all.filter((r) => r.status_code === CODE.feedbackTooMany)).toHaveLength(17);
  });

  it('older than 10 minutes frees the burst; the 11th in 24 hours is refused', async () => {
    const m = await member();
    for (let i = 0; i < 3; i++) await send(m, {});
    await t.db.query(`UPDATE feedback SET created_at = now() - interval '11 minutes' WHERE member_id = $1`, [
      m.id,
    ]);
    for (let i = 0; i < 3; i++) await send(m, {});
    await t.db.query(`UPDATE feedback SET created_at = now() - interval '11 minutes' WHERE member_id = $1`, [
      m.id,
    ]);
    for (let i = 0; i < 3; i++) await send(m, {});
    await t.db.query(`UPDATE feedback SET created_at = now() - interval '11 minutes' WHERE member_id = $1`, [
      m.id,
    ]);
    expect((await send(m, {})).status_code).toBe(CODE.success); // the 10th
    await t.db.query(`UPDATE feedback SET created_at = now() - interval '11 minutes' WHERE member_id = $1`, [
      m.id,
    ]);
    expect((await send(m, {})).status_code).toBe(CODE.feedbackTooMany);
    await t.db.query(`UPDATE feedback SET created_at = now() - interval '25 hours' WHERE member_id = $1`, [
      m.id,
    ]);
    expect((await send(m, {})).status_code).toBe(CODE.success);
  });
});

describe("the operator's reply lands in mail", () => {
  it('feedback list shows it; reply stores it, mails the player, pushes feedback and mail; once only', async () => {
    const m = await member();
    const s = await loggedInSocket(t.url, m);
    sockets.push(s);
    const sent = await send(m, {
      type: 'withdrawal',
      text: '提现一直在审核中，请问多久到账',
      images: [b64(PNG)],
    });
    const id = sent.data.id as number;
    const list = await runOpsCommand(t.db, ['feedback', 'list']);
    expect(list).toContain(`${id}\t`);
    expect(list).toContain('withdrawal\t1 image(s)\t提现一直在审核中');

    const out = await runOpsCommand(t.db, [
      'feedback',
      'reply',
      String(id),
      '您好，已为您加急处理',
      '请留意到账',
    ]);
    expect(out).toMatch(/replied to feedback/);
    const mailPush = await s.next<MemberChange>(MSG.member);
    const feedbackPush = await s.next<MemberChange>(MSG.member);
    expect([mailPush, feedbackPush].map((e) => e.topic).sort()).toEqual(['feedback', 'mail']);
    expect(feedbackPush.unread ?? mailPush.unread).toBe(1);

    const mine = (await api(m, MAIL_PATH.feedbackList, { page: 1, size: 10 })).data;
    expect(mine.items[0]).toMatchObject({ id, reply: '您好，已为您加急处理 请留意到账', type: 'withdrawal' });
    expect(Date.parse(mine.items[0].repliedAt)).not.toBeNaN();
    const mail = await listMail(t.db, m.id, 1, 10);
    expect(mail.items[0]).toMatchObject({ kind: 'feedback', title: '反馈回复：提现问题', read: false });
    expect(await unreadMailCount(t.db, m.id)).toBe(1);

    await expect(runOpsCommand(t.db, ['feedback', 'reply', String(id), '第二次'])).rejects.toThrow(
      /reply already/,
    );
    await expect(runOpsCommand(t.db, ['feedback', 'reply', '999999999', '无'])).rejects.toThrow(
      /no feedback/,
    );
    await expect(runOpsCommand(t.db, ['feedback', 'reply', String(id)])).rejects.toThrow();
    expect(await runOpsCommand(t.db, ['feedback', 'list'])).not.toContain(`\n${id}\t`);
    expect(await runOpsCommand(t.db, ['feedback', 'list', 'all'])).toContain('replied: 您好');
  });

  it("a member's list holds only their own feedback, newest first, paged", async () => {
    const a = await member();
    const b = await member();
    await send(a, { text: '第一条反馈内容' });
    await send(a, { text: '第二条反馈内容' });
    await send(b, { text: '别人的反馈内容' });
    const p1 = (await api(a, MAIL_PATH.feedbackList, { page: 1, size: 1 })).data;
    expect(p1).toMatchObject({ total: 2, page: 1, size: 1 });
    expect(p1.items.map((f: { text: string }) => f.text)).toEqual(['第二条反馈内容']);
    expect((await api(null, MAIL_PATH.feedbackList, {})).status_code).toBe(CODE.tokenInvalid);
  });
});
