// The slots' progressive jackpot (issue 19 §2 "a jackpot pool figure from the sandbox slots"; docs/games-dz.md
// "Jackpot"): the design's figures, the draw's exactness (P = stake / odds, exactly, from the spin's own fair
// stream after its reels and free spins), the contribution arithmetic (exactly the share of every stake, to the
// fen, in the long run), the stated long-run return, and by simulation from the engine that the hit rate is the
// stated probability.
import { describe, expect, it } from 'vitest';
import { drawStops, LINE_BETS, LINES, playSpin } from '../../../../src/games-core/dz/engine.ts';
import { FORTUNE_GOD, SLOT_GAMES } from '../../../../src/games-core/dz/games.ts';
import {
  BP_SCALE,
  contributionOf,
  drawJackpot,
  isExactOdds,
  JACKPOT_ODDS_FEN,
  JACKPOT_SEED_FEN,
  JACKPOT_SHARE_BP,
  jackpotChance,
  jackpotRtp,
  meanJackpotWin,
} from '../../../../src/games-core/dz/jackpot.ts';
import { verifySpin } from '../../../../src/games-core/dz/verify.ts';
import { fairStream, type FairInput } from '../../../../src/games-core/fair.ts';

const SEED: FairInput = { serverSeed: 'd'.repeat(64), clientSeed: 'jackpot', nonce: 0 };

describe('the design (docs/games-dz.md "Jackpot")', () => {
  it('1 % of every stake, odds of 2^24 fen, a seed of ¥500', () => {
    expect(JACKPOT_SHARE_BP / BP_SCALE).toBe(0.01);
    expect(JACKPOT_ODDS_FEN).toBe(16_777_216);
    expect(JACKPOT_SEED_FEN).toBe(50_000);
    expect(isExactOdds(JACKPOT_ODDS_FEN)).toBe(true);
  });

  it('states the long-run return honestly: 1 % + seed / odds = 1.298 %; the average win ¥2,177.72', () => {
    expect(jackpotRtp()).toBeCloseTo(0.01 + 50_000 / 16_777_216, 15);
    expect((jackpotRtp() * 100).toFixed(2)).toBe('1.30');
    expect(meanJackpotWin()).toBe(217_772.16);
  });

  it('every line bet: a chance proportional to the stake (the same per fen), from 1 in 838,861 to 1 in 8,389', () => {
    const perFen = LINE_BETS.map((b) => jackpotChance(b * LINES) / (b * LINES));
    for (const p of perFen) expect(p).toBe(1 / JACKPOT_ODDS_FEN);
    expect(Math.round(1 / jackpotChance(LINE_BETS[0] * LINES))).toBe(838_861);
    expect(Math.round(1 / jackpotChance(LINE_BETS.at(-1)! * LINES))).toBe(8_389);
  });
});

describe('the draw', () => {
  it('accepts only powers of two up to 2^32 (int() exactly uniform)', () => {
    for (const k of [0, 1, 12, 24, 32]) expect(isExactOdds(2 ** k)).toBe(true);
    for (const n of [0, 3, 1000, 2 ** 24 + 1, 2 ** 33, 1.5, -4]) expect(isExactOdds(n)).toBe(false);
    expect(() => drawJackpot(fairStream(SEED), 200, 1000)).toThrow(/power of two/);
  });

  it('int(2^k) is the top k bits of the 32-bit number: every value reached by exactly 2^(32−k) numbers', () => {
    // floor(u / 2^32 × 2^k) = u >>> (32 − k) for every u: checked at the ends and across every step of the top bits.
    const k = 24;
    const at = (u: number) => Math.floor((u / 2 ** 32) * 2 ** k);
    for (let v = 0; v < 2 ** k; v += 65_537) {
      const lo = v * 2 ** (32 - k);
      const hi = lo + 2 ** (32 - k) - 1;
      expect([at(lo), at(hi)]).toEqual([v, v]);
      if (lo > 0) expect(at(lo - 1)).toBe(v - 1);
    }
    expect(at(2 ** 32 - 1)).toBe(2 ** k - 1);
  });

  it('hits when the draw is below the stake; a stake at or above the odds always hits', () => {
    expect(drawJackpot({ int: () => 199 }, 200, 1024)).toEqual({ odds: 1024, draw: 199, hit: true });
    expect(drawJackpot({ int: () => 200 }, 200, 1024)).toEqual({ odds: 1024, draw: 200, hit: false });
    for (let n = 0; n < 50; n++)
      expect(drawJackpot(fairStream({ ...SEED, nonce: n }), 20, 16).hit).toBe(true);
    expect(jackpotChance(20, 16)).toBe(1);
  });

  it('is the stream’s next number after the reels and every free spin (the verify view redraws it)', () => {
    // A spin with free spins and one without, rebuilt draw by draw.
    for (const nonce of [0, 222]) {
      const fair = { serverSeed: 'c'.repeat(64), clientSeed: 'dz-cases', nonce };
      const o = playSpin(FORTUNE_GOD, fairStream(fair), 10);
      // tests/server/games-dz.test.ts: nonce 222 of this pair awards 10 free spins.
      expect(o.free.length).toBe(nonce === 222 ? 10 : 0);
      const s = fairStream(fair);
      const spins = 1 + o.free.length;
      for (let i = 0; i < spins; i++) drawStops(FORTUNE_GOD, s);
      expect(o.jackpot).toEqual({ odds: JACKPOT_ODDS_FEN, draw: s.int(JACKPOT_ODDS_FEN), hit: false });
      expect(s.drawn).toBe(spins * 5 + 1);
    }
  });

  it('verifies: the stored draw, paid exactly when it hit; a forged draw or payment fails', () => {
    const fair = { ...SEED, nonce: 7 };
    const o = playSpin(FORTUNE_GOD, fairStream(fair), 10);
    expect(verifySpin({ ...o, jackpotWin: 0 }, fair).ok).toBe(true);
    expect(verifySpin({ ...o, jackpotWin: 80_000 }, fair).ok).toBe(false);
    expect(verifySpin({ ...o, jackpot: { ...o.jackpot!, hit: true } }, fair).ok).toBe(false);
    expect(verifySpin({ ...o, jackpot: { ...o.jackpot!, draw: o.jackpot!.draw + 1 } }, fair).ok).toBe(false);
    // A forced hit (odds 16, stake 200) verifies against those odds and pays.
    const hit = playSpin(FORTUNE_GOD, fairStream(fair), 10, 16);
    expect(hit.jackpot!.hit).toBe(true);
    expect(verifySpin({ ...hit, jackpotWin: 61_234 }, fair, 16).ok).toBe(true);
    expect(verifySpin({ ...hit, jackpotWin: 0 }, fair, 16).ok).toBe(false);
    // …but not against the stated odds.
    expect(verifySpin({ ...hit, jackpotWin: 61_234 }, fair).ok).toBe(false);
    // A spin stored before the jackpot existed verifies without it.
    const { jackpot: _drop, ...old } = o;
    expect(verifySpin(old, fair).ok).toBe(true);
  });
});

