// The slots' progressive jackpot on the server (issue 19 §2 "a jackpot pool figure from the sandbox slots";
// docs/games-dz.md "Jackpot"). The pool is a ledger account; every paid spin moves its share in and a winning spin
// takes the whole pool, in the spin's own transaction, under the pool's lock. Here: the pool starts at its seed;
// shares (1 %, shares of a fen carried) named after the bet's order number; a forced win (the odds injected into the
// slots' context, never a result) pays the whole pool with the spin's payout and reseeds it; the public figure
// masks the winner; the same request id many times at once moves everything once; hundreds of spins at once from
// many players, every one a winner, each taking exactly the pool as it stood (the pool's ledger entry after each
// win is 0) and never two the same pool, at one venue and at four at once (four house accounts, no deadlock); a pool
// below its seed is refused by the database. The ledger check stays clean. PGlite (server) and PostgreSQL
// (server-pg).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spinSlot, type SlotsCtx } from '../../server/modules/casino/dz/service.ts';
import {
  jackpotModule,
  jackpotPool,
  jackpotSeedTransferId,
  jackpotShareTransferId,
  jackpotWinTransferId,
} from '../../server/modules/casino/jackpot.ts';
import { gamesCallerOf } from '../../server/modules/casino/service.ts';
import { checkLedger, transfer } from '../../server/modules/ledger/ledger.ts';
import { LINES } from '../../src/games-core/dz/engine.ts';
import { JACKPOT_ODDS_FEN, JACKPOT_SEED_FEN } from '../../src/games-core/dz/jackpot.ts';
import { verifySpin } from '../../src/games-core/dz/verify.ts';
import { SLOT_JACKPOT_PATH, SLOT_SPIN_PATH, type SpinResponse } from '../../src/games-core/dz/wire.ts';
import { CODE } from '../../src/protocol/api.ts';
import { GAMES_API } from '../../src/protocol/games.ts';
import { JACKPOT_POOL_PATH } from '../../src/protocol/jackpot.ts';
import { buildApp } from '../../server/app.ts';
import { clientHeaders, testConfig, type TestApp } from '../support/test-app.ts';
import { as, PATH, player, venueApp, type Player } from './venue-helpers.ts';

/** Odds a test injects to make every spin of ¥0.20 or more hit (stake ≥ odds: P = 1). A power of two. */
const ALWAYS = 16;

