import type { Queryable } from '../../db/db.ts';
import { changed } from '../../db/hot-cache.ts';

export async function recordDevice(db: Queryable, uuid: string): Promise<void> {
  await db.query(
    `INSERT INTO devices (uuid) VALUES ($1) ON CONFLICT (uuid) DO UPDATE SET last_seen_at = now()`,
    [uuid],
  );
}

export async function isDeviceBlocked(db: Queryable, uuid: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM devices WHERE uuid = $1 AND blocked_at IS NOT NULL', [uuid]);
  return rows.length > 0;
}

export async function setDeviceBlocked(
  db: Queryable,
  uuid: string,
  blocked: boolean,
  reason = '',
): Promise<void> {
  await db.query(
    `INSERT INTO devices (uuid, blocked_at, blocked_reason) VALUES ($1, CASE WHEN $2 THEN now() END, $3)
     ON CONFLICT (uuid) DO UPDATE SET blocked_at = CASE WHEN $2 THEN now() END, blocked_reason = $3`,
    [uuid, blocked, reason],
  );
  await changed(db);
}
