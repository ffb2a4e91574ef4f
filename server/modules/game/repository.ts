import type { Queryable } from '../../db/db.ts';

// SQL of the game area: venues.

/** How many venues a player can enter (open or in maintenance: the lobby shows both), per platform. */
export async function countOpenVenuesByPlatform(db: Queryable): Promise<{ platform: string; n: number }[]> {
  const { rows } = await db.query<{ platform: string; n: number }>(
    `SELECT platform, count(*)::int AS n FROM venues WHERE status <> 'closed' GROUP BY platform`,
  );
  return rows;
}
