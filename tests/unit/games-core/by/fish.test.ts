// The fishing engine (issue 12 §1 "Fishing", §2 "a test checks every stated figure"; docs/games-by.md): the
// stated fish, multipliers, cannon levels and RTPs; the RTP of every fish computed exactly from its hit
// threshold; the hit rule and the payout case by case; a simulation as a sanity check; the verify recomputation.
import { describe, expect, it } from 'vitest';
import { fairStream } from '../../../../src/games-core/fair.ts';
import {
  DRAW_RANGE,
  FISH_GAMES,
  fishGameOf,
  hitProbability,
  hitThreshold,
  MIN_MULTIPLIER,
  shoot,
  verifyShot,
} from '../../../../src/games-core/by/fish.ts';
import { GRID_GAMES } from '../../../../src/protocol/games.ts';
import { FISH_NAMES } from '../../../../src/i18n/zh-CN-games-by.ts';

const SEED = { serverSeed: 'a'.repeat(64), clientSeed: 'player-1', nonce: 0 };

/** docs/games-by.md: the stated tables, written out again here (a change must change both). */
const STATED = {
  'fish-tycoon': {
    rtp: 0.96,
    multipliers: [2, 3, 5, 8, 10, 20, 30, 50, 100],
    levels: [10, 50, 100, 500, 1000],
  },
  'deep-sea': { rtp: 0.95, multipliers: [2, 4, 6, 12, 25, 40, 80], levels: [20, 50, 200, 500, 2000] },
  'golden-toad': { rtp: 0.97, multipliers: [2, 3, 6, 15, 30, 60, 100], levels: [10, 100, 500, 1000, 5000] },
} as const;

describe('fishing tables', () => {
  it('has one table per game of the BY catalogue, as stated', () => {
    expect(Object.keys(FISH_GAMES).sort()).toEqual(GRID_GAMES.BY.map((g) => g.code).sort());
    for (const [code, stated] of Object.entries(STATED)) {
      const game = fishGameOf(code)!;
      expect(game.rtpBp / 10_000).toBe(stated.rtp);
      expect(game.fish.map((f) => f.multiplier)).toEqual(stated.multipliers);
      expect(game.levels).toEqual(stated.levels);
    }
  });

  it('every hit pays at least twice the shot; every fish has a name; ids are unique', () => {
    expect(MIN_MULTIPLIER).toBe(2);
    for (const game of Object.values(FISH_GAMES)) {
      expect(new Set(game.fish.map((f) => f.id)).size).toBe(game.fish.length);
      for (const f of game.fish) {
        expect(f.multiplier).toBeGreaterThanOrEqual(2);
        expect(Number.isInteger(f.multiplier)).toBe(true);
        expect(FISH_NAMES[f.id]).toBeTruthy();
      }
    }
  });

  it('unknown games are null (no prototype keys)', () => {
    expect(fishGameOf('nope')).toBeNull();
    expect(fishGameOf('toString')).toBeNull();
  });
});

describe('fishing RTP (exact)', () => {
  // The expected payout per unit stake of a fish is P(hit) × multiplier = threshold / 2^32 × multiplier,
  // computed here in exact integer arithmetic: it is the stated RTP, less than multiplier / 2^32 below it.
  it('every fish of every game returns the stated RTP', () => {
    for (const [code, stated] of Object.entries(STATED)) {
      const game = fishGameOf(code)!;
      for (const f of game.fish) {
        const threshold = BigInt(hitThreshold(game.rtpBp, f.multiplier));
        // The float computation is the exact integer quotient floor(RTP × 2^32 / multiplier).
        expect(threshold).toBe((BigInt(game.rtpBp) * 2n ** 32n) / (10_000n * BigInt(f.multiplier)));
        const paidPerStake = threshold * BigInt(f.multiplier); // × 1 / 2^32
        const rtpScaled = (BigInt(Math.round(stated.rtp * 10_000)) * BigInt(DRAW_RANGE)) / 10_000n;
        expect(paidPerStake <= rtpScaled).toBe(true);
        expect(rtpScaled - paidPerStake < BigInt(f.multiplier)).toBe(true);
        expect(hitProbability(game.rtpBp, f.multiplier) * f.multiplier).toBeCloseTo(stated.rtp, 7);
      }
    }
  });

  it('a simulation of 30,000 shots per game lands near the stated RTP', () => {
    for (const [code, stated] of Object.entries(STATED)) {
      const game = fishGameOf(code)!;
      let staked = 0;
      let paid = 0;
      const shots = 30_000;
      for (let nonce = 0; nonce < shots; nonce++) {
        // The cheap fish are shot most often, as players do; the RTP is the same whatever the target.
        const fish = game.fish[nonce % 2]!;
        const out = shoot(game, fish.id, game.levels[0]!, { ...SEED, clientSeed: code, nonce })!;
        staked += out.stake;
        paid += out.payout;
      }
      // The standard deviation of one shot at 2× or 3× is below 1.2 stakes: over 30,000 shots the standard
      // error is below 0.007; 0.03 is more than four of them.
      expect(Math.abs(paid / staked - stated.rtp)).toBeLessThan(0.03);
    }
  }, 60_000);
});

describe('a shot', () => {
  const game = fishGameOf('fish-tycoon')!;

  it('hits when the first draw is below the threshold and pays stake × multiplier', () => {
    let hits = 0;
    for (let nonce = 0; nonce < 200; nonce++) {
      const fair = { ...SEED, nonce };
      const out = shoot(game, 'clownfish', 100, fair)!;
      const roll = Math.floor(fairStream(fair).next() * 2 ** 32);
      expect(out.roll).toBe(roll);
      expect(out.threshold).toBe(Math.floor((9600 * 2 ** 32) / (10_000 * 2)));
      expect(out.hit).toBe(roll < out.threshold);
      expect(out.payout).toBe(out.hit ? 200 : 0);
      expect(out).toMatchObject({ game: 'fish-tycoon', fish: 'clownfish', multiplier: 2, stake: 100 });
      if (out.hit) hits += 1;
    }
    expect(hits).toBeGreaterThan(60); // p = 0.48
    expect(hits).toBeLessThan(140);
  });

  it('a whale hit pays 100 times the shot', () => {
    let nonce = 0;
    let out = shoot(game, 'whale', 1000, { ...SEED, nonce })!;
    while (!out.hit) out = shoot(game, 'whale', 1000, { ...SEED, nonce: ++nonce })!;
    expect(out.payout).toBe(100_000);
  });

  it('refuses a fish or a level the game does not have', () => {
    expect(shoot(game, 'megalodon', 100, SEED)).toBeNull();
    expect(shoot(game, 'clownfish', 20, SEED)).toBeNull();
    expect(shoot(fishGameOf('deep-sea')!, 'megalodon', 20, SEED)).not.toBeNull();
  });

  it('verifies from the revealed seed, and catches a changed record', () => {
    const out = shoot(game, 'shark', 500, SEED)!;
    expect(verifyShot(out, SEED)).toEqual({ ok: true, outcome: out });
    expect(verifyShot({ ...out, hit: !out.hit }, SEED).ok).toBe(false);
    expect(verifyShot({ ...out, payout: out.payout + 1 }, SEED).ok).toBe(false);
    expect(verifyShot(out, { ...SEED, nonce: 1 }).ok).toBe(
      out.roll === shoot(game, 'shark', 500, { ...SEED, nonce: 1 })!.roll,
    );
    expect(verifyShot({ ...out, game: 'nope' }, SEED)).toEqual({ ok: false, outcome: null });
  });
});
