import type { Queryable } from '../../db/db.ts';
import { changed } from '../../db/hot-cache.ts';
import { upsertDeviceBlocked, upsertDeviceSeen } from './repository.ts';

/** Remembers a device that logged in or registered (the operator may block it later). */
export function recordDevice(db: Queryable, uuid: string): Promise<void> {
  return upsertDeviceSeen(db, uuid);
}

/** An operator's block (spec §8 10102) or unblock; every node's guard sees it at once (hot cache). */
export async function setDeviceBlocked(
  db: Queryable,
  uuid: string,
  blocked: boolean,
  reason = '',
): Promise<void> {
  await upsertDeviceBlocked(db, uuid, blocked, reason);
  await changed(db);
}
