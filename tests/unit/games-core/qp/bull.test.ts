// 抢庄牛牛's engine (issue 12 §1 "the standard hand ranks and payouts"; docs/games-qp.md): ranks case by case,
// the showdown's payouts, the banker, the money, and the return to player (100 %: neither side has an edge).
import { describe, expect, it } from 'vitest';
import { simulationSource } from '../../../../src/games-core/qp/cards.ts';
import {
  BULL_MAX_LOSS_UNITS,
  bankerOf,
  bullPayout,
  bullStake,
  compareBull,
  dealBull,
  evaluateBull,
  settleBull,
  type BullDeal,
} from '../../../../src/games-core/qp/bull.ts';
import { fairStream } from '../../../../src/games-core/fair.ts';

/** A card from its rank (1 = A … 13 = K) and suit (0 黑桃, 1 红桃, 2 梅花, 3 方块). */
const c = (rank: number, suit = 0) => suit * 13 + rank - 1;
const hand = (...ranks: number[]) => ranks.map((r, i) => c(r, i % 4));

describe('bull hand ranks (docs/games-qp.md "Hand ranks")', () => {
  it.each([
    [[1, 2, 4, 6, 8], '无牛', 1], // no three make ten
    [[3, 7, 10, 5, 6], '牛一', 1], // 3+7+10, 5+6 = 11
    [[2, 8, 10, 13, 6], '牛六', 1],
    [[2, 8, 10, 13, 7], '牛七', 2],
    [[4, 6, 11, 5, 4], '牛九', 2],
    [[5, 5, 10, 12, 13], '牛牛', 3], // the J Q K rule: 10 points each
    [[11, 12, 13, 11, 12], '五花牛', 4],
    [[9, 9, 9, 9, 2], '炸弹牛', 4],
    [[1, 1, 2, 3, 3], '五小牛', 5], // all under 5, total 10
  ])('%j is %s (× %i)', (ranks, name, mult) => {
    const h = evaluateBull(hand(...ranks));
    expect(h.name).toBe(name);
    expect(h.multiplier).toBe(mult);
  });

  it('five small needs a total of at most 10; a bomb outranks five faces', () => {
    expect(evaluateBull(hand(1, 2, 3, 4, 4)).name).not.toBe('五小牛'); // 14
    expect(evaluateBull(hand(1, 1, 1, 1, 2)).name).toBe('五小牛'); // four aces too, 五小牛 ranks higher
    expect(
      compareBull(evaluateBull(hand(9, 9, 9, 9, 2)), evaluateBull(hand(11, 12, 13, 11, 12))),
    ).toBeGreaterThan(0);
  });

  it('takes the best split of five cards into three making ten and two', () => {
    // 5 5 10 → 10+10 = 牛牛 (not 5+5+K … etc.)
    expect(evaluateBull([c(5, 0), c(5, 1), c(10), c(10, 1), c(7)]).name).toBe('牛七');
    expect(evaluateBull([c(5, 0), c(5, 1), c(10), c(13, 1), c(13, 2)]).name).toBe('牛牛');
  });

  it('equal ranks: the highest card, then its suit (黑桃 > 红桃 > 梅花 > 方块)', () => {
    const a = evaluateBull([c(13, 1), c(3), c(7), c(2), c(1, 2)]); // 牛三 with 红桃 K
    const b = evaluateBull([c(13, 0), c(4, 1), c(6, 1), c(2, 1), c(1, 3)]); // 牛三 with 黑桃 K
    expect(a.name).toBe('牛三');
    expect(b.name).toBe('牛三');
    expect(compareBull(b, a)).toBeGreaterThan(0);
    expect(compareBull(a, b)).toBeLessThan(0);
  });

  it('the hand rank frequencies over every five-card hand (exact, the rules page quotes them)', () => {
    const counts = new Array<number>(14).fill(0);
    const h = [0, 0, 0, 0, 0];
    for (h[0] = 0; h[0] < 52; h[0]++)
      for (h[1] = h[0] + 1; h[1] < 52; h[1]++)
        for (h[2] = h[1] + 1; h[2] < 52; h[2]++)
          for (h[3] = h[2] + 1; h[3] < 52; h[3]++)
            for (h[4] = h[3] + 1; h[4] < 52; h[4]++) counts[evaluateBull(h).rank]! += 1;
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2_598_960);
    // Four of a kind: 13 ranks × 48 fifth cards; five faces: C(12, 5); five small: counted, pinned.
    // 4 aces + a 2, 3 or 4, and four 2s + an ace, are 五小牛 (it ranks higher): 12 + 4 of the 624 four-of-a-kinds.
    expect(counts[12]).toBe(13 * 48 - 16);
    expect(counts[11]).toBe(792 - 3 * 8); // C(12, 5) less the J/Q/K four-of-a-kinds (炸弹牛)
    // The table of docs/games-qp.md "Hand ranks" (无牛, 牛一 … 牛九, 牛牛, 五花牛, 炸弹牛, 五小牛).
    expect(counts).toEqual([
      870_984, 171_288, 168_072, 171_288, 168_072, 177_408, 168_072, 171_288, 168_072, 171_288, 190_976, 768,
      608, 776,
    ]);
  }, 60_000);
});

