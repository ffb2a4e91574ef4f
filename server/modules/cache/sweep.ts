import type { Queryable } from '../../db/db.ts';

/** How often the server removes expired cache rows; idempotent, so every node may run it. */
export const CACHE_SWEEP_INTERVAL_MS = 10 * 60_000;

/** Deletes expired api-cache and json-cache rows; returns how many went. */
export async function sweepExpiredCaches(db: Queryable): Promise<number> {
  const a = await db.query('DELETE FROM api_cache WHERE expires_at <= now()');
  const b = await db.query('DELETE FROM json_cache WHERE expires_at <= now()');
  return a.rowCount + b.rowCount;
}

/** Rate-limit records older than every limit window are kept this long (support looks back), then go. */
export const LOGIN_ATTEMPT_RETENTION_DAYS = 30;
export const SMS_CODE_RETENTION_DAYS = 7;

/** Deletes rate-limit records past their retention; returns how many went. */
export async function sweepOldRecords(db: Queryable): Promise<number> {
  const a = await db.query(`DELETE FROM login_attempts WHERE at < now() - $1 * interval '1 day'`, [
    LOGIN_ATTEMPT_RETENTION_DAYS,
  ]);
  const b = await db.query(`DELETE FROM sms_codes WHERE created_at < now() - $1 * interval '1 day'`, [
    SMS_CODE_RETENTION_DAYS,
  ]);
  return a.rowCount + b.rowCount;
}
