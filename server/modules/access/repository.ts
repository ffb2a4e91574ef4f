import type { Queryable } from '../../db/db.ts';
import type { Restriction, RestrictionKind } from './restrictions.ts';

// SQL of the access concern (spec §8): operator restrictions and blocked devices.

/** Every restriction, most specific range first. */
export async function selectRestrictionRanges(
  db: Queryable,
): Promise<{ network: string; kind: RestrictionKind }[]> {
  const { rows } = await db.query<{ network: string; kind: RestrictionKind }>(
    'SELECT network::text AS network, kind FROM access_restrictions ORDER BY masklen(network) DESC',
  );
  return rows;
}

export async function selectBlockedDeviceUuids(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ uuid: string }>('SELECT uuid FROM devices WHERE blocked_at IS NOT NULL');
  return rows.map((r) => r.uuid);
}

export async function upsertRestriction(
  db: Queryable,
  network: string,
  kind: RestrictionKind,
  note: string,
): Promise<Restriction> {
  const { rows } = await db.query<Restriction>(
    `INSERT INTO access_restrictions (network, kind, note) VALUES ($1::cidr, $2, $3)
     ON CONFLICT (network) DO UPDATE SET kind = EXCLUDED.kind, note = EXCLUDED.note
     RETURNING id, network::text AS network, kind, note`,
    [network, kind, note],
  );
  return rows[0]!;
}

export async function deleteRestriction(db: Queryable, network: string): Promise<boolean> {
  const r = await db.query('DELETE FROM access_restrictions WHERE network = $1::cidr', [network]);
  return r.rowCount > 0;
}

export async function selectRestrictions(db: Queryable): Promise<Restriction[]> {
  const { rows } = await db.query<Restriction>(
    'SELECT id, network::text AS network, kind, note FROM access_restrictions ORDER BY network',
  );
  return rows;
}
