// The fishing games on the server (issue 12 §1 "Fishing", §2, §3, §4; docs/games-by.md): a shot is a bet at a
// cannon level aimed at a fish type, decided from the player's seed pair and settled in the same transaction.
// Case by case (hit, miss, the ledger's movements, the bet record's words), the refusals (41003 unknown fish or
// level, 41006 a game not launched, 41002 with the balances, 41004), idempotency (one request id sent many
// times at once), the rate limit (10 shots a second), concurrency (many players, many shots at once, the ledger
// checked), and the seed verification (every shot recomputed from the revealed seed).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gamesCallerOf } from '../../server/modules/casino/service.ts';
import { shootFish } from '../../server/modules/casino/by/service.ts';
import { checkLedger } from '../../server/modules/ledger/ledger.ts';
import {
  fishGameOf,
  hitThreshold,
  shoot,
  verifyShot,
  type ShotOutcome,
} from '../../src/games-core/by/fish.ts';
import { FISH_SHOOT_PATH, type ShotResult } from '../../src/games-core/by/wire.ts';
import { CODE } from '../../src/protocol/api.ts';
import { GAMES_API, GAMES_CODE } from '../../src/protocol/games.ts';
import type { TestApp } from '../support/test-app.ts';
import { as, PATH, player, venueApp, type Player } from './venue-helpers.ts';

