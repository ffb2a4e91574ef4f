// The sandbox games' wire contract (issue 12; docs/games.md, docs/api.md "Sandbox games"): the chess-and-card
// (QP), slots (DZ), live casino (ZR), lottery (CP) and fishing (BY) venues a launch opens. Their page
// (src/games-h5, served at /sandbox/venue/<CODE>/ like the sportsbook's) calls the native API under GAMES_API
// with the launch's venue credential as `Authorization: Bearer <token>`; answers are the site's envelope
// { status_code, message, data } with 6000 for success. PLAY MONEY only.
import type { Platform } from './venues.ts';

export const GAMES_API = '/sandbox/games/api';
/** Where the games page's build goes under dist/ (vite.config.ts), its assets at /sandbox/games/assets/. */
export const GAMES_PAGE_OUT = 'sandbox/games';

/** The engines. A game of the catalogue is one of these with its own table (pay table, fish, table name). */
export const GAME_KINDS = [
  'bull',
  'blackjack',
  'slot',
  'baccarat',
  'dragon-tiger',
  'k3',
  'ssc',
  'fish',
] as const;
export type GameKind = (typeof GAME_KINDS)[number];

/** The native API's refusals (its envelopes' status_code). */
export const GAMES_CODE = {
  /** The venue credential is missing, unknown or expired (message EXPIRED_MESSAGE of venues.ts). */
  expired: 41001,
  /** The venue wallet cannot afford the stake: the page offers a transfer in (data: InsufficientData). */
  insufficientBalance: 41002,
  /** The bet itself is not valid (an unknown play or pick, a bad amount, a cannon level not offered). */
  invalidBet: 41003,
  /** The same request id was used before for a different bet. */
  duplicateRequest: 41004,
  /** The round is no longer taking bets (its countdown ended). */
  bettingClosed: 41005,
  /** No such game, table, round or hand. */
  notFound: 41006,
  /** The stake is outside the game's limits (data: { min, max }). */
  stakeOutOfRange: 41007,
  /** The action does not fit the hand's state (e.g. hit after stand, a second hand while one is open). */
  wrongState: 41008,
  /** A transfer in refused by the wallet (central balance too low, or the venue not open). */
  transferRefused: 41009,
} as const;
export type GamesCode = (typeof GAMES_CODE)[keyof typeof GAMES_CODE];

export interface InsufficientData {
  /** The venue wallet (fen). */
  balance: number;
  /** The stake that was refused (fen). */
  stake: number;
  /** The central wallet, what a transfer in can bring (fen). */
  central: number;
}

/** A game of the catalogue. */
export interface GameDef {
  code: string;
  name: string;
  kind: GameKind;
}

/**
 * The games of the categories launched per game (migration 013 `venue_games`, the lobby's grid): each venue of
 * the category lists these (server/modules/venue/catalogue-seed.ts). Every one is playable.
 */
export const GRID_GAMES: Readonly<Record<'QP' | 'DZ' | 'BY', readonly GameDef[]>> = {
  QP: [
    { code: 'bull-bull', name: '抢庄牛牛', kind: 'bull' },
    { code: 'blackjack', name: '二十一点', kind: 'blackjack' },
  ],
  DZ: [
    { code: 'fortune-god', name: '财神到', kind: 'slot' },
    { code: 'golden-dragon', name: '金龙献瑞', kind: 'slot' },
    { code: 'fruit-party', name: '水果派对', kind: 'slot' },
    { code: 'gem-rush', name: '宝石狂潮', kind: 'slot' },
  ],
  BY: [
    { code: 'fish-tycoon', name: '捕鱼大亨', kind: 'fish' },
    { code: 'deep-sea', name: '深海捕鱼', kind: 'fish' },
    { code: 'golden-toad', name: '金蟾捕鱼', kind: 'fish' },
  ],
};

/**
 * The games of the categories launched as a whole (the page lists them): every live casino venue has these
 * tables, every lottery venue these lotteries. A table or a lottery is shared by every player of the venue.
 */
export const VENUE_GAMES: Readonly<Record<'ZR' | 'CP', readonly GameDef[]>> = {
  ZR: [
    { code: 'baccarat-1', name: '百家乐 1 号桌', kind: 'baccarat' },
    { code: 'baccarat-2', name: '百家乐 2 号桌', kind: 'baccarat' },
    { code: 'dragon-tiger-1', name: '龙虎 1 号桌', kind: 'dragon-tiger' },
  ],
  CP: [
    { code: 'k3', name: '极速快三', kind: 'k3' },
    { code: 'ssc', name: '五分时时彩', kind: 'ssc' },
  ],
};

