import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  homeContentMachine,
  MARQUEE_CATEGORY,
  PLATFORM_KEYS,
  type HomeContent,
  type HomeLoad,
} from '../../machines/home-content.machine.ts';
import type { Notice, PopInfo } from '../../src/protocol/site.ts';
import { describeModel, Fakes, settle } from '../support/model-paths.ts';

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

const EVENTS = [
  { type: 'home.load' },
  { type: 'home.retry' },
  { type: 'home.popClose' },
  { type: 'home.visit' },
  loaded(POP),
  loaded(null),
  { type: `xstate.error.actor.${LOADING}`, error: new Error('offline') },
  // Pushing PUSHED again (once it is on the bar) takes the replace-by-id road.
  { type: 'home.notice', notice: PUSHED },
  { type: 'home.notice', notice: OTHER_CATEGORY },
];

const provided = (fakes: Fakes) =>
  homeContentMachine.provide({
    actors: { loadHome: fakes.promise<HomeLoad>('loadHome') },
    actions: fakes.actions('persistPopSeen', 'showPop'),
  });

describeModel(
  'home content',
  homeContentMachine,
  [
    { name: 'pop never seen', input: { popSeenOn: null }, events: EVENTS },
    { name: 'pop seen yesterday', input: { popSeenOn: YESTERDAY }, events: EVENTS },
    { name: 'pop seen today', input: { popSeenOn: TODAY }, events: EVENTS },
  ],
  { logic: provided },
);

async function start(popSeenOn: string | null) {
  const fakes = new Fakes();
  const actor = createActor(provided(fakes), { input: { popSeenOn } }).start();
  const load = async (pop: PopInfo | null, today = TODAY) => {
    actor.send({ type: 'home.load' });
    fakes.resolve(LOADING, { content: content(pop), today });
    await settle();
  };
  return { actor, fakes, load };
}

describe('home content edge cases', () => {
  it('lists the six platform count keys (spec §3)', () => {
    expect([...PLATFORM_KEYS].sort()).toEqual(['CP', 'DJ', 'DZ', 'QP', 'TY', 'ZR']);
  });

  it('waits for home.load before loading', async () => {
    const { actor, fakes } = await start(null);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(fakes.invocations).toEqual([]);
    actor.send({ type: 'home.load' });
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
    actor.send({ type: 'home.load' });
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
    const { actor, fakes } = await start(null);
    actor.send({ type: 'home.retry' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(fakes.invocations).toEqual([]);
  });

  it('a pushed marquee notice joins the bar first; a re-pushed one replaces its old copy', async () => {
    const { actor, load } = await start(TODAY);
    await load(null);
    actor.send({ type: 'home.notice', notice: PUSHED });
    expect(actor.getSnapshot().context.content?.notices).toEqual([PUSHED, LOADED_NOTICE]);
    actor.send({ type: 'home.notice', notice: PUSHED_AGAIN_EDITED });
    expect(actor.getSnapshot().context.content?.notices).toEqual([PUSHED_AGAIN_EDITED, PUSHED]);
    expect(actor.getSnapshot().value).toEqual({ ready: 'popClosed' });
  });

  it('a pushed notice of another category is not for the bar', async () => {
    const { actor, load } = await start(TODAY);
    await load(null);
    actor.send({ type: 'home.notice', notice: OTHER_CATEGORY });
    expect(actor.getSnapshot().context.content?.notices).toEqual([LOADED_NOTICE]);
  });

  it('a pushed notice keeps an open pop-up open', async () => {
    const { actor, load } = await start(null);
    await load(POP);
    actor.send({ type: 'home.notice', notice: PUSHED });
    expect(actor.getSnapshot().value).toEqual({ ready: 'popOpen' });
    expect(actor.getSnapshot().context.content?.notices[0]).toEqual(PUSHED);
  });
});

describe('a visit home re-offers a pop-up still due', () => {
  it('home.visit in popOpen shows it again; after it was closed it does not', async () => {
    const fakes = new Fakes();
    const actor = createActor(
      homeContentMachine.provide({
        actors: {
          loadHome: fromPromise(async (): Promise<HomeLoad> => ({
            content: { notices: [], ads: [], icons: [], pop: POP, counts: null },
            today: TODAY,
          })),
        },
        actions: fakes.actions('persistPopSeen', 'showPop'),
      }),
      { input: { popSeenOn: null } },
    ).start();
    actor.send({ type: 'home.load' });
    await settle();
    expect(fakes.called('showPop')).toHaveLength(1);
    actor.send({ type: 'home.visit' });
    expect(fakes.called('showPop')).toHaveLength(2);
    actor.send({ type: 'home.popClose' });
    actor.send({ type: 'home.visit' });
    expect(fakes.called('showPop')).toHaveLength(2);
  });
});
