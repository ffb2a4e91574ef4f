// The offline inspector's model: the live actors of the app system and its latest events, fed by
// XState's `inspect` observer through dev-inspect. Development builds only (the panel is lazy).
import type { ActorRefLike, InspectionEvent } from 'xstate';
import { addInspectObserver } from '../dev-inspect.ts';

/** How many events the log keeps (the panel shows the latest EVENTS_SHOWN that match its filter). */
const EVENT_LIMIT = 200;
export const EVENTS_SHOWN = 30;
/** Finished actors (done, error, stopped) stay visible, greyed, up to this many. */
const FINISHED_LIMIT = 8;
/** Snapshot and event storms (the title marquee ticks every 350 ms) re-render at most this often. */
const NOTIFY_MS = 120;

/** What a running actor exposes beyond ActorRefLike (XState's Actor class; read-only here). */
interface ActorInternals extends ActorRefLike {
  id?: string;
  systemId?: string;
  src?: unknown;
  _parent?: ActorInternals;
}

interface SnapshotLike {
  status?: string;
  value?: unknown;
  context?: unknown;
  output?: unknown;
  error?: unknown;
  children?: Record<string, ActorInternals | undefined>;
}

interface ActorEntry {
  ref: ActorInternals;
  /** A React key for the actor (the store's own counter, independent of XState's id scheme). */
  key: number;
  /** Seen working (an event or a snapshot), so not an actor React created and threw away. */
  started: boolean;
  lastEvent: string | null;
  lastAt: number;
  finishedAt: number | null;
}

export interface LoggedEvent {
  seq: number;
  at: number;
  type: string;
  target: string;
  source: string | null;
}

export interface ActorView {
  key: number;
  sessionId: string;
  label: string;
  /** The actor's id when the label is its systemId and they differ, its logic's name otherwise. */
  detail: string | null;
  status: string;
  value: string;
  context: string | null;
  lastEvent: string | null;
  children: ActorView[];
}

/** Keyed by the actor itself, which is also how `_parent` and snapshot `children` refer to it. */
const actors = new Map<ActorRefLike, ActorEntry>();
let nextKey = 1;
const events: LoggedEvent[] = [];
let seq = 0;
let version = 0;
let timer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

function asInternals(ref: ActorRefLike): ActorInternals {
  return ref as ActorInternals;
}

function snapshotOf(ref: ActorInternals): SnapshotLike {
  try {
    return (ref.getSnapshot() as SnapshotLike | undefined) ?? {};
  } catch {
    return {};
  }
}

/** The name a developer knows an actor by: systemId, else id, else its machine's id, else sessionId. */
export function actorLabel(ref: ActorRefLike | undefined): string {
  if (!ref) return '—';
  const r = asInternals(ref);
  if (r.systemId) return r.systemId;
  if (r.id && r.id !== r.sessionId) return r.id;
  return logicName(r) ?? r.sessionId;
}

function entryFor(ref: ActorInternals): ActorEntry {
  let entry = actors.get(ref);
  if (!entry) {
    entry = { ref, key: nextKey++, started: false, lastEvent: null, lastAt: 0, finishedAt: null };
    actors.set(ref, entry);
  }
  return entry;
}

function onInspection(event: InspectionEvent, at: number): void {
  const ref = asInternals(event.actorRef);
  switch (event.type) {
    case '@xstate.actor':
      entryFor(ref);
      break;
    case '@xstate.snapshot': {
      const entry = entryFor(ref);
      entry.started = true;
      const status = (event.snapshot as SnapshotLike).status;
      entry.finishedAt = status === 'active' ? null : (entry.finishedAt ?? at);
      break;
    }
    case '@xstate.event': {
      const entry = entryFor(ref);
      entry.started = true;
      entry.lastEvent = event.event.type;
      entry.lastAt = at;
      events.push({
        seq: ++seq,
        at: entry.lastAt,
        type: event.event.type,
        target: actorLabel(ref),
        source: event.sourceRef ? actorLabel(event.sourceRef) : null,
      });
      if (events.length > EVENT_LIMIT) events.splice(0, events.length - EVENT_LIMIT);
      break;
    }
    default:
      return;
  }
  schedule();
}

function schedule(): void {
  if (timer !== null) return;
  timer = setTimeout(() => {
    timer = null;
    version++;
    listeners.forEach((l) => l());
  }, NOTIFY_MS);
}

let detach: (() => void) | null = null;

/**
 * For useSyncExternalStore. The store starts listening with its first subscriber (replaying what
 * happened before the panel loaded) and keeps listening while the panel is closed.
 */
