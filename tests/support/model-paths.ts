// Model-based testing for XState v5 machines (developers' guide: "Every machine has model-based tests generated
// from its graph (`xstate/graph`) that reach every state and transition").
//
// `createTestModel` refuses `invoke` and `after`, so this helper builds the graph with `getAdjacencyMap` /
// `getShortestPaths` over an explicit event list (which may name `xstate.after.*`, `xstate.done.actor.*` and
// `xstate.error.actor.*` events), turns it into paths that reach every graph state and take every graph edge,
// and replays each path against a REAL actor: a SimulatedClock drives delays, controllable fake promise actors
// stand in for invoked loaders, and recording fakes stand in for named actions.
//
// Issue 18 §1: the graph only GENERATES paths. What is checked at each step comes from the test, written from
// the specification: a hand-written transition table ((state, event type) → expected state) says where the
// actor must be, and the oracle of that state (required for every state reached: "no oracle for state X")
// checks its snapshot, the effects and emitted events of the step, and the clock. Durations are the spec's
// literals in the test; a delay step checks nothing happens a millisecond early and the step happens on time.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, initialTransition, SimulatedClock, transition } from 'xstate';
import type {
  AnyActorRef,
  AnyEventObject,
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyStateNode,
  AnyTransitionDefinition,
  InputFrom,
  InspectionEvent,
  PromiseActorLogic,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, getStateNodes } from 'xstate/graph';

// ───────────────────────────── graph → paths ─────────────────────────────

export interface ModelOptions<TMachine extends AnyStateMachine = AnyStateMachine> {
  /** Names this graph in test titles and reports (e.g. 'mobile visitor with a site domain'). */
  name: string;
  input: InputFrom<TMachine>;
  /**
   * Every event the graph may take. A state only takes the listed events it handles (its own event
   * descriptors), so list payload variants freely. Delays are `xstate.after.<delay>.<stateId>`, invoked
   * results `xstate.done.actor.<invokeId>` (with `output`) and `xstate.error.actor.<invokeId>` (with `error`).
   */
  events: readonly AnyEventObject[];
  /**
   * What tells two graph states apart; default: state value, status and the whole context. A coarser key
   * must only drop context the machine never branches on (e.g. a counter), or the graph is unsound — the
   * helper checks every path against the machine's own transition function and throws if it is.
   */
  key?: (snapshot: AnyMachineSnapshot) => unknown;
  /**
   * How many events a path may take after its first untaken edge (default 40): it walks on to the nearest edge
   * not yet taken. Walking on instead of starting a new actor per edge keeps big graphs fast; 0 gives one
   * shortest path per edge (the clearest failures).
   */
  maxWalk?: number;
  /**
   * Which of the listed events a state may take, on top of the events it handles (default: all). Bounds a graph
   * whose context grows without end (e.g. no more `open` once three were opened): the graph, not the machine,
   * stops there.
   */
  filterEvents?: (snapshot: AnyMachineSnapshot, event: AnyEventObject) => boolean;
}

export interface ModelStep {
  /** The event that led here (`xstate.init` for the first step). */
  event: AnyEventObject;
  /**
   * The graph's snapshot after `event` (the machine's own pure transition function). Only for generating paths
   * and naming graph vertices: a wrong machine agrees with itself, so no assertion compares the actor to it.
   */
  state: AnyMachineSnapshot;
  /** The graph vertex of `state`. */
  key: string;
  /** What the model says the step does outside the machine: named actions (with params) and emitted events. */
  effects: StepEffects;
}

export interface StepEffects {
  actions: ActionCall[];
  emitted: AnyEventObject[];
}

/** The observable effects among a transition's resolved actions (built-in xstate.* actions aside from emit). */
function effectsOf(actions: ReadonlyArray<{ type: string; params?: unknown }>): StepEffects {
  const effects: StepEffects = { actions: [], emitted: [] };
  for (const action of actions) {
    if (action.type === 'xstate.emit')
      effects.emitted.push((action.params as { event: AnyEventObject }).event);
    else if (!action.type.startsWith('xstate.'))
      effects.actions.push({ name: action.type, params: action.params });
  }
  return effects;
}

export interface ModelPath {
  /** Human-readable: the events, in order. */
  name: string;
  steps: ModelStep[];
}

export interface ModelEdge {
  id: string;
  from: string;
  event: AnyEventObject;
  to: string;
}

export interface ModelGraph {
  name: string;
  machine: AnyStateMachine;
  input: unknown;
  /** Every graph vertex (serialized state), the initial one first. */
  vertices: string[];
  /** Every graph edge: a vertex and a listed event it handles. */
  edges: ModelEdge[];
  /**
   * Paths that, together, reach every vertex and take every edge: each starts with the shortest path to an
   * edge not yet taken, then walks on to the nearest untaken edges (at most `maxWalk` more events).
   */
  paths: ModelPath[];
}

