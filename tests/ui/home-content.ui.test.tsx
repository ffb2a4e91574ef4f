// The home content's generated paths on the rendered app (issue 18 §2; issue 3 §3 and issue 8 §1: the home page's
// notices, ads, floating icon, platform counts (spec §3 keys), the once-a-day pop-up activity, marquee notices
// pushed over the live socket (spec §4)). The content is the reference back end's demo seed; notices are
// published with the operator's `notice add`.
import { act, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { HomeInput } from '../../machines/home/home-content.machine.ts';
import { formatFen } from '../../src/protocol/money.ts';
import {
  homeAfter,
  homeContentModel,
  SHOWCASE_LOADING,
  TODAY,
  YESTERDAY,
} from '../machines/home/home-content.model.ts';
import type { Travelled } from '../support/ui-backend.ts';
import { describeUiModel, type UiSeen, type UiStep } from '../support/ui-model.tsx';

/** What travelled on the socket (spec §4): every frame the page's WebSocket received, parsed. */
const received: Array<{ msgId: number; body: unknown }> = [];
const NativeWebSocket = window.WebSocket;
class RecordingWebSocket extends NativeWebSocket {
  constructor(url: string | URL, protocols?: string | string[]) {
    super(url, protocols);
    this.addEventListener('message', (e: MessageEvent) => {
      received.push(JSON.parse(String(e.data)) as { msgId: number; body: unknown });
    });
  }
}
window.WebSocket = RecordingWebSocket;
globalThis.WebSocket = RecordingWebSocket;

/**
 * The home page's calls (docs/api.md): marquee notices, station ads, floating icons, pop-up, counts; and issue 19
 * §2's hot games, recent wins and jackpot pool.
 */
const CALLS = {
  notices: /^\/site\/api\/v1\/advertising\/queryNoticeList$/,
  ads: /^\/act\/api\/v1\/advertising\/queryStationAdList$/,
  icons: /^\/act\/api\/v1\/activityShow\/suspensionIcon$/,
  pop: /^\/act\/api\/v1\/memberTopActivity\/popInfo$/,
  counts: /^\/game\/api\/v1\/venue\/platformCount$/,
  hot: /^\/game\/api\/v1\/home\/hotGames$/,
  wins: /^\/game\/api\/v1\/home\/recentWins$/,
  jackpot: /^\/game\/api\/v1\/jackpot\/pool$/,
};
/** The content's five calls; issue 19 §2's showcase asks for its three once the content is shown. */
const MAIN_CALLS = [CALLS.notices, CALLS.ads, CALLS.icons, CALLS.pop, CALLS.counts];
const SHOWCASE_CALLS = [CALLS.hot, CALLS.wins, CALLS.jackpot];
const HOME_CALLS = [...MAIN_CALLS, ...SHOWCASE_CALLS];
/** docs/api.md queryNoticeList: category 1 = marquee (the notice bar), 2 = announcement. */
const MARQUEE = 1;
/** The stream's notice push (docs/api.md "Stream"). */
const NOTICE_PUSH = 20001;

/** What the player reads (zh-CN catalogue) and the demo seed's content (server/db/seed.ts). */
const TEXT = {
  notices: '最新公告',
  banners: '精彩活动',
  loadFailed: '内容加载失败，请检查网络后重试',
  retry: '重新加载',
  popClose: '关闭',
  popGo: '立即参与',
  home: '首页',
  chess: '棋牌',
  popTitle: '签到日历 天天有礼',
  popText: '每日签到领取彩金，连续签到 7 天额外赠送神秘大奖。',
  floating: '幸运翻牌（活动入口）',
  ads: ['新人首存礼 最高送 888', '体育串关 加赔 30%', '邀请好友 共享佣金'],
};
/** spec §3 platform counts of the demo seed's venues (QP 4, TY 3, ZR 3, DZ 5, CP 2, DJ 3). */
const COUNTS: Array<[string, number]> = [
  ['棋牌', 4],
  // IMTY, YBTY (OBTY), FBTY of spec §3 and V188 (issue 11 §4)
  ['体育', 4],
  ['真人', 3],
  ['电子', 5],
  ['彩票', 2],
  ['电竞', 3],
  // issue 19 §2: a count on every category tile, 捕鱼 too (JDBBY, KYBY).
  ['捕鱼', 2],
];
/** issue 19 §2: the hot games' heading, the visitor's strip, the install strip (jsdom never offers an install). */
const SHOWCASE = {
  hot: '热门游戏',
  jackpot: '电子奖池',
  visitor: '加入我们',
  register: '免费注册',
  login: '登录',
  install: '安装应用',
};
/** spec §9: a dialog's leave animation (300 ms) before it is gone. */
const MODAL_LEAVE_MS = 300;
/** A moment on a page (more than spec §9's 700 ms same-key window of dialogs). */
const A_MOMENT_MS = 1_000;
/** spec §3 local items: the day the pop-up activity was last closed. */
const POP_SEEN_KEY = 'popSeenOn';

/** The player's local calendar day, `days` from today (the pop-up shows once a local day). */
function day(days = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}
/** The graphs' days (fixtures) as the player's real days. */
const REAL_DAY: Record<string, string> = { [YESTERDAY]: day(-1), [TODAY]: day(0) };

/** The notices the operator published on this path, in order (reset when a path boots). */
const published: Array<{ title: string; content: string; category: number }> = [];

const path = () => window.location.pathname;
const dialogs = () => screen.queryAllByRole('dialog');
const popDialog = () => screen.queryByRole('dialog', { name: TEXT.popTitle });

/**
 * The address changes inside the app: by the header's links when nothing covers them, else (an open dialog is
 * modal) the way the browser's back/forward does it (a popstate the router follows).
 */
async function goTo(step: UiStep, to: string, link: string) {
  // The player spends a moment on a page before moving on: more than spec §9's 700 ms in which the same dialog
  // is not opened twice (the app's clock only moves when a step lets it).
  await act(async () => {
    step.clock.increment(A_MOMENT_MS);
    await Promise.resolve();
  });
  if (dialogs().length === 0) {
    await step.user.click(screen.getAllByRole('link', { name: link })[0]!);
  } else {
    await act(async () => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
      await Promise.resolve();
    });
    await leaveAnimation(step);
  }
  // The router reports the new address from an effect: the step is over once the app heard it.
  await waitFor(() => expect(step.app.getSnapshot().context.path).toBe(to));
}

