// Prices (issue 11 §4; docs/sportsbook.md "Prices"): the chance of every final score from the state of the match
// (ratings → expected scores or set chances; the score so far; the time left), then fair odds per market, then
// the house margin. Odds are European ×1000 integers cut to hundredths (1.95 → 1950). Pure functions.
import type { Market, MarketKind, Selection } from '../../../../src/protocol/sportsbook.ts';
import type { Fixture, LiveState, Timeline } from './fixtures.ts';

/** Design margins: a two-way market's implied chances sum to 1.05, a three-way one's to 1.08. */
export const OVERROUND_TWO_WAY = 1.05;
export const OVERROUND_THREE_WAY = 1.08;
/** Odds are offered between 1.01 and 50.00; a side whose fair chance is outside 2 %–98 % is suspended. */
export const MIN_ODDS = 1010;
export const MAX_ODDS = 50_000;
export const SUSPEND_BELOW_CHANCE = 0.02;
export const SUSPEND_ABOVE_CHANCE = 0.98;

/** The chance of each final margin (home − away) and total, as arrays from their smallest value. */
export interface ScoreDistribution {
  marginMin: number;
  margin: number[];
  totalMin: number;
  total: number[];
}

/** Poisson(λ) probabilities from 0 while they matter (beyond λ + 10√λ + 10 they are below 1e-20). */
export function poissonPmf(lambda: number): number[] {
  if (lambda <= 0) return [1];
  const kMax = Math.ceil(lambda + 10 * Math.sqrt(lambda) + 10);
  const out = new Array<number>(kMax + 1);
  out[0] = Math.exp(-lambda);
  for (let k = 1; k <= kMax; k++) out[k] = (out[k - 1]! * lambda) / k;
  return out;
}

function fromJoint(home: number[], away: number[], h0: number, a0: number): ScoreDistribution {
  const marginMin = h0 - a0 - (away.length - 1);
  const margin = new Array<number>(home.length + away.length - 1).fill(0);
  const total = new Array<number>(home.length + away.length - 1).fill(0);
  for (let i = 0; i < home.length; i++) {
    const pi = home[i]!;
    if (pi < 1e-15) continue;
    for (let j = 0; j < away.length; j++) {
      const p = pi * away[j]!;
      margin[i - j + away.length - 1]! += p;
      total[i + j]! += p;
    }
  }
  return { marginMin, margin, totalMin: h0 + a0, total };
}

/** The final score's distribution given the state: Poisson for what is left, or the rest of a best-of series. */
export function distributionAt(f: Fixture, t: Timeline, s: LiveState): ScoreDistribution {
  const r = f.rules;
  const { home: h0, away: a0 } = s.score;
  if (r.model === 'poisson') {
    const left = Math.max(0, (r.minutes - s.elapsed) / r.minutes);
    return fromJoint(poissonPmf(t.expected.home * left), poissonPmf(t.expected.away * left), h0, a0);
  }
  // A best-of series: the chance of each final (home, away) from the current sets, then margin and total.
  const finals = new Map<string, number>();
  const walk = (h: number, a: number, p: number) => {
    if (h >= r.toWin || a >= r.toWin) {
      const k = `${h}:${a}`;
      finals.set(k, (finals.get(k) ?? 0) + p);
      return;
    }
    walk(h + 1, a, p * t.pSet);
    walk(h, a + 1, p * (1 - t.pSet));
  };
  walk(h0, a0, 1);
  const maxSets = 2 * r.toWin - 1;
  const margin = new Array<number>(2 * r.toWin + 1).fill(0);
  const total = new Array<number>(maxSets + 1).fill(0);
  for (const [k, p] of finals) {
    const [h, a] = k.split(':').map(Number) as [number, number];
    margin[h - a + r.toWin]! += p;
    total[h + a]! += p;
  }
  return { marginMin: -r.toWin, margin, totalMin: 0, total };
}

// ---- settlement arithmetic on a distribution ----------------------------------------------------------------

/** A whole or half line's won / push chances for the side whose result is 4·x + add (x: margin or total). */
function lineChances(values: number[], min: number, add: number) {
  let won = 0;
  let push = 0;
  for (let i = 0; i < values.length; i++) {
    const v = 4 * (min + i) + add;
    const p = values[i]!;
    if (v > 0) won += p;
    else if (v === 0) push += p;
  }
  return { won, push };
}

