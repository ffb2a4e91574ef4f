// The slots on the server (issue 12 §1 "Slots (DZ)", §2, §3, §4; docs/games-dz.md): a paid spin and its free
// spins are one bet, staked and settled in one transaction from the player's seed pair. Case by case (a loss, a
// small win shown as a net loss, an even spin, a win, free spins, a retrigger: found from a chosen seed pair),
// the ledger's movements and the bet record's words, the refusals (41003 a line bet not offered, 41006 a game
// not launched, 41002 with the balances, 41004, 41001, 10003), idempotency (one request id many times at
// once), concurrency (hundreds of spins at once from many players, the ledger checked) and the seed
// verification (every spin recomputed from the revealed seed).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { settleGameBet } from '../../server/modules/casino/money.ts';
import { checkLedger } from '../../server/modules/ledger/ledger.ts';
import {
  evaluate,
  LINES,
  linePay,
  PAYLINES,
  playSpin,
  windowOf,
  type SlotOutcome,
} from '../../src/games-core/dz/engine.ts';
import { FORTUNE_GOD, slotGameOf } from '../../src/games-core/dz/games.ts';
import { verifySpin } from '../../src/games-core/dz/verify.ts';
import { SLOT_SPIN_PATH, type SpinResponse } from '../../src/games-core/dz/wire.ts';
import { fairStream, seedHashOf } from '../../src/games-core/fair.ts';
import { CODE } from '../../src/protocol/api.ts';
import { GAMES_API, GAMES_CODE } from '../../src/protocol/games.ts';
import type { TestApp } from '../support/test-app.ts';
import { as, PATH, player, venueApp, type Player } from './venue-helpers.ts';

