import { describe, expect, it } from 'vitest';
import { assign, createActor, createMachine, fromCallback, fromPromise, setup, SimulatedClock } from 'xstate';
import type { AnyActorRef, AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import type {
  AuthResponse,
  LoginRequest,
  MemberInfo,
  MemberJwt,
  SmsSendRequest,
  SmsSendResponse,
} from '../../src/protocol/member.ts';
import {
  appMachine,
  CHILD,
  createAppMachine,
  type AppEffects,
  type AppEmitted,
  type AppInput,
} from '../../machines/app.machine.ts';
import type { AreaEvent } from '../../machines/area.ts';
import type { ApiErrorInfo } from '../../machines/error-catalogue.ts';
import { homeContentMachine, type HomeLoad } from '../../machines/home/home-content.machine.ts';
import { decide, type Access } from '../../machines/navigation-policy.ts';
import { endedHere, loginStatus } from '../../machines/session.machine.ts';
import { gateFacts, type PreInfoResult } from '../../machines/site-gate.machine.ts';
import type { Theme } from '../../machines/theme.machine.ts';
import { depositWarningMachine } from '../../machines/wallet/deposit-warning.machine.ts';
import type { OpenModal } from '../../machines/modal-host.machine.ts';
import type { ConnectionCommand } from '../../machines/socket.machine.ts';
import type { Notice, PopInfo, PreInfo } from '../../src/protocol/site.ts';
import type { StreamMessage } from '../../src/protocol/stream.ts';
import { marqueeFrame } from '../../machines/title-marquee.machine.ts';
import type { ModalSpec } from '../../machines/modal-types.ts';
import {
  deferred,
  describeModel,
  settle,
  type Deferred,
  type Fakes,
  type OracleArgs,
} from '../support/model-paths.ts';
import { DOWN, MOBILE_DOMAIN, OPEN, ORIGIN, preInfo } from './fixtures.ts';

// The root of the system after issue 8 §1: the shell only. It reacts to coded errors (the catalogue), fans out
// browser events, ties the session to the socket, and spawns / stops the areas' actors, broadcasting cross-area
// facts to them. Where the player may be is the navigation policy's (tests/machines/navigation-policy.test.ts);
// here the policy is only fed the live actors' facts, as src/app/root-layout.tsx does.

// Issue 18 §1: the numbers the tests check are the spec's literals, never imported from the code under test.
/** Product constant (docs/architecture.md "siteGate"): pre-info is re-read every 60 s. */
const GATE_POLL_MS = 60_000;
/** Product constant (docs/architecture.md "siteGate"): a failed pre-info load retries after 5 s. */
const GATE_RETRY_MS = 5_000;
/** spec §4, §9: modal leave animation 300 ms. */
const MODAL_LEAVE_MS = 300;
/** spec §9: dialog de-dup 700 ms. */
const MODAL_DEDUP_MS = 700;
/** spec §2, §9: the title marquee steps every 350 ms. */
const MARQUEE_STEP_MS = 350;
/** spec §9: countdown tick 1 s (the SMS button counts down in seconds). */
const SMS_COUNTDOWN_TICK_MS = 1_000;

// spec §8: the restriction page and its two variants, the login page.
const CAVEAT = { type: 'navigate', to: '/other/restrictionIp?name=access-caveat', replace: true };
const ALERT = { type: 'navigate', to: '/other/restrictionIp?name=access-alert', replace: true };
// spec §2: a session error on a guarded page sends the player home.
const HOME = { type: 'navigate', to: '/', replace: true };
const TO_LOGIN = { type: 'navigate', to: '/user/login' };

const business = (code: number, data?: unknown): ApiErrorInfo => ({
  type: 'business',
  code,
  message: `error ${code}`,
  ...(data === undefined ? {} : { data }),
});

const BOOT_TITLE = '棋牌官网';
const INPUT: AppInput = {
  gate: {
    cookiesEnabled: true,
    embedded: null,
    isMobileDevice: false,
    appDownloadMode: false,
    origin: ORIGIN,
    iCode: null,
  },
  theme: { stored: null, query: null },
  title: { title: BOOT_TITLE, hidden: false },
  session: {
    token: null,
    urlToken: null,
    userName: null,
    cachedMember: null,
    rememberLogin: true,
    inviteCodes: {},
  },
  alertSkipped: false,
};
const STORED_TOKEN = 'tok-stored';
const WITH_TOKEN: AppInput = {
  ...INPUT,
  session: { ...INPUT.session, token: STORED_TOKEN, userName: 'alice' },
};

// ───────────── model-based: the root actor's own graph ─────────────

const TITLE_A_OPEN = preInfo({ title: 'Site A', status: 1 });
const TITLE_A_DOWN = preInfo({ title: 'Site A', status: 0 });
const TITLE_B_OPEN = preInfo({ title: 'Site B', status: 1 });

const route = (path: string, search = '') => ({ type: 'route.changed', path, search }) as const;
const LOGIN_REQUEST: LoginRequest = {
  countryCode: '86',
  phone: '13800138000',
  password: 'abc123',
  remember: true,
};
const SMS_REQUEST: SmsSendRequest = { countryCode: '86', phone: '13800138000', purpose: 'register' };
const NOTICE: Notice = { id: 5, category: 1, title: 't', content: 'c', createdAt: '2025-03-02T00:00:00Z' };
/** A WebSocket that never opens. */
const silentConnection = fromCallback<ConnectionCommand>(() => () => {});

/** An area's logic as the graph carries it (its events are serialised into the graph's keys). */
const inertArea = (name: string) =>
  Object.assign(createMachine({ id: name }), { toJSON: () => `<${name} logic>` }) as AnyStateMachine;
const AREA_A = inertArea('a');
const AREA_B = inertArea('b');

/** The gate's pre-info, the restriction codes and the access-alert skip: what the root's title and 6032 read. */
const GATE_EVENTS = [
  { type: 'api.error', error: business(6031) },
  { type: 'api.error', error: business(6033) },
  { type: 'api.error', error: business(6032) },
  { type: 'api.error', error: business(6032, DOWN) },
  { type: 'api.error', error: business(6032, OPEN) },
  { type: 'api.error', error: { type: 'network', code: 6031, message: 'network' } },
  { type: 'gate.preInfo', preInfo: TITLE_A_OPEN },
  { type: 'gate.preInfo', preInfo: TITLE_A_DOWN },
  { type: 'gate.preInfo', preInfo: TITLE_B_OPEN },
  { type: 'alert.skip' },
];

/** What the root coordinates: browser events, the socket's pushes, intents, and the areas it runs. */
const SHELL_EVENTS = [
  { type: 'page.hidden' },
  { type: 'page.visible' },
  { type: 'page.focus', cookieToken: null },
  { type: 'page.focus', cookieToken: 'tok-other-tab' },
  { type: 'app.navigate', to: '/game/chess' },
  { type: 'socket.notice', notice: NOTICE },
  { type: 'socket.siteConfig' },
  route('/'),
];

/** The areas the root runs (broadcasts to them are tested by hand: the graph's model has no children). */
const AREA_EVENTS = [
  { type: 'area.enter', id: 'a', logic: AREA_A, input: { path: '/' } },
  { type: 'area.enter', id: 'b', logic: AREA_B, input: { path: '/' } },
  { type: 'area.leave', id: 'a' },
  { type: 'area.leave', id: 'b' },
];

/** Where the player goes, whether they are logged in, the session codes and their dialog (spec §2, §6, §8). */
const SESSION_EVENTS = [
  route('/'),
  route('/mine/vip'),
  route('/user/login', '?redirect=%2Fmine%2Fvip'),
  route('/sport/V188', '?url=x'),
  { type: 'session.changed', loggedIn: true },
  { type: 'session.changed', loggedIn: false },
  { type: 'api.error', error: business(10102) },
  { type: 'api.error', error: business(6001) },
  { type: 'api.error', error: business(10004) },
  // A kick over the socket is the catalogue's 6001 by another road.
  { type: 'socket.kick', kick: { code: 6001, message: '您的账号已在别处登录' } },
];

/** What the root branches on: the title and maintenance status it knows, the skip flag, the route, the areas. */
const key = (s: AnyMachineSnapshot) => ({
  value: s.value,
  title: s.context.preInfo?.SiteBaseConfigVo.title ?? null,
  status: s.context.preInfo?.maintainConfig.status ?? null,
  alertSkipped: s.context.alertSkipped,
  location: s.context.path + s.context.search,
  areas: s.context.areas,
});

/** Effects for the model replay: loaders never settle, so the children stay quiet and the root is alone. */
function quietEffects(fakes: Fakes): AppEffects {
  const never = <T>() => new Promise<T>(() => {});
  return {
    loadPreInfo: never,
    redirectExternal: () => {},
    applyTheme: () => {},
    persistTheme: () => {},
    renderTitle: () => {},
    persistAlertSkip: fakes.recorder('persistAlertSkip'),
    login: never,
    register: never,
    resetPassword: never,
    fetchMember: never,
    logout: never,
    persistToken: () => {},
    clearToken: fakes.recorder('clearToken'),
    cacheMember: () => {},
    reloadPage: () => {},
    sendSms: never,
    lockScroll: () => {},
    unlockScroll: () => {},
    connection: silentConnection,
    fetchJwt: never,
    jitter: (ms) => ms,
  };
}

/**
 * The graph's app: the machine as it is, except that area.enter / area.leave only keep the list of areas (the
 * real ones spawn with a systemId, which xstate/graph's one shared mock system refuses twice across branches).
 * The replay still runs the real actor and compares its context; the spawning is tested by hand below.
 */
type OnMap = Record<string, { guard?: unknown; actions?: unknown }>;
const appConfig = appMachine.config as unknown as { states: { running: { on: OnMap } } };
/** The list of running areas, as the graph's model keeps it. */
type AreaList = { context: { areas: string[] }; event: AnyEventObject };
const running = appConfig.states.running;
const graphApp = createMachine(
  {
    ...(appMachine.config as object),
    states: {
      ...appConfig.states,
      running: {
        ...running,
        on: {
          ...running.on,
          'area.enter': {
            guard: running.on['area.enter']!.guard,
            actions: assign(({ context, event }: AreaList) => ({
              areas: [...context.areas, event['id'] as string],
            })),
          },
          'area.leave': {
            guard: running.on['area.leave']!.guard,
            actions: assign(({ context, event }: AreaList) => ({
              areas: context.areas.filter((id) => id !== event['id']),
            })),
          },
        },
      },
    },
  } as never,
  appMachine.implementations as never,
) as unknown as AnyStateMachine;

// ───────────── the root's oracle, from the spec ─────────────

/** spec §8: 6001, 10105, 10004, 10104 clear the token; 10102 clears token and cached user. */
const SESSION_ENDING = [6001, 10105, 10004, 10104, 10102];
/** spec §2: a session error for a logged-out user on a page whose path contains one of these sends them home. */
const GUARDED = [
  '/mine',
  'sport/V188?url=',
  'sport/im?url=',
  'sport/ob?url=',
  'gaming/ybdj?url=',
  'gaming/imdj?url=',
  'gaming/lhdj?url=',
  'registerGuide',
];

/** The coded error an event carries: api.error's, or a socket kick's (the server's 6001 by another road). */
function codedError(e: AnyEventObject): ApiErrorInfo | null {
  if (e.type === 'api.error') return e['error'] as ApiErrorInfo;
  if (e.type === 'socket.kick') {
    const kick = e['kick'] as { code: number; message: string };
    return { type: 'business', code: kick.code, message: kick.message };
  }
  return null;
}

/** What the spec says the root emits for an event (spec §2, §8), given what came before. */
function expectedNavigations(o: OracleArgs): AnyEventObject[] {
  const input = o.input as AppInput;
  const before = o.history.slice(0, -1);
  const lastRoute = before.filter((e) => e.type === 'route.changed').at(-1) as
    { path: string; search: string } | undefined;
  const location = lastRoute ? lastRoute.path + lastRoute.search : '/';
  const skipped = input.alertSkipped || before.some((e) => e.type === 'alert.skip');
  const known = before.filter((e) => e.type === 'gate.preInfo').at(-1) as { preInfo: PreInfo } | undefined;
  if (o.event.type === 'app.navigate') return [{ type: 'navigate', to: o.event['to'] }];
  const error = codedError(o.event);
  if (!error || error.type !== 'business') return [];
  const out: AnyEventObject[] = [];
  // spec §8: 6031, 6033 → the restriction page (access-caveat).
  if (error.code === 6031 || error.code === 6033) out.push(CAVEAT);
  // spec §8: 6032 → access-alert, if maintainConfig.status is not 0 and the skip flag is absent.
  if (error.code === 6032) {
    const status =
      (error.data as PreInfo | undefined)?.maintainConfig?.status ??
      known?.preInfo.maintainConfig.status ??
      null;
    if (status !== 0 && !skipped) out.push(ALERT);
  }
  // spec §2: a session error on a guarded page sends the player home.
  if (SESSION_ENDING.includes(error.code as number) && GUARDED.some((part) => location.includes(part)))
    out.push(HOME);
  return out;
}

const openDialogs = (actor: AnyActorRef): ModalSpec[] =>
  (actor.system.get(CHILD.modals).getSnapshot().context.modals as OpenModal[]).map(
    (m) => (m.ref.getSnapshot() as { context: { spec: ModalSpec } }).context.spec,
  );

function appOracle(o: OracleArgs) {
  const input = o.input as AppInput;
  const { context } = o.snapshot;
  // What the root emits: exactly the spec's navigations for this event (never an open redirect).
  expect(o.effects.emitted, `emitted on ${o.event.type}`).toEqual(expectedNavigations(o));
  for (const e of o.effects.emitted) expect((e as AppEmitted).to).toMatch(/^\/(?![/\\])/);
  // What the root remembers: the route, the skip flag (persisted once a skip), the pre-info, the areas.
  const routes = o.history.filter((e) => e.type === 'route.changed') as unknown as Array<{
    path: string;
    search: string;
  }>;
  if (routes.length)
    expect({ path: context.path, search: context.search }).toEqual({
      path: routes.at(-1)!.path,
      search: routes.at(-1)!.search,
    });
  expect(context.alertSkipped).toBe(input.alertSkipped || o.history.some((e) => e.type === 'alert.skip'));
  expect(o.effects.actions.filter((a) => a.name === 'persistAlertSkip')).toHaveLength(
    o.event.type === 'alert.skip' ? 1 : 0,
  );
  const pre = o.history.filter((e) => e.type === 'gate.preInfo').at(-1) as { preInfo: PreInfo } | undefined;
  if (pre) expect(context.preInfo).toBe(pre.preInfo);
  const areas: string[] = [];
  for (const e of o.history) {
    const id = e['id'] as string;
    if (e.type === 'area.enter' && !areas.includes(id)) areas.push(id);
    if (e.type === 'area.leave' && areas.includes(id)) areas.splice(areas.indexOf(id), 1);
  }
  expect(context.areas).toEqual(areas);
  // spec §8: 6001 (also pushed by the socket as a kick) ends the session — the token is cleared — and a
  // confirm dialog shows the server's message, OK going to login; 10102 the same with an alert.
  const error = codedError(o.event);
  if (error?.type === 'business' && SESSION_ENDING.includes(error.code as number)) {
    if (!input.session.token)
      expect(
        o.effects.actions.filter((a) => a.name === 'clearToken'),
        'token cleared',
      ).toHaveLength(1);
  } else expect(o.effects.actions.filter((a) => a.name === 'clearToken')).toEqual([]);
  if (error?.type === 'business' && (error.code === 6001 || error.code === 10102)) {
    const kind = error.code === 6001 ? 'confirm' : 'alert';
    const dialog = openDialogs(o.actor).find(
      (d) => d.kind === kind && d.content.kind === 'text' && d.content.text === error.message,
    );
    expect(dialog, `a ${kind} dialog with the server's message`).toBeDefined();
    expect(dialog!.buttons.at(-1)!.events).toEqual([{ type: 'app.navigate', to: '/user/login' }]);
  }
}

describeModel(
  'app',
  graphApp,
  [
    { name: 'fresh session: pre-info and restriction codes', input: INPUT, events: GATE_EVENTS, key },
    {
      name: 'access alert skipped earlier',
      input: { ...INPUT, alertSkipped: true },
      events: GATE_EVENTS,
      key,
    },
    { name: 'the shell: browser events, pushes and intents', input: INPUT, events: SHELL_EVENTS, key },
    { name: 'areas joining and leaving', input: INPUT, events: AREA_EVENTS, key },
    { name: 'anonymous visitor: routes, login and session codes', input: INPUT, events: SESSION_EVENTS, key },
    { name: 'stored token being restored', input: WITH_TOKEN, events: SESSION_EVENTS, key },
  ],
  {
    logic: (fakes) => createAppMachine(quietEffects(fakes)),
    // The root has one state; what each event must do there is its oracle's to say.
    initial: 'running',
    transitions: {
      running: Object.fromEntries(
        [...GATE_EVENTS, ...SHELL_EVENTS, ...AREA_EVENTS, ...SESSION_EVENTS].map((e) => [e.type, 'running']),
      ),
    },
    oracles: { running: appOracle },
  },
);

// ───────────── the composed system ─────────────

type Authenticated = AuthResponse & { remember: boolean };

/** A call the test answers: what it was asked and the promise it settles. */
interface Call<I, O> {
  input: I;
  answer: Deferred<O>;
}

/** A WebSocket the app opened: what it was sent, whether it was closed, and how it answers. */
interface Socket {
  sent: StreamMessage[];
  closed: boolean;
  sendBack: (event: AnyEventObject) => void;
}

interface Recorded {
  rendered: string[];
  applied: Theme[];
  persistedTheme: Theme[];
  redirects: string[];
  alertSkips: number;
  preInfoLoads: Array<Deferred<PreInfoResult>>;
  logins: Array<Call<LoginRequest, Authenticated>>;
  registrations: Array<Call<unknown, Authenticated>>;
  passwordResets: Array<Call<unknown, void>>;
  memberFetches: Array<Call<string | null, MemberInfo>>;
  logouts: Array<Call<null, void>>;
  smsSends: Array<Call<SmsSendRequest, SmsSendResponse>>;
  persistedTokens: Array<{ token: string; remember: boolean; userName: string }>;
  tokenClears: number;
  cachedMembers: MemberInfo[];
  reloads: number;
  /** Locks minus unlocks of page scrolling. */
  scrollLocks: number;
  /** WebSocket connections opened and closed, and each one. */
  sockets: { open: number; closed: number; list: Socket[] };
  jwtFetches: Array<Call<null, MemberJwt>>;
}

const MEMBER: MemberInfo = {
  userId: 7,
  userName: 'alice',
  phone: '(86)13800138000',
  countryCode: '86',
  vipLevel: 1,
  inviteCode: 'ABCD1234',
  registeredAt: '2025-01-02T03:04:05.000Z',
};
const AUTH: Authenticated = { token: 'tok-login', expiresAt: null, userName: 'alice', remember: true };
const JWT: MemberJwt = { jwt: 'jwt-abc', expiresIn: 600 };

type StartOptions = Partial<Omit<AppInput, 'gate' | 'session'>> & {
  gate?: Partial<AppInput['gate']>;
  session?: Partial<AppInput['session']>;
};

async function startApp(over: StartOptions = {}) {
  const rec: Recorded = {
    rendered: [],
    applied: [],
    persistedTheme: [],
    redirects: [],
    alertSkips: 0,
    preInfoLoads: [],
    logins: [],
    registrations: [],
    passwordResets: [],
    memberFetches: [],
    logouts: [],
    smsSends: [],
    persistedTokens: [],
    tokenClears: 0,
    cachedMembers: [],
    reloads: 0,
    scrollLocks: 0,
    sockets: { open: 0, closed: 0, list: [] },
    jwtFetches: [],
  };
  const pending = <I, O>(calls: Array<Call<I, O>>, input: I) => {
    const answer = deferred<O>();
    calls.push({ input, answer });
    return answer.promise;
  };
  const fx: AppEffects = {
    loadPreInfo: () => {
      const d = deferred<PreInfoResult>();
      rec.preInfoLoads.push(d);
      return d.promise;
    },
    redirectExternal: (url) => void rec.redirects.push(url),
    applyTheme: (t) => void rec.applied.push(t),
    persistTheme: (t) => void rec.persistedTheme.push(t),
    renderTitle: (text) => void rec.rendered.push(text),
    persistAlertSkip: () => void rec.alertSkips++,
    login: (request) => pending(rec.logins, request),
    register: (request) => pending(rec.registrations, request),
    resetPassword: (request) => pending(rec.passwordResets, request),
    fetchMember: (userName) => pending(rec.memberFetches, userName),
    logout: () => pending(rec.logouts, null),
    persistToken: (token, remember, userName) => void rec.persistedTokens.push({ token, remember, userName }),
    clearToken: () => void rec.tokenClears++,
    cacheMember: (member) => void rec.cachedMembers.push(member),
    reloadPage: () => void rec.reloads++,
    sendSms: (request) => pending(rec.smsSends, request),
    lockScroll: () => void rec.scrollLocks++,
    unlockScroll: () => void rec.scrollLocks--,
    connection: fromCallback<ConnectionCommand>(({ receive, sendBack }) => {
      const socket: Socket = { sent: [], closed: false, sendBack };
      rec.sockets.open++;
      rec.sockets.list.push(socket);
      receive((command) => void socket.sent.push(command.msg));
      return () => {
        socket.closed = true;
        rec.sockets.closed++;
      };
    }),
    fetchJwt: () => pending(rec.jwtFetches, null),
    jitter: (ms) => ms,
  };
  const clock = new SimulatedClock();
  const input: AppInput = {
    ...INPUT,
    ...over,
    gate: { ...INPUT.gate, ...over.gate },
    session: { ...INPUT.session, ...over.session },
  };
  const actor = createActor(createAppMachine(fx), { input, clock });
  const navigations: unknown[] = [];
  actor.on('navigate', (e) => void navigations.push(e));
  // issue 8 §2: the gate emits nothing any more; anything it emitted would land here.
  const gateEmitted: unknown[] = [];
  (actor.getSnapshot().children.siteGate as AnyActorRef).on('*', (e: unknown) => void gateEmitted.push(e));
  actor.start();
  await settle();
  /** Settles the latest pre-info load. */
  const gateLoads = async (info: typeof OPEN, alert = false) => {
    rec.preInfoLoads.at(-1)!.resolve({ preInfo: info, alert });
    await settle();
  };
  /** Settles a pending call (the latest by default) and lets the system react. */
  const answer = async <I, O>(calls: Array<Call<I, O>>, output: O) => {
    calls.at(-1)!.answer.resolve(output);
    await settle();
  };
  const refuse = async <I, O>(calls: Array<Call<I, O>>, error: unknown) => {
    calls.at(-1)!.answer.reject(error);
    await settle();
  };
  /** A shell child, by its systemId (as views reach it, src/app/system.ts). */
  const sys = (id: string) => actor.system.get(id) as AnyActorRef;
  const child = (id: keyof typeof CHILD) =>
    (actor.getSnapshot().children[id] as AnyActorRef).getSnapshot() as AnyMachineSnapshot;
  const context = () => actor.getSnapshot().context;
  /** The dialogs on screen, bottom first (the modal host's stack). */
  const modals = () => child(CHILD.modals).context.modals as OpenModal[];
  /** The top dialog's spec and footer buttons, as the view renders them. */
  const topDialog = () => {
    const top = modals().at(-1);
    return top ? top.ref.getSnapshot().context : null;
  };
  /** The player clicks a footer button of the top dialog. */
  const click = async (index: number) => {
    topDialog()!.buttonRefs[index]!.send({ type: 'button.click' });
    await settle();
  };
  /** The leave animation ends. */
  const leave = async () => {
    clock.increment(MODAL_LEAVE_MS);
    await settle();
  };
  /** The live WebSocket (the last one opened) answers. */
  const socket = () => rec.sockets.list.at(-1)!;
  const fromServer = async (event: AnyEventObject) => {
    socket().sendBack(event);
    await settle();
  };
  /** What root-layout.tsx feeds the navigation policy, read from the running actors. */
  const policy = (access: Access, path: string, search = '', onlyWhen?: 'maintenance' | 'restricted') =>
    decide({
      access,
      onlyWhen,
      path,
      search,
      login: loginStatus(child(CHILD.session) as never),
      endedHere: endedHere(child(CHILD.session) as never),
      gate: gateFacts(child(CHILD.siteGate) as never, context().alertSkipped),
    });
  return {
    actor,
    clock,
    rec,
    navigations,
    gateEmitted,
    gateLoads,
    answer,
    refuse,
    sys,
    child,
    context,
    modals,
    topDialog,
    click,
    leave,
    socket,
    fromServer,
    policy,
  };
}

/** The app with a stored token the server confirmed: the session child is logged in. */
async function startLoggedIn(over: StartOptions = {}) {
  const app = await startApp({
    ...over,
    session: { ...WITH_TOKEN.session, ...over.session },
  });
  await app.answer(app.rec.memberFetches, MEMBER);
  expect(app.child(CHILD.session).value).toBe('loggedIn');
  return app;
}

describe('app: coded API errors (spec §8)', () => {
  it.each([6031, 6033])(
    '%i goes to the restriction page (access-caveat) and restricts the gate',
    async (code) => {
      const { actor, navigations, gateLoads, child, policy } = await startApp();
      await gateLoads(OPEN);
      actor.send({ type: 'api.error', error: business(code) });
      expect(navigations).toEqual([CAVEAT]);
      // issue 8 §2: the gate holds the restriction, so the caveat page stays while it lasts.
      expect(child(CHILD.siteGate).value).toBe('restricted');
      expect(policy('public', '/other/restrictionIp', '?name=access-caveat', 'restricted')).toEqual({
        kind: 'render',
      });
    },
  );

  it('6032 goes to the access alert when the maintain status is unknown', async () => {
    const { actor, navigations } = await startApp();
    actor.send({ type: 'api.error', error: business(6032) });
    expect(navigations).toEqual([ALERT]);
  });

  it("6032 uses the gate's pre-info status when the error carries none", async () => {
    const open = await startApp();
    await open.gateLoads(OPEN);
    open.actor.send({ type: 'api.error', error: business(6032) });
    expect(open.navigations).toEqual([ALERT]);

    const down = await startApp();
    await down.gateLoads(DOWN);
    expect(down.actor.getSnapshot().context.preInfo).toEqual(DOWN);
    down.actor.send({ type: 'api.error', error: business(6032) });
    expect(down.navigations).toEqual([]);
    // spec §4: maintained, every page goes to the maintenance page (the policy, not the gate, says so).
    expect(down.gateEmitted).toEqual([]);
    expect(down.policy('public', '/game/chess')).toEqual({ kind: 'redirect', to: '/other/maintenance' });
  });

  it("6032 prefers the status in the error's own data over the gate's", async () => {
    const downGate = await startApp();
    await downGate.gateLoads(DOWN);
    downGate.actor.send({ type: 'api.error', error: business(6032, OPEN) });
    expect(downGate.navigations).toEqual([ALERT]);

    const openGate = await startApp();
    await openGate.gateLoads(OPEN);
    openGate.actor.send({ type: 'api.error', error: business(6032, DOWN) });
    expect(openGate.navigations).toEqual([]);
  });

  it('alert.skip persists the flag (no navigation of its own); later 6032 is ignored', async () => {
    const { actor, rec, navigations, gateLoads, policy } = await startApp();
    await gateLoads(OPEN, true);
    expect(policy('public', '/other/restrictionIp', '?name=access-alert', 'restricted')).toEqual({
      kind: 'render',
    });
    actor.send({ type: 'alert.skip' });
    expect(rec.alertSkips).toBe(1);
    expect(navigations).toEqual([]);
    expect(actor.getSnapshot().context.alertSkipped).toBe(true);
    // The policy then sends the player from the alert page home (issue 8 §2).
    expect(policy('public', '/other/restrictionIp', '?name=access-alert', 'restricted')).toEqual({
      kind: 'redirect',
      to: '/',
    });
    actor.send({ type: 'api.error', error: business(6032) });
    expect(navigations).toEqual([]);
    // The skip flag does not cover the caveat.
    actor.send({ type: 'api.error', error: business(6031) });
    expect(navigations).toEqual([CAVEAT]);
  });

  // Found by this test (fixed): the 6032 row only navigated and the gate learnt of alerts from pre-info loads
  // alone, so the policy sent the player from the alert page straight home (spec §8).
  it('6032 on a call (not pre-info) keeps the player on the access alert until they skip it', async () => {
    const { actor, navigations, gateLoads, policy } = await startApp();
    await gateLoads(OPEN);
    actor.send({ type: 'api.error', error: business(6032) });
    expect(navigations).toEqual([ALERT]);
    expect(policy('public', '/other/restrictionIp', '?name=access-alert', 'restricted')).toEqual({
      kind: 'render',
    });
  });

  it('a skip flag kept from earlier in the session silences 6032', async () => {
    const { actor, navigations } = await startApp({ alertSkipped: true });
    actor.send({ type: 'api.error', error: business(6032) });
    expect(navigations).toEqual([]);
  });

  it.each([
    ['10004 on the home page', business(10004)],
    ['6013', business(6013)],
    ['a network error with code 6031', { type: 'network', code: 6031, message: 'x' } satisfies ApiErrorInfo],
    ['a transport error', { type: 'transport', code: 0, message: 'timeout' } satisfies ApiErrorInfo],
  ])('%s emits nothing', async (_, error) => {
    const { actor, navigations, gateEmitted, child } = await startApp();
    actor.send({ type: 'api.error', error });
    expect(navigations).toEqual([]);
    expect(gateEmitted).toEqual([]);
    expect(child(CHILD.siteGate).value).toBe('loading');
    expect(child(CHILD.modals).context.modals).toEqual([]);
  });
});

describe('app: the shell’s children', () => {
  it('boots every child: gate loading, theme applied, title rendered, session, sms, a visitor’s socket', async () => {
    const { rec, child, sys } = await startApp({ theme: { stored: 'space', query: null } });
    expect(child(CHILD.session).value).toBe('anonymous');
    expect(child(CHILD.smsCode).value).toBe('idle');
    expect(child(CHILD.siteGate).value).toBe('loading');
    expect(rec.preInfoLoads).toHaveLength(1);
    expect(rec.applied).toEqual(['space']);
    expect(rec.persistedTheme).toEqual([]);
    expect(rec.rendered).toEqual([BOOT_TITLE]);
    // Every shell child is reachable by its systemId (views send to it directly).
    for (const id of Object.values(CHILD)) expect(sys(id)).toBeDefined();
    // issue 8 §2: visitors hold a socket too.
    expect(rec.sockets.open).toBe(1);
  });

  it('gate pre-info with a new title re-titles the tab; the same title again does not', async () => {
    const { actor, clock, rec, gateLoads } = await startApp();
    const next = preInfo({ title: '新的站点标题' });
    await gateLoads(next);
    expect(actor.getSnapshot().context.preInfo).toEqual(next);
    expect(rec.rendered).toEqual([BOOT_TITLE, '新的站点标题']);
    clock.increment(GATE_POLL_MS);
    await gateLoads(next);
    expect(rec.preInfoLoads).toHaveLength(2);
    expect(rec.rendered).toEqual([BOOT_TITLE, '新的站点标题']);
  });

  it('a wide pre-info title scrolls in the tab on the shared clock', async () => {
    const { clock, rec, gateLoads } = await startApp();
    const wide = '棋牌游戏官方网站欢迎您光临本';
    await gateLoads(preInfo({ title: wide }));
    expect(rec.rendered.at(-1)).toBe(marqueeFrame(wide, 0));
    clock.increment(MARQUEE_STEP_MS);
    clock.increment(MARQUEE_STEP_MS);
    expect(rec.rendered.slice(-3)).toEqual([0, 1, 2].map((i) => marqueeFrame(wide, i)));
  });

  it('page.hidden and page.visible reach the marquee and the socket', async () => {
    const wide = '棋牌游戏官方网站欢迎您光临本';
    const { actor, clock, rec, child } = await startApp({ title: { title: wide, hidden: false } });
    expect(child(CHILD.titleMarquee).value).toEqual({ scrolling: 'running' });
    actor.send({ type: 'page.hidden' });
    expect(child(CHILD.titleMarquee).value).toEqual({ scrolling: 'paused' });
    expect(child(CHILD.socket).value).toMatchObject({ visibility: 'hidden' });
    expect(rec.rendered.at(-1)).toBe(wide);
    const count = rec.rendered.length;
    clock.increment(MARQUEE_STEP_MS);
    expect(rec.rendered).toHaveLength(count);
    actor.send({ type: 'page.visible' });
    expect(child(CHILD.titleMarquee).value).toEqual({ scrolling: 'running' });
    expect(child(CHILD.socket).value).toMatchObject({ visibility: 'visible' });
    expect(rec.rendered.at(-1)).toBe(marqueeFrame(wide, 0));
  });

  it('embedded maintenance pre-info: the gate is maintained at boot and the root knows the pre-info', async () => {
    const { actor, rec, gateEmitted, child, policy } = await startApp({ gate: { embedded: DOWN } });
    expect(child(CHILD.siteGate).value).toBe('maintenance');
    expect(gateEmitted).toEqual([]);
    expect(actor.getSnapshot().context.preInfo).toEqual(DOWN);
    expect(rec.preInfoLoads).toEqual([]);
    expect(policy('public', '/')).toEqual({ kind: 'redirect', to: '/other/maintenance' });
  });

  it('page.focus reaches the gate (a re-check)', async () => {
    const { actor, rec, gateLoads, child } = await startApp();
    await gateLoads(OPEN);
    expect(child(CHILD.siteGate).value).toBe('open');
    actor.send({ type: 'page.focus', cookieToken: null });
    expect(child(CHILD.siteGate).value).toBe('refreshing');
    expect(rec.preInfoLoads).toHaveLength(2);
  });

  it('maintenance ending on focus: the gate is open again (the policy sends the player home)', async () => {
    const { actor, gateLoads, gateEmitted, navigations, policy } = await startApp();
    await gateLoads(DOWN);
    expect(policy('public', '/other/maintenance', '', 'maintenance')).toEqual({ kind: 'render' });
    actor.send({ type: 'page.focus', cookieToken: null });
    await gateLoads(OPEN);
    expect(gateEmitted).toEqual([]);
    expect(navigations).toEqual([]);
    expect(policy('public', '/other/maintenance', '', 'maintenance')).toEqual({ kind: 'redirect', to: '/' });
  });

  it('socket.siteConfig makes the gate re-read pre-info (issue 8 §2)', async () => {
    const { actor, rec, gateLoads, child } = await startApp();
    await gateLoads(OPEN);
    actor.send({ type: 'socket.siteConfig' });
    expect(child(CHILD.siteGate).value).toBe('refreshing');
    expect(rec.preInfoLoads).toHaveLength(2);
    await gateLoads(DOWN);
    expect(child(CHILD.siteGate).value).toBe('maintenance');
  });

  it('a 20004 push on a visitor’s socket reaches the gate through the root', async () => {
    const { rec, gateLoads, child, fromServer } = await startApp();
    await gateLoads(OPEN);
    await fromServer({ type: 'ws.open' });
    await fromServer({ type: 'ws.message', msg: { msgId: 20004, body: {} } });
    expect(child(CHILD.siteGate).value).toBe('refreshing');
    expect(rec.preInfoLoads).toHaveLength(2);
  });

  it('gate.retry sent to the gate (systemId siteGate) retries a failed load at once', async () => {
    const { clock, rec, child, sys } = await startApp();
    rec.preInfoLoads[0]!.reject(new Error('offline'));
    await settle();
    expect(child(CHILD.siteGate).value).toBe('failed');
    sys(CHILD.siteGate).send({ type: 'gate.retry' });
    expect(child(CHILD.siteGate).value).toBe('loading');
    expect(rec.preInfoLoads).toHaveLength(2);
    clock.increment(GATE_RETRY_MS);
    expect(rec.preInfoLoads).toHaveLength(2);
  });

  it('a mobile visitor is redirected to the site domain keeping i_code', async () => {
    const { rec, gateLoads, child } = await startApp({ gate: { isMobileDevice: true, iCode: 'AB12' } });
    await gateLoads(preInfo({ siteDomainUrl: MOBILE_DOMAIN }));
    expect(rec.redirects).toEqual([`https://${MOBILE_DOMAIN}/?i_code=AB12`]);
    expect(child(CHILD.siteGate).value).toBe('redirecting');
    expect(child(CHILD.siteGate).status).toBe('active');
  });

  it('with cookies disabled the gate stops and the app keeps running', async () => {
    const { actor, rec, child, navigations } = await startApp({ gate: { cookiesEnabled: false } });
    expect(child(CHILD.siteGate).value).toBe('cookiesBlocked');
    expect(rec.preInfoLoads).toEqual([]);
    actor.send({ type: 'page.focus', cookieToken: null });
    actor.send(route('/game/chess'));
    actor.send({ type: 'api.error', error: business(6031) });
    expect(actor.getSnapshot().status).toBe('active');
    expect(rec.preInfoLoads).toEqual([]);
    expect(navigations).toEqual([CAVEAT]);
  });

  it('theme.select sent to the theme (systemId theme) applies and persists it', async () => {
    const { rec, sys } = await startApp();
    sys(CHILD.theme).send({ type: 'theme.select', theme: 'space' });
    expect(rec.applied).toEqual(['default', 'space']);
    expect(rec.persistedTheme).toEqual(['space']);
  });

  it('app.navigate (a modal button or an area) is emitted as a navigation intent', async () => {
    const { actor, navigations } = await startApp();
    actor.send({ type: 'app.navigate', to: '/game/chess' });
    expect(navigations).toEqual([{ type: 'navigate', to: '/game/chess' }]);
  });

  it('route.changed tells the session the page (a one-off notice and the last error belong to a page)', async () => {
    const { actor, child } = await startApp();
    actor.send(route('/mine/vip', '?tab=1'));
    expect(actor.getSnapshot().context).toMatchObject({ path: '/mine/vip', search: '?tab=1' });
    expect(child(CHILD.session).context.path).toBe('/mine/vip');
  });
});

describe('app: session codes (spec §8)', () => {
  it('10102 ends the session (clearToken) and alerts with the server message; OK goes to the login page', async () => {
    const { actor, rec, navigations, child, modals, topDialog, click, leave } = await startLoggedIn();
    actor.send({ type: 'api.error', error: { ...business(10102), message: '设备已被禁用' } });
    expect(rec.tokenClears).toBe(1);
    expect(child(CHILD.session).value).toBe('anonymous');
    expect(child(CHILD.session).context).toMatchObject({ token: null, member: null, userName: null });
    // One alert: the server's message and a lone OK that goes to the login page.
    expect(modals()).toHaveLength(1);
    const dialog = topDialog()!;
    expect(dialog.spec).toMatchObject({ kind: 'alert', content: { kind: 'text', text: '设备已被禁用' } });
    expect(dialog.buttons).toHaveLength(1);
    expect(dialog.buttons[0]!.events).toEqual([{ type: 'app.navigate', to: '/user/login' }]);
    expect(rec.scrollLocks).toBe(1);
    expect(navigations).toEqual([]);
    await click(0);
    expect(navigations).toEqual([TO_LOGIN]);
    await leave();
    expect(modals()).toEqual([]);
    expect(rec.scrollLocks).toBe(0);
  });

  it('6001 ends the session, clears the socket store (its login) and asks to confirm; cancel stays', async () => {
    const { actor, rec, navigations, child, topDialog, click, leave, modals, fromServer, answer, socket } =
      await startLoggedIn();
    // The member's socket logs in (spec §4: jwt, then 10001).
    await fromServer({ type: 'ws.open' });
    await answer(rec.jwtFetches, JWT);
    expect(socket().sent).toContainEqual({ msgId: 10001, token: JWT.jwt, body: {} });
    await fromServer({ type: 'ws.message', msg: { msgId: 10001, body: { ok: true } } });
    expect(child(CHILD.socket).context.member).toBe(true);
    expect(child(CHILD.socket).value).toMatchObject({ link: { online: { open: { login: 'loggedIn' } } } });
    const first = socket();

    actor.send({ type: 'api.error', error: business(6001) });
    expect(rec.tokenClears).toBe(1);
    expect(child(CHILD.session).value).toBe('anonymous');
    // spec §8 6001: the socket store is cleared: the member's connection is let go, its login forgotten.
    expect(first.closed).toBe(true);
    expect(child(CHILD.socket).context).toMatchObject({ member: false, loginData: null, status: 0 });
    const dialog = topDialog()!;
    expect(dialog.spec).toMatchObject({ kind: 'confirm', content: { kind: 'text', text: 'error 6001' } });
    expect(dialog.buttons.map((b) => b.events ?? [])).toEqual([
      [],
      [{ type: 'app.navigate', to: '/user/login' }],
    ]);
    await click(0);
    await leave();
    expect(modals()).toEqual([]);
    expect(navigations).toEqual([]);
  });

  it('6001 dismissed with the close icon stays on the page', async () => {
    const { actor, navigations, modals, leave, sys } = await startLoggedIn();
    actor.send({ type: 'api.error', error: business(6001) });
    sys(CHILD.modals).send({ type: 'modal.close', id: modals()[0]!.id });
    await leave();
    expect(modals()).toEqual([]);
    expect(navigations).toEqual([]);
  });

  it('6001 confirmed goes to the login page', async () => {
    const { actor, navigations, click } = await startLoggedIn();
    actor.send({ type: 'api.error', error: business(6001) });
    await click(1);
    expect(navigations).toEqual([TO_LOGIN]);
  });

  it('a kick over the socket reacts as 6001', async () => {
    const { actor, rec, child, topDialog } = await startLoggedIn();
    actor.send({ type: 'socket.kick', kick: { code: 6001, message: '您的账号已在别处登录' } });
    expect(rec.tokenClears).toBe(1);
    expect(child(CHILD.session).value).toBe('anonymous');
    expect(topDialog()!.spec).toMatchObject({ kind: 'confirm', content: { text: '您的账号已在别处登录' } });
  });

  it('a session code while anonymous still clears what the device holds, without a dialog', async () => {
    const { actor, rec, modals } = await startApp();
    actor.send({ type: 'api.error', error: business(10104) });
    expect(rec.tokenClears).toBe(1);
    expect(modals()).toEqual([]);
  });

  it('10004 on /mine/finance/wallet sends the player home', async () => {
    const { actor, rec, navigations, child, policy } = await startLoggedIn();
    actor.send(route('/mine/finance/wallet'));
    expect(navigations).toEqual([]);
    actor.send({ type: 'api.error', error: business(10004) });
    expect(rec.tokenClears).toBe(1);
    expect(loginStatus(child(CHILD.session) as never)).toBe('anonymous');
    expect(navigations).toEqual([HOME]);
    // The policy agrees: the session ended on this member page (spec §2), not a login redirect.
    expect(policy('member', '/mine/finance/wallet')).toEqual({ kind: 'redirect', to: '/' });
  });

  it('10004 on /sport/V188?url=x (a venue page, spec §2) sends the player home', async () => {
    const { actor, navigations } = await startLoggedIn();
    actor.send(route('/sport/V188', '?url=x'));
    actor.send({ type: 'api.error', error: business(10004) });
    expect(navigations).toEqual([HOME]);
  });

  it('10004 on /sport/V188 without its url= query stays', async () => {
    const { actor, navigations } = await startLoggedIn();
    actor.send(route('/sport/V188'));
    actor.send({ type: 'api.error', error: business(10004) });
    expect(navigations).toEqual([]);
  });

  it('10004 on /game/chess ends the session and stays on the page', async () => {
    const { actor, rec, navigations, child, policy } = await startLoggedIn();
    actor.send(route('/game/chess'));
    actor.send({ type: 'api.error', error: business(10004) });
    expect(rec.tokenClears).toBe(1);
    expect(child(CHILD.session).value).toBe('anonymous');
    expect(navigations).toEqual([]);
    expect(policy('public', '/game/chess')).toEqual({ kind: 'render' });
  });

  it('10102 on a member page alerts and goes home; OK then goes to the login page', async () => {
    const { actor, navigations, topDialog, click } = await startLoggedIn();
    actor.send(route('/mine/vip'));
    actor.send({ type: 'api.error', error: business(10102) });
    expect(topDialog()!.spec.kind).toBe('alert');
    expect(navigations).toEqual([HOME]);
    await click(0);
    expect(navigations).toEqual([HOME, TO_LOGIN]);
  });
});

describe('app: member areas and the login redirect, as the policy sees the running app (spec §6)', () => {
  it('a member page while anonymous asks for a login and comes back to it', async () => {
    const { actor, navigations, policy } = await startApp();
    actor.send(route('/mine/vip'));
    // The root no longer navigates: root-layout.tsx asks the policy before the page renders.
    expect(navigations).toEqual([]);
    expect(policy('member', '/mine/vip')).toEqual({
      kind: 'redirect',
      to: '/user/login?redirect=%2Fmine%2Fvip',
    });
  });

  it('a member page with a stored token waits for the restore; a refused token then goes home', async () => {
    const { actor, rec, refuse, child, policy } = await startApp({
      session: { token: STORED_TOKEN, userName: 'alice' },
    });
    actor.send(route('/mine/vip'));
    expect(policy('member', '/mine/vip')).toEqual({ kind: 'wait' });
    await refuse(rec.memberFetches, Object.assign(new Error('expired'), { code: 10004 }));
    expect(rec.tokenClears).toBe(1);
    expect(loginStatus(child(CHILD.session) as never)).toBe('anonymous');
    expect(policy('member', '/mine/vip')).toEqual({ kind: 'redirect', to: '/' });
  });

  it('a URL token is being restored from the start: a member page waits, it does not ask for a login', async () => {
    const { actor, policy, rec } = await startApp({ session: { urlToken: 'tok-url' } });
    expect(rec.memberFetches.map((c) => c.input)).toEqual([null]);
    actor.send(route('/mine/vip'));
    expect(policy('member', '/mine/vip')).toEqual({ kind: 'wait' });
  });

  it('after a login on /user/login?redirect=%2Fmine%2Fvip the player goes back to /mine/vip', async () => {
    const { actor, rec, answer, sys, child, policy } = await startApp();
    actor.send(route('/user/login', '?redirect=%2Fmine%2Fvip'));
    expect(policy('guestOnly', '/user/login', '?redirect=%2Fmine%2Fvip')).toEqual({ kind: 'render' });
    sys(CHILD.session).send({ type: 'session.login', request: LOGIN_REQUEST });
    expect(child(CHILD.session).value).toBe('loggingIn');
    expect(rec.logins.map((c) => c.input)).toEqual([LOGIN_REQUEST]);
    await answer(rec.logins, AUTH);
    expect(rec.persistedTokens).toEqual([{ token: 'tok-login', remember: true, userName: 'alice' }]);
    expect(rec.memberFetches.map((c) => c.input)).toEqual(['alice']);
    await answer(rec.memberFetches, MEMBER);
    expect(rec.cachedMembers).toEqual([MEMBER]);
    expect(policy('guestOnly', '/user/login', '?redirect=%2Fmine%2Fvip')).toEqual({
      kind: 'redirect',
      to: '/mine/vip',
    });
    expect(policy('member', '/mine/vip')).toEqual({ kind: 'render' });
  });

  it('logging out on a member page goes home, even when the server call fails', async () => {
    const { actor, rec, refuse, child, sys, policy } = await startLoggedIn();
    actor.send(route('/mine/vip'));
    sys(CHILD.session).send({ type: 'session.logout' });
    expect(child(CHILD.session).value).toBe('loggingOut');
    expect(rec.logouts).toHaveLength(1);
    await refuse(rec.logouts, new Error('offline'));
    expect(rec.tokenClears).toBe(1);
    expect(policy('member', '/mine/vip')).toEqual({ kind: 'redirect', to: '/' });
  });

  it('logging out elsewhere stays on the page', async () => {
    const { actor, rec, answer, sys, policy } = await startLoggedIn();
    actor.send(route('/game/chess'));
    sys(CHILD.session).send({ type: 'session.logout' });
    await answer(rec.logouts, undefined);
    expect(policy('public', '/game/chess')).toEqual({ kind: 'render' });
  });
});

describe('app: session, SMS and socket (views send to the child, src/app/system.ts)', () => {
  it('page.focus reaches the session: the same token does nothing, another tab’s token reloads', async () => {
    const { actor, rec } = await startLoggedIn();
    actor.send({ type: 'page.focus', cookieToken: STORED_TOKEN });
    expect(rec.reloads).toBe(0);
    actor.send({ type: 'page.focus', cookieToken: 'tok-other-tab' });
    expect(rec.reloads).toBe(1);
    actor.send({ type: 'page.focus', cookieToken: null });
    expect(rec.reloads).toBe(2);
  });

  it('session.refresh re-fetches the member through the composed fetchMember', async () => {
    const { rec, answer, child, sys } = await startLoggedIn();
    sys(CHILD.session).send({ type: 'session.refresh' });
    expect(child(CHILD.session).value).toBe('loadingMember');
    await answer(rec.memberFetches, { ...MEMBER, vipLevel: 2 });
    expect(child(CHILD.session).context.member).toMatchObject({ vipLevel: 2 });
    expect(rec.cachedMembers).toHaveLength(2);
  });

  it('session.register and session.resetPassword run the composed effects', async () => {
    const { rec, answer, refuse, child, sys } = await startApp();
    const reset = {
      countryCode: '86',
      phone: '13800138000',
      smsCode: '1',
      password: 'a',
      confirmPassword: 'a',
    };
    sys(CHILD.session).send({ type: 'session.resetPassword', request: reset });
    expect(rec.passwordResets.map((c) => c.input)).toEqual([reset]);
    await answer(rec.passwordResets, undefined);
    expect(child(CHILD.session).context.notice).toBe('passwordReset');
    const request = { ...reset, smsCode: '123456' };
    sys(CHILD.session).send({ type: 'session.register', request });
    expect(rec.registrations.map((c) => c.input)).toEqual([request]);
    await refuse(rec.registrations, Object.assign(new Error('手机号已注册'), { code: 6021 }));
    expect(child(CHILD.session).context.error).toEqual({ code: 6021, message: '手机号已注册' });
  });

  it('the SMS button sends through the composed sendSms and counts down on the app clock', async () => {
    const { clock, rec, answer, child, sys } = await startApp();
    sys(CHILD.smsCode).send({ type: 'sms.send', request: SMS_REQUEST });
    expect(rec.smsSends.map((c) => c.input)).toEqual([SMS_REQUEST]);
    await answer(rec.smsSends, { resendAfter: 60 });
    expect(child(CHILD.smsCode).value).toBe('counting');
    expect(child(CHILD.smsCode).context.remaining).toBe(60);
    clock.increment(SMS_COUNTDOWN_TICK_MS - 1);
    expect(child(CHILD.smsCode).context.remaining).toBe(60);
    clock.increment(1);
    expect(child(CHILD.smsCode).context.remaining).toBe(59);
  });

  it('a visitor’s socket is up without a login; the session’s login logs it in; the logout logs it out', async () => {
    const { rec, answer, child, sys, fromServer, socket } = await startApp();
    expect(rec.sockets).toMatchObject({ open: 1, closed: 0 });
    await fromServer({ type: 'ws.open' });
    expect(child(CHILD.socket).value).toMatchObject({ link: { online: { open: { login: 'anonymous' } } } });
    expect(rec.jwtFetches).toEqual([]);

    sys(CHILD.session).send({ type: 'session.login', request: LOGIN_REQUEST });
    await answer(rec.logins, AUTH);
    await answer(rec.memberFetches, MEMBER);
    // session.changed (loggedIn) → socket.login: the socket logs in on its open connection.
    expect(child(CHILD.socket).context.member).toBe(true);
    expect(rec.jwtFetches).toHaveLength(1);
    await answer(rec.jwtFetches, JWT);
    expect(socket().sent).toContainEqual({ msgId: 10001, token: JWT.jwt, body: {} });

    sys(CHILD.session).send({ type: 'session.logout' });
    await answer(rec.logouts, undefined);
    // session.changed (loggedOut) → socket.logout: the member's connection goes, a visitor's one follows.
    expect(child(CHILD.socket).context.member).toBe(false);
    expect(rec.sockets).toMatchObject({ open: 2, closed: 1 });
  });

  it('a stored login logs the socket in once the server confirms it', async () => {
    const { rec, child } = await startLoggedIn();
    expect(rec.sockets.open).toBe(1);
    expect(child(CHILD.socket).context.member).toBe(true);
  });

  it('chat.send and chat.watch sent to the socket (systemId socket) reach the connection', async () => {
    const { rec, answer, sys, fromServer, socket } = await startLoggedIn();
    sys(CHILD.socket).send({ type: 'chat.watch' });
    await fromServer({ type: 'ws.open' });
    // spec §4: the room's history (30003) is asked for once the socket opens.
    expect(socket().sent).toContainEqual({ msgId: 30003, body: {} });
    await answer(rec.jwtFetches, JWT);
    await fromServer({ type: 'ws.message', msg: { msgId: 10001, body: { ok: true } } });
    sys(CHILD.socket).send({ type: 'chat.send', text: '你好' });
    expect(socket().sent).toContainEqual({ msgId: 30001, body: { text: '你好' } });
  });
});

// ───────────── areas (issue 8 §1) ─────────────

/** An area actor that records every fact the shell broadcasts to it. */
const recorderArea = setup({
  types: {} as { context: { heard: AreaEvent[]; path: string }; events: AreaEvent; input: { path: string } },
}).createMachine({
  id: 'recorder',
  context: ({ input }) => ({ heard: [], path: input.path }),
  on: { '*': { actions: assign({ heard: ({ context, event }) => [...context.heard, event] }) } },
});

describe('app: areas join and leave the system (issue 8 §1)', () => {
  it('area.enter spawns the area actor with systemId = id; entering again spawns no second one', async () => {
    const { actor, context, sys } = await startApp();
    actor.send({ type: 'area.enter', id: 'probe', logic: recorderArea, input: { path: '/probe' } });
    expect(context().areas).toEqual(['probe']);
    const ref = sys('probe');
    expect(ref).toBeDefined();
    expect(ref.getSnapshot().context.path).toBe('/probe');
    expect((actor.getSnapshot().children as Record<string, AnyActorRef | undefined>)['probe']).toBe(ref);
    actor.send({ type: 'area.enter', id: 'probe', logic: recorderArea, input: { path: '/other' } });
    expect(context().areas).toEqual(['probe']);
    expect(sys('probe')).toBe(ref);
    expect(ref.getSnapshot().context.path).toBe('/probe');
  });

  it('area.leave stops the actor and frees its systemId; leaving an area not running does nothing', async () => {
    const { actor, context, sys } = await startApp();
    actor.send({ type: 'area.enter', id: 'probe', logic: recorderArea, input: { path: '/' } });
    const ref = sys('probe');
    actor.send({ type: 'area.leave', id: 'probe' });
    expect(context().areas).toEqual([]);
    expect(ref.getSnapshot().status).toBe('stopped');
    expect(sys('probe')).toBeUndefined();
    actor.send({ type: 'area.leave', id: 'probe' });
    expect(context().areas).toEqual([]);
    // It may join again later, as a fresh actor.
    actor.send({ type: 'area.enter', id: 'probe', logic: recorderArea, input: { path: '/' } });
    expect(sys('probe')).not.toBe(ref);
    expect(sys('probe').getSnapshot().status).toBe('active');
  });

  it('route, session and socket-notice facts are broadcast to every running area, and only to them', async () => {
    const { actor, rec, answer, sys } = await startApp();
    actor.send({ type: 'area.enter', id: 'one', logic: recorderArea, input: { path: '/' } });
    actor.send({ type: 'area.enter', id: 'two', logic: recorderArea, input: { path: '/' } });
    const one = sys('one');
    actor.send(route('/game/chess', '?id=1'));
    actor.send({ type: 'socket.notice', notice: NOTICE });
    sys(CHILD.session).send({ type: 'session.login', request: LOGIN_REQUEST });
    await answer(rec.logins, AUTH);
    await answer(rec.memberFetches, MEMBER);
    actor.send({ type: 'area.leave', id: 'two' });
    sys(CHILD.session).send({ type: 'session.logout' });
    await answer(rec.logouts, undefined);
    const expected: AreaEvent[] = [
      route('/game/chess', '?id=1'),
      { type: 'socket.notice', notice: NOTICE },
      { type: 'session.loggedIn' },
      { type: 'session.loggedOut' },
    ];
    expect(one.getSnapshot().context.heard).toEqual(expected);
  });
});

const POP: PopInfo = {
  id: 9,
  title: '签到',
  content: '天天有礼',
  imageUrl: '',
  linkUrl: '/activity/discount',
};

/** The home area as src/features/home/area.ts provides it, with a loader the test answers. */
function homeArea(loads: Array<Deferred<HomeLoad>>, seen: string[]) {
  return homeContentMachine.provide({
    actors: {
      loadHome: fromPromise(() => {
        const d = deferred<HomeLoad>();
        loads.push(d);
        return d.promise;
      }),
    },
    actions: { persistPopSeen: (_, { day }) => void seen.push(day) },
  });
}

describe('app: the home area (spec §2 pop-up activity, issue 8 §1)', () => {
  const loaded = (pop: PopInfo | null): HomeLoad => ({
    content: { notices: [], ads: [], icons: [], pop, counts: null },
    today: '2025-03-02',
  });

  it('the pop-up opens in the shell’s modal host on home; its buttons’ events reach the home actor', async () => {
    const { actor, modals, topDialog, click, sys, navigations } = await startApp();
    const loads: Array<Deferred<HomeLoad>> = [];
    const seen: string[] = [];
    actor.send(route('/'));
    actor.send({
      type: 'area.enter',
      id: 'home',
      logic: homeArea(loads, seen),
      input: { path: '/', popSeenOn: null },
    });
    expect(loads).toHaveLength(1);
    loads[0]!.resolve(loaded(POP));
    await settle();
    expect(modals()).toHaveLength(1);
    expect(topDialog()!.spec).toMatchObject({
      key: `pop:${POP.id}`,
      content: { kind: 'popActivity', pop: POP },
    });
    // "Go": counts as seen (sent to actor 'home' by the modal host), then the intent to the link.
    await click(1);
    expect(sys('home').getSnapshot().value).toEqual({ ready: 'popClosed' });
    expect(seen).toEqual(['2025-03-02']);
    expect(navigations).toEqual([{ type: 'navigate', to: POP.linkUrl }]);
  });

  it('opens on home only, not over another page the player was sent to meanwhile; coming home offers it', async () => {
    const { actor, modals } = await startApp();
    const loads: Array<Deferred<HomeLoad>> = [];
    actor.send(route('/'));
    actor.send({
      type: 'area.enter',
      id: 'home',
      logic: homeArea(loads, []),
      input: { path: '/', popSeenOn: null },
    });
    actor.send(route('/other/restrictionIp', '?name=access-alert'));
    loads[0]!.resolve(loaded(POP));
    await settle();
    expect(modals()).toHaveLength(0);
    actor.send(route('/'));
    expect(modals()).toHaveLength(1);
  });

  it('a marquee notice pushed over the socket reaches the home actor', async () => {
    const { actor, sys } = await startApp();
    const loads: Array<Deferred<HomeLoad>> = [];
    actor.send({
      type: 'area.enter',
      id: 'home',
      logic: homeArea(loads, []),
      input: { path: '/', popSeenOn: null },
    });
    loads[0]!.resolve(loaded(null));
    await settle();
    actor.send({ type: 'socket.notice', notice: NOTICE });
    expect(sys('home').getSnapshot().context.content.notices).toEqual([NOTICE]);
  });
});

describe('app: the wallet area’s deposit-safety warning (spec §2, issue 5 §1)', () => {
  const DEPOSIT = '/mine/finance/deposit';

  it('entering the deposit page shows the warning once; moving around on it does not show it again', async () => {
    const { actor, clock, modals, topDialog, click, leave } = await startLoggedIn();
    actor.send(route('/mine/finance/wallet'));
    actor.send({
      type: 'area.enter',
      id: 'wallet',
      logic: depositWarningMachine,
      input: { path: '/mine/finance/wallet' },
    });
    expect(modals()).toEqual([]);
    actor.send(route(DEPOSIT));
    expect(modals()).toHaveLength(1);
    expect(topDialog()!.spec).toMatchObject({ key: 'deposit-warning', content: { kind: 'depositWarning' } });
    // The same page again (a query change) does not open it twice.
    actor.send(route(DEPOSIT, '?tab=2'));
    expect(modals()).toHaveLength(1);
    await click(0);
    await leave();
    expect(modals()).toEqual([]);
    // Leaving the page and entering it again (after the modal host's de-duplication window) is a new entry.
    clock.increment(MODAL_DEDUP_MS);
    actor.send(route('/mine/finance/wallet'));
    actor.send(route(DEPOSIT));
    expect(modals()).toHaveLength(1);
  });

  it('landing on the deposit page (the area starts there) shows the warning', async () => {
    const { actor, modals } = await startLoggedIn();
    actor.send(route(DEPOSIT));
    actor.send({ type: 'area.enter', id: 'wallet', logic: depositWarningMachine, input: { path: DEPOSIT } });
    expect(modals()).toHaveLength(1);
  });
});
