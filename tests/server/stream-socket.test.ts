import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../src/protocol/api.ts';
import {
  MSG,
  STREAM_CLOSE,
  STREAM_INFO_PATH,
  STREAM_PATH,
  type LoginData,
  type LoginReply,
} from '../../src/protocol/stream.ts';
import { SERVER_MESSAGE } from '../../server/http/envelope.ts';
import { addRestriction } from '../../server/modules/access/restrictions.ts';
import { setDeviceBlocked } from '../../server/modules/member/devices.ts';
import { writeSiteConfig } from '../../server/modules/site/config.ts';
import { signJwt } from '../../server/security/jwt.ts';
import { STREAM_MESSAGE } from '../../server/stream/frames.ts';
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
} from './stream-helpers.ts';

// Heartbeats every 150 ms here (5 s in production), so three missed ones take 450 ms.
const BEAT_MS = 150;

let t: StreamApp;
const sockets: TestSocket[] = [];
const open = async (headers?: Record<string, string>, url = t.url) => {
  const s = await TestSocket.open(url, headers ? { headers } : {});
  sockets.push(s);
  return s;
};

beforeAll(async () => {
  t = await startStreamApp({ heartbeatIntervalMs: BEAT_MS, missedHeartbeats: 3 });
});
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((s) => s.close()));
  await t.db.query('DELETE FROM access_restrictions');
});
afterAll(() => t.close());

describe('heartbeat', () => {
  it('answers a heartbeat with msgId 0 and the server time', async () => {
    const s = await open();
    const before = Date.now();
    s.send(MSG.heartbeat);
    const body = await s.next(MSG.heartbeat);
    expect(body.serverTime).toBeGreaterThanOrEqual(before - 5);
    expect(body.serverTime).toBeLessThanOrEqual(Date.now() + 5);
  });

  it('keeps a socket that heartbeats open past three intervals', async () => {
    const s = await open();
    s.startHeartbeats(BEAT_MS / 2); // the margin a loaded machine needs; the site beats every interval
    await sleep(BEAT_MS * 6);
    expect(s.isOpen).toBe(true);
    expect(s.take(MSG.heartbeat).length).toBeGreaterThanOrEqual(4);
  });

  it('closes a socket that misses three heartbeats, saying why first', async () => {
    const s = await open();
    s.startHeartbeats(BEAT_MS);
    await sleep(BEAT_MS * 2);
    s.stopHeartbeats();
    const closed = await s.closed;
    expect(closed.code).toBe(STREAM_CLOSE.heartbeatTimeout);
    // Three intervals after the last heartbeat arrived (timers may run a little late, never early).
    const silence = closed.at - s.lastHeartbeatAt;
    expect(silence).toBeGreaterThanOrEqual(BEAT_MS * 3 - 10);
    expect(silence).toBeLessThan(BEAT_MS * 3 + 1000);
    expect(s.take(MSG.error)).toEqual([{ code: CODE.common, message: STREAM_MESSAGE.heartbeatTimeout }]);
  });

  it('closes a socket that never heartbeats', async () => {
    const s = await open();
    const closed = await s.closed;
    expect(closed.code).toBe(STREAM_CLOSE.heartbeatTimeout);
    expect(closed.at - s.opened).toBeGreaterThanOrEqual(BEAT_MS * 3 - 20);
  });
});

