// The home content area's model (issue 3 §3; issue 8 §1; spec §3 platform counts): graphs, transition table and
// per-state oracle, shared by its model test (home-content.machine.test.ts) and its UI model test
// (tests/ui/home-content.ui.test.tsx).
import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import {
  homeContentMachine,
  type HomeContent,
  type HomeInput,
  type HomeLoad,
  type HomeShowcase,
} from '../../../machines/home/home-content.machine.ts';
import type { JackpotPoolResponse } from '../../../src/protocol/jackpot.ts';
import type { HotGame, RecentWin } from '../../../src/protocol/showcase.ts';
import type { Notice, PopInfo } from '../../../src/protocol/site.ts';
import {
  SAME,
  type Fakes,
  type MachineModel,
  type OracleArgs,
  type TransitionTable,
} from '../../support/model-paths.ts';

/** Product constant (docs/api.md queryNoticeList: category 1 = marquee notices, 2 = announcements). */
export const MARQUEE_CATEGORY = 1;

export const LOADING = '0.home.loading';
/** issue 19 §2: the showcase loads once the content is shown (the ready state's invocation). */
export const SHOWCASE_LOADING = '0.home.ready';
export const YESTERDAY = '2025-03-01';
export const TODAY = '2025-03-02';
export const TOMORROW = '2025-03-03';

export const POP: PopInfo = {
  id: 7,
  title: '每日活动',
  content: '首充送礼',
  imageUrl: '/pop.png',
  linkUrl: '/activity/discount',
};

export const notice = (id: number, category: number, text: string): Notice => ({
  id,
  category,
  title: '公告',
  content: text,
  createdAt: '2025-03-01T00:00:00Z',
});
export const LOADED_NOTICE = notice(1, MARQUEE_CATEGORY, '欢迎');
/** Pushed over the socket (issue 5 §2). */
export const PUSHED = notice(2, MARQUEE_CATEGORY, '新公告');
export const PUSHED_AGAIN_EDITED = notice(1, MARQUEE_CATEGORY, '欢迎（已更新）');
export const OTHER_CATEGORY = notice(3, MARQUEE_CATEGORY + 1, '站内信');

/** issue 19 §2: a hot game with its art (320×240 WebP) and the venue a tap launches. */
export const HOT: HotGame[] = [
  {
    code: 'fortune-god',
    name: '财神到',
    platform: 'DZ',
    lobby: 'egame',
    venue: 'PGDZ',
    venueName: 'PG 电子',
    game: 'fortune-god',
    image: '/media/games/fortune-god.webp',
    width: 320,
    height: 240,
  },
];
/** issue 19 §2: a recent win (masked phone, game, amount won in fen). */
export const WINS: RecentWin[] = [
  { id: 9, player: '13**01', game: '财神到', amount: 1_000, settledAt: '2025-03-02T01:00:00.000Z' },
];
/** issue 19 §2: the slots' jackpot pool (fen). */
export const JACKPOT: JackpotPoolResponse = { pool: 1_234_567, seed: 1_000_000, lastWin: null };

export function content(pop: PopInfo | null): HomeContent {
  return {
    notices: [LOADED_NOTICE],
    ads: [],
    icons: [],
    pop,
    // issue 19 §2: a count on every category tile, 捕鱼 (BY) included.
    counts: { QP: 12, TY: 3, ZR: 5, DZ: 40, CP: 8, DJ: 2, BY: 2 },
  };
}

/** issue 19 §2: the showcase as it arrives after the content (the jackpot's call failed: its part is null). */
export const SHOWCASE: HomeShowcase = { hot: HOT, wins: WINS, jackpot: JACKPOT };
export const SHOWCASE_NO_JACKPOT: HomeShowcase = { hot: HOT, wins: WINS, jackpot: null };
export const showcaseLoaded = (output: HomeShowcase) => ({
  type: `xstate.done.actor.${SHOWCASE_LOADING}`,
  output,
});
/** Offered by the graphs only while the showcase is on its way (it answers once per entry into ready). */
export const showcasePending = (s: AnyMachineSnapshot, e: AnyEventObject) =>
  !e.type.endsWith(`.actor.${SHOWCASE_LOADING}`) ||
  (s.matches('ready') && (s.context as { content: HomeContent | null }).content?.hot === undefined);

export const loaded = (pop: PopInfo | null, today = TODAY) => ({
  type: `xstate.done.actor.${LOADING}`,
  output: { content: content(pop), today } satisfies HomeLoad,
});

