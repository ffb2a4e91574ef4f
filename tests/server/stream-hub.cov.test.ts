// The socket hub (server/stream/hub.ts): what it does with the channel payloads it hears, a kick heard while a
// login is being checked, and its shutdown — through a real app, and through a hub of its own behind a bare
// WebSocket server where the shutdown and the database faults can be arranged.
// Behaviour: docs/api.md "Stream socket" (messages, Kick, Limits and close codes, Several nodes).
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocketServer } from 'ws';
import type { Db } from '../../server/db/db.ts';
import { HOT_CACHE_CHANNEL } from '../../server/db/hot-cache.ts';
import { SERVER_MESSAGE } from '../../server/http/envelope.ts';
import { SESSION_MESSAGE } from '../../server/modules/member/sessions.ts';
import { runOpsCommand } from '../../server/ops/commands.ts';
import { addNotice } from '../../server/modules/site/notices.ts';
import { STREAM_CHANNEL } from '../../server/stream/channels.ts';
import { STREAM_MESSAGE } from '../../server/stream/frames.ts';
import { StreamHub } from '../../server/stream/hub.ts';
import { DEFAULT_STREAM_OPTIONS } from '../../server/stream/options.ts';
import { CODE } from '../../src/protocol/api.ts';
import { CHAT_ROOM, MSG, STREAM_CLOSE, type ChatMessage } from '../../src/protocol/stream.ts';
import { createTestDb } from '../support/test-db.ts';
import {
  createMember,
  jwtKey,
  loggedInSocket,
  sleep,
  startStreamApp,
  TestSocket,
  type StreamApp,
} from './stream-helpers.ts';

const QUIET_MS = 150;

const chatEvent = (over: Partial<ChatMessage> = {}): ChatMessage => ({
  id: 1,
  room: CHAT_ROOM,
  memberId: 1,
  name: '13**01',
  vipLevel: 0,
  text: '你好',
  at: new Date().toISOString(),
  ...over,
});

