// The live socket's model (spec §4, §9; issue 5 §2; issue 8 §2): graph, transition rule and per-state oracles,
// shared by its model test (socket.machine.test.ts) and its UI model test (tests/ui/socket.ui.test.tsx).
import { expect } from 'vitest';
import { assign, createMachine, fromCallback } from 'xstate';
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
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
import { socketMachine, type ChatState, type ConnectionCommand } from '../../machines/socket.machine.ts';
import type { Fakes, MachineModel, OracleArgs } from '../support/model-paths.ts';

// Issue 18 §1: every number below is written here, never imported from the code under test.
/** spec §4, §9: heartbeat (msgId 0) every 5 s while open. */
export const SOCKET_HEARTBEAT_MS = 5_000;
/** Product constant (docs/decisions/0011-live-socket.md): reconnect backoff from 1 s, doubling, up to 30 s. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
export const backoff = (attempt: number) => Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
/** Product constant (docs/decisions/0011-live-socket.md): a tab hidden 60 s lets its socket go (asleep). */
export const HIDDEN_PAUSE_MS = 60_000;
/** Product constant (machines/socket.machine.ts, issue 5 §2): a failed socket login is tried again after 5 s. */
export const LOGIN_RETRY_MS = 5_000;
/** Product constant (src/protocol/stream.ts CHAT_HISTORY_SIZE, docs/api.md): chat messages kept on the page. */
export const ROOM_SIZE = 50;
/**
 * Message ids: spec §4, §9 fix 0 (heartbeat) and 10001 (login); the rest are the stream protocol's
 * (docs/api.md "Stream").
 */
