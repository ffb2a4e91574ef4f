import { assign, emit, enqueueActions, fromPromise, raise, sendParent, sendTo, setup } from 'xstate';
import type { AnyActorLogic, CallbackActorLogic, EventObject } from 'xstate';
import type {
  AuthResponse,
  LoginRequest,
  MemberInfo,
  MemberJwt,
  RegisterRequest,
  ResetPasswordRequest,
  SmsSendRequest,
  SmsSendResponse,
} from '../src/protocol/member.ts';
import type { Notice, PreInfo } from '../src/protocol/site.ts';
import type { KickBody } from '../src/protocol/stream.ts';
import type { AreaEvent } from './area.ts';
import { noticeDialog } from './dialogs.ts';
import { maintainStatusOf, reactionsFor, type ApiErrorInfo } from './error-catalogue.ts';
import { modalHostMachine } from './modal-host.machine.ts';
import type { AppEventLike } from './modal-types.ts';
import { sessionMachine, type SessionInput } from './session.machine.ts';
import { siteGateMachine, type PreInfoResult, type SiteGateInput } from './site-gate.machine.ts';
import { smsCodeMachine } from './sms-code.machine.ts';
import { backoffMs, socketMachine, type ConnectionCommand } from './socket.machine.ts';
import { themeMachine, type Theme, type ThemeInput } from './theme.machine.ts';
import { titleMarqueeMachine } from './title-marquee.machine.ts';

// The root of the one XState system (issue 3 §1, thinned by issue 8 §1): the shell only (site gate, session,
// socket, modals, theme, title marquee, the error catalogue). Views send to the child actor they read
// (src/app/system.ts); the root listens only where it coordinates: the catalogue's reactions, session and
// socket, browser events that several children need, and the areas' actors, which it spawns and stops
// without knowing any of them.

export interface AppInput {
  gate: SiteGateInput;
  theme: ThemeInput;
  title: { title: string; hidden: boolean };
  session: SessionInput;
  /** The player chose to continue past the access alert earlier this session. */
  alertSkipped: boolean;
}

export type AppEvent =
  | { type: 'api.error'; error: ApiErrorInfo }
  | { type: 'page.hidden' }
  | { type: 'page.visible' }
  | { type: 'page.focus'; cookieToken: string | null }
  | { type: 'route.changed'; path: string; search: string }
  | { type: 'alert.skip' }
  /** Navigation asked for by a modal button or an area (an intent like any other). */
  | { type: 'app.navigate'; to: string }
  /** An area's route was entered: its actor joins the system under `id` (unless it is there already). */
  | { type: 'area.enter'; id: string; logic: AnyActorLogic; input: unknown }
  /** The player left the area: its actor stops. */
  | { type: 'area.leave'; id: string }
  // From the children (sendParent at composition).
  | { type: 'gate.preInfo'; preInfo: PreInfo }
  | { type: 'session.changed'; loggedIn: boolean }
  | { type: 'socket.notice'; notice: Notice }
  | { type: 'socket.kick'; kick: KickBody }
  | { type: 'socket.siteConfig' };

export type AppEmitted = { type: 'navigate'; to: string; replace?: boolean };

interface Context {
  preInfo: PreInfo | null;
  alertSkipped: boolean;
  path: string;
  search: string;
  /** The areas' actors running now (their ids are their systemIds): cross-area facts are broadcast to them. */
  areas: string[];
}

