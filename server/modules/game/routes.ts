import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db, Queryable } from '../../db/db.ts';
import { ok } from '../../http/envelope.ts';
import { countOpenVenuesByPlatform } from './repository.ts';
import { PLATFORM_COUNT_KEYS, platformCountSchema } from './schemas.ts';
import { HOT_GAMES_PATH, RECENT_WINS_PATH } from '../../../src/protocol/showcase.ts';
import { hotGamesSchema, recentWinsSchema } from '../showcase/schemas.ts';
import { hotGames, recentWins } from '../showcase/showcase.ts';

export type PlatformCounts = Record<(typeof PLATFORM_COUNT_KEYS)[number], number>;

/** Venues a player can enter, counted per platform key of spec §3 (0 for a platform without any). */
export async function platformCounts(db: Queryable): Promise<PlatformCounts> {
  const counts = Object.fromEntries(PLATFORM_COUNT_KEYS.map((k) => [k, 0])) as PlatformCounts;
  for (const r of await countOpenVenuesByPlatform(db)) {
    if (Object.hasOwn(counts, r.platform)) counts[r.platform as keyof PlatformCounts] = r.n;
  }
  return counts;
}

export const PLATFORM_COUNT_PATH = '/game/api/v1/venue/platformCount';

/** The game area (/game/api): the platform counts and the home page's showcase (issue 19 §2). */
export const gameModule: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(PLATFORM_COUNT_PATH, { schema: platformCountSchema }, async () => ok(await platformCounts(db)));
  app.get(HOT_GAMES_PATH, { schema: hotGamesSchema }, async () => ok({ games: await hotGames(db) }));
  app.get(RECENT_WINS_PATH, { schema: recentWinsSchema }, async () => ok({ wins: await recentWins(db) }));
};