/** The lines a quarter line is split into (half the stake each); a whole or half line is itself. */
export const halvesOf = (q: number): number[] => (Math.abs(q) % 2 === 1 ? [q - 1, q + 1] : [q]);

/**
 * A side's fair chance on an AH or OU line: 1 / fair odds, where the fair odds o make the expected return 1:
 * Σ over the halves (P(won) · o + P(push)) = halves → o = (halves − ΣP(push)) / ΣP(won). The two sides' chances
 * sum to 1.
 */
function sideChance(parts: Array<{ won: number; push: number }>): number {
  const won = parts.reduce((a, p) => a + p.won, 0);
  const push = parts.reduce((a, p) => a + p.push, 0);
  const denom = parts.length - push;
  return denom <= 1e-12 ? 0.5 : won / denom;
}

/** Home's fair chance on AH line q (quarters, applied to home): the home side wins a half when 4·margin + half > 0. */
export function ahHomeChance(d: ScoreDistribution, q: number): number {
  return sideChance(halvesOf(q).map((h) => lineChances(d.margin, d.marginMin, h)));
}

/** Over's fair chance on total line T (quarters): over wins a half when 4·total − half > 0. */
export function overChance(d: ScoreDistribution, q: number): number {
  return sideChance(halvesOf(q).map((h) => lineChances(d.total, d.totalMin, -h)));
}

export function oddChance(d: ScoreDistribution): number {
  let odd = 0;
  d.total.forEach((p, i) => {
    if ((d.totalMin + i) % 2 !== 0) odd += p;
  });
  return odd;
}

export function winnerChances(d: ScoreDistribution): { home: number; draw: number; away: number } {
  let home = 0;
  let draw = 0;
  let away = 0;
  d.margin.forEach((p, i) => {
    const m = d.marginMin + i;
    if (m > 0) home += p;
    else if (m === 0) draw += p;
    else away += p;
  });
  return { home, draw, away };
}

const mean = (values: number[], min: number) => values.reduce((a, p, i) => a + p * (min + i), 0);

// ---- odds ----------------------------------------------------------------------------------------------------

/** The offered odds for a fair chance under an overround: 1 / (chance × overround), cut to hundredths. */
export function oddsFor(chance: number, overround: number): number {
  if (chance <= 0) return MAX_ODDS;
  const hundredths = Math.floor(100 / (chance * overround) + 1e-9);
  return Math.min(MAX_ODDS, Math.max(MIN_ODDS, hundredths * 10));
}

/** A side too unlikely, too sure, or whose price would fall to the 1.01 floor (the margin would not hold). */
const tooSure = (chance: number, overround: number) =>
  chance < SUSPEND_BELOW_CHANCE ||
  chance > SUSPEND_ABOVE_CHANCE ||
  100 / (chance * overround) < MIN_ODDS / 10;

// ---- lines -----------------------------------------------------------------------------------------------------

/** The AH line (quarters) closest to an even game: home's chance nearest 1/2; ties to the smaller line. */
export function mainAhLine(d: ScoreDistribution): number {
  const centre = -Math.round(4 * mean(d.margin, d.marginMin));
  let best = centre;
  let bestGap = Infinity;
  for (let q = centre - 12; q <= centre + 12; q++) {
    const gap = Math.abs(ahHomeChance(d, q) - 0.5);
    if (gap < bestGap - 1e-12 || (Math.abs(gap - bestGap) <= 1e-12 && Math.abs(q) < Math.abs(best))) {
      best = q;
      bestGap = gap;
    }
  }
  return best;
}

/** The OU line (quarters) closest to an even game, above the score already reached. */
export function mainOuLine(d: ScoreDistribution): number {
  const floor = 4 * d.totalMin + 1;
  const centre = Math.max(floor, Math.round(4 * mean(d.total, d.totalMin)));
  let best = centre;
  let bestGap = Infinity;
  for (let q = Math.max(floor, centre - 12); q <= centre + 12; q++) {
    const gap = Math.abs(overChance(d, q) - 0.5);
    if (gap < bestGap - 1e-12) {
      best = q;
      bestGap = gap;
    }
  }
  return best;
}