/** spec §2: the home page. */
export const HOME = '/';
export const route = (path: string, search = '') => ({ type: 'route.changed', path, search }) as const;

export const EVENTS = [
  { type: 'home.load' },
  { type: 'home.retry' },
  { type: 'home.popClose' },
  // issue 8 §1: the area hears the route (leaving home and coming back re-offers a due pop-up).
  route(HOME),
  route('/game/chess'),
  loaded(POP),
  loaded(null),
  { type: `xstate.error.actor.${LOADING}`, error: new Error('offline') },
  // Pushing PUSHED again (once it is on the bar) takes the replace-by-id road.
  { type: 'socket.notice', notice: PUSHED },
  showcaseLoaded(SHOWCASE),
  showcaseLoaded(SHOWCASE_NO_JACKPOT),
  { type: `xstate.error.actor.${SHOWCASE_LOADING}`, error: new Error('offline') },
  { type: 'socket.notice', notice: OTHER_CATEGORY },
];

export const provided = (fakes: Fakes) =>
  homeContentMachine.provide({
    actors: {
      loadHome: fakes.promise<HomeLoad>('loadHome'),
      loadShowcase: fakes.promise<HomeShowcase>('loadShowcase'),
    },
    actions: fakes.actions('persistPopSeen', 'showPop'),
  });

// ───────────── the home area as the spec and issue 3 §3 tell it ─────────────

/** What the area knows after the events: the page, the day the pop-up was last closed, the last content. */
export function homeAfter(input: HomeInput, history: readonly AnyEventObject[]) {
  let path = input.path;
  let popSeenOn = input.popSeenOn;
  let load: HomeLoad | null = null;
  let notices: Notice[] = [];
  let popShowing = false;
  /** issue 19 §2: the showcase since the last load: not yet (undefined), arrived, or failed (each part null). */
  let showcase: HomeShowcase | undefined;
  for (const e of history) {
    if (e.type === 'route.changed') path = e['path'] as string;
    if (e.type === `xstate.done.actor.${LOADING}`) {
      load = e['output'] as HomeLoad;
      notices = load.content.notices;
      popShowing = load.content.pop !== null && popSeenOn !== load.today;
      showcase = undefined;
    }
    if (e.type === `xstate.done.actor.${SHOWCASE_LOADING}`) showcase = e['output'] as HomeShowcase;
    if (e.type === `xstate.error.actor.${SHOWCASE_LOADING}`)
      showcase = { hot: null, wins: null, jackpot: null };
    if (e.type === 'home.popClose' && popShowing) {
      popSeenOn = load!.today;
      popShowing = false;
    }
    if (e.type === 'home.load' || e.type === 'home.retry') popShowing = false;
    const n = e['notice'] as Notice | undefined;
    // Marquee notices pushed over the socket go first on the bar, replacing one with the same id.
    if (e.type === 'socket.notice' && load && n!.category === MARQUEE_CATEGORY)
      notices = [n!, ...notices.filter((x) => x.id !== n!.id)];
  }
  return { path, popSeenOn, load, notices, showcase };
}

/** Once loaded: the pop-up activity shows once a day (not again the day it was closed). */
export const afterLoad = ({
  event,
  input,
  history,
}: {
  event: AnyEventObject;
  input: HomeInput;
  history: AnyEventObject[];
}) => {
  const { popSeenOn } = homeAfter(input, history.slice(0, -1));
  const { content, today } = (event as unknown as { output: HomeLoad }).output;
  return content.pop !== null && popSeenOn !== today ? 'ready.popOpen' : 'ready.popClosed';
};

export const HOME_TABLE: TransitionTable = {
  '*': {
    'route.changed': SAME,
    'socket.notice': SAME,
    'home.load': 'loading',
    // issue 19 §2: the showcase joins the content where it is; it moves no state.
    [`xstate.done.actor.${SHOWCASE_LOADING}`]: SAME,
    [`xstate.error.actor.${SHOWCASE_LOADING}`]: SAME,
  },
  loading: { [`xstate.done.actor.${LOADING}`]: afterLoad, [`xstate.error.actor.${LOADING}`]: 'failed' },
  failed: { 'home.retry': 'loading', 'home.load': 'loading' },
  'ready.popOpen': { 'home.popClose': 'ready.popClosed' },
};

