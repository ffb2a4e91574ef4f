// The demo catalogue (issue 11 §1; docs/venues.md "Catalogue"): every venue with its logo and, for the
// categories with many games (slots DZ, fishing BY, chess QP), a game list. Reproducible: the same lists,
// the same order, the same tags on every database. Written by the demo seed (server/db/seed.ts).
import { GRID_GAMES } from '../../../src/protocol/games.ts';
import { gameIconOf } from '../../../src/protocol/showcase.ts';
import type { Platform, Provider } from '../../../src/protocol/venues.ts';
import type { Queryable } from '../../db/db.ts';

export interface CatalogueVenue {
  code: string;
  platform: Platform;
  name: string;
  provider: Provider;
  /** The short name on its logo. */
  short: string;
}

/** The venues, in lobby order within each platform. */
export const CATALOGUE: ReadonlyArray<CatalogueVenue> = [
  { code: 'KYQP', platform: 'QP', name: '开元棋牌', provider: 'two', short: 'KY' },
  { code: 'LYQP', platform: 'QP', name: '乐游棋牌', provider: 'two', short: 'LY' },
  { code: 'XYQP', platform: 'QP', name: '星耀棋牌', provider: 'two', short: 'XY' },
  { code: 'VGQP', platform: 'QP', name: '财神棋牌', provider: 'two', short: 'VG' },
  { code: 'IMTY', platform: 'TY', name: 'IM 体育', provider: 'one', short: 'IM' },
  // spec §3: YBTY's enum name is OBTY; it is provider two's sports venue.
  { code: 'YBTY', platform: 'TY', name: 'OB 体育', provider: 'two', short: 'OB' },
  { code: 'FBTY', platform: 'TY', name: 'FB 体育', provider: 'three', short: 'FB' },
  { code: 'V188', platform: 'TY', name: '188 体育', provider: 'one', short: '188' },
  { code: 'AGZR', platform: 'ZR', name: 'AG 真人', provider: 'two', short: 'AG' },
  { code: 'DGZR', platform: 'ZR', name: 'DG 真人', provider: 'two', short: 'DG' },
  { code: 'EBZR', platform: 'ZR', name: 'EBET 真人', provider: 'two', short: 'EB' },
  { code: 'PGDZ', platform: 'DZ', name: 'PG 电子', provider: 'two', short: 'PG' },
  { code: 'JDBDZ', platform: 'DZ', name: 'JDB 电子', provider: 'two', short: 'JDB' },
  { code: 'CQ9DZ', platform: 'DZ', name: 'CQ9 电子', provider: 'two', short: 'CQ9' },
  { code: 'MGDZ', platform: 'DZ', name: 'MG 电子', provider: 'two', short: 'MG' },
  { code: 'PPDZ', platform: 'DZ', name: 'PP 电子', provider: 'two', short: 'PP' },
  { code: 'SYCP', platform: 'CP', name: '双赢彩票', provider: 'three', short: 'SY' },
  { code: 'TCCP', platform: 'CP', name: '天成彩票', provider: 'three', short: 'TC' },
  { code: 'IMDJ', platform: 'DJ', name: 'IM 电竞', provider: 'one', short: 'IM' },
  { code: 'YBDJ', platform: 'DJ', name: '小艾电竞', provider: 'one', short: 'YB' },
  { code: 'LHDJ', platform: 'DJ', name: '雷火电竞', provider: 'three', short: 'LH' },
  { code: 'JDBBY', platform: 'BY', name: 'JDB 捕鱼', provider: 'two', short: 'JDB' },
  { code: 'KYBY', platform: 'BY', name: '开元捕鱼', provider: 'two', short: 'KY' },
];

/** The categories whose sandbox is open: the sportsbook's (issue 11) and the games' (issue 12): all of them. */
export const PLAYABLE_PLATFORMS: ReadonlySet<Platform> = new Set(['TY', 'DJ', 'QP', 'DZ', 'ZR', 'CP', 'BY']);
/** The categories launched per game (a game grid in the lobby). */
export const GAME_LIST_PLATFORMS: ReadonlySet<Platform> = new Set(['DZ', 'BY', 'QP']);

export const logoOf = (code: string) => `/media/venues/${code.toLowerCase()}.svg`;
export interface CatalogueGame {
  code: string;
  name: string;
  icon: string;
  tags: Array<'hot' | 'new' | 'jackpot'>;
}

/**
 * A venue's game list (issue 12 §3): every game of its category's sandbox (GRID_GAMES of src/protocol/games.ts;
 * each one playable), starting at an offset given by the venue's place among the category's venues (so
 * neighbouring venues lead with different games). The first is hot, the last new; no jackpot tag (the sandbox
 * slots have none).
 */
export function gamesOf(venue: CatalogueVenue): CatalogueGame[] {
  const kind = venue.platform as 'DZ' | 'BY' | 'QP';
  const pool = GRID_GAMES[kind];
  const siblings = CATALOGUE.filter((v) => v.platform === venue.platform);
  const place = siblings.findIndex((v) => v.code === venue.code);
  return pool.map((_, i) => {
    const { code, name } = pool[(place + i) % pool.length]!;
    const tags: CatalogueGame['tags'] = [];
    if (i === 0) tags.push('hot');
    if (i === pool.length - 1) tags.push('new');
    // Each game's own art (issue 19 §2; scripts/game-art.ts), cropped square for the grid.
    return { code, name, icon: gameIconOf(code), tags };
  });
}

/**
 * Writes the catalogue: every venue (name, provider, platform, order, logo, playable, has_games) and the game
 * lists, replacing a venue's list. Maintenance state is left as operators set it.
 */
export async function writeCatalogue(q: Queryable): Promise<void> {
  for (const [sort, v] of CATALOGUE.entries()) {
    const hasGames = GAME_LIST_PLATFORMS.has(v.platform);
    await q.query(
      `INSERT INTO venues (code, platform, name, provider, sort, logo, playable, has_games)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (code) DO UPDATE SET platform = EXCLUDED.platform, name = EXCLUDED.name,
         provider = EXCLUDED.provider, sort = EXCLUDED.sort, logo = EXCLUDED.logo,
         playable = EXCLUDED.playable, has_games = EXCLUDED.has_games`,
      [
        v.code,
        v.platform,
        v.name,
        v.provider,
        sort,
        logoOf(v.code),
        PLAYABLE_PLATFORMS.has(v.platform),
        hasGames,
      ],
    );
    await q.query('DELETE FROM venue_games WHERE venue = $1', [v.code]);
    if (!hasGames) continue;
    for (const [i, g] of gamesOf(v).entries()) {
      await q.query(
        'INSERT INTO venue_games (venue, code, name, icon, tags, sort) VALUES ($1, $2, $3, $4, $5, $6)',
        [v.code, g.code, g.name, g.icon, g.tags, i],
      );
    }
  }
}
