import { assign, emit, enqueueActions, fromPromise, raise, sendParent, sendTo, setup } from 'xstate';
import type {
  AuthResponse,
  LoginRequest,
  MemberInfo,
  RegisterRequest,
  ResetPasswordRequest,
  SmsSendRequest,
  SmsSendResponse,
} from '../src/protocol/member.ts';
import type { Notice, PopInfo, PreInfo } from '../src/protocol/site.ts';
import { LOGIN_PATH, maintainStatusOf, reactionsFor, type ApiErrorInfo } from './error-catalogue.ts';
import { depositWarningDialog, DEPOSIT_PATH, noticeDialog, popActivityDialog } from './dialogs.ts';
import { homeContentMachine, type HomeLoad } from './home-content.machine.ts';
import { modalHostMachine, type ModalHostEvent } from './modal-host.machine.ts';
import type { AppEventLike } from './modal-types.ts';
import { sessionMachine, type SessionEvent, type SessionInput } from './session.machine.ts';
import { HOME_PATH, siteGateMachine, type PreInfoResult, type SiteGateInput } from './site-gate.machine.ts';
import { smsCodeMachine, type SmsCodeEvent } from './sms-code.machine.ts';
import { backoffMs, socketMachine, type ConnectionCommand } from './socket.machine.ts';
import type { CallbackActorLogic, EventObject } from 'xstate';
import type { KickBody } from '../src/protocol/stream.ts';
import type { MemberJwt } from '../src/protocol/member.ts';
import { themeMachine, type Theme, type ThemeInput } from './theme.machine.ts';
import { titleMarqueeMachine } from './title-marquee.machine.ts';

// The root of the one XState system (issue 3 §1): every long-lived concern is a child with a systemId;
// views read snapshots and send events here; navigation leaves as an emitted intent.

/** spec §6: member areas require a token. */
export const MEMBER_AREA = '/mine';
/** Pages a player leaves once logged in (to where the login was asked for). */
export const AUTH_PAGES: ReadonlyArray<string> = [LOGIN_PATH, '/user/register'];

export interface AppInput {
  gate: SiteGateInput;
  theme: ThemeInput;
  title: { title: string; hidden: boolean };
  home: { popSeenOn: string | null };
  session: SessionInput;
  /** The player chose to continue past the access alert earlier this session. */
  alertSkipped: boolean;
}

export type AppEvent =
  | { type: 'api.error'; error: ApiErrorInfo }
  | { type: 'gate.preInfo'; preInfo: PreInfo }
  | { type: 'gate.retry' }
  | { type: 'page.hidden' }
  | { type: 'page.visible' }
  | { type: 'page.focus'; cookieToken: string | null }
  | { type: 'route.changed'; path: string; search: string }
  | { type: 'alert.skip' }
  | { type: 'theme.select'; theme: Theme }
  | { type: 'home.load' }
  | { type: 'home.retry' }
  | { type: 'home.popClose' }
  | { type: 'session.changed'; loggedIn: boolean }
  /** Navigation asked for by a modal button (an intent like any other). */
  | { type: 'app.navigate'; to: string }
  | { type: 'home.popShow'; pop: PopInfo }
  | { type: 'socket.notice'; notice: Notice }
  | { type: 'socket.kick'; kick: KickBody }
  | { type: 'chat.send'; text: string }
  | { type: 'chat.dismissError' }
  | Exclude<ModalHostEvent, { type: 'modal.removed' } | { type: 'modal.run' }>
  | Exclude<SessionEvent, { type: 'session.focus' } | { type: 'session.end' }>
  | SmsCodeEvent;

export type AppEmitted = { type: 'navigate'; to: string; replace?: boolean };

interface Context {
  boot: AppInput;
  preInfo: PreInfo | null;
  alertSkipped: boolean;
  lastError: ApiErrorInfo | null;
  path: string;
  search: string;
  /** The device holds a token (logged in, or restoring a login). */
  authenticated: boolean;
}