/** The time a closing dialog takes to go (the app's clock). */
async function leaveAnimation({ clock }: UiStep) {
  await act(async () => {
    clock.increment(MODAL_LEAVE_MS);
    await Promise.resolve();
  });
}

/** Lets the held home calls answer: every one, or all but the pop-up's (fails: its part stays empty). */
async function answer({ backend, event }: UiStep) {
  const output = (event as unknown as { output: { content: { pop: unknown } } }).output;
  for (const call of MAIN_CALLS) {
    if (call === CALLS.pop && output.content.pop === null) await backend.fail(call);
    else await backend.release(call);
  }
}

/** The network is down for the home page: every one of its calls fails (a load fails only if all do). */
async function offline({ backend }: UiStep) {
  for (const call of MAIN_CALLS) await backend.fail(call);
}

/** The operator publishes a notice of the event's category; the page's socket receives its push. */
async function publish({ backend, event, app }: UiStep) {
  const category = (event as unknown as { notice: { category: number } }).notice.category;
  // The socket must be up to hear the push (the app opens it at start, spec §4).
  await waitFor(() => expect(app.system.get('socket')?.getSnapshot().context.status).toBe(1), {
    timeout: 10_000,
  });
  const n = published.length + 1;
  const notice = { title: `运营公告 ${n}`, content: `第 ${n} 条运营推送（分类 ${category}）`, category };
  published.push(notice);
  await backend.ops('notice', 'add', notice.title, notice.content, String(category));
  await waitFor(
    () =>
      expect(
        received.some(
          (m) => m.msgId === NOTICE_PUSH && (m.body as { title?: string }).title === notice.title,
        ),
      ).toBe(true),
    { timeout: 10_000 },
  );
}

type Answered = { title: string; content: string; category?: number };
const answerOf = (c: Travelled) => (c.answer as { data?: unknown } | null)?.data;

/** The last loads of this path: the calls of the home page that answered (the last of each kind). */
function lastAnswer(seen: UiSeen, call: RegExp): Travelled | undefined {
  return seen.backend.calls.filter((c) => call.test(c.url)).at(-1);
}

/** What the notice bar shows (its items the reader hears: the loop's copy is hidden). */
function barTexts(): string[] {
  const bar = screen.getByRole('region', { name: TEXT.notices });
  return within(bar)
    .queryAllByRole('listitem')
    .map((li) => li.textContent ?? '');
}

/** The home page while the content loads: nothing of it yet, no failure, no pop-up; its five calls went out. */
function loading(seen: UiSeen) {
  if (seen.index === 0 || seen.from !== 'loading') {
    for (const call of MAIN_CALLS)
      expect(
        seen.travelled.filter((c) => call.test(c.url)),
        `${call}`,
      ).toHaveLength(1);
  }
  if (path() !== '/') return;
  expect(screen.queryByRole('alert')).toBeNull();
  expect(barTexts()).toEqual([]);
  expect(screen.queryAllByRole('group', { name: / \/ / })).toEqual([]);
  expect(popDialog()).toBeNull();
}

