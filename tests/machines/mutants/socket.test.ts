// Mutation testing (issue 18 §3): the live socket (spec §4) with a connection fake that checks the COMMAND it
// receives (`ws.send`, the only command a connection understands), not only the message, and stray messages
// while the login reply is awaited; the room and the balance the pushes leave in the context (the stream
// protocol, src/protocol/stream.ts and docs/api.md "Stream socket").
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock, type AnyEventObject } from 'xstate';
import type { MemberJwt } from '../../../src/protocol/member.ts';
import type { BalanceChange, ChatMessage, LoginData, StreamMessage } from '../../../src/protocol/stream.ts';
import { socketMachine, type ConnectionCommand } from '../../../machines/socket.machine.ts';
import { Fakes, settle } from '../../support/model-paths.ts';

/** spec §4, §9: heartbeat msgId 0 every 5 s; login msgId 10001. */
const HEARTBEAT_MS = 5_000;
const LOGIN_ID = 10001;
/** The stream protocol's pushes (src/protocol/stream.ts, docs/api.md "Stream socket"). */
const BALANCE_ID = 20002;
const CHAT_MESSAGE_ID = 30002;
const CHAT_HISTORY_ID = 30003;
/** Messages kept per room and sent as history (src/protocol/stream.ts CHAT_HISTORY_SIZE). */
const HISTORY_SIZE = 50;
const FETCHING = '0.socket.link.online.open.login.fetchingJwt';
const JWT: MemberJwt = { jwt: 'jwt-abc', expiresIn: 600 };
const LOGIN_OK: LoginData = {
  ok: true,
  speechStatus: 1,
  vipMin: 0,
  vipMax: 10,
  vipLevel: 1,
  memberId: 7,
  userName: 'al**ce',
  speechReason: null,
};

function start() {
  const fakes = new Fakes();
  const commands: AnyEventObject[] = [];
  let sendBack: ((e: AnyEventObject) => void) | null = null;
  const connection = fromCallback<ConnectionCommand>(({ sendBack: back, receive }) => {
    sendBack = back;
    receive((command) => void commands.push(command));
    return () => {};
  });
  const clock = new SimulatedClock();
  const actor = createActor(
    socketMachine.provide({
      actors: { connection, fetchJwt: fakes.promise<MemberJwt>('fetchJwt') },
      actions: fakes.actions('notifyNotice', 'notifyKick', 'notifySiteConfig'),
    }),
    { clock },
  ).start();
  const emit = (e: AnyEventObject) => sendBack!(e);
  const receive = (msg: StreamMessage) => emit({ type: 'ws.message', msg });
  const loginState = () =>
    (actor.getSnapshot().value as { link: { online?: { open?: { login: string } } } }).link.online?.open
      ?.login;
  const advance = (ms: number) => {
    for (let i = 0; i < ms; i++) clock.increment(1);
  };
  return { actor, advance, commands, emit, fakes, loginState, receive };
}

async function awaitingReply() {
  const s = start();
  s.actor.send({ type: 'socket.login' });
  s.emit({ type: 'ws.open' });
  s.fakes.resolve(FETCHING, JWT);
  await settle();
  expect(s.loginState()).toBe('awaitingReply');
  return s;
}

describe('what the connection is sent is a ws.send command (spec §4)', () => {
  it('the login: one ws.send of {msgId 10001, token, body}', async () => {
    const { commands } = await awaitingReply();
    expect(commands).toEqual([{ type: 'ws.send', msg: { msgId: LOGIN_ID, token: JWT.jwt, body: {} } }]);
  });

  it('the heartbeat every 5 s: a ws.send of {msgId 0, body {}}', () => {
    const { advance, commands, emit, actor } = start();
    actor.send({ type: 'socket.start' });
    emit({ type: 'ws.open' });
    advance(HEARTBEAT_MS);
    expect(commands).toEqual([{ type: 'ws.send', msg: { msgId: 0, body: {} } }]);
  });

  it('a chat message of a logged-in member: a ws.send carrying the text', async () => {
    const { actor, commands, receive, loginState } = await awaitingReply();
    receive({ msgId: LOGIN_ID, body: LOGIN_OK });
    expect(loginState()).toBe('loggedIn');
    commands.length = 0;
    actor.send({ type: 'chat.send', text: 'hello' });
    expect(commands).toHaveLength(1);
    expect(commands[0]?.type).toBe('ws.send');
    expect((commands[0]?.['msg'] as StreamMessage<{ text: string }>).body).toEqual({ text: 'hello' });
  });

  it('blank text is not sent (nothing to say)', async () => {
    const { actor, commands, receive } = await awaitingReply();
    receive({ msgId: LOGIN_ID, body: LOGIN_OK });
    commands.length = 0;
    actor.send({ type: 'chat.send', text: '   ' });
    expect(commands).toEqual([]);
  });
});

