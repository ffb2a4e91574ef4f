import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import {
  appMachine,
  CHILD,
  createAppMachine,
  type AppEffects,
  type AppInput,
} from '../../machines/app.machine.ts';
import type { ApiErrorInfo } from '../../machines/error-catalogue.ts';
import type { HomeLoad } from '../../machines/home-content.machine.ts';
import {
  GATE_POLL_MS,
  GATE_RETRY_MS,
  HOME_PATH,
  MAINTENANCE_PATH,
  type PreInfoResult,
} from '../../machines/site-gate.machine.ts';
import type { Theme } from '../../machines/theme.machine.ts';
import { MARQUEE_STEP_MS, marqueeFrame } from '../../machines/title-marquee.machine.ts';
import { deferred, describeModel, settle, type Deferred, type Fakes } from '../support/model-paths.ts';
import { DOWN, MOBILE_DOMAIN, OPEN, ORIGIN, preInfo } from './fixtures.ts';

const CAVEAT = { type: 'navigate', to: '/other/restrictionIp?name=access-caveat', replace: true };
const ALERT = { type: 'navigate', to: '/other/restrictionIp?name=access-alert', replace: true };
const HOME = { type: 'navigate', to: HOME_PATH, replace: true };
const TO_MAINTENANCE = { type: 'navigate', to: MAINTENANCE_PATH, replace: true };

const business = (code: number, data?: unknown): ApiErrorInfo => ({
  type: 'business',
  code,
  message: `error ${code}`,
  ...(data === undefined ? {} : { data }),
});

const BOOT_TITLE = '棋牌官网';
const INPUT: AppInput = {
  gate: {
    cookiesEnabled: true,
    embedded: null,
    isMobileDevice: false,
    appDownloadMode: false,
    origin: ORIGIN,
    iCode: null,
    path: HOME_PATH,
  },
  theme: { stored: null, query: null },
  title: { title: BOOT_TITLE, hidden: false },
  home: { popSeenOn: null },
  alertSkipped: false,
};

// ───────────── model-based: the root actor's own graph ─────────────

const TITLE_A_OPEN = preInfo({ title: 'Site A', status: 1 });
const TITLE_A_DOWN = preInfo({ title: 'Site A', status: 0 });
const TITLE_B_OPEN = preInfo({ title: 'Site B', status: 1 });

const EVENTS = [
  { type: 'api.error', error: business(6031) },
  { type: 'api.error', error: business(6033) },
  { type: 'api.error', error: business(6032) },
  { type: 'api.error', error: business(6032, DOWN) },
  { type: 'api.error', error: business(6032, OPEN) },
  { type: 'api.error', error: business(6001) },
  { type: 'api.error', error: { type: 'network', code: 6031, message: 'network' } },
  { type: 'gate.preInfo', preInfo: TITLE_A_OPEN },
  { type: 'gate.preInfo', preInfo: TITLE_A_DOWN },
  { type: 'gate.preInfo', preInfo: TITLE_B_OPEN },
  { type: 'gate.retry' },
  { type: 'page.hidden' },
  { type: 'page.visible' },
  { type: 'page.focus' },
  { type: 'route.changed', path: '/game/chess' },
  { type: 'alert.skip' },
  { type: 'theme.select', theme: 'space' },
  { type: 'home.load' },
  { type: 'home.retry' },
  { type: 'home.popClose' },
];

/** The root only branches on the title and maintenance status it knows and on the skip flag. */
const key = (s: AnyMachineSnapshot) => ({
  value: s.value,
  title: s.context.preInfo?.SiteBaseConfigVo.title ?? null,
  status: s.context.preInfo?.maintainConfig.status ?? null,
  alertSkipped: s.context.alertSkipped,
});

/** Effects for the model replay: loaders never settle, so the children stay quiet and the root is alone. */
function quietEffects(fakes: Fakes): AppEffects {
  const never = <T>() => new Promise<T>(() => {});
  return {
    loadPreInfo: never,
    loadHome: never,
    redirectExternal: () => {},
    applyTheme: () => {},
    persistTheme: () => {},
    renderTitle: () => {},
    persistPopSeen: () => {},
    persistAlertSkip: fakes.recorder('persistAlertSkip'),
  };
}

describeModel(
  'app',
  appMachine,
  [
    { name: 'fresh session', input: INPUT, events: EVENTS, key },
    { name: 'access alert skipped earlier', input: { ...INPUT, alertSkipped: true }, events: EVENTS, key },
  ],
  { logic: (fakes) => createAppMachine(quietEffects(fakes)) },
);

// ───────────── the composed system ─────────────

