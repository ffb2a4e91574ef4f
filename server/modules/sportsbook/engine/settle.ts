// Settlement by the rules (issue 11 §4; docs/sportsbook.md "Settlement"): pure functions from a final score to
// each leg's result, from the legs to the bet's status and payout, and the valid bet (turnover) it counts.
//
// - 1X2 / winner: the pick that happened wins; every other pick loses.
// - AH (the line, in quarters, is home's handicap; away gets its negative) and OU (a total line): a whole or half
//   line wins, loses or pushes (stake back); a quarter line is two bets of half the stake on the lines a
//   quarter below and above it, so it can be half won (one half wins, one pushes) or half lost.
// - Odd/even: the parity of the total.
// - A cancelled match voids the leg (stake back; in a parlay it counts at odds 1.00).
// - Payout = stake × Π leg factors, cut to whole fen: won → odds, half won → (odds + 1) / 2, push and void → 1,
//   half lost → 1/2, lost → 0. Exact (BigInt rationals), so a single and a one-leg parlay pay the same.
import type { BetStatus, MarketKind, Selection } from '../../../../src/protocol/sportsbook.ts';
import { halvesOf } from './pricing.ts';

export type LegResult = Exclude<BetStatus, 'open'>;
export type Outcome = { state: 'ended'; home: number; away: number } | { state: 'cancelled' };

export interface LegPick {
  market: MarketKind;
  lineQuarters: number | null;
  pick: Selection['pick'];
}

/** One half-line bet: > 0 won, 0 push, < 0 lost. */
function halfValue(leg: LegPick, home: number, away: number, half: number): number {
  if (leg.market === 'ah') {
    const v = 4 * (home - away) + half;
    return leg.pick === 'home' ? v : -v;
  }
  const v = 4 * (home + away) - half;
  return leg.pick === 'over' ? v : -v;
}

/** A leg's result from the match's outcome. */
export function legResult(leg: LegPick, outcome: Outcome): LegResult {
  if (outcome.state === 'cancelled') return 'void';
  const { home, away } = outcome;
  switch (leg.market) {
    case '1x2': {
      const happened = home > away ? 'home' : home === away ? 'draw' : 'away';
      return leg.pick === happened ? 'won' : 'lost';
    }
    case 'oe':
      return ((home + away) % 2 === 1 ? 'odd' : 'even') === leg.pick ? 'won' : 'lost';
    case 'ah':
    case 'ou': {
      const values = halvesOf(leg.lineQuarters ?? 0).map((h) => Math.sign(halfValue(leg, home, away, h)));
      if (values.length === 1) return values[0]! > 0 ? 'won' : values[0]! < 0 ? 'lost' : 'push';
      const [a, b] = values as [number, number];
      if (a > 0 && b > 0) return 'won';
      if (a < 0 && b < 0) return 'lost';
      // Adjacent halves differ by half a goal: one of them is a whole line, so the other pushes or the same.
      if (a + b > 0) return 'half_won';
      if (a + b < 0) return 'half_lost';
      return 'push';
    }
  }
}

/** The factor a leg multiplies the stake by, as a fraction. */
export function legFactor(result: LegResult, odds: number): [bigint, bigint] {
  switch (result) {
    case 'won':
      return [BigInt(odds), 1000n];
    case 'half_won':
      return [BigInt(odds) + 1000n, 2000n];
    case 'half_lost':
      return [1n, 2n];
    case 'lost':
      return [0n, 1n];
    case 'push':
    case 'void':
      return [1n, 1n];
  }
}

/** Combined odds of a slip: the product of the legs' (×1000), cut to thousandths. */
export function combinedOdds(odds: readonly number[]): number {
  let num = 1n;
  for (const o of odds) num *= BigInt(o);
  return Number(num / 1000n ** BigInt(Math.max(odds.length - 1, 0)));
}

export interface BetOutcome {
  status: LegResult;
  /** Fen paid back to the venue wallet (0 when lost). */
  payout: number;
}

/**
 * A bet's status and payout from its legs' results. A single takes its leg's result. A parlay: any leg lost →
 * lost; every leg void → void; otherwise by what it pays against the stake: more → won (half_won when a leg was
 * a half result), the same → push, less → half_lost.
 */
export function betOutcome(
  stake: number,
  legs: ReadonlyArray<{ odds: number; result: LegResult }>,
): BetOutcome {
  let num = 1n;
  let den = 1n;
  for (const l of legs) {
    const [n, d] = legFactor(l.result, l.odds);
    num *= n;
    den *= d;
  }
  const payout = Number((BigInt(stake) * num) / den);
  if (legs.length === 1) return { status: legs[0]!.result, payout };
  let status: LegResult;
  if (legs.some((l) => l.result === 'lost')) status = 'lost';
  else if (legs.every((l) => l.result === 'void')) status = 'void';
  else if (payout > stake)
    status = legs.some((l) => l.result === 'half_won' || l.result === 'half_lost') ? 'half_won' : 'won';
  else if (payout === stake) status = 'push';
  else status = 'half_lost';
  return { status, payout };
}

// ---- valid bet (turnover) ---------------------------------------------------------------------------------------

/** The opposite pick of a two-way market. */
export const OPPOSITE: Readonly<Partial<Record<Selection['pick'], Selection['pick']>>> = {
  home: 'away',
  away: 'home',
  over: 'under',
  under: 'over',
  odd: 'even',
  even: 'odd',
};

/**
 * Even-money (two-way) markets: AH, OU, odd/even, and the winner market of the sports without a draw (tennis,
 * esports: match ids TN…, ES…).
 */
export const isTwoWay = (matchId: string, market: MarketKind) =>
  market !== '1x2' || matchId.startsWith('TN') || matchId.startsWith('ES');

/**
 * The part of a single's stake that is not hedged: a member's singles on both sides of one two-way market (the
 * same match, kind and line) cancel out. With S the member's total stake on this bet's side and O on the other,
 * min(S, O) is hedged on both sides; this bet keeps its share of S − min(S, O): ⌊stake × (S − min(S, O)) / S⌋.
 * Equal stakes on both sides leave nothing; no bet on the other side leaves the whole stake.
 */
export function unhedgedStake(stake: number, sameSide: number, otherSide: number): number {
  if (sameSide <= 0) return 0;
  const kept = sameSide - Math.min(sameSide, otherSide);
  return Number((BigInt(stake) * BigInt(kept)) / BigInt(sameSide));
}

/**
 * The valid bet of a settled bet (fen): won or lost counts in full, a half result half (⌊/2⌋), a push or void
 * nothing. `base` is the stake, or for a single on a two-way market its unhedged part.
 */
export function validBetOf(status: LegResult, base: number): number {
  switch (status) {
    case 'won':
    case 'lost':
      return base;
    case 'half_won':
    case 'half_lost':
      return Math.floor(base / 2);
    case 'push':
    case 'void':
      return 0;
  }
}
