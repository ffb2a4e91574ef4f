import { assign, enqueueActions, fromPromise, setup, type EventObject } from 'xstate';
import {
  NOTICE_CATEGORY,
  type Notice,
  type PopInfo,
  type StationAd,
  type SuspensionIcon,
} from '../../src/protocol/site.ts';
import type { JackpotPoolResponse } from '../../src/protocol/jackpot.ts';
import type { HotGame, RecentWin } from '../../src/protocol/showcase.ts';
import type { AreaEvent } from '../area.ts';
import { HOME_PATH } from '../navigation-policy.ts';
import { installStripMachine } from './install-strip.machine.ts';
import { popActivityDialog } from './pop-activity-dialog.ts';

// The home area (issue 3 §3; issue 8 §1; issue 19 §2): the home page's content — notices, ads, icons, the pop-up,
// the platform counts, the hot games, the recent wins and the jackpot pool, each loaded on its own so that one
// failing leaves only its part empty —, the once-a-day pop-up activity, marquee notices pushed over the socket,
// and the app-install strip (its own machine, invoked here). Spawned when the player first enters '/', kept
// alive after.

/**
 * Platform count map keys (spec §3): sports, slots, e-sports, live casino, lottery, chess-and-card; and fishing
 * (issue 19 §2: the platform count on every category tile, 捕鱼 included).
 */
export const PLATFORM_KEYS = ['QP', 'TY', 'ZR', 'DZ', 'CP', 'DJ', 'BY'] as const;
export type PlatformKey = (typeof PLATFORM_KEYS)[number];
/** BY may be missing from an answer the API cache kept from before issue 19 (its tile then shows no count). */
export type PlatformCounts = Record<Exclude<PlatformKey, 'BY'>, number> & { BY?: number };

export interface HomeContent {
  notices: Notice[];
  ads: StationAd[];
  icons: SuspensionIcon[];
  pop: PopInfo | null;
  counts: PlatformCounts | null;
  // issue 19 §2 (null: the call failed; absent: content made before them, e.g. by older test harnesses).
  /** The hot games in the operator's order. */
  hot?: HotGame[] | null;
  /** The newest winning bets. */
  wins?: RecentWin[] | null;
  /** The slots' jackpot pool. */
  jackpot?: JackpotPoolResponse | null;
}

/**
 * issue 19 §2's showcase, loaded once the rest is on the page (so the banner and the pop-up never wait for it);
 * each part null when its call failed.
 */
export interface HomeShowcase {
  hot: HotGame[] | null;
  wins: RecentWin[] | null;
  jackpot: JackpotPoolResponse | null;
}

/** What the loader resolves: the content and the local calendar day it was loaded on (pop once a day). */
export interface HomeLoad {
  content: HomeContent;
  today: string;
}

interface Context {
  content: HomeContent | null;
  today: string | null;
  /** The day the pop-up activity was last closed (kept across visits). */
  popSeenOn: string | null;
  /** The page the player is on: the pop-up belongs to the home page only. */
  path: string;
  /** The app-install strip was closed before (the strip's input). */
  installDismissed: boolean;
}

export interface HomeInput {
  popSeenOn: string | null;
  path: string;
  /** The player closed the app-install strip before (remembered on the device). */
  installDismissed?: boolean;
}

export type HomeEvent =
  { type: 'home.load' } | { type: 'home.retry' } | { type: 'home.popClose' } | AreaEvent;

/** queryNoticeList category of the notice bar. */
export const MARQUEE_CATEGORY = NOTICE_CATEGORY.marquee;