export function homeOracle(o: OracleArgs) {
  const input = o.input as HomeInput;
  const want = homeAfter(input, o.history);
  const state = o.snapshot.matches('ready')
    ? `ready.${(o.snapshot.value as { ready: string }).ready}`
    : (o.snapshot.value as string);
  expect(o.snapshot.context).toMatchObject({ path: want.path, popSeenOn: want.popSeenOn });
  // The content loads as soon as the area starts, and again on home.load / home.retry.
  const loads = 1 + o.history.filter((e) => e.type === 'home.load' || e.type === 'home.retry').length;
  expect(o.fakes.invocations.filter((i) => i.src === 'loadHome')).toHaveLength(loads);
  if (state.startsWith('ready.')) {
    expect(o.snapshot.context.content!.notices).toEqual(want.notices);
    expect(o.snapshot.context.today).toBe(want.load!.today);
    // issue 19 §2: the seven counts (捕鱼 too); the showcase once it arrived — the hot games, the recent wins, the
    // jackpot pool (null when its call failed) —, nothing of it before, each part empty when the call failed.
    const c = o.snapshot.context.content!;
    expect(c.counts).toEqual({ QP: 12, TY: 3, ZR: 5, DZ: 40, CP: 8, DJ: 2, BY: 2 });
    if (want.showcase === undefined)
      expect([c.hot, c.wins, c.jackpot]).toEqual([undefined, undefined, undefined]);
    else if (want.showcase.hot === null) expect([c.hot, c.wins, c.jackpot]).toEqual([null, null, null]);
    else {
      expect(c).toMatchObject({
        hot: [{ code: 'fortune-god', image: '/media/games/fortune-god.webp', width: 320, height: 240 }],
        wins: [{ player: '13**01', game: '财神到', amount: 1_000 }],
      });
      expect(c.jackpot).toEqual(
        want.showcase.jackpot === null ? null : { pool: 1_234_567, seed: 1_000_000, lastWin: null },
      );
    }
  }
  // The showcase is asked for once each time the content is shown (issue 19 §2: after it, never before).
  const shown = o.history.filter((e) => e.type === `xstate.done.actor.${LOADING}`).length;
  expect(o.fakes.invocations.filter((i) => i.src === 'loadShowcase')).toHaveLength(shown);
  // The app-install strip lives as long as the area (issue 19 §2), started with what the device remembers.
  const strip = o.snapshot.children['installStrip'];
  expect(strip?.getSnapshot().value).toBe(input.installDismissed ? 'dismissed' : 'waiting');
  // The pop-up is offered on arriving in popOpen: loaded while due, or the player back home while it is.
  const entered =
    state === 'ready.popOpen' &&
    (o.event.type === `xstate.done.actor.${LOADING}` ||
      (o.event.type === 'route.changed' && o.event['path'] === '/' && o.previous.context.path !== '/'));
  const closed = state === 'ready.popClosed' && o.event.type === 'home.popClose';
  expect(o.effects.actions).toEqual([
    ...(entered ? [{ name: 'showPop', params: { pop: want.load!.content.pop } }] : []),
    ...(closed ? [{ name: 'persistPopSeen', params: { day: want.load!.today } }] : []),
  ]);
  expect(o.effects.emitted).toEqual([]);
}

// The graph's own showPop is a plain named action (the real one reads the system), so each step says when the
// pop-up is shown and the replay checks the real actor asks for it exactly then.
export const homeContentModel: MachineModel = {
  title: 'home content',
  machine: homeContentMachine.provide({ actions: { showPop: () => {} } }),
  graphs: [
    {
      name: 'pop never seen',
      input: { popSeenOn: null, path: HOME },
      events: EVENTS,
      filterEvents: showcasePending,
    },
    {
      name: 'pop seen yesterday',
      input: { popSeenOn: YESTERDAY, path: HOME },
      events: EVENTS,
      filterEvents: showcasePending,
    },
    {
      name: 'pop seen today',
      input: { popSeenOn: TODAY, path: HOME },
      events: EVENTS,
      filterEvents: showcasePending,
    },
    // issue 19 §2: the install strip closed on this device before.
    {
      name: 'install strip closed before',
      input: { popSeenOn: null, path: HOME, installDismissed: true },
      events: EVENTS,
      filterEvents: showcasePending,
    },
  ],
  harness: {
    logic: provided,
    initial: 'loading',
    transitions: HOME_TABLE,
    oracles: {
      loading: homeOracle,
      failed: homeOracle,
      'ready.popOpen': homeOracle,
      'ready.popClosed': homeOracle,
    },
  },
};
