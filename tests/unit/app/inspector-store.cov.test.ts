// The offline inspector's model (issue 3 §6: development builds may attach inspectors): the actor tree and
// event log it builds from the app system's inspection events. Each test loads fresh modules: the store and
// dev-inspect keep module-level state, as they do for the one app of a page.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromPromise, sendParent, setup, type AnyActorRef } from 'xstate';
import type * as DevInspectModule from '../../../src/app/dev-inspect.ts';
import type * as StoreModule from '../../../src/app/inspector/store.ts';

type Store = typeof StoreModule;
type DevInspect = typeof DevInspectModule;

let store: Store;
let dev: DevInspect;
const started: AnyActorRef[] = [];

beforeEach(async () => {
  vi.resetModules();
  dev = await import('../../../src/app/dev-inspect.ts');
  store = await import('../../../src/app/inspector/store.ts');
});

afterEach(() => {
  started.splice(0).forEach((a) => a.stop());
  vi.useRealTimers();
});

const child = setup({}).createMachine({
  id: 'child',
  initial: 'idle',
  states: {
    idle: { on: { GO: 'done', TELL: { actions: sendParent({ type: 'CHILD.SAID' }) } } },
    done: { type: 'final' },
  },
  output: { ok: true },
});

const parent = setup({
  types: { context: {} as { n: number } },
  actors: { child, answer: fromPromise(async () => 42) },
}).createMachine({
  id: 'parent',
  initial: 'running',
  context: { n: 0 },
  invoke: [
    { src: 'child', id: 'kid' },
    { src: 'answer', id: 'prom' },
  ],
  states: {
    running: {
      on: { PING: { actions: assign({ n: ({ context }) => context.n + 1 }) }, 'CHILD.SAID': {} },
    },
  },
});

function startApp(systemId = 'app') {
  const actor = createActor(parent, { systemId, inspect: dev.devInspect().inspect });
  actor.start();
  started.push(actor);
  return actor;
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('actor tree', () => {
  it('shows the app actor started before the panel subscribed, with its invoked children', async () => {
    const app = startApp();
    app.send({ type: 'PING' });
    await settle();
    const unsubscribe = store.subscribe(() => {});

    const tree = store.actorTree();
    expect(tree).toHaveLength(1);
    const root = tree[0]!;
    expect(root.label).toBe('app');
    expect(root.detail).toBe(`id ${app.sessionId}`);
    expect(root.status).toBe('active');
    expect(root.value).toBe('"running"');
    expect(JSON.parse(root.context!)).toEqual({ n: 1 });

    const kid = root.children.find((c) => c.label === 'kid');
    expect(kid).toMatchObject({ detail: 'child', status: 'active', value: '"idle"' });
    const prom = root.children.find((c) => c.label === 'prom');
    expect(prom).toMatchObject({ detail: 'answer', status: 'done', value: 'output 42', context: null });
    unsubscribe();
  });

  it('reports a finished machine child with its output, and an errored actor with its error', async () => {
    const failing = fromPromise<never>(async () => Promise.reject(new Error('kaputt')));
    const app = startApp();
    const other = createActor(failing, { systemId: 'boom', inspect: dev.devInspect().inspect });
    other.subscribe({ error: () => {} });
    other.start();
    started.push(other);
    store.subscribe(() => {});
    app.getSnapshot().children.kid!.send({ type: 'GO' });
    await settle();

    const tree = store.actorTree();
    const kid = tree.find((r) => r.label === 'app')!.children.find((c) => c.label === 'kid')!;
    expect(kid.status).toBe('done');
    // A machine snapshot keeps its state value: the final state shows, not the output.
    expect(kid.value).toBe('"done"');
    const boom = tree.find((r) => r.label === 'boom')!;
    expect(boom.status).toBe('error');
    expect(boom.value).toBe('error "Error: kaputt"');
  });

  it('keeps only the 8 latest finished actors', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    store.subscribe(() => {});
    const done = fromPromise(async () => 'ok');
    for (let i = 0; i < 12; i++) {
      vi.setSystemTime(1_000 * (i + 1));
      createActor(done, { systemId: `job-${i}`, inspect: dev.devInspect().inspect }).start();
      await settle();
    }
    const tree = store.actorTree();
    expect(tree.map((a) => a.label).sort()).toEqual([
      'job-10',
      'job-11',
      'job-4',
      'job-5',
      'job-6',
      'job-7',
      'job-8',
      'job-9',
    ]);
    expect(tree.every((a) => a.status === 'done' && a.value === 'output "ok"')).toBe(true);
  });

  it('has no actors before any ran', () => {
    store.subscribe(() => {});
    expect(store.actorTree()).toEqual([]);
  });
});