/** `AdjacencyMap` with plain string keys (its branded keys defeat `Object.entries`). */
type Adjacency = Record<
  string,
  {
    state: AnyMachineSnapshot;
    transitions: Record<string, { event: AnyEventObject; state: AnyMachineSnapshot }>;
  }
>;

const INIT_EVENT: AnyEventObject = { type: 'xstate.init' };

function defaultKey(snapshot: AnyMachineSnapshot): unknown {
  return { value: snapshot.value, status: snapshot.status, context: snapshot.context };
}

export function describeEvent(event: AnyEventObject): string {
  const { type, ...rest } = event;
  if (type.startsWith('xstate.done.actor.'))
    return `${type}(${JSON.stringify(rest['output'])?.slice(0, 60)})`;
  if (type.startsWith('xstate.error.actor.')) return `${type}(${String(rest['error'])})`;
  return Object.keys(rest).length ? `${type} ${JSON.stringify(rest).slice(0, 80)}` : type;
}

/** Whether the state has a transition (of any guard) for the event, i.e. it "handles" it. */
export function handles(snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean {
  return (
    snapshot.status === 'active' &&
    snapshot._nodes.some((node: AnyStateNode) => node.ownEvents.includes(event.type))
  );
}

/** Builds the graph of `machine` over the listed events and the paths that cover it. */
export function modelGraph<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: ModelOptions<TMachine>,
): ModelGraph {
  const keyOf = options.key ?? defaultKey;
  const serialize = (snapshot: AnyMachineSnapshot) => JSON.stringify(keyOf(snapshot));
  const traversal = {
    input: options.input,
    events: options.events,
    serializeState: serialize,
    serializeEvent: (event: AnyEventObject) => JSON.stringify(event),
    filterEvents: (snapshot: AnyMachineSnapshot, event: AnyEventObject) =>
      handles(snapshot, event) && (options.filterEvents?.(snapshot, event) ?? true),
  };
  // The graph API is typed by the machine's own events; delay and actor events are listed explicitly on purpose.
  const adjacency = getAdjacencyMap(machine as AnyStateMachine, traversal as never) as unknown as Adjacency;
  const shortest = getShortestPaths(machine as AnyStateMachine, traversal as never);

  const vertices = Object.keys(adjacency);
  const eventsTo = new Map<string, AnyEventObject[]>();
  for (const path of shortest) {
    eventsTo.set(
      serialize(path.state as AnyMachineSnapshot),
      path.steps.slice(1).map((step) => step.event as AnyEventObject),
    );
  }

  const edges: ModelEdge[] = [];
  for (const [from, value] of Object.entries(adjacency)) {
    for (const [eventKey, next] of Object.entries(value.transitions)) {
      edges.push({
        id: `${from} ⟶ ${eventKey}`,
        from,
        event: next.event,
        to: serialize(next.state),
      });
    }
  }

  // Every edge: the shortest path to its source, the edge, then on to the nearest untaken edge while the walk
  // lasts (a new actor per edge would replay the same prefixes again and again). Every vertex is the initial
  // one or the target of an edge, so taking every edge reaches every vertex.
  const maxWalk = options.maxWalk ?? 40;
  const bySource = new Map<string, ModelEdge[]>();
  for (const edge of edges) {
    const list = bySource.get(edge.from) ?? [];
    list.push(edge);
    bySource.set(edge.from, list);
  }
  const prefixOf = (vertex: string) => {
    const events = eventsTo.get(vertex);
    if (!events) throw new Error(`[${options.name}] no path to graph state ${vertex}`);
    return events;
  };
  vertices.forEach(prefixOf);
  const untaken = new Set(edges);
  // Shortest prefixes first: the paths stay short and read well.
  const order = [...edges].sort((x, y) => prefixOf(x.from).length - prefixOf(y.from).length);
  const kept: Array<{ events: AnyEventObject[] }> = [];
  for (const first of order) {
    if (!untaken.has(first)) continue;
    untaken.delete(first);
    const events = [...prefixOf(first.from), first.event];
    let at = first.to;
    let budget = maxWalk;
    while (budget > 0) {
      const route = routeToUntaken(at, bySource, untaken);
      if (!route || route.length > budget) break;
      for (const edge of route) {
        untaken.delete(edge);
        events.push(edge.event);
      }
      budget -= route.length;
      at = route.at(-1)!.to;
    }
    kept.push({ events });
  }
  if (kept.length === 0) kept.push({ events: [] });

  const paths = kept.map(({ events }) => toPath(machine, options, serialize, events));
  // Soundness: the machine's own transition function must walk the graph's edges exactly.
  const edgeTo = new Map(edges.map((e) => [e.id, e.to]));
  for (const path of paths) {
    path.steps.slice(1).forEach((step, i) => {
      const from = path.steps[i]!.key;
      const to = edgeTo.get(`${from} ⟶ ${JSON.stringify(step.event)}`);
      if (to !== step.key)
        throw new Error(
          `[${options.name}] the graph key is unsound: ${from} with ${describeEvent(step.event)} ` +
            `leads to ${step.key}, the graph says ${to}`,
        );
    });
  }
  return { name: options.name, machine, input: options.input, vertices, edges, paths };
}

