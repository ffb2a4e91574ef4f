// The slots' progressive jackpot (issue 19 §2 "a jackpot pool figure from the sandbox slots"; docs/games-dz.md
// "Jackpot"). PLAY MONEY only. One site-wide pool, fed by a fixed share of every paid spin's stake (paid by the
// house out of what it took, never taken from the player's win) and won whole by a spin's jackpot draw; after a
// win the house puts the seed back in. Pure: the server settles with it, the page verifies with it.
//
// The draw: after the paid spin's reels and all its free spins, the SAME fair stream gives one more number,
// draw = stream.int(odds), and the spin wins the pool when draw < stake (fen). odds is a power of two ≤ 2^32, so
// int(odds) = floor(u / 2^32 × odds) takes the top log2(odds) bits of the uniform 32-bit u: every draw in
// [0, odds) is exactly equally likely and P(win) = stake / odds EXACTLY. The chance is proportional to the stake:
// per fen staked every spin has the same chance, whatever its size.
import type { FairStream } from '../fair.ts';

/** Design: the share of every paid stake the house moves into the pool, in basis points (1 %). */
export const JACKPOT_SHARE_BP = 100;
/** Basis points in a whole. */
export const BP_SCALE = 10_000;
/** Design: P(a spin wins the pool) = stake / JACKPOT_ODDS_FEN; 2^24 fen (¥167,772.16), a power of two. */
export const JACKPOT_ODDS_FEN = 2 ** 24;
/** Design: what the house puts in the pool at the start and after every win (fen, ¥500.00). */
export const JACKPOT_SEED_FEN = 50_000;
/** The largest odds the stream can draw exactly (its numbers are 32 bits). */
export const MAX_JACKPOT_ODDS = 2 ** 32;

/** A spin's jackpot draw, as stored with the spin and recomputed by the verify view. */
export interface JackpotDraw {
  /** The odds the draw was made against (fen; JACKPOT_ODDS_FEN in play). */
  odds: number;
  /** The number drawn, in [0, odds). */
  draw: number;
  /** draw < stake: the spin won the whole pool. */
  hit: boolean;
}

/** A power of two from 1 to 2^32: int() is exactly uniform over it. */
export const isExactOdds = (odds: number): boolean =>
  Number.isSafeInteger(odds) && odds >= 1 && odds <= MAX_JACKPOT_ODDS && Number.isInteger(Math.log2(odds));

/** The jackpot draw of a spin staking `stake` fen: the stream's next number after the reels and free spins. */
export function drawJackpot(
  stream: Pick<FairStream, 'int'>,
  stake: number,
  odds: number = JACKPOT_ODDS_FEN,
): JackpotDraw {
  if (!isExactOdds(odds)) throw new Error(`jackpot odds ${odds} are not a power of two up to 2^32`);
  const draw = stream.int(odds);
  return { odds, draw, hit: draw < stake };
}

/** The exact chance that a spin staking `stake` fen wins the pool. */
export const jackpotChance = (stake: number, odds: number = JACKPOT_ODDS_FEN): number =>
  Math.min(stake, odds) / odds;

/**
 * A stake's contribution in whole fen. Shares of a fen are not lost: `carry` (in fen × basis points, below
 * BP_SCALE) keeps what was not yet moved, so over any run of spins the pool receives exactly
 * floor(Σ stake × JACKPOT_SHARE_BP / BP_SCALE) fen. Answers the fen to move now and the carry after.
 */
export function contributionOf(
  carry: number,
  stake: number,
  shareBp: number = JACKPOT_SHARE_BP,
): { amount: number; carry: number } {
  const total = carry + stake * shareBp;
  return { amount: Math.floor(total / BP_SCALE), carry: total % BP_SCALE };
}

/**
 * The jackpot's long-run return per fen staked: everything the pool ever pays is what went into it, the share of
 * every stake plus one seed per win, and a win happens once per `odds` fen staked on average (P = stake / odds):
 * share + seed / odds. (A single spin's jackpot value is stake × pool / odds: it grows with the pool.)
 */
export const jackpotRtp = (
  shareBp: number = JACKPOT_SHARE_BP,
  seed: number = JACKPOT_SEED_FEN,
  odds: number = JACKPOT_ODDS_FEN,
): number => shareBp / BP_SCALE + seed / odds;

/** The pool's average size when it is won (fen): the seed plus the share of the `odds` fen staked on average. */
export const meanJackpotWin = (
  shareBp: number = JACKPOT_SHARE_BP,
  seed: number = JACKPOT_SEED_FEN,
  odds: number = JACKPOT_ODDS_FEN,
): number => seed + (odds * shareBp) / BP_SCALE;
