// The slots' own call on the games' native API (GAMES_API of src/protocol/games.ts; docs/games-dz.md "API"):
// one paid spin per request, its free spins included, staked and settled in one transaction.
import type { SlotOutcome } from './engine.ts';

/** POST {GAMES_API}/dz/spin */
export const SLOT_SPIN_PATH = '/dz/spin';

export interface SpinRequest {
  /** The caller-made id (REQUEST_ID_PATTERN of wallet.ts): a retry with the same id answers the same spin. */
  requestId: string;
  /** The game's catalogue code (GRID_GAMES.DZ). */
  game: string;
  /** fen per line: one of LINE_BETS (engine.ts); the stake is lineBet × LINES. */
  lineBet: number;
}

/** GET {GAMES_API}/dz/jackpot: the jackpot pool (JackpotPoolResponse of src/protocol/jackpot.ts) for the page. */
export const SLOT_JACKPOT_PATH = '/dz/jackpot';

/**
 * A settled spin as stored (the bet's detail.outcome) and answered: the engine's outcome and what the progressive
 * jackpot paid it (fen; absent or 0 unless its draw hit). The bet's payout = outcome.payout + jackpotWin.
 */
export interface SettledSpin extends SlotOutcome {
  jackpotWin?: number;
}

export interface SpinResponse {
  orderNo: string;
  outcome: SettledSpin;
  /** The jackpot pool as the answer is made, after the spin (fen). */
  pool: number;
  /** The seed pair's commitment and the nonce the spin used (the seed is revealed when the player rotates it). */
  fair: { seedHash: string; clientSeed: string; nonce: number };
  /** The venue wallet after the spin and its free spins (fen). */
  balance: number;
  placedAt: string;
}