/** The shortest run of edges from `from` that ends with an untaken edge (breadth first), or null. */
function routeToUntaken(
  from: string,
  bySource: Map<string, ModelEdge[]>,
  untaken: Set<ModelEdge>,
): ModelEdge[] | null {
  const cameBy = new Map<string, ModelEdge | null>([[from, null]]);
  const queue = [from];
  const routeTo = (edge: ModelEdge) => {
    const route = [edge];
    for (let v = edge.from, e = cameBy.get(v); e; v = e.from, e = cameBy.get(v)) route.unshift(e);
    return route;
  };
  for (let i = 0; i < queue.length; i++) {
    const vertex = queue[i]!;
    const out = bySource.get(vertex) ?? [];
    const open = out.find((e) => untaken.has(e));
    if (open) return routeTo(open);
    for (const edge of out) {
      if (cameBy.has(edge.to)) continue;
      cameBy.set(edge.to, edge);
      queue.push(edge.to);
    }
  }
  return null;
}

/** Replays the events through the machine's pure transition function: the expected snapshot of every step. */
function toPath(
  machine: AnyStateMachine,
  options: ModelOptions<AnyStateMachine>,
  serialize: (snapshot: AnyMachineSnapshot) => string,
  events: AnyEventObject[],
): ModelPath {
  let [state, actions] = initialTransition(machine, options.input);
  const steps: ModelStep[] = [
    { event: INIT_EVENT, state, key: serialize(state), effects: effectsOf(actions) },
  ];
  for (const event of events) {
    [state, actions] = transition(machine, state, event as never);
    steps.push({ event, state, key: serialize(state), effects: effectsOf(actions) });
  }
  return { name: events.map(describeEvent).join(' → ') || '(initial state)', steps };
}

// ───────────────────────────── fakes ─────────────────────────────

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export interface ActionCall {
  name: string;
  params: unknown;
}

/** Controllable promise actors and recording actions for one actor under test. */
export class Fakes {
  /** Every named action call, in order. */
  readonly calls: ActionCall[] = [];
  /** The names of the actions these fakes record. */
  readonly recorded = new Set<string>();
  /** Every invocation of a fake promise actor, in order. */
  readonly invocations: Array<{ src: string; id: string; input: unknown }> = [];
  private readonly pending = new Map<string, Deferred<unknown>>();

  /** A promise actor whose result the test decides (`resolve` / `reject` by invoke id). */
  promise<TOutput>(src: string): PromiseActorLogic<TOutput, any> {
    return fromPromise<TOutput, any>(({ self, input }) => {
      const d = deferred<unknown>();
      this.pending.set(self.id, d);
      this.invocations.push({ src, id: self.id, input });
      return d.promise as Promise<TOutput>;
    });
  }

  /** Recording implementations for named actions (pass to `machine.provide({ actions })`). */
  actions<K extends string>(...names: K[]): Record<K, (args: unknown, params: unknown) => void> {
    const out = {} as Record<K, (args: unknown, params: unknown) => void>;
    for (const name of names) {
      this.recorded.add(name);
      out[name] = (_args, params) => void this.calls.push({ name, params });
    }
    return out;
  }

  /** A recording function for an effect that is not a machine action (e.g. an injected callback). */
  recorder(name: string): (params?: unknown) => void {
    this.recorded.add(name);
    return (params) => void this.calls.push({ name, params });
  }

  /** The params of every call of one action, in order. */
  called(name: string): unknown[] {
    return this.calls.filter((c) => c.name === name).map((c) => c.params);
  }

  pendingIds(): string[] {
    return [...this.pending.keys()];
  }

  resolve(id: string, output: unknown): void {
    this.take(id).resolve(output);
  }

  reject(id: string, error: unknown): void {
    this.take(id).reject(error);
  }

  private take(id: string): Deferred<unknown> {
    const d = this.pending.get(id);
    if (!d)
      throw new Error(
        `no pending fake promise actor '${id}' (pending: ${this.pendingIds().join(', ') || 'none'})`,
      );
    this.pending.delete(id);
    return d;
  }
}

/** Lets promise callbacks (and the actor events they send) run to completion. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise<void>((r) => setImmediate(r));
}

// ───────────────────────────── coverage ─────────────────────────────

/** Every state node id of the machine, root included. */
export function allStateIds(machine: AnyStateMachine): string[] {
  return [machine.root, ...getStateNodes(machine.root)].map((n) => n.id);
}

function transitionLabel(t: AnyTransitionDefinition, index: number, siblings: number): string {
  const targets = t.target?.map((n) => n.id).join(',') ?? '(no target)';
  const suffix = siblings > 1 ? ` #${index}` : '';
  return `${t.source.id} ─${t.eventType || '(always)'}→ ${targets}${suffix}`;
}