describe('while the login reply is awaited (spec §4: a reply with msgId 10001 provides the login data)', () => {
  it('other messages (a notice, a chat message, a heartbeat reply) neither log in nor count as a refusal', async () => {
    const { loginState, receive, actor } = await awaitingReply();
    receive({ msgId: 20001, body: { id: 1, category: 1, title: 't', content: 'c', createdAt: '' } });
    receive({ msgId: 0, body: { serverTime: 1 } });
    receive({ msgId: 40404, body: { ok: true } });
    receive({ msgId: 40405, body: { ok: false, code: 1, message: '?' } });
    expect(loginState()).toBe('awaitingReply');
    expect(actor.getSnapshot().context.loginError).toBeNull();
    expect(actor.getSnapshot().context.loginData).toBeNull();
    receive({ msgId: LOGIN_ID, body: LOGIN_OK });
    expect(loginState()).toBe('loggedIn');
    expect(actor.getSnapshot().context.loginData).toEqual(LOGIN_OK);
  });
});

const chat = (id: number): ChatMessage => ({
  id,
  room: 'live',
  memberId: 7,
  name: 'al**ce',
  vipLevel: 1,
  text: `message ${id}`,
  at: '2026-11-23T10:00:00.000Z',
});

describe('the chat room (spec §4: close resets the room)', () => {
  it('starts empty, and a close empties it again', () => {
    const { actor, emit, receive } = start();
    expect(actor.getSnapshot().context.room).toEqual({ messages: [], error: null });
    actor.send({ type: 'socket.start' });
    emit({ type: 'ws.open' });
    receive({ msgId: CHAT_MESSAGE_ID, body: chat(1) });
    expect(actor.getSnapshot().context.room.messages).toEqual([chat(1)]);
    emit({ type: 'ws.close', code: 1006 });
    expect(actor.getSnapshot().context.room).toEqual({ messages: [], error: null });
  });

  it('a room on screen asks for its history on opening: a ws.send of {msgId 30003, body {}}', () => {
    const { actor, commands, emit } = start();
    actor.send({ type: 'chat.watch' });
    actor.send({ type: 'socket.start' });
    emit({ type: 'ws.open' });
    expect(commands).toEqual([{ type: 'ws.send', msg: { msgId: CHAT_HISTORY_ID, body: {} } }]);
  });

  it('the history (30003) replaces the room with its last 50 messages', () => {
    const { actor, emit, receive } = start();
    actor.send({ type: 'socket.start' });
    emit({ type: 'ws.open' });
    receive({ msgId: CHAT_MESSAGE_ID, body: chat(999) });
    const history = Array.from({ length: HISTORY_SIZE + 5 }, (_, i) => chat(i + 1));
    receive({ msgId: CHAT_HISTORY_ID, body: { room: 'live', messages: history } });
    expect(actor.getSnapshot().context.room).toEqual({ messages: history.slice(-HISTORY_SIZE), error: null });
    expect(actor.getSnapshot().status).toBe('active');
  });
});

describe('the balance push (issue 9 §1: every balance change publishes msgId 20002; the page updates live)', () => {
  it('keeps the last balance pushed, and touches neither the room nor the login', async () => {
    const { actor, receive } = await awaitingReply();
    receive({ msgId: LOGIN_ID, body: LOGIN_OK });
    const change: BalanceChange = {
      balance: 12_345,
      change: 10_000,
      reason: 'deposit',
      at: '2026-11-23T10:00:00.000Z',
    };
    receive({ msgId: BALANCE_ID, body: change });
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().context.lastBalance).toEqual(change);
    expect(actor.getSnapshot().context.room).toEqual({ messages: [], error: null });
    expect(actor.getSnapshot().context.loginData).toEqual(LOGIN_OK);
  });
});