/** The platforms whose venues the games page serves. */
export const GAMES_PLATFORMS: ReadonlySet<Platform> = new Set(['QP', 'DZ', 'BY', 'ZR', 'CP']);

/** The games a venue of a platform offers (empty for the sportsbook's platforms). */
export function gamesOfPlatform(platform: Platform): readonly GameDef[] {
  if (platform === 'QP' || platform === 'DZ' || platform === 'BY') return GRID_GAMES[platform];
  if (platform === 'ZR' || platform === 'CP') return VENUE_GAMES[platform];
  return [];
}

// ---- the session ------------------------------------------------------------------------------------------------

/** GET {GAMES_API}/session: who plays where, the money, and the result of this visit. */
export interface GamesSession {
  venue: string;
  venueName: string;
  platform: Platform;
  /** The game the launch opened (grid categories); null for a venue launched as a whole. */
  game: string | null;
  /** The games the page may open at this venue (the launched one, or the venue's tables / lotteries). */
  games: GameDef[];
  /** The venue wallet (fen). */
  balance: number;
  /** The central wallet (fen): what a transfer in can bring. */
  central: number;
  /** The result of this visit (since the launch): settled payouts − settled stakes (fen), shown in every game. */
  net: number;
  /** Stakes of this visit still waiting for their round (fen). */
  pending: number;
  /** The visit's start (the launch, ISO). */
  since: string;
  /** The server's clock (ISO), for countdowns. */
  now: string;
}

/** POST {GAMES_API}/transfer-in: moves central → this venue's wallet (once per request id). */
export interface TransferInRequest {
  /** The caller-made id (REQUEST_ID_PATTERN of wallet.ts). */
  requestId: string;
  /** fen, > 0. */
  amount: number;
}
export interface TransferInResult {
  balance: number;
  central: number;
}

// ---- fairness ---------------------------------------------------------------------------------------------------

/** The player's seed pair at a venue (per-player games): the commitment before play. */
export interface SeedCommit {
  /** SHA-256 (hex) of the server seed now in use. */
  seedHash: string;
  clientSeed: string;
  /** The nonce the next round will use. */
  nonce: number;
}

/** GET {GAMES_API}/seed → SeedCommit. POST {GAMES_API}/seed/rotate → SeedRotation (reveals the seed in use). */
export interface SeedRotateRequest {
  /** The next pair's client seed (CLIENT_SEED_PATTERN of games-core/fair.ts); a random one when absent. */
  clientSeed?: string;
}
export interface SeedRotation {
  revealed: { serverSeed: string; seedHash: string; clientSeed: string; rounds: number };
  next: SeedCommit;
}

/** What a round's randomness came from; serverSeed null until revealed (a per-player pair until rotated). */
export interface FairRef {
  seedHash: string;
  clientSeed: string;
  nonce: number;
  serverSeed: string | null;
}

/** One bet the player made at this venue, with what is needed to check it (GET {GAMES_API}/rounds). */
export interface PlayedRound {
  orderNo: string;
  game: string;
  kind: GameKind;
  /** The bet record's words. */
  play: string;
  pick: string;
  stake: number;
  payout: number;
  status: 'open' | 'won' | 'lost' | 'push' | 'void';
  placedAt: string;
  settledAt: string | null;
  /** The shared round's id (live table, lottery period) or null for a per-player round. */
  roundId: string | null;
  fair: FairRef | null;
  /** The engine's outcome as stored (cards, reels, dice, hits): what the verify view recomputes and compares. */
  outcome: unknown;
}
export interface RoundsResponse {
  rounds: PlayedRound[];
}
/** How many rounds GET /rounds answers (newest first). */
export const ROUNDS_LIST_LIMIT = 50;

/** A shared round (live table deal, lottery draw) as every page sees it. */
export interface SharedRound {
  id: string;
  game: string;
  /** The round's number in its game's schedule (lottery: the period). */
  no: number;
  /** Bets taken from opensAt until closesAt (ISO). */
  opensAt: string;
  closesAt: string;
  /** The commitment: SHA-256 of the round's server seed, shown from opensAt. */
  seedHash: string;
  /** Revealed with the result. */
  serverSeed: string | null;
  status: 'open' | 'drawn';
  /** The engine's result once drawn. */
  result: unknown;
}
