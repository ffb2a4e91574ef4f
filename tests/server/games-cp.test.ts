// The lotteries on the server (issue 12 §1 "Lottery (CP)", §2, §3, §4; docs/games-cp.md): the venue's lotteries
// and the open period's countdown, tickets staked at once through the ledger (every refusal: 41003, 41005, 41006,
// 41007, 41002 with nothing written, 41004), the draw at the close from the committed seed settling every ticket
// case by case with the bet record's words, the draw history with revealed seeds recomputed here, idempotency
// of a ticket sent many times, and a player who leaves losing nothing. On PGlite and, in server-pg, PostgreSQL.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { drawRound } from '../../server/modules/casino/rounds.ts';
import { lotteryRules, sweepLotteries } from '../../server/modules/casino/cp/service.ts';
import { checkLedger } from '../../server/modules/ledger/ledger.ts';
import { seedHashOf } from '../../src/games-core/fair.ts';
import { drawK3, type K3Result } from '../../src/games-core/cp/k3.ts';
import { periodLabel } from '../../src/games-core/cp/periods.ts';
import { settlePick } from '../../src/games-core/cp/plays.ts';
import { drawSsc } from '../../src/games-core/cp/ssc.ts';
import { CODE } from '../../src/protocol/api.ts';
import { GAMES_CODE } from '../../src/protocol/games.ts';
import type { TestApp } from '../support/test-app.ts';
import {
  afterClose,
  atLottery,
  clock,
  closeOf,
  fakeClock,
  freshPeriods,
  games,
  openNo,
  rid,
  roundId,
  setClock,
  ticket,
} from './games-cp-support.ts';
import { as, PATH, venueApp } from './venue-helpers.ts';

let t: TestApp;
let T0: number;
beforeAll(async () => {
  T0 = fakeClock();
  t = await venueApp();
});
afterAll(async () => {
  await t?.close();
  vi.useRealTimers();
});
afterEach(async () => {
  expect((await checkLedger(t.db)).problems).toEqual([]);
});

const chinaDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

