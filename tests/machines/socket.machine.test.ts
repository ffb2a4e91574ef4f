import { describe, expect, it } from 'vitest';
import { assign, createActor, createMachine, fromCallback, SimulatedClock } from 'xstate';
import type { AnyStateMachine } from 'xstate';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { MemberJwt } from '../../src/protocol/member.ts';
import type { Notice } from '../../src/protocol/site.ts';
import type {
  BalanceChange,
  ChatErrorBody,
  ChatMessage,
  KickBody,
  LoginData,
  LoginFailure,
  StreamMessage,
} from '../../src/protocol/stream.ts';
import {
  applyMessage,
  backoffMs,
  socketMachine,
  type ChatState,
  type ConnectionCommand,
} from '../../machines/socket.machine.ts';
import * as socketModule from '../../machines/socket.machine.ts';
import { describeModel, Fakes, settle, type OracleArgs } from '../support/model-paths.ts';

// Issue 18 §1: every number below is written here, never imported from the code under test.
/** spec §4, §9: heartbeat (msgId 0) every 5 s while open. */
const SOCKET_HEARTBEAT_MS = 5_000;
/** Product constant (docs/decisions/0011-live-socket.md): reconnect backoff from 1 s, doubling, up to 30 s. */
const RECONNECT_BASE_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;
const backoff = (attempt: number) => Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
/** Product constant (docs/decisions/0011-live-socket.md): a tab hidden 60 s lets its socket go (asleep). */
const HIDDEN_PAUSE_MS = 60_000;
/** Product constant (machines/socket.machine.ts, issue 5 §2): a failed socket login is tried again after 5 s. */
const LOGIN_RETRY_MS = 5_000;
/** Product constant (src/protocol/stream.ts CHAT_HISTORY_SIZE, docs/api.md): chat messages kept on the page. */
const ROOM_SIZE = 50;
/**
 * Message ids: spec §4, §9 fix 0 (heartbeat) and 10001 (login); the rest are the stream protocol's
 * (docs/api.md "Stream").
 */
const MSG_ID = {
  heartbeat: 0,
  login: 10001,
  notice: 20001,
  balance: 20002,
  kick: 20003,
  siteConfig: 20004,
  chatSend: 30001,
  chatMessage: 30002,
  chatHistory: 30003,
  chatError: 30004,
} as const;

// The live socket (spec §4, §9): status 0/1, a heartbeat every 5 s while open, login once (jwt, then 10001),
// close resets everything; reconnect with backoff, re-login, pause while the tab is hidden for long.
// The WebSocket is a fake callback actor: it records what the machine sends and lets the test answer with
// ws.open / ws.message / ws.close through its sendBack, as the real one does.

const FETCHING = '0.socket.link.online.open.login.fetchingJwt';
const AFTER = {
  heartbeat: 'xstate.after.heartbeat.socket.link.online.open.heartbeat.waiting',
  loginRetry: 'xstate.after.loginRetry.socket.link.online.open.login.retrying',
  reconnect: 'xstate.after.reconnect.socket.link.reconnecting',
  hiddenPause: 'xstate.after.hiddenPause.socket.visibility.hidden',
};

const JWT: MemberJwt = { jwt: 'jwt-abc', expiresIn: 600 };
const LOGIN_OK: LoginData = {
  ok: true,
  speechStatus: 1,
  vipMin: 1,
  vipMax: 9,
  vipLevel: 3,
  memberId: 7,
  userName: 'al***e',
  speechReason: null,
};
/** Re-sent by the server when an operator mutes the member. */
const MUTED: LoginData = { ...LOGIN_OK, speechStatus: 0, speechReason: 'muted' };
const REFUSED: LoginFailure = { ok: false, code: 10004, message: '登录已失效' };
const chat = (id: number, text = `消息 ${id}`): ChatMessage => ({
  id,
  room: 'live',
  memberId: 7,
  name: 'al***e',
  vipLevel: 3,
  text,
  at: '2025-01-02T03:04:05.000Z',
});
const CHAT_ERROR: ChatErrorBody = {
  code: 30407,
  reason: 'tooFast',
  message: '发言太快了，请稍后再试',
  retryAfterMs: 1500,
};
const BALANCE: BalanceChange = {
  balance: 12_345,
  change: 10_000,
  reason: 'deposit',
  at: '2025-01-02T03:04:05.000Z',
};
const NOTICE: Notice = {
  id: 5,
  category: 1,
  title: '维护通知',
  content: '今晚维护',
  createdAt: '2025-01-02T03:04:05.000Z',
};
const KICK: KickBody = { code: 6001, message: '您的账号已在别处登录' };

