// The fishing games' own calls on the games' native API (GAMES_API of src/protocol/games.ts; docs/games-by.md
// "API"): one shot per request, its stake and payout settled in one transaction.
import type { ShotOutcome } from './fish.ts';

/** POST {GAMES_API}/fish/shoot */
export const FISH_SHOOT_PATH = '/fish/shoot';

export interface ShootRequest {
  /** The caller-made id (REQUEST_ID_PATTERN of wallet.ts): a retry with the same id answers the same shot. */
  requestId: string;
  /** The game's catalogue code (GRID_GAMES.BY). */
  game: string;
  /** The fish type aimed at (src/games-core/by/fish.ts). */
  fish: string;
  /** The cannon level (fen per shot): one of the game's levels. */
  stake: number;
}

export interface ShotResult {
  orderNo: string;
  outcome: ShotOutcome;
  /** The seed pair's commitment and the nonce the shot used (the seed is revealed when the player rotates it). */
  fair: { seedHash: string; clientSeed: string; nonce: number };
  /** The venue wallet after the shot (fen). */
  balance: number;
  placedAt: string;
}
