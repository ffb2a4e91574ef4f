import { assign, emit, enqueueActions, fromPromise, sendParent, sendTo, setup } from 'xstate';
import type { PreInfo } from '../src/protocol/site.ts';
import { maintainStatusOf, reactionsFor, type ApiErrorInfo } from './error-catalogue.ts';
import { homeContentMachine, type HomeLoad } from './home-content.machine.ts';
import { HOME_PATH, siteGateMachine, type PreInfoResult, type SiteGateInput } from './site-gate.machine.ts';
import { themeMachine, type Theme, type ThemeInput } from './theme.machine.ts';
import { titleMarqueeMachine } from './title-marquee.machine.ts';

// The root of the one XState system (issue 3 §1): every long-lived concern is a child with a systemId;
// views read snapshots and send events here; navigation leaves as an emitted intent.

export interface AppInput {
  gate: SiteGateInput;
  theme: ThemeInput;
  title: { title: string; hidden: boolean };
  home: { popSeenOn: string | null };
  /** The player chose to continue past the access alert earlier this session. */
  alertSkipped: boolean;
}

export type AppEvent =
  | { type: 'api.error'; error: ApiErrorInfo }
  | { type: 'gate.preInfo'; preInfo: PreInfo }
  | { type: 'gate.retry' }
  | { type: 'page.hidden' }
  | { type: 'page.visible' }
  | { type: 'page.focus' }
  | { type: 'route.changed'; path: string }
  | { type: 'alert.skip' }
  | { type: 'theme.select'; theme: Theme }
  | { type: 'home.load' }
  | { type: 'home.retry' }
  | { type: 'home.popClose' };

export type AppEmitted = { type: 'navigate'; to: string; replace?: boolean };

interface Context {
  boot: AppInput;
  preInfo: PreInfo | null;
  alertSkipped: boolean;
  lastError: ApiErrorInfo | null;
}

/** The ids (and systemIds) of the app's children, for views and the inspector. */
export const CHILD = {
  siteGate: 'siteGate',
  theme: 'theme',
  titleMarquee: 'titleMarquee',
  home: 'home',
} as const;

export const appMachine = setup({
  types: {} as {
    context: Context;
    events: AppEvent;
    input: AppInput;
    emitted: AppEmitted;
    children: { siteGate: 'siteGate'; theme: 'theme'; titleMarquee: 'titleMarquee'; home: 'home' };
  },
  actors: {
    siteGate: siteGateMachine,
    theme: themeMachine,
    titleMarquee: titleMarqueeMachine,
    home: homeContentMachine,
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
  context: ({ input }) => ({ boot: input, preInfo: null, alertSkipped: input.alertSkipped, lastError: null }),
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
            };
            for (const reaction of reactionsFor(event.error, facts)) {
              if (reaction.kind === 'navigate')
                enqueue.emit({ type: 'navigate', to: reaction.to, replace: reaction.replace });
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
        'page.focus': { actions: sendTo(CHILD.siteGate, { type: 'gate.check' }) },
        'page.hidden': { actions: sendTo(CHILD.titleMarquee, { type: 'page.hidden' }) },
        'page.visible': { actions: sendTo(CHILD.titleMarquee, { type: 'page.visible' }) },
        'route.changed': {
          actions: sendTo(CHILD.siteGate, ({ event }) => ({ type: 'gate.location', path: event.path })),
        },
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
        actions: { persistPopSeen: (_, { day }) => fx.persistPopSeen(day) },
      }),
    },
    actions: { persistAlertSkip: () => fx.persistAlertSkip() },
  });
}