/** Every transition definition of the machine (`on`, `after`, `invoke` done/error, `always`). */
export function allTransitions(machine: AnyStateMachine): string[] {
  const out: string[] = [];
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    for (const defs of node.transitions.values())
      defs.forEach((t, i) => out.push(transitionLabel(t, i, defs.length)));
    node.always?.forEach((t, i, all) => out.push(transitionLabel(t, i, all.length)));
  }
  return out;
}

function labelOfTaken(t: AnyTransitionDefinition): string {
  const siblings =
    t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? []);
  const index = siblings.indexOf(t);
  if (index < 0) throw new Error(`transition ${t.source.id} ${t.eventType} is not one of its source's`);
  return transitionLabel(t, index, siblings.length);
}

function activeStateIds(snapshot: AnyMachineSnapshot): string[] {
  return snapshot._nodes.map((n: AnyStateNode) => n.id);
}

export interface Coverage {
  /** State node ids entered or left by the real actor. */
  states: Set<string>;
  /** Transition definitions the real actor took. */
  transitions: Set<string>;
  /** Graph vertices / edges replayed and checked, by graph name. */
  graphVertices: Map<string, Set<string>>;
  graphEdges: Map<string, Set<string>>;
}

export function emptyCoverage(): Coverage {
  return { states: new Set(), transitions: new Set(), graphVertices: new Map(), graphEdges: new Map() };
}

export function mergeCoverage(...all: Coverage[]): Coverage {
  const out = emptyCoverage();
  for (const c of all) {
    c.states.forEach((s) => out.states.add(s));
    c.transitions.forEach((t) => out.transitions.add(t));
    for (const [g, set] of c.graphVertices) {
      const into = bucket(out.graphVertices, g);
      set.forEach((v) => into.add(v));
    }
    for (const [g, set] of c.graphEdges) {
      const into = bucket(out.graphEdges, g);
      set.forEach((e) => into.add(e));
    }
  }
  return out;
}

function bucket(map: Map<string, Set<string>>, key: string): Set<string> {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  return set;
}

export interface CoverageReport {
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[] };
  graphs: Array<{
    name: string;
    vertices: string;
    edges: string;
    missingVertices: number;
    missingEdges: number;
  }>;
}

export function coverageReport(
  machine: AnyStateMachine,
  graphs: ModelGraph[],
  coverage: Coverage,
): CoverageReport {
  const states = allStateIds(machine);
  const transitions = allTransitions(machine);
  const stateMissing = states.filter((s) => !coverage.states.has(s));
  const transitionMissing = transitions.filter((t) => !coverage.transitions.has(t));
  return {
    states: { covered: states.length - stateMissing.length, total: states.length, missing: stateMissing },
    transitions: {
      covered: transitions.length - transitionMissing.length,
      total: transitions.length,
      missing: transitionMissing,
    },
    graphs: graphs.map((g) => {
      const v = coverage.graphVertices.get(g.name) ?? new Set();
      const e = coverage.graphEdges.get(g.name) ?? new Set();
      const missingVertices = g.vertices.filter((x) => !v.has(x)).length;
      const missingEdges = g.edges.filter((x) => !e.has(x.id)).length;
      return {
        name: g.name,
        vertices: `${g.vertices.length - missingVertices}/${g.vertices.length}`,
        edges: `${g.edges.length - missingEdges}/${g.edges.length}`,
        missingVertices,
        missingEdges,
      };
    }),
  };
}

export function formatReport(title: string, report: CoverageReport): string {
  const graphs = report.graphs.map((g) => `${g.name}: ${g.vertices} graph states, ${g.edges} graph edges`);
  return [
    `${title}: ${report.states.covered}/${report.states.total} state nodes, ` +
      `${report.transitions.covered}/${report.transitions.total} transitions`,
    ...graphs.map((g) => `  ${g}`),
  ].join('\n');
}

// ───────────────────────────── clock ─────────────────────────────

interface ModelTimer {
  id: number;
  start: number;
  timeout: number;
  fn: () => void;
  /** The actor that scheduled it and the event it delivers (null: not scheduled by an actor). */
  source: AnyActorRef | null;
  type: string | null;
}

/**
 * A SimulatedClock (same `increment` / `set` semantics: a jump fires each due timer once, and a timer set while
 * it fires counts from the end of the jump) that knows which actor scheduled each timer for which event, and can
 * let time pass for one timer while holding every other (`advanceOnly`).
 */
export class ModelClock extends SimulatedClock {
  readonly #timers = new Map<number, ModelTimer>();
  #now = 0;
  #nextId = 0;
  #flushing = false;
  #invalidated = false;
  #scheduling: { source: AnyActorRef; type: string } | null = null;

  /** Tags the timers the actor's system schedules from now on (wraps its public scheduler). */
  watch(actor: AnyActorRef): void {
    const scheduler = actor.system.scheduler;
    const schedule = scheduler.schedule.bind(scheduler);
    scheduler.schedule = (source, target, event, delay, id) => {
      this.#scheduling = { source, type: event.type };
      try {
        schedule(source, target, event, delay, id);
      } finally {
        this.#scheduling = null;
      }
    };
  }

