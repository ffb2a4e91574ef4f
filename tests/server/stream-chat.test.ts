import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CHAT_ERROR_CODE,
  CHAT_HISTORY_SIZE,
  CHAT_MAX_WIDTH,
  CHAT_MIN_INTERVAL_MS,
  chatErrorMessage,
  MSG,
  type ChatErrorBody,
  type ChatErrorReason,
  type ChatHistory,
  type ChatMessage,
} from '../../src/protocol/stream.ts';
import { cleanChatText, sendChat, speechReason } from '../../server/modules/chat/chat.ts';
import { writeSiteConfig } from '../../server/modules/site/config.ts';
import { OpsUsageError, runOpsCommand } from '../../server/ops/commands.ts';
import {
  createMember,
  loggedInSocket,
  sleep,
  startStreamApp,
  TestSocket,
  type StreamApp,
  type TestMember,
} from './stream-helpers.ts';

let t: StreamApp;
const sockets: TestSocket[] = [];
const track = (s: TestSocket) => (sockets.push(s), s);
const socketOf = async (m: TestMember) => track(await loggedInSocket(t.url, m));
const QUIET_MS = 150;

const say = (s: TestSocket, text: unknown) => s.send(MSG.chatSend, { text });
async function refused(s: TestSocket, reason: ChatErrorReason): Promise<ChatErrorBody> {
  const body = await s.next<ChatErrorBody>(MSG.chatError);
  expect(body).toMatchObject({ code: CHAT_ERROR_CODE[reason], reason });
  return body;
}

beforeAll(async () => {
  t = await startStreamApp();
});
beforeEach(async () => {
  // The live video block is on; VIP 1 to 5 may speak.
  await writeSiteConfig(t.db, 'siteVideoSkinOpen', true);
  await writeSiteConfig(t.db, 'chatVipMin', 1);
  await writeSiteConfig(t.db, 'chatVipMax', 5);
});
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((s) => s.close()));
});
afterAll(() => t.close());

describe('chat rules (pure)', () => {
  it('cleans text: line breaks become spaces, control and direction characters go, HTML stays text', () => {
    expect(cleanChatText('  a\u0000b\nc\u202Ed\u200F  ')).toBe('ab cd');
    expect(cleanChatText('<script>alert("x")</script>')).toBe('<script>alert("x")</script>');
    expect(cleanChatText('\uD800x')).toBe('x');
    expect(cleanChatText('\t\r\n')).toBe('');
  });

  it('names the reason a member may not speak, closed room first', () => {
    const ok = { open: true, muted: false, vipLevel: 3, vipMin: 1, vipMax: 5 };
    expect(speechReason(ok)).toBeNull();
    expect(speechReason({ ...ok, open: false, muted: true })).toBe('closed');
    expect(speechReason({ ...ok, muted: true, vipLevel: 9 })).toBe('muted');
    expect(speechReason({ ...ok, vipLevel: 0 })).toBe('vipRange');
    expect(speechReason({ ...ok, vipLevel: 6 })).toBe('vipRange');
    expect(speechReason({ ...ok, vipLevel: 5 })).toBeNull();
  });
});