/** The ids (and systemIds) of the shell's children, for views and the inspector. */
export const CHILD = {
  siteGate: 'siteGate',
  theme: 'theme',
  titleMarquee: 'titleMarquee',
  session: 'session',
  smsCode: 'smsCode',
  modals: 'modals',
  socket: 'socket',
} as const;

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
    session: sessionMachine,
    smsCode: smsCodeMachine,
    modals: modalHostMachine,
    socket: socketMachine,
  },
  actions: {
    /** Keeps the access-alert skip flag for this session: provided at composition. */
    persistAlertSkip: () => {},
  },
  // Cross-area facts (route, session, socket notices) are sent to every running area: context.areas.
  guards: {
    titleChanged: ({ context, event }) =>
      event.type === 'gate.preInfo' &&
      event.preInfo.SiteBaseConfigVo.title !== context.preInfo?.SiteBaseConfigVo.title,
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({
    preInfo: null,
    alertSkipped: input.alertSkipped,
    // No route yet: the router host reports the first one (so "entering a page" also holds on a fresh load).
    path: '',
    search: '',
    areas: [],
  }),
  invoke: [
    {
      id: CHILD.siteGate,
      systemId: CHILD.siteGate,
      src: 'siteGate',
      input: ({ event }) => inputOf(event).gate,
    },
    { id: CHILD.theme, systemId: CHILD.theme, src: 'theme', input: ({ event }) => inputOf(event).theme },
    {
      id: CHILD.titleMarquee,
      systemId: CHILD.titleMarquee,
      src: 'titleMarquee',
      input: ({ event }) => inputOf(event).title,
    },
    {
      id: CHILD.session,
      systemId: CHILD.session,
      src: 'session',
      input: ({ event }) => inputOf(event).session,
    },
    { id: CHILD.smsCode, systemId: CHILD.smsCode, src: 'smsCode' },
    { id: CHILD.modals, systemId: CHILD.modals, src: 'modals' },
    { id: CHILD.socket, systemId: CHILD.socket, src: 'socket' },
  ],
  // issue 8 §2: visitors hold a socket too (heartbeat and pushes); it logs in when the session is a member's.
  entry: sendTo(CHILD.socket, { type: 'socket.start' }),
  initial: 'running',
  states: {
    running: {
      on: {
        'api.error': {
          actions: enqueueActions(({ context, event, enqueue }) => {
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
                case 'restricted':
                  enqueue.sendTo(CHILD.siteGate, { type: 'gate.restricted' });
                  break;
                case 'alert':
                  enqueue.sendTo(CHILD.siteGate, { type: 'gate.alert' });
                  break;
                case 'endSession':
                  enqueue.sendTo(CHILD.session, { type: 'session.end', code: event.error.code });
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
        // issue 8 §2: a configuration change reaches a visitor within seconds: the gate re-reads pre-info.
        'socket.siteConfig': { actions: sendTo(CHILD.siteGate, { type: 'gate.check' }) },
        'socket.notice': {
          actions: enqueueActions(({ context, event, enqueue }) => {
            for (const id of context.areas) enqueue.sendTo(id as never, event as never);
          }),
        },
        // A kick is the server's 6001 by another road: the error catalogue reacts the same way.
        'socket.kick': {
          actions: raise(({ event }) => ({
            type: 'api.error',
            error: { type: 'business', code: event.kick.code, message: event.kick.message },
          })),
        },
        'route.changed': {
          actions: enqueueActions(({ context, event, enqueue }) => {
            enqueue.assign({ path: event.path, search: event.search });
            enqueue.sendTo(CHILD.modals, { type: 'modal.route', path: event.path });
            if (event.path !== context.path)
              enqueue.sendTo(CHILD.session, { type: 'session.pageChanged', path: event.path });
            for (const id of context.areas) enqueue.sendTo(id as never, event as never);
          }),
        },
        'session.changed': {
          actions: enqueueActions(({ context, event, enqueue }) => {
            // issue 5 §2, issue 8 §2: a member's socket logs in; an ended session's socket forgets its login.
            enqueue.sendTo(CHILD.socket, { type: event.loggedIn ? 'socket.login' : 'socket.logout' });
            const fact: AreaEvent = { type: event.loggedIn ? 'session.loggedIn' : 'session.loggedOut' };
            for (const id of context.areas) enqueue.sendTo(id as never, fact as never);
          }),
        },
        'app.navigate': { actions: emit(({ event }) => ({ type: 'navigate', to: event.to })) },
        // The policy (machines/navigation-policy.ts) then sends the player from the alert page home.
        'alert.skip': { actions: [assign({ alertSkipped: true }), 'persistAlertSkip'] },
        'area.enter': {
          guard: ({ context, event }) => !context.areas.includes(event.id),
          actions: enqueueActions(({ enqueue, event }) => {
            // Areas are unknown to the root's types: their logic arrives with the event (lazy-loaded).
            enqueue.spawnChild(
              event.logic as never,
              { id: event.id, systemId: event.id, input: event.input } as never,
            );
            enqueue.assign({ areas: ({ context }) => [...context.areas, event.id] });
          }),
        },
        'area.leave': {
          guard: ({ context, event }) => context.areas.includes(event.id),
          actions: enqueueActions(({ enqueue, event }) => {
            enqueue.stopChild(event.id);
            enqueue.assign({ areas: ({ context }) => context.areas.filter((id) => id !== event.id) });
          }),
        },
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
          notifySiteConfig: sendParent({ type: 'socket.siteConfig' }),
        },
        delays: { reconnect: ({ context }) => fx.jitter(backoffMs(context.attempt)) },
      }),
      modals: modalHostMachine.provide({
        actions: {
          lockScroll: () => fx.lockScroll(),
          unlockScroll: () => fx.unlockScroll(),
          // A button's events go, in order, to the app actor or to the actor of the system they name.
          runEvents: enqueueActions(
            ({ enqueue, system }, { events }: { events: ReadonlyArray<AppEventLike> }) => {
              for (const { actor, ...event } of events) {
                if (actor === undefined) enqueue.sendParent(event as AppEvent);
                else {
                  const target = system.get(actor);
                  if (target) enqueue.sendTo(target, event);
                }
              }
            },
          ),
        },
      }),
    },
    actions: { persistAlertSkip: () => fx.persistAlertSkip() },
  });
}

/** The boot input, read from the actor's init event (the context keeps none of it). */
function inputOf(event: unknown): AppInput {
  return (event as { input: AppInput }).input;
}