  override now(): number {
    return this.#now;
  }

  override setTimeout(fn: (...args: any[]) => void, timeout: number): number {
    this.#invalidated = this.#flushing;
    const id = this.#nextId++;
    const tag = this.#scheduling;
    this.#timers.set(id, {
      id,
      start: this.#now,
      timeout,
      fn,
      source: tag?.source ?? null,
      type: tag?.type ?? null,
    });
    return id;
  }

  override clearTimeout(id: number): void {
    this.#invalidated = this.#flushing;
    this.#timers.delete(id);
  }

  override set(time: number): void {
    if (time < this.#now) throw new Error('Unable to travel back in time');
    this.#now = time;
    this.#flush();
  }

  override increment(ms: number): void {
    this.#now += ms;
    this.#flush();
  }

  /** The one pending timer the actor scheduled for the event (throws if there is none or more than one). */
  timerFor(actor: AnyActorRef, type: string): ModelTimer {
    const found = [...this.#timers.values()].filter((t) => t.source === actor && t.type === type);
    if (found.length !== 1) throw new Error(`expected one pending timer for ${type}, found ${found.length}`);
    return found[0]!;
  }

  /** Lets `ms` pass for `timer` alone: every other pending timer is held (its start moves with the clock). */
  advanceOnly(timer: ModelTimer, ms: number): void {
    for (const other of this.#timers.values()) if (other !== timer) other.start += ms;
    this.increment(ms);
  }

  #flush(): void {
    if (this.#flushing) {
      this.#invalidated = true;
      return;
    }
    this.#flushing = true;
    const sorted = [...this.#timers.values()].sort((a, b) =>
      b.start + b.timeout > a.start + a.timeout ? -1 : 1,
    );
    for (const timer of sorted) {
      if (this.#invalidated) {
        this.#invalidated = false;
        this.#flushing = false;
        this.#flush();
        return;
      }
      if (this.#now - timer.start >= timer.timeout) {
        this.#timers.delete(timer.id);
        timer.fn.call(null);
      }
    }
    this.#flushing = false;
  }
}

// ───────────────────────────── replay ─────────────────────────────

export interface ReplayContext {
  actor: AnyActorRef;
  clock: SimulatedClock;
  fakes: Fakes;
  step: ModelStep;
  index: number;
  path: ModelPath;
}

/** What an oracle sees after a step: the real actor and what it did in this step. */
export interface OracleArgs {
  /** The real actor's snapshot after the step. */
  snapshot: AnyMachineSnapshot;
  /** The real actor's snapshot before the step (the initial snapshot's `previous` is itself). */
  previous: AnyMachineSnapshot;
  /** The event of the step (`xstate.init` for the first). */
  event: AnyEventObject;
  /** Every event of the path so far, this one included (not the init). */
  history: AnyEventObject[];
  /** The graph's input. */
  input: any;
  /** The recorded actions the real actor called and the events it emitted during this step. */
  effects: StepEffects;
  fakes: Fakes;
  clock: SimulatedClock;
  actor: AnyActorRef;
  index: number;
}

/**
 * What must be true in a state, written from the specification (cite the section). Keys are state paths as
 * `stateKey` writes them; a parallel machine's snapshot is checked by the oracle of every active leaf.
 */
export type Oracle = (o: OracleArgs) => void;

/** Where an event leads, written from the specification: a state path (`stateKey` form) or a rule for it. */
export type Expectation =
  | string
  | ((o: {
      event: AnyEventObject;
      previous: AnyMachineSnapshot;
      from: string;
      history: AnyEventObject[];
      input: any;
    }) => string);

/**
 * The hand-written transition table: (state, event type) → expected state. Row `'*'` applies in every state
 * (events handled at the root); a state's own row wins. `SAME` stays in the state it came from.
 */
export type TransitionTable = Record<string, Record<string, Expectation>>;
export const SAME = '=';

/** The state value as one string: `a`, `a.b`, and for parallel states the leaves joined by ` | `. */
export function stateKey(value: unknown): string {
  return leavesOf(value).join(' | ');
}

/** The active leaf paths of a state value (`a.b.c`). */
export function leavesOf(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix + value];
  const entries = Object.entries((value ?? {}) as Record<string, unknown>);
  if (entries.length === 0) return [prefix.replace(/\.$/, '')];
  return entries.flatMap(([k, v]) => leavesOf(v, `${prefix}${k}.`));
}