const msg = <B>(msgId: number, body: B): StreamMessage<B> => ({ msgId, body });
const M = {
  loginOk: msg(MSG_ID.login, LOGIN_OK),
  refused: msg(MSG_ID.login, REFUSED),
  muted: msg(MSG_ID.login, MUTED),
  history: msg(MSG_ID.chatHistory, { room: 'live', messages: [chat(1), chat(2)] }),
  chat: msg(MSG_ID.chatMessage, chat(3)),
  chatError: msg(MSG_ID.chatError, CHAT_ERROR),
  balance: msg(MSG_ID.balance, BALANCE),
  notice: msg(MSG_ID.notice, NOTICE),
  kick: msg(MSG_ID.kick, KICK),
  heartbeatReply: msg(MSG_ID.heartbeat, { serverTime: 1_735_787_045_000 }),
  // issue 8 §2: the site configuration changed (20004).
  siteConfig: msg(20004, {}),
  // Not login replies, though their bodies carry `ok`: only msgId 10001 answers the login (spec §4).
  otherOk: msg(40404, { ok: true, code: 0, message: '' }),
  otherRefusal: msg(40405, { ok: false, code: 1, message: '?' }),
};
const HEARTBEAT = { msgId: 0, body: {} };
const LOGIN = { msgId: 10001, token: JWT.jwt, body: {} };
/** spec §4: the chat history is asked for with 30003. */
const HISTORY_REQUEST = { msgId: 30003, body: {} };

// ───────────── fakes ─────────────

interface FakeSocket {
  /** What the machine sent on it, not yet checked (the model's check takes them). */
  sent: StreamMessage[];
  /** Logins sent on it and login replies received, in order (spec §4: login once). */
  logins: Array<'login' | 'ok' | 'refused'>;
  cleanedUp: boolean;
  sendBack: (e: AnyEventObject) => void;
}

/** Every WebSocket the machine opened: what it was sent, whether it was closed, and its sendBack. */
class Connections {
  readonly sockets: FakeSocket[] = [];
  readonly logic = fromCallback<ConnectionCommand>(({ sendBack, receive }) => {
    const socket: FakeSocket = { sent: [], logins: [], cleanedUp: false, sendBack };
    this.sockets.push(socket);
    receive((command) => {
      socket.sent.push(command.msg);
      if (command.msg.msgId === MSG_ID.login) socket.logins.push('login');
    });
    return () => void (socket.cleanedUp = true);
  });

  get live() {
    return this.sockets.filter((s) => !s.cleanedUp);
  }

  /** The open connection sends an event to the machine (ws.open / ws.message / ws.close). */
  emit(event: AnyEventObject) {
    const [socket, ...more] = this.live;
    if (!socket || more.length) throw new Error(`${this.live.length} live connections`);
    const m = event['msg'] as StreamMessage<{ ok?: boolean }> | undefined;
    if (m?.msgId === MSG_ID.login) socket.logins.push(m.body.ok ? 'ok' : 'refused');
    socket.sendBack(event);
  }

  /** Every message sent, on every connection, in order. */
  get sent(): StreamMessage[] {
    return this.sockets.flatMap((s) => s.sent);
  }
}

/**
 * Login once (spec §4): on one connection, a login is sent again only if the first reply to the one before
 * was a refusal.
 */
function expectLoginOnce(socket: FakeSocket) {
  socket.logins.forEach((entry, i) => {
    if (entry !== 'login') return;
    const previous = i === 0 ? -1 : socket.logins.lastIndexOf('login', i - 1);
    if (previous < 0) return;
    const firstReply = socket.logins.slice(previous + 1, i).find((x) => x !== 'login');
    expect(firstReply, `login #${i} on one connection: ${socket.logins.join(', ')}`).toBe('refused');
  });
}

const connections = new WeakMap<Fakes, Connections>();

function provided(fakes: Fakes, conns: Connections) {
  connections.set(fakes, conns);
  return socketMachine.provide({
    actors: { connection: conns.logic, fetchJwt: fakes.promise<MemberJwt>('fetchJwt') },
    actions: fakes.actions('notifyNotice', 'notifyKick', 'notifySiteConfig'),
  });
}

// ───────────── model ─────────────