export function subscribe(listener: () => void): () => void {
  detach ??= addInspectObserver(onInspection, { replay: true });
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// A hot-reloaded store replaces this one: stop feeding the old one.
import.meta.hot?.dispose(() => detach?.());

export function getVersion(): number {
  return version;
}

/** Drops the event log (the actor tree is live and stays). */
export function clearEvents(): void {
  events.length = 0;
  version++;
  listeners.forEach((l) => l());
}

/** The event log as it is now, oldest first. */
export function eventLog(): LoggedEvent[] {
  return events.slice();
}

/** The latest events of `log`, newest first, that match `filter` (the event type or either actor's name). */
export function latestEvents(log: readonly LoggedEvent[], filter: string): LoggedEvent[] {
  const needle = filter.trim().toLowerCase();
  const out: LoggedEvent[] = [];
  for (let i = log.length - 1; i >= 0 && out.length < EVENTS_SHOWN; i--) {
    const e = log[i]!;
    if (
      !needle ||
      e.type.toLowerCase().includes(needle) ||
      e.target.toLowerCase().includes(needle) ||
      (e.source?.toLowerCase().includes(needle) ?? false)
    )
      out.push(e);
  }
  return out;
}

/** JSON that survives cycles, actor references and huge values. */
export function safeJson(value: unknown, space?: number, limit = 4000): string {
  if (value === undefined) return '—';
  const seen = new WeakSet<object>();
  let text: string;
  try {
    text =
      JSON.stringify(
        value,
        (_key, v: unknown) => {
          if (typeof v === 'function') return `[function ${(v as { name?: string }).name || 'anonymous'}]`;
          if (typeof v === 'bigint') return `${v}n`;
          if (v && typeof v === 'object') {
            if ('sessionId' in v && 'send' in v) return `[actor ${actorLabel(v as ActorRefLike)}]`;
            if (seen.has(v)) return '[circular]';
            seen.add(v);
          }
          return v;
        },
        space,
      ) ?? String(value);
  } catch (error) {
    text = `[unserializable: ${String(error)}]`;
  }
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}

function logicName(ref: ActorInternals): string | null {
  const src = ref.src;
  if (typeof src === 'string') return src;
  const id = (src as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? id : null;
}

/**
 * The actor tree as it is now: roots are actors without a parent; children come from each actor's
 * `_parent` and from machine snapshots' `children` (which also finds actors whose registration the
 * store missed). Statuses and values are read live from the actors.
 */
export function actorTree(): ActorView[] {
  // Live children the events did not mention (e.g. after a hot reload of the panel).
  const stack = [...actors.values()].filter((e) => e.started).map((e) => e.ref);
  while (stack.length) {
    const ref = stack.pop()!;
    for (const child of Object.values(snapshotOf(ref).children ?? {})) {
      if (!child?.sessionId) continue;
      const entry = entryFor(child);
      if (!entry.started) {
        entry.started = true;
        stack.push(child);
      }
    }
  }
  prune();

  const childrenOf = new Map<ActorRefLike | null, ActorEntry[]>();
  for (const entry of actors.values()) {
    if (!entry.started) continue;
    const parent = entry.ref._parent;
    const key = parent && actors.get(parent)?.started ? parent : null;
    const list = childrenOf.get(key) ?? [];
    list.push(entry);
    childrenOf.set(key, list);
  }
  const build = (entry: ActorEntry): ActorView => {
    const { ref } = entry;
    const snapshot = snapshotOf(ref);
    const status = snapshot.status ?? 'unknown';
    const label = actorLabel(ref);
    const name = logicName(ref);
    const detail =
      ref.systemId && ref.id && ref.id !== ref.systemId
        ? `id ${ref.id}`
        : name && name !== label
          ? name
          : null;
    const value =
      'value' in snapshot
        ? safeJson(snapshot.value)
        : status === 'done'
          ? `output ${safeJson(snapshot.output)}`
          : status === 'error'
            ? `error ${safeJson(String(snapshot.error))}`
            : '—';
    return {
      key: entry.key,
      sessionId: ref.sessionId,
      label,
      detail,
      status,
      value,
      context: snapshot.context === undefined ? null : safeJson(snapshot.context, 2),
      lastEvent: entry.lastEvent,
      children: (childrenOf.get(ref) ?? []).map(build),
    };
  };
  return (childrenOf.get(null) ?? []).map(build);
}

/** Forgets actors that never started and all but the latest FINISHED_LIMIT finished ones. */
function prune(): void {
  const now = Date.now();
  const finished: ActorEntry[] = [];
  for (const entry of actors.values()) {
    const status = snapshotOf(entry.ref).status;
    if (status === 'active') entry.finishedAt = null;
    else if (entry.started) {
      entry.finishedAt ??= now;
      finished.push(entry);
    }
  }
  finished.sort((a, b) => (b.finishedAt ?? 0) - (a.finishedAt ?? 0));
  for (const entry of finished.slice(FINISHED_LIMIT)) actors.delete(entry.ref);
  // Actors React created and discarded (StrictMode runs initialisers twice) never start: keep a few only.
  const idle = [...actors.values()].filter((e) => !e.started);
  for (const entry of idle.slice(0, Math.max(0, idle.length - 50))) actors.delete(entry.ref);
}