describe('login', () => {
  it('answers the login data for a good jwt: speechStatus 1 and the configured VIP range', async () => {
    const m = await createMember(t.db, { vipLevel: 3 });
    const s = await open();
    s.startHeartbeats(BEAT_MS);
    const reply = await s.login(m.jwt);
    expect(reply).toEqual({
      ok: true,
      speechStatus: 1,
      vipMin: 0,
      vipMax: 10,
      vipLevel: 3,
      memberId: m.id,
      userName: `13**${m.number.slice(-2)}`,
      // The chat room is closed until siteVideoSkinOpen is on.
      speechReason: 'closed',
    } satisfies LoginData);
    // No history while the room is closed.
    await sleep(100);
    expect(s.take(MSG.chatHistory)).toEqual([]);

    await writeSiteConfig(t.db, 'chatVipMin', 4);
    await writeSiteConfig(t.db, 'chatVipMax', 6);
    await writeSiteConfig(t.db, 'siteVideoSkinOpen', true);
    try {
      const s2 = await open();
      s2.startHeartbeats(BEAT_MS);
      expect(await s2.login(m.jwt)).toMatchObject({
        ok: true,
        speechStatus: 1,
        vipMin: 4,
        vipMax: 6,
        speechReason: 'vipRange',
      });
      expect(await s2.next(MSG.chatHistory)).toEqual({ room: 'live', messages: [] });
    } finally {
      await writeSiteConfig(t.db, 'chatVipMin', 0);
      await writeSiteConfig(t.db, 'chatVipMax', 10);
      await writeSiteConfig(t.db, 'siteVideoSkinOpen', false);
    }
  });

  it('answers ok:false 10004 for a bad, expired, foreign or ended-login jwt and keeps the socket', async () => {
    const m = await createMember(t.db);
    const s = await open();
    s.startHeartbeats(BEAT_MS);
    const refused: LoginReply = { ok: false, code: CODE.tokenInvalid, message: STREAM_MESSAGE.jwtInvalid };

    expect(await s.login('not-a-jwt')).toEqual(refused);
    // Expired: issued 301 s ago (the member jwt lives 300 s).
    expect(await s.login(jwtFor(m.id, Date.now() - 301_000))).toEqual(refused);
    // Signed with another key.
    expect(await s.login(signJwt({ sub: m.id }, Buffer.from('another key'), 300))).toEqual(refused);
    expect(s.isOpen).toBe(true);

    expect(await s.login(jwtFor(999_999))).toEqual(refused); // no such member
    // The client may try again on the same socket.
    expect(await s.login(m.jwt)).toMatchObject({ ok: true, memberId: m.id });
  });

  it('refuses a jwt whose login has ended (logged out, or logged in again elsewhere)', async () => {
    const m = await createMember(t.db);
    // The member's jwt was fetched 30 s ago under a login that has since ended...
    const oldJwt = jwtFor(m.id, Date.now() - 30_000);
    await t.db.query(
      `UPDATE sessions SET revoked_at = now(), revoked_reason = 'elsewhere' WHERE member_id = $1`,
      [m.id],
    );
    // ...and the new login is only seconds old.
    await openSessionRow(t.db, m.id);
    const s = await open();
    s.startHeartbeats(BEAT_MS);
    expect(await s.login(oldJwt)).toMatchObject({ ok: false, code: CODE.tokenInvalid });
    expect(await s.login(jwtFor(m.id))).toMatchObject({ ok: true });

    // Logged out: no open login at all.
    await t.db.query(
      `UPDATE sessions SET revoked_at = now(), revoked_reason = 'logout' WHERE member_id = $1`,
      [m.id],
    );
    const s2 = await open();
    s2.startHeartbeats(BEAT_MS);
    expect(await s2.login(jwtFor(m.id))).toMatchObject({ ok: false, code: CODE.tokenInvalid });
  });

  it('closes a socket after five failed logins', async () => {
    const s = await open();
    s.startHeartbeats(BEAT_MS);
    for (let i = 0; i < 5; i++) s.send(MSG.login, {}, 'bad');
    expect((await s.closed).code).toBe(STREAM_CLOSE.policy);
    expect(s.take(MSG.login)).toHaveLength(5);
  });

  it('logs a socket in once: the same member again re-sends the login data, another member is refused', async () => {
    const a = await createMember(t.db, { vipLevel: 1 });
    const b = await createMember(t.db);
    const s = await loggedInSocket(t.url, a);
    sockets.push(s);
    s.startHeartbeats(BEAT_MS);
    await t.db.query('UPDATE members SET vip_level = 2 WHERE id = $1', [a.id]);
    expect(await s.login(jwtFor(a.id))).toMatchObject({ ok: true, memberId: a.id, vipLevel: 2 });
    expect(await s.login(b.jwt)).toEqual({
      ok: false,
      code: CODE.validation,
      message: STREAM_MESSAGE.otherMember,
    });
  });
});