export interface Harness {
  /**
   * The state the actor starts in (after eventless transitions), from the spec: a state path or a rule over
   * the input.
   */
  initial: string | ((input: any) => string);
  /** (state, event type) → expected state; or a function for machines whose regions move independently. */
  transitions:
    | TransitionTable
    | ((o: {
        event: AnyEventObject;
        previous: AnyMachineSnapshot;
        from: string;
        history: AnyEventObject[];
        input: any;
      }) => string);
  /** One oracle per state path the paths reach (every active leaf of a parallel state). Required. */
  oracles: Record<string, Oracle>;
  /** The machine under test with fakes in place of every effect (`machine.provide({ actors, actions })`). */
  logic: (fakes: Fakes) => AnyStateMachine;
  /**
   * Milliseconds of each named delay, e.g. `{ poll: GATE_POLL_MS }`, or a function of the actor's snapshot
   * when the delay is (e.g. `({ context }) => backoffMs(context.attempt)`). Numeric delays need no entry.
   */
  delays?: Record<string, number | ((snapshot: AnyMachineSnapshot) => number)>;
  /**
   * How a delay step lets time pass (default 'shared'). 'shared': the clock moves for every timer, as in life —
   * right for machines whose timers never overlap. 'exclusive': time moves only for the timer the graph fires
   * (the one the actor under test scheduled for that `xstate.after.*` event; every other timer is held), which
   * is what the graph means when a parallel machine runs several timers at once (a long one would otherwise
   * let a shorter one fire first). Either way the step checks the timer's duration and that it fires neither a
   * millisecond early nor late; the real overlap of timers is then the business of hand-written tests.
   */
  timers?: 'shared' | 'exclusive';
  /**
   * Delivers a graph event to the actor in the way the system would (e.g. from a faked child actor) instead of
   * `actor.send`; returns false to let the event be sent as usual. Not asked for delays and invoked results.
   */
  deliver?: (event: AnyEventObject, ctx: { actor: AnyActorRef; fakes: Fakes }) => boolean;
  /** What must not change while a delay has not yet run out (the "1 ms early" check); default value, status, context. */
  project?: (snapshot: AnyMachineSnapshot) => unknown;
  /** Further per-step checks (on every step, whatever the state). */
  check?: (ctx: ReplayContext) => void;
  /** Called once the actor is created and before it starts (e.g. to subscribe to emitted events). */
  attach?: (actor: AnyActorRef, fakes: Fakes) => void;
}

/** The expected state after `event` from the hand-written table (throws when the table has no answer). */
export function expectedState(
  harness: Harness,
  o: {
    event: AnyEventObject;
    previous: AnyMachineSnapshot;
    from: string;
    history: AnyEventObject[];
    input: any;
  },
): string {
  let to: Expectation | undefined;
  if (typeof harness.transitions === 'function') to = harness.transitions;
  else to = harness.transitions[o.from]?.[o.event.type] ?? harness.transitions['*']?.[o.event.type];
  if (to === undefined)
    throw new Error(`no expected transition for state ${o.from} on ${o.event.type} (add it to the table)`);
  const key = typeof to === 'function' ? to(o) : to;
  return key === SAME ? o.from : key;
}

/** Runs the oracle of every active leaf of `key` (throws "no oracle for state X" when one is missing). */
export function runOracles(harness: Harness, key: string, args: OracleArgs): void {
  for (const leaf of key.split(' | ')) {
    const oracle = harness.oracles[leaf];
    if (!oracle) throw new Error(`no oracle for state ${leaf}`);
    oracle(args);
  }
}

const AFTER = 'xstate.after.';
const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';

/** The duration of a delayed-transition event in the actor's current state, or null for other events. */
function delayOf(event: AnyEventObject, harness: Harness, snapshot: AnyMachineSnapshot): number | null {
  if (!event.type.startsWith(AFTER)) return null;
  const delay = event.type.slice(AFTER.length).split('.')[0] ?? '';
  const given = /^\d+$/.test(delay) ? Number(delay) : harness.delays?.[delay];
  if (given === undefined) throw new Error(`no duration given for the delay '${delay}' (${event.type})`);
  return typeof given === 'function' ? given(snapshot) : given;
}

/**
 * The real stimulus for a graph step: time for a delay (all but the last millisecond first, so the caller can
 * check that nothing happened early), a settled fake promise for an invoked actor's result, else the event.
 */
async function stimulate(
  event: AnyEventObject,
  actor: AnyActorRef,
  clock: SimulatedClock,
  fakes: Fakes,
  harness: Harness,
  notYet: () => void,
) {
  const ms = delayOf(event, harness, actor.getSnapshot() as AnyMachineSnapshot);
  if (ms !== null && clock instanceof ModelClock) {
    // Exclusive time: only the timer behind this event runs; it must last `ms` and fire at its end.
    const timer = clock.timerFor(actor, event.type);
    expect(timer.timeout, `the timer of ${event.type}`).toBe(ms);
    if (ms > 0) {
      clock.advanceOnly(timer, ms - 1);
      await settle();
      notYet();
    }
    clock.advanceOnly(timer, Math.min(ms, 1));
  } else if (ms !== null) {
    if (ms > 0) {
      clock.increment(ms - 1);
      await settle();
      notYet();
    }
    clock.increment(Math.min(ms, 1));
  } else if (event.type.startsWith(DONE)) {
    fakes.resolve(event.type.slice(DONE.length), (event as { output?: unknown }).output);
  } else if (event.type.startsWith(ERROR)) {
    fakes.reject(event.type.slice(ERROR.length), (event as { error?: unknown }).error);
  } else if (!harness.deliver?.(event, { actor, fakes })) {
    actor.send(event);
  }
}

