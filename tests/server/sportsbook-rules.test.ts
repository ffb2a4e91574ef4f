// The sandbox sportsbook's rules as pure functions (issue 11 §4; docs/sportsbook.md "Settlement", "Valid bet"):
// every settlement case of the issue with the figures worked out by hand from the rules, never from the code.
import { describe, expect, it } from 'vitest';
import {
  betOutcome,
  combinedOdds,
  isTwoWay,
  legResult,
  unhedgedStake,
  validBetOf,
  type LegPick,
  type LegResult,
} from '../../server/modules/sportsbook/engine/settle.ts';

const ended = (home: number, away: number) => ({ state: 'ended' as const, home, away });
const ah = (lineQuarters: number, pick: 'home' | 'away'): LegPick => ({ market: 'ah', lineQuarters, pick });
const ou = (lineQuarters: number, pick: 'over' | 'under'): LegPick => ({ market: 'ou', lineQuarters, pick });

describe('leg results', () => {
  it('1X2: the pick that happened wins', () => {
    const x = (pick: 'home' | 'draw' | 'away'): LegPick => ({ market: '1x2', lineQuarters: null, pick });
    expect([
      legResult(x('home'), ended(2, 1)),
      legResult(x('draw'), ended(2, 1)),
      legResult(x('away'), ended(2, 1)),
    ]).toEqual(['won', 'lost', 'lost']);
    expect(legResult(x('draw'), ended(1, 1))).toBe('won');
    expect(legResult(x('away'), ended(0, 3))).toBe('won');
  });

  // [line in quarters (home's handicap), pick, home, away, result]; a quarter line is two half stakes on the lines
  // a quarter below and above (−0.75 = −0.5 and −1).
  const AH: Array<[number, 'home' | 'away', number, number, LegResult]> = [
    // whole line −1: a one-goal win is a push
    [-4, 'home', 2, 1, 'push'],
    [-4, 'home', 3, 1, 'won'],
    [-4, 'home', 1, 1, 'lost'],
    [-4, 'away', 2, 1, 'push'],
    [-4, 'away', 1, 1, 'won'],
    // level ball (0): a draw pushes
    [0, 'home', 0, 0, 'push'],
    [0, 'away', 0, 1, 'won'],
    // half line −0.5: no push
    [-2, 'home', 1, 0, 'won'],
    [-2, 'home', 0, 0, 'lost'],
    [-2, 'away', 0, 0, 'won'],
    // quarter −0.25 (0 and −0.5): a draw is half lost for home, half won for away (+0.25)
    [-1, 'home', 0, 0, 'half_lost'],
    [-1, 'away', 0, 0, 'half_won'],
    [-1, 'home', 1, 0, 'won'],
    [-1, 'home', 0, 1, 'lost'],
    // quarter −0.75 (−0.5 and −1): a one-goal win is half won
    [-3, 'home', 1, 0, 'half_won'],
    [-3, 'away', 1, 0, 'half_lost'],
    [-3, 'home', 2, 0, 'won'],
    [-3, 'home', 0, 0, 'lost'],
    // quarter −1.25 (−1 and −1.5): a one-goal win is half lost
    [-5, 'home', 1, 0, 'half_lost'],
    [-5, 'away', 1, 0, 'half_won'],
    [-5, 'home', 2, 0, 'won'],
    // quarter +0.25 for home (0 and +0.5)
    [1, 'home', 0, 0, 'half_won'],
    [1, 'home', 0, 1, 'lost'],
    // quarter +1.75 for home (+1.5 and +2): losing by two is half lost, by one won
    [7, 'home', 0, 2, 'half_lost'],
    [7, 'home', 0, 1, 'won'],
    [7, 'away', 0, 2, 'half_won'],
  ];
  it.each(AH)('AH line %i quarters, %s, %i:%i → %s', (q, pick, h, a, want) => {
    expect(legResult(ah(q, pick), ended(h, a))).toBe(want);
  });

  const OU: Array<[number, 'over' | 'under', number, number, LegResult]> = [
    [10, 'over', 2, 1, 'won'], // 2.5
    [10, 'under', 1, 1, 'won'],
    [8, 'over', 1, 1, 'push'], // 2 (whole)
    [8, 'under', 1, 1, 'push'],
    [8, 'over', 2, 1, 'won'],
    [9, 'over', 1, 1, 'half_lost'], // 2.25 = 2 and 2.5
    [9, 'under', 1, 1, 'half_won'],
    [9, 'over', 2, 1, 'won'],
    [11, 'over', 2, 1, 'half_won'], // 2.75 = 2.5 and 3
    [11, 'under', 2, 1, 'half_lost'],
    [11, 'under', 1, 1, 'won'],
    [850, 'over', 110, 103, 'won'], // basketball 212.5: 213 points go over
    [851, 'over', 110, 103, 'half_won'], // 212.75 = 212.5 and 213: 213 points win one half, push the other
  ];
  it.each(OU)('OU line %i quarters, %s, %i:%i → %s', (q, pick, h, a, want) => {
    expect(legResult(ou(q, pick), ended(h, a))).toBe(want);
  });

  it('odd/even: the parity of the total (0 is even)', () => {
    const oe = (pick: 'odd' | 'even'): LegPick => ({ market: 'oe', lineQuarters: null, pick });
    expect(legResult(oe('odd'), ended(2, 1))).toBe('won');
    expect(legResult(oe('even'), ended(2, 1))).toBe('lost');
    expect(legResult(oe('even'), ended(0, 0))).toBe('won');
    expect(legResult(oe('odd'), ended(0, 0))).toBe('lost');
  });

  it('a cancelled match voids every leg', () => {
    for (const leg of [
      ah(-3, 'home'),
      ou(9, 'under'),
      { market: '1x2', lineQuarters: null, pick: 'draw' } as LegPick,
    ])
      expect(legResult(leg, { state: 'cancelled' })).toBe('void');
  });
});

