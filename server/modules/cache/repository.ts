import type { Queryable } from '../../db/db.ts';

// SQL of the two caches: api-cache (shared answers of public GETs) and json-cache (per-device blobs).

export async function selectApiCacheBody(db: Queryable, path: string): Promise<{ body: unknown } | null> {
  const { rows } = await db.query<{ body: unknown }>(
    'SELECT body FROM api_cache WHERE path = $1 AND expires_at > now()',
    [path],
  );
  return rows[0] ?? null;
}

export async function upsertApiCacheBody(
  db: Queryable,
  path: string,
  body: unknown,
  ttlMs: number,
): Promise<void> {
  await db.query(
    `INSERT INTO api_cache (path, body, expires_at) VALUES ($1, $2::jsonb, now() + $3 * interval '1 millisecond')
     ON CONFLICT (path) DO UPDATE SET body = EXCLUDED.body, expires_at = EXCLUDED.expires_at`,
    [path, JSON.stringify(body), ttlMs],
  );
}

export async function selectJsonCacheData(db: Queryable, scopedKey: string): Promise<string | null> {
  const { rows } = await db.query<{ data: string }>(
    'SELECT data FROM json_cache WHERE key = $1 AND expires_at > now()',
    [scopedKey],
  );
  return rows[0]?.data ?? null;
}

/** Stores a blob; answers when it expires. */
export async function upsertJsonCacheData(
  db: Queryable,
  scopedKey: string,
  data: string,
  ttlSeconds: number,
): Promise<Date> {
  const { rows } = await db.query<{ expires_at: Date }>(
    `INSERT INTO json_cache (key, data, expires_at) VALUES ($1, $2, now() + $3 * interval '1 second')
     ON CONFLICT (key) DO UPDATE SET data = EXCLUDED.data, expires_at = EXCLUDED.expires_at RETURNING expires_at`,
    [scopedKey, data, ttlSeconds],
  );
  return rows[0]!.expires_at;
}

export async function deleteExpiredCacheRows(db: Queryable): Promise<number> {
  const a = await db.query('DELETE FROM api_cache WHERE expires_at <= now()');
  const b = await db.query('DELETE FROM json_cache WHERE expires_at <= now()');
  return a.rowCount + b.rowCount;
}

/** Rate-limit records (login attempts, SMS codes) older than their retention. */
export async function deleteOldRateLimitRecords(
  db: Queryable,
  retentionDays: { loginAttempts: number; smsCodes: number },
): Promise<number> {
  const a = await db.query(`DELETE FROM login_attempts WHERE at < now() - $1 * interval '1 day'`, [
    retentionDays.loginAttempts,
  ]);
  const b = await db.query(`DELETE FROM sms_codes WHERE created_at < now() - $1 * interval '1 day'`, [
    retentionDays.smsCodes,
  ]);
  return a.rowCount + b.rowCount;
}
