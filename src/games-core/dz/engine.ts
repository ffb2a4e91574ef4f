// The slots' reel engine (issue 12 §1 "Slots (DZ)"; docs/games-dz.md): one engine for every slot game of the DZ
// venues. 5 reels × 3 rows, PAYLINES.length fixed paylines, a wild that substitutes on paylines (only on reels 2–4,
// so it never starts a line and never pays by itself), a scatter that pays anywhere (× the total stake) and
// awards free spins when SCATTER_TRIGGER or more show; free spins play the same strips at the game's multiplier
// and can retrigger. Pure: the server settles with it, the venue page verifies with it.
//
// Randomness: a paid spin is one round of the player's seed pair (src/games-core/fair.ts); its reel stops are
// drawn in order reel 1…5 with stream.int(strip length), then each free spin draws its five stops the same way.
// Every strip has STRIP_LENGTH = 32 places, a power of two, so int(32) (floor(u / 2^32 × 32)) is exactly
// uniform: every stop of every strip is equally likely, nothing is weighted near the payline (no near misses).
import type { FairStream } from '../fair.ts';
import { drawJackpot, JACKPOT_ODDS_FEN, type JackpotDraw } from './jackpot.ts';

export const REELS = 5;
export const ROWS = 3;
/** Every strip's length (a power of two: exact uniform stops from the fair stream). */
export const STRIP_LENGTH = 32;
/** The fewest same symbols from the left reel that pay on a line. */
export const MIN_LINE_RUN = 3;
/** The fewest scatters anywhere that pay and award free spins. */
export const SCATTER_TRIGGER = 3;

/** The paylines: for each reel (left to right) the row it crosses (0 top, 1 middle, 2 bottom). */
export const PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 0, 2, 0],
];
/** Every game plays all of them (fixed lines): the stake is the line bet × LINES. */
export const LINES = PAYLINES.length;

/** The wild's and the scatter's ids on every game's strips; the plain symbols are the letters A… (A the best). */
export const WILD = 'W';
export const SCATTER = 'S';

/** A slot game: its strips and pay table (names and pictures are the page's, src/i18n/zh-CN-games-dz.ts). */
export interface SlotGame {
  code: string;
  /** Reel 1…5, each STRIP_LENGTH symbol ids, read top to bottom and wrapping round. */
  strips: readonly string[];
  /** Line pays in line bets for 3, 4 and 5 of a kind from the left, per plain symbol. */
  pays: Readonly<Record<string, readonly [number, number, number]>>;
  /** Scatter pays in total stakes for 3, 4 and 5 scatters anywhere. */
  scatterPays: readonly [number, number, number];
  /** Free spins awarded by SCATTER_TRIGGER+ scatters (in the paid spin or a free spin: retrigger). */
  freeSpins: number;
  /** Every win of a free spin is multiplied by this. */
  freeMultiplier: number;
  /** The return to player the rules page states (a fraction), checked against rtpOf(game) by a test. */
  statedRtp: number;
}

/** The line bets a player chooses from (fen); the stake is the line bet × LINES (issue 12 §1). */
export const LINE_BETS = [1, 2, 5, 10, 20, 50, 100] as const;

export interface LineWin {
  /** The payline's index in PAYLINES (0-based). */
  line: number;
  symbol: string;
  /** How many reels from the left (3–5). */
  count: number;
  /** fen (the free spins' multiplier included). */
  win: number;
}

export interface SpinResult {
  /** Each reel's stop: the strip place shown on the top row. */
  stops: number[];
  lineWins: LineWin[];
  /** Scatters showing anywhere and what they paid (fen). */
  scatter: { count: number; win: number };
  /** Free spins this spin awarded (0 or game.freeSpins). */
  awarded: number;
  /** The spin's total win (fen). */
  win: number;
}

/** A paid spin with its free spins: what the server stores as the bet's outcome and the page verifies. */
export interface SlotOutcome {
  game: string;
  lineBet: number;
  lines: number;
  stake: number;
  base: SpinResult;
  free: SpinResult[];
  /** Everything the reels paid back (fen): the paid spin's win plus every free spin's (the jackpot not included). */
  payout: number;
  /**
   * The progressive jackpot's draw (jackpot.ts), made after the reels and all free spins. Absent only on spins
   * stored before the jackpot existed (issue 19).
   */
  jackpot?: JackpotDraw;
}

/** The symbol at a reel's row for a stop. */
export const cellOf = (game: SlotGame, reel: number, stop: number, row: number): string => {
  const strip = game.strips[reel]!;
  return strip[(stop + row) % strip.length]!;
};

/** The window the reels show: grid[reel][row]. */
export function windowOf(game: SlotGame, stops: readonly number[]): string[][] {
  return stops.map((stop, reel) => Array.from({ length: ROWS }, (_, row) => cellOf(game, reel, stop, row)));
}

/** The pay of one line's symbols (in line bets) and its run: the left reel's symbol and wilds after it. */
export function linePay(
  game: SlotGame,
  symbols: readonly string[],
): { symbol: string; count: number; pay: number } {
  const symbol = symbols[0]!;
  const pays = game.pays[symbol];
  if (!pays) return { symbol, count: 0, pay: 0 };
  let count = 1;
  while (count < symbols.length && (symbols[count] === symbol || symbols[count] === WILD)) count++;
  return { symbol, count, pay: count >= MIN_LINE_RUN ? pays[count - MIN_LINE_RUN]! : 0 };
}

