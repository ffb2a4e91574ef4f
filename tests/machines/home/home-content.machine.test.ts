import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, setup, type AnyEventObject } from 'xstate';
import {
  homeContentMachine,
  PLATFORM_KEYS,
  type HomeLoad,
} from '../../../machines/home/home-content.machine.ts';
import * as homeModule from '../../../machines/home/home-content.machine.ts';
import type { PopInfo } from '../../../src/protocol/site.ts';
import { describeModel, Fakes, settle } from '../../support/model-paths.ts';
import {
  content,
  HOME,
  homeContentModel,
  LOADED_NOTICE,
  LOADING,
  MARQUEE_CATEGORY,
  OTHER_CATEGORY,
  POP,
  provided,
  PUSHED,
  PUSHED_AGAIN_EDITED,
  route,
  SHOWCASE,
  SHOWCASE_LOADING,
  TODAY,
  TOMORROW,
  YESTERDAY,
} from './home-content.model.ts';

describeModel(
  homeContentModel.title,
  homeContentModel.machine,
  homeContentModel.graphs,
  homeContentModel.harness,
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
  it('lists the six platform count keys (spec §3) and 捕鱼 BY (issue 19 §2: a count on every tile)', () => {
    expect(homeModule.MARQUEE_CATEGORY).toBe(MARQUEE_CATEGORY);
    expect([...PLATFORM_KEYS].sort()).toEqual(['BY', 'CP', 'DJ', 'DZ', 'QP', 'TY', 'ZR']);
  });

  it('starts the install strip as the device remembers it, and it hears the browser (issue 19 §2)', async () => {
    const fakes = new Fakes();
    const actor = createActor(provided(fakes), { input: { popSeenOn: null, path: HOME } }).start();
    const strip = actor.system.get('installStrip')!;
    expect(strip.getSnapshot().value).toBe('waiting');
    strip.send({ type: 'install.available' });
    expect(strip.getSnapshot().value).toBe('offered');
    const closed = createActor(provided(new Fakes()), {
      input: { popSeenOn: null, path: HOME, installDismissed: true },
    }).start();
    expect(closed.system.get('installStrip')!.getSnapshot().value).toBe('dismissed');
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
    expect(fakes.invocations.filter((i) => i.src === 'loadHome')).toHaveLength(2);
  });

  it('home.retry is ignored unless the load failed', async () => {
    const { actor, fakes, load } = await start(null);
    actor.send({ type: 'home.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(fakes.invocations.filter((i) => i.src === 'loadHome')).toHaveLength(1);
    await load(null);
    actor.send({ type: 'home.retry' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'popClosed' });
    expect(fakes.invocations.filter((i) => i.src === 'loadHome')).toHaveLength(1);
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
        content: {
          notices: [],
          ads: [],
          icons: [],
          pop: POP,
          counts: null,
          hot: null,
          wins: null,
          jackpot: null,
        },
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

describe('home content showcase (issue 19 §2)', () => {
  it('asks for the showcase only once the content is shown, and adds it to the content when it comes', async () => {
    const { actor, fakes, load } = await start(TODAY);
    expect(fakes.invocations.map((i) => i.src)).toEqual(['loadHome']);
    await load(null);
    expect(fakes.invocations.map((i) => i.src)).toEqual(['loadHome', 'loadShowcase']);
    expect(actor.getSnapshot().context.content?.hot).toBeUndefined();
    fakes.resolve(SHOWCASE_LOADING, SHOWCASE);
    await settle();
    expect(actor.getSnapshot().context.content).toMatchObject({ hot: SHOWCASE.hot, wins: SHOWCASE.wins });
    expect(actor.getSnapshot().context.content?.notices).toEqual([LOADED_NOTICE]);
  });

  it('a showcase that fails leaves its parts empty, the content kept', async () => {
    const { actor, fakes, load } = await start(TODAY);
    await load(null);
    fakes.reject(SHOWCASE_LOADING, new Error('offline'));
    await settle();
    expect(actor.getSnapshot().context.content).toMatchObject({ hot: null, wins: null, jackpot: null });
    expect(actor.getSnapshot().value).toEqual({ ready: 'popClosed' });
  });
});
