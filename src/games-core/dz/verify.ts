// Checking a spin again from its revealed seed (issue 12 §2; docs/games-dz.md "Fairness"): the same engine the
// server used replays the round — every stop of the paid spin and of each free spin, every line win, the scatter,
// the payout and the progressive jackpot's draw (issue 19; drawn after the free spins) — and the result must equal
// what was stored. What the jackpot paid (the pool's size at the time) is not in the seed: the check is that it
// paid exactly when the draw hit.
import { LINE_BETS, playSpin, type SlotOutcome } from './engine.ts';
import { slotGameOf } from './games.ts';
import { JACKPOT_ODDS_FEN } from './jackpot.ts';
import type { SettledSpin } from './wire.ts';
import { fairStream, seedHashOf, type FairInput } from '../fair.ts';

export interface SpinCheck {
  /** The recomputed spin equals the stored one (and the seed matches its commitment when one is given). */
  ok: boolean;
  /** The recomputed spin (null when the game or line bet is not one of ours). */
  recomputed: SlotOutcome | null;
  /** The revealed seed hashes to the commitment shown before the spin (true when none is given). */
  seedMatches: boolean;
}

/** Deep equality of two JSON values (the stored outcome went through the database's JSON). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * Replays a stored spin. `jackpotOdds` is the odds the rules state (JACKPOT_ODDS_FEN); a spin stored before the
 * jackpot existed (no `jackpot` field) is compared without it.
 */
export function verifySpin(
  stored: SettledSpin,
  fair: FairInput & { seedHash?: string },
  jackpotOdds: number = JACKPOT_ODDS_FEN,
): SpinCheck {
  const seedMatches = fair.seedHash === undefined || seedHashOf(fair.serverSeed) === fair.seedHash;
  const game = slotGameOf(stored.game);
  if (!game || !(LINE_BETS as readonly number[]).includes(stored.lineBet))
    return { ok: false, recomputed: null, seedMatches };
  const recomputed = playSpin(game, fairStream(fair), stored.lineBet, jackpotOdds);
  const { jackpotWin, ...engine } = stored;
  const expected: SlotOutcome = { ...recomputed };
  if (stored.jackpot === undefined) delete expected.jackpot;
  // The jackpot paid something exactly when its draw hit (nothing at all on a spin from before the jackpot).
  const paidWhenHit = (jackpotWin ?? 0) > 0 === (expected.jackpot?.hit === true);
  return { ok: seedMatches && sameJson(expected, engine) && paidWhenHit, recomputed, seedMatches };
}