export interface Lines {
  ah: number[];
  ou: number[];
}

/**
 * The lines offered: ball sports three consecutive quarter lines around each main line (so a quarter line is
 * always among them), series sports −1.5 / +1.5 sets (maps) for home and 2.5 in total.
 */
export function linesFor(f: Fixture, d: ScoreDistribution): Lines {
  if (f.rules.model === 'series') return { ah: [-6, 6], ou: [4 * f.rules.toWin + 2] };
  const ah = mainAhLine(d);
  const ou = mainOuLine(d);
  return { ah: [ah - 1, ah, ah + 1], ou: [ou - 1, ou, ou + 1].filter((q) => q > 4 * d.totalMin) };
}

// ---- markets ---------------------------------------------------------------------------------------------------

export type PricePhase = 'pre' | 'live';

export const marketIdOf = (matchId: string, phase: PricePhase, kind: MarketKind, line: number | null) =>
  `${matchId}.${phase}.${kind}.${line ?? 'n'}`;

function selection(
  marketId: string,
  pick: Selection['pick'],
  chance: number,
  overround: number,
  off: boolean,
): Selection {
  return {
    id: `${marketId}.${pick}`,
    pick,
    odds: oddsFor(chance, overround),
    suspended: off || tooSure(chance, overround),
  };
}

/** A market with a side too sure to price takes no bets on any side (its margin would not hold). */
function market(m: Market): Market {
  return m.selections.some((s) => s.suspended)
    ? { ...m, selections: m.selections.map((s) => ({ ...s, suspended: true })) }
    : m;
}

/**
 * Every market of a match at one state: the winner (1X2, or two sides), AH and OU on the given lines, odd/even.
 * `suspendAll`: the match is in a moment that takes no bets (a score just changed, a review).
 */
export function marketsFor(
  f: Fixture,
  phase: PricePhase,
  d: ScoreDistribution,
  lines: Lines,
  suspendAll: boolean,
): Market[] {
  const out: Market[] = [];
  const w = winnerChances(d);
  const winnerId = marketIdOf(f.id, phase, '1x2', null);
  if (f.rules.threeWay) {
    out.push({
      id: winnerId,
      kind: '1x2',
      lineQuarters: null,
      selections: [
        selection(winnerId, 'home', w.home, OVERROUND_THREE_WAY, suspendAll),
        selection(winnerId, 'draw', w.draw, OVERROUND_THREE_WAY, suspendAll),
        selection(winnerId, 'away', w.away, OVERROUND_THREE_WAY, suspendAll),
      ],
    });
  } else {
    const home = w.home / (w.home + w.away);
    out.push({
      id: winnerId,
      kind: '1x2',
      lineQuarters: null,
      selections: [
        selection(winnerId, 'home', home, OVERROUND_TWO_WAY, suspendAll),
        selection(winnerId, 'away', 1 - home, OVERROUND_TWO_WAY, suspendAll),
      ],
    });
  }
  for (const q of lines.ah) {
    const id = marketIdOf(f.id, phase, 'ah', q);
    const home = ahHomeChance(d, q);
    out.push({
      id,
      kind: 'ah',
      lineQuarters: q,
      selections: [
        selection(id, 'home', home, OVERROUND_TWO_WAY, suspendAll),
        selection(id, 'away', 1 - home, OVERROUND_TWO_WAY, suspendAll),
      ],
    });
  }
  for (const q of lines.ou) {
    const id = marketIdOf(f.id, phase, 'ou', q);
    const over = overChance(d, q);
    out.push({
      id,
      kind: 'ou',
      lineQuarters: q,
      selections: [
        selection(id, 'over', over, OVERROUND_TWO_WAY, suspendAll),
        selection(id, 'under', 1 - over, OVERROUND_TWO_WAY, suspendAll),
      ],
    });
  }
  const oeId = marketIdOf(f.id, phase, 'oe', null);
  const odd = oddChance(d);
  out.push({
    id: oeId,
    kind: 'oe',
    lineQuarters: null,
    selections: [
      selection(oeId, 'odd', odd, OVERROUND_TWO_WAY, suspendAll),
      selection(oeId, 'even', 1 - odd, OVERROUND_TWO_WAY, suspendAll),
    ],
  });
  return out.map(market);
}
