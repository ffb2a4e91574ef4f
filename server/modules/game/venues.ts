import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from '../../db/db.ts';
import { ok } from '../../http/envelope.ts';
import { envelope } from '../../http/schemas.ts';

/** spec §3: the platform count map keys. */
export const PLATFORM_COUNT_KEYS = ['TY', 'DZ', 'DJ', 'ZR', 'CP', 'QP'] as const;
export type PlatformCounts = Record<(typeof PLATFORM_COUNT_KEYS)[number], number>;

/** Venues a player can enter (open or in maintenance: the lobby shows both), counted by platform. */
export async function platformCounts(db: Queryable): Promise<PlatformCounts> {
  const { rows } = await db.query<{ platform: string; n: number }>(
    `SELECT platform, count(*)::int AS n FROM venues WHERE status <> 'closed' GROUP BY platform`,
  );
  const counts = Object.fromEntries(PLATFORM_COUNT_KEYS.map((k) => [k, 0])) as PlatformCounts;
  for (const r of rows) if (r.platform in counts) counts[r.platform as keyof PlatformCounts] = r.n;
  return counts;
}

export const PLATFORM_COUNT_PATH = '/game/api/v1/venue/platformCount';

export function gameRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const countsSchema = {
    type: 'object',
    properties: Object.fromEntries(PLATFORM_COUNT_KEYS.map((k) => [k, { type: 'integer' }])),
  };
  app.get(PLATFORM_COUNT_PATH, { schema: { response: { 200: envelope(countsSchema) } } }, async () =>
    ok(await platformCounts(deps.db)),
  );
}
