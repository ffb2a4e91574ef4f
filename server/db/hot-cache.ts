import { notifyOn, type Db, type Queryable } from './db.ts';

/**
 * Small read caches for the hot path (every API call checks the caller's restriction and device; preInfo
 * reads the site configuration). Nothing here is the truth: it is dropped
 * - at once by this process's writes (`changed()`),
 * - by NOTIFY on the `hot_cache` channel from every other node's writes (delivered on commit),
 * - and after HOT_CACHE_TTL_MS whatever happens (a notification lost while a listener reconnects).
 */
export const HOT_CACHE_TTL_MS = 5_000;
export const HOT_CACHE_CHANNEL = 'hot_cache';

let generation = 0;

interface Entry {
  generation: number;
  at: number;
  value: Promise<unknown>;
  /** Set once the load resolved: the hot path reads it without awaiting (see cachedNow). */
  settled?: { value: unknown };
}
const caches = new WeakMap<object, Map<string, Entry>>();

/** The cached value of `name` for this database, loaded again when stale. */
export function cached<T>(db: object, name: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  let byName = caches.get(db);
  if (!byName) caches.set(db, (byName = new Map()));
  const hit = byName.get(name);
  if (hit && hit.generation === generation && now - hit.at < HOT_CACHE_TTL_MS) return hit.value as Promise<T>;
  const value = load();
  const entry: Entry = { generation, at: now, value };
  byName.set(name, entry);
  value.then(
    (v) => {
      entry.settled = { value: v };
    },
    // A failed load is not kept.
    () => {
      if (byName.get(name) === entry) byName.delete(name);
    },
  );
  return value;
}

/**
 * The fresh, already loaded value of `name`, or undefined: lets the request path skip a promise and a
 * microtask per request (docs/decisions/0013); callers fall back to `cached()` when it answers undefined.
 */
export function cachedNow<T>(db: object, name: string, now = Date.now()): T | undefined {
  const hit = caches.get(db)?.get(name);
  if (!hit?.settled || hit.generation !== generation || now - hit.at >= HOT_CACHE_TTL_MS) return undefined;
  return hit.settled.value as T;
}

export function invalidateHotCaches(): void {
  generation++;
}

/** Call after a write to a cached table: this process forgets now, the others when the notification arrives. */
export async function changed(q: Queryable): Promise<void> {
  invalidateHotCaches();
  await notifyOn(q, HOT_CACHE_CHANNEL, '');
}

/** Listens for other nodes' writes; answers the unsubscribe. */
export function listenForChanges(db: Db): Promise<() => Promise<void>> {
  return db.listen(HOT_CACHE_CHANNEL, () => invalidateHotCaches());
}
