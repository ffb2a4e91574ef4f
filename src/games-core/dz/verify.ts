// Checking a spin again from its revealed seed (issue 12 §2; docs/games-dz.md "Fairness"): the same engine the
// server used replays the round — every stop of the paid spin and of each free spin, every line win, the scatter
// and the payout — and the result must equal what was stored.
import { LINE_BETS, playSpin, type SlotOutcome } from './engine.ts';
import { slotGameOf } from './games.ts';
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

export function verifySpin(stored: SlotOutcome, fair: FairInput & { seedHash?: string }): SpinCheck {
  const seedMatches = fair.seedHash === undefined || seedHashOf(fair.serverSeed) === fair.seedHash;
  const game = slotGameOf(stored.game);
  if (!game || !(LINE_BETS as readonly number[]).includes(stored.lineBet))
    return { ok: false, recomputed: null, seedMatches };
  const recomputed = playSpin(game, fairStream(fair), stored.lineBet);
  return { ok: seedMatches && sameJson(recomputed, stored), recomputed, seedMatches };
}
