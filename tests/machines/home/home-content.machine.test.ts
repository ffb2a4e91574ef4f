import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, setup, type AnyEventObject } from 'xstate';
import {
  homeContentMachine,
  PLATFORM_KEYS,
  type HomeContent,
  type HomeInput,
  type HomeLoad,
} from '../../../machines/home/home-content.machine.ts';
import * as homeModule from '../../../machines/home/home-content.machine.ts';
import type { Notice, PopInfo } from '../../../src/protocol/site.ts';
import {
  describeModel,
  Fakes,
  SAME,
  settle,
  type OracleArgs,
  type TransitionTable,
} from '../../support/model-paths.ts';

/** Product constant (docs/api.md queryNoticeList: category 1 = marquee notices, 2 = announcements). */
const MARQUEE_CATEGORY = 1;

const LOADING = '0.home.loading';
const YESTERDAY = '2025-03-01';
const TODAY = '2025-03-02';
const TOMORROW = '2025-03-03';

const POP: PopInfo = {
  id: 7,
  title: '每日活动',
  content: '首充送礼',
  imageUrl: '/pop.png',
  linkUrl: '/activity/discount',
};

const notice = (id: number, category: number, text: string): Notice => ({
  id,
  category,
  title: '公告',
  content: text,
  createdAt: '2025-03-01T00:00:00Z',
});
const LOADED_NOTICE = notice(1, MARQUEE_CATEGORY, '欢迎');
/** Pushed over the socket (issue 5 §2). */
const PUSHED = notice(2, MARQUEE_CATEGORY, '新公告');
const PUSHED_AGAIN_EDITED = notice(1, MARQUEE_CATEGORY, '欢迎（已更新）');
const OTHER_CATEGORY = notice(3, MARQUEE_CATEGORY + 1, '站内信');

function content(pop: PopInfo | null): HomeContent {
  return {
    notices: [LOADED_NOTICE],
    ads: [],
    icons: [],
    pop,
    counts: { QP: 12, TY: 3, ZR: 5, DZ: 40, CP: 8, DJ: 2 },
  };
}

const loaded = (pop: PopInfo | null, today = TODAY) => ({
  type: `xstate.done.actor.${LOADING}`,
  output: { content: content(pop), today } satisfies HomeLoad,
});

/** spec §2: the home page. */
const HOME = '/';
const route = (path: string, search = '') => ({ type: 'route.changed', path, search }) as const;

const EVENTS = [
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
  { type: 'socket.notice', notice: OTHER_CATEGORY },
];

const provided = (fakes: Fakes) =>
  homeContentMachine.provide({
    actors: { loadHome: fakes.promise<HomeLoad>('loadHome') },
    actions: fakes.actions('persistPopSeen', 'showPop'),
  });

// ───────────── the home area as the spec and issue 3 §3 tell it ─────────────

