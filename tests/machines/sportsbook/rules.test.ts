// The bet slip's figures (src/protocol/sportsbook.ts SportsBet.odds: "the product of the legs', cut to
// thousandths"; a return is stake × odds cut to the fen) and the machines' inert defaults: unprovided, an effect
// fails, so nothing is ever sent by a machine that was not composed with the page's client.
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import {
  betSlipMachine,
  combinedOdds,
  potentialReturn,
} from '../../../machines/sportsbook/bet-slip.machine.ts';
import { feedMachine } from '../../../machines/sportsbook/feed.machine.ts';
import { venueSessionMachine } from '../../../machines/sportsbook/venue-session.machine.ts';
import { match, NOW } from './fixtures.ts';

describe('slip figures', () => {
  it.each([
    [[], 0],
    [[1_950], 1_950],
    // 1.95 × 2.10 = 4.095
    [[1_950, 2_100], 4_095],
    // 1.333 × 1.333 = 1.776889 → 1.776 (cut, never rounded up)
    [[1_333, 1_333], 1_776],
    // 1.001 × 1.001 × 1.001 = 1.003003001 → 1.003
    [[1_001, 1_001, 1_001], 1_003],
    // A void leg counts 1.00 (issue 11 §4).
    [[1_000, 2_500], 2_500],
    // Ten legs of 3.000: 3^10 = 59049 exactly (no float drift).
    [Array(10).fill(3_000), 59_049_000],
  ])('combined odds of %j is %i', (legs, expected) => {
    expect(combinedOdds(legs)).toBe(expected);
  });

  it.each([
    // ¥10 at 1.95 returns ¥19.50; ¥10.55 at 1.955 returns ¥20.6252… → ¥20.62 (cut to the fen).
    [1_000, 1_950, 1_950],
    [1_055, 1_955, 2_062],
    [5_000_000, 4_095, 20_475_000],
  ])('stake %i fen at %i returns %i fen', (stake, odds, expected) => {
    expect(potentialReturn(stake, odds)).toBe(expected);
  });
});

describe('inert defaults (effects are provided at composition)', () => {
  it('the session, unprovided, fails to read and shows nothing', async () => {
    const a = createActor(venueSessionMachine).start();
    await waitFor(a, (s) => s.matches('failed'));
    expect(a.getSnapshot().context.session).toBeNull();
    a.stop();
  });

  it('the feed, unprovided, fails to read its list, a match and my bets', async () => {
    const a = createActor(feedMachine, { input: { sports: ['esports'] } }).start();
    await waitFor(a, (s) => s.matches({ list: 'failed' }));
    expect(a.getSnapshot().context.sport).toBe('esports');
    a.send({ type: 'feed.open', matchId: 'M1' });
    await waitFor(a, (s) => s.matches({ match: 'failed' }));
    a.send({ type: 'feed.bets' });
    await waitFor(a, (s) => s.matches({ bets: 'failed' }));
    a.stop();
  });

  it('the slip, unprovided, places nothing: no answer, the request id kept for a retry', async () => {
    const a = createActor(betSlipMachine, { input: { balance: 100_000 } }).start();
    a.send({ type: 'slip.add', match: match('M1'), selectionId: 'M1-1x2-home', now: NOW });
    a.send({ type: 'slip.stake', text: '10' });
    a.send({ type: 'slip.place', now: NOW });
    await waitFor(a, (s) => s.matches('unsure'));
    expect(a.getSnapshot().context.requestId).toMatch(/^slip-request-/);
    a.stop();
  });
});