/** The load failed: the player is told and can load again; nothing of the content shows. */
function failed(seen: UiSeen) {
  expect(seen.travelled.filter((c) => MAIN_CALLS.some((r) => r.test(c.url)) && c.status !== 0)).toEqual([]);
  if (path() !== '/') return;
  const alert = screen.getByRole('alert');
  expect(within(alert).getByText(TEXT.loadFailed)).toBeTruthy();
  expect(within(alert).getByRole('button', { name: TEXT.retry })).toBeTruthy();
  expect(barTexts()).toEqual([]);
  expect(popDialog()).toBeNull();
}

/**
 * The content is on the home page: the notice bar shows the marquee notices the back end answered, with the ones
 * pushed since first (issue 5 §2; announcements are not for the bar); the ads, the floating icon and the six
 * platform counts (spec §3) of the demo seed. Elsewhere the home page is not shown.
 */
function ready(seen: UiSeen) {
  if (path() !== '/') {
    expect(screen.queryByRole('region', { name: TEXT.notices })).toBeNull();
    return;
  }
  expect(screen.queryByRole('alert')).toBeNull();
  const loaded = (answerOf(lastAnswer(seen, CALLS.notices)!) ?? []) as Answered[];
  const pushedSince = published.filter((n) => n.category === MARQUEE).reverse();
  expect(barTexts()).toEqual([...pushedSince, ...loaded].map((n) => n.title + n.content));
  for (const title of TEXT.ads) expect(screen.getByRole('link', { name: title })).toBeTruthy();
  expect(screen.getByRole('link', { name: TEXT.floating })).toBeTruthy();
  for (const [name, n] of COUNTS)
    expect(screen.getByRole('link', { name: new RegExp(`${name}\\s*${n} 个平台`) })).toBeTruthy();
  // issue 19 §2: the showcase comes after the content; until it has, none of it shows.
  const showcase = homeAfter(seen.input as HomeInput, seen.history).showcase;
  const grid = screen.queryByRole('region', { name: SHOWCASE.hot });
  const jackpot = screen.queryByRole('region', { name: SHOWCASE.jackpot });
  if (showcase === undefined) {
    expect([grid, jackpot]).toEqual([null, null]);
  } else {
    // Every hot game the back end answered, a tile with its art that leads to its lobby's launch.
    const hot = ((answerOf(lastAnswer(seen, CALLS.hot)!) as { games?: unknown[] } | undefined)?.games ??
      []) as Array<{ name: string; image: string; lobby: string; venue: string }>;
    expect(hot.length).toBeGreaterThan(0);
    const tiles = within(grid!).getAllByRole('link');
    expect(tiles.map((a) => within(a).getByRole('img').getAttribute('alt'))).toEqual(hot.map((g) => g.name));
    tiles.forEach((a, i) => {
      expect(a.getAttribute('href')).toMatch(new RegExp(`^/game/${hot[i]!.lobby}\\?play=${hot[i]!.venue}`));
      const img = within(a).getByRole('img');
      expect(img.getAttribute('src')).toBe(hot[i]!.image);
      expect(img.getAttribute('loading')).toBe('lazy');
    });
    // The jackpot pool shows when its call answered (the graph's second showcase fails it: no part then).
    const pool = answerOf(lastAnswer(seen, CALLS.jackpot)!) as { pool?: number } | null | undefined;
    if (showcase.jackpot === null || typeof pool?.pool !== 'number') expect(jackpot).toBeNull();
    else expect(jackpot!.textContent).toContain(formatFen(pool.pool));
  }
  const visitor = screen.getByRole('region', { name: SHOWCASE.visitor });
  expect(within(visitor).getByRole('link', { name: SHOWCASE.register })).toBeTruthy();
  expect(within(visitor).getByRole('link', { name: SHOWCASE.login })).toBeTruthy();
  expect(screen.queryByRole('region', { name: SHOWCASE.install })).toBeNull();
}

/** Once a day (issue 3 §3): the pop-up activity is offered on the home page until the player closes it. */
function popOpen(seen: UiSeen) {
  ready(seen);
  expect(
    localStorage.getItem(POP_SEEN_KEY) === null ? null : JSON.parse(localStorage.getItem(POP_SEEN_KEY)!),
  ).toBe(REAL_DAY[(seen.input as HomeInput).popSeenOn ?? ''] ?? null);
  if (path() !== '/') {
    // The pop-up belongs to the home page: leaving drops it unseen.
    expect(popDialog()).toBeNull();
    return;
  }
  const dialog = screen.getByRole('dialog', { name: TEXT.popTitle });
  expect(within(dialog).getByText(TEXT.popText)).toBeTruthy();
  expect(within(dialog).getByRole('button', { name: TEXT.popClose })).toBeTruthy();
  expect(within(dialog).getByRole('button', { name: TEXT.popGo })).toBeTruthy();
}