describe('the banker (docs/games-qp.md "Grab")', () => {
  it('the highest grab; ties by the fair stream; nobody grabbing → anyone at 1 倍', () => {
    expect(bankerOf([0, 3, 1, 2], 0.99)).toEqual({ banker: 1, multiplier: 3 });
    expect(bankerOf([4, 1, 4, 0], 0.2)).toEqual({ banker: 0, multiplier: 4 });
    expect(bankerOf([4, 1, 4, 0], 0.7)).toEqual({ banker: 2, multiplier: 4 });
    expect(bankerOf([0, 0, 0, 0], 0.8)).toEqual({ banker: 3, multiplier: 1 });
  });
});

describe("the showdown (issue 12 §1: base × grab × bet × the winner's hand multiplier)", () => {
  const deal = (hands: number[][], botGrabs: number[], botBets: number[], tie = 0): BullDeal => ({
    hands: hands.map((r) => hand(...r)),
    botGrabs,
    tie,
    botBets,
  });
  const D = deal(
    [
      [2, 8, 10, 13, 7], // player 牛七 ×2
      [1, 2, 4, 6, 8], // 无牛
      [5, 5, 10, 12, 13], // 牛牛 ×3
      [11, 12, 13, 11, 12], // 五花牛 ×4
    ],
    [2, 0, 1],
    [3, 5, 2],
  );

  it('a bot banker: the player wins or loses against the banker alone', () => {
    const o = settleBull(D, 0, 5); // seat 1 grabbed 2 → banker ×2
    expect(o.banker).toBe(1);
    expect(o.multiplier).toBe(2);
    // player 牛七 beats 无牛: + 2 × 5 × 2
    expect(o.playerUnits).toBe(20);
    expect(o.seats[2]!.units).toBe(2 * 5 * 3);
    expect(o.seats[3]!.units).toBe(2 * 2 * 4);
    expect(o.seats[1]!.units).toBe(-(20 + 30 + 16));
  });

  it("the player as banker: against each bot with its bet and the winner's multiplier", () => {
    const o = settleBull(D, 4, 1); // player grabs 4 → banker ×4
    expect(o.banker).toBe(0);
    expect(o.seats[0]!.bet).toBe(0);
    // seat 1 无牛 loses 4×3×2 (the banker's 牛七 ×2); seat 2 牛牛 wins 4×5×3; seat 3 五花 wins 4×2×4
    expect(o.seats.map((s) => s.units)).toEqual([24 - 60 - 32, -24, 60, 32]);
    expect(o.playerUnits).toBe(-68);
  });

  it('the sum of the table is zero', () => {
    for (let i = 0; i < 200; i++) {
      const d = dealBull(simulationSource(i + 1));
      const o = settleBull(d, i % 5, [1, 2, 3, 5][i % 4]!);
      expect(o.seats.reduce((a, s) => a + s.units, 0)).toBe(0);
    }
  });
});

describe('money (docs/games-qp.md "Money")', () => {
  it('the stake covers the worst case: 300 × base; the payout is never negative', () => {
    expect(BULL_MAX_LOSS_UNITS).toBe(3 * 4 * 5 * 5);
    expect(bullStake(100)).toBe(30_000);
    expect(bullPayout(100, -300)).toEqual({ payout: 0, validBet: 30_000 });
    expect(bullPayout(100, 20)).toEqual({ payout: 32_000, validBet: 2_000 });
    expect(bullPayout(100, 0)).toEqual({ payout: 30_000, validBet: 0 });
  });
});

describe('the deal from the fair stream', () => {
  it('is reproducible from the seed and deals 20 distinct cards', () => {
    const input = { serverSeed: 'a'.repeat(64), clientSeed: 'player', nonce: 7 };
    const a = dealBull(fairStream(input));
    expect(dealBull(fairStream(input))).toEqual(a);
    expect(new Set(a.hands.flat()).size).toBe(20);
    expect(a.botGrabs.every((g) => [0, 1, 2, 3, 4].includes(g))).toBe(true);
    expect(a.botBets.every((g) => [1, 2, 3, 5].includes(g))).toBe(true);
  });
});

describe('return to player (docs/games-qp.md "Return to player": 100 %)', () => {
  it('exactly even between two hands: a vs b pays the opposite of b vs a', () => {
    const src = simulationSource(12);
    for (let i = 0; i < 20_000; i++) {
      const order = src.shuffle(52);
      const a = evaluateBull(order.slice(0, 5));
      const b = evaluateBull(order.slice(5, 10));
      expect(Math.sign(compareBull(a, b))).toBe(-Math.sign(compareBull(b, a)));
      expect(compareBull(a, b)).not.toBe(0);
    }
  });

  // The seats are exchangeable (the computers' choices ignore the cards), so a player whose choices ignore the
  // cards expects 0: the simulation's mean must be within 4 standard errors of 0 (a false alarm 1 in 15,000).
  it.each([
    ['不抢, 1 倍 (what the server plays at the deadline)', () => 0, () => 1],
    [
      'random grabs and bets',
      (r: () => number) => Math.floor(r() * 5),
      (r: () => number) => [1, 2, 3, 5][Math.floor(r() * 4)]!,
    ],
  ])(
    '%s: the mean result is 0 within 4 standard errors',
    (_name, grab, bet) => {
      const src = simulationSource(2026);
      const pick = simulationSource(11);
      const n = 200_000;
      let sum = 0;
      let sq = 0;
      for (let i = 0; i < n; i++) {
        const u = settleBull(dealBull(src), grab(pick.next), bet(pick.next)).playerUnits;
        sum += u;
        sq += u * u;
      }
      const mean = sum / n;
      const se = Math.sqrt((sq / n - mean * mean) / n);
      expect(Math.abs(mean)).toBeLessThan(4 * se);
      expect(se).toBeLessThan(0.1);
    },
    60_000,
  );
});