/** A spin at these stops: line wins, scatter, free spins awarded; wins in fen at this line bet and multiplier. */
export function evaluate(
  game: SlotGame,
  stops: readonly number[],
  lineBet: number,
  multiplier = 1,
): SpinResult {
  const grid = windowOf(game, stops);
  const lineWins: LineWin[] = [];
  PAYLINES.forEach((rows, line) => {
    const { symbol, count, pay } = linePay(
      game,
      rows.map((row, reel) => grid[reel]![row]!),
    );
    if (pay > 0) lineWins.push({ line, symbol, count, win: pay * lineBet * multiplier });
  });
  let count = 0;
  for (const column of grid) for (const s of column) if (s === SCATTER) count++;
  const scatterPay =
    count >= SCATTER_TRIGGER ? game.scatterPays[Math.min(count, REELS) - SCATTER_TRIGGER]! : 0;
  const scatter = { count, win: scatterPay * lineBet * LINES * multiplier };
  const awarded = count >= SCATTER_TRIGGER ? game.freeSpins : 0;
  const win = lineWins.reduce((sum, w) => sum + w.win, 0) + scatter.win;
  return { stops: [...stops], lineWins, scatter, awarded, win };
}

/** The five stops of one spin, from the round's stream (reel 1 first). */
export const drawStops = (game: SlotGame, stream: Pick<FairStream, 'int'>): number[] =>
  game.strips.map((strip) => stream.int(strip.length));

/**
 * A whole paid spin: the spin, then its free spins (retriggers add more) in the stream's order, then the
 * jackpot's draw against `jackpotOdds` (JACKPOT_ODDS_FEN in play; a test may pass smaller odds).
 */
export function playSpin(
  game: SlotGame,
  stream: Pick<FairStream, 'int'>,
  lineBet: number,
  jackpotOdds: number = JACKPOT_ODDS_FEN,
): SlotOutcome {
  const base = evaluate(game, drawStops(game, stream), lineBet);
  const free: SpinResult[] = [];
  let left = base.awarded;
  while (left > 0) {
    const spin = evaluate(game, drawStops(game, stream), lineBet, game.freeMultiplier);
    free.push(spin);
    left += spin.awarded - 1;
  }
  const payout = base.win + free.reduce((sum, s) => sum + s.win, 0);
  const stake = lineBet * LINES;
  const jackpot = drawJackpot(stream, stake, jackpotOdds);
  return { game: game.code, lineBet, lines: LINES, stake, base, free, payout, jackpot };
}

// ---- the return to player, exactly from the strips ---------------------------------------------------------------

export interface RtpBreakdown {
  /** Line wins of a paid spin per stake. */
  lines: number;
  /** Scatter pays of a paid spin per stake. */
  scatter: number;
  /** The chance a spin awards free spins. */
  trigger: number;
  /** The value of one award of free spins per stake (retriggers included). */
  freeAward: number;
  /** Free spins' share of the return (trigger × freeAward). */
  free: number;
  /** The whole return to player (lines + scatter + free). */
  rtp: number;
}

/**
 * The exact return to player. Stops are uniform and independent per reel, so a payline's cell on reel i shows
 * each symbol with its count on strip i / STRIP_LENGTH whatever the row: every line has the same expected pay,
 * and line wins per stake are the expected pay of one line in line bets. Scatters: the chance of k scatters in
 * each reel's window (over its 32 stops), combined across the reels. Free spins: one free spin is worth
 * m × (lines + scatter) + trigger × F, and an award F = N × that, so F = N·m·(lines + scatter) / (1 − N·trigger)
 * (a geometric series of retriggers; N·trigger < 1). With 32-place strips every probability is a multiple of
 * 2^-25: every figure but the last division is exact in binary floating point. A test checks this against an
 * enumeration of all 32^5 stop combinations.
 */
export function rtpOf(game: SlotGame): RtpBreakdown {
  const freq = game.strips.map((strip) => {
    const f = new Map<string, number>();
    for (const s of strip) f.set(s, (f.get(s) ?? 0) + 1 / strip.length);
    return f;
  });
  const p = (reel: number, s: string) => freq[reel]!.get(s) ?? 0;
  let lines = 0;
  for (const [symbol, pays] of Object.entries(game.pays)) {
    let run = p(0, symbol);
    for (let count = 2; count <= REELS; count++) {
      run *= p(count - 1, symbol) + p(count - 1, WILD);
      if (count < MIN_LINE_RUN) continue;
      const stop = count < REELS ? 1 - p(count, symbol) - p(count, WILD) : 1;
      lines += run * stop * pays[count - MIN_LINE_RUN]!;
    }
  }
  // The chance of k scatters showing, reel by reel.
  let dist = [1];
  game.strips.forEach((strip, reel) => {
    const here = new Array<number>(ROWS + 1).fill(0);
    for (let stop = 0; stop < strip.length; stop++) {
      let k = 0;
      for (let row = 0; row < ROWS; row++) if (cellOf(game, reel, stop, row) === SCATTER) k++;
      here[k]! += 1 / strip.length;
    }
    const next = new Array<number>(dist.length + ROWS).fill(0);
    dist.forEach((a, i) => here.forEach((b, k) => (next[i + k]! += a * b)));
    dist = next;
  });
  let scatter = 0;
  let trigger = 0;
  dist.forEach((pk, k) => {
    if (k < SCATTER_TRIGGER) return;
    trigger += pk;
    scatter += pk * game.scatterPays[Math.min(k, REELS) - SCATTER_TRIGGER]!;
  });
  const n = game.freeSpins;
  if (n * trigger >= 1) throw new Error(`${game.code}: free spins never end`);
  const freeAward = (n * game.freeMultiplier * (lines + scatter)) / (1 - n * trigger);
  const free = trigger * freeAward;
  return { lines, scatter, trigger, freeAward, free, rtp: lines + scatter + free };
}
