// The home page's showcase (issue 19 §2; docs/home.md, docs/api.md "Home"): the hot games the operator orders,
// each with the art the site ships (public/media/games/, made by scripts/game-art.ts), and the recent wins of
// real settled bets. Shared by the site and the reference back end.
import { GRID_GAMES, VENUE_GAMES } from './games.ts';
import { LOBBY_PLATFORM, type Lobby, type Platform } from './venues.ts';

/** GET: the hot games in the operator's order (HotGamesResponse). */
export const HOT_GAMES_PATH = '/game/api/v1/home/hotGames';
/** GET: the newest winning bets (RecentWinsResponse). */
export const RECENT_WINS_PATH = '/game/api/v1/home/recentWins';

/** issue 19 §2 "limited": how many wins the ticker shows, newest first. */
export const RECENT_WINS_MAX = 10;

/** The art's pixel size (every picture of public/media/games/ is drawn at this size, 4:3). */
export const GAME_ART_WIDTH = 320;
export const GAME_ART_HEIGHT = 240;
/** Where a showcase game's picture is (WebP). */
export const gameArtOf = (code: string) => `/media/games/${code}.webp`;
/** The same art cropped square (GAME_ART_HEIGHT²) for the lobby's game grid: the games launched per game. */
export const gameIconOf = (code: string) => `/media/games/${code}-square.webp`;

/** A game the showcase can offer. `game` is the launch's gameCode; null launches the venue as a whole. */
export interface ShowcaseGame {
  code: string;
  name: string;
  platform: Platform;
  game: string | null;
}

/** The sportsbook and e-sports venues have no game list: one tile each launches the first open venue. */
export const SPORT_SHOWCASE: readonly ShowcaseGame[] = [
  { code: 'sport', name: '体育赛事', platform: 'TY', game: null },
  { code: 'esport', name: '电竞赛事', platform: 'DJ', game: null },
];

/**
 * Every game the showcase can offer, in the default hot order: every sandbox game of src/protocol/games.ts (the
 * grid categories' games launched per game, the live tables and lotteries launched with their venue) and the
 * sportsbook and e-sports tiles. Each has its picture at gameArtOf(code).
 */
export const SHOWCASE_GAMES: readonly ShowcaseGame[] = [
  ...GRID_GAMES.DZ.map((g) => ({ code: g.code, name: g.name, platform: 'DZ' as const, game: g.code })),
  ...GRID_GAMES.QP.map((g) => ({ code: g.code, name: g.name, platform: 'QP' as const, game: g.code })),
  ...GRID_GAMES.BY.map((g) => ({ code: g.code, name: g.name, platform: 'BY' as const, game: g.code })),
  ...VENUE_GAMES.ZR.map((g) => ({ code: g.code, name: g.name, platform: 'ZR' as const, game: null })),
  ...VENUE_GAMES.CP.map((g) => ({ code: g.code, name: g.name, platform: 'CP' as const, game: null })),
  ...SPORT_SHOWCASE,
];

/** The lobby (spec §2 /game/{lobby}) of a platform. */
export function lobbyOfPlatform(platform: Platform): Lobby {
  return (Object.keys(LOBBY_PLATFORM) as Lobby[]).find((l) => LOBBY_PLATFORM[l] === platform)!;
}

/** A hot game as the home page shows it: its picture and where a tap launches it. */
export interface HotGame {
  code: string;
  name: string;
  platform: Platform;
  /** The lobby that launches it (spec §2 /game/{lobby}). */
  lobby: Lobby;
  /** The venue the tile launches: the first open venue (lobby order) that offers the game. */
  venue: string;
  venueName: string;
  /** The launch's gameCode; null for a venue launched as a whole (live tables, lotteries, sports). */
  game: string | null;
  image: string;
  width: number;
  height: number;
}
export interface HotGamesResponse {
  games: HotGame[];
}

/** A settled winning bet (bets.status 'won'), as anyone may see it. */
export interface RecentWin {
  /** The bet's id (a key for the list, nothing more). */
  id: number;
  /** The winner's phone, masked (spec §5: first 2 and last 2 digits). */
  player: string;
  /** The game's name (the venue's name when the game has none, e.g. a sports bet). */
  game: string;
  /** What the bet won: payout − stake (fen, > 0). */
  amount: number;
  /** When it settled (ISO). */
  settledAt: string;
}
export interface RecentWinsResponse {
  wins: RecentWin[];
}