describe('the contribution', () => {
  it('moves whole fen and carries the shares of a fen', () => {
    expect(contributionOf(0, 20)).toEqual({ amount: 0, carry: 2_000 });
    expect(contributionOf(8_000, 20)).toEqual({ amount: 1, carry: 0 });
    expect(contributionOf(0, 2_000)).toEqual({ amount: 20, carry: 0 });
    expect(contributionOf(9_999, 100)).toEqual({ amount: 1, carry: 9_999 });
  });

  it('over any run of stakes, the pool receives exactly floor(Σ stake × 1 %) fen', () => {
    let carry = 0;
    let moved = 0;
    let staked = 0;
    let x = 12345;
    for (let i = 0; i < 100_000; i++) {
      x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
      const stake = LINE_BETS[x % LINE_BETS.length]! * LINES;
      const c = contributionOf(carry, stake);
      expect(c.carry).toBeGreaterThanOrEqual(0);
      expect(c.carry).toBeLessThan(BP_SCALE);
      carry = c.carry;
      moved += c.amount;
      staked += stake;
      if (i % 997 === 0) expect(moved).toBe(Math.floor((staked * JACKPOT_SHARE_BP) / BP_SCALE));
    }
    expect(moved).toBe(Math.floor(staked / 100));
  });
});

describe('the hit rate, simulated from the engine', () => {
  // Odds of 2^12 (a test's odds: the same draw, a chance a test can see): P = stake / 4096.
  const ODDS = 2 ** 12;
  const SPINS = 40_000;

  it('matches stake / odds for a small and a large stake, on every game (within 4.5 standard errors)', () => {
    for (const lineBet of [2, 10]) {
      const p = jackpotChance(lineBet * LINES, ODDS);
      let hits = 0;
      for (let nonce = 0; nonce < SPINS; nonce++) {
        const game = SLOT_GAMES[nonce % SLOT_GAMES.length]!;
        const o = playSpin(
          game,
          fairStream({ ...SEED, clientSeed: `rate-${lineBet}`, nonce }),
          lineBet,
          ODDS,
        );
        if (o.jackpot!.hit) hits++;
      }
      const se = Math.sqrt((p * (1 - p)) / SPINS);
      expect(Math.abs(hits / SPINS - p)).toBeLessThan(4.5 * se);
    }
    // 80,000 spins: about 3 s alone, more on a busy CI machine (it timed out at the default 5 s once).
  }, 60_000);

  it('draws every value of [0, odds) equally often (chi-square over 16 bins)', () => {
    const bins = new Array<number>(16).fill(0);
    for (let nonce = 0; nonce < SPINS; nonce++) {
      const o = playSpin(FORTUNE_GOD, fairStream({ ...SEED, clientSeed: 'bins', nonce }), 1);
      bins[Math.floor((o.jackpot!.draw / JACKPOT_ODDS_FEN) * 16)]! += 1;
    }
    const want = SPINS / 16;
    const chi = bins.reduce((s, n) => s + (n - want) ** 2 / want, 0);
    // 15 degrees of freedom: P(χ² > 37.7) ≈ 0.001.
    expect(chi).toBeLessThan(37.7);
  }, 60_000);
});