let t: TestApp;
let seq = 0;
const rid = (tag = 'shot') => `${tag}-${process.pid}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

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

/** A venue credential for `p` at a fishing venue launched on a game, with `fen` moved into the venue wallet. */
async function launchAt(p: Player, fen: number, game: string, venue: string): Promise<string> {
  const { body } = await as(t, p, 'POST', PATH.launch, { enName: venue, gameCode: game, isSure: 1 });
  expect(body.status_code).toBe(CODE.success);
  const token = body.data.token as string;
  if (fen > 0) {
    const moved = await games(token, 'POST', '/transfer-in', { requestId: rid('in'), amount: fen });
    expect(moved.status_code).toBe(CODE.success);
  }
  return token;
}

/** A member at a fishing venue launched on a game, with `fen` moved into the venue wallet. */
async function atVenue(
  fen: number,
  game = 'fish-tycoon',
  venue = 'KYBY',
): Promise<{ p: Player; token: string }> {
  const p = await player(t, fen + 100_000);
  return { p, token: await launchAt(p, fen, game, venue) };
}

const fire = (token: string, body: Record<string, unknown>) => games(token, 'POST', FISH_SHOOT_PATH, body);
const balanceOf = async (token: string) => (await games(token, 'GET', '/session')).data.balance as number;

describe('a shot', () => {
  it('takes the stake, pays stake × multiplier on a hit, nothing on a miss; the session and the bet record agree', async () => {
    const { p, token } = await atVenue(100_000);
    const seed = (await games(token, 'GET', '/seed')).data;
    let balance = 100_000;
    const results: ShotResult[] = [];
    // 10 shots: the most a second takes (a faster run would meet the rate limit).
    for (let i = 0; i < 10; i++) {
      const fish = i % 2 ? 'clownfish' : 'turtle';
      const res = await fire(token, { requestId: rid(), game: 'fish-tycoon', fish, stake: 100 });
      expect(res.status_code).toBe(CODE.success);
      const r = res.data as ShotResult;
      const m = fish === 'clownfish' ? 2 : 10;
      expect(r.outcome).toMatchObject({ game: 'fish-tycoon', fish, multiplier: m, stake: 100 });
      expect(r.outcome.threshold).toBe(hitThreshold(9_600, m));
      expect(r.outcome.hit).toBe(r.outcome.roll < r.outcome.threshold);
      expect(r.outcome.payout).toBe(r.outcome.hit ? 100 * m : 0);
      expect(r.fair).toEqual({ seedHash: seed.seedHash, clientSeed: seed.clientSeed, nonce: seed.nonce + i });
      balance += r.outcome.payout - 100;
      expect(r.balance).toBe(balance);
      results.push(r);
    }
    // The seed is random: hits and misses vary, the sums must agree.
    const session = (await games(token, 'GET', '/session')).data;
    const net = results.reduce((s, r) => s + r.outcome.payout - r.outcome.stake, 0);
    expect(session).toMatchObject({ balance, net, pending: 0 });

    const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const { body } = await as(t, p, 'POST', PATH.betRecords, { from: day, to: day });
    expect(body.status_code).toBe(CODE.success);
    const items = body.data.items as any[];
    expect(items).toHaveLength(10);
    const first = items.find((i) => i.orderNo === results[0]!.orderNo);
    expect(first).toMatchObject({
      venue: 'KYBY',
      platform: 'BY',
      game: '捕鱼大亨',
      play: '炮台 1.00 元',
      pick: '海龟 ×10',
      stake: 100,
      validBet: 100,
      payout: results[0]!.outcome.payout,
      status: results[0]!.outcome.hit ? 'won' : 'lost',
    });
    expect(first.settledAt).not.toBeNull();
  });

  it('a hit is a win of the multiplier and a miss a loss of the stake, found case by case from the revealed seed', async () => {
    const { token } = await atVenue(200_000, 'golden-toad', 'JDBBY');
    const shots: ShotResult[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await fire(token, {
        requestId: rid(),
        game: 'golden-toad',
        fish: 'goldfish',
        stake: 1_000,
      });
      shots.push(res.data);
    }
    const rotation = (await games(token, 'POST', '/seed/rotate', {})).data;
    const game = fishGameOf('golden-toad')!;
    for (const s of shots) {
      const again = shoot(game, 'goldfish', 1_000, {
        serverSeed: rotation.revealed.serverSeed,
        clientSeed: s.fair.clientSeed,
        nonce: s.fair.nonce,
      })!;
      expect(again).toEqual(s.outcome);
      expect(s.outcome.payout).toBe(again.hit ? 2_000 : 0);
    }
  });
});

describe('refusals', () => {
  it('41003 for a fish or a cannon level the game does not have; 41006 for a game not launched', async () => {
    const { token } = await atVenue(10_000);
    const before = await balanceOf(token);
    const base = { game: 'fish-tycoon', fish: 'clownfish', stake: 100 };
    expect((await fire(token, { ...base, requestId: rid(), fish: 'megalodon' })).status_code).toBe(
      GAMES_CODE.invalidBet,
    );
    expect((await fire(token, { ...base, requestId: rid(), stake: 20 })).status_code).toBe(
      GAMES_CODE.invalidBet,
    );
    expect((await fire(token, { ...base, requestId: rid(), game: 'deep-sea' })).status_code).toBe(
      GAMES_CODE.notFound,
    );
    expect((await fire(token, { ...base, requestId: rid(), game: 'fortune-god' })).status_code).toBe(
      GAMES_CODE.notFound,
    );
    expect((await fire(token, { ...base, requestId: 'bad id!' })).status_code).toBe(CODE.validation);
    expect(await balanceOf(token)).toBe(before);
  });

  it('41002 with the balances when the venue wallet cannot afford the shot; nothing written', async () => {
    const { p, token } = await atVenue(40);
    const res = await fire(token, { requestId: rid(), game: 'fish-tycoon', fish: 'whale', stake: 50 });
    expect(res.status_code).toBe(GAMES_CODE.insufficientBalance);
    expect(res.data).toEqual({ balance: 40, stake: 50, central: 100_000 });
    const { rows } = await t.db.query('SELECT 1 FROM bets WHERE member_id = $1', [p.id]);
    expect(rows).toHaveLength(0);
    // The nonce went back with the rolled-back transaction.
    expect((await games(token, 'GET', '/seed')).data.nonce).toBe(0);
  });

  it('41001 without a live credential', async () => {
    const res = await fire('nope', { requestId: rid(), game: 'fish-tycoon', fish: 'whale', stake: 50 });
    expect(res.status_code).toBe(GAMES_CODE.expired);
  });
});

describe('idempotency', () => {
  it('one request id sent 30 times at once is one shot, one stake, one payout; another bet under it is 41004', async () => {
    const { p, token } = await atVenue(50_000);
    const body = { requestId: rid(), game: 'fish-tycoon', fish: 'clownfish', stake: 500 };
    const answers = await Promise.all(Array.from({ length: 30 }, () => fire(token, body)));
    for (const a of answers) expect(a.status_code).toBe(CODE.success);
    const orders = new Set(answers.map((a) => a.data.orderNo));
    expect(orders.size).toBe(1);
    const first = answers[0]!.data as ShotResult;
    for (const a of answers) expect(a.data.outcome).toEqual(first.outcome);
    expect(await balanceOf(token)).toBe(50_000 - 500 + first.outcome.payout);
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM ledger_transfers WHERE memo->>'orderNo' = $1",
      [first.orderNo],
    );
    expect(rows[0]!.n).toBe(first.outcome.hit ? 2 : 1);
    const bets = await t.db.query('SELECT 1 FROM bets WHERE member_id = $1', [p.id]);
    expect(bets.rows).toHaveLength(1);
    // Answered again later (after other shots): the same shot.
    await fire(token, { ...body, requestId: rid() });
    expect((await fire(token, body)).data.orderNo).toBe(first.orderNo);
    expect((await fire(token, { ...body, fish: 'whale' })).status_code).toBe(GAMES_CODE.duplicateRequest);
    expect((await fire(token, { ...body, stake: 100 })).status_code).toBe(GAMES_CODE.duplicateRequest);
  });
});

describe('rate limit (docs/games-by.md: 10 shots a second per member and venue)', () => {
  it('of 30 shots at one instant, 10 are taken and 20 refused with 41003; a second later shots are taken again', async () => {
    const { token } = await atVenue(100_000);
    const caller = (await gamesCallerOf(t.db, token))!;
    let now = Date.parse('2026-11-26T05:00:00Z');
    const ctx = { db: t.db, now: () => now };
    const shot = (requestId = rid()) =>
      shootFish(ctx, caller, { requestId, game: 'fish-tycoon', fish: 'clownfish', stake: 10 }).then(
        (r) => ({ ok: true as const, r, requestId }),
        (e: { code?: number; message?: string }) => ({
          ok: false as const,
          code: e.code,
          message: e.message,
        }),
      );
    const answers = await Promise.all(Array.from({ length: 30 }, () => shot()));
    const taken = answers.flatMap((a) => (a.ok ? [a] : []));
    expect(taken).toHaveLength(10);
    for (const a of answers.filter((x) => !x.ok))
      expect(a).toEqual({ ok: false, code: 41003, message: '开炮太快了，请稍候再试' });
    // The taken shots used nonces 0..9 (the refused ones gave theirs back).
    expect(taken.map((a) => a.r.fair.nonce).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // A retry of a taken shot is answered (the same shot) while the limit refuses new ones.
    const retried = await shot(taken[0]!.requestId);
    expect(retried.ok && retried.r.orderNo).toBe(taken[0]!.r.orderNo);
    now += 999;
    expect((await shot()).ok).toBe(false);
    now += 1;
    expect((await shot()).ok).toBe(true);
  });

  it('over HTTP: 25 shots sent at once are answered 10 taken, the rest 41003', async () => {
    const { token } = await atVenue(100_000);
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        fire(token, { requestId: rid(), game: 'fish-tycoon', fish: 'angelfish', stake: 10 }),
      ),
    );
    const taken = answers.filter((a) => a.status_code === CODE.success).length;
    // Requests that arrive at the same second: at most 10 taken.
    expect(taken).toBeLessThanOrEqual(10);
    expect(taken).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect([CODE.success, GAMES_CODE.invalidBet]).toContain(a.status_code);
  });
});

describe('concurrency', () => {
  it('20 players at two venues × 6 shots at once (240 requests): every balance is its stakes and payouts, nonces unique, the ledger sound', async () => {
    const seats = (
      await Promise.all(
        Array.from({ length: 20 }, async () => {
          const { p, token } = await atVenue(10_000, 'deep-sea', 'KYBY');
          return [token, await launchAt(p, 10_000, 'deep-sea', 'JDBBY')];
        }),
      )
    ).flat();
    const answers = await Promise.all(
      seats.flatMap((token) =>
        Array.from({ length: 6 }, (_, i) =>
          fire(token, {
            requestId: rid(),
            game: 'deep-sea',
            fish: i % 2 ? 'lanternfish' : 'squid',
            stake: 50,
          }).then((a) => ({ token, a })),
        ),
      ),
    );
    expect(answers).toHaveLength(240);
    for (const { a } of answers) expect(a.status_code).toBe(CODE.success);
    for (const token of seats) {
      const mine = answers.filter((x) => x.token === token).map((x) => x.a.data as ShotResult);
      expect(mine.map((s) => s.fair.nonce).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5]);
      const expected = 10_000 + mine.reduce((s, r) => s + r.outcome.payout - 50, 0);
      expect(await balanceOf(token)).toBe(expected);
    }
  }, 120_000);
});

describe('seed verification', () => {
  it('every shot listed by /rounds recomputes from the revealed seed; before the reveal the seed is hidden', async () => {
    const { token } = await atVenue(20_000, 'deep-sea', 'JDBBY');
    for (let i = 0; i < 6; i++)
      await fire(token, { requestId: rid(), game: 'deep-sea', fish: 'octopus', stake: 200 });
    const hidden = (await games(token, 'GET', '/rounds?game=deep-sea')).data.rounds as any[];
    expect(hidden).toHaveLength(6);
    for (const r of hidden) {
      expect(r.kind).toBe('fish');
      expect(r.fair.serverSeed).toBeNull();
      expect(r.status).toBe((r.outcome as ShotOutcome).hit ? 'won' : 'lost');
    }
    await games(token, 'POST', '/seed/rotate', {});
    const rounds = (await games(token, 'GET', '/rounds?game=deep-sea')).data.rounds as any[];
    for (const r of rounds) {
      expect(r.fair.serverSeed).toMatch(/^[0-9a-f]{64}$/);
      const v = verifyShot(r.outcome, r.fair);
      expect(v.ok).toBe(true);
      expect(r.payout).toBe(r.outcome.payout);
    }
    // A record changed after the fact does not verify.
    const r0 = rounds[0];
    expect(verifyShot({ ...r0.outcome, hit: !r0.outcome.hit }, r0.fair).ok).toBe(false);
  });
});
