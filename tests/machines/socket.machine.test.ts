import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { applyMessage, backoffMs } from '../../machines/socket.machine.ts';
import * as socketModule from '../../machines/socket.machine.ts';
import type { StreamMessage } from '../../src/protocol/stream.ts';
import { describeModel, Fakes, settle } from '../support/model-paths.ts';
import {
  BALANCE,
  chat,
  CHAT_ERROR,
  Connections,
  EMPTY_ROOM,
  FETCHING,
  HEARTBEAT,
  HIDDEN_PAUSE_MS,
  HISTORY_REQUEST,
  JWT,
  KICK,
  LOGIN,
  LOGIN_OK,
  LOGIN_RETRY_MS,
  M,
  msg,
  MSG_ID,
  MUTED,
  NOTICE,
  provided,
  RECONNECT_BASE_MS,
  RECONNECT_MAX_MS,
  ROOM_SIZE,
  SOCKET_HEARTBEAT_MS,
  socketModel,
} from './socket.model.ts';

describeModel(socketModel.title, socketModel.machine, socketModel.graphs, socketModel.harness);

// ───────────── hand-written ─────────────

function start() {
  const fakes = new Fakes();
  const conns = new Connections();
  const clock = new SimulatedClock();
  const actor = createActor(provided(fakes, conns), { clock }).start();
  /** Lets `ms` pass a millisecond at a time (a long jump would fire a re-armed timer only once). */
  const advance = (ms: number) => {
    for (let i = 0; i < ms; i++) clock.increment(1);
  };
  const ctx = () => actor.getSnapshot().context;
  const login = () => actor.getSnapshot().value as { link: { online?: { open?: { login: string } } } };
  const loginState = () => login().link.online?.open?.login;
  const heartbeats = () => conns.sent.filter((m) => m.msgId === MSG_ID.heartbeat).length;
  const logins = () => conns.sent.filter((m) => m.msgId === MSG_ID.login);
  const jwtFetches = () => fakes.invocations.filter((i) => i.src === 'fetchJwt').length;
  const receive = (m: StreamMessage) => conns.emit({ type: 'ws.message', msg: m });
  /** A member's session: starts, opens, and logs in (the jwt arrives, the server accepts). */
  const loggedIn = async () => {
    actor.send({ type: 'socket.login' });
    conns.emit({ type: 'ws.open' });
    fakes.resolve(FETCHING, JWT);
    await settle();
    receive(M.loginOk);
    expect(loginState()).toBe('loggedIn');
  };
  return { actor, advance, conns, ctx, fakes, heartbeats, jwtFetches, loggedIn, loginState, logins, receive };
}

