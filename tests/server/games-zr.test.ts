// The live casino (issue 12 §1 "Live casino", §2 fairness, §3 integration, §4 proof): its tables' rounds on the
// server clock, bets during the countdown (41005 after), the draw from the committed seed settling every bet of
// the round once (the sweep, even for players who left), payouts and valid bets case by case, idempotency, the
// refusals, seed verification, and many players on one table at once with the ledger balanced.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedHashOf } from '../../src/games-core/fair.ts';
import { drawZr, settleMemberBets, ZR_SCHEDULE, type ZrResult } from '../../src/games-core/zr/table.ts';
import { ZR_PATH, type ZrBetRequest } from '../../src/games-core/zr/wire.ts';
import { GAMES_API, GAMES_CODE } from '../../src/protocol/games.ts';
import type { GamesCaller, GamesCtx } from '../../server/modules/casino/context.ts';
import { opensAtOf, roundIdOf, roundNoAt } from '../../server/modules/casino/rounds.ts';
import { gamesCallerOf, roundsOf, withStake } from '../../server/modules/casino/service.ts';
import { placeBets, sweepZr, tableView } from '../../server/modules/casino/zr/service.ts';
import { balanceOf, checkLedger } from '../../server/modules/ledger/ledger.ts';
import { ApiError } from '../../server/http/envelope.ts';
import type { TestApp } from '../support/test-app.ts';
import { credential, fund, newMember, requestId } from './sportsbook-support.ts';
import { venueApp } from './venue-helpers.ts';

const VENUE = 'AGZR';
const BAC = 'baccarat-1';
const DT = 'dragon-tiger-1';

let t: TestApp;
// The clock the tests move: start 1 s into a round (issue 12 §1: bets during the countdown).
let clock = 0;
const ctx = (): GamesCtx => ({ db: t.db, now: () => clock });
const roundNo = () => roundNoAt(ZR_SCHEDULE, clock);

beforeAll(async () => {
  t = await venueApp();
  const no = roundNoAt(ZR_SCHEDULE, Date.now()) + 1_000;
  clock = opensAtOf(ZR_SCHEDULE, no) + 1_000;
});
afterAll(async () => t?.close());

/** A member with `fen` in the ZR venue wallet and its caller (a venue launched as a whole: every table). */
async function bettor(fen: number): Promise<GamesCaller> {
  const m = await newMember(t.db);
  if (fen > 0) await fund(t.db, m.id, VENUE, fen);
  const token = await credential(t.db, m.id, VENUE);
  return (await gamesCallerOf(t.db, token))!;
}
const wallet = async (c: GamesCaller) =>
  (await balanceOf(t.db, { memberId: c.memberId, kind: 'venue', venue: VENUE })).available;
const bet = (c: GamesCaller, req: Partial<ZrBetRequest> & Pick<ZrBetRequest, 'bets'>) =>
  placeBets(
    ctx(),
    c,
    { game: BAC, roundId: roundIdOf(VENUE, req.game ?? BAC, roundNo()), requestId: requestId(), ...req },
    (fn) => withStake(ctx(), c, fn),
  );
async function refusal(p: Promise<unknown>): Promise<{ code: number; data: unknown }> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ApiError) return { code: err.code, data: err.data };
    throw err;
  }
  throw new Error('expected a refusal');
}
/** Moves the clock to the next round's first second (the round before is closed, drawable). */
const nextRound = () => {
  clock = opensAtOf(ZR_SCHEDULE, roundNo() + 1) + 1_000;
};

