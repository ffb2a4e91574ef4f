// One lottery period under load (issue 12 §4 "concurrency of many players on … one lottery period"; docs/games-cp.md
// "Settlement"): hundreds of tickets staked in parallel on one period by many players, one draw settling each
// exactly once, two sweeps at once settling once, tickets racing the draw (each either in and settled, or refused
// 41005: none left open), every balance as the engine says, and the ledger balanced. PGlite and PostgreSQL.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { drawRound } from '../../server/modules/casino/rounds.ts';
import { lotteryRules, sweepLotteries } from '../../server/modules/casino/cp/service.ts';
import { checkLedger } from '../../server/modules/ledger/ledger.ts';
import type { K3Result } from '../../src/games-core/cp/k3.ts';
import { settlePick } from '../../src/games-core/cp/plays.ts';
import { CODE } from '../../src/protocol/api.ts';
import { GAMES_CODE } from '../../src/protocol/games.ts';
import type { TestApp } from '../support/test-app.ts';
import {
  afterClose,
  quickPlayer,
  fakeClock,
  freshPeriods,
  games,
  openNo,
  roundId,
  ticket,
} from './games-cp-support.ts';
import { venueApp } from './venue-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  fakeClock();
  t = await venueApp();
});
afterAll(async () => {
  await t?.close();
  vi.useRealTimers();
});
beforeEach(() => void freshPeriods());
afterEach(async () => {
  expect((await checkLedger(t.db)).problems).toEqual([]);
});

const PLAYS = [
  { play: 'bs', pick: 'big' },
  { play: 'bs', pick: 'small' },
  { play: 'oe', pick: 'odd' },
  { play: 'sum', pick: '11' },
  { play: 'triple', pick: 'any' },
  { play: 'pair', pick: '44' },
];

describe('one 快三 period, many players', () => {
  it('300 tickets from 30 players in parallel; two sweeps at once settle each ticket once; balances as the engine says', async () => {
    const players = await Promise.all(Array.from({ length: 30 }, () => quickPlayer(t, 100_000)));
    const no = openNo('k3');
    const id = roundId('SYCP', 'k3', no);
    const sent = players.flatMap((pl, i) =>
      Array.from({ length: 10 }, (_, j) => ({
        pl,
        ...PLAYS[(i + j) % PLAYS.length]!,
        stake: 100 * (1 + ((i * j) % 5)),
      })),
    );
    const answers = await Promise.all(sent.map((s) => ticket(t, s.pl.token, 'k3', id, [s])));
    for (const a of answers) expect(a.status_code, a.message).toBe(CODE.success);
    const { rows: open } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM bets WHERE round_id = $1 AND status = 'open'",
      [id],
    );
    expect(open[0]!.n).toBe(300);

    // Two sweeps at once on a clock past the close (the app's own sweep runs on the app's clock, still open).
    const ctx = afterClose(t, 'k3', no);
    const [a, b] = await Promise.all([sweepLotteries(ctx), sweepLotteries(ctx)]);
    expect(a + b).toBe(300);
    expect(await sweepLotteries(ctx)).toBe(0);
    expect(await drawRound(ctx, id, lotteryRules('k3'))).toBe(0);

    const { rows } = await t.db.query<{ result: K3Result }>('SELECT result FROM game_rounds WHERE id = $1', [
      id,
    ]);
    const result = rows[0]!.result;
    const { rows: payouts } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM ledger_transfers WHERE id IN (SELECT 'gm-pay:' || order_no FROM bets WHERE round_id = $1)",
      [id],
    );
    const winners = sent.filter((s) => settlePick('k3', s.play, s.pick, s.stake, result).win).length;
    expect(payouts[0]!.n).toBe(winners);
    for (const pl of players) {
      const mine = sent.filter((s) => s.pl === pl);
      const expected = mine.reduce(
        (acc, s) => acc - s.stake + settlePick('k3', s.play, s.pick, s.stake, result).payout,
        100_000,
      );
      const session = await games(t, pl.token, 'GET', '/session');
      expect(session.data.balance).toBe(expected);
      expect(session.data.pending).toBe(0);
    }
    const { rows: valid } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM bets WHERE round_id = $1 AND valid_bet = stake AND settled_at IS NOT NULL',
      [id],
    );
    expect(valid[0]!.n).toBe(300);
  });

  it('tickets racing the draw: each is in and settled by it, or refused 41005; none is left open', async () => {
    const players = await Promise.all(Array.from({ length: 10 }, () => quickPlayer(t, 100_000)));
    const no = openNo('k3');
    const id = roundId('SYCP', 'k3', no);
    // The period exists with a first ticket; then 100 tickets and the draw at once.
    expect(
      (await ticket(t, players[0]!.token, 'k3', id, [{ play: 'bs', pick: 'big', stake: 100 }])).status_code,
    ).toBe(CODE.success);
    const ctx = afterClose(t, 'k3', no);
    const racing = Array.from({ length: 100 }, (_, i) =>
      ticket(t, players[i % 10]!.token, 'k3', id, [{ play: 'oe', pick: i % 2 ? 'odd' : 'even', stake: 100 }]),
    );
    const [drawn, ...answers] = await Promise.all([
      new Promise<number>((r) => setTimeout(r, 5)).then(() => drawRound(ctx, id, lotteryRules('k3'))),
      ...racing,
    ]);
    const accepted = answers.filter((a) => a.status_code === CODE.success).length;
    const refused = answers.filter((a) => a.status_code === GAMES_CODE.bettingClosed).length;
    expect(accepted + refused).toBe(100);
    expect(drawn).toBe(1 + accepted);
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM bets WHERE round_id = $1 AND status = 'open'",
      [id],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('one player’s 200 parallel tickets on a 时时彩 period: the wallet never goes negative (41002 past it)', async () => {
    const { token } = await quickPlayer(t, 10_000);
    const no = openNo('ssc');
    const id = roundId('SYCP', 'ssc', no);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        ticket(t, token, 'ssc', id, [{ play: 'digit', pick: `1:${i % 10}`, stake: 100 }]),
      ),
    );
    const ok = answers.filter((a) => a.status_code === CODE.success).length;
    expect(ok).toBe(100);
    expect(answers.filter((a) => a.status_code === GAMES_CODE.insufficientBalance)).toHaveLength(100);
    expect((await games(t, token, 'GET', '/session')).data.balance).toBe(0);
    expect(await drawRound(afterClose(t, 'ssc', no), id, lotteryRules('ssc'))).toBe(100);
    // Whichever 100 went in, those on the drawn digit of 万位 win 9.7 × 1 元 each.
    const { rows } = await t.db.query<{ result: { digits: number[] } }>(
      'SELECT result FROM game_rounds WHERE id = $1',
      [id],
    );
    const hits = answers.filter(
      (a) => a.status_code === CODE.success && a.data.tickets[0].pick === `1:${rows[0]!.result.digits[0]}`,
    ).length;
    expect((await games(t, token, 'GET', '/session')).data.balance).toBe(hits * 970);
  });
});