export const homeContentMachine = setup({
  types: {} as { context: Context; events: HomeEvent; input: HomeInput },
  actors: {
    loadHome: fromPromise<HomeLoad>(async () => {
      throw new Error('loadHome is provided at composition');
    }),
    /** The showcase (hot games, recent wins, jackpot pool): provided at composition. Settles each part alone. */
    loadShowcase: fromPromise<HomeShowcase>(async () => {
      throw new Error('loadShowcase is provided at composition');
    }),
    /** The app-install strip (install-strip.machine.ts), its effects provided at composition. */
    installStrip: installStripMachine,
  },
  actions: {
    /** Remembers that the pop-up was seen today: provided at composition. */
    persistPopSeen: (_, _params: { day: string }) => {},
    /**
     * Opens the pop-up in the shell's modal host (systemId 'modals'). Content that arrives after the player
     * left home (e.g. sent to the access alert) opens nothing; the next visit home offers it again.
     */
    showPop: enqueueActions(({ context, enqueue, system }, { pop }: { pop: PopInfo }) => {
      const modals = system.get('modals');
      if (modals && context.path === HOME_PATH)
        enqueue.sendTo(modals, { type: 'modal.open', spec: popActivityDialog(pop) } as EventObject);
    }),
  },
  guards: {
    popDue: ({ context }) => context.content?.pop != null && context.popSeenOn !== context.today,
    enteredHome: ({ context, event }) =>
      event.type === 'route.changed' && event.path === HOME_PATH && context.path !== HOME_PATH,
  },
}).createMachine({
  id: 'home',
  context: ({ input }) => ({
    content: null,
    today: null,
    popSeenOn: input.popSeenOn,
    path: input.path,
    installDismissed: input.installDismissed ?? false,
  }),
  // The content loads as soon as the area starts (the player is entering the home page).
  initial: 'loading',
  // The install strip lives as long as the area; the page sends it the browser's events (systemId 'installStrip').
  invoke: {
    id: 'installStrip',
    systemId: 'installStrip',
    src: 'installStrip',
    input: ({ context }) => ({ dismissed: context.installDismissed }),
  },
  on: {
    'route.changed': { actions: assign({ path: ({ event }) => event.path }) },
  },
  states: {
    loading: {
      invoke: {
        src: 'loadHome',
        onDone: {
          target: 'ready',
          actions: assign({
            content: ({ event }) => event.output.content,
            today: ({ event }) => event.output.today,
          }),
        },
        onError: 'failed',
      },
    },
    failed: { on: { 'home.retry': 'loading', 'home.load': 'loading' } },
    ready: {
      initial: 'deciding',
      // issue 19 §2: the showcase loads once the content is shown; it joins the content when it arrives.
      invoke: {
        src: 'loadShowcase',
        onDone: {
          actions: assign({
            content: ({ context, event }) => context.content && { ...context.content, ...event.output },
          }),
        },
        // Not expected (each part settles alone): the parts not already there stay empty.
        onError: {
          actions: assign({
            content: ({ context }) =>
              context.content && {
                ...context.content,
                hot: context.content.hot ?? null,
                wins: context.content.wins ?? null,
                jackpot: context.content.jackpot ?? null,
              },
          }),
        },
      },
      on: {
        'home.load': 'loading',
        'socket.notice': {
          guard: ({ event }) => event.notice.category === MARQUEE_CATEGORY,
          actions: assign({
            content: ({ context, event }) =>
              context.content && {
                ...context.content,
                notices: [event.notice, ...context.content.notices.filter((n) => n.id !== event.notice.id)],
              },
          }),
        },
      },
      states: {
        deciding: { always: [{ guard: 'popDue', target: 'popOpen' }, { target: 'popClosed' }] },
        popOpen: {
          entry: { type: 'showPop', params: ({ context }) => ({ pop: context.content!.pop! }) },
          on: {
            // The player came back home with the pop-up still due: it is offered again.
            'route.changed': {
              guard: 'enteredHome',
              target: 'popOpen',
              reenter: true,
              actions: assign({ path: ({ event }) => event.path }),
            },
            'home.popClose': {
              target: 'popClosed',
              actions: [
                assign({ popSeenOn: ({ context }) => context.today }),
                { type: 'persistPopSeen', params: ({ context }) => ({ day: context.today ?? '' }) },
              ],
            },
          },
        },
        popClosed: {},
      },
    },
  },
});
