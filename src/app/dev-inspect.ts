// Development builds may attach inspectors (issue 3 §6); production builds get nothing from here:
// every path that does anything starts behind `import.meta.env.DEV`, which Vite replaces with `false`,
// so the bundler drops it and the dynamic imports behind it.
//
// Two inspectors read the app system:
// - the in-app, offline panel (src/app/inspector/panel.tsx), which subscribes with `addInspectObserver`;
// - Stately's inspector (needs the internet; src/app/inspector/stately.ts), switched on with `?inspect`
//   in the page's URL or `VITE_INSPECT=stately` in the environment of the dev server.
import type { InspectionEvent } from 'xstate';

/** Receives each inspection event with the time (ms since the epoch) XState reported it. */
type Observer = (event: InspectionEvent, at: number) => void;
const observers = new Set<Observer>();

type Stamped = readonly [InspectionEvent, number];
/** How many recent actor/event/snapshot inspection events a late observer can have replayed. */
const RECENT_LIMIT = 300;
const recent: Stamped[] = [];
/** How many root actors' registration (and start) events are kept for replay, newest last. */
const ROOT_LIMIT = 4;
const roots = new Map<object, Stamped[]>();

/**
 * Inspector panels subscribe here; the app actor is created with `inspect` feeding them.
 * With `replay`, the observer first receives the root actors' registrations and the latest events:
 * the app actor starts before a lazily loaded panel can subscribe.
 */
export function addInspectObserver(observer: Observer, options: { replay?: boolean } = {}): () => void {
  if (options.replay) {
    const later = new Set(recent.map(([event]) => event));
    for (const events of roots.values())
      for (const [event, at] of events) if (!later.has(event)) observer(event, at);
    for (const [event, at] of recent) observer(event, at);
  }
  observers.add(observer);
  return () => observers.delete(observer);
}

export function devInspect(): { inspect?: (event: InspectionEvent) => void } {
  if (!import.meta.env.DEV) return {};
  if (wantsStately()) connectStately();
  return { inspect: dispatch };
}

function dispatch(event: InspectionEvent): void {
  const at = Date.now();
  remember(event, at);
  observers.forEach((o) => o(event, at));
}

function remember(event: InspectionEvent, at: number): void {
  if (event.type !== '@xstate.actor' && event.type !== '@xstate.event' && event.type !== '@xstate.snapshot')
    return;
  recent.push([event, at]);
  if (recent.length > RECENT_LIMIT) recent.splice(0, recent.length - RECENT_LIMIT);
  const isRoot = !(event.actorRef as { _parent?: unknown })._parent;
  if (!isRoot) return;
  const root = event.actorRef;
  if (event.type === '@xstate.actor') {
    roots.set(root, [[event, at]]);
    if (roots.size > ROOT_LIMIT) roots.delete(roots.keys().next().value!);
  } else if (event.type === '@xstate.event' && event.event.type === 'xstate.init') {
    roots.get(root)?.push([event, at]);
  }
}

/** `?inspect` on the page's URL, or VITE_INSPECT=stately when the dev server started. */
function wantsStately(): boolean {
  if (!import.meta.env.DEV) return false;
  if (import.meta.env.VITE_INSPECT === 'stately') return true;
  return typeof location !== 'undefined' && new URLSearchParams(location.search).has('inspect');
}

let statelyRequested = false;

/**
 * Loads Stately's inspector and forwards every inspection event to it. The app actor is created
 * synchronously, before the import resolves: events are buffered until then, so the inspector sees
 * the whole system from its first actor.
 */
function connectStately(): void {
  if (!import.meta.env.DEV || statelyRequested) return;
  statelyRequested = true;
  const pending: InspectionEvent[] = [];
  const buffer = (event: InspectionEvent) => {
    if (pending.length < 10_000) pending.push(event);
  };
  observers.add(buffer);
  import('./inspector/stately.ts')
    .then(({ openStatelyInspector }) => {
      const forward = openStatelyInspector();
      observers.delete(buffer);
      pending.splice(0).forEach((event) => forward(event));
      observers.add(forward);
    })
    .catch((error: unknown) => {
      observers.delete(buffer);
      console.warn('[inspect] The Stately inspector could not load:', error);
    });
}