/** What the area knows after the events: the page, the day the pop-up was last closed, the last content. */
function homeAfter(input: HomeInput, history: readonly AnyEventObject[]) {
  let path = input.path;
  let popSeenOn = input.popSeenOn;
  let load: HomeLoad | null = null;
  let notices: Notice[] = [];
  let popShowing = false;
  for (const e of history) {
    if (e.type === 'route.changed') path = e['path'] as string;
    if (e.type === `xstate.done.actor.${LOADING}`) {
      load = e['output'] as HomeLoad;
      notices = load.content.notices;
      popShowing = load.content.pop !== null && popSeenOn !== load.today;
    }
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
  return { path, popSeenOn, load, notices };
}

/** Once loaded: the pop-up activity shows once a day (not again the day it was closed). */
const afterLoad = ({
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

const HOME_TABLE: TransitionTable = {
  '*': { 'route.changed': SAME, 'socket.notice': SAME, 'home.load': 'loading' },
  loading: { [`xstate.done.actor.${LOADING}`]: afterLoad, [`xstate.error.actor.${LOADING}`]: 'failed' },
  failed: { 'home.retry': 'loading', 'home.load': 'loading' },
  'ready.popOpen': { 'home.popClose': 'ready.popClosed' },
};

function homeOracle(o: OracleArgs) {
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
  }
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
describeModel(
  'home content',
  homeContentMachine.provide({ actions: { showPop: () => {} } }),
  [
    { name: 'pop never seen', input: { popSeenOn: null, path: HOME }, events: EVENTS },
    { name: 'pop seen yesterday', input: { popSeenOn: YESTERDAY, path: HOME }, events: EVENTS },
    { name: 'pop seen today', input: { popSeenOn: TODAY, path: HOME }, events: EVENTS },
  ],
  {
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
);

async function start(popSeenOn: string | null) {
  const fakes = new Fakes();
  const actor = createActor(provided(fakes), { input: { popSeenOn, path: HOME } }).start();
  let first = true;
  /** The first load runs at once (the area starts loading); later ones are asked for with home.load. */
  const load = async (pop: PopInfo | null, today = TODAY) => {
    if (!first) actor.send({ type: 'home.load' });
    first = false;
    fakes.resolve(LOADING, { content: content(pop), today });
    await settle();
  };
  return { actor, fakes, load };
}

describe('home content edge cases', () => {
  it('lists the six platform count keys (spec §3)', () => {
    expect(homeModule.MARQUEE_CATEGORY).toBe(MARQUEE_CATEGORY);
    expect([...PLATFORM_KEYS].sort()).toEqual(['CP', 'DJ', 'DZ', 'QP', 'TY', 'ZR']);
  });

  it('starts loading at once: the area starts when the player enters home (issue 8 §1)', async () => {
    const { actor, fakes } = await start(null);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(fakes.invocations.map((i) => i.src)).toEqual(['loadHome']);
  });

  it.each([
    ['never seen', null],
    ['seen yesterday', YESTERDAY],
  ])('opens the pop-up when it was %s', async (_, seen) => {
    const { actor, load } = await start(seen);
    await load(POP);
    expect(actor.getSnapshot().value).toEqual({ ready: 'popOpen' });
    expect(actor.getSnapshot().context.content?.pop).toEqual(POP);
  });

  it('asks the app to show the pop-up once, when it opens', async () => {
    const { actor, fakes, load } = await start(null);
    await load(POP);
    expect(fakes.called('showPop')).toEqual([{ pop: POP }]);
    actor.send({ type: 'home.popClose' });
    expect(fakes.called('showPop')).toHaveLength(1);
  });

  it('keeps the pop-up closed when it was seen today (once a day)', async () => {
    const { actor, fakes, load } = await start(TODAY);
    await load(POP);
    expect(actor.getSnapshot().value).toEqual({ ready: 'popClosed' });
    expect(fakes.calls).toEqual([]);
  });

  it('keeps the pop-up closed when there is no pop activity', async () => {
    const { actor, load } = await start(null);
    await load(null);
    expect(actor.getSnapshot().value).toEqual({ ready: 'popClosed' });
  });

  it('closing the pop-up persists the day; a reload that day keeps it closed, the next day opens it', async () => {
    const { actor, fakes, load } = await start(YESTERDAY);
    await load(POP);
    actor.send({ type: 'home.popClose' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'popClosed' });
    expect(actor.getSnapshot().context.popSeenOn).toBe(TODAY);
    expect(fakes.called('persistPopSeen')).toEqual([{ day: TODAY }]);
    await load(POP);
    expect(actor.getSnapshot().value).toEqual({ ready: 'popClosed' });
    expect(fakes.called('showPop')).toHaveLength(1);
    await load(POP, TOMORROW);
    expect(actor.getSnapshot().value).toEqual({ ready: 'popOpen' });
    expect(fakes.called('showPop')).toHaveLength(2);
    expect(fakes.called('persistPopSeen')).toHaveLength(1);
  });

  it('popClose outside the open pop-up does nothing', async () => {
    const { actor, fakes, load } = await start(null);
    actor.send({ type: 'home.popClose' });
    await load(null);
    actor.send({ type: 'home.popClose' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'popClosed' });
    expect(actor.getSnapshot().context.popSeenOn).toBeNull();
    expect(fakes.calls).toEqual([]);
  });

  it.each(['home.retry', 'home.load'] as const)('a failed load can be retried with %s', async (type) => {
    const { actor, fakes } = await start(null);
    fakes.reject(LOADING, new Error('offline'));
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.content).toBeNull();
    actor.send({ type });
    expect(actor.getSnapshot().value).toBe('loading');
    fakes.resolve(LOADING, { content: content(POP), today: TODAY });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ ready: 'popOpen' });
    expect(fakes.invocations).toHaveLength(2);
  });

  it('home.retry is ignored unless the load failed', async () => {
    const { actor, fakes, load } = await start(null);
    actor.send({ type: 'home.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(fakes.invocations).toHaveLength(1);
    await load(null);
    actor.send({ type: 'home.retry' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'popClosed' });
    expect(fakes.invocations).toHaveLength(1);
  });

  it('a pushed marquee notice joins the bar first; a re-pushed one replaces its old copy', async () => {
    const { actor, load } = await start(TODAY);
    await load(null);
    actor.send({ type: 'socket.notice', notice: PUSHED });
    expect(actor.getSnapshot().context.content?.notices).toEqual([PUSHED, LOADED_NOTICE]);
    actor.send({ type: 'socket.notice', notice: PUSHED_AGAIN_EDITED });
    expect(actor.getSnapshot().context.content?.notices).toEqual([PUSHED_AGAIN_EDITED, PUSHED]);
    expect(actor.getSnapshot().value).toEqual({ ready: 'popClosed' });
  });

  it('a pushed notice of another category is not for the bar', async () => {
    const { actor, load } = await start(TODAY);
    await load(null);
    actor.send({ type: 'socket.notice', notice: OTHER_CATEGORY });
    expect(actor.getSnapshot().context.content?.notices).toEqual([LOADED_NOTICE]);
  });

  it('a pushed notice keeps an open pop-up open', async () => {
    const { actor, load } = await start(null);
    await load(POP);
    actor.send({ type: 'socket.notice', notice: PUSHED });
    expect(actor.getSnapshot().value).toEqual({ ready: 'popOpen' });
    expect(actor.getSnapshot().context.content?.notices[0]).toEqual(PUSHED);
  });
});

/** The home area in a system with a recording stand-in for the shell's modal host (systemId 'modals'). */
function inSystem(input: { popSeenOn: string | null; path: string }) {
  const opened: AnyEventObject[] = [];
  const persisted: string[] = [];
  const home = homeContentMachine.provide({
    actors: {
      loadHome: fromPromise(async (): Promise<HomeLoad> => ({
        content: { notices: [], ads: [], icons: [], pop: POP, counts: null },
        today: TODAY,
      })),
    },
    actions: { persistPopSeen: (_, { day }) => void persisted.push(day) },
  });
  const shell = setup({
    actors: {
      modals: fromCallback<AnyEventObject>(({ receive }) => {
        receive((event) => void opened.push(event));
      }),
      home,
    },
  }).createMachine({
    invoke: [
      { src: 'modals', systemId: 'modals' },
      { id: 'home', src: 'home', systemId: 'home', input },
    ],
  });
  const actor = createActor(shell).start();
  const area = actor.system.get('home')!;
  const pops = () => opened.filter((e) => e.type === 'modal.open');
  return { area, pops, persisted };
}

describe('the pop-up opens in the modal host, only on the home page (spec §2, issue 8 §1)', () => {
  it('on home it opens once the content arrives; coming back home re-offers it; once closed it does not', async () => {
    const { area, pops, persisted } = inSystem({ popSeenOn: null, path: HOME });
    await settle();
    expect(pops()).toHaveLength(1);
    expect(pops()[0]!.spec).toMatchObject({ key: `pop:${POP.id}`, route: HOME, content: { pop: POP } });
    // Its buttons' events are for this area's actor (modal-host runEvents routes `actor` to the system).
    expect(pops()[0]!.spec.onDismiss).toEqual([{ type: 'home.popClose', actor: 'home' }]);
    area.send(route('/game/chess'));
    expect(pops()).toHaveLength(1);
    area.send(route(HOME));
    expect(pops()).toHaveLength(2);
    // A query change on home is not a new entry.
    area.send(route(HOME, '?tab=1'));
    expect(pops()).toHaveLength(2);
    area.send({ type: 'home.popClose' });
    expect(persisted).toEqual([TODAY]);
    area.send(route('/game/chess'));
    area.send(route(HOME));
    expect(pops()).toHaveLength(2);
  });

  it('content arriving after the player left home opens nothing; the next visit home offers it', async () => {
    const { area, pops } = inSystem({ popSeenOn: null, path: HOME });
    area.send(route('/other/restrictionIp', '?name=access-alert'));
    await settle();
    expect(area.getSnapshot().value).toEqual({ ready: 'popOpen' });
    expect(pops()).toEqual([]);
    area.send(route(HOME));
    expect(pops()).toHaveLength(1);
  });

  it('seen today: nothing opens on home', async () => {
    const { area, pops } = inSystem({ popSeenOn: TODAY, path: HOME });
    await settle();
    area.send(route('/game/chess'));
    area.send(route(HOME));
    expect(area.getSnapshot().value).toEqual({ ready: 'popClosed' });
    expect(pops()).toEqual([]);
  });
});