/** No pop-up: none today, seen today, or closed — closing it keeps the day on the device. */
function popClosed(seen: UiSeen) {
  ready(seen);
  expect(popDialog()).toBeNull();
  const closed = seen.history.some((e) => e.type === 'home.popClose');
  const kept = localStorage.getItem(POP_SEEN_KEY);
  const want = closed ? day(0) : (REAL_DAY[(seen.input as HomeInput).popSeenOn ?? ''] ?? null);
  expect(kept === null ? null : JSON.parse(kept)).toBe(want);
}

/** Events nothing on the app produces: the graphs here leave them out (see `cannot` for the reasons). */
function unproducible(snapshot: AnyMachineSnapshot, event: AnyEventObject): string | null {
  // Nothing on the app sends home.load (no control, no code path: only home.retry after a failure reloads).
  if (event.type === 'home.load') return 'nothing on the app asks the home content to load again';
  if (event.type === `xstate.error.actor.${SHOWCASE_LOADING}`)
    return "the showcase's loader never fails: each of its calls settles alone (its part empty)";
  if (event.type === 'home.popClose' && snapshot.context.path !== '/')
    return 'the pop-up belongs to the home page: away from it, there is none to close';
  if (event.type === 'home.retry' && snapshot.context.path !== '/')
    return 'the retry button is on the home page: away from it, there is none to press';
  if (event.type === 'route.changed' && event['path'] === snapshot.context.path)
    return 'the router reports a change of address only: the same address again is no event';
  return null;
}

const boot = (popSeenOn: string | null) => ({
  path: '/',
  storage: popSeenOn ? { [POP_SEEN_KEY]: REAL_DAY[popSeenOn] } : {},
  backend: async () => {
    published.length = 0;
    received.length = 0;
  },
});

// The graphs on the app leave out what nothing on the page can produce (home.load reaches states nothing else
// does: a `cannot` there would end paths before the edges behind it); their edges are reported below.
const onApp = {
  ...homeContentModel,
  graphs: homeContentModel.graphs.map((g) => ({
    ...g,
    filterEvents: (s: AnyMachineSnapshot, e: AnyEventObject) =>
      (g.filterEvents?.(s, e) ?? true) && unproducible(s, e) === null,
  })),
};
console.info(
  'home content on the app: not producible (left out of the graphs): home.load (nothing sends it); ' +
    "the showcase's failure (its loader settles each call alone); " +
    'home.popClose and home.retry away from home (no pop-up, no button there); route.changed to the current address (no event)',
);

describeUiModel(onApp, {
  systemId: 'home',
  liveSocket: true,
  hold: HOME_CALLS,
  boot: {
    'pop never seen': boot(null),
    'pop seen yesterday': boot(YESTERDAY),
    'pop seen today': boot(TODAY),
    'install strip closed before': {
      skip:
        'the install strip shows only after a browser offers an install (jsdom never does): its start from the ' +
        "device's memory is checked by the machine's model test and tests/unit/mutants/home-area.test.ts",
    },
  },
  drive: {
    'xstate.done.actor.0.home.loading': answer,
    'xstate.error.actor.0.home.loading': offline,
    // issue 19 §2: the showcase's calls answer (the jackpot's refused when the graph's showcase has none).
    [`xstate.done.actor.${SHOWCASE_LOADING}`]: async ({ backend, event }) => {
      const output = (event as unknown as { output: { jackpot: unknown } }).output;
      for (const call of SHOWCASE_CALLS) {
        if (call === CALLS.jackpot && output.jackpot === null) await backend.fail(call);
        else await backend.release(call);
      }
    },
    // The player presses 重新加载 under the failure notice.
    'home.retry': async ({ user }) => {
      await user.click(await screen.findByRole('button', { name: TEXT.retry }));
    },
    // The player presses 关闭 on the pop-up.
    'home.popClose': async (step) => {
      const dialog = await screen.findByRole('dialog', { name: TEXT.popTitle });
      await step.user.click(within(dialog).getByRole('button', { name: TEXT.popClose }));
      await leaveAnimation(step);
    },
    'route.changed': async (step) => {
      const to = (step.event as unknown as { path: string }).path;
      await goTo(step, to, to === '/' ? TEXT.home : TEXT.chess);
    },
    'socket.notice': publish,
  },
  cannot: (event, snapshot) => unproducible(snapshot, event),
  see: { loading, failed, 'ready.popOpen': popOpen, 'ready.popClosed': popClosed },
});