export const MSG_ID = {
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

export const FETCHING = '0.socket.link.online.open.login.fetchingJwt';
export const AFTER = {
  heartbeat: 'xstate.after.heartbeat.socket.link.online.open.heartbeat.waiting',
  loginRetry: 'xstate.after.loginRetry.socket.link.online.open.login.retrying',
  reconnect: 'xstate.after.reconnect.socket.link.reconnecting',
  hiddenPause: 'xstate.after.hiddenPause.socket.visibility.hidden',
};

export const JWT: MemberJwt = { jwt: 'jwt-abc', expiresIn: 600 };
export const LOGIN_OK: LoginData = {
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
export const MUTED: LoginData = { ...LOGIN_OK, speechStatus: 0, speechReason: 'muted' };
export const REFUSED: LoginFailure = { ok: false, code: 10004, message: '登录已失效' };
export const chat = (id: number, text = `消息 ${id}`): ChatMessage => ({
  id,
  room: 'live',
  memberId: 7,
  name: 'al***e',
  vipLevel: 3,
  text,
  at: '2025-01-02T03:04:05.000Z',
});
export const CHAT_ERROR: ChatErrorBody = {
  code: 30407,
  reason: 'tooFast',
  message: '发言太快了，请稍后再试',
  retryAfterMs: 1500,
};
export const BALANCE: BalanceChange = {
  balance: 12_345,
  change: 10_000,
  reason: 'deposit',
  at: '2025-01-02T03:04:05.000Z',
};
export const NOTICE: Notice = {
  id: 5,
  category: 1,
  title: '维护通知',
  content: '今晚维护',
  createdAt: '2025-01-02T03:04:05.000Z',
};
export const KICK: KickBody = { code: 6001, message: '您的账号已在别处登录' };

export const msg = <B>(msgId: number, body: B): StreamMessage<B> => ({ msgId, body });
export const M = {
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
export const HEARTBEAT = { msgId: 0, body: {} };
export const LOGIN = { msgId: 10001, token: JWT.jwt, body: {} };
/** spec §4: the chat history is asked for with 30003. */
export const HISTORY_REQUEST = { msgId: 30003, body: {} };

// ───────────── fakes ─────────────

export interface FakeSocket {
  /** What the machine sent on it, not yet checked (the model's check takes them). */
  sent: StreamMessage[];
  /** Logins sent on it and login replies received, in order (spec §4: login once). */
  logins: Array<'login' | 'ok' | 'refused'>;
  cleanedUp: boolean;
  sendBack: (e: AnyEventObject) => void;
}

/** Every WebSocket the machine opened: what it was sent, whether it was closed, and its sendBack. */
export class Connections {
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
export function expectLoginOnce(socket: FakeSocket) {
  socket.logins.forEach((entry, i) => {
    if (entry !== 'login') return;
    const previous = i === 0 ? -1 : socket.logins.lastIndexOf('login', i - 1);
    if (previous < 0) return;
    const firstReply = socket.logins.slice(previous + 1, i).find((x) => x !== 'login');
    expect(firstReply, `login #${i} on one connection: ${socket.logins.join(', ')}`).toBe('refused');
  });
}

export const connections = new WeakMap<Fakes, Connections>();

export function provided(fakes: Fakes, conns: Connections) {
  connections.set(fakes, conns);
  return socketMachine.provide({
    actors: { connection: conns.logic, fetchJwt: fakes.promise<MemberJwt>('fetchJwt') },
    actions: fakes.actions('notifyNotice', 'notifyKick', 'notifySiteConfig'),
  });
}

// ───────────── model ─────────────

export const EVENTS: AnyEventObject[] = [
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
export const key = (s: AnyMachineSnapshot) => ({
  value: s.value,
  attempt: Math.min(s.context.attempt as number, 2),
  member: s.context.member,
  watching: s.context.watching,
});

export const EMPTY_ROOM: ChatState = { messages: [], error: null };

/**
 * The graph's socket: the machine as it is, except that chat.watch's action (which reads `self.getSnapshot()`,
 * something xstate/graph's mock actor scope cannot answer) only records the watching; whether the history is
 * asked for is checked on the real connection by `sendsFor` below.
 */
export const config = socketMachine.config as Record<string, unknown> & { on: Record<string, unknown> };
export const graphMachine = createMachine(
  { ...config, on: { ...config.on, 'chat.watch': { actions: assign({ watching: true }) } } } as never,
  socketMachine.implementations as never,
) as unknown as AnyStateMachine;

// ───────────── the spec's socket, written out (spec §4, §9; docs/decisions/0011, 0014) ─────────────

/** The member flag after the events: the session's last word (socket.login / socket.logout). */
export function memberAfter(history: readonly AnyEventObject[]): boolean {
  const last = history.filter((e) => e.type === 'socket.login' || e.type === 'socket.logout').at(-1);
  return last?.type === 'socket.login';
}
export const watchingAfter = (history: readonly AnyEventObject[]) =>
  history.some((e) => e.type === 'chat.watch');
export const wsMsg = (e: AnyEventObject) =>
  e.type === 'ws.message' ? (e['msg'] as StreamMessage<{ ok?: boolean }>) : null;

/**
 * Where the socket goes (both regions), from spec §4 and the product's decisions: a parallel machine, so a
 * rule instead of a table. Visibility: hidden 60 s → asleep (the link lets go: paused); shown → online again.
 * Link: start/login → connecting; ws.open → open (a member fetches a jwt, a visitor stays anonymous); login once
 * (jwt → 10001 → a 10001 reply: ok logs in, a refusal retries); close → reconnecting; stop → idle.
 */
export function socketNext(o: { event: AnyEventObject; from: string; history: AnyEventObject[] }): string {
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
export function sendsFor(
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
export function socketCommon(o: OracleArgs) {
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

export const loginLeaf = (check: (o: OracleArgs) => void) => (o: OracleArgs) => {
  expect(o.snapshot.context.status).toBe(1);
  check(o);
};

export const SOCKET_ORACLES: Record<string, (o: OracleArgs) => void> = {
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

export const socketModel: MachineModel = {
  title: 'socket',
  machine: graphMachine,
  graphs: [{ name: 'tab shown and hidden, connection up and down', input: undefined, events: EVENTS, key }],
  harness: {
    logic: (fakes) => provided(fakes, new Connections()),
    // Four timers overlap here (heartbeat, login retry, reconnect, hidden pause): each graph delay lets time
    // pass for its own timer only. The overlap in real time is tested by socket.machine.test.ts.
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
};