const EVENTS: AnyEventObject[] = [
  { type: 'socket.start' },
  { type: 'socket.stop' },
  // issue 8 §2: the session logs the socket in and out; a chat room on screen asks for its history.
  { type: 'socket.login' },
  { type: 'socket.logout' },
  { type: 'chat.watch' },
  { type: 'page.hidden' },
  { type: 'page.visible' },
  { type: 'chat.send', text: '大家好' },
  { type: 'chat.send', text: '   ' },
  { type: 'chat.dismissError' },
  { type: 'ws.open' },
  { type: 'ws.close', code: 1006 },
  ...Object.values(M).map((m) => ({ type: 'ws.message', msg: m })),
  { type: `xstate.done.actor.${FETCHING}`, output: JWT },
  { type: `xstate.error.actor.${FETCHING}`, error: new Error('no token') },
  ...Object.values(AFTER).map((type) => ({ type })),
];

/**
 * The machine branches on its state and, through the reconnect delay, on the attempt; the room, balance and
 * login data only follow messages (the replay still compares the whole context with the model's). Attempts
 * from 2 on share a graph state: the graph then has the first backoffs, the hand-written tests the cap.
 */
const key = (s: AnyMachineSnapshot) => ({
  value: s.value,
  attempt: Math.min(s.context.attempt as number, 2),
  member: s.context.member,
  watching: s.context.watching,
});

const EMPTY_ROOM: ChatState = { messages: [], error: null };

/**
 * The graph's socket: the machine as it is, except that chat.watch's action (which reads `self.getSnapshot()`,
 * something xstate/graph's mock actor scope cannot answer) only records the watching; whether the history is
 * asked for is checked on the real connection by `sendsFor` below.
 */
const config = socketMachine.config as Record<string, unknown> & { on: Record<string, unknown> };
const graphMachine = createMachine(
  { ...config, on: { ...config.on, 'chat.watch': { actions: assign({ watching: true }) } } } as never,
  socketMachine.implementations as never,
) as unknown as AnyStateMachine;

// ───────────── the spec's socket, written out (spec §4, §9; docs/decisions/0011, 0014) ─────────────

/** The member flag after the events: the session's last word (socket.login / socket.logout). */
function memberAfter(history: readonly AnyEventObject[]): boolean {
  const last = history.filter((e) => e.type === 'socket.login' || e.type === 'socket.logout').at(-1);
  return last?.type === 'socket.login';
}
const watchingAfter = (history: readonly AnyEventObject[]) => history.some((e) => e.type === 'chat.watch');
const wsMsg = (e: AnyEventObject) =>
  e.type === 'ws.message' ? (e['msg'] as StreamMessage<{ ok?: boolean }>) : null;

/**
 * Where the socket goes (both regions), from spec §4 and the product's decisions: a parallel machine, so a
 * rule instead of a table. Visibility: hidden 60 s → asleep (the link lets go: paused); shown → online again.
 * Link: start/login → connecting; ws.open → open (a member fetches a jwt, a visitor stays anonymous); login once
 * (jwt → 10001 → a 10001 reply: ok logs in, a refusal retries); close → reconnecting; stop → idle.
 */
function socketNext(o: { event: AnyEventObject; from: string; history: AnyEventObject[] }): string {
  const { event, from, history } = o;
  const leaves = from.split(' | ');
  let vis = leaves.find((l) => l.startsWith('visibility.'))!.slice('visibility.'.length);
  const linkLeaves = leaves.filter((l) => l.startsWith('link.')).map((l) => l.slice('link.'.length));
  let link = linkLeaves.find((l) => !l.startsWith('online.open.heartbeat'))!; // idle | online.connecting | online.open.login.X | …
  const member = memberAfter(history);
  const online = link.startsWith('online.');
  const toOnline = () => 'online.connecting';
  let raised: 'sleep' | 'wake' | null = null;
  // Visibility region.
  if (vis === 'visible' && event.type === 'page.hidden') vis = 'hidden';
  else if (vis === 'hidden' && event.type === 'page.visible') vis = 'visible';
  else if (vis === 'hidden' && event.type === AFTER.hiddenPause) {
    vis = 'asleep';
    raised = 'sleep';
  } else if (vis === 'asleep' && event.type === 'page.visible') {
    vis = 'visible';
    raised = 'wake';
  }
  // Link region.
  const t = event.type;
  if (link === 'idle') {
    if (t === 'socket.start' || t === 'socket.login') link = toOnline();
  } else if (online && t === 'ws.close') link = 'reconnecting';
  else if (online && t === 'socket.stop') link = 'idle';
  else if (link === 'online.connecting') {
    if (t === 'ws.open') link = member ? 'online.open.login.fetchingJwt' : 'online.open.login.anonymous';
  } else if (link.startsWith('online.open.login.')) {
    const login = link.slice('online.open.login.'.length);
    const m = wsMsg(event);
    if (t === 'socket.logout' && login !== 'anonymous')
      link = toOnline(); // a fresh socket, a visitor's
    else if (login === 'anonymous' && t === 'socket.login') link = 'online.open.login.fetchingJwt';
    else if (login === 'fetchingJwt' && t === `xstate.done.actor.${FETCHING}`)
      link = 'online.open.login.awaitingReply';
    else if (login === 'fetchingJwt' && t === `xstate.error.actor.${FETCHING}`)
      link = 'online.open.login.retrying';
    else if (login === 'awaitingReply' && m?.msgId === 10001)
      link = m.body.ok === true ? 'online.open.login.loggedIn' : 'online.open.login.retrying';
    else if (login === 'retrying' && t === AFTER.loginRetry) link = 'online.open.login.fetchingJwt';
  } else if (link === 'reconnecting') {
    if (t === AFTER.reconnect) link = toOnline();
    else if (t === 'socket.stop') link = 'idle';
  } else if (link === 'paused') {
    if (t === 'socket.stop') link = 'idle';
  }
  // What the visibility region raised reaches the link in the same step.
  if (raised === 'sleep' && (link.startsWith('online.') || link === 'reconnecting')) link = 'paused';
  if (raised === 'wake' && link === 'paused') link = toOnline();
  const linkKeys = link.startsWith('online.open.')
    ? ['link.online.open.heartbeat.waiting', `link.${link}`]
    : [`link.${link}`];
  return [`visibility.${vis}`, ...linkKeys].join(' | ');
}