let t: TestApp;
let seq = 0;
const rid = (tag = 'jp') => `${tag}-${process.pid}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

beforeAll(async () => {
  t = await venueApp();
});
afterAll(() => t.close());
afterEach(async () => {
  expect((await checkLedger(t.db)).problems).toEqual([]);
});

async function games(token: string, method: 'GET' | 'POST', path: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: GAMES_API + path,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { status_code: number; message: string; data: any };
}

/** A member (phone 1371…) at a slots venue launched on a game, with `fen` in the venue wallet. */
async function atVenue(
  fen: number,
  game = 'fortune-god',
  venue = 'PGDZ',
): Promise<{ p: Player; token: string }> {
  const p = await player(t, fen + 100_000, '1371');
  const { body } = await as(t, p, 'POST', PATH.launch, { enName: venue, gameCode: game, isSure: 1 });
  expect(body.status_code).toBe(CODE.success);
  const token = body.data.token as string;
  const moved = await games(token, 'POST', '/transfer-in', { requestId: rid('in'), amount: fen });
  expect(moved.status_code).toBe(CODE.success);
  return { p, token };
}

const ctxWith = (jackpotOdds?: number): SlotsCtx => ({
  db: t.db,
  now: Date.now,
  ...(jackpotOdds ? { jackpotOdds } : {}),
});

async function spinDirect(
  token: string,
  lineBet: number,
  odds?: number,
  requestId = rid(),
  game = 'fortune-god',
) {
  const caller = (await gamesCallerOf(t.db, token))!;
  return spinSlot(ctxWith(odds), caller, { requestId, game, lineBet });
}

const poolNow = async () => (await jackpotPool(t.db)).pool;
async function transfersOf(orderNo: string) {
  const { rows } = await t.db.query<{ id: string; amount: string; kind: string }>(
    'SELECT id, amount, kind FROM ledger_transfers WHERE id LIKE $1 ORDER BY id',
    [`%:${orderNo}`],
  );
  return new Map(rows.map((r) => [r.id, { amount: Number(r.amount), kind: r.kind }]));
}
/** Every ledger entry of the pool account, oldest first. */
async function poolEntries() {
  const { rows } = await t.db.query<{ transfer_id: string; amount: string; balance_after: string }>(
    `SELECT e.transfer_id, e.amount, e.balance_after FROM ledger_entries e
       JOIN ledger_accounts a ON a.id = e.account_id
      WHERE a.kind = 'jackpot' ORDER BY e.id`,
  );
  return rows.map((r) => ({ id: r.transfer_id, amount: Number(r.amount), after: Number(r.balance_after) }));
}

describe('the pool', () => {
  it('starts at its seed, paid in by the house (promotions); the slots page and the site read the same figure', async () => {
    const entries = await poolEntries();
    expect(entries[0]).toEqual({
      id: 'jackpot-seed:initial',
      amount: JACKPOT_SEED_FEN,
      after: JACKPOT_SEED_FEN,
    });
    const figure = await jackpotPool(t.db);
    expect(figure.seed).toBe(JACKPOT_SEED_FEN);
    expect(figure.pool).toBeGreaterThanOrEqual(JACKPOT_SEED_FEN);
    const { token } = await atVenue(10_000);
    const native = await games(token, 'GET', SLOT_JACKPOT_PATH);
    expect(native.status_code).toBe(CODE.success);
    expect(native.data).toEqual(await jackpotPool(t.db));
    // The site's public call (no login), signed like every site call, on the whole app (server/app.ts registers
    // jackpotModule in the API group; an app that does not yet gets it here, the same way).
    const app = await buildApp(testConfig(), { db: t.db, opsSecret: null });
    if (!app.hasRoute({ method: 'GET', url: JACKPOT_POOL_PATH }))
      await app.register(jackpotModule, { db: t.db });
    await app.ready();
    const res = await app.inject({
      method: 'GET',
      url: JACKPOT_POOL_PATH,
      headers: clientHeaders(JACKPOT_POOL_PATH),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status_code: CODE.success,
      message: expect.any(String),
      data: await jackpotPool(t.db),
    });
    // An unsigned call is refused with a code.
    const unsigned = await app.inject({ method: 'GET', url: JACKPOT_POOL_PATH });
    expect(unsigned.json().status_code).not.toBe(CODE.success);
    await app.close();
  });

  it('takes 1 % of every paid spin from the venue’s house, named after the bet; shares of a fen are carried', async () => {
    const { token } = await atVenue(100_000);
    const { rows: c0 } = await t.db.query<{ carry: string }>('SELECT carry FROM jackpot_pool');
    expect(Number(c0[0]!.carry)).toBe(0);
    const before = await poolNow();
    // ¥2.00 a spin: 2 fen each.
    for (let i = 0; i < 3; i++) {
      const r = await spinDirect(token, 10);
      expect(r.outcome.jackpot).toMatchObject({ odds: JACKPOT_ODDS_FEN, hit: false });
      expect(r.outcome.jackpotWin).toBe(0);
      const moves = await transfersOf(r.orderNo);
      expect(moves.get(jackpotShareTransferId(r.orderNo))).toEqual({ amount: 2, kind: 'jackpot_share' });
      expect(moves.has(jackpotWinTransferId(r.orderNo))).toBe(false);
      expect(r.pool).toBe(before + 2 * (i + 1));
    }
    // ¥0.20 a spin: 0.2 fen each, moved a whole fen at every fifth spin.
    const shares: number[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await spinDirect(token, 1);
      shares.push((await transfersOf(r.orderNo)).get(jackpotShareTransferId(r.orderNo))?.amount ?? 0);
    }
    expect(shares).toEqual([0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    expect(await poolNow()).toBe(before + 6 + 2);
    expect((await games(token, 'GET', '/session')).data.balance).toBeGreaterThan(0);
  });
});

describe('a jackpot win', () => {
  it('pays the whole pool with the spin’s payout, reseeds it, and shows the winner masked; the verify view agrees', async () => {
    const { p, token } = await atVenue(200_000);
    // A pool above its seed: 50 spins of ¥20.00 add 20 fen each.
    for (let i = 0; i < 50; i++) await spinDirect(token, 100);
    const balance0 = (await games(token, 'GET', '/session')).data.balance as number;
    const pool0 = await poolNow();
    expect(pool0).toBeGreaterThan(JACKPOT_SEED_FEN);
    const r = await spinDirect(token, 10, ALWAYS);
    expect(r.outcome.jackpot).toMatchObject({ odds: ALWAYS, hit: true });
    // The pool as it stood, its share of this spin included.
    expect(r.outcome.jackpotWin).toBe(pool0 + 2);
    expect(r.pool).toBe(JACKPOT_SEED_FEN);
    expect(r.balance).toBe(balance0 - 200 + r.outcome.payout + pool0 + 2);
    const moves = await transfersOf(r.orderNo);
    expect(moves.get(jackpotWinTransferId(r.orderNo))).toEqual({ amount: pool0 + 2, kind: 'jackpot_win' });
    expect(moves.get(jackpotSeedTransferId(r.orderNo))).toEqual({
      amount: JACKPOT_SEED_FEN,
      kind: 'jackpot_seed',
    });
    expect(moves.get(`gm-pay:${r.orderNo}`)).toEqual({
      amount: r.outcome.payout + pool0 + 2,
      kind: 'bet_payout',
    });
    const { rows } = await t.db.query<{ payout: string; status: string; pick: string }>(
      'SELECT payout::text AS payout, status, pick FROM bets WHERE order_no = $1',
      [r.orderNo],
    );
    expect(rows[0]).toMatchObject({ status: 'won', payout: String(r.outcome.payout + pool0 + 2) });
    expect(rows[0]!.pick).toMatch(/赢得奖池$/);
    const figure = await jackpotPool(t.db);
    expect(figure.pool).toBe(JACKPOT_SEED_FEN);
    expect(figure.lastWin).toMatchObject({ game: '财神到', amount: pool0 + 2 });
    expect(figure.lastWin!.userName).toBe(`13**${p.phone.slice(-2)}`);
    expect(Date.parse(figure.lastWin!.at)).toBeGreaterThan(Date.now() - 60_000);
    // The verify view: the revealed seed redraws the hit (against the odds the spin used).
    const rotation = (await games(token, 'POST', '/seed/rotate', {})).data;
    const rounds = (await games(token, 'GET', '/rounds?game=fortune-god')).data.rounds as any[];
    const round = rounds.find((x) => x.orderNo === r.orderNo);
    expect(round.fair.serverSeed).toBe(rotation.revealed.serverSeed);
    expect(round.payout).toBe(r.outcome.payout + pool0 + 2);
    expect(verifySpin(round.outcome, round.fair, ALWAYS).ok).toBe(true);
    expect(verifySpin(round.outcome, round.fair).ok).toBe(false);
    for (const x of rounds.filter((x) => x.orderNo !== r.orderNo))
      expect(verifySpin(x.outcome, x.fair).ok).toBe(true);
  });

  it('one request id sent 30 times at once: one spin, one share, one win, one reseed', async () => {
    const { p, token } = await atVenue(10_000);
    const requestId = rid('same');
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => spinDirect(token, 20, ALWAYS, requestId)),
    );
    expect(new Set(answers.map((a) => a.orderNo)).size).toBe(1);
    const r = answers[0]!;
    for (const a of answers) expect(a.outcome).toEqual(r.outcome);
    expect(r.outcome.jackpotWin).toBeGreaterThanOrEqual(JACKPOT_SEED_FEN);
    const moves = await transfersOf(r.orderNo);
    expect([...moves.keys()].sort()).toEqual(
      [
        `gm-pay:${r.orderNo}`,
        `gm-stake:${r.orderNo}`,
        jackpotSeedTransferId(r.orderNo),
        jackpotShareTransferId(r.orderNo),
        jackpotWinTransferId(r.orderNo),
      ].sort(),
    );
    const { rows } = await t.db.query<{ n: number; wins: number }>(
      `SELECT (SELECT count(*)::int FROM bets WHERE member_id = $1) AS n,
              (SELECT count(*)::int FROM jackpot_wins WHERE member_id = $1) AS wins`,
      [p.id],
    );
    expect(rows[0]).toEqual({ n: 1, wins: 1 });
    // Through HTTP too (the odds the rules state): the same id answers the same spin and moves nothing more.
    const again = await games(token, 'POST', SLOT_SPIN_PATH, { requestId, game: 'fortune-god', lineBet: 20 });
    expect(again.data.orderNo).toBe(r.orderNo);
    expect((await transfersOf(r.orderNo)).size).toBe(5);
  });
});

describe('concurrency', () => {
  it('300 winning spins at once from 10 players: each takes exactly the pool as it stood, never the same pool twice', async () => {
    const players = await Promise.all(Array.from({ length: 10 }, () => atVenue(100_000)));
    const startEntries = (await poolEntries()).length;
    const pool0 = await poolNow();
    const answers = await Promise.all(
      players.flatMap(({ token }) =>
        Array.from({ length: 30 }, (_, i) =>
          spinDirect(token, i % 2 ? 10 : 100, ALWAYS).then((r) => ({ token, r })),
        ),
      ),
    );
    const wins = answers.map((a) => a.r.outcome.jackpotWin!);
    for (const w of wins) expect(w).toBeGreaterThanOrEqual(JACKPOT_SEED_FEN);
    // In the order they reached the pool: each win's entry leaves the pool at 0, the reseed at the seed.
    const entries = (await poolEntries()).slice(startEntries);
    const winEntries = entries.filter((e) => e.id.startsWith('jackpot-win:'));
    expect(winEntries).toHaveLength(300);
    for (const e of winEntries) expect(e.after).toBe(0);
    for (const e of entries.filter((x) => x.id.startsWith('jackpot-seed:')))
      expect(e.after).toBe(JACKPOT_SEED_FEN);
    // The first win took what was there; every later one the seed and its own share (2 or 20 fen).
    const sorted = winEntries.map((e) => -e.amount);
    expect(sorted[0]).toBeGreaterThanOrEqual(pool0 + 2);
    for (const w of sorted.slice(1)) expect([JACKPOT_SEED_FEN + 2, JACKPOT_SEED_FEN + 20]).toContain(w);
    expect(sorted.reduce((s, w) => s + w, 0)).toBe(wins.reduce((s, w) => s + w, 0));
    expect(await poolNow()).toBe(JACKPOT_SEED_FEN);
    // Every wallet: what it was given, minus its stakes, plus its payouts (the jackpot included).
    for (const { token } of players) {
      const mine = answers.filter((a) => a.token === token).map((a) => a.r as SpinResponse);
      const net = mine.reduce((s, r) => s + r.outcome.payout + r.outcome.jackpotWin! - r.outcome.stake, 0);
      expect((await games(token, 'GET', '/session')).data.balance).toBe(100_000 + net);
    }
    const { rows } = await t.db.query<{ n: number; sum: string }>(
      'SELECT count(*)::int AS n, sum(amount) AS sum FROM jackpot_wins WHERE order_no = ANY($1)',
      [answers.map((a) => a.r.orderNo)],
    );
    expect(rows[0]!.n).toBe(300);
    expect(Number(rows[0]!.sum)).toBe(wins.reduce((s, w) => s + w, 0));
  }, 120_000);

  it('winning spins at once at four venues (four house accounts, one pool): no deadlock, every win the whole pool', async () => {
    const venues = [
      ['fortune-god', 'PGDZ'],
      ['golden-dragon', 'JDBDZ'],
      ['fruit-party', 'CQ9DZ'],
      ['gem-rush', 'MGDZ'],
    ] as const;
    const players = await Promise.all(
      venues.flatMap(([game, venue]) =>
        [0, 1].map(async () => ({ game, ...(await atVenue(50_000, game, venue)) })),
      ),
    );
    const start = (await poolEntries()).length;
    const answers = await Promise.all(
      players.flatMap(({ game, token }) =>
        Array.from({ length: 20 }, () => spinDirect(token, 10, ALWAYS, rid('four'), game)),
      ),
    );
    expect(answers.every((r) => r.outcome.jackpot!.hit && r.outcome.jackpotWin! >= JACKPOT_SEED_FEN)).toBe(
      true,
    );
    const wins = (await poolEntries()).slice(start).filter((e) => e.id.startsWith('jackpot-win:'));
    expect(wins).toHaveLength(160);
    for (const e of wins) expect(e.after).toBe(0);
    expect(await poolNow()).toBe(JACKPOT_SEED_FEN);
  }, 120_000);

  it('200 spins at once at the stated odds: shares add up to the pool exactly', async () => {
    const players = await Promise.all(Array.from({ length: 8 }, () => atVenue(100_000)));
    const pool0 = await poolNow();
    const answers = await Promise.all(
      players.flatMap(({ token }) => Array.from({ length: 25 }, () => spinDirect(token, 50))),
    );
    const hits = answers.filter((r) => r.outcome.jackpot!.hit).length;
    // P = 1000 / 2^24 a spin: 200 spins hit with probability ≈ 1.2 %; if one did, the sums below still hold.
    const won = answers.reduce((s, r) => s + r.outcome.jackpotWin!, 0);
    const shares = 200 * 10;
    expect(await poolNow()).toBe(pool0 + shares - won + hits * JACKPOT_SEED_FEN);
    expect(answers.every((r) => r.outcome.stake === 50 * LINES)).toBe(true);
  }, 60_000);
});

describe('the database', () => {
  it('refuses a pool below zero, and below its seed at commit', async () => {
    const pool = await poolNow();
    await expect(
      transfer(t.db, {
        id: rid('drain'),
        from: { kind: 'jackpot' },
        to: { kind: 'promotions' },
        amount: pool + 1,
        kind: 'adjustment',
      }),
    ).rejects.toThrow();
    await expect(
      transfer(t.db, {
        id: rid('drain'),
        from: { kind: 'jackpot' },
        to: { kind: 'promotions' },
        amount: pool - JACKPOT_SEED_FEN + 1,
        kind: 'adjustment',
      }),
    ).rejects.toThrow(/below its seed/);
    expect(await poolNow()).toBe(pool);
  });
});