let t: TestApp;
let seq = 0;
const rid = (tag = 'spin') => `${tag}-${process.pid}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

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

/** A member at a slots venue launched on a game, with `fen` moved into the venue wallet. */
async function atVenue(
  fen: number,
  game = 'fortune-god',
  venue = 'PGDZ',
): Promise<{ p: Player; token: string }> {
  const p = await player(t, fen + 100_000);
  const { body } = await as(t, p, 'POST', PATH.launch, { enName: venue, gameCode: game, isSure: 1 });
  expect(body.status_code).toBe(CODE.success);
  const token = body.data.token as string;
  if (fen > 0) {
    const moved = await games(token, 'POST', '/transfer-in', { requestId: rid('in'), amount: fen });
    expect(moved.status_code).toBe(CODE.success);
  }
  return { p, token };
}

const spin = (token: string, body: Record<string, unknown>) => games(token, 'POST', SLOT_SPIN_PATH, body);
const balanceOf = async (token: string) => (await games(token, 'GET', '/session')).data.balance as number;

/** The seed pair whose rounds tests/unit found: nonce 0 loses, 1 wins, 2 a small win, 5 even, 222 free spins,
 * 1675 a retrigger (fortune-god at 0.10 a line). */
const CASE_SEED = 'c'.repeat(64);
const CASE_CLIENT = 'dz-cases';
async function pinPair(p: Player, venue: string, nonce: number) {
  await t.db.query(
    `UPDATE fair_seeds SET server_seed = $3, seed_hash = $4, client_seed = $5, next_nonce = $6
      WHERE member_id = $1 AND venue = $2 AND revealed_at IS NULL`,
    [p.id, venue, CASE_SEED, seedHashOf(CASE_SEED), CASE_CLIENT, nonce],
  );
}

/** Every figure of a stored spin agrees with the engine's rules (line by line, the scatter, the free spins). */
function checkRules(o: SlotOutcome) {
  const game = slotGameOf(o.game)!;
  expect(o.stake).toBe(o.lineBet * LINES);
  const spins = [o.base, ...o.free];
  spins.forEach((s, i) => {
    const m = i === 0 ? 1 : game.freeMultiplier;
    expect(evaluate(game, s.stops, o.lineBet, m)).toEqual(s);
    const grid = windowOf(game, s.stops);
    for (const w of s.lineWins) {
      const { pay, count, symbol } = linePay(
        game,
        PAYLINES[w.line]!.map((row, reel) => grid[reel]![row]!),
      );
      expect({ count, symbol, win: pay * o.lineBet * m }).toEqual({
        count: w.count,
        symbol: w.symbol,
        win: w.win,
      });
    }
  });
  const awarded = spins.reduce((n, s) => n + s.awarded, 0);
  expect(o.free).toHaveLength(awarded);
  expect(o.payout).toBe(spins.reduce((n, s) => n + s.win, 0));
}

describe('a spin', () => {
  it('takes the stake (line bet × 20), pays the spin and its free spins; the session and the bet record agree', async () => {
    const { p, token } = await atVenue(100_000);
    const seed = (await games(token, 'GET', '/seed')).data;
    let balance = 100_000;
    const results: SpinResponse[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await spin(token, { requestId: rid(), game: 'fortune-god', lineBet: 10 });
      expect(res.status_code).toBe(CODE.success);
      const r = res.data as SpinResponse;
      expect(r.outcome).toMatchObject({ game: 'fortune-god', lineBet: 10, lines: 20, stake: 200 });
      checkRules(r.outcome);
      expect(r.fair).toEqual({ seedHash: seed.seedHash, clientSeed: seed.clientSeed, nonce: seed.nonce + i });
      balance += r.outcome.payout - 200;
      expect(r.balance).toBe(balance);
      results.push(r);
    }
    const session = (await games(token, 'GET', '/session')).data;
    const net = results.reduce((s, r) => s + r.outcome.payout - r.outcome.stake, 0);
    expect(session).toMatchObject({ balance, net, pending: 0 });

    const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const { body } = await as(t, p, 'POST', PATH.betRecords, { from: day, to: day });
    expect(body.status_code).toBe(CODE.success);
    const items = body.data.items as any[];
    expect(items).toHaveLength(6);
    const first = items.find((i) => i.orderNo === results[0]!.orderNo);
    const o = results[0]!.outcome;
    expect(first).toMatchObject({
      venue: 'PGDZ',
      platform: 'DZ',
      game: '财神到',
      play: '每线 0.10 元 × 20 线',
      pick: o.free.length ? `旋转 1 次，含免费旋转 ${o.free.length} 次` : '旋转 1 次',
      stake: 200,
      validBet: 200,
      payout: o.payout,
      status: o.payout > 200 ? 'won' : o.payout === 200 ? 'push' : 'lost',
    });
    expect(first.settledAt).not.toBeNull();
  });

  const cases = [
    { name: 'a loss pays nothing', nonce: 0, status: 'lost' },
    { name: 'a win pays more than the stake', nonce: 1, status: 'won' },
    { name: 'a small win is a net loss', nonce: 2, status: 'lost' },
    { name: 'an even spin pays the stake back and still counts its valid bet', nonce: 5, status: 'push' },
    { name: '3 scatters award 10 free spins at ×2', nonce: 222, status: 'won' },
    { name: 'a free spin retriggers 10 more', nonce: 1675, status: 'won' },
  ] as const;
  for (const c of cases)
    it(`case by case: ${c.name}`, async () => {
      const { p, token } = await atVenue(10_000);
      await games(token, 'GET', '/seed');
      await pinPair(p, 'PGDZ', c.nonce);
      const expected = playSpin(
        FORTUNE_GOD,
        fairStream({ serverSeed: CASE_SEED, clientSeed: CASE_CLIENT, nonce: c.nonce }),
        10,
      );
      const res = await spin(token, { requestId: rid(), game: 'fortune-god', lineBet: 10 });
      expect(res.status_code).toBe(CODE.success);
      const r = res.data as SpinResponse;
      // The jackpot's draw (after the free spins) missed: the stored spin says it paid nothing.
      expect(expected.jackpot!.hit).toBe(false);
      expect(r.outcome).toEqual({ ...expected, jackpotWin: 0 });
      checkRules(r.outcome);
      expect(r.balance).toBe(10_000 - 200 + expected.payout);
      if (c.nonce === 0) expect(expected.payout).toBe(0);
      if (c.nonce === 2) expect(expected.payout > 0 && expected.payout < 200).toBe(true);
      if (c.nonce === 5) expect(expected.payout).toBe(200);
      if (c.nonce === 222) {
        expect(expected.base.scatter.count).toBeGreaterThanOrEqual(3);
        expect(expected.free).toHaveLength(10);
      }
      if (c.nonce === 1675) expect(expected.free).toHaveLength(20);
      const { rows } = await t.db.query<{ status: string; valid_bet: string; payout: string; nonce: number }>(
        'SELECT status, valid_bet, payout, nonce FROM bets WHERE order_no = $1',
        [r.orderNo],
      );
      expect(rows[0]).toMatchObject({ status: c.status, nonce: c.nonce });
      expect(Number(rows[0]!.valid_bet)).toBe(200);
      expect(Number(rows[0]!.payout)).toBe(expected.payout);
      // One stake and at most one payout moved for the bet.
      const { rows: moves } = await t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM ledger_transfers WHERE id LIKE $1',
        [`gm-%:${r.orderNo}`],
      );
      expect(moves[0]!.n).toBe(expected.payout > 0 ? 2 : 1);
    });

  it('plays every game of the catalogue at every venue it is launched from', async () => {
    for (const [game, venue] of [
      ['golden-dragon', 'JDBDZ'],
      ['fruit-party', 'CQ9DZ'],
      ['gem-rush', 'MGDZ'],
    ] as const) {
      const { token } = await atVenue(10_000, game, venue);
      const res = await spin(token, { requestId: rid(), game, lineBet: 100 });
      expect(res.status_code).toBe(CODE.success);
      expect(res.data.outcome).toMatchObject({ game, stake: 2_000 });
      checkRules(res.data.outcome);
    }
  });
});

describe('refusals', () => {
  it('41003 a line bet not offered, 41006 a game not launched here, 10003 a malformed request', async () => {
    const { token } = await atVenue(10_000);
    const base = { requestId: rid(), game: 'fortune-god', lineBet: 10 };
    expect((await spin(token, { ...base, lineBet: 3 })).status_code).toBe(GAMES_CODE.invalidBet);
    expect((await spin(token, { ...base, lineBet: 1_000 })).status_code).toBe(GAMES_CODE.invalidBet);
    expect((await spin(token, { ...base, game: 'gem-rush' })).status_code).toBe(GAMES_CODE.notFound);
    expect((await spin(token, { ...base, game: 'fish-tycoon' })).status_code).toBe(GAMES_CODE.notFound);
    expect((await spin(token, { ...base, requestId: 'bad id!' })).status_code).toBe(CODE.validation);
    expect((await spin(token, { ...base, lineBet: 0 })).status_code).toBe(CODE.validation);
    expect((await spin(token, { ...base, lineBet: 1.5 })).status_code).toBe(CODE.validation);
    expect((await spin(token, { ...base, extra: 1 })).status_code).toBe(CODE.validation);
    expect(await balanceOf(token)).toBe(10_000);
  });

  it('41002 with the balances when the venue wallet cannot afford the stake; nothing written', async () => {
    const { p, token } = await atVenue(199);
    const seed = (await games(token, 'GET', '/seed')).data;
    const res = await spin(token, { requestId: rid(), game: 'fortune-god', lineBet: 10 });
    expect(res.status_code).toBe(GAMES_CODE.insufficientBalance);
    expect(res.data).toEqual({ balance: 199, stake: 200, central: 100_000 });
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM bets WHERE member_id = $1',
      [p.id],
    );
    expect(rows[0]!.n).toBe(0);
    // The nonce was given back.
    expect((await games(token, 'GET', '/seed')).data.nonce).toBe(seed.nonce);
    // The same spin at 0.05 a line (¥1.00) is affordable.
    expect((await spin(token, { requestId: rid(), game: 'fortune-god', lineBet: 5 })).status_code).toBe(
      CODE.success,
    );
  });

  it('41001 without a live credential', async () => {
    const res = await spin('nope', { requestId: rid(), game: 'fortune-god', lineBet: 10 });
    expect(res.status_code).toBe(GAMES_CODE.expired);
  });
});

describe('idempotency', () => {
  it('one request id sent 30 times at once is one spin, one stake, one payout', async () => {
    const { p, token } = await atVenue(10_000);
    const body = { requestId: rid(), game: 'fortune-god', lineBet: 20 };
    const answers = await Promise.all(Array.from({ length: 30 }, () => spin(token, body)));
    for (const a of answers) expect(a.status_code).toBe(CODE.success);
    const orders = new Set(answers.map((a) => a.data.orderNo));
    expect(orders.size).toBe(1);
    for (const a of answers) expect(a.data.outcome).toEqual(answers[0]!.data.outcome);
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM bets WHERE member_id = $1',
      [p.id],
    );
    expect(rows[0]!.n).toBe(1);
    expect(await balanceOf(token)).toBe(10_000 - 400 + answers[0]!.data.outcome.payout);
    // Later retries answer the same; another bet under the id is refused.
    expect((await spin(token, body)).data.orderNo).toBe(answers[0]!.data.orderNo);
    expect((await spin(token, { ...body, lineBet: 10 })).status_code).toBe(GAMES_CODE.duplicateRequest);
    expect((await spin(token, { ...body, game: 'gem-rush' })).status_code).toBe(GAMES_CODE.notFound);
    // The nonce of every replay was given back: the next spin uses the next nonce.
    expect((await games(token, 'GET', '/seed')).data.nonce).toBe(answers[0]!.data.fair.nonce + 1);
  });
});

describe('settlement', () => {
  it('a settlement run again on a settled spin (twice, at once) changes nothing', async () => {
    const { token } = await atVenue(10_000);
    const r = (await spin(token, { requestId: rid(), game: 'fortune-god', lineBet: 10 }))
      .data as SpinResponse;
    const { rows } = await t.db.query<{ id: string; payout: string; status: string }>(
      'SELECT id, payout, status FROM bets WHERE order_no = $1',
      [r.orderNo],
    );
    const again = await Promise.all(
      [1, 2].map(() =>
        t.db.transaction((tx) => settleGameBet(tx, rows[0]!.id, { payout: 999_999, validBet: 200 })),
      ),
    );
    expect(again).toEqual([null, null]);
    expect(await balanceOf(token)).toBe(r.balance);
    const { rows: after } = await t.db.query<{ payout: string; status: string }>(
      'SELECT payout, status FROM bets WHERE order_no = $1',
      [r.orderNo],
    );
    expect(after[0]).toEqual({ payout: rows[0]!.payout, status: rows[0]!.status });
  });
});

describe('concurrency', () => {
  it('300 spins at once from 10 players: every one settled once, the wallets and the ledger agree', async () => {
    const players = await Promise.all(Array.from({ length: 10 }, () => atVenue(100_000)));
    const answers = await Promise.all(
      players.flatMap(({ token }) =>
        Array.from({ length: 30 }, () =>
          spin(token, { requestId: rid('many'), game: 'fortune-god', lineBet: 5 }).then((a) => ({
            token,
            a,
          })),
        ),
      ),
    );
    for (const { a } of answers) expect(a.status_code).toBe(CODE.success);
    for (const { token, p } of players) {
      const mine = answers.filter((x) => x.token === token).map((x) => x.a.data as SpinResponse);
      // Every nonce once.
      expect(new Set(mine.map((r) => r.fair.nonce)).size).toBe(30);
      const payout = mine.reduce((s, r) => s + r.outcome.payout, 0);
      expect(await balanceOf(token)).toBe(100_000 - 30 * 100 + payout);
      const { rows } = await t.db.query<{ n: number; open: number }>(
        "SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'open')::int AS open FROM bets WHERE member_id = $1",
        [p.id],
      );
      expect(rows[0]).toEqual({ n: 30, open: 0 });
    }
  });
});

describe('fairness', () => {
  it('every spin recomputed from the revealed seed equals what was settled; a changed outcome does not', async () => {
    const { token } = await atVenue(50_000, 'fortune-god');
    for (let i = 0; i < 8; i++)
      expect((await spin(token, { requestId: rid(), game: 'fortune-god', lineBet: 10 })).status_code).toBe(
        CODE.success,
      );
    // Before the rotation the seed stays hidden.
    const before = (await games(token, 'GET', '/rounds?game=fortune-god')).data.rounds as any[];
    expect(before).toHaveLength(8);
    for (const r of before) expect(r.fair.serverSeed).toBeNull();
    const rotation = (await games(token, 'POST', '/seed/rotate', {})).data;
    expect(seedHashOf(rotation.revealed.serverSeed)).toBe(rotation.revealed.seedHash);
    const rounds = (await games(token, 'GET', '/rounds?game=fortune-god')).data.rounds as any[];
    for (const r of rounds) {
      expect(r.kind).toBe('slot');
      expect(r.fair.serverSeed).toBe(rotation.revealed.serverSeed);
      const check = verifySpin(r.outcome, r.fair);
      expect(check).toMatchObject({ ok: true, seedMatches: true });
      expect(r.payout).toBe(r.outcome.payout);
    }
    const r0 = rounds[0];
    const forged = { ...r0.outcome, payout: r0.outcome.payout + 1 };
    expect(verifySpin(forged, r0.fair).ok).toBe(false);
    expect(verifySpin(r0.outcome, { ...r0.fair, seedHash: 'f'.repeat(64) }).ok).toBe(false);
  });
});