describe('event log', () => {
  it('logs each event with its target and its sender, oldest first', async () => {
    const app = startApp();
    store.subscribe(() => {});
    app.send({ type: 'PING' });
    app.getSnapshot().children.kid!.send({ type: 'TELL' });
    await settle();

    const log = store.eventLog();
    const types = log.map((e) => e.type);
    expect(types.indexOf('PING')).toBeLessThan(types.indexOf('CHILD.SAID'));
    expect(log.find((e) => e.type === 'PING')).toMatchObject({ target: 'app', source: null });
    expect(log.find((e) => e.type === 'CHILD.SAID')).toMatchObject({ target: 'app', source: 'kid' });
    expect(log.map((e) => e.seq)).toEqual([...log.map((e) => e.seq)].sort((a, b) => a - b));
    // Each actor's latest event shows in the tree.
    const root = store.actorTree()[0]!;
    expect(root.lastEvent).toBe(log.filter((e) => e.target === 'app').at(-1)!.type);
    expect(root.children.find((c) => c.label === 'kid')!.lastEvent).toBe('TELL');
  });

  it('keeps the latest 200 events', () => {
    const app = startApp();
    store.subscribe(() => {});
    for (let i = 0; i < 250; i++) app.send({ type: `E${i}` });
    const log = store.eventLog();
    expect(log).toHaveLength(200);
    expect(log.at(-1)!.type).toBe('E249');
    expect(log[0]!.type).toBe('E50');
  });

  it('notifies subscribers at most once per 120 ms burst and bumps the version', () => {
    vi.useFakeTimers();
    const app = startApp();
    const listener = vi.fn();
    store.subscribe(listener);
    const before = store.getVersion();
    for (let i = 0; i < 20; i++) app.send({ type: 'PING' });
    vi.advanceTimersByTime(119);
    expect(listener).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getVersion()).toBe(before + 1);
  });

  it('clears the log at once (and tells subscribers), keeping the actors', () => {
    const app = startApp();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    app.send({ type: 'PING' });
    const before = store.getVersion();
    store.clearEvents();
    expect(store.eventLog()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getVersion()).toBe(before + 1);
    expect(store.actorTree().map((a) => a.label)).toEqual(['app']);
    unsubscribe();
    store.clearEvents();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('latestEvents', () => {
  const log = Array.from({ length: 40 }, (_, i) => ({
    seq: i + 1,
    at: 0,
    type: i % 2 ? 'session.LOGIN' : 'theme.TOGGLE',
    target: i % 2 ? 'session' : 'theme',
    source: i === 4 ? 'Modal-Host' : null,
  }));

  it('returns the latest 30, newest first, without a filter', () => {
    const out = store.latestEvents(log, '  ');
    expect(out).toHaveLength(30);
    expect(out[0]!.seq).toBe(40);
    expect(out.at(-1)!.seq).toBe(11);
  });

  it('matches the event type, the target or the source, ignoring case', () => {
    expect(store.latestEvents(log, 'LOGIN').every((e) => e.type === 'session.LOGIN')).toBe(true);
    expect(store.latestEvents(log, 'LOGIN')).toHaveLength(20);
    expect(store.latestEvents(log, 'THEME').map((e) => e.seq)[0]).toBe(39);
    expect(store.latestEvents(log, 'modal-host').map((e) => e.seq)).toEqual([5]);
    expect(store.latestEvents(log, 'nothing')).toEqual([]);
  });
});

describe('safeJson', () => {
  it('writes a dash for undefined and JSON otherwise', () => {
    expect(store.safeJson(undefined)).toBe('—');
    expect(store.safeJson({ a: [1, 'b'] })).toBe('{"a":[1,"b"]}');
    expect(store.safeJson({ a: 1 }, 2)).toBe('{\n  "a": 1\n}');
  });

  it('survives cycles, functions, bigints and actor references', () => {
    const cyclic: Record<string, unknown> = { name: 'x' };
    cyclic.self = cyclic;
    expect(store.safeJson(cyclic)).toBe('{"name":"x","self":"[circular]"}');
    expect(
      store.safeJson({
        f: function named() {},
        g: (
          () => () =>
            0
        )(),
      }),
    ).toBe('{"f":"[function named]","g":"[function anonymous]"}');
    expect(store.safeJson({ big: 12n })).toBe('{"big":"12n"}');
    // An actor-like value (not an XState Actor: those serialise through their own toJSON first).
    const ref = { sessionId: 'x:1', systemId: 'sessionActor', send: () => {}, getSnapshot: () => ({}) };
    expect(store.safeJson({ ref })).toBe('{"ref":"[actor sessionActor]"}');
  });

  it('cuts long text at the limit with an ellipsis', () => {
    expect(store.safeJson('abcdefghij', undefined, 5)).toBe('"abcd…');
    expect(store.safeJson('abc', undefined, 5)).toBe('"abc"');
  });

  it('says what could not be serialised', () => {
    const hostile = {
      get boom() {
        throw new Error('no');
      },
    };
    expect(store.safeJson(hostile)).toBe('[unserializable: Error: no]');
  });
});

describe('actorLabel', () => {
  it('prefers the systemId, then the id, then the logic name, then the sessionId', () => {
    expect(store.actorLabel(undefined)).toBe('—');
    const ref = { sessionId: 'x:9', send: () => {}, getSnapshot: () => ({}) } as unknown as AnyActorRef;
    expect(store.actorLabel(ref)).toBe('x:9');
    expect(store.actorLabel({ ...ref, id: 'x:9', src: 'fetcher' } as unknown as AnyActorRef)).toBe('fetcher');
    expect(store.actorLabel({ ...ref, src: { id: 'machineId' } } as unknown as AnyActorRef)).toBe(
      'machineId',
    );
    expect(store.actorLabel({ ...ref, id: 'kid', src: 'fetcher' } as unknown as AnyActorRef)).toBe('kid');
    expect(store.actorLabel({ ...ref, id: 'kid', systemId: 'sys' } as unknown as AnyActorRef)).toBe('sys');
  });
});