describe('the hub of an app', () => {
  let t: StreamApp;
  const sockets: TestSocket[] = [];
  const track = (s: TestSocket) => (sockets.push(s), s);
  beforeAll(async () => {
    t = await startStreamApp();
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
  });
  afterAll(() => t.close());

  it('broadcasts chat of the live room only, and drops payloads it cannot read', async () => {
    const m = await createMember(t.db);
    const other = await createMember(t.db);
    const visitor = track(await TestSocket.open(t.url));
    const logged = track(await loggedInSocket(t.url, m));
    expect(logged.take(MSG.login)).toEqual([]);

    await t.db.notify(STREAM_CHANNEL.chat, JSON.stringify(chatEvent({ id: 7, room: 'backstage' })));
    await t.db.notify(STREAM_CHANNEL.chat, JSON.stringify({ ...chatEvent({ id: 8 }), vipLevel: 'high' }));
    await t.db.notify(STREAM_CHANNEL.notice, 'not json');
    await t.db.notify(STREAM_CHANNEL.notice, '[1]');
    await t.db.notify(STREAM_CHANNEL.balance, JSON.stringify({ memberId: m.id, balance: '1', change: 1 }));
    await t.db.notify(
      STREAM_CHANNEL.kick,
      JSON.stringify({ memberId: m.id, at: Date.now(), reason: 'bored' }),
    );
    await t.db.notify(STREAM_CHANNEL.speech, '{"memberId":"x"}');
    // A member with no socket on this node: no login data goes anywhere.
    await t.db.notify(STREAM_CHANNEL.speech, JSON.stringify({ memberId: other.id }));
    const live = chatEvent({ id: 9, memberId: other.id });
    await t.db.notify(STREAM_CHANNEL.chat, JSON.stringify(live));

    for (const s of [visitor, logged]) expect(await s.next(MSG.chatMessage)).toEqual(live);
    await sleep(QUIET_MS);
    for (const s of [visitor, logged]) {
      expect(s.take(MSG.chatMessage)).toEqual([]);
      expect(s.take(MSG.notice)).toEqual([]);
      expect(s.take(MSG.balance)).toEqual([]);
      expect(s.take(MSG.kick)).toEqual([]);
      expect(s.take(MSG.login)).toEqual([]);
      expect(s.isOpen).toBe(true);
    }
  });

  it.each([
    ['elsewhere', CODE.loggedInElsewhere, SESSION_MESSAGE.elsewhere],
    ['logout', CODE.tokenRevoked, SESSION_MESSAGE.revoked],
  ] as const)(
    'a kick (%s) heard while a login was being checked, stamped after it, ends that login at once (20003, 4001)',
    async (reason, code, message) => {
      const m = await createMember(t.db);
      const marker = track(await TestSocket.open(t.url));
      // The kick is stamped a minute ahead: the login below is checked before that moment.
      await t.db.notify(
        STREAM_CHANNEL.kick,
        JSON.stringify({ memberId: m.id, at: Date.now() + 60_000, reason }),
      );
      await t.db.notify(STREAM_CHANNEL.chat, JSON.stringify(chatEvent({ id: 100 })));
      await marker.next(MSG.chatMessage); // the kick was heard before this
      const s = track(await TestSocket.open(t.url));
      s.send(MSG.login, { clientType: 'web' }, m.jwt);
      expect(await s.next(MSG.kick)).toEqual({ code, message });
      expect((await s.closed).code).toBe(STREAM_CLOSE.kicked);
      expect(s.take(MSG.login)).toEqual([]);
    },
  );

  it('remembers such a kick for 60 s: after that, the next kick heard forgets it', async () => {
    const m = await createMember(t.db);
    const other = await createMember(t.db);
    const marker = track(await TestSocket.open(t.url));
    const realNow = Date.now.bind(Date);
    await t.db.notify(
      STREAM_CHANNEL.kick,
      JSON.stringify({ memberId: m.id, at: realNow() + 120_000, reason: 'elsewhere' }),
    );
    await t.db.notify(STREAM_CHANNEL.chat, JSON.stringify(chatEvent({ id: 200 })));
    await marker.next(MSG.chatMessage);
    // 61 s later (the node's clock) another member's kick is heard.
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 61_000);
    try {
      await t.db.notify(
        STREAM_CHANNEL.kick,
        JSON.stringify({ memberId: other.id, at: realNow(), reason: 'logout' }),
      );
      await t.db.notify(STREAM_CHANNEL.chat, JSON.stringify(chatEvent({ id: 201 })));
      await marker.next(MSG.chatMessage);
    } finally {
      clock.mockRestore();
    }
    const s = track(await loggedInSocket(t.url, m));
    await sleep(QUIET_MS);
    expect(s.take(MSG.kick)).toEqual([]);
    expect(s.isOpen).toBe(true);
  });

  it('a malformed X-API-UUID cookie on the upgrade is no device id: the uuid query value still counts', async () => {
    const DEVICE = 'blocked-dev-0001';
    await runOpsCommand(t.db, ['device', 'block', DEVICE]);
    try {
      const refused = track(
        await TestSocket.open(`${t.url}&uuid=${DEVICE}`, { headers: { cookie: 'X-API-UUID=%E0%A4%A' } }),
      );
      expect(await refused.next(MSG.error)).toMatchObject({ code: CODE.deviceBlocked });
      expect((await refused.closed).code).toBe(STREAM_CLOSE.refused);
      // The same cookie alone: an ordinary visitor's socket.
      const visitor = track(await TestSocket.open(t.url, { headers: { cookie: 'X-API-UUID=%E0%A4%A' } }));
      visitor.send(MSG.heartbeat);
      expect(await visitor.next(MSG.heartbeat)).toHaveProperty('serverTime');
      expect(visitor.isOpen).toBe(true);
    } finally {
      await runOpsCommand(t.db, ['device', 'unblock', DEVICE]);
    }
  });
});