describe('payouts (stake 100.00 = 10000 fen)', () => {
  const single = (result: LegResult, odds = 1950, stake = 10_000) => betOutcome(stake, [{ odds, result }]);
  it('a single: won pays stake × odds, half won half at odds and half back, half lost half back', () => {
    expect(single('won')).toEqual({ status: 'won', payout: 19_500 });
    expect(single('lost')).toEqual({ status: 'lost', payout: 0 });
    expect(single('push')).toEqual({ status: 'push', payout: 10_000 });
    expect(single('void')).toEqual({ status: 'void', payout: 10_000 });
    // 5000 × 1.95 + 5000 = 14750
    expect(single('half_won')).toEqual({ status: 'half_won', payout: 14_750 });
    expect(single('half_lost')).toEqual({ status: 'half_lost', payout: 5_000 });
    // An odd stake: 10001 × (1.95 + 1) / 2 = 14751.475 → cut to 14751 fen.
    expect(single('half_won', 1950, 10_001).payout).toBe(14_751);
    expect(single('half_lost', 1950, 10_001).payout).toBe(5_000);
  });

  it('a parlay multiplies the legs; a void or push leg counts at 1.00; half results multiply by their half', () => {
    const parlay = (...legs: Array<[number, LegResult]>) =>
      betOutcome(
        10_000,
        legs.map(([odds, result]) => ({ odds, result })),
      );
    expect(parlay([2000, 'won'], [1500, 'won'])).toEqual({ status: 'won', payout: 30_000 });
    expect(parlay([2000, 'won'], [1800, 'void'])).toEqual({ status: 'won', payout: 20_000 });
    expect(parlay([2000, 'won'], [1800, 'push'], [1500, 'won'])).toEqual({ status: 'won', payout: 30_000 });
    // 2 × (1.9 + 1) / 2 = 2.9
    expect(parlay([2000, 'won'], [1900, 'half_won'])).toEqual({ status: 'half_won', payout: 29_000 });
    // 2 × 0.5 = 1: the stake back
    expect(parlay([2000, 'won'], [1900, 'half_lost'])).toEqual({ status: 'push', payout: 10_000 });
    // 1.5 × 0.5 = 0.75
    expect(parlay([1500, 'won'], [1900, 'half_lost'])).toEqual({ status: 'half_lost', payout: 7_500 });
    expect(parlay([2000, 'won'], [1900, 'lost'])).toEqual({ status: 'lost', payout: 0 });
    expect(parlay([2000, 'void'], [1900, 'void'])).toEqual({ status: 'void', payout: 10_000 });
    expect(parlay([2000, 'void'], [1900, 'push'])).toEqual({ status: 'push', payout: 10_000 });
    // 1.95 × 1.87 × 2.1 = 7.65765 → 76576 fen (cut)
    expect(parlay([1950, 'won'], [1870, 'won'], [2100, 'won']).payout).toBe(76_576);
  });

  it('combined odds are the product cut to thousandths', () => {
    expect(combinedOdds([1950])).toBe(1950);
    expect(combinedOdds([1950, 1870])).toBe(3646); // 3.6465
    expect(combinedOdds(Array(10).fill(1010))).toBe(1104); // 1.01^10 = 1.1046…
  });
});

describe('valid bet', () => {
  it('won or lost counts the stake, a half result half, a push or void nothing', () => {
    expect(validBetOf('won', 10_000)).toBe(10_000);
    expect(validBetOf('lost', 10_000)).toBe(10_000);
    expect(validBetOf('half_won', 10_000)).toBe(5_000);
    expect(validBetOf('half_lost', 10_001)).toBe(5_000);
    expect(validBetOf('push', 10_000)).toBe(0);
    expect(validBetOf('void', 10_000)).toBe(0);
  });

  it('both sides of one even-money market: the hedged part counts on neither side', () => {
    expect(unhedgedStake(10_000, 10_000, 10_000)).toBe(0);
    expect(unhedgedStake(10_000, 10_000, 0)).toBe(10_000);
    expect(unhedgedStake(10_000, 10_000, 4_000)).toBe(6_000);
    expect(unhedgedStake(4_000, 4_000, 10_000)).toBe(0);
    // Two bets on one side (3000 + 7000) against 4000: this one keeps 3000 × 6000 / 10000.
    expect(unhedgedStake(3_000, 10_000, 4_000)).toBe(1_800);
  });

  it('even-money markets: AH, OU, odd/even, and the winner where there is no draw', () => {
    expect(isTwoWay('FB20260101000', 'ah')).toBe(true);
    expect(isTwoWay('FB20260101000', 'ou')).toBe(true);
    expect(isTwoWay('FB20260101000', 'oe')).toBe(true);
    expect(isTwoWay('FB20260101000', '1x2')).toBe(false);
    expect(isTwoWay('BK20260101000', '1x2')).toBe(false);
    expect(isTwoWay('TN20260101000', '1x2')).toBe(true);
    expect(isTwoWay('ES20260101000', '1x2')).toBe(true);
  });
});