/** Executes one path against a real actor; returns what it covered. Throws (with the path) on a mismatch. */
export async function replay(graph: ModelGraph, path: ModelPath, harness: Harness): Promise<Coverage> {
  const project = harness.project ?? defaultKey;
  const fakes = new Fakes();
  const clock = harness.timers === 'exclusive' ? new ModelClock() : new SimulatedClock();
  const microsteps: Array<Extract<InspectionEvent, { type: '@xstate.microstep' }>> = [];
  const actor = createActor(harness.logic(fakes), {
    input: graph.input as never,
    clock,
    inspect: (ev) => {
      if (ev.type === '@xstate.microstep') microsteps.push(ev);
    },
  });
  const emitted: AnyEventObject[] = [];
  actor.on('*', (event: AnyEventObject) => void emitted.push(event));
  if (clock instanceof ModelClock) clock.watch(actor);
  harness.attach?.(actor, fakes);
  const coverage = emptyCoverage();
  const vertices = bucket(coverage.graphVertices, graph.name);
  const edges = bucket(coverage.graphEdges, graph.name);
  actor.start();
  try {
    let calls = 0;
    let emits = 0;
    let previous = actor.getSnapshot() as AnyMachineSnapshot;
    let expectedKey = '';
    const history: AnyEventObject[] = [];
    for (const [index, step] of path.steps.entries()) {
      const shown = path.steps.slice(Math.max(1, index - 5), index + 1).map((s) => describeEvent(s.event));
      const where = `graph "${graph.name}", step ${index} of a path (… ${shown.join(' → ')})`;
      if (index > 0) {
        const before = project(previous);
        history.push(step.event);
        await stimulate(step.event, actor, clock, fakes, harness, () =>
          expect(project(actor.getSnapshot() as AnyMachineSnapshot), `${where}: 1 ms early`).toEqual(before),
        );
      }
      await settle();
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
      // Where the actor must be: the test's own table (the spec), never the machine's transition function.
      expectedKey =
        index === 0
          ? typeof harness.initial === 'function'
            ? harness.initial(graph.input)
            : harness.initial
          : expectedState(harness, {
              event: step.event,
              previous,
              from: expectedKey,
              history: [...history],
              input: graph.input,
            });
      expect(stateKey(snapshot.value), `${where}: state`).toBe(expectedKey);
      const effects: StepEffects = { actions: fakes.calls.slice(calls), emitted: emitted.slice(emits) };
      try {
        runOracles(harness, expectedKey, {
          snapshot,
          previous,
          event: step.event,
          history: [...history],
          input: graph.input,
          effects,
          fakes,
          clock,
          actor,
          index,
        });
      } catch (error) {
        if (error instanceof Error) error.message = `${where}: oracle of ${expectedKey}: ${error.message}`;
        throw error;
      }
      calls = fakes.calls.length;
      emits = emitted.length;
      previous = snapshot;
      harness.check?.({ actor, clock, fakes, step, index, path });
      vertices.add(step.key);
      if (index > 0) edges.add(`${path.steps[index - 1]!.key} ⟶ ${JSON.stringify(step.event)}`);
      activeStateIds(actor.getSnapshot() as AnyMachineSnapshot).forEach((id) => coverage.states.add(id));
    }
  } finally {
    actor.stop();
  }
  for (const ev of microsteps) {
    if (ev.actorRef !== actor) continue;
    for (const t of ev._transitions) {
      coverage.transitions.add(labelOfTaken(t));
      coverage.states.add(t.source.id);
      t.target?.forEach((n) => coverage.states.add(n.id));
    }
    activeStateIds(ev.snapshot as AnyMachineSnapshot).forEach((id) => coverage.states.add(id));
  }
  return coverage;
}

/** Replays every path of the graph. */
export async function replayAll(graph: ModelGraph, harness: Harness): Promise<Coverage> {
  const all: Coverage[] = [];
  for (const path of graph.paths) all.push(await replay(graph, path, harness));
  return mergeCoverage(...all);
}

// ───────────────────────────── vitest wiring ─────────────────────────────

/**
 * A machine's model as its model test declares it (title, graphs, harness), in a module of its own
 * (`tests/machines/<name>.model.ts`) so that the UI model test (tests/ui) runs the same paths on the app.
 */
export interface MachineModel<TMachine extends AnyStateMachine = AnyStateMachine> {
  title: string;
  machine: TMachine;
  graphs: Array<ModelOptions<TMachine>>;
  harness: Harness;
}

/**
 * Declares the model-based tests of a machine: one test per graph replaying all of its paths against a real
 * actor, and one test asserting that, together, they reached every state node and took every transition of
 * the machine, and replayed every vertex and edge of every graph.
 */