describe('a hub of its own', () => {
  let base: Db;
  /** Queries whose SQL matches fail (the database is unavailable for them). */
  let failing: RegExp | null = null;
  let db: Db;
  let hub: StreamHub;
  let wss: WebSocketServer;
  let url: string;
  const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() };
  const sockets: TestSocket[] = [];
  const open = async () => {
    const s = await TestSocket.open(url);
    sockets.push(s);
    return s;
  };

  beforeAll(async () => {
    base = await createTestDb();
    db = {
      ...base,
      query: (sql, params) =>
        failing?.test(sql) ? Promise.reject(new Error('database unavailable')) : base.query(sql, params),
    };
    hub = new StreamHub(db, jwtKey, DEFAULT_STREAM_OPTIONS, log as unknown as FastifyBaseLogger);
    await hub.start();
    wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((resolve) => wss.once('listening', resolve));
    wss.on('connection', (socket) => hub.attach(socket, { ip: '127.0.0.1', deviceUuid: undefined }));
    url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    failing = null;
    await hub.close();
    for (const s of sockets) s.ws.terminate();
    await new Promise((resolve) => wss.close(resolve));
    await base.close();
  });

  it('counts the sockets it holds; a closed socket leaves', async () => {
    const before = hub.size;
    const a = await open();
    await open();
    await vi.waitFor(() => expect(hub.size).toBe(before + 2), { timeout: 5_000, interval: 10 });
    await a.close();
    await vi.waitFor(() => expect(hub.size).toBe(before + 1), { timeout: 5_000, interval: 10 });
  });

  it('a notice or login data it cannot read is not pushed (logged); the sockets stay open', async () => {
    const m = await createMember(base);
    const s = await open();
    await s.login(m.jwt);
    log.error.mockClear();
    failing = /./;
    await base.notify(STREAM_CHANNEL.notice, JSON.stringify({ id: 1 }));
    await base.notify(STREAM_CHANNEL.speech, JSON.stringify({ memberId: m.id }));
    await vi.waitFor(() => expect(log.error).toHaveBeenCalledTimes(2), { timeout: 5_000, interval: 10 });
    failing = null;
    expect(log.error.mock.calls.map((c) => c[1]).sort()).toEqual([
      'stream notice push failed',
      'stream speech push failed',
    ]);
    await sleep(QUIET_MS);
    expect(s.take(MSG.notice)).toEqual([]);
    expect(s.take(MSG.login)).toEqual([]);
    expect(s.isOpen).toBe(true);
  });

  it('a message whose handling fails is answered 40000 10001 without internals; the socket stays open', async () => {
    const m = await createMember(base);
    const s = await open();
    log.error.mockClear();
    failing = /./;
    s.send(MSG.login, { clientType: 'web' }, m.jwt);
    const body = await s.next(MSG.error);
    failing = null;
    expect(body).toEqual({ code: CODE.common, message: SERVER_MESSAGE.internal });
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]![1]).toBe('stream message failed');
    // Nothing else broke: the next login succeeds.
    expect(await s.login(m.jwt)).toMatchObject({ ok: true, memberId: m.id });
  });

  it('a restriction re-check it cannot read is logged; the sockets got the 20004 push and stay open', async () => {
    const s = await open();
    log.error.mockClear();
    failing = /access_restrictions|devices/;
    try {
      await base.notify(HOT_CACHE_CHANNEL, 'access_restrictions');
      expect(await s.next(MSG.siteConfig)).toEqual({ keys: [] });
      await vi.waitFor(() => expect(log.error).toHaveBeenCalledTimes(1), { timeout: 5_000, interval: 10 });
    } finally {
      failing = null;
    }
    expect(log.error.mock.calls[0]![1]).toBe('stream restriction re-check failed');
    expect(s.isOpen).toBe(true);
  });

  it('drops a socket that falls more than 1 MiB behind on pushes; one that keeps up gets them all', async () => {
    const reader = await open();
    const stalled = await open();
    stalled.ws.pause(); // reads nothing: the pushes pile up on the server
    log.warn.mockClear();
    const COUNT = 24;
    const content = '公'.repeat(170_000); // ~0.5 MB as UTF-8: 12 MB in all, more than the socket buffers hold
    // One at a time: the reader takes each before the next (it shares this process's event loop with the server).
    for (let i = 0; i < COUNT; i++) {
      await addNotice(base, { category: 1, title: `大 ${i}`, content });
      expect((await reader.next(MSG.notice, 10_000)).title).toBe(`大 ${i}`);
    }
    expect(log.warn.mock.calls.map((c) => c[1])).toEqual(['stream socket too slow; dropped']);
    stalled.ws.resume();
    await stalled.closed;
    expect(reader.isOpen).toBe(true);
  });

  it('close(): every socket is told (40000 10001) and closed 1001; one that does not answer is cut after 1 s', async () => {
    const polite = await open();
    const deaf = await open();
    await vi.waitFor(() => expect(hub.size).toBeGreaterThanOrEqual(2), { timeout: 5_000, interval: 10 });
    deaf.ws.pause(); // reads nothing more: it never answers the closing handshake

    const started = performance.now();
    let firstDone = 0;
    const first = hub.close().then(() => (firstDone = performance.now()));
    // A second close() while the first runs returns at once.
    await hub.close();
    const secondDone = performance.now();
    await first;
    expect(secondDone).toBeLessThan(firstDone);
    expect(firstDone - started).toBeGreaterThanOrEqual(950);
    expect(firstDone - started).toBeLessThan(5_000);

    expect(await polite.next(MSG.error)).toEqual({ code: CODE.common, message: STREAM_MESSAGE.shutdown });
    expect((await polite.closed).code).toBe(STREAM_CLOSE.goingAway);
    deaf.ws.resume();
    await deaf.closed; // cut by the server
    await vi.waitFor(() => expect(hub.size).toBe(0), { timeout: 5_000, interval: 10 });

    // A socket that arrives after the shutdown began is closed 1001 at once, without a message.
    const late = await open();
    expect((await late.closed).code).toBe(STREAM_CLOSE.goingAway);
    expect(late.take(MSG.error)).toEqual([]);
    expect(hub.size).toBe(0);
  });
});