/** What a step must have sent on the connection (spec §4: heartbeat 0, login 10001 with the jwt). */
function sendsFor(
  event: AnyEventObject,
  before: AnyMachineSnapshot,
  history: AnyEventObject[],
): StreamMessage[] {
  if (event.type === AFTER.heartbeat) return [HEARTBEAT];
  if (event.type === `xstate.done.actor.${FETCHING}`) return [LOGIN];
  const open = before.matches({ link: { online: 'open' } });
  const wasWatching = watchingAfter(history.slice(0, -1));
  // A watched room's history is asked for once the socket opens, or when watching starts on an open socket.
  if (event.type === 'ws.open' && wasWatching) return [HISTORY_REQUEST];
  if (event.type === 'chat.watch' && open && !wasWatching) return [HISTORY_REQUEST];
  const text = event['text'] as string | undefined;
  if (
    event.type === 'chat.send' &&
    text?.trim() &&
    before.matches({ link: { online: { open: { login: 'loggedIn' } } } })
  )
    return [{ msgId: MSG_ID.chatSend, body: { text } }];
  return [];
}

/** Checks every step of the socket must pass, whatever its state. */
function socketCommon(o: OracleArgs) {
  const { snapshot: s, fakes, event, previous, history } = o;
  const conns = connections.get(fakes)!;
  const online = s.matches({ link: 'online' });
  // One connection while online, none otherwise (left states clean theirs up).
  expect(conns.live).toHaveLength(online ? 1 : 0);
  // spec §4: status 1 exactly while open.
  expect(s.context.status).toBe(s.matches({ link: { online: 'open' } }) ? 1 : 0);
  // spec §4: close resets the socket, the room, the handlers and the login flag.
  if (!online) expect(s.context).toMatchObject({ loginData: null, loginError: null, room: EMPTY_ROOM });
  expect(s.context.member, 'member').toBe(memberAfter(history));
  expect(s.context.watching, 'watching').toBe(watchingAfter(history));
  if (s.matches({ link: 'idle' })) expect(s.context.attempt).toBe(0);
  // Attempts count the reconnects since the last open.
  if (s.matches({ link: { online: 'open' } })) expect(s.context.attempt).toBe(0);
  if (event.type === AFTER.reconnect)
    expect(s.context.attempt).toBe((previous.context.attempt as number) + 1);
  conns.sockets.forEach(expectLoginOnce);
  // The connection is sent exactly what the step calls for, on the live one.
  const sent = conns.sockets.flatMap((c) => c.sent.splice(0).map((m) => ({ m, live: !c.cleanedUp })));
  expect(
    sent.map((x) => x.m),
    `sent on ${event.type}`,
  ).toEqual(sendsFor(event, previous, history));
  for (const x of sent) expect(x.live).toBe(true);
  // Pushed messages reach the app (issue 5 §2, issue 8 §2): notices, kicks (6001), configuration changes.
  const m = wsMsg(event);
  const pushed = m && previous.matches({ link: 'online' }) ? m : null;
  const expected =
    pushed?.msgId === MSG_ID.notice
      ? [{ name: 'notifyNotice', params: { notice: pushed.body } }]
      : pushed?.msgId === MSG_ID.kick
        ? [{ name: 'notifyKick', params: { kick: pushed.body } }]
        : pushed?.msgId === MSG_ID.siteConfig
          ? [{ name: 'notifySiteConfig', params: undefined }]
          : [];
  expect(o.effects.actions, `announced on ${event.type}`).toEqual(expected);
  expect(o.effects.emitted).toEqual([]);
}