interface Recorded {
  rendered: string[];
  applied: Theme[];
  persistedTheme: Theme[];
  redirects: string[];
  popSeen: string[];
  alertSkips: number;
  preInfoLoads: Array<Deferred<PreInfoResult>>;
  homeLoads: Array<Deferred<HomeLoad>>;
}

async function startApp(over: Partial<Omit<AppInput, 'gate'>> & { gate?: Partial<AppInput['gate']> } = {}) {
  const rec: Recorded = {
    rendered: [],
    applied: [],
    persistedTheme: [],
    redirects: [],
    popSeen: [],
    alertSkips: 0,
    preInfoLoads: [],
    homeLoads: [],
  };
  const fx: AppEffects = {
    loadPreInfo: () => {
      const d = deferred<PreInfoResult>();
      rec.preInfoLoads.push(d);
      return d.promise;
    },
    loadHome: () => {
      const d = deferred<HomeLoad>();
      rec.homeLoads.push(d);
      return d.promise;
    },
    redirectExternal: (url) => void rec.redirects.push(url),
    applyTheme: (t) => void rec.applied.push(t),
    persistTheme: (t) => void rec.persistedTheme.push(t),
    renderTitle: (text) => void rec.rendered.push(text),
    persistPopSeen: (day) => void rec.popSeen.push(day),
    persistAlertSkip: () => void rec.alertSkips++,
  };
  const clock = new SimulatedClock();
  const input: AppInput = { ...INPUT, ...over, gate: { ...INPUT.gate, ...over.gate } };
  const actor = createActor(createAppMachine(fx), { input, clock });
  const navigations: unknown[] = [];
  actor.on('navigate', (e) => void navigations.push(e));
  // The children exist (unstarted) once the actor is created: listen to the gate before anything runs.
  const gateNavigations: unknown[] = [];
  (actor.getSnapshot().children.siteGate as AnyActorRef).on(
    'navigate',
    (e: unknown) => void gateNavigations.push(e),
  );
  actor.start();
  await settle();
  /** Settles the latest pre-info load. */
  const gateLoads = async (info: typeof OPEN, alert = false) => {
    rec.preInfoLoads.at(-1)!.resolve({ preInfo: info, alert });
    await settle();
  };
  // Through the root's children: a child that reached a final state has left the system registry.
  const child = (id: keyof typeof CHILD) =>
    (actor.getSnapshot().children[id] as AnyActorRef).getSnapshot() as AnyMachineSnapshot;
  return { actor, clock, rec, navigations, gateNavigations, gateLoads, child };
}

describe('app: coded API errors (spec §8)', () => {
  it.each([6031, 6033])('%i goes to the restriction page (access-caveat)', async (code) => {
    const { actor, navigations } = await startApp();
    actor.send({ type: 'api.error', error: business(code) });
    expect(navigations).toEqual([CAVEAT]);
    expect(actor.getSnapshot().context.lastError).toEqual(business(code));
  });

  it('6032 goes to the access alert when the maintain status is unknown', async () => {
    const { actor, navigations } = await startApp();
    actor.send({ type: 'api.error', error: business(6032) });
    expect(navigations).toEqual([ALERT]);
  });

  it("6032 uses the gate's pre-info status when the error carries none", async () => {
    const open = await startApp();
    await open.gateLoads(OPEN);
    open.actor.send({ type: 'api.error', error: business(6032) });
    expect(open.navigations).toEqual([ALERT]);

    const down = await startApp();
    await down.gateLoads(DOWN);
    expect(down.actor.getSnapshot().context.preInfo).toEqual(DOWN);
    down.actor.send({ type: 'api.error', error: business(6032) });
    expect(down.navigations).toEqual([]);
    expect(down.gateNavigations).toEqual([TO_MAINTENANCE]);
  });

  it("6032 prefers the status in the error's own data over the gate's", async () => {
    const downGate = await startApp();
    await downGate.gateLoads(DOWN);
    downGate.actor.send({ type: 'api.error', error: business(6032, OPEN) });
    expect(downGate.navigations).toEqual([ALERT]);

    const openGate = await startApp();
    await openGate.gateLoads(OPEN);
    openGate.actor.send({ type: 'api.error', error: business(6032, DOWN) });
    expect(openGate.navigations).toEqual([]);
  });

  it('alert.skip persists the flag and goes home; later 6032 is ignored', async () => {
    const { actor, rec, navigations } = await startApp();
    actor.send({ type: 'alert.skip' });
    expect(rec.alertSkips).toBe(1);
    expect(navigations).toEqual([HOME]);
    expect(actor.getSnapshot().context.alertSkipped).toBe(true);
    actor.send({ type: 'api.error', error: business(6032) });
    expect(navigations).toEqual([HOME]);
    // The skip flag does not cover the caveat.
    actor.send({ type: 'api.error', error: business(6031) });
    expect(navigations).toEqual([HOME, CAVEAT]);
  });

  it('a skip flag kept from earlier in the session silences 6032', async () => {
    const { actor, navigations } = await startApp({ alertSkipped: true });
    actor.send({ type: 'api.error', error: business(6032) });
    expect(navigations).toEqual([]);
  });

  it.each([
    ['6001', business(6001)],
    ['10102', business(10102)],
    ['6013', business(6013)],
    ['a network error with code 6031', { type: 'network', code: 6031, message: 'x' } satisfies ApiErrorInfo],
    ['a transport error', { type: 'transport', code: 0, message: 'timeout' } satisfies ApiErrorInfo],
  ])('%s emits nothing', async (_, error) => {
    const { actor, navigations, gateNavigations } = await startApp();
    actor.send({ type: 'api.error', error });
    expect(navigations).toEqual([]);
    expect(gateNavigations).toEqual([]);
    expect(actor.getSnapshot().context.lastError).toEqual(error);
  });
});

