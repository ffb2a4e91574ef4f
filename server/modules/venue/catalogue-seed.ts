// The demo catalogue (issue 11 §1; docs/venues.md "Catalogue"): every venue with its logo and, for the
// categories with many games (slots DZ, fishing BY, chess QP), a game list. Reproducible: the same lists,
// the same order, the same tags on every database. Written by the demo seed (server/db/seed.ts).
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

/** The categories whose sandbox is open with this issue (the sandbox sportsbook); the others arrive with issue 12. */
export const PLAYABLE_PLATFORMS: ReadonlySet<Platform> = new Set(['TY', 'DJ']);
/** The categories launched per game (a game grid in the lobby). */
export const GAME_LIST_PLATFORMS: ReadonlySet<Platform> = new Set(['DZ', 'BY', 'QP']);

export const logoOf = (code: string) => `/media/venues/${code.toLowerCase()}.svg`;
/** Game icons: a few shared pictures per category (public/media/venues/games/). */
export const GAME_ICONS: Readonly<Record<'DZ' | 'BY' | 'QP', readonly string[]>> = {
  DZ: ['slot-fruit', 'slot-dragon', 'slot-gem', 'slot-coin'],
  BY: ['fish-gold', 'fish-shark'],
  QP: ['cards-spade', 'cards-mahjong', 'cards-dice'],
};
const iconPath = (name: string) => `/media/venues/games/${name}.svg`;

/** [code, name] pools each venue draws its list from (codes are unique within a venue). */
const POOLS: Readonly<Record<'DZ' | 'BY' | 'QP', ReadonlyArray<readonly [string, string]>>> = {
  DZ: [
    ['fortune-god', '财神到'],
    ['golden-dragon', '金龙献瑞'],
    ['panda-garden', '熊猫乐园'],
    ['deep-treasure', '深海宝藏'],
    ['lucky-koi', '锦鲤好运'],
    ['jade-palace', '翡翠宫殿'],
    ['fruit-party', '水果派对'],
    ['moon-rabbit', '月兔捣药'],
    ['tiger-king', '虎王争霸'],
    ['silk-road', '丝路驼铃'],
    ['gem-rush', '宝石狂潮'],
    ['lantern-night', '花灯夜'],
    ['phoenix-rise', '凤舞九天'],
    ['mahjong-ways', '麻将连连'],
    ['gold-mine', '黄金矿工'],
    ['candy-tower', '糖果高塔'],
    ['wild-buffalo', '狂野水牛'],
    ['star-voyage', '星际远航'],
    ['lucky-cat', '招财猫'],
    ['cherry-bloom', '樱花物语'],
    ['ancient-egypt', '埃及秘宝'],
    ['samurai-way', '武士之道'],
  ],
  BY: [
    ['fish-tycoon', '捕鱼大亨'],
    ['deep-sea', '深海捕鱼'],
    ['golden-toad', '金蟾捕鱼'],
    ['dragon-king', '龙王捕鱼'],
    ['sea-lord', '海王捕鱼'],
    ['fortune-fish', '财神捕鱼'],
    ['mermaid', '美人鱼传说'],
    ['dragon-hunt', '寻龙夺宝'],
    ['crazy-fish', '疯狂捕鱼'],
    ['star-fish', '星际捕鱼'],
    ['shark-attack', '鲨鱼来袭'],
    ['coral-reef', '珊瑚礁探险'],
    ['pirate-bay', '海盗湾'],
    ['ice-fishing', '冰原捕鱼'],
  ],
  QP: [
    ['landlord', '斗地主'],
    ['bull-bull', '抢庄牛牛'],
    ['golden-flower', '炸金花'],
    ['texas-holdem', '德州扑克'],
    ['two-eight', '二八杠'],
    ['thirteen', '十三水'],
    ['blood-mahjong', '血战麻将'],
    ['run-fast', '跑得快'],
    ['blackjack', '二十一点'],
    ['dragon-tiger', '龙虎斗'],
    ['three-face', '三公'],
    ['push-tong', '推筒子'],
    ['hundred-bull', '百人牛牛'],
    ['red-black', '红黑大战'],
    ['pai-gow', '抢庄牌九'],
    ['five-card', '五张牌'],
    ['guandan', '掼蛋'],
    ['upgrade', '升级'],
  ],
};

export interface CatalogueGame {
  code: string;
  name: string;
  icon: string;
  tags: Array<'hot' | 'new' | 'jackpot'>;
}

/**
 * A venue's game list: 12 to 18 games of its category's pool, starting at an offset given by its place among
 * the category's venues (so neighbouring venues differ). The first three are hot, the last two new, and slots
 * whose position is a multiple of five carry a jackpot.
 */
export function gamesOf(venue: CatalogueVenue): CatalogueGame[] {
  const kind = venue.platform as 'DZ' | 'BY' | 'QP';
  const pool = POOLS[kind];
  const siblings = CATALOGUE.filter((v) => v.platform === venue.platform);
  const place = siblings.findIndex((v) => v.code === venue.code);
  const count = Math.min(pool.length, 12 + ((place * 3) % 7));
  const icons = GAME_ICONS[kind];
  return Array.from({ length: count }, (_, i) => {
    const [code, name] = pool[(place * 5 + i) % pool.length]!;
    const tags: CatalogueGame['tags'] = [];
    if (i < 3) tags.push('hot');
    if (i >= count - 2) tags.push('new');
    if (kind === 'DZ' && i % 5 === 4) tags.push('jackpot');
    return { code, name, icon: iconPath(icons[(place + i) % icons.length]!), tags };
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
