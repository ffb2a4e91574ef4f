// Model-based UI tests (issue 18 §2): the generated paths of a machine's model test, run on the rendered app.
//
// The paths are the very ones `describeModel` replays against the bare machine (the same graphs, from the same
// `MachineModel`), and where the actor must be after each step is the same hand-written table. What differs is
// everything around the machine: here it runs inside the composed app actor with the real effects
// (src/app/compose.ts), under the real routes and views, with the API client talking to the reference back end
// (tests/support/ui-backend.ts: the real server process on its own embedded database). Each event of a path is
// produced the way it happens in life — a click, a key, time passing on the app's SimulatedClock, a call the
// back end answers (held until the step, with the back end set by operator commands first), a push — and each
// state's UI oracle checks what the player sees (roles, names, text, focus, the tab title) and what travelled
// (the API calls). A state without a UI oracle fails ("no UI oracle for state X"): a QA engineer who adds a
// state to a machine writes that state's oracle here, and the paths that reach it run on the app by themselves.
import { act, cleanup, configure, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromCallback, SimulatedClock } from 'xstate';
import type { AnyActorRef, AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { createAppMachine, type AppEffects } from '../../machines/app.machine.ts';
import { setHttpAdapter } from '../../src/api/client.ts';
import { resetApiErrorBus } from '../../src/api/error-bus.ts';
import { AppActor } from '../../src/app/app-actor.ts';
import { appEffects, readBootInput } from '../../src/app/compose.ts';
import { routes } from '../../src/app/routes.tsx';
import { PRE_INFO_ELEMENT_ID } from '../../src/platform/page.ts';
import { storageSet } from '../../src/platform/storage.ts';
import { LoadingScreen } from '../../src/ui/loading-screen.tsx';
import {
  describeEvent,
  expectedState,
  modelGraph,
  stateKey,
  type Harness,
  type MachineModel,
  type ModelGraph,
} from './model-paths.ts';
import { UiBackend, type Travelled } from './ui-backend.ts';

/** How the page comes to give the actor a graph's input: the address, what the device kept, the embedded data. */
export interface UiBoot {
  /** The address the visitor opens (path and query). */
  path: string;
  /** Local storage items the device kept (written the way the app writes them, src/platform/storage.ts). */
  storage?: Record<string, unknown>;
  /** Pre-info embedded in the page by the server (spec §3). */
  embedded?: unknown;
  /** A phone's browser (spec §1: the mobile site). */
  mobile?: boolean;
  /** The browser refuses cookies (spec §5). */
  cookiesBlocked?: boolean;
  /** Back-end conditions before the page loads (operator commands). */
  backend?: (backend: UiBackend) => Promise<void>;
}

export interface UiRun {
  backend: UiBackend;
  clock: SimulatedClock;
  user: ReturnType<typeof userEvent.setup>;
  /** The app actor (root of the system). */
  app: AnyActorRef;
  /** The machine's actor inside the app. */
  actor: AnyActorRef;
  /** What the composed app did outside the page (external redirects, reloads). */
  outside: { redirects: string[]; reloads: number };
}

export interface UiStep extends UiRun {
  event: AnyEventObject;
  input: any;
}

export interface UiSeen extends UiRun {
  /** The event of the step (`xstate.init` first). */
  event: AnyEventObject;
  history: AnyEventObject[];
  input: any;
  /** The state the table says the actor left (the initial state for step 0). */
  from: string;
  index: number;
  /** The API calls made during this step (what travelled). */
  travelled: Travelled[];
}

/** What the player must see in a state (and what must have travelled), from the specification. */
export type UiOracle = (seen: UiSeen) => void;

export interface UiModel {
  /** The machine's actor in the app system (its systemId). */
  systemId: string;
  /**
   * How to find the actor when it has no systemId (e.g. a child the wallet actor starts per page), from the app
   * system's `get`; looked up again at every step. Default: `get(systemId)`.
   */
  actor?: (get: (id: string) => AnyActorRef | undefined) => AnyActorRef | undefined;
  /** Per graph name: how the page gives the actor that graph's input; `{ skip }` says why it cannot. */
  boot: Record<string, UiBoot | { skip: string }>;
  /** How each event type is produced on the real app (delays have a default: the app's clock moves). */
  drive: Record<string, (step: UiStep) => Promise<void>>;
  /** One UI oracle per state path the paths reach (every active leaf of a parallel state). */
  see: Record<string, UiOracle>;
  /** API paths held until a step lets them answer (loaders whose results are graph events). */
  hold?: RegExp[];
  /**
   * What the graphs need and the demo seed lacks, as SQL run on the back end's new database before its server
   * starts (e.g. a venue with more games than a page holds). Say why in a comment.
   */
  data?: readonly string[];
  /**
   * Connect the live socket to the server (default false: the socket stays connecting, so no push — e.g. the
   * 20004 a configuration change sends, which makes the gate re-check — adds events the path did not plan).
   */
  liveSocket?: boolean;
  /**
   * Events the machine handles but nothing on the page can produce in that state (e.g. picking the theme already
   * shown: the page only offers the other one). Returns why, or null. Such an edge is reported as not producible
   * on the app, and its path ends before it.
   */
  cannot?: (event: AnyEventObject, snapshot: AnyMachineSnapshot) => string | null;
  /**
   * Events a path may take after its first new edge; default: the machine model's own (its paths exactly). 0 gives
   * one shortest path per edge (clearest failures; needed where `cannot` ends paths early).
   */
  maxWalk?: number;
  /**
   * Events the page cannot produce in a state, taken out of the graph (so a walking path goes on past them
   * instead of ending as with `cannot`); returns why, or null. Reported like `cannot`.
   */
  exclude?: (event: AnyEventObject, snapshot: AnyMachineSnapshot) => string | null;
  /**
   * A coarser graph key than the machine model's (fewer, longer-lived states for a slow page); it must only drop
   * context the machine never branches on — modelGraph checks every path against the machine and throws if not.
   */
  key?: (snapshot: AnyMachineSnapshot) => unknown;
  /**
   * Renders another page than the site (e.g. the sandbox games' page, src/games-h5) once the back end and the
   * browser are prepared, and answers its root actor (the steps' `app`). Default: the site's app.
   */
  render?: (run: { backend: UiBackend; clock: SimulatedClock }) => Promise<AnyActorRef>;
}

// Waits for the page and the actor to get where the model says: generous, since each UI file runs a server and
// the suite runs on two busy cores (a wait is not a timing assertion; the app's clock is simulated).
configure({ asyncUtilTimeout: 10_000 });

const AFTER = 'xstate.after.';

function delayMs(event: AnyEventObject, harness: Harness, snapshot: AnyMachineSnapshot): number {
  const delay = event.type.slice(AFTER.length).split('.')[0] ?? '';
  const given = /^\d+$/.test(delay) ? Number(delay) : harness.delays?.[delay];
  if (given === undefined) throw new Error(`no duration given for the delay '${delay}' (${event.type})`);
  return typeof given === 'function' ? given(snapshot) : given;
}

/** Resets the page to a fresh browser, then sets it up as the boot says. */
function preparePage(boot: UiBoot): void {
  cleanup();
  resetApiErrorBus();
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  localStorage.clear();
  sessionStorage.clear();
  document.title = '';
  document.documentElement.removeAttribute('data-theme');
  document.getElementById(PRE_INFO_ELEMENT_ID)?.remove();
  for (const [k, v] of Object.entries(boot.storage ?? {})) storageSet(k, v);
  if (boot.embedded !== undefined) {
    const el = document.createElement('script');
    el.type = 'application/json';
    el.id = PRE_INFO_ELEMENT_ID;
    el.textContent = JSON.stringify(boot.embedded);
    document.head.append(el);
  }
  Object.defineProperty(window.navigator, 'userAgent', {
    configurable: true,
    value: boot.mobile
      ? 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'
      : 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Safari/537.36',
  });
  Object.defineProperty(window.navigator, 'cookieEnabled', {
    configurable: true,
    value: !boot.cookiesBlocked,
  });
  window.history.replaceState(null, '', boot.path);
}

async function startApp(model: UiModel, boot: UiBoot, backend: UiBackend): Promise<UiRun> {
  await backend.reset();
  await boot.backend?.(backend);
  backend.hold(...(model.hold ?? []));
  preparePage(boot);
  const clock = new SimulatedClock();
  const outside = { redirects: [] as string[], reloads: 0 };
  const user = userEvent.setup({ delay: null });
  if (model.render) {
    const page = await model.render({ backend, clock });
    const get = (id: string) => page.system.get(id) as AnyActorRef | undefined;
    const actor = follow(model.systemId, () => (model.actor ? model.actor(get) : get(model.systemId)));
    return { backend, clock, user, app: page, actor, outside };
  }
  const input = await readBootInput(window.location);
  // The composition of src/app/app.tsx, with the two effects that would leave the test page recorded instead.
  const effects: AppEffects = {
    ...appEffects,
    redirectExternal: (url) => void outside.redirects.push(url),
    reloadPage: () => void (outside.reloads += 1),
    ...(model.liveSocket ? {} : { connection: fromCallback(() => () => undefined) }),
  };
  const router = createBrowserRouter(routes.map((r) => ({ ...r, HydrateFallback: LoadingScreen })));
  const captured: { app: AnyActorRef | null; routed: boolean } = { app: null, routed: false };
  function Capture() {
    const ref = AppActor.useActorRef();
    if (captured.app !== ref) {
      captured.app = ref;
      // The bridges report the route from the same effect flush that attaches their listeners (focus,
      // visibility, the error bus): once the app heard a route.changed, the page's events reach it.
      ref.system.inspect((ev) => {
        if (ev.type === '@xstate.event' && ev.actorRef === ref && ev.event.type === 'route.changed')
          captured.routed = true;
      });
    }
    return null;
  }
  render(
    <AppActor.Provider logic={createAppMachine(effects)} options={{ input, clock }}>
      <Capture />
      <RouterProvider router={router} />
    </AppActor.Provider>,
  );
  const app = captured.app as AnyActorRef | null;
  if (!app) throw new Error('the app actor did not start');
  await waitFor(() => expect(captured.routed, 'the page is listening').toBe(true));
  const get = (id: string) => app.system.get(id) as AnyActorRef | undefined;
  const actor = follow(model.systemId, () => (model.actor ? model.actor(get) : get(model.systemId)));
  if (process.env.UI_TRACE) {
    app.system.inspect((ev) => {
      // `actor` is follow()'s proxy, never identical to the event's actorRef: compare the current actor's id.
      if (ev.type === '@xstate.event' && (ev.actorRef.sessionId === actor.sessionId || ev.actorRef === app))
        console.log(
          'TRACE',
          ev.actorRef === app ? 'app' : model.systemId,
          ev.event.type,
          window.location.href,
        );
    });
  }
  return { backend, clock, user, app, actor, outside };
}

/**
 * The machine's actor as the steps see it: looked up again at every use, so an area's actor (which joins the
 * system only once its route renders, after the gate and the session settle) or a child that a page region starts
 * and stops again and again is always the current one — the last one found, once it left.
 */
function follow(name: string, find: () => AnyActorRef | undefined): AnyActorRef {
  let last: AnyActorRef | undefined;
  const current = () => (last = find() ?? last);
  const waiting = { value: `(${name} not in the system yet)`, status: 'active', context: {}, children: {} };
  return new Proxy({} as AnyActorRef, {
    get: (_, prop) => {
      const actor = current();
      if (!actor) return prop === 'getSnapshot' ? () => waiting : undefined;
      const value = Reflect.get(actor, prop) as unknown;
      return typeof value === 'function' ? value.bind(actor) : value;
    },
  });
}

/** Produces one graph event on the app. */
async function produce(model: UiModel, harness: Harness, step: UiStep): Promise<void> {
  const own = model.drive[step.event.type];
  // A driver that clicks or types goes through user-event, which wraps the page's updates in act itself.
  if (own) return own(step);
  if (step.event.type.startsWith(AFTER)) {
    const ms = delayMs(step.event, harness, step.actor.getSnapshot() as AnyMachineSnapshot);
    return act(async () => {
      step.clock.increment(ms);
      await Promise.resolve();
    });
  }
  throw new Error(`no UI driver for ${step.event.type} (add it to the UI model's drive)`);
}

function checkSeen(model: UiModel, key: string, seen: UiSeen): void {
  for (const leaf of key.split(' | ')) {
    const oracle = model.see[leaf];
    if (!oracle) throw new Error(`no UI oracle for state ${leaf}`);
    oracle(seen);
  }
}

/** Runs one generated path on the rendered app. Throws, naming the path and step, on the first mismatch. */
async function runPath(
  model: UiModel,
  machineModel: MachineModel,
  graph: ModelGraph,
  pathIndex: number,
  run: UiRun,
  covered: { vertices: Set<string>; edges: Set<string>; cannot: Map<string, string> },
): Promise<void> {
  const { harness } = machineModel;
  const path = graph.paths[pathIndex]!;
  const history: AnyEventObject[] = [];
  let from = '';
  let previous = run.actor.getSnapshot() as AnyMachineSnapshot;
  let seenCalls = 0;
  for (const [index, step] of path.steps.entries()) {
    const shown = path.steps.slice(Math.max(1, index - 5), index + 1).map((s) => describeEvent(s.event));
    const where = `UI: graph "${graph.name}", path ${pathIndex + 1}, step ${index} (… ${shown.join(' → ')})`;
    let expected: string;
    if (index === 0) {
      expected = typeof harness.initial === 'function' ? harness.initial(graph.input) : harness.initial;
    } else {
      const reason = model.cannot?.(step.event, run.actor.getSnapshot() as AnyMachineSnapshot);
      if (reason) {
        covered.cannot.set(`${path.steps[index - 1]!.key} ⟶ ${JSON.stringify(step.event)}`, reason);
        return;
      }
      history.push(step.event);
      expected = expectedState(harness, {
        event: step.event,
        previous,
        from,
        history: [...history],
        input: graph.input,
      });
      try {
        await produce(model, harness, { ...run, event: step.event, input: graph.input });
      } catch (error) {
        if (error instanceof Error) error.message = `${where}: producing the event: ${error.message}`;
        throw error;
      }
    }
    try {
      await waitFor(() => expect(stateKey(run.actor.getSnapshot().value), 'state').toBe(expected));
      await waitFor(() =>
        checkSeen(model, expected, {
          ...run,
          event: index === 0 ? { type: 'xstate.init' } : step.event,
          history: [...history],
          input: graph.input,
          from: index === 0 ? expected : from,
          index,
          travelled: run.backend.calls.slice(seenCalls),
        }),
      );
    } catch (error) {
      if (error instanceof Error) error.message = `${where}: ${expected}: ${error.message}`;
      throw error;
    }
    seenCalls = run.backend.calls.length;
    previous = run.actor.getSnapshot() as AnyMachineSnapshot;
    from = expected;
    covered.vertices.add(step.key);
    if (index > 0) covered.edges.add(`${path.steps[index - 1]!.key} ⟶ ${JSON.stringify(step.event)}`);
  }
}

/**
 * Declares the UI model tests of a machine: per graph the page can boot, every generated path on the rendered
 * app (one test per path, so a failure names it), then a check that the paths together took every graph edge.
 */
export function describeUiModel(machineModel: MachineModel, model: UiModel): void {
  describe(`${machineModel.title} on the rendered app (model-based UI)`, () => {
    let backend: UiBackend;
    beforeAll(async () => {
      backend = await UiBackend.start({ data: model.data ?? [] });
      setHttpAdapter(backend.adapter);
    }, 120_000);
    afterAll(async () => {
      cleanup();
      setHttpAdapter();
      await backend?.stop();
    });
    for (const options of machineModel.graphs) {
      const boot = model.boot[options.name];
      if (!boot)
        throw new Error(`the UI model says nothing about graph "${options.name}" (boot it or skip it)`);
      if ('skip' in boot) {
        it.skip(`${options.name}: not on the rendered app (${boot.skip})`, () => {});
        continue;
      }
      const excluded = new Map<string, string>();
      const exclude = model.exclude;
      const graph = modelGraph(machineModel.machine, {
        ...options,
        ...(model.maxWalk === undefined ? {} : { maxWalk: model.maxWalk }),
        ...(model.key ? { key: model.key } : {}),
        ...(exclude
          ? {
              filterEvents: (snapshot: AnyMachineSnapshot, event: AnyEventObject) => {
                const why = exclude(event, snapshot);
                if (why) excluded.set(`${stateKey(snapshot.value)} ⟶ ${event.type}`, why);
                return !why && (options.filterEvents?.(snapshot, event) ?? true);
              },
            }
          : {}),
      });
      const covered = {
        vertices: new Set<string>(),
        edges: new Set<string>(),
        cannot: new Map<string, string>(excluded),
      };
      describe(options.name, () => {
        graph.paths.forEach((path, i) => {
          it(`path ${i + 1}: ${path.name.slice(0, 160)}`, async () => {
            const run = await startApp(model, boot, backend);
            await runPath(model, machineModel, graph, i, run, covered);
          });
        });
        it('took every graph edge on the app (or said why the page cannot)', () => {
          const cannot = [...covered.cannot].map(([edge, why]) => `${edge}: ${why}`);
          if (cannot.length)
            console.info(
              `${machineModel.title} / ${options.name}: not producible on the app:\n  ${cannot.join('\n  ')}`,
            );
          expect(
            graph.edges.filter((e) => !covered.edges.has(e.id) && !covered.cannot.has(e.id)).map((e) => e.id),
          ).toEqual([]);
        });
      });
    }
  });
}