describe('protocol errors', () => {
  it('answers unreadable and unknown messages with msgId 40000 and keeps the socket', async () => {
    const s = await open();
    s.startHeartbeats(BEAT_MS);
    s.sendRaw('{not json');
    expect(await s.next(MSG.error)).toEqual({ code: CODE.validation, message: STREAM_MESSAGE.badMessage });
    s.sendRaw(JSON.stringify({ body: {} }));
    expect(await s.next(MSG.error)).toEqual({ code: CODE.validation, message: STREAM_MESSAGE.badMessage });
    s.sendRaw(Buffer.from([1, 2, 3]));
    expect(await s.next(MSG.error)).toEqual({ code: CODE.validation, message: STREAM_MESSAGE.badMessage });
    s.send(12345);
    expect(await s.next(MSG.error)).toEqual({
      code: CODE.validation,
      message: STREAM_MESSAGE.unknownMessage,
    });
    expect(s.isOpen).toBe(true);
  });

  it('closes a socket that sends an oversized message or floods', async () => {
    const big = await open();
    big.send(MSG.chatSend, { text: 'x'.repeat(10_000) });
    expect((await big.closed).code).toBe(STREAM_CLOSE.tooLarge);

    const flood = await open();
    for (let i = 0; i < 25; i++) flood.send(MSG.heartbeat);
    expect((await flood.closed).code).toBe(STREAM_CLOSE.policy);
    expect(flood.take(MSG.error)).toEqual([{ code: CODE.common, message: SERVER_MESSAGE.tooManyRequests }]);
  });
});

describe('access', () => {
  const refusedWith = async (s: TestSocket) => {
    const closed = await s.closed;
    expect(closed.code).toBe(STREAM_CLOSE.refused);
    return s.take(MSG.error);
  };

  it('refuses a restricted address (caveat 6031, blocked 6033) with an error message, then closes', async () => {
    await addRestriction(t.db, '127.0.0.1', 'caveat');
    expect(await refusedWith(await open())).toEqual([
      { code: CODE.accessCaveat, message: SERVER_MESSAGE.accessCaveat },
    ]);
    await addRestriction(t.db, '127.0.0.0/8', 'blocked');
    await t.db.query('DELETE FROM access_restrictions WHERE network = $1::cidr', ['127.0.0.1/32']);
    expect(await refusedWith(await open())).toEqual([
      { code: CODE.accessBlocked, message: SERVER_MESSAGE.accessBlocked },
    ]);
  });

  it('lets an alert address in (advisory, as on the API)', async () => {
    await addRestriction(t.db, '127.0.0.1', 'alert');
    const s = await open();
    s.send(MSG.heartbeat);
    expect(await s.next(MSG.heartbeat)).toHaveProperty('serverTime');
  });

  it('refuses a blocked device (10102) named by header, cookie or query', async () => {
    const uuid = 'blocked-device-0001';
    await setDeviceBlocked(t.db, uuid, true, 'test');
    const expected = [{ code: CODE.deviceBlocked, message: SERVER_MESSAGE.deviceBlocked }];
    expect(await refusedWith(await open({ 'X-API-UUID': uuid }))).toEqual(expected);
    expect(await refusedWith(await open({ Cookie: `a=b; X-API-UUID=${uuid}` }))).toEqual(expected);
    expect(await refusedWith(await open(undefined, `${t.url}&uuid=${uuid}`))).toEqual(expected);
    // Another device is fine.
    const s = await open({ 'X-API-UUID': 'good-device-0001' });
    s.send(MSG.heartbeat);
    expect(await s.next(MSG.heartbeat)).toHaveProperty('serverTime');
  });
});

describe('stream info', () => {
  it('tells the site where the socket is (host from the site configuration)', async () => {
    const call = async () =>
      (
        await t.app.inject({ method: 'GET', url: STREAM_INFO_PATH, headers: clientHeaders(STREAM_INFO_PATH) })
      ).json();
    expect(await call()).toEqual({
      status_code: CODE.success,
      message: 'success',
      data: { host: '', path: STREAM_PATH, heartbeatMs: BEAT_MS },
    });
    await writeSiteConfig(t.db, 'streamHost', 'stream.example.com');
    expect((await call()).data.host).toBe('stream.example.com');
    await writeSiteConfig(t.db, 'streamHost', '');
  });

  it('is a signed site call like the others', async () => {
    const res = await t.app.inject({ method: 'GET', url: STREAM_INFO_PATH });
    expect(res.json().status_code).toBe(CODE.apiAuth);
  });
});

describe('shutdown', () => {
  it('app.close() closes every socket (1001) and stops listening', async () => {
    const other = await startStreamApp({ heartbeatIntervalMs: 1000 });
    const m = await createMember(other.db);
    const a = await TestSocket.open(other.url);
    const b = await loggedInSocket(other.url, m);
    await other.app.close();
    expect((await a.closed).code).toBe(STREAM_CLOSE.goingAway);
    expect((await b.closed).code).toBe(STREAM_CLOSE.goingAway);
    // No listener left: a notification now reaches nobody and throws nothing.
    await other.db.notify('stream_notice', JSON.stringify({ id: 1 }));
    await other.db.close();
  });
});
