import type { Queryable } from '../../db/db.ts';

/** How often the server removes expired cache rows; idempotent, so every node may run it. */
export const CACHE_SWEEP_INTERVAL_MS = 10 * 60_000;

/** Deletes expired api-cache and json-cache rows; returns how many went. */
export async function sweepExpiredCaches(db: Queryable): Promise<number> {
  const a = await db.query('DELETE FROM api_cache WHERE expires_at <= now()');
  const b = await db.query('DELETE FROM json_cache WHERE expires_at <= now()');
  return a.rowCount + b.rowCount;
}