describe('socket constants and pure helpers', () => {
  it('uses the spec’s heartbeat (5 s) and message ids (0, 10001)', () => {
    const {
      SOCKET_HEARTBEAT_MS,
      MSG_ID,
      RECONNECT_BASE_MS,
      RECONNECT_MAX_MS,
      LOGIN_RETRY_MS,
      HIDDEN_PAUSE_MS,
      ROOM_SIZE,
    } = socketModule;
    expect(SOCKET_HEARTBEAT_MS).toBe(5000);
    expect(MSG_ID.heartbeat).toBe(0);
    expect(MSG_ID.login).toBe(10001);
    expect([RECONNECT_BASE_MS, RECONNECT_MAX_MS, LOGIN_RETRY_MS, HIDDEN_PAUSE_MS, ROOM_SIZE]).toEqual([
      1000, 30_000, 5000, 60_000, 50,
    ]);
  });

  it('backoffMs doubles from 1 s and stops at RECONNECT_MAX_MS', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(backoffMs)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  const base = {
    status: 1 as const,
    attempt: 0,
    loginData: LOGIN_OK,
    loginError: null,
    room: { messages: [chat(1)], error: CHAT_ERROR },
    lastBalance: null,
    lastWithdrawal: null,
    memberChanges: {},
    member: true,
    watching: false,
  };

  it('applyMessage: history replaces the room (last 50) and clears its error', () => {
    const many = Array.from({ length: 60 }, (_, i) => chat(i + 1));
    expect(applyMessage(base, msg(MSG_ID.chatHistory, { room: 'live', messages: many }))).toEqual({
      room: { messages: many.slice(10), error: null },
    });
  });

  it('applyMessage: a chat message is appended, the room kept to 50, its error kept', () => {
    expect(applyMessage(base, M.chat)).toEqual({ room: { messages: [chat(1), chat(3)], error: CHAT_ERROR } });
    const full = {
      ...base,
      room: { messages: Array.from({ length: 50 }, (_, i) => chat(i + 1)), error: null },
    };
    const next = applyMessage(full, msg(MSG_ID.chatMessage, chat(51))).room!.messages;
    expect(next).toHaveLength(ROOM_SIZE);
    expect([next[0]!.id, next.at(-1)!.id]).toEqual([2, 51]);
  });

  it('applyMessage: errors, balances and re-sent login data; nothing for the rest', () => {
    expect(applyMessage(base, M.chatError)).toEqual({ room: { messages: [chat(1)], error: CHAT_ERROR } });
    expect(applyMessage(base, M.balance)).toEqual({ lastBalance: BALANCE });
    expect(applyMessage(base, M.muted)).toEqual({ loginData: MUTED });
    expect(applyMessage(base, M.refused)).toEqual({});
    expect(applyMessage(base, M.notice)).toEqual({});
    expect(applyMessage(base, M.kick)).toEqual({});
    expect(applyMessage(base, M.heartbeatReply)).toEqual({});
    expect(applyMessage(base, msg(40000, { code: 1, message: 'x' }))).toEqual({});
    // issue 13: msgId 20006, the member centre's pushes: the last of each topic is kept, the others stay.
    const mail = { topic: 'mail' as const, unread: 3, at: '2026-11-26T12:00:00.000Z' };
    const vip = { topic: 'vip' as const, level: 2, at: '2026-11-26T12:00:01.000Z' };
    expect(applyMessage(base, msg(20006, mail))).toEqual({ memberChanges: { mail } });
    expect(applyMessage({ ...base, memberChanges: { mail } }, msg(20006, vip))).toEqual({
      memberChanges: { mail, vip },
    });
    const later = { ...mail, unread: 0, at: '2026-11-26T12:00:02.000Z' };
    expect(applyMessage({ ...base, memberChanges: { mail, vip } }, msg(20006, later))).toEqual({
      memberChanges: { mail: later, vip },
    });
  });

  it('applyMessage: a withdrawal push (msgId 20005, docs/api.md "Stream socket") is kept for the withdrawal page', () => {
    const change = {
      id: 'W20261125ABCDEFGH',
      state: 'paid',
      amount: 20_000,
      payout: 20_000,
      reason: null,
      at: 'x',
    };
    expect(applyMessage(base, msg(20005, change))).toEqual({ lastWithdrawal: change });
  });
});

describe('status and heartbeat (spec §4)', () => {
  it('no connection until started; status 0 until ws.open, then 1', () => {
    const { actor, conns, ctx } = start();
    expect(conns.sockets).toHaveLength(0);
    actor.send({ type: 'socket.start' });
    expect(conns.live).toHaveLength(1);
    expect(ctx().status).toBe(0);
    conns.emit({ type: 'ws.open' });
    expect(ctx().status).toBe(1);
  });

  it('sends {msgId 0, body {}} every 5 s while open: none before 5 s, one at 5 s, two at 10 s', () => {
    const { actor, advance, conns, heartbeats } = start();
    actor.send({ type: 'socket.start' });
    advance(3 * SOCKET_HEARTBEAT_MS); // connecting: no heartbeat
    expect(heartbeats()).toBe(0);
    conns.emit({ type: 'ws.open' });
    advance(SOCKET_HEARTBEAT_MS - 1);
    expect(heartbeats()).toBe(0);
    advance(1);
    expect(heartbeats()).toBe(1);
    advance(SOCKET_HEARTBEAT_MS - 1);
    expect(heartbeats()).toBe(1);
    advance(1);
    expect(heartbeats()).toBe(2);
    expect(conns.sent.filter((m) => m.msgId === 0)).toEqual([HEARTBEAT, HEARTBEAT]);
  });

  it('no heartbeat after the close, nor while the next connection is connecting', async () => {
    const { advance, conns, heartbeats, loggedIn } = start();
    await loggedIn();
    advance(SOCKET_HEARTBEAT_MS);
    expect(heartbeats()).toBe(1);
    conns.emit({ type: 'ws.close', code: 1006 });
    advance(3 * SOCKET_HEARTBEAT_MS); // reconnects after 1 s and stays connecting
    expect(conns.sockets).toHaveLength(2);
    expect(heartbeats()).toBe(1);
    conns.emit({ type: 'ws.open' });
    advance(SOCKET_HEARTBEAT_MS);
    expect(heartbeats()).toBe(2);
    expect(conns.sockets[1]!.sent.filter((m) => m.msgId === 0)).toEqual([HEARTBEAT]);
  });
});

describe('login once (spec §4)', () => {
  it('after ws.open: one jwt fetch, then exactly one {msgId 10001, token, body {}}', async () => {
    const { actor, conns, fakes, jwtFetches, loginState, logins } = start();
    actor.send({ type: 'socket.login' });
    await settle();
    expect(jwtFetches()).toBe(0); // not before the socket is open
    conns.emit({ type: 'ws.open' });
    expect(jwtFetches()).toBe(1);
    expect(loginState()).toBe('fetchingJwt');
    expect(logins()).toEqual([]);
    fakes.resolve(FETCHING, JWT);
    await settle();
    expect(logins()).toEqual([LOGIN]);
    expect(loginState()).toBe('awaitingReply');
  });

  it('an accepted reply logs in and keeps the login data; other messages never log in again', async () => {
    const { advance, ctx, jwtFetches, loggedIn, loginState, logins, receive } = start();
    await loggedIn();
    expect(ctx().loginData).toEqual(LOGIN_OK);
    expect(ctx().loginError).toBeNull();
    for (const m of [M.history, M.chat, M.balance, M.notice, M.chatError, M.heartbeatReply, M.refused])
      receive(m);
    advance(4 * SOCKET_HEARTBEAT_MS);
    await settle();
    expect(loginState()).toBe('loggedIn');
    expect(jwtFetches()).toBe(1);
    expect(logins()).toEqual([LOGIN]);
    expect(ctx().loginData).toEqual(LOGIN_OK); // a stray refusal does not log out
  });

  it('a refusal retries after LOGIN_RETRY_MS: a new jwt, a new login', async () => {
    const { actor, advance, conns, ctx, fakes, jwtFetches, loginState, logins, receive } = start();
    actor.send({ type: 'socket.login' });
    conns.emit({ type: 'ws.open' });
    fakes.resolve(FETCHING, JWT);
    await settle();
    receive(M.refused);
    expect(loginState()).toBe('retrying');
    expect(ctx().loginError).toEqual({ code: 10004, message: '登录已失效' });
    expect(ctx().loginData).toBeNull();
    advance(LOGIN_RETRY_MS - 1);
    await settle();
    expect(jwtFetches()).toBe(1);
    advance(1);
    expect(jwtFetches()).toBe(2);
    fakes.resolve(FETCHING, { jwt: 'jwt-2', expiresIn: 600 });
    await settle();
    expect(logins()).toEqual([LOGIN, { msgId: 10001, token: 'jwt-2', body: {} }]);
    receive(M.loginOk);
    expect(loginState()).toBe('loggedIn');
    expect(ctx().loginError).toBeNull();
  });

  it('no jwt (the fetch fails): retries after LOGIN_RETRY_MS, sending nothing meanwhile', async () => {
    const { actor, advance, conns, fakes, jwtFetches, loginState, logins } = start();
    actor.send({ type: 'socket.login' });
    conns.emit({ type: 'ws.open' });
    fakes.reject(FETCHING, new Error('no token'));
    await settle();
    expect(loginState()).toBe('retrying');
    advance(LOGIN_RETRY_MS - 1);
    expect(jwtFetches()).toBe(1);
    advance(1);
    expect(jwtFetches()).toBe(2);
    expect(loginState()).toBe('fetchingJwt');
    expect(logins()).toEqual([]);
  });
});

describe('close and reconnect', () => {
  it('ws.close resets status, login data and room, and cleans the connection up', async () => {
    const { conns, ctx, loggedIn, receive } = start();
    await loggedIn();
    receive(M.history);
    receive(M.chatError);
    receive(M.balance);
    expect(ctx().room.messages).toHaveLength(2);
    conns.emit({ type: 'ws.close', code: 1006 });
    expect(ctx()).toMatchObject({
      status: 0,
      loginData: null,
      loginError: null,
      room: EMPTY_ROOM,
      attempt: 0,
    });
    expect(conns.sockets[0]!.cleanedUp).toBe(true);
    expect(conns.live).toHaveLength(0);
  });

  it('reconnects after 1 s, 2 s, 4 s … up to RECONNECT_MAX_MS, counting attempts; an open resets them', () => {
    const { actor, advance, conns, ctx } = start();
    actor.send({ type: 'socket.start' });
    const waits: number[] = [];
    const attempts: number[] = [];
    for (let n = 0; n < 7; n++) {
      conns.emit({ type: 'ws.close', code: 1006 });
      expect(actor.getSnapshot().matches({ link: 'reconnecting' })).toBe(true);
      const before = conns.sockets.length;
      let waited = 0;
      while (conns.sockets.length === before) {
        advance(1);
        waited++;
      }
      waits.push(waited);
      attempts.push(ctx().attempt);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    expect(attempts).toEqual([1, 2, 3, 4, 5, 6, 7]);
    conns.emit({ type: 'ws.open' });
    expect(ctx().attempt).toBe(0);
    conns.emit({ type: 'ws.close', code: 1006 });
    advance(RECONNECT_BASE_MS - 1);
    expect(conns.sockets).toHaveLength(8);
    advance(1);
    expect(conns.sockets).toHaveLength(9);
    expect(ctx().attempt).toBe(1);
  });

  it('logs in again on the new connection: a second 10001', async () => {
    const { advance, conns, ctx, fakes, jwtFetches, loggedIn, loginState, receive } = start();
    await loggedIn();
    conns.emit({ type: 'ws.close', code: 1001 });
    advance(RECONNECT_BASE_MS);
    conns.emit({ type: 'ws.open' });
    expect(jwtFetches()).toBe(2);
    fakes.resolve(FETCHING, JWT);
    await settle();
    expect(conns.sockets.map((c) => c.sent.filter((m) => m.msgId === MSG_ID.login))).toEqual([
      [LOGIN],
      [LOGIN],
    ]);
    receive(M.loginOk);
    expect(loginState()).toBe('loggedIn');
    expect(ctx().loginData).toEqual(LOGIN_OK);
  });

  it('socket.stop: idle, the connection cleaned up, nothing comes back', async () => {
    const a = start();
    await a.loggedIn();
    a.actor.send({ type: 'socket.stop' });
    expect(a.actor.getSnapshot().value).toMatchObject({ link: 'idle' });
    expect(a.conns.sockets[0]!.cleanedUp).toBe(true);
    expect(a.ctx()).toMatchObject({ status: 0, loginData: null, attempt: 0 });
    a.advance(2 * RECONNECT_MAX_MS);
    expect(a.conns.sockets).toHaveLength(1);

    // While waiting to reconnect: the wait is dropped and the attempts forgotten.
    const b = start();
    b.actor.send({ type: 'socket.start' });
    b.conns.emit({ type: 'ws.close', code: 1006 });
    b.advance(RECONNECT_BASE_MS);
    b.conns.emit({ type: 'ws.close', code: 1006 });
    expect(b.ctx().attempt).toBe(1);
    b.actor.send({ type: 'socket.stop' });
    expect(b.ctx().attempt).toBe(0);
    b.advance(2 * RECONNECT_MAX_MS);
    expect(b.conns.sockets).toHaveLength(2);
    expect(b.actor.getSnapshot().value).toMatchObject({ link: 'idle' });
  });
});

describe('hidden tab', () => {
  it('hidden for HIDDEN_PAUSE_MS: paused, the connection let go; shown again: online again', async () => {
    const { actor, advance, conns, ctx, loggedIn } = start();
    await loggedIn();
    actor.send({ type: 'page.hidden' });
    advance(HIDDEN_PAUSE_MS - 1);
    expect(actor.getSnapshot().matches({ link: { online: 'open' } })).toBe(true);
    expect(conns.live).toHaveLength(1);
    advance(1);
    expect(actor.getSnapshot().value).toEqual({ visibility: 'asleep', link: 'paused' });
    expect(conns.sockets[0]!.cleanedUp).toBe(true);
    expect(ctx()).toMatchObject({ status: 0, loginData: null, room: EMPTY_ROOM });
    advance(5 * RECONNECT_MAX_MS);
    expect(conns.sockets).toHaveLength(1); // no reconnecting while paused
    actor.send({ type: 'page.visible' });
    expect(actor.getSnapshot().value).toEqual({ visibility: 'visible', link: { online: 'connecting' } });
    expect(conns.live).toHaveLength(1);
    expect(conns.sockets).toHaveLength(2);
  });

  it('hidden for less than that: stays online on the same connection, heartbeats go on', async () => {
    const { actor, advance, conns, heartbeats, loggedIn } = start();
    await loggedIn();
    actor.send({ type: 'page.hidden' });
    advance(HIDDEN_PAUSE_MS - 1);
    actor.send({ type: 'page.visible' });
    advance(HIDDEN_PAUSE_MS);
    expect(actor.getSnapshot().matches({ visibility: 'visible', link: { online: 'open' } })).toBe(true);
    expect(conns.sockets).toHaveLength(1);
    expect(heartbeats()).toBe(Math.floor((2 * HIDDEN_PAUSE_MS - 1) / SOCKET_HEARTBEAT_MS));
  });

  it('the pause also ends a wait to reconnect (the close came late in the hidden minute)', () => {
    const { actor, advance, conns } = start();
    actor.send({ type: 'socket.start' });
    actor.send({ type: 'page.hidden' });
    advance(HIDDEN_PAUSE_MS - 500);
    conns.emit({ type: 'ws.close', code: 1006 }); // would reconnect 1 s later
    advance(500);
    expect(actor.getSnapshot().value).toEqual({ visibility: 'asleep', link: 'paused' });
    advance(RECONNECT_MAX_MS);
    expect(conns.sockets).toHaveLength(1);
    actor.send({ type: 'socket.stop' });
    expect(actor.getSnapshot().value).toEqual({ visibility: 'asleep', link: 'idle' });
    actor.send({ type: 'page.visible' });
    expect(actor.getSnapshot().value).toEqual({ visibility: 'visible', link: 'idle' });
    expect(conns.sockets).toHaveLength(1);
  });
});

describe('chat and pushes', () => {
  it('chat.send while logged in sends {msgId 30001, body {text}} and clears the room error', async () => {
    const { actor, conns, ctx, loggedIn, receive } = start();
    await loggedIn();
    receive(M.chatError);
    expect(ctx().room.error).toEqual(CHAT_ERROR);
    actor.send({ type: 'chat.send', text: '大家好' });
    expect(conns.sent.filter((m) => m.msgId === MSG_ID.chatSend)).toEqual([
      { msgId: 30001, body: { text: '大家好' } },
    ]);
    expect(ctx().room.error).toBeNull();
  });

  it('chat.send is ignored with empty text or when not logged in', async () => {
    const { actor, conns, fakes, loginState } = start();
    const chats = () => conns.sent.filter((m) => m.msgId === MSG_ID.chatSend);
    actor.send({ type: 'chat.send', text: 'idle' });
    actor.send({ type: 'socket.login' });
    actor.send({ type: 'chat.send', text: 'connecting' });
    conns.emit({ type: 'ws.open' });
    actor.send({ type: 'chat.send', text: 'fetching' });
    fakes.resolve(FETCHING, JWT);
    await settle();
    actor.send({ type: 'chat.send', text: 'awaiting' });
    expect(chats()).toEqual([]);
    conns.emit({ type: 'ws.message', msg: M.loginOk });
    actor.send({ type: 'chat.send', text: '' });
    actor.send({ type: 'chat.send', text: ' \n\t ' });
    expect(chats()).toEqual([]);
    expect(loginState()).toBe('loggedIn');
    actor.send({ type: 'chat.send', text: 'now' });
    expect(chats()).toEqual([{ msgId: MSG_ID.chatSend, body: { text: 'now' } }]);
  });

  it('30003 history replaces the room, 30002 appends and the room keeps the last 50', async () => {
    const { ctx, loggedIn, receive } = start();
    await loggedIn();
    receive(M.chat);
    receive(M.history);
    expect(ctx().room.messages.map((m) => m.id)).toEqual([1, 2]);
    for (let id = 3; id <= 60; id++) receive(msg(MSG_ID.chatMessage, chat(id)));
    expect(ctx().room.messages).toHaveLength(ROOM_SIZE);
    expect(ctx().room.messages.map((m) => m.id)).toEqual(Array.from({ length: 50 }, (_, i) => i + 11));
  });

  it('30004 sets room.error, chat.dismissError clears it; 20002 sets lastBalance', async () => {
    const { actor, ctx, loggedIn, receive } = start();
    await loggedIn();
    receive(M.chatError);
    expect(ctx().room.error).toEqual(CHAT_ERROR);
    actor.send({ type: 'chat.dismissError' });
    expect(ctx().room.error).toBeNull();
    receive(M.balance);
    expect(ctx().lastBalance).toEqual(BALANCE);
  });

  it('20001 calls notifyNotice, 20003 calls notifyKick, once each', async () => {
    const { fakes, loggedIn, receive } = start();
    await loggedIn();
    receive(M.notice);
    receive(M.kick);
    expect(fakes.calls).toEqual([
      { name: 'notifyNotice', params: { notice: NOTICE } },
      { name: 'notifyKick', params: { kick: KICK } },
    ]);
  });

  it('a re-sent 10001 updates the login data (muted) without logging in again', async () => {
    const { ctx, jwtFetches, loggedIn, loginState, logins, receive } = start();
    await loggedIn();
    receive(M.muted);
    expect(ctx().loginData).toEqual(MUTED);
    expect(loginState()).toBe('loggedIn');
    expect([jwtFetches(), logins().length]).toEqual([1, 1]);
  });
});

describe('visitors and members (issue 8 §2)', () => {
  it('a visitor’s socket opens without a login; socket.login logs it in; socket.logout goes on as a visitor’s', async () => {
    const { actor, conns, fakes, ctx, jwtFetches, loginState, logins, heartbeats, advance, receive } =
      start();
    actor.send({ type: 'socket.start' });
    conns.emit({ type: 'ws.open' });
    expect(loginState()).toBe('anonymous');
    expect(ctx()).toMatchObject({ status: 1, member: false });
    // Heartbeats run for visitors too (spec §4); no jwt, no 10001.
    advance(SOCKET_HEARTBEAT_MS);
    expect(heartbeats()).toBe(1);
    expect([jwtFetches(), logins().length]).toEqual([0, 0]);

    actor.send({ type: 'socket.login' });
    expect(ctx().member).toBe(true);
    expect(loginState()).toBe('fetchingJwt');
    fakes.resolve(FETCHING, JWT);
    await settle();
    expect(logins()).toEqual([LOGIN]);
    receive(M.loginOk);
    expect(loginState()).toBe('loggedIn');
    expect(ctx().loginData).toEqual(LOGIN_OK);

    // spec §4: close resets the login: the member's connection is let go, a fresh visitor's one opens.
    const first = conns.sockets[0]!;
    actor.send({ type: 'socket.logout' });
    expect(first.cleanedUp).toBe(true);
    expect(conns.live).toHaveLength(1);
    expect(ctx()).toMatchObject({ member: false, status: 0, loginData: null, loginError: null });
    conns.emit({ type: 'ws.open' });
    expect(loginState()).toBe('anonymous');
    expect([jwtFetches(), logins().length]).toEqual([1, 1]);
  });

  it('socket.login before the socket is up brings it up and logs in once open', async () => {
    const { actor, conns, fakes, loginState, logins } = start();
    actor.send({ type: 'socket.login' });
    expect(conns.live).toHaveLength(1);
    conns.emit({ type: 'ws.open' });
    expect(loginState()).toBe('fetchingJwt');
    fakes.resolve(FETCHING, JWT);
    await settle();
    expect(logins()).toEqual([LOGIN]);
  });

  it('socket.logout on a visitor’s socket keeps its connection', () => {
    const { actor, conns, loginState } = start();
    actor.send({ type: 'socket.start' });
    conns.emit({ type: 'ws.open' });
    actor.send({ type: 'socket.logout' });
    expect(conns.sockets).toHaveLength(1);
    expect(conns.live).toHaveLength(1);
    expect(loginState()).toBe('anonymous');
  });

  it('chat.watch asks for the history on an open socket once; a watched room asks again on each open', () => {
    const { actor, conns } = start();
    const requests = () => conns.sent.filter((m) => m.msgId === MSG_ID.chatHistory);
    actor.send({ type: 'chat.watch' });
    expect(requests()).toEqual([]);
    actor.send({ type: 'socket.start' });
    expect(requests()).toEqual([]);
    conns.emit({ type: 'ws.open' });
    expect(requests()).toEqual([HISTORY_REQUEST]);
    actor.send({ type: 'chat.watch' });
    expect(requests()).toHaveLength(1);
    conns.emit({ type: 'ws.close', code: 1006 });
    expect(requests()).toHaveLength(1);
  });

  it('chat.watch on an already open socket asks for the history at once', () => {
    const { actor, conns } = start();
    actor.send({ type: 'socket.start' });
    conns.emit({ type: 'ws.open' });
    actor.send({ type: 'chat.watch' });
    expect(conns.sent.filter((m) => m.msgId === MSG_ID.chatHistory)).toEqual([HISTORY_REQUEST]);
  });

  it('20004 (site configuration changed) calls notifySiteConfig, for visitors too', () => {
    const { actor, conns, fakes, receive } = start();
    actor.send({ type: 'socket.start' });
    conns.emit({ type: 'ws.open' });
    receive(M.siteConfig);
    expect(fakes.called('notifySiteConfig')).toHaveLength(1);
  });
});