describe('the venue’s lotteries and the open period', () => {
  it('lists 极速快三 and 五分时时彩 with the period open now, its number, countdown and committed seed', async () => {
    const { token } = await atLottery(t, 0);
    const res = await games(t, token, 'GET', '/cp/lotteries');
    expect(res.status_code).toBe(CODE.success);
    expect(res.data.now).toBe(new Date(T0).toISOString());
    const [k3, ssc] = res.data.lotteries;
    expect(k3.game).toEqual({ code: 'k3', name: '极速快三', kind: 'k3' });
    expect(ssc.game).toEqual({ code: 'ssc', name: '五分时时彩', kind: 'ssc' });
    const no = openNo('k3');
    expect(k3.current).toMatchObject({
      id: roundId('SYCP', 'k3', no),
      no,
      label: periodLabel('k3', no),
      phase: 'open',
      serverSeed: null,
      result: null,
    });
    expect(k3.current.label).toMatch(/^\d{8}-\d{4}$/);
    expect(ssc.current.label).toMatch(/^\d{8}-\d{3}$/);
    // issue 12 §1 / docs: 快三 a period a minute, tickets for 50 s; 时时彩 five minutes, tickets for 280 s.
    expect(Date.parse(k3.current.closesAt) - Date.parse(k3.current.opensAt)).toBe(50_000);
    expect(Date.parse(k3.current.endsAt) - Date.parse(k3.current.opensAt)).toBe(60_000);
    expect(Date.parse(ssc.current.closesAt) - Date.parse(ssc.current.opensAt)).toBe(280_000);
    expect(Date.parse(ssc.current.endsAt) - Date.parse(ssc.current.opensAt)).toBe(300_000);
    expect(k3.current.seedHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('the state of one lottery: schedule, the open period (the same seed hash for every player), the history', async () => {
    const a = await atLottery(t, 0);
    const b = await atLottery(t, 0);
    const sa = await games(t, a.token, 'GET', '/cp/state?game=ssc');
    const sb = await games(t, b.token, 'GET', '/cp/state?game=ssc');
    expect(sa.status_code).toBe(CODE.success);
    expect(sa.data.schedule).toEqual({ periodMs: 300_000, bettingMs: 280_000 });
    expect(sa.data.current.id).toBe(sb.data.current.id);
    expect(sa.data.current.seedHash).toBe(sb.data.current.seedHash);
    expect(Array.isArray(sa.data.history)).toBe(true);
  });

  it('refuses a game the venue does not have (41006) and a malformed one (10003)', async () => {
    const { token } = await atLottery(t, 0);
    expect((await games(t, token, 'GET', '/cp/state?game=baccarat-1')).status_code).toBe(GAMES_CODE.notFound);
    expect((await games(t, token, 'GET', '/cp/state?game=K3!')).status_code).toBe(CODE.validation);
    expect((await games(t, token, 'GET', '/cp/state')).status_code).toBe(CODE.validation);
  });
});

describe('a ticket', () => {
  beforeEach(() => void freshPeriods());
  it('stakes every pick at once as its own bet, and the draw at the close settles each by the rules', async () => {
    const { p, token, venue } = await atLottery(t, 100_000);
    const no = openNo('k3');
    const id = roundId(venue, 'k3', no);
    const picks = [
      { play: 'bs', pick: 'big', stake: 1_000 },
      { play: 'bs', pick: 'small', stake: 1_000 },
      { play: 'oe', pick: 'odd', stake: 500 },
      { play: 'sum', pick: '10', stake: 200 },
      { play: 'triple', pick: 'any', stake: 100 },
      { play: 'pair', pick: '33', stake: 300 },
    ];
    const res = await ticket(t, token, 'k3', id, picks);
    expect(res.status_code).toBe(CODE.success);
    expect(res.data.tickets).toHaveLength(6);
    expect(res.data.balance).toBe(100_000 - 3_100);
    const orderNos = res.data.tickets.map((x: { orderNo: string }) => x.orderNo);
    expect(new Set(orderNos).size).toBe(6);
    expect(res.data.tickets[0]).toMatchObject({
      roundId: id,
      period: periodLabel('k3', no),
      play: 'bs',
      pick: 'big',
      playName: '大小',
      pickLabel: '大',
      odds100: 198,
      stake: 1_000,
      payout: 0,
      status: 'open',
    });
    const session = await games(t, token, 'GET', '/session');
    expect(session.data).toMatchObject({ balance: 96_900, pending: 3_100, net: 0 });

    // The app's clock is still in the period: no draw yet. A clock past the close draws it once.
    expect(await drawRound(afterClose(t, 'k3', no), id, lotteryRules('k3'))).toBe(6);
    expect(await drawRound(afterClose(t, 'k3', no), id, lotteryRules('k3'))).toBe(0);

    const { rows } = await t.db.query<{ server_seed: string; seed_hash: string; result: K3Result }>(
      'SELECT server_seed, seed_hash, result FROM game_rounds WHERE id = $1',
      [id],
    );
    const round = rows[0]!;
    // The draw is the committed seed's: recomputed here with games-core.
    expect(seedHashOf(round.server_seed)).toBe(round.seed_hash);
    const result = drawK3({ serverSeed: round.server_seed, clientSeed: id, nonce: 0 });
    expect(round.result).toEqual(result);
    const expected = picks.map((x) => settlePick('k3', x.play, x.pick, x.stake, result));
    const paid = expected.reduce((a, x) => a + x.payout, 0);

    const mine = await games(t, token, 'GET', `/cp/tickets?game=k3&roundId=${encodeURIComponent(id)}`);
    const byPick = new Map(mine.data.tickets.map((x: any) => [`${x.play}/${x.pick}`, x]));
    picks.forEach((x, i) => {
      const got = byPick.get(`${x.play}/${x.pick}`) as any;
      expect(got.payout).toBe(expected[i]!.payout);
      expect(got.status).toBe(expected[i]!.win ? 'won' : 'lost');
    });
    const after = await games(t, token, 'GET', '/session');
    expect(after.data).toMatchObject({ balance: 96_900 + paid, pending: 0, net: paid - 3_100 });

    // The bet record: each pick a bet, its words, valid bet = stake.
    const day = chinaDay(Date.now());
    const { body } = await as(t, p, 'POST', PATH.betRecords, { from: day, to: day, venue });
    expect(body.status_code).toBe(CODE.success);
    expect(body.data.items).toHaveLength(6);
    const big = body.data.items.find((i: any) => i.play === '大小' && i.pick.startsWith('大'));
    expect(big).toMatchObject({
      venue,
      game: '极速快三',
      pick: `大 · 第${periodLabel('k3', no)}期`,
      stake: 1_000,
      validBet: 1_000,
      payout: expected[0]!.payout,
    });

    // GET /rounds: the revealed seed and the outcome, what the verify view recomputes.
    const played = await games(t, token, 'GET', '/rounds?game=k3');
    const r0 = played.data.rounds[0];
    expect(r0).toMatchObject({ roundId: id, kind: 'k3', outcome: result });
    expect(r0.fair).toEqual({
      seedHash: round.seed_hash,
      clientSeed: id,
      nonce: 0,
      serverSeed: round.server_seed,
    });
  });

  it('时时彩: total, position and 定位胆 tickets settled by the draw', async () => {
    const { token, venue } = await atLottery(t, 100_000);
    const no = openNo('ssc');
    const id = roundId(venue, 'ssc', no);
    const picks = [
      { play: 'total', pick: 'big', stake: 1_000 },
      { play: 'total', pick: 'even', stake: 1_000 },
      { play: 'position', pick: '1:small', stake: 500 },
      { play: 'position', pick: '5:odd', stake: 500 },
      ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => ({ play: 'digit', pick: `3:${d}`, stake: 100 })),
    ];
    const res = await ticket(t, token, 'ssc', id, picks);
    expect(res.status_code).toBe(CODE.success);
    expect(await drawRound(afterClose(t, 'ssc', no), id, lotteryRules('ssc'))).toBe(14);
    const { rows } = await t.db.query<{ server_seed: string }>(
      'SELECT server_seed FROM game_rounds WHERE id = $1',
      [id],
    );
    const result = drawSsc({ serverSeed: rows[0]!.server_seed, clientSeed: id, nonce: 0 });
    const paid = picks.reduce((a, x) => a + settlePick('ssc', x.play, x.pick, x.stake, result).payout, 0);
    // Exactly one of the ten 定位胆 digits at 百位 wins 9.7 × 1 元.
    const digitWins = picks.filter(
      (x) => x.play === 'digit' && settlePick('ssc', x.play, x.pick, 100, result).win,
    );
    expect(digitWins).toHaveLength(1);
    const s = await games(t, token, 'GET', '/session');
    expect(s.data.balance).toBe(100_000 - 4_000 + paid);
  });

  it('refusals: unknown play or pick, broken 元, repeated request id in a ticket (41003); limits (41007)', async () => {
    const { token, venue } = await atLottery(t, 100_000);
    const id = roundId(venue, 'k3', openNo('k3'));
    const code = async (picks: any[]) => (await ticket(t, token, 'k3', id, picks)).status_code;
    expect(await code([{ play: 'digit', pick: '1:1', stake: 100 }])).toBe(GAMES_CODE.invalidBet);
    expect(await code([{ play: 'sum', pick: '3', stake: 100 }])).toBe(GAMES_CODE.invalidBet);
    expect(await code([{ play: 'sum', pick: '18', stake: 100 }])).toBe(GAMES_CODE.invalidBet);
    expect(await code([{ play: 'bs', pick: 'big', stake: 150 }])).toBe(GAMES_CODE.invalidBet);
    const same = rid();
    expect(
      await code([
        { play: 'bs', pick: 'big', stake: 100, requestId: same },
        { play: 'bs', pick: 'small', stake: 100, requestId: same },
      ]),
    ).toBe(GAMES_CODE.invalidBet);
    const low = await ticket(t, token, 'k3', id, [{ play: 'bs', pick: 'big', stake: 0 }]);
    expect(low.status_code).toBe(CODE.validation);
    const high = await ticket(t, token, 'k3', id, [{ play: 'bs', pick: 'big', stake: 1_000_100 }]);
    expect(high.status_code).toBe(GAMES_CODE.stakeOutOfRange);
    expect(high.data).toEqual({ min: 100, max: 1_000_000 });
    const s = await games(t, token, 'GET', '/session');
    expect(s.data).toMatchObject({ balance: 100_000, pending: 0 });
  });

  it('refusals of the period: a future or another venue’s period (41006), a past one (41005)', async () => {
    const { token, venue } = await atLottery(t, 100_000);
    const no = openNo('k3');
    const pick = [{ play: 'bs', pick: 'big', stake: 100 }];
    expect((await ticket(t, token, 'k3', roundId(venue, 'k3', no + 1), pick)).status_code).toBe(
      GAMES_CODE.notFound,
    );
    expect((await ticket(t, token, 'k3', roundId('TCCP', 'k3', no), pick)).status_code).toBe(
      GAMES_CODE.notFound,
    );
    expect((await ticket(t, token, 'k3', roundId(venue, 'ssc', no), pick)).status_code).toBe(
      GAMES_CODE.notFound,
    );
    expect((await ticket(t, token, 'k3', roundId(venue, 'k3', no - 1), pick)).status_code).toBe(
      GAMES_CODE.bettingClosed,
    );
    expect((await ticket(t, token, 'k3', roundId(venue, 'k3', no - 5000), pick)).status_code).toBe(
      GAMES_CODE.bettingClosed,
    );
    expect((await ticket(t, token, 'k3', 'SYCP:k3:x', pick)).status_code).toBe(CODE.validation);
  });

  it('a ticket the venue wallet cannot afford is refused whole (41002 with the balances): no pick is staked', async () => {
    const { token, venue } = await atLottery(t, 1_000);
    const id = roundId(venue, 'k3', openNo('k3'));
    const res = await ticket(t, token, 'k3', id, [
      { play: 'bs', pick: 'big', stake: 500 },
      { play: 'bs', pick: 'small', stake: 500 },
      { play: 'oe', pick: 'odd', stake: 100 },
    ]);
    expect(res.status_code).toBe(GAMES_CODE.insufficientBalance);
    expect(res.data).toEqual({ balance: 1_000, stake: 100, central: 100_000 });
    const mine = await games(t, token, 'GET', '/cp/tickets?game=k3');
    expect(mine.data.tickets).toEqual([]);
    expect((await games(t, token, 'GET', '/session')).data.balance).toBe(1_000);
  });

  it('the same request ids answer the first ticket (sent 20 times at once: staked once); another bet under one is 41004', async () => {
    const { token, venue } = await atLottery(t, 100_000);
    const id = roundId(venue, 'ssc', openNo('ssc'));
    const picks = [
      { play: 'total', pick: 'odd', stake: 1_000, requestId: rid() },
      { play: 'digit', pick: '2:7', stake: 200, requestId: rid() },
    ];
    const all = await Promise.all(Array.from({ length: 20 }, () => ticket(t, token, 'ssc', id, picks)));
    for (const r of all) expect(r.status_code).toBe(CODE.success);
    const orderNos = new Set(all.flatMap((r) => r.data.tickets.map((x: any) => x.orderNo)));
    expect(orderNos.size).toBe(2);
    expect((await games(t, token, 'GET', '/session')).data.balance).toBe(98_800);
    const other = await ticket(t, token, 'ssc', id, [{ ...picks[0]!, pick: 'even' }]);
    expect(other.status_code).toBe(GAMES_CODE.duplicateRequest);
  });

  it('after the close: new tickets 41005, a retry of one staked before answers it; the reader draws the period', async () => {
    const { token, venue } = await atLottery(t, 100_000);
    const no = openNo('k3');
    const id = roundId(venue, 'k3', no);
    const picks = [{ play: 'bs', pick: 'small', stake: 1_000, requestId: rid() }];
    const first = await ticket(t, token, 'k3', id, picks);
    expect(first.status_code).toBe(CODE.success);
    setClock(closeOf('k3', no));
    {
      const late = await ticket(t, token, 'k3', id, [{ play: 'bs', pick: 'big', stake: 100 }]);
      expect(late.status_code).toBe(GAMES_CODE.bettingClosed);
      const retry = await ticket(t, token, 'k3', id, picks);
      expect(retry.status_code).toBe(CODE.success);
      expect(retry.data.tickets[0].orderNo).toBe(first.data.tickets[0].orderNo);
      // The state read after the close draws the period (if the sweep has not) and shows it in the history.
      const state = await games(t, token, 'GET', '/cp/state?game=k3');
      expect(state.data.current).toMatchObject({ id, phase: 'drawn' });
      expect(state.data.current.serverSeed).toMatch(/^[0-9a-f]{64}$/);
      expect(state.data.history[0]).toMatchObject({ id, label: periodLabel('k3', no), phase: 'drawn' });
      const h = state.data.history[0];
      expect(seedHashOf(h.serverSeed)).toBe(h.seedHash);
      expect(drawK3({ serverSeed: h.serverSeed, clientSeed: id, nonce: 0 })).toEqual(h.result);
      const mine = await games(t, token, 'GET', `/cp/tickets?game=k3&roundId=${encodeURIComponent(id)}`);
      expect(mine.data.tickets[0].status).not.toBe('open');
      // The next period opens at the end of this one.
      setClock(closeOf('k3', no) + 10_000);
      const next = await games(t, token, 'GET', '/cp/state?game=k3');
      expect(next.data.current).toMatchObject({ no: no + 1, phase: 'open' });
    }
  });
});

describe('a player who leaves loses nothing (issue 12 §3)', () => {
  beforeEach(() => void freshPeriods());
  it('the sweep draws every closed period and settles the tickets of a player whose credential has expired', async () => {
    const { p, token, venue } = await atLottery(t, 50_000);
    const no = openNo('ssc');
    const id = roundId(venue, 'ssc', no);
    const res = await ticket(t, token, 'ssc', id, [
      { play: 'position', pick: '1:big', stake: 1_000 },
      { play: 'position', pick: '1:small', stake: 1_000 },
    ]);
    expect(res.status_code).toBe(CODE.success);
    await t.db.query('UPDATE venue_sessions SET expires_at = now() WHERE member_id = $1', [p.id]);
    await sweepLotteries(afterClose(t, 'ssc', no));
    const { rows } = await t.db.query<{ status: string; payout: string }>(
      'SELECT status, payout FROM bets WHERE round_id = $1 AND member_id = $2 ORDER BY id',
      [id, p.id],
    );
    // Exactly one of 大 and 小 of a digit wins: 1.94 × 10 元.
    expect(rows.map((r) => r.status).sort()).toEqual(['lost', 'won']);
    expect(rows.map((r) => Number(r.payout)).sort((a, b) => a - b)).toEqual([0, 1_940]);
    const day = chinaDay(Date.now());
    const { body } = await as(t, p, 'POST', PATH.betRecords, { from: day, to: day, venue });
    expect(body.data.items.map((i: any) => i.status).sort()).toEqual(['lost', 'won']);
  });

  it('the sweep keeps every lottery venue’s current periods (their seeds committed) even when nobody watches', async () => {
    const later = clock() + 3_600_000;
    await sweepLotteries({ db: t.db, now: () => later });
    const { rows } = await t.db.query<{ venue: string; game: string }>(
      'SELECT venue, game FROM game_rounds WHERE opens_at <= to_timestamp($1::double precision / 1000) AND closes_at > to_timestamp($1::double precision / 1000) ORDER BY venue, game',
      [later],
    );
    expect(rows).toEqual([
      { venue: 'SYCP', game: 'k3' },
      { venue: 'SYCP', game: 'ssc' },
      { venue: 'TCCP', game: 'k3' },
      { venue: 'TCCP', game: 'ssc' },
    ]);
  });
});

describe('bad input (the brief: a coded error, never a 5xx)', () => {
  it('malformed queries and tickets answer 10003 or a 41xxx code with the envelope', async () => {
    const { token, venue } = await atLottery(t, 10_000);
    const id = roundId(venue, 'k3', openNo('k3'));
    const junk: unknown[] = [
      null,
      0,
      -1,
      1.5,
      1e30,
      '',
      'x'.repeat(300),
      [],
      {},
      true,
      '<script>',
      '10; DROP',
    ];
    const queries = [
      ...junk.map((j) => `/cp/state?game=${encodeURIComponent(String(j))}`),
      ...junk.map((j) => `/cp/tickets?game=k3&roundId=${encodeURIComponent(String(j))}`),
      '/cp/lotteries?x=1',
      '/cp/state?game=k3&game=ssc',
    ];
    const bodies: unknown[] = [
      ...junk,
      ...junk.map((j) => ({
        game: j,
        roundId: id,
        picks: [{ requestId: rid(), play: 'bs', pick: 'big', stake: 100 }],
      })),
      ...junk.map((j) => ({
        game: 'k3',
        roundId: j,
        picks: [{ requestId: rid(), play: 'bs', pick: 'big', stake: 100 }],
      })),
      ...junk.map((j) => ({ game: 'k3', roundId: id, picks: j })),
      ...junk.map((j) => ({
        game: 'k3',
        roundId: id,
        picks: [{ requestId: j, play: 'bs', pick: 'big', stake: 100 }],
      })),
      ...junk.map((j) => ({
        game: 'k3',
        roundId: id,
        picks: [{ requestId: rid(), play: j, pick: 'big', stake: 100 }],
      })),
      ...junk.map((j) => ({
        game: 'k3',
        roundId: id,
        picks: [{ requestId: rid(), play: 'bs', pick: j, stake: 100 }],
      })),
      ...junk.map((j) => ({
        game: 'k3',
        roundId: id,
        picks: [{ requestId: rid(), play: 'bs', pick: 'big', stake: j }],
      })),
      {
        game: 'k3',
        roundId: id,
        picks: Array.from({ length: 51 }, () => ({ requestId: rid(), play: 'bs', pick: 'big', stake: 100 })),
      },
      {
        game: 'k3',
        roundId: `${venue}:k3:999999999999`,
        picks: [{ requestId: rid(), play: 'bs', pick: 'big', stake: 100 }],
      },
      {
        game: 'k3',
        roundId: id,
        picks: [{ requestId: rid(), play: 'bs', pick: 'big', stake: 100, extra: 1 }],
      },
    ];
    const answers = [
      ...(await Promise.all(
        queries.map((q) =>
          t.app.inject({
            method: 'GET',
            url: `/sandbox/games/api${q}`,
            headers: { authorization: `Bearer ${token}` },
          }),
        ),
      )),
      ...(await Promise.all(
        bodies.map((b) =>
          t.app.inject({
            method: 'POST',
            url: '/sandbox/games/api/cp/tickets',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            payload: JSON.stringify(b),
          }),
        ),
      )),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBeLessThan(500);
      const body = res.json() as { status_code: number; message: string };
      expect(typeof body.message).toBe('string');
      expect(
        body.status_code === CODE.validation || (body.status_code >= 41001 && body.status_code <= 41009),
        res.body,
      ).toBe(true);
    }
    expect((await games(t, token, 'GET', '/session')).data).toMatchObject({ balance: 10_000, pending: 0 });
  });
});