describe('app: children wiring', () => {
  it('boots every child: gate loading, theme applied, title rendered, home idle', async () => {
    const { rec, child } = await startApp({ theme: { stored: 'space', query: null } });
    expect(child(CHILD.siteGate).value).toBe('loading');
    expect(rec.preInfoLoads).toHaveLength(1);
    expect(rec.applied).toEqual(['space']);
    expect(rec.persistedTheme).toEqual([]);
    expect(rec.rendered).toEqual([BOOT_TITLE]);
    expect(child(CHILD.home).value).toBe('idle');
  });

  it('gate pre-info with a new title re-titles the tab; the same title again does not', async () => {
    const { actor, clock, rec, gateLoads } = await startApp();
    const next = preInfo({ title: '新的站点标题' });
    await gateLoads(next);
    expect(actor.getSnapshot().context.preInfo).toEqual(next);
    expect(rec.rendered).toEqual([BOOT_TITLE, '新的站点标题']);
    clock.increment(GATE_POLL_MS);
    await gateLoads(next);
    expect(rec.preInfoLoads).toHaveLength(2);
    expect(rec.rendered).toEqual([BOOT_TITLE, '新的站点标题']);
  });

  it('a wide pre-info title scrolls in the tab on the shared clock', async () => {
    const { clock, rec, gateLoads } = await startApp();
    const wide = '棋牌游戏官方网站欢迎您光临本';
    await gateLoads(preInfo({ title: wide }));
    expect(rec.rendered.at(-1)).toBe(marqueeFrame(wide, 0));
    clock.increment(MARQUEE_STEP_MS);
    clock.increment(MARQUEE_STEP_MS);
    expect(rec.rendered.slice(-3)).toEqual([0, 1, 2].map((i) => marqueeFrame(wide, i)));
  });

  it('page.hidden and page.visible reach the marquee', async () => {
    const wide = '棋牌游戏官方网站欢迎您光临本';
    const { actor, clock, rec, child } = await startApp({ title: { title: wide, hidden: false } });
    expect(child(CHILD.titleMarquee).value).toEqual({ scrolling: 'running' });
    actor.send({ type: 'page.hidden' });
    expect(child(CHILD.titleMarquee).value).toEqual({ scrolling: 'paused' });
    expect(rec.rendered.at(-1)).toBe(wide);
    const count = rec.rendered.length;
    clock.increment(MARQUEE_STEP_MS);
    expect(rec.rendered).toHaveLength(count);
    actor.send({ type: 'page.visible' });
    expect(child(CHILD.titleMarquee).value).toEqual({ scrolling: 'running' });
    expect(rec.rendered.at(-1)).toBe(marqueeFrame(wide, 0));
  });

  it('the gate emits on its own actor, reachable through the system as siteGate', async () => {
    const { actor, gateLoads, gateNavigations } = await startApp();
    const seen: unknown[] = [];
    (actor.system.get(CHILD.siteGate) as AnyActorRef).on('navigate', (e: unknown) => void seen.push(e));
    await gateLoads(DOWN);
    expect(seen).toEqual([TO_MAINTENANCE]);
    expect(gateNavigations).toEqual([TO_MAINTENANCE]);
  });

  it('embedded maintenance pre-info navigates at boot and reaches the root', async () => {
    const { actor, rec, gateNavigations } = await startApp({ gate: { embedded: DOWN } });
    expect(gateNavigations).toEqual([TO_MAINTENANCE]);
    expect(actor.getSnapshot().context.preInfo).toEqual(DOWN);
    expect(rec.preInfoLoads).toEqual([]);
  });

  it('page.focus reaches the gate (a re-check)', async () => {
    const { actor, rec, gateLoads, child } = await startApp();
    await gateLoads(OPEN);
    expect(child(CHILD.siteGate).value).toBe('open');
    actor.send({ type: 'page.focus' });
    expect(child(CHILD.siteGate).value).toBe('refreshing');
    expect(rec.preInfoLoads).toHaveLength(2);
  });

  it('route.changed reaches the gate: a maintained site keeps the player on the maintenance page', async () => {
    const { actor, gateLoads, gateNavigations, child } = await startApp();
    await gateLoads(DOWN);
    expect(gateNavigations).toEqual([TO_MAINTENANCE]);
    actor.send({ type: 'route.changed', path: MAINTENANCE_PATH });
    actor.send({ type: 'route.changed', path: '/game/chess' });
    expect(child(CHILD.siteGate).context.path).toBe('/game/chess');
    expect(gateNavigations).toEqual([TO_MAINTENANCE, TO_MAINTENANCE]);
  });

  it('maintenance ending brings the player home (gate emits on the gate child)', async () => {
    const { actor, gateLoads, gateNavigations, navigations } = await startApp();
    await gateLoads(DOWN);
    actor.send({ type: 'route.changed', path: MAINTENANCE_PATH });
    actor.send({ type: 'page.focus' });
    await gateLoads(OPEN);
    expect(gateNavigations).toEqual([TO_MAINTENANCE, HOME]);
    expect(navigations).toEqual([]);
  });

  it('gate.retry reaches the gate after a failed load', async () => {
    const { actor, clock, rec, child } = await startApp();
    rec.preInfoLoads[0]!.reject(new Error('offline'));
    await settle();
    expect(child(CHILD.siteGate).value).toBe('failed');
    actor.send({ type: 'gate.retry' });
    expect(child(CHILD.siteGate).value).toBe('loading');
    expect(rec.preInfoLoads).toHaveLength(2);
    clock.increment(GATE_RETRY_MS);
    expect(rec.preInfoLoads).toHaveLength(2);
  });

  it('a mobile visitor is redirected to the site domain keeping i_code', async () => {
    const { rec, gateLoads, child } = await startApp({ gate: { isMobileDevice: true, iCode: 'AB12' } });
    await gateLoads(preInfo({ siteDomainUrl: MOBILE_DOMAIN }));
    expect(rec.redirects).toEqual([`https://${MOBILE_DOMAIN}/?i_code=AB12`]);
    expect(child(CHILD.siteGate).value).toBe('redirecting');
    expect(child(CHILD.siteGate).status).toBe('active');
  });

  it('with cookies disabled the gate stops and the app keeps running', async () => {
    const { actor, rec, child, navigations } = await startApp({ gate: { cookiesEnabled: false } });
    expect(child(CHILD.siteGate).value).toBe('cookiesBlocked');
    expect(rec.preInfoLoads).toEqual([]);
    actor.send({ type: 'page.focus' });
    actor.send({ type: 'route.changed', path: '/game/chess' });
    actor.send({ type: 'api.error', error: business(6031) });
    expect(actor.getSnapshot().status).toBe('active');
    expect(rec.preInfoLoads).toEqual([]);
    expect(navigations).toEqual([CAVEAT]);
  });

  it('theme.select reaches the theme', async () => {
    const { actor, rec } = await startApp();
    actor.send({ type: 'theme.select', theme: 'space' });
    expect(rec.applied).toEqual(['default', 'space']);
    expect(rec.persistedTheme).toEqual(['space']);
  });

  it('home.load, home.retry and home.popClose reach the home content', async () => {
    const { actor, rec, child } = await startApp();
    actor.send({ type: 'home.load' });
    expect(rec.homeLoads).toHaveLength(1);
    rec.homeLoads[0]!.reject(new Error('offline'));
    await settle();
    expect(child(CHILD.home).value).toBe('failed');
    actor.send({ type: 'home.retry' });
    expect(rec.homeLoads).toHaveLength(2);
    const pop = { id: 1, title: 'p', content: 'c', imageUrl: '/p.png', linkUrl: '/' };
    rec.homeLoads[1]!.resolve({
      content: { notices: [], ads: [], icons: [], pop, counts: null },
      today: '2025-03-02',
    });
    await settle();
    expect(child(CHILD.home).value).toEqual({ ready: 'popOpen' });
    actor.send({ type: 'home.popClose' });
    expect(child(CHILD.home).value).toEqual({ ready: 'popClosed' });
    expect(rec.popSeen).toEqual(['2025-03-02']);
  });
});
