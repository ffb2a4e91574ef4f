// The live socket's generated paths on the rendered app (issue 18 §2; spec §4: status 0/1, heartbeat msgId 0 every
// 5 s while open, login once — a member jwt, then msgId 10001 with the token — and close resets; issue 8 §2:
// visitors hold a socket too; beyond the spec: reconnect with backoff, pause while the tab is hidden for long).
// The app's real WebSocket (jsdom's) talks to the reference back end; what travelled on it is recorded here.
import { act, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createMachine, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { AFTER, FETCHING, M, socketModel } from '../machines/socket.model.ts';
import type { MachineModel } from '../support/model-paths.ts';
import type { UiBackend } from '../support/ui-backend.ts';
import { describeUiModel, type UiSeen, type UiStep } from '../support/ui-model.tsx';

/** spec §4 (docs/api.md "Stream"): the message ids that travel here. */
const MSG = { heartbeat: 0, login: 10001, notice: 20001, siteConfig: 20004 } as const;
/** spec §7 (docs/api.md): where the page learns the stream's address; the member jwt for the socket login. */
const STREAM_INFO = /^\/site\/api\/v1\/configuration\/streamInfo$/;
const MEMBER_JWT = /^\/site\/api\/v1\/user\/member\/jwt$/;
/** The demo player the reference back end seeds (server/db/seed.ts). */
const DEMO = { phone: '13800138000', password: 'demo1234' };

/** What the player reads (zh-CN catalogue): the header's login, the member's greeting, the connection's state. */
const TEXT = {
  login: '登录',
  logout: '退出登录',
  phone: '手机号码',
  password: '密码',
  welcome: /您好/,
  online: '实时连接正常',
  connecting: '正在连接…',
  reconnecting: '网络波动，正在重新连接…',
  paused: '页面在后台，实时连接已暂停',
};

// ───────────── the page's WebSocket, recorded (what travelled) ─────────────

interface Frame {
  /** Which WebSocket of the path (0 first). */
  socket: number;
  dir: 'out' | 'in';
  msg: { msgId: number; token?: string; body: Record<string, unknown> };
}
/** Every frame of the path, both ways, in order. */
const frames: Frame[] = [];
/** The page's WebSockets of the path, in order. */
const sockets: RecordingWebSocket[] = [];
/** Login replies (10001) received but not yet handed to the page: a step lets each one through. */
const heldReplies: Array<{ socket: RecordingWebSocket; msg: Frame['msg']; deliver: () => void }> = [];
/** The last login reply (or re-sent login data) handed to the page. */
let delivered: Frame['msg'] | null = null;
/** Where this step's frames begin. */
let stepStart = 0;

const NativeWebSocket = window.WebSocket;
class RecordingWebSocket extends NativeWebSocket {
  readonly index: number;
  private handler: ((e: MessageEvent) => void) | null = null;

  constructor(url: string | URL, protocols?: string | string[]) {
    super(url, protocols);
    this.index = sockets.push(this) - 1;
  }

  override send(data: string): void {
    frames.push({ socket: this.index, dir: 'out', msg: JSON.parse(data) as Frame['msg'] });
    super.send(data);
  }

  override get onmessage(): ((e: MessageEvent) => void) | null {
    return this.handler;
  }

  override set onmessage(handler: ((e: MessageEvent) => void) | null) {
    this.handler = handler;
    super.onmessage = (e: MessageEvent) => {
      const msg = JSON.parse(String(e.data)) as Frame['msg'];
      frames.push({ socket: this.index, dir: 'in', msg });
      // The server's login replies (and re-sent login data) wait for the step that lets them through.
      if (msg.msgId === MSG.login) heldReplies.push({ socket: this, msg, deliver: () => this.handler?.(e) });
      else this.handler?.(e);
    };
  }

  /** The network drops the connection under the page (the test closes it from below, as a lost line does). */
  drop(): void {
    this.close(4000, 'network lost');
  }
}
window.WebSocket = RecordingWebSocket;
globalThis.WebSocket = RecordingWebSocket;

const openSockets = () => sockets.filter((s) => s.readyState === NativeWebSocket.OPEN);
const thisStep = () => frames.slice(stepStart);
const sent = (msgId: number) => thisStep().filter((f) => f.dir === 'out' && f.msg.msgId === msgId);
const got = (msgId: number) => thisStep().filter((f) => f.dir === 'in' && f.msg.msgId === msgId);

// ───────────── the graph on the app ─────────────

/**
 * The app brings its socket up as it starts (issue 8 §2: its entry sends socket.start), and nothing on the app
 * stops it: on the page the socket's graph begins where socket.start leads (online, connecting), the same
 * machine otherwise.
 */
const config = socketModel.machine.config as { states: Record<string, Record<string, unknown>> };
const appSocket = createMachine(
  { ...config, states: { ...config.states, link: { ...config.states['link'], initial: 'online' } } } as never,
  socketModel.machine.implementations as never,
) as unknown as AnyStateMachine;

const msgOf = (e: AnyEventObject) =>
  e.type === 'ws.message' ? (e['msg'] as { msgId: number; body: unknown }) : null;
const at = (s: AnyMachineSnapshot, value: unknown) => s.matches(value as never);

/**
 * Why an event of the model's list is not produced on the app in this state (null: it is). The graph on the
 * app leaves these out (a `cannot` would end a walk before the edges behind it); they are listed when the file
 * runs.
 */
function notOnApp(s: AnyMachineSnapshot, e: AnyEventObject): string | null {
  const visible = at(s, { visibility: 'visible' });
  const m = msgOf(e);
  switch (e.type) {
    case 'socket.start':
    case 'socket.stop':
      return 'the app starts its socket once, as it starts, and never stops it';
    case 'chat.watch':
    case 'chat.send':
    case 'chat.dismissError':
      return 'NOT DRIVEN YET: the live chat (home page with the live video switched on)';
    case 'socket.login':
      if (!visible) return 'a hidden tab takes no input: nobody logs in there';
      return s.context.member ? 'the login page is for visitors: a member does not log in again' : null;
    case 'socket.logout':
      if (!visible) return 'a hidden tab takes no input: nobody logs out there';
      return s.context.member ? null : 'a visitor has no logout';
    // Timers: the graph lets one timer run at a time ('exclusive'); on the app's one clock the others run too.
    // While the tab is hidden only its pause timer is let run; two 5 s timers (heartbeat, login retry) are
    // not raced; the overlaps are the hand-written tests' (socket.machine.test.ts).
    case AFTER.heartbeat:
      if (!visible) return 'time passes while hidden only for the pause';
      return at(s, { link: { online: { open: { login: 'retrying' } } } })
        ? 'the heartbeat and the login retry both run 5 s: not raced here'
        : null;
    case AFTER.loginRetry:
    case AFTER.reconnect:
      return visible ? null : 'time passes while hidden only for the pause';
    case AFTER.hiddenPause:
      if (at(s, { link: 'reconnecting' }))
        return 'the reconnect wait (at most 30 s) ends first on the app clock';
      return at(s, { link: { online: { open: { login: 'retrying' } } } })
        ? 'the login retry (5 s) ends before the pause'
        : null;
  }
  if (!m) return null;
  const open = at(s, { link: { online: 'open' } });
  if (m === M.loginOk)
    return at(s, { link: { online: { open: { login: 'awaitingReply' } } } }) ||
      at(s, { link: { online: { open: { login: 'loggedIn' } } } })
      ? null
      : 'the server sends login data (10001) only to a socket logging in or logged in';
  if (m === M.muted)
    return at(s, { link: { online: { open: { login: 'loggedIn' } } } })
      ? null
      : 'an operator mute reaches logged-in sockets only';
  if (m.msgId === MSG.notice || m.msgId === MSG.siteConfig)
    return open ? null : 'a push needs an open socket';
  if (m.msgId === 10001)
    return 'the reference back end refuses a login only for a bad jwt; the page sends the one it was just given';
  if (m.msgId === 20002)
    return 'nothing on the reference back end changes a balance yet (the wallet is not built)';
  if (m.msgId === 20003)
    return 'a kick (6001) ends the session: the app goes on at once (socket.logout), never the kick alone';
  if (m.msgId === MSG.heartbeat)
    return 'the heartbeat reply comes by itself after every heartbeat, not as a step';
  if (m.msgId >= 30000 && m.msgId < 40000)
    return 'NOT DRIVEN YET: the live chat (home page with the live video switched on)';
  return 'the reference back end never sends this message id';
}

const uiSocketModel: MachineModel = {
  ...socketModel,
  machine: appSocket,
  graphs: socketModel.graphs.map((g) => ({
    ...g,
    name: 'the app’s socket: tab shown and hidden, connection up and down',
    filterEvents: (s: AnyMachineSnapshot, e: AnyEventObject) => notOnApp(s, e) === null,
  })),
  harness: { ...socketModel.harness, initial: 'visibility.visible | link.online.connecting' },
};
console.info(
  'socket on the app: left out of the graph (reasons in notOnApp, tests/ui/socket.ui.test.tsx): socket.start/stop ' +
    '(the app starts its socket once, never stops it); the live chat (chat.watch, chat.send, chat.dismissError, ' +
    '30002-30004: NOT DRIVEN YET); 10001 refused (only for a bad jwt); 20002 balance (no producer yet); 20003 kick ' +
    '(never alone); heartbeat replies (arrive by themselves); unknown ids; state-dependent: login/logout by a hidden ' +
    'tab or twice, login data outside a login, pushes to a socket not open, timers racing on the one app clock',
);

// ───────────── drivers ─────────────

/** Every step begins here: this step's frames are the ones after this point. */
function begin() {
  stepStart = frames.length;
}

/** The player leaves the tab or comes back (the browser's visibilitychange). */
function setVisibility(hidden: boolean) {
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
}
async function visibility(hidden: boolean) {
  begin();
  await act(async () => {
    setVisibility(hidden);
    document.dispatchEvent(new Event('visibilitychange'));
    await Promise.resolve();
  });
}

/** Time passes on the app's clock (the model's delay: the timer the step is about fires). */
async function time(step: UiStep, ms: number) {
  begin();
  await act(async () => {
    step.clock.increment(ms);
    await Promise.resolve();
  });
}

/** A login reply (or re-sent login data) the server sent reaches the page. */
async function deliverReply() {
  await waitFor(
    () =>
      expect(
        heldReplies.some((h) => h.socket.readyState === NativeWebSocket.OPEN),
        'a login reply from the server',
      ).toBe(true),
    { timeout: 5000 },
  );
  const i = heldReplies.findIndex((h) => h.socket.readyState === NativeWebSocket.OPEN);
  if (i < 0) throw new Error('no login reply held on an open socket');
  const { deliver, msg } = heldReplies.splice(i, 1)[0]!;
  delivered = msg;
  await act(async () => {
    deliver();
    await Promise.resolve();
  });
}

/** The player logs in with the login page (the header's 登录, the demo player's phone and password). */
async function logIn({ user, app }: UiStep) {
  begin();
  await user.click(screen.getAllByRole('link', { name: TEXT.login })[0]!);
  const phone = await screen.findByLabelText(TEXT.phone, { selector: 'input' });
  await user.type(phone, DEMO.phone);
  await user.type(screen.getByLabelText(TEXT.password, { selector: 'input' }), DEMO.password);
  await user.click(screen.getByRole('button', { name: TEXT.login }));
  await screen.findByRole('link', { name: TEXT.welcome }, { timeout: 5000 });
  // The greeting shows while the member's info still loads; the session tells the app (and the socket) it is
  // logged in once that is done — and until then 退出登录 does nothing (see the report). Nothing on the page
  // tells the two apart: the session actor says when the login is over.
  await waitFor(() => expect(app.system.get('session')?.getSnapshot().value).toBe('loggedIn'), {
    timeout: 5000,
  });
}

/** The dialogs open over the page (not covered, not leaving), the top one last. */
const openDialogs = () =>
  screen.queryAllByRole('dialog').filter((d) => !d.closest('.modal-backdrop.is-leaving'));

/** The player presses 退出登录 in the header. */
async function logOut({ user, app }: UiStep) {
  begin();
  // issue 19 §1: logging out asks; the dialog's own 退出登录 logs out (the header's button, not a leaving dialog's).
  // A dialog open over the page (a pop-up activity after the login) is closed first, as a player does.
  for (let open = openDialogs(); open.length > 0; open = openDialogs())
    await user.click(within(open.at(-1)!).getAllByRole('button', { name: '关闭' })[0]!);
  const header = document.querySelector<HTMLElement>('header.topbar')!;
  await user.click(within(header).getByRole('button', { name: TEXT.logout }));
  type Open = { key: string; ref: { getSnapshot(): { value: unknown } } };
  const host = app.system.get('modals')!.getSnapshot() as { context: { modals: Open[] } };
  const opened = host.context.modals.some(
    (m) => m.key === 'logout-confirm' && m.ref.getSnapshot().value === 'open',
  );
  let closedByClock = false;
  if (opened) {
    // A pop-up that loads meanwhile covers it: the player closes that one too.
    let ask: HTMLElement | undefined;
    for (let tries = 0; !ask && tries < 20; tries++) {
      const top = openDialogs().at(-1);
      if (top?.querySelector('.modal__title')?.textContent === TEXT.logout) ask = top;
      else if (top) await user.click(within(top).getAllByRole('button', { name: '关闭' })[0]!);
      else await new Promise((r) => setTimeout(r, 50));
    }
    if (ask) await user.click(within(ask).getByRole('button', { name: TEXT.logout }));
    else closedByClock = true;
  }
  // WORKAROUND (the app's clock stands still between steps): a second logout in one path comes within 700 ms of
  // the first on that clock, so the modal host rightly drops the same confirmation again (spec §9 de-dup), and a
  // pop-up closed over the confirmation never finishes leaving (300 ms), so it stays covered — in life both take
  // a moment. Moving the clock would run the socket's own timers the path did not plan, so then the logout goes
  // to the session as the confirmation's 退出登录 sends it (machines/dialogs.ts).
  if (!opened || closedByClock) app.system.get('session')!.send({ type: 'session.logout' });
  await waitFor(() => expect(screen.getAllByRole('link', { name: TEXT.login }).length).toBeGreaterThan(0), {
    timeout: 5000,
  });
}

/** The connection is lost: an open WebSocket drops; a connection still being set up fails to reach the server. */
async function lose({ backend }: UiStep) {
  begin();
  const [open] = openSockets();
  if (open) await act(async () => open.drop());
  else await answerAll(backend, STREAM_INFO, 'fail');
}

/**
 * The back end answers (or the network fails) the held calls of a kind: the live one, and any left by a connection
 * or a login the socket let go meanwhile (their answers reach nobody).
 */
async function answerAll(backend: UiBackend, call: RegExp, how: 'send' | 'fail') {
  await backend.waitForHeld(call);
  while (backend.heldPaths().some((p) => call.test(p)))
    await (how === 'send' ? backend.release(call) : backend.fail(call));
}

/** An operator command whose push the page's socket receives. */
async function push(step: UiStep, msgId: number, ...argv: string[]) {
  begin();
  const before = frames.length;
  await step.backend.ops(...argv);
  await waitFor(
    () => expect(frames.slice(before).some((f) => f.dir === 'in' && f.msg.msgId === msgId)).toBe(true),
    { timeout: 5000 },
  );
}

let published = 0;

// ───────────── what the player sees and what travelled ─────────────

const memberAfter = (history: AnyEventObject[]) =>
  history.filter((e) => e.type === 'socket.login' || e.type === 'socket.logout').at(-1)?.type ===
  'socket.login';

/** The header's connection dot (members only) says the socket's state; visitors see their login link. */
function dot(seen: UiSeen, label: keyof typeof TEXT | null) {
  if (!memberAfter(seen.history)) {
    expect(screen.getAllByRole('link', { name: TEXT.login }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('status', { name: /连接/ })).toBeNull();
    return;
  }
  expect(screen.getByRole('link', { name: TEXT.welcome })).toBeTruthy();
  if (label) expect(screen.getByRole('status', { name: TEXT[label] as string })).toBeTruthy();
}

/** spec §4 heartbeat: sent exactly when the heartbeat's time came (time passing for other timers may beat too). */
function heartbeats(seen: UiSeen) {
  const beats = sent(MSG.heartbeat);
  for (const b of beats) expect(b.msg).toEqual({ msgId: 0, body: {} });
  if (seen.event.type === AFTER.heartbeat) expect(beats).toHaveLength(1);
  else if (!seen.event.type.startsWith('xstate.after.')) expect(beats).toEqual([]);
}

/** spec §4 login once: one 10001 per connection, sent only with the jwt the back end just gave. */
function loginFrames(seen: UiSeen) {
  for (const s of sockets) {
    const logins = frames.filter((f) => f.socket === s.index && f.dir === 'out' && f.msg.msgId === MSG.login);
    expect(logins.length, `logins on socket ${s.index}`).toBeLessThanOrEqual(1);
  }
  if (seen.event.type === `xstate.done.actor.${FETCHING}`) {
    // The jwt the back end gave the login this step (the call went out when the login began).
    const jwtCall = seen.backend.calls.filter((c) => MEMBER_JWT.test(c.url) && c.status === 200).at(-1);
    const jwt = (jwtCall!.answer as { data: { jwt: string } }).data.jwt;
    expect(sent(MSG.login).map((f) => f.msg)).toEqual([{ msgId: 10001, token: jwt, body: {} }]);
  } else expect(sent(MSG.login)).toEqual([]);
  // No other message goes out in these paths (no chat).
  expect(
    thisStep().filter((f) => f.dir === 'out' && f.msg.msgId !== MSG.heartbeat && f.msg.msgId !== MSG.login),
  ).toEqual([]);
}

/** A connection is being set up: the page asked where the stream is (entering), no socket open yet. */
function connecting(seen: UiSeen) {
  const entering = seen.index === 0 || seen.from.split(' | ').every((l) => !l.includes('online.connecting'));
  expect(seen.travelled.filter((c) => STREAM_INFO.test(c.url)).length).toBe(entering ? 1 : 0);
  expect(openSockets()).toEqual([]);
  expect(sent(MSG.heartbeat)).toEqual([]);
  dot(seen, 'connecting');
  loginFrames(seen);
}

/** spec §4 status 1: one open socket, the heartbeat running; pushes of this step arrived. */
function open(seen: UiSeen) {
  expect(openSockets()).toHaveLength(1);
  dot(seen, 'online');
  heartbeats(seen);
  const m = msgOf(seen.event);
  if (m?.msgId === MSG.notice)
    expect(got(MSG.notice).map((f) => f.msg.body['title'])).toContain(`推送公告 ${published}`);
  if (m?.msgId === MSG.siteConfig) expect(got(MSG.siteConfig)).not.toEqual([]);
}

/** The socket has no open connection (lost and waiting, or let go while the tab is hidden): status 0. */
function closed(label: 'reconnecting' | 'paused') {
  return (seen: UiSeen) => {
    expect(openSockets()).toEqual([]);
    // Before the connection went, time passing may have let the heartbeat beat; nothing else goes out.
    const out = thisStep().filter((f) => f.dir === 'out');
    expect(out.filter((f) => f.msg.msgId !== MSG.heartbeat)).toEqual([]);
    if (!seen.event.type.startsWith('xstate.after.')) expect(out).toEqual([]);
    dot(seen, label);
  };
}

const jwtCalls = (seen: UiSeen) => seen.travelled.filter((c) => MEMBER_JWT.test(c.url));

describeUiModel(uiSocketModel, {
  systemId: 'socket',
  liveSocket: true,
  hold: [STREAM_INFO, MEMBER_JWT],
  // Short walks: the server closes a socket that sent no heartbeat for 15 s of real time (spec §9: 3 × 5 s).
  maxWalk: 8,
  boot: {
    'the app’s socket: tab shown and hidden, connection up and down': {
      path: '/',
      backend: async (backend) => {
        frames.length = 0;
        sockets.length = 0;
        heldReplies.length = 0;
        stepStart = 0;
        setVisibility(false);
        await backend.ops('chat', 'unmute', DEMO.phone);
      },
    },
  },
  drive: {
    'page.hidden': () => visibility(true),
    'page.visible': () => visibility(false),
    'socket.login': logIn,
    'socket.logout': logOut,
    // The back end answers where the stream is; the page's WebSocket connects and opens.
    'ws.open': async ({ backend }) => {
      begin();
      await answerAll(backend, STREAM_INFO, 'send');
    },
    'ws.close': lose,
    'ws.message': async (step) => {
      const m = msgOf(step.event)!;
      if (
        m === M.loginOk &&
        step.actor.getSnapshot().matches({ link: { online: { open: { login: 'loggedIn' } } } })
      ) {
        // An operator lets the member speak again: the server re-sends the login data (speechStatus 1).
        begin();
        await step.backend.ops('chat', 'unmute', DEMO.phone);
        return deliverReply();
      }
      if (m === M.loginOk) {
        // The server's reply to the login.
        begin();
        return deliverReply();
      }
      if (m === M.muted) {
        begin();
        await step.backend.ops('chat', 'mute', DEMO.phone);
        return deliverReply();
      }
      if (m.msgId === MSG.notice) {
        published += 1;
        return push(step, MSG.notice, 'notice', 'add', `推送公告 ${published}`, '运营推送', '1');
      }
      if (m.msgId === MSG.siteConfig)
        return push(step, MSG.siteConfig, 'config', 'set', 'globePhoneNumber', '400-820-8820');
      throw new Error(`no way to produce ${JSON.stringify(m)}`);
    },
    [`xstate.done.actor.${FETCHING}`]: async ({ backend }) => {
      begin();
      await answerAll(backend, MEMBER_JWT, 'send');
    },
    [`xstate.error.actor.${FETCHING}`]: async ({ backend }) => {
      begin();
      await answerAll(backend, MEMBER_JWT, 'fail');
    },
    [AFTER.heartbeat]: (step) => time(step, 5_000),
    [AFTER.loginRetry]: (step) => time(step, 5_000),
    [AFTER.hiddenPause]: (step) => time(step, 60_000),
    // The wait before reconnect attempt n: 1 s doubling (jittered into its second half by the app).
    [AFTER.reconnect]: (step) =>
      time(step, Math.min(30_000, 1_000 * 2 ** (step.actor.getSnapshot().context.attempt as number))),
  },
  see: {
    // The tab as the browser says it is.
    'visibility.visible': () => expect(document.visibilityState).toBe('visible'),
    'visibility.hidden': () => expect(document.visibilityState).toBe('hidden'),
    'visibility.asleep': () => expect(document.visibilityState).toBe('hidden'),
    'link.online.connecting': connecting,
    'link.online.open.heartbeat.waiting': open,
    // A visitor's socket (spec §4: login only with a token): no jwt asked, no 10001 sent.
    'link.online.open.login.anonymous': (seen) => {
      expect(jwtCalls(seen)).toEqual([]);
      loginFrames(seen);
    },
    // A member's socket asks the back end for a jwt (with the session's token, spec §6/§7).
    'link.online.open.login.fetchingJwt': (seen) => {
      const entering = !seen.from.includes('fetchingJwt');
      const calls = jwtCalls(seen);
      expect(calls).toHaveLength(entering ? 1 : 0);
      for (const c of calls) expect(c.headers['x-api-token']).toBeTruthy();
      loginFrames(seen);
    },
    // spec §4: the 10001 with the jwt went out; the reply is awaited.
    'link.online.open.login.awaitingReply': loginFrames,
    // spec §4: a 10001 reply gives the login data.
    'link.online.open.login.loggedIn': (seen) => {
      loginFrames(seen);
      const m = msgOf(seen.event);
      if (m?.msgId === MSG.login) {
        const reply = delivered!.body;
        expect(reply['ok']).toBe(true);
        expect(reply['speechStatus']).toBe(m === M.muted ? 0 : 1);
      }
    },
    // No jwt: nothing goes out until the retry.
    'link.online.open.login.retrying': loginFrames,
    'link.reconnecting': closed('reconnecting'),
    'link.paused': closed('paused'),
  },
});
