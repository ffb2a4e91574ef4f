import { assign, fromPromise, setup } from 'xstate';
import {
  NOTICE_CATEGORY,
  type Notice,
  type PopInfo,
  type StationAd,
  type SuspensionIcon,
} from '../src/protocol/site.ts';

/** Platform count map keys (spec §3): sports, slots, e-sports, live casino, lottery, chess-and-card. */
export const PLATFORM_KEYS = ['QP', 'TY', 'ZR', 'DZ', 'CP', 'DJ'] as const;
export type PlatformKey = (typeof PLATFORM_KEYS)[number];
export type PlatformCounts = Record<PlatformKey, number>;

export interface HomeContent {
  notices: Notice[];
  ads: StationAd[];
  icons: SuspensionIcon[];
  pop: PopInfo | null;
  counts: PlatformCounts | null;
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
}

export type HomeEvent =
  | { type: 'home.load' }
  | { type: 'home.retry' }
  | { type: 'home.popClose' }
  /** The player (re)entered the home page: a pop-up still due is offered again. */
  | { type: 'home.visit' }
  /** A notice pushed over the socket: marquee notices join the bar at once. */
  | { type: 'home.notice'; notice: Notice };

/** queryNoticeList category of the notice bar. */
export const MARQUEE_CATEGORY = NOTICE_CATEGORY.marquee;

export const homeContentMachine = setup({
  types: {} as { context: Context; events: HomeEvent; input: { popSeenOn: string | null } },
  actors: {
    loadHome: fromPromise<HomeLoad>(async () => {
      throw new Error('loadHome is provided at composition');
    }),
  },
  actions: {
    /** Remembers that the pop-up was seen today: provided at composition. */
    persistPopSeen: (_, _params: { day: string }) => {},
    /** Shows the pop-up (the app opens it in the modal host): provided at composition. */
    showPop: (_, _params: { pop: PopInfo }) => {},
  },
  guards: {
    popDue: ({ context }) => context.content?.pop != null && context.popSeenOn !== context.today,
  },
}).createMachine({
  id: 'home',
  context: ({ input }) => ({ content: null, today: null, popSeenOn: input.popSeenOn }),
  initial: 'idle',
  states: {
    idle: { on: { 'home.load': 'loading' } },
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
      on: {
        'home.load': 'loading',
        'home.notice': {
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
            'home.visit': { target: 'popOpen', reenter: true },
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
