// The fishing engine (issue 12 §1 "Fishing"; docs/games-by.md): one engine, three games, each with its own fish
// (a type id and a multiplier) and its own cannon levels. A shot is a bet at the chosen cannon level aimed at one
// fish type; the server decides the hit from the player's seed pair (src/games-core/fair.ts): the shot's first
// draw u (a 32-bit number) hits when u < hitThreshold(rtp, multiplier), so the hit probability is
// p = threshold / 2^32 ≈ RTP / multiplier and every fish returns the same RTP (p × multiplier) of the stake. A
// hit pays stake × multiplier (stake included, so always at least 2× the shot); a miss pays nothing. Pure: runs
// on the server (the shot) and in the browser (the verify view). Names and words are in src/i18n/zh-CN-games-by.ts.
import { fairStream, type FairInput } from '../fair.ts';

/** 2^32: the fair stream's draws are u / 2^32 with u a whole number in [0, 2^32). */
export const DRAW_RANGE = 2 ** 32;
/** RTP is stated in basis points of the stake (9600 = 96 %). */
export const RTP_SCALE = 10_000;
/** The smallest multiplier a fish may have: a hit always pays at least twice the shot (issue 12 §2). */
export const MIN_MULTIPLIER = 2;

/** Server-side limit (docs/games-by.md "Rate limit"): at most this many shots per member and venue … */
export const MAX_SHOTS_PER_WINDOW = 10;
/** … within this window (ms): 10 shots per second. */
export const SHOT_WINDOW_MS = 1_000;
/** How many of the last shots the page lists. */
export const LAST_SHOTS_SHOWN = 10;

export interface FishType {
  /** The type id a shot aims at (letters and dashes). */
  id: string;
  /** What a hit pays per unit of stake (stake included). */
  multiplier: number;
}

export interface FishGame {
  code: string;
  /** The stated return to player, basis points (RTP_SCALE = 100 %). */
  rtpBp: number;
  /** The fish, by multiplier from small to large. */
  fish: readonly FishType[];
  /** The cannon levels (fen per shot), from small to large. */
  levels: readonly number[];
}

/** The three games of GRID_GAMES.BY (src/protocol/games.ts), each with its own fish and cannon levels. */
export const FISH_GAMES: Readonly<Record<string, FishGame>> = {
  'fish-tycoon': {
    code: 'fish-tycoon',
    rtpBp: 9_600,
    fish: [
      { id: 'clownfish', multiplier: 2 },
      { id: 'angelfish', multiplier: 3 },
      { id: 'pufferfish', multiplier: 5 },
      { id: 'lionfish', multiplier: 8 },
      { id: 'turtle', multiplier: 10 },
      { id: 'stingray', multiplier: 20 },
      { id: 'swordfish', multiplier: 30 },
      { id: 'shark', multiplier: 50 },
      { id: 'whale', multiplier: 100 },
    ],
    // 0.1 / 0.5 / 1 / 5 / 10 元
    levels: [10, 50, 100, 500, 1_000],
  },
  'deep-sea': {
    code: 'deep-sea',
    rtpBp: 9_500,
    fish: [
      { id: 'lanternfish', multiplier: 2 },
      { id: 'jellyfish', multiplier: 4 },
      { id: 'squid', multiplier: 6 },
      { id: 'octopus', multiplier: 12 },
      { id: 'anglerfish', multiplier: 25 },
      { id: 'giant-squid', multiplier: 40 },
      { id: 'megalodon', multiplier: 80 },
    ],
    // 0.2 / 0.5 / 2 / 5 / 20 元
    levels: [20, 50, 200, 500, 2_000],
  },
  'golden-toad': {
    code: 'golden-toad',
    rtpBp: 9_700,
    fish: [
      { id: 'goldfish', multiplier: 2 },
      { id: 'carp', multiplier: 3 },
      { id: 'koi', multiplier: 6 },
      { id: 'gold-turtle', multiplier: 15 },
      { id: 'dragon-carp', multiplier: 30 },
      { id: 'golden-dragon', multiplier: 60 },
      { id: 'golden-toad', multiplier: 100 },
    ],
    // 0.1 / 1 / 5 / 10 / 50 元
    levels: [10, 100, 500, 1_000, 5_000],
  },
};

export const fishGameOf = (code: string): FishGame | null =>
  Object.prototype.hasOwnProperty.call(FISH_GAMES, code) ? FISH_GAMES[code]! : null;

export const fishOf = (game: FishGame, id: string): FishType | null =>
  game.fish.find((f) => f.id === id) ?? null;

/**
 * The number of draws (out of 2^32) that hit a fish of this multiplier: floor(RTP × 2^32 / multiplier), so the
 * hit probability threshold / 2^32 times the multiplier is the RTP, less than multiplier / 2^32 below it.
 */
export function hitThreshold(rtpBp: number, multiplier: number): number {
  return Math.floor((rtpBp * DRAW_RANGE) / (RTP_SCALE * multiplier));
}

/** The hit probability of a fish (threshold / 2^32). */
export const hitProbability = (rtpBp: number, multiplier: number): number =>
  hitThreshold(rtpBp, multiplier) / DRAW_RANGE;

/** A shot's outcome as stored with the bet (detail.outcome) and shown by the verify view. */
export interface ShotOutcome {
  game: string;
  fish: string;
  multiplier: number;
  /** fen. */
  stake: number;
  /** The shot's draw: the first 32-bit number of its fair stream. */
  roll: number;
  /** roll < threshold hits. */
  threshold: number;
  hit: boolean;
  /** fen: stake × multiplier on a hit, else 0. */
  payout: number;
}

/** A shot: the game's fish (by id) hit or missed from the seed pair's round; null when the fish or level is not the game's. */
export function shoot(game: FishGame, fishId: string, stake: number, fair: FairInput): ShotOutcome | null {
  const fish = fishOf(game, fishId);
  if (!fish || !game.levels.includes(stake)) return null;
  const roll = Math.floor(fairStream(fair).next() * DRAW_RANGE);
  const threshold = hitThreshold(game.rtpBp, fish.multiplier);
  const hit = roll < threshold;
  return {
    game: game.code,
    fish: fish.id,
    multiplier: fish.multiplier,
    stake,
    roll,
    threshold,
    hit,
    payout: hit ? stake * fish.multiplier : 0,
  };
}

/** The shot recomputed from its revealed seed equals what was stored. */
export function verifyShot(
  stored: ShotOutcome,
  fair: FairInput,
): { ok: boolean; outcome: ShotOutcome | null } {
  const game = fishGameOf(stored.game);
  const outcome = game ? shoot(game, stored.fish, stored.stake, fair) : null;
  const ok =
    outcome !== null &&
    outcome.roll === stored.roll &&
    outcome.threshold === stored.threshold &&
    outcome.hit === stored.hit &&
    outcome.payout === stored.payout &&
    outcome.multiplier === stored.multiplier;
  return { ok, outcome };
}
