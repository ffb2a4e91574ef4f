// The slots' progressive jackpot pool (issue 19 §2 "a jackpot pool figure from the sandbox slots";
// docs/games-dz.md "Jackpot"): one site-wide pool of PLAY MONEY fed by a fixed share of every paid spin of the
// sandbox slots (DZ), won whole by a spin's provably fair jackpot draw. This is the public figure the home page
// and the slots page show. Shared by the site and the reference back end.

/**
 * GET, in the signed site group (/game/api), public: no login needed. No query. Answers JackpotPoolResponse in
 * the envelope (status_code 6000).
 */
export const JACKPOT_POOL_PATH = '/game/api/v1/jackpot/pool';

/** The newest jackpot win, as anyone may see it. */
export interface JackpotWin {
  /** The winner's phone, masked (spec §5: first 2 and last 2 digits). */
  userName: string;
  /** The slot game's name (e.g. 财神到). */
  game: string;
  /** What the jackpot paid (fen, > 0): the whole pool at the time. */
  amount: number;
  /** When it was won (ISO). */
  at: string;
}

export interface JackpotPoolResponse {
  /** The pool now (fen, integer): what a jackpot win would pay. Never below `seed`. */
  pool: number;
  /** The amount the house puts in the pool after every win (fen). */
  seed: number;
  /** The newest win, or null while the jackpot has never been won. */
  lastWin: JackpotWin | null;
}