/** The ids (and systemIds) of the app's children, for views and the inspector. */
export const CHILD = {
  siteGate: 'siteGate',
  theme: 'theme',
  titleMarquee: 'titleMarquee',
  home: 'home',
  session: 'session',
  smsCode: 'smsCode',
  modals: 'modals',
  socket: 'socket',
} as const;

const redirectTarget = (search: string) => {
  const to = new URLSearchParams(search).get('redirect');
  // Only a path of this site: never an open redirect. Browsers read '//x', '/\\x' (and either with tabs or
  // newlines stripped) as another host, so a second slash or backslash, or any control character, is refused.
  const safe = to && /^\/(?![\\/])/.test(to) && ![...to].some((c) => c === '\\' || c.charCodeAt(0) < 0x20);
  return safe ? to : HOME_PATH;
};

export const appMachine = setup({
  types: {} as {
    context: Context;
    events: AppEvent;
    input: AppInput;
    emitted: AppEmitted;
    children: {
      siteGate: 'siteGate';
      theme: 'theme';
      titleMarquee: 'titleMarquee';
      home: 'home';
      session: 'session';
      smsCode: 'smsCode';
      modals: 'modals';
      socket: 'socket';
    };
  },
  actors: {
    siteGate: siteGateMachine,
    theme: themeMachine,
    titleMarquee: titleMarqueeMachine,
    home: homeContentMachine,
    session: sessionMachine,
    smsCode: smsCodeMachine,
    modals: modalHostMachine,
    socket: socketMachine,
  },
  actions: {
    /** Keeps the access-alert skip flag for this session: provided at composition. */
    persistAlertSkip: () => {},
  },
  guards: {
    titleChanged: ({ context, event }) =>
      event.type === 'gate.preInfo' &&
      event.preInfo.SiteBaseConfigVo.title !== context.preInfo?.SiteBaseConfigVo.title,
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({
    boot: input,
    preInfo: null,
    alertSkipped: input.alertSkipped,
    lastError: null,
    // No route yet: the router host reports the first one (so "entering a page" also holds on a fresh load).
    path: '',
    search: '',
    authenticated: input.session.token !== null || input.session.urlToken !== null,
  }),
  invoke: [
    {
      id: CHILD.siteGate,
      systemId: CHILD.siteGate,
      src: 'siteGate',
      input: ({ context }) => context.boot.gate,
    },
    { id: CHILD.theme, systemId: CHILD.theme, src: 'theme', input: ({ context }) => context.boot.theme },
    {
      id: CHILD.titleMarquee,
      systemId: CHILD.titleMarquee,
      src: 'titleMarquee',
      input: ({ context }) => context.boot.title,
    },
    { id: CHILD.home, systemId: CHILD.home, src: 'home', input: ({ context }) => context.boot.home },
    {
      id: CHILD.session,
      systemId: CHILD.session,
      src: 'session',
      input: ({ context }) => context.boot.session,
    },
    { id: CHILD.smsCode, systemId: CHILD.smsCode, src: 'smsCode' },
    { id: CHILD.modals, systemId: CHILD.modals, src: 'modals' },
    { id: CHILD.socket, systemId: CHILD.socket, src: 'socket' },
  ],
  initial: 'running',
  states: {
    running: {
      on: {
        'api.error': {
          actions: enqueueActions(({ context, event, enqueue }) => {
            enqueue.assign({ lastError: event.error });
            const facts = {
              maintainStatus:
                maintainStatusOf(event.error.data) ?? context.preInfo?.maintainConfig.status ?? null,
              alertSkipped: context.alertSkipped,
              location: context.path + context.search,
            };
            for (const reaction of reactionsFor(event.error, facts)) {
              switch (reaction.kind) {
                case 'navigate':
                  enqueue.emit({ type: 'navigate', to: reaction.to, replace: reaction.replace });
                  break;
                case 'clearSocket':
                  enqueue.sendTo(CHILD.socket, { type: 'socket.stop' });
                  break;
                case 'endSession':
                  enqueue.sendTo(CHILD.session, { type: 'session.end', code: event.error.code });
                  enqueue.assign({ authenticated: false });
                  break;
                case 'dialog':
                  enqueue.sendTo(CHILD.modals, {
                    type: 'modal.open',
                    spec: noticeDialog(reaction.dialog, event.error.message, reaction.okTo),
                  });
                  break;
              }
            }
          }),
        },
        'gate.preInfo': [
          {
            guard: 'titleChanged',
            actions: [
              sendTo(CHILD.titleMarquee, ({ event }) => ({
                type: 'title.set',
                title: event.preInfo.SiteBaseConfigVo.title,
              })),
              assign({ preInfo: ({ event }) => event.preInfo }),
            ],
          },
          { actions: assign({ preInfo: ({ event }) => event.preInfo }) },
        ],
        'gate.retry': { actions: sendTo(CHILD.siteGate, { type: 'gate.retry' }) },
        'page.focus': {
          actions: [
            sendTo(CHILD.siteGate, { type: 'gate.check' }),
            sendTo(CHILD.session, ({ event }) => ({ type: 'session.focus', cookieToken: event.cookieToken })),
          ],
        },
        'page.hidden': {
          actions: [
            sendTo(CHILD.titleMarquee, { type: 'page.hidden' }),
            sendTo(CHILD.socket, { type: 'page.hidden' }),
          ],
        },
        'page.visible': {
          actions: [
            sendTo(CHILD.titleMarquee, { type: 'page.visible' }),
            sendTo(CHILD.socket, { type: 'page.visible' }),
          ],
        },
        'socket.notice': {
          actions: sendTo(CHILD.home, ({ event }) => ({ type: 'home.notice', notice: event.notice })),
        },
        // A kick is the server's 6001 by another road: the error catalogue reacts the same way.
        'socket.kick': {
          actions: raise(({ event }) => ({
            type: 'api.error',
            error: { type: 'business', code: event.kick.code, message: event.kick.message },
          })),
        },
        'chat.send': { actions: sendTo(CHILD.socket, ({ event }) => event) },
        'chat.dismissError': { actions: sendTo(CHILD.socket, ({ event }) => event) },
        'route.changed': {
          actions: enqueueActions(({ context, event, enqueue }) => {
            enqueue.assign({ path: event.path, search: event.search });
            enqueue.sendTo(CHILD.siteGate, { type: 'gate.location', path: event.path });
            enqueue.sendTo(CHILD.modals, { type: 'modal.route', path: event.path });
            if (event.path !== context.path)
              enqueue.sendTo(CHILD.session, { type: 'session.pageChanged', path: event.path });
            if (event.path === HOME_PATH && event.path !== context.path) {
              enqueue.sendTo(CHILD.home, { type: 'home.visit' });
            }
            // spec §6: a member area without a token asks for a login first, and comes back after it.
            if (AUTH_PAGES.includes(event.path) && context.authenticated) {
              // Logged in already: the login and register forms have nothing to do; go where they would lead.
              enqueue.emit({ type: 'navigate', to: redirectTarget(event.search), replace: true });
            } else if (event.path.startsWith(MEMBER_AREA) && !context.authenticated) {
              const back = encodeURIComponent(event.path + event.search);
              enqueue.emit({ type: 'navigate', to: `${LOGIN_PATH}?redirect=${back}`, replace: true });
            } else if (event.path === DEPOSIT_PATH && context.path !== DEPOSIT_PATH) {
              // issue 5 §1: the deposit-safety warning shows when a player opens the deposit page.
              enqueue.sendTo(CHILD.modals, { type: 'modal.open', spec: depositWarningDialog() });
            }
          }),
        },
        'session.changed': {
          actions: enqueueActions(({ context, event, enqueue }) => {
            enqueue.assign({ authenticated: event.loggedIn });
            // issue 5 §2: a logged-in player holds a live socket.
            enqueue.sendTo(CHILD.socket, { type: event.loggedIn ? 'socket.start' : 'socket.stop' });
            // Only on the change to logged in (a restored login on these pages was already sent on).
            if (event.loggedIn && !context.authenticated && AUTH_PAGES.includes(context.path)) {
              enqueue.emit({ type: 'navigate', to: redirectTarget(context.search), replace: true });
            }
            if (!event.loggedIn && context.path.startsWith(MEMBER_AREA)) {
              enqueue.emit({ type: 'navigate', to: HOME_PATH, replace: true });
            }
          }),
        },
        'app.navigate': { actions: emit(({ event }) => ({ type: 'navigate', to: event.to })) },
        // The pop-up belongs to the home page: content that arrives after the player left (e.g. sent to the
        // access alert) does not open it over another page; the next visit home offers it again.
        'home.popShow': {
          guard: ({ context }) => context.path === HOME_PATH,
          actions: sendTo(CHILD.modals, ({ event }) => ({
            type: 'modal.open',
            spec: popActivityDialog(event.pop),
          })),
        },
        'modal.open': { actions: sendTo(CHILD.modals, ({ event }) => event) },
        'modal.close': { actions: sendTo(CHILD.modals, ({ event }) => event) },
        'modal.closeTop': { actions: sendTo(CHILD.modals, ({ event }) => event) },
        'modal.closeAll': { actions: sendTo(CHILD.modals, ({ event }) => event) },
        'alert.skip': {
          actions: [
            assign({ alertSkipped: true }),
            'persistAlertSkip',
            emit({ type: 'navigate', to: HOME_PATH, replace: true }),
          ],
        },
        'theme.select': { actions: sendTo(CHILD.theme, ({ event }) => event) },
        'home.load': { actions: sendTo(CHILD.home, ({ event }) => event) },
        'home.retry': { actions: sendTo(CHILD.home, ({ event }) => event) },
        'home.popClose': { actions: sendTo(CHILD.home, ({ event }) => event) },
        'session.login': { actions: sendTo(CHILD.session, ({ event }) => event) },
        'session.register': { actions: sendTo(CHILD.session, ({ event }) => event) },
        'session.resetPassword': { actions: sendTo(CHILD.session, ({ event }) => event) },
        'session.logout': { actions: sendTo(CHILD.session, ({ event }) => event) },
        'session.refresh': { actions: sendTo(CHILD.session, ({ event }) => event) },
        'session.dismissError': { actions: sendTo(CHILD.session, ({ event }) => event) },
        'sms.send': { actions: sendTo(CHILD.smsCode, ({ event }) => event) },
        'sms.dismissError': { actions: sendTo(CHILD.smsCode, ({ event }) => event) },
      },
    },
  },
});

/** Effects the app needs from the platform and the API; src/app binds them, tests pass fakes. */
export interface AppEffects {
  loadPreInfo: () => Promise<PreInfoResult>;
  redirectExternal: (url: string) => void;
  applyTheme: (theme: Theme) => void;
  persistTheme: (theme: Theme) => void;
  renderTitle: (text: string) => void;
  loadHome: () => Promise<HomeLoad>;
  persistPopSeen: (day: string) => void;
  persistAlertSkip: () => void;
  login: (request: LoginRequest) => Promise<AuthResponse & { remember: boolean }>;
  register: (request: RegisterRequest) => Promise<AuthResponse & { remember: boolean }>;
  resetPassword: (request: ResetPasswordRequest) => Promise<void>;
  fetchMember: (userName: string | null) => Promise<MemberInfo>;
  logout: () => Promise<void>;
  persistToken: (token: string, remember: boolean, userName: string) => void;
  clearToken: () => void;
  cacheMember: (member: MemberInfo) => void;
  reloadPage: () => void;
  sendSms: (request: SmsSendRequest) => Promise<SmsSendResponse>;
  lockScroll: () => void;
  unlockScroll: () => void;
  /** The WebSocket as an actor: sends back ws.open / ws.message / ws.close, receives ws.send. */
  connection: CallbackActorLogic<ConnectionCommand, unknown, EventObject>;
  fetchJwt: () => Promise<MemberJwt>;
  /** Spreads reconnects (jitter): the wait actually used for a base wait. */
  jitter: (ms: number) => number;
}

/** The app machine with every effect bound: the one place children are wired to the platform and to the root. */
export function createAppMachine(fx: AppEffects) {
  return appMachine.provide({
    actors: {
      siteGate: siteGateMachine.provide({
        actors: { loadPreInfo: fromPromise(() => fx.loadPreInfo()) },
        actions: {
          redirectExternal: (_, { url }) => fx.redirectExternal(url),
          announcePreInfo: sendParent(({ context }) => ({ type: 'gate.preInfo', preInfo: context.preInfo! })),
        },
      }),
      theme: themeMachine.provide({
        actions: {
          applyTheme: (_, { theme }) => fx.applyTheme(theme),
          persistTheme: (_, { theme }) => fx.persistTheme(theme),
        },
      }),
      titleMarquee: titleMarqueeMachine.provide({
        actions: { renderTitle: (_, { text }) => fx.renderTitle(text) },
      }),
      home: homeContentMachine.provide({
        actors: { loadHome: fromPromise(() => fx.loadHome()) },
        actions: {
          persistPopSeen: (_, { day }) => fx.persistPopSeen(day),
          showPop: sendParent((_, { pop }: { pop: PopInfo }) => ({ type: 'home.popShow', pop })),
        },
      }),
      session: sessionMachine.provide({
        actors: {
          login: fromPromise(({ input }) => fx.login(input)),
          register: fromPromise(({ input }) => fx.register(input)),
          resetPassword: fromPromise(({ input }) => fx.resetPassword(input)),
          fetchMember: fromPromise(({ input }) => fx.fetchMember(input.userName)),
          logout: fromPromise(() => fx.logout()),
        },
        actions: {
          persistToken: (_, p) => fx.persistToken(p.token, p.remember, p.userName),
          clearToken: () => fx.clearToken(),
          cacheMember: (_, { member }) => fx.cacheMember(member),
          reloadPage: () => fx.reloadPage(),
          announce: sendParent((_, { loggedIn }: { loggedIn: boolean }) => ({
            type: 'session.changed',
            loggedIn,
          })),
        },
      }),
      smsCode: smsCodeMachine.provide({ actors: { sendSms: fromPromise(({ input }) => fx.sendSms(input)) } }),
      socket: socketMachine.provide({
        actors: { connection: fx.connection, fetchJwt: fromPromise(() => fx.fetchJwt()) },
        actions: {
          notifyNotice: sendParent((_, { notice }: { notice: Notice }) => ({
            type: 'socket.notice',
            notice,
          })),
          notifyKick: sendParent((_, { kick }: { kick: KickBody }) => ({ type: 'socket.kick', kick })),
        },
        delays: { reconnect: ({ context }) => fx.jitter(backoffMs(context.attempt)) },
      }),
      modals: modalHostMachine.provide({
        actions: {
          lockScroll: () => fx.lockScroll(),
          unlockScroll: () => fx.unlockScroll(),
          // A button's events go to the app actor, in order.
          runEvents: enqueueActions(({ enqueue }, { events }: { events: ReadonlyArray<AppEventLike> }) => {
            for (const e of events) enqueue.sendParent(e as AppEvent);
          }),
        },
      }),
    },
    actions: { persistAlertSkip: () => fx.persistAlertSkip() },
  });
}