export function describeModel<TMachine extends AnyStateMachine>(
  title: string,
  machine: TMachine,
  graphOptions: Array<ModelOptions<TMachine>>,
  harness: Harness,
): void {
  describe(`${title} (model-based)`, () => {
    const graphs = graphOptions.map((options) => modelGraph(machine, options));
    const runs = new Map<ModelGraph, Promise<Coverage>>();
    const run = (graph: ModelGraph) => {
      let p = runs.get(graph);
      if (!p) runs.set(graph, (p = replayAll(graph, harness)));
      return p;
    };
    for (const graph of graphs) {
      it(`${graph.name}: ${graph.paths.length} paths over ${graph.vertices.length} graph states and ${graph.edges.length} graph edges agree with a real actor`, async () => {
        const coverage = await run(graph);
        expect(coverage.graphVertices.get(graph.name)?.size ?? 0).toBe(graph.vertices.length);
        expect(coverage.graphEdges.get(graph.name)?.size ?? 0).toBe(graph.edges.length);
      });
    }
    // A transition the specification's table names but the machine lacks is no graph edge, so no path would
    // ever try it (found with Stryker on the games verify view: its `failed` state could lose its reload and
    // every test still passed). Every change of state the table names must be an edge of some graph.
    const table = harness.transitions;
    if (typeof table !== 'function')
      it('takes every change of state the table names (a transition the machine lacks fails here)', () => {
        const taken = new Set<string>();
        for (const graph of graphs)
          for (const path of graph.paths)
            path.steps.forEach((step, i) => {
              if (i > 0) taken.add(`${stateKey(path.steps[i - 1]!.state.value)} ⟶ ${step.event.type}`);
            });
        const named = Object.entries(table).flatMap(([from, row]) =>
          from === '*'
            ? []
            : Object.entries(row)
                .filter(([, to]) => to !== SAME && to !== from)
                .map(([type]) => `${from} ⟶ ${type}`),
        );
        expect(named.filter((pair) => !taken.has(pair))).toEqual([]);
      });
    // The same for every state a path passes: a listed event from outside (the player, the page, a push) that
    // the machine ignores there, where the expected transitions say it moves, is a transition the machine lacks
    // (tables and functions alike).
    it('ignores a listed event only where the expected transitions say nothing changes', () => {
      const lacking = new Set<string>();
      graphs.forEach((graph, g) => {
        const options = graphOptions[g]!;
        for (const path of graph.paths) {
          const history: AnyEventObject[] = [];
          path.steps.forEach((step, i) => {
            if (i > 0) history.push(step.event);
            const snapshot = step.state;
            const from = stateKey(snapshot.value);
            for (const event of options.events) {
              // A timer's or an invoked actor's result only comes where the machine started it (a missing one
              // is the oracles' business): only events from outside count here.
              if (event.type.startsWith('xstate.')) continue;
              if (handles(snapshot, event) || !(options.filterEvents?.(snapshot, event) ?? true)) continue;
              let to: string;
              try {
                to = expectedState(harness, {
                  event,
                  previous: snapshot,
                  from,
                  history: [...history, event],
                  input: graph.input,
                });
              } catch {
                continue; // the expectations say nothing of this event here
              }
              if (to !== from) lacking.add(`${from} ⟶ ${event.type} (expected ${to})`);
            }
          });
        }
      });
      expect([...lacking]).toEqual([]);
    });
    // A listed event no state takes (a timer the machine no longer starts, a result it never asks for) says the
    // machine lacks what the specification lists: every listed event type is taken somewhere.
    // (An event listed to show it changes nothing passes when the expected transitions say so in every state.)
    it('takes every listed event type in some graph', () => {
      const taken = new Set(graphs.flatMap((graph) => graph.edges.map((e) => e.event.type)));
      const untaken = graphOptions.flatMap((o) => o.events).filter((e) => !taken.has(e.type));
      const saysNothingChanges = (event: AnyEventObject) =>
        graphs.every((graph) =>
          graph.paths.every((path) =>
            path.steps.every((step, i) => {
              const from = stateKey(step.state.value);
              try {
                const history = [...path.steps.slice(1, i + 1).map((s) => s.event), event];
                return (
                  expectedState(harness, {
                    event,
                    previous: step.state,
                    from,
                    history,
                    input: graph.input,
                  }) === from
                );
              } catch {
                return false;
              }
            }),
          ),
        );
      expect([...new Set(untaken.filter((e) => !saysNothingChanges(e)).map((e) => e.type))]).toEqual([]);
    });
    it('reaches every state node and takes every transition of the machine', async () => {
      const coverage = mergeCoverage(...(await Promise.all(graphs.map(run))));
      const report = coverageReport(machine, graphs, coverage);
      console.info(formatReport(title, report));
      expect({
        unreachedStates: report.states.missing,
        untakenTransitions: report.transitions.missing,
        graphsNotFullyReplayed: report.graphs.filter((g) => g.missingVertices + g.missingEdges > 0),
      }).toEqual({ unreachedStates: [], untakenTransitions: [], graphsNotFullyReplayed: [] });
    });
  });
}