describe('a table and its round', () => {
  it('the round now takes bets for 25 s of a 35 s period; its seed hash is shown, the seed is not', async () => {
    const c = await bettor(0);
    const v = await tableView(ctx(), c, BAC);
    expect(v.round.id).toBe(`${VENUE}:${BAC}:${roundNo()}`);
    expect(Date.parse(v.round.closesAt) - Date.parse(v.round.opensAt)).toBe(25_000);
    expect(v.round.status).toBe('open');
    expect(v.round.serverSeed).toBeNull();
    expect(v.round.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(v.table.picks.map((p) => p.pick)).toEqual([
      'banker',
      'player',
      'tie',
      'banker-pair',
      'player-pair',
    ]);
    // Every player of the venue sees the same round (a shared table, not per player).
    const other = await tableView(ctx(), await bettor(0), BAC);
    expect(other.round).toEqual(v.round);
    expect(await refusal(tableView(ctx(), c, 'k3'))).toMatchObject({ code: GAMES_CODE.notFound });
  });
});

describe('bets and their refusals', () => {
  it('a bet moves the stake at once; the same request id again changes nothing; another bet on it is 41004', async () => {
    const c = await bettor(100_000);
    const requestId = 'zr-idem-0001';
    const first = await bet(c, {
      requestId,
      bets: [
        { pick: 'banker', stake: 10_000 },
        { pick: 'tie', stake: 1_000 },
      ],
    });
    expect(first.mine.map((b) => [b.pick, b.stake, b.status])).toEqual([
      ['banker', 10_000, 'open'],
      ['tie', 1_000, 'open'],
    ]);
    expect(first.balance).toBe(89_000);
    const again = await Promise.all(
      Array.from({ length: 20 }, () =>
        bet(c, {
          requestId,
          bets: [
            { pick: 'banker', stake: 10_000 },
            { pick: 'tie', stake: 1_000 },
          ],
        }),
      ),
    );
    for (const a of again) expect(a.mine.map((b) => b.orderNo)).toEqual(first.mine.map((b) => b.orderNo));
    expect(await wallet(c)).toBe(89_000);
    expect(await refusal(bet(c, { requestId, bets: [{ pick: 'player', stake: 10_000 }] }))).toMatchObject({
      code: GAMES_CODE.duplicateRequest,
    });
  });

  it('41003 for a pick the table does not offer, a pick twice, a stake not in whole yuan', async () => {
    const c = await bettor(100_000);
    for (const bets of [
      [{ pick: 'dragon' as const, stake: 1_000 }],
      [
        { pick: 'banker' as const, stake: 1_000 },
        { pick: 'banker' as const, stake: 1_000 },
      ],
      [{ pick: 'banker' as const, stake: 1_050 }],
    ])
      expect(await refusal(bet(c, { bets }))).toMatchObject({ code: GAMES_CODE.invalidBet });
    expect(await refusal(bet(c, { game: DT, bets: [{ pick: 'banker', stake: 1_000 }] }))).toMatchObject({
      code: GAMES_CODE.invalidBet,
    });
    expect(await wallet(c)).toBe(100_000);
  });

  it('41007 outside the limits (10 yuan min; the max counts earlier bets on the pick), with { min, max }', async () => {
    const c = await bettor(10_000_000);
    expect(await refusal(bet(c, { bets: [{ pick: 'banker', stake: 900 }] }))).toEqual({
      code: GAMES_CODE.stakeOutOfRange,
      data: { min: 1_000, max: 5_000_000 },
    });
    await bet(c, { bets: [{ pick: 'tie', stake: 400_000 }] });
    expect(await refusal(bet(c, { bets: [{ pick: 'tie', stake: 200_000 }] }))).toEqual({
      code: GAMES_CODE.stakeOutOfRange,
      data: { min: 1_000, max: 500_000 },
    });
    await bet(c, { bets: [{ pick: 'tie', stake: 100_000 }] });
    expect(await wallet(c)).toBe(10_000_000 - 500_000);
  });

  it('41002 when the venue wallet cannot afford them all: nothing is written', async () => {
    const c = await bettor(5_000);
    const r = await refusal(
      bet(c, {
        bets: [
          { pick: 'banker', stake: 3_000 },
          { pick: 'player', stake: 3_000 },
        ],
      }),
    );
    expect(r).toEqual({
      code: GAMES_CODE.insufficientBalance,
      data: { balance: 5_000, stake: 3_000, central: 0 },
    });
    expect(await wallet(c)).toBe(5_000);
    expect((await tableView(ctx(), c, BAC)).mine).toEqual([]);
  });

  it("41005 after the countdown, for a past round, for a round not open yet; 41006 for another table's id", async () => {
    const c = await bettor(100_000);
    const no = roundNo();
    const saved = clock;
    clock = opensAtOf(ZR_SCHEDULE, no) + ZR_SCHEDULE.bettingMs; // the close itself
    expect(
      await refusal(bet(c, { roundId: roundIdOf(VENUE, BAC, no), bets: [{ pick: 'banker', stake: 1_000 }] })),
    ).toMatchObject({
      code: GAMES_CODE.bettingClosed,
    });
    clock = saved;
    for (const roundId of [roundIdOf(VENUE, BAC, no - 1), roundIdOf(VENUE, BAC, no + 1)])
      expect(await refusal(bet(c, { roundId, bets: [{ pick: 'banker', stake: 1_000 }] }))).toMatchObject({
        code: GAMES_CODE.bettingClosed,
      });
    expect(
      await refusal(
        bet(c, { roundId: roundIdOf('DGZR', BAC, no), bets: [{ pick: 'banker', stake: 1_000 }] }),
      ),
    ).toMatchObject({ code: GAMES_CODE.notFound });
    expect(await wallet(c)).toBe(100_000);
  });
});

describe('the draw', () => {
  it('settles every bet of the round by the pay table from the committed seed; the seed is revealed and checks', async () => {
    nextRound();
    const players = await Promise.all(Array.from({ length: 6 }, () => bettor(1_000_000)));
    const picks = ['banker', 'player', 'tie', 'banker-pair', 'player-pair', 'banker'] as const;
    for (const [i, c] of players.entries()) await bet(c, { bets: [{ pick: picks[i]!, stake: 20_000 }] });
    const dt = await bettor(1_000_000);
    await bet(dt, {
      game: DT,
      bets: [
        { pick: 'dragon', stake: 10_000 },
        { pick: 'tie', stake: 1_000 },
        { pick: 'tiger-even', stake: 2_000 },
      ],
    });
    const id = roundIdOf(VENUE, BAC, roundNo());
    const before = await tableView(ctx(), players[0]!, BAC);

    clock = opensAtOf(ZR_SCHEDULE, roundNo()) + ZR_SCHEDULE.bettingMs; // closed now
    expect(await sweepZr(ctx())).toBeGreaterThanOrEqual(8);
    const after = await tableView(ctx(), players[0]!, BAC);
    expect(after.round.id).toBe(id);
    expect(after.round.status).toBe('drawn');
    // Fairness (issue 12 §2): the revealed seed is the one committed, and the deal recomputes from it.
    expect(after.round.seedHash).toBe(before.round.seedHash);
    expect(seedHashOf(after.round.serverSeed!)).toBe(before.round.seedHash);
    const result = after.round.result as ZrResult;
    expect(result).toEqual(
      drawZr('baccarat', { serverSeed: after.round.serverSeed!, clientSeed: id, nonce: 0 }),
    );
    expect(after.history[0]!.id).toBe(id);
    for (const [i, c] of players.entries()) {
      const want = settleMemberBets('baccarat', result, [{ id: 'x', pick: picks[i]!, stake: 20_000 }]).get(
        'x',
      )!;
      const mine = (await tableView(ctx(), c, BAC)).mine;
      expect(mine).toHaveLength(1);
      expect(mine[0]!.payout).toBe(want.payout);
      expect(mine[0]!.status).not.toBe('open');
      expect(await wallet(c)).toBe(1_000_000 - 20_000 + want.payout);
      const { rows } = await t.db.query<{ valid_bet: string }>(
        'SELECT valid_bet FROM bets WHERE order_no = $1',
        [mine[0]!.orderNo],
      );
      expect(Number(rows[0]!.valid_bet)).toBe(want.validBet);
    }
    // The player's rounds (the shell's verify list) carry the round's randomness and its result.
    const rounds = await roundsOf(ctx(), players[0]!, BAC);
    expect(rounds[0]!.fair).toEqual({
      seedHash: before.round.seedHash,
      clientSeed: id,
      nonce: 0,
      serverSeed: after.round.serverSeed,
    });
    expect(rounds[0]!.outcome).toEqual(result);
    // 龙虎 drawn by the same sweep.
    const dtView = await tableView(ctx(), dt, DT);
    const dtResult = dtView.round.result as ZrResult;
    const dtWant = settleMemberBets('dragon-tiger', dtResult, [
      { id: 'a', pick: 'dragon', stake: 10_000 },
      { id: 'b', pick: 'tie', stake: 1_000 },
      { id: 'c', pick: 'tiger-even', stake: 2_000 },
    ]);
    expect(dtView.mine.map((b) => b.payout)).toEqual(['a', 'b', 'c'].map((k) => dtWant.get(k)!.payout));
    expect(dtView.mine.every((b) => b.status !== 'open')).toBe(true);
    // A second sweep settles nothing more.
    expect(await sweepZr(ctx())).toBe(0);
    expect((await checkLedger(t.db)).problems).toEqual([]);
  });

  it('opposite bets count only their difference as valid bet (issue 12 §3)', async () => {
    nextRound();
    const c = await bettor(1_000_000);
    await bet(c, {
      bets: [
        { pick: 'banker', stake: 30_000 },
        { pick: 'player', stake: 10_000 },
      ],
    });
    clock += ZR_SCHEDULE.bettingMs;
    await sweepZr(ctx());
    const { rows } = await t.db.query<{ valid: string; payout: string }>(
      'SELECT sum(valid_bet) AS valid, sum(payout) AS payout FROM bets WHERE member_id = $1',
      [c.memberId],
    );
    const result = (await tableView(ctx(), c, BAC)).round.result as ZrResult;
    expect(Number(rows[0]!.valid)).toBe(result.winner === 'tie' ? 0 : 20_000);
  });

  it('a player who left loses nothing: the first reader after the close draws and settles', async () => {
    nextRound();
    const c = await bettor(100_000);
    await bet(c, { bets: [{ pick: 'player', stake: 10_000 }] });
    clock += ZR_SCHEDULE.bettingMs + 1_000;
    const v = await tableView(ctx(), await bettor(0), BAC);
    expect(v.round.status).toBe('drawn');
    const { rows } = await t.db.query<{ status: string }>('SELECT status FROM bets WHERE member_id = $1', [
      c.memberId,
    ]);
    expect(rows[0]!.status).not.toBe('open');
  });
});

describe('many players on one table (issue 12 §4 concurrency)', () => {
  it('300 players bet in parallel on one round; two sweeps at once settle each bet exactly once; the ledger balances', async () => {
    nextRound();
    const n = 300;
    const players = await Promise.all(Array.from({ length: n }, () => bettor(200_000)));
    // Many pages open the fresh round at once: one round, the same for all (no unique-index refusal).
    const views = await Promise.all(players.slice(0, 50).map((c) => tableView(ctx(), c, BAC)));
    expect(new Set(views.map((v) => v.round.seedHash)).size).toBe(1);
    nextRound();
    const { rows: h0 } = await t.db.query<{ balance: string }>(
      `SELECT coalesce(sum(balance), 0) AS balance FROM ledger_accounts WHERE venue = $1`,
      [VENUE],
    );
    const picks = ['banker', 'player', 'tie', 'banker-pair', 'player-pair'] as const;
    const placed = await Promise.allSettled(
      players.map((c, i) =>
        bet(c, { bets: [{ pick: picks[i % picks.length]!, stake: 1_000 * (1 + (i % 7)) }] }),
      ),
    );
    expect(placed.filter((p) => p.status === 'rejected')).toEqual([]);
    clock += ZR_SCHEDULE.bettingMs;
    const [a, b] = await Promise.all([sweepZr(ctx()), sweepZr(ctx())]);
    expect(a + b).toBe(n);
    const { rows } = await t.db.query<{ open: string; paid: string; payouts: string }>(
      `SELECT count(*) FILTER (WHERE b.status = 'open') AS open,
              (SELECT count(*) FROM ledger_transfers WHERE id LIKE 'gm-pay:%' AND id IN (SELECT 'gm-pay:' || order_no FROM bets WHERE round_id = $1)) AS paid,
              count(*) FILTER (WHERE b.payout > 0) AS payouts
         FROM bets b WHERE b.round_id = $1`,
      [roundIdOf(VENUE, BAC, roundNo())],
    );
    expect(Number(rows[0]!.open)).toBe(0);
    expect(Number(rows[0]!.paid)).toBe(Number(rows[0]!.payouts));
    // Money only moved between the venue wallets and the house: their sum is unchanged.
    const { rows: h1 } = await t.db.query<{ balance: string }>(
      `SELECT coalesce(sum(balance), 0) AS balance FROM ledger_accounts WHERE venue = $1`,
      [VENUE],
    );
    expect(Number(h1[0]!.balance)).toBe(Number(h0[0]!.balance));
    expect((await checkLedger(t.db)).problems).toEqual([]);
  });
});

describe('a table keeps dealing while it is visited', () => {
  it('the sweep deals every round of a table seen within 10 minutes (no gaps in its roads), and stops after', async () => {
    nextRound();
    const m = await newMember(t.db);
    const c = (await gamesCallerOf(t.db, await credential(t.db, m.id, 'DGZR')))!;
    const first = (await tableView(ctx(), c, 'baccarat-2')).round.no;
    // Nobody reads the table for three rounds: the sweep draws and opens each one.
    for (let i = 1; i <= 3; i++) {
      nextRound();
      await sweepZr(ctx());
    }
    clock += ZR_SCHEDULE.bettingMs;
    await sweepZr(ctx());
    const seen = await t.db.query<{ round_no: string; status: string }>(
      `SELECT round_no, status FROM game_rounds WHERE venue = 'DGZR' AND game = 'baccarat-2' ORDER BY round_no`,
    );
    expect(seen.rows.map((r) => [Number(r.round_no), r.status])).toEqual([
      [first, 'drawn'],
      [first + 1, 'drawn'],
      [first + 2, 'drawn'],
      [first + 3, 'drawn'],
    ]);
    // issue 12 §1's clock runs on; 10 minutes after the last round seen, the table deals no more.
    clock = opensAtOf(ZR_SCHEDULE, first + 3 + 19) + 1_000;
    await sweepZr(ctx());
    const after = await t.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM game_rounds WHERE venue = 'DGZR' AND game = 'baccarat-2'`,
    );
    expect(Number(after.rows[0]!.n)).toBe(4);
  });
});

describe('bets racing the draw', () => {
  it('bets sent as the round closes are either settled with it or refused 41005: none is left open', async () => {
    nextRound();
    const no = roundNo();
    const id = roundIdOf(VENUE, BAC, no);
    const players = await Promise.all(Array.from({ length: 60 }, () => bettor(100_000)));
    // The bettors' clock a millisecond before the close; the sweep's at the close (two nodes, one instant).
    const lastMs: GamesCtx = { db: t.db, now: () => opensAtOf(ZR_SCHEDULE, no) + ZR_SCHEDULE.bettingMs - 1 };
    const atClose: GamesCtx = { db: t.db, now: () => opensAtOf(ZR_SCHEDULE, no) + ZR_SCHEDULE.bettingMs };
    const outcomes = await Promise.allSettled([
      ...players.map((c) =>
        placeBets(
          lastMs,
          c,
          { game: BAC, roundId: id, requestId: requestId(), bets: [{ pick: 'player', stake: 1_000 }] },
          (fn) => withStake(lastMs, c, fn),
        ),
      ),
      sweepZr(atClose),
      sweepZr(atClose),
    ]);
    await sweepZr(atClose);
    for (const o of outcomes.slice(0, players.length))
      if (o.status === 'rejected') expect((o.reason as ApiError).code).toBe(GAMES_CODE.bettingClosed);
    const { rows } = await t.db.query<{ open: string; n: string }>(
      `SELECT count(*) FILTER (WHERE status = 'open') AS open, count(*) AS n FROM bets WHERE round_id = $1`,
      [id],
    );
    expect(Number(rows[0]!.open)).toBe(0);
    expect(Number(rows[0]!.n)).toBe(
      outcomes.slice(0, players.length).filter((o) => o.status === 'fulfilled').length,
    );
    expect((await checkLedger(t.db)).problems).toEqual([]);
  });
});

describe('the native API', () => {
  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.call({
      method,
      url: `${GAMES_API}${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });

  it("lists the venue's tables, answers a table, takes a bet on the round now; bad input is a coded refusal", async () => {
    const m = await newMember(t.db);
    await fund(t.db, m.id, VENUE, 100_000);
    const token = await credential(t.db, m.id, VENUE);
    const list = await call('GET', ZR_PATH.tables, token);
    expect(list.body.status_code).toBe(6000);
    expect(list.body.data.tables.map((x: { table: { code: string } }) => x.table.code)).toEqual([
      'baccarat-1',
      'baccarat-2',
      'dragon-tiger-1',
    ]);
    const table = await call('GET', `${ZR_PATH.table}?game=${DT}`, token);
    expect(table.body.status_code).toBe(6000);
    expect(table.body.data.table.picks.map((p: { pick: string }) => p.pick)).toEqual([
      'dragon',
      'tiger',
      'tie',
      'dragon-odd',
      'dragon-even',
      'tiger-odd',
      'tiger-even',
    ]);
    const round = table.body.data.round as { id: string; closesAt: string };
    const r = await call('POST', ZR_PATH.bet, token, {
      game: DT,
      roundId: round.id,
      requestId: requestId(),
      bets: [{ pick: 'tiger', stake: 1_000 }],
    });
    // The real clock: the round may have closed between the two calls (then 41005, nothing taken).
    if (Date.parse(round.closesAt) > Date.now() + 1_000) expect(r.body.status_code).toBe(6000);
    else expect([6000, GAMES_CODE.bettingClosed]).toContain(r.body.status_code);
    const bad = await call('POST', ZR_PATH.bet, token, {
      game: DT,
      roundId: round.id,
      requestId: 'x',
      bets: [],
    });
    expect(bad.status).toBeLessThan(500);
    expect(bad.body.status_code).not.toBe(6000);
    expect((await call('GET', ZR_PATH.tables, 'nope')).body.status_code).toBe(GAMES_CODE.expired);
  });
});