const loginLeaf = (check: (o: OracleArgs) => void) => (o: OracleArgs) => {
  expect(o.snapshot.context.status).toBe(1);
  check(o);
};

const SOCKET_ORACLES: Record<string, (o: OracleArgs) => void> = {
  'visibility.visible': () => {},
  'visibility.hidden': () => {},
  // Hidden 60 s: the socket is let go (a stopped socket started again meanwhile connects: the app never stops it).
  'visibility.asleep': (o) => {
    if (o.event.type === AFTER.hiddenPause) expect(o.snapshot.matches({ link: 'online' })).toBe(false);
  },
  'link.idle': (o) => {
    socketCommon(o);
    expect(o.snapshot.context.status).toBe(0);
  },
  'link.online.connecting': (o) => {
    socketCommon(o);
    expect(o.snapshot.context.status).toBe(0);
  },
  'link.reconnecting': (o) => {
    socketCommon(o);
    expect(o.snapshot.context.attempt).toBeGreaterThanOrEqual(0);
  },
  'link.paused': socketCommon,
  // spec §4: the heartbeat runs while open (the sends are checked by socketCommon).
  'link.online.open.heartbeat.waiting': (o) => expect(o.snapshot.context.status).toBe(1),
  // spec §4: login only with a token: a visitor's socket never fetches a jwt nor logs in.
  'link.online.open.login.anonymous': loginLeaf((o) => {
    socketCommon(o);
    expect(o.snapshot.context.member).toBe(false);
  }),
  'link.online.open.login.fetchingJwt': loginLeaf((o) => {
    socketCommon(o);
    expect(o.snapshot.context.member).toBe(true);
    expect(o.fakes.pendingIds()).toContain(FETCHING);
  }),
  'link.online.open.login.awaitingReply': loginLeaf((o) => {
    socketCommon(o);
    // Only a 10001 reply moves on (spec §4); anything else leaves the login waiting.
    if (o.event.type === 'ws.message') expect(wsMsg(o.event)!.msgId).not.toBe(10001);
  }),
  // spec §4: a 10001 reply provides the login data.
  'link.online.open.login.loggedIn': loginLeaf((o) => {
    socketCommon(o);
    expect(o.snapshot.context.loginData).toMatchObject({ ok: true });
    const replies = o.history.map(wsMsg).filter((m) => m?.msgId === 10001 && m.body.ok === true);
    expect(o.snapshot.context.loginData).toEqual(replies.at(-1)!.body);
  }),
  'link.online.open.login.retrying': loginLeaf((o) => {
    socketCommon(o);
    const refusal = wsMsg(o.event);
    if (
      refusal?.msgId === 10001 &&
      refusal.body.ok === false &&
      o.previous.matches({ link: { online: { open: { login: 'awaitingReply' } } } })
    )
      expect(o.snapshot.context.loginError).toEqual({ code: 10004, message: '登录已失效' });
  }),
};

describeModel(
  'socket',
  graphMachine,
  [{ name: 'tab shown and hidden, connection up and down', input: undefined, events: EVENTS, key }],
  {
    logic: (fakes) => provided(fakes, new Connections()),
    // Four timers overlap here (heartbeat, login retry, reconnect, hidden pause): each graph delay lets time
    // pass for its own timer only. The overlap in real time is tested below.
    timers: 'exclusive',
    delays: {
      heartbeat: SOCKET_HEARTBEAT_MS,
      loginRetry: LOGIN_RETRY_MS,
      hiddenPause: HIDDEN_PAUSE_MS,
      reconnect: (s) => backoff(s.context.attempt as number),
    },
    // The connection's events come from the connection actor.
    deliver: (event, { fakes }) => {
      if (!event.type.startsWith('ws.')) return false;
      connections.get(fakes)!.emit(event);
      return true;
    },
    initial: 'visibility.visible | link.idle',
    transitions: socketNext,
    oracles: SOCKET_ORACLES,
  },
);
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
