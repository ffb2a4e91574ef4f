// Development inspectors (issue 3 §6): the app actor's `inspect` option feeds observers (the offline panel)
// and, with `?inspect` or VITE_INSPECT=stately, Stately's inspector; production builds get nothing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, type InspectionEvent } from 'xstate';
import type * as DevInspectModule from '../../../src/app/dev-inspect.ts';

const stately = vi.hoisted(() => ({
  received: [] as InspectionEvent[],
  targetWindow: {} as object | null,
  fail: false,
}));
vi.mock('@statelyai/inspect', () => ({
  createBrowserInspector: () => {
    if (stately.fail) throw new Error('offline');
    return {
      adapter: { targetWindow: stately.targetWindow },
      inspect: { next: (event: InspectionEvent) => stately.received.push(event) },
    };
  },
}));

type DevInspect = typeof DevInspectModule;
let dev: DevInspect;

const counter = createMachine({ id: 'counter', on: { TICK: {} } });

function run(inspect: ((e: InspectionEvent) => void) | undefined, systemId = 'app') {
  const actor = createActor(counter, { systemId, inspect });
  actor.start();
  return actor;
}

beforeEach(async () => {
  stately.received = [];
  stately.targetWindow = {};
  stately.fail = false;
  vi.resetModules();
  dev = await import('../../../src/app/dev-inspect.ts');
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('observers', () => {
  it('receive every inspection event of the app system with the time it happened, until they leave', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    const seen: [string, number][] = [];
    const leave = dev.addInspectObserver((event, at) => seen.push([event.type, at]));
    const actor = run(dev.devInspect().inspect);
    expect(seen.map(([type]) => type)).toContain('@xstate.actor');
    expect(seen.every(([, at]) => at === 1_700_000_000_000)).toBe(true);
    leave();
    const count = seen.length;
    actor.send({ type: 'TICK' });
    expect(seen).toHaveLength(count);
  });

  it('without replay, a late observer sees only what happens after it joined', () => {
    const actor = run(dev.devInspect().inspect);
    const seen: InspectionEvent[] = [];
    dev.addInspectObserver((event) => seen.push(event));
    expect(seen).toEqual([]);
    actor.send({ type: 'TICK' });
    expect(seen.some((e) => e.type === '@xstate.event' && e.event.type === 'TICK')).toBe(true);
  });

  it('with replay, a late observer first receives the app actor and the recent events', () => {
    const actor = run(dev.devInspect().inspect);
    actor.send({ type: 'TICK' });
    const seen: InspectionEvent[] = [];
    dev.addInspectObserver((event) => seen.push(event), { replay: true });
    expect(seen[0]).toMatchObject({ type: '@xstate.actor', actorRef: actor });
    expect(seen.filter((e) => e.type === '@xstate.actor')).toHaveLength(1);
    expect(seen.some((e) => e.type === '@xstate.event' && e.event.type === 'TICK')).toBe(true);
    // Only actor, event and snapshot inspection events are replayed.
    expect(seen.every((e) => ['@xstate.actor', '@xstate.event', '@xstate.snapshot'].includes(e.type))).toBe(
      true,
    );
  });

  it('replays the registration of the app actor even after more events than the recent log keeps', () => {
    const actor = run(dev.devInspect().inspect);
    for (let i = 0; i < 400; i++) actor.send({ type: 'TICK' });
    const seen: InspectionEvent[] = [];
    dev.addInspectObserver((event) => seen.push(event), { replay: true });
    expect(seen[0]).toMatchObject({ type: '@xstate.actor', actorRef: actor });
    expect(seen[1]).toMatchObject({ type: '@xstate.event', event: { type: 'xstate.init' } });
    // The registration and start, then the 300 latest events.
    expect(seen).toHaveLength(2 + 300);
  });

  it('keeps the registrations of the 4 latest root actors for replay', () => {
    const inspect = dev.devInspect().inspect;
    const actors = Array.from({ length: 5 }, (_, i) => run(inspect, `root-${i}`));
    for (let i = 0; i < 400; i++) actors[4]!.send({ type: 'TICK' });
    const seen: InspectionEvent[] = [];
    dev.addInspectObserver((event) => seen.push(event), { replay: true });
    const registered = seen.filter((e) => e.type === '@xstate.actor').map((e) => e.actorRef);
    expect(registered).toEqual(actors.slice(1));
  });
});

describe('devInspect', () => {
  it('gives production builds no inspector', () => {
    expect(dev.devInspect().inspect).toBeTypeOf('function');
    vi.stubEnv('DEV', false);
    expect(dev.devInspect()).toEqual({});
  });

  it('does not load Stately without ?inspect or VITE_INSPECT', async () => {
    run(dev.devInspect().inspect);
    await new Promise((r) => setTimeout(r, 20));
    expect(stately.received).toEqual([]);
  });

  it('with ?inspect, forwards every event to Stately, those before it loaded first and in order', async () => {
    window.history.replaceState(null, '', '/?inspect');
    const actor = run(dev.devInspect().inspect);
    const early = stately.received.length;
    expect(early).toBe(0);
    await vi.waitFor(() => expect(stately.received.length).toBeGreaterThan(0));
    expect(stately.received[0]).toMatchObject({ type: '@xstate.actor', actorRef: actor });
    actor.send({ type: 'TICK' });
    expect(stately.received.at(-1)).toMatchObject({ type: '@xstate.snapshot', event: { type: 'TICK' } });
  });

  it('with VITE_INSPECT=stately, loads Stately once however often the app asks', async () => {
    vi.stubEnv('VITE_INSPECT', 'stately');
    const first = run(dev.devInspect().inspect, 'first');
    run(dev.devInspect().inspect, 'second');
    await vi.waitFor(() =>
      expect(stately.received.filter((e) => e.type === '@xstate.actor')).toHaveLength(2),
    );
    first.send({ type: 'TICK' });
    const ticks = stately.received.filter((e) => e.type === '@xstate.event' && e.event.type === 'TICK');
    expect(ticks).toHaveLength(1);
  });

  it('warns when the browser blocked the Stately window', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stately.targetWindow = null;
    window.history.replaceState(null, '', '/?inspect');
    run(dev.devInspect().inspect);
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    expect(String(warn.mock.calls[0]![0])).toContain('allow pop-ups');
  });

  it('warns and stops buffering when Stately cannot load; the app keeps running', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stately.fail = true;
    window.history.replaceState(null, '', '/?inspect');
    const actor = run(dev.devInspect().inspect);
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    expect(String(warn.mock.calls[0]![0])).toContain('could not load');
    actor.send({ type: 'TICK' });
    expect(actor.getSnapshot().status).toBe('active');
    expect(stately.received).toEqual([]);
  });
});
