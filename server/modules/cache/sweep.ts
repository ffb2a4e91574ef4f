import type { Queryable } from '../../db/db.ts';
import { deleteExpiredCacheRows, deleteOldRateLimitRecords } from './repository.ts';

/** How often the server removes expired cache rows; idempotent, so every node may run it. */
export const CACHE_SWEEP_INTERVAL_MS = 10 * 60_000;

/** Deletes expired api-cache and json-cache rows; returns how many went. */
export function sweepExpiredCaches(db: Queryable): Promise<number> {
  return deleteExpiredCacheRows(db);
}

/** Rate-limit records older than every limit window are kept this long (support looks back), then go. */
export const LOGIN_ATTEMPT_RETENTION_DAYS = 30;
export const SMS_CODE_RETENTION_DAYS = 7;

/** Deletes rate-limit records past their retention; returns how many went. */
export function sweepOldRecords(db: Queryable): Promise<number> {
  return deleteOldRateLimitRecords(db, {
    loginAttempts: LOGIN_ATTEMPT_RETENTION_DAYS,
    smsCodes: SMS_CODE_RETENTION_DAYS,
  });
}