describe('chat over the socket', () => {
  it('broadcasts an accepted message to every socket (anonymous ones too), as plain text, unchanged', async () => {
    const alice = await createMember(t.db, { vipLevel: 2 });
    const bob = await createMember(t.db, { vipLevel: 0 }); // may read, not speak
    const a = await socketOf(alice);
    const b = await socketOf(bob);
    const anon = track(await TestSocket.open(t.url));
    await a.next(MSG.chatHistory);
    await b.next(MSG.chatHistory);

    const text = '<script>alert("x")</script> & <b>你好</b>';
    say(a, text);
    const got = await b.next<ChatMessage>(MSG.chatMessage);
    expect(got).toMatchObject({
      room: 'live',
      memberId: alice.id,
      name: `13**${alice.number.slice(-2)}`,
      vipLevel: 2,
      text,
    });
    expect(await a.next<ChatMessage>(MSG.chatMessage)).toEqual(got);
    const stored = await t.db.query<{ text: string }>('SELECT text FROM chat_messages WHERE id = $1', [
      got.id,
    ]);
    expect(stored.rows[0]!.text).toBe(text);
    // Changed with the anonymous socket (issue 8 §4): a socket that did not log in reads the chat too.
    expect(await anon.next<ChatMessage>(MSG.chatMessage)).toEqual(got);
    await sleep(QUIET_MS);
    expect(anon.take(MSG.chatMessage)).toEqual([]);
  });

  it('refuses a member outside the VIP range, and the login data says so', async () => {
    for (const vipLevel of [0, 6]) {
      const m = await createMember(t.db, { vipLevel });
      const s = track(await TestSocket.open(t.url));
      expect(await s.login(m.jwt)).toMatchObject({
        ok: true,
        speechStatus: 1,
        vipMin: 1,
        vipMax: 5,
        vipLevel,
        speechReason: 'vipRange',
      });
      say(s, '我想说话');
      const body = await refused(s, 'vipRange');
      expect(body.message).toBe(chatErrorMessage('vipRange', { vipMin: 1, vipMax: 5 }));
      expect(body.message).toContain('VIP1 至 VIP5');
    }
    expect((await t.db.query("SELECT 1 FROM chat_messages WHERE text = '我想说话'")).rowCount).toBe(0);
  });

  it('mutes and unmutes with the ops command: speechStatus follows at once, sends are refused while muted', async () => {
    const m = await createMember(t.db, { vipLevel: 3 });
    const s = await socketOf(m);
    expect(await runOpsCommand(t.db, ['chat', 'mute', m.number])).toBe(
      `member ${m.id} (86)${m.number} muted (speechStatus 0)`,
    );
    expect(await s.next(MSG.login)).toMatchObject({ ok: true, speechStatus: 0, speechReason: 'muted' });
    say(s, 'hello');
    expect((await refused(s, 'muted')).message).toBe(chatErrorMessage('muted'));
    // A new socket's login data says muted too.
    const s2 = await socketOf(m);
    expect(s2.take(MSG.login)).toEqual([]);
    expect(await s2.login(m.jwt)).toMatchObject({ speechStatus: 0 });

    await runOpsCommand(t.db, ['chat', 'unmute', `(86)${m.number}`]);
    expect(await s.next(MSG.login)).toMatchObject({ speechStatus: 1, speechReason: null });
    say(s, 'back');
    expect(await s.next<ChatMessage>(MSG.chatMessage)).toMatchObject({ text: 'back', memberId: m.id });
  });

  it('ops chat: unknown phones and bad words', async () => {
    expect(await runOpsCommand(t.db, ['chat', 'mute', '13100000000'])).toBe('no member (86)13100000000');
    for (const argv of [
      ['chat'],
      ['chat', 'mute'],
      ['chat', 'ban', '13100000000'],
      ['chat', 'mute', 'abc'],
    ]) {
      await expect(runOpsCommand(t.db, argv)).rejects.toBeInstanceOf(OpsUsageError);
    }
  });

  it('refuses text wider than the limit (characters above 255 count 2) and empty text', async () => {
    const m = await createMember(t.db, { vipLevel: 1 });
    const s = await socketOf(m);
    say(s, 'a'.repeat(CHAT_MAX_WIDTH + 1));
    await refused(s, 'tooLong');
    say(s, '长'.repeat(CHAT_MAX_WIDTH / 2 + 1));
    await refused(s, 'tooLong');
    say(s, '   \n ');
    await refused(s, 'empty');
    say(s, 42);
    await refused(s, 'empty');
    // Refusals do not count against the interval: the widest allowed text goes through at once.
    const widest = '长'.repeat(CHAT_MAX_WIDTH / 2);
    say(s, widest);
    expect(await s.next<ChatMessage>(MSG.chatMessage)).toMatchObject({ text: widest });
  });

  it('refuses a second message within the interval, on any socket of the member (the database decides)', async () => {
    const m = await createMember(t.db, { vipLevel: 1 });
    const s = await socketOf(m);
    const s2 = await socketOf(m);
    say(s, 'one');
    expect(await s.next<ChatMessage>(MSG.chatMessage)).toMatchObject({ text: 'one' });
    say(s, 'two');
    const body = await refused(s, 'tooFast');
    expect(body.retryAfterMs).toBeGreaterThan(0);
    expect(body.retryAfterMs).toBeLessThanOrEqual(CHAT_MIN_INTERVAL_MS);
    say(s2, 'three');
    await refused(s2, 'tooFast');
  });

  it('refuses a send from a socket that has not logged in; its history request is answered', async () => {
    const s = track(await TestSocket.open(t.url));
    say(s, 'hi');
    await refused(s, 'notLoggedIn');
    // Changed with the anonymous socket (issue 8 §4): reading needs no login, so the history is answered.
    s.send(MSG.chatHistory);
    expect(await s.next<ChatHistory>(MSG.chatHistory)).toMatchObject({ room: 'live' });
    expect(s.take(MSG.chatError)).toEqual([]);
  });

  it('is closed while siteVideoSkinOpen is off: no history on login, sends and history refused', async () => {
    await writeSiteConfig(t.db, 'siteVideoSkinOpen', false);
    const m = await createMember(t.db, { vipLevel: 1 });
    const s = track(await TestSocket.open(t.url));
    expect(await s.login(m.jwt)).toMatchObject({ ok: true, speechReason: 'closed' });
    say(s, 'hi');
    await refused(s, 'closed');
    s.send(MSG.chatHistory);
    await refused(s, 'closed');
    expect(s.take(MSG.chatHistory)).toEqual([]);
  });

  it('keeps a short history: a login gets at most the newest 50, oldest first; the site may ask again', async () => {
    const m = await createMember(t.db, { vipLevel: 1 });
    for (let i = 0; i < CHAT_HISTORY_SIZE + 5; i++) {
      const r = await sendChat(t.db, m.id, `历史 ${i}`, { minIntervalMs: 0, historySize: CHAT_HISTORY_SIZE });
      expect(r.ok).toBe(true);
    }
    const stored = await t.db.query("SELECT 1 FROM chat_messages WHERE room = 'live'");
    expect(stored.rowCount).toBe(CHAT_HISTORY_SIZE);

    const reader = await createMember(t.db, { vipLevel: 0 });
    const s = await socketOf(reader);
    const history = await s.next<ChatHistory>(MSG.chatHistory);
    expect(history.room).toBe('live');
    expect(history.messages).toHaveLength(CHAT_HISTORY_SIZE);
    expect(history.messages.at(-1)!.text).toBe(`历史 ${CHAT_HISTORY_SIZE + 4}`);
    expect(history.messages[0]!.text).toBe('历史 5');
    const ids = history.messages.map((x) => x.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));

    s.send(MSG.chatHistory);
    expect(await s.next<ChatHistory>(MSG.chatHistory)).toEqual(history);
  });
});
