// The sandbox games' core (issue 12; docs/games.md): the native API's credential, the session with the visit's net
// result, the transfer in, the seed pair (commitment before play, revealed on change), a bet's stake and payout
// through the ledger in one transaction with its row (idempotent by request id, refused by the database when the
// venue wallet cannot afford it), hundreds of parallel stakes, and a shared round drawn once however many sweeps
// run. On PGlite and, in server-pg, PostgreSQL.
process.env.GAMES_SWEEP_MS = '0';
process.env.SPORTSBOOK_SWEEP_MS = '0';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GamesCaller, GamesCtx } from '../../server/modules/casino/context.ts';
import { takeNonce } from '../../server/modules/casino/fair.ts';
import { settleGameBet, stakeBet } from '../../server/modules/casino/money.ts';
import { drawRound, ensureRound, opensAtOf, roundNoAt, type Schedule } from '../../server/modules/casino/rounds.ts';
import { gamesCallerOf, roundsOf, withStake } from '../../server/modules/casino/service.ts';
import { balanceOf, checkLedger, findTransfer } from '../../server/modules/ledger/ledger.ts';
import { fairStream, seedHashOf } from '../../src/games-core/fair.ts';
import { GAMES_API } from '../../src/protocol/games.ts';
import { credential, fund, newMember, requestId } from './sportsbook-support.ts';
import { as, player as sitePlayer, venueApp } from './venue-helpers.ts';
import type { TestApp } from '../support/test-app.ts';
import { ApiError } from '../../server/http/envelope.ts';

/** src/protocol/games.ts GAMES_CODE (issue 12), written as the contract's literals. */
const CODE = {
  success: 6000,
  validation: 10003,
  expired: 41001,
  insufficient: 41002,
  duplicate: 41004,
  wrongState: 41008,
  transferRefused: 41009,
};

let t: TestApp;
let ctx: GamesCtx;
beforeAll(async () => {
  t = await venueApp();
  ctx = { db: t.db, now: Date.now };
});
afterAll(async () => {
  await t?.close();
});

async function call(token: string | null, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: `${GAMES_API}${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.json() as { status_code: number; message: string; data: any } };
}

async function slotPlayer(fen = 100_000, venue = 'PGDZ') {
  const m = await newMember(t.db);
  if (fen > 0) await fund(t.db, m.id, venue, fen);
  const token = await credential(t.db, m.id, venue);
  const caller = (await gamesCallerOf(t.db, token))!;
  return { ...m, token, caller };
}

const venueBalance = async (c: GamesCaller) =>
  (await balanceOf(t.db, { memberId: c.memberId, kind: 'venue', venue: c.venue.code })).balance;

/** One instant round through the core: stake, then settle with the payout given, in one transaction. */
function instantRound(c: GamesCaller, rid: string, stake: number, payout: number, fingerprint = `${stake}`) {
  return withStake(ctx, c, async (tx) => {
    const { row, created } = await stakeBet(tx, c, {
      requestId: rid,
      game: '财神到',
      play: '旋转',
      pick: '20 线',
      stake,
      code: 'fortune-god',
      fingerprint,
    });
    if (created) await settleGameBet(tx, row.id, { payout, validBet: stake, outcome: { payout } });
    return row;
  });
}

describe('the native API credential (41001)', () => {
  it('answers the session to a games venue credential, 41001 to none, a bad one or a sportsbook one', async () => {
    const p = await slotPlayer(12_345);
    const { body } = await call(p.token, 'GET', '/session');
    expect(body.status_code).toBe(CODE.success);
    expect(body.data).toMatchObject({ venue: 'PGDZ', venueName: 'PG 电子', platform: 'DZ', balance: 12_345 });
    expect(body.data.net).toBe(0);
    expect(body.data.games.map((g: { kind: string }) => g.kind)).toEqual(['slot', 'slot', 'slot', 'slot']);
    expect((await call(null, 'GET', '/session')).body.status_code).toBe(CODE.expired);
    expect((await call('x'.repeat(43), 'GET', '/session')).body.status_code).toBe(CODE.expired);
    const sport = await credential(t.db, p.id, 'IMTY');
    expect((await call(sport, 'GET', '/session')).body.status_code).toBe(CODE.expired);
    await t.db.query('UPDATE venue_sessions SET expires_at = now() WHERE token = $1', [p.token]);
    expect((await call(p.token, 'GET', '/session')).body).toMatchObject({
      status_code: CODE.expired,
      message: 'expired',
    });
  });

  it('a launch from the grid opens that game only; a live casino launched as a whole offers its tables', async () => {
    const p = await sitePlayer(t, 0);
    const launch = async (enName: string, gameCode?: string) =>
      (
        await as(t, p, 'POST', '/game/api/v1/venue/launch', {
          enName,
          ...(gameCode ? { gameCode } : {}),
          isSure: 1,
        })
      ).body;
    const slot = await launch('PGDZ', 'gem-rush');
    expect(slot.status_code).toBe(CODE.success);
    const s1 = (await call(slot.data.token, 'GET', '/session')).body.data;
    expect(s1.game).toBe('gem-rush');
    expect(s1.games).toEqual([{ code: 'gem-rush', name: '宝石狂潮', kind: 'slot' }]);
    const live = await launch('AGZR');
    const s2 = (await call(live.data.token, 'GET', '/session')).body.data;
    expect(s2.game).toBeNull();
    expect(s2.games.map((g: { code: string }) => g.code)).toEqual([
      'baccarat-1',
      'baccarat-2',
      'dragon-tiger-1',
    ]);
  });
});

describe('the transfer in (issue 12 §3: a way to transfer in)', () => {
  it('moves central → venue once per request id; refuses more than the central wallet with 41009', async () => {
    const p = await sitePlayer(t, 50_000);
    const token = await credential(t.db, p.id, 'KYQP');
    const rid = requestId();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(token, 'POST', '/transfer-in', { requestId: rid, amount: 20_000 }),
      ),
    );
    for (const r of results) expect(r.body.status_code).toBe(CODE.success);
    expect(results.at(-1)!.body.data).toEqual({ balance: 20_000, central: 30_000 });
    const tooMuch = await call(token, 'POST', '/transfer-in', { requestId: requestId(), amount: 30_001 });
    expect(tooMuch.body.status_code).toBe(CODE.transferRefused);
    for (const bad of [
      { requestId: rid },
      { requestId: 'x', amount: 1 },
      { requestId: rid, amount: 0 },
      { requestId: rid, amount: 1.5 },
    ])
      expect((await call(token, 'POST', '/transfer-in', bad)).body.status_code).toBe(CODE.validation);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });
});

describe('the seed pair (issue 12 §2: the hash before play, the seed after)', () => {
  it('shows a commitment, takes nonces in order, and reveals a seed whose SHA-256 is the hash shown', async () => {
    const p = await slotPlayer(0);
    const before = (await call(p.token, 'GET', '/seed')).body.data;
    expect(before).toMatchObject({ nonce: 0 });
    expect(before.seedHash).toMatch(/^[0-9a-f]{64}$/);
    const taken = await Promise.all(
      Array.from({ length: 30 }, () => t.db.transaction((tx) => takeNonce(tx, p.id, 'PGDZ'))),
    );
    expect(taken.map((n) => n.nonce).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(new Set(taken.map((n) => n.seedHash))).toEqual(new Set([before.seedHash]));
    const rot = await call(p.token, 'POST', '/seed/rotate', { clientSeed: 'my-lucky-seed' });
    expect(rot.body.status_code).toBe(CODE.success);
    expect(rot.body.data.revealed.seedHash).toBe(before.seedHash);
    expect(seedHashOf(rot.body.data.revealed.serverSeed)).toBe(before.seedHash);
    expect(rot.body.data.revealed.rounds).toBe(30);
    expect(rot.body.data.next).toMatchObject({ clientSeed: 'my-lucky-seed', nonce: 0 });
    expect(rot.body.data.next.seedHash).not.toBe(before.seedHash);
    expect((await call(p.token, 'POST', '/seed/rotate', { clientSeed: 'bad seed!' })).body.status_code).toBe(
      CODE.validation,
    );
  });

  it('refuses to reveal a seed while a hand made with it is open (41008)', async () => {
    const p = await slotPlayer(0, 'KYQP');
    const n = await t.db.transaction((tx) => takeNonce(tx, p.id, 'KYQP'));
    await t.db.query(
      `INSERT INTO game_hands (member_id, venue, game, seed_id, nonce, state, deadline)
       VALUES ($1, 'KYQP', 'bull-bull', $2, $3, '{}', now() + interval '1 minute')`,
      [p.id, n.seedId, n.nonce],
    );
    expect((await call(p.token, 'POST', '/seed/rotate', {})).body.status_code).toBe(CODE.wrongState);
    await t.db.query("UPDATE game_hands SET status = 'done' WHERE member_id = $1", [p.id]);
    expect((await call(p.token, 'POST', '/seed/rotate', {})).body.status_code).toBe(CODE.success);
  });
});

describe('a bet through the ledger (issue 12 §3)', () => {
  it('stakes and pays in one transaction; the session shows the visit net; the round lists its seed', async () => {
    const p = await slotPlayer(10_000);
    await instantRound(p.caller, requestId(), 2_000, 500);
    await instantRound(p.caller, requestId(), 1_000, 3_000);
    expect(await venueBalance(p.caller)).toBe(10_000 - 2_000 + 500 - 1_000 + 3_000);
    const s = (await call(p.token, 'GET', '/session')).body.data;
    expect(s).toMatchObject({ balance: 10_500, net: 500, pending: 0 });
    const rounds = (await call(p.token, 'GET', '/rounds')).body.data.rounds;
    expect(rounds.map((r: { status: string }) => r.status)).toEqual(['won', 'lost']);
    expect(rounds[0]).toMatchObject({
      game: 'fortune-god',
      kind: 'slot',
      stake: 1_000,
      payout: 3_000,
      outcome: { payout: 3_000 },
    });
    const bets = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM bets WHERE member_id = $1 AND valid_bet > 0',
      [p.id],
    );
    expect(bets.rows[0]!.n).toBe(2);
  });

  it('the same request id answers the first bet (moving nothing again); another bet under it is 41004', async () => {
    const p = await slotPlayer(10_000);
    const rid = requestId();
    const rows = await Promise.all(Array.from({ length: 25 }, () => instantRound(p.caller, rid, 1_000, 0)));
    expect(new Set(rows.map((r) => r.order_no)).size).toBe(1);
    expect(await venueBalance(p.caller)).toBe(9_000);
    expect(await findTransfer(t.db, `gm-stake:${rows[0]!.order_no}`)).not.toBeNull();
    await expect(instantRound(p.caller, rid, 2_000, 0, '2000')).rejects.toMatchObject({
      code: CODE.duplicate,
    });
  });

  it('a stake above the venue wallet is refused by the database with 41002 and the balances; nothing is written', async () => {
    const p = await slotPlayer(999);
    const err = await instantRound(p.caller, requestId(), 1_000, 5_000).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: CODE.insufficient, data: { balance: 999, stake: 1_000 } });
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM bets WHERE member_id = $1',
      [p.id],
    );
    expect(rows[0]!.n).toBe(0);
    expect(await venueBalance(p.caller)).toBe(999);
  });

  it('300 parallel stakes on a wallet that covers 100: exactly 100 taken, never below zero, ledger balanced', async () => {
    const p = await slotPlayer(100_000);
    const out = await Promise.allSettled(
      Array.from({ length: 300 }, () => instantRound(p.caller, requestId(), 1_000, 0)),
    );
    const taken = out.filter((o) => o.status === 'fulfilled').length;
    expect(taken).toBe(100);
    for (const o of out)
      if (o.status === 'rejected') expect(o.reason).toMatchObject({ code: CODE.insufficient });
    expect(await venueBalance(p.caller)).toBe(0);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('settling a bet again, or twice at once, pays it once', async () => {
    const p = await slotPlayer(5_000);
    const row = await withStake(
      ctx,
      p.caller,
      async (tx) =>
        (
          await stakeBet(tx, p.caller, {
            requestId: requestId(),
            game: 'g',
            play: 'p',
            pick: 'k',
            stake: 1_000,
            code: 'fortune-god',
            fingerprint: 'f',
          })
        ).row,
    );
    const settled = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.db.transaction((tx) => settleGameBet(tx, row.id, { payout: 1_900, validBet: 1_000 })),
      ),
    );
    expect(settled.filter(Boolean)).toHaveLength(1);
    expect(await venueBalance(p.caller)).toBe(5_000 - 1_000 + 1_900);
    const audit = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM valid_bets WHERE bet_id = $1',
      [row.order_no],
    );
    expect(audit.rows[0]!.n).toBe(1);
  });
});

describe('a shared round (issue 12 §1: one clock for every player; drawn once at the close)', () => {
  const SCHEDULE: Schedule = { periodMs: 30_000, bettingMs: 20_000 };

  it('hundreds of bets from many players on one round; two sweeps at once settle each bet exactly once', async () => {
    const no = roundNoAt(SCHEDULE, Date.now());
    // One second into the round's betting time.
    let now = opensAtOf(SCHEDULE, no) + 1_000;
    const clockCtx: GamesCtx = { db: t.db, now: () => now };
    const round = await ensureRound(t.db, 'AGZR', 'baccarat-1', SCHEDULE, no);
    expect(round.serverSeed).toBeNull();
    expect(round.seedHash).toMatch(/^[0-9a-f]{64}$/);
    // Created once whoever asks: the same seed hash for everyone.
    expect((await ensureRound(t.db, 'AGZR', 'baccarat-1', SCHEDULE, no)).seedHash).toBe(round.seedHash);
    const players = await Promise.all(Array.from({ length: 40 }, () => slotPlayer(10_000, 'AGZR')));
    await Promise.all(
      players.flatMap((p) =>
        Array.from({ length: 5 }, (_, k) =>
          withStake(ctx, p.caller, (tx) =>
            stakeBet(tx, p.caller, {
              requestId: requestId(),
              game: '百家乐 1 号桌',
              play: '庄闲',
              pick: k % 2 ? '庄' : '闲',
              stake: 1_000,
              code: 'baccarat-1',
              roundId: round.id,
              fingerprint: `${k}`,
            }),
          ),
        ),
      ),
    );
    // A parity game for the test: the first float of the round's stream; even picks '闲' win 2×.
    const rules = {
      draw: (f: { serverSeed: string; clientSeed: string; nonce: number }) => ({
        even: fairStream(f).int(2) === 0,
      }),
      settle: (b: { pick: string; stake: string | number }, r: { even: boolean }) => {
        const win = (b.pick === '闲') === r.even;
        return { payout: win ? 2 * Number(b.stake) : 0, validBet: Number(b.stake) };
      },
    };
    // Not before the close.
    expect(await drawRound(clockCtx, round.id, rules as never)).toBe(0);
    now += 30_000;
    const counts = await Promise.all([
      drawRound(clockCtx, round.id, rules as never),
      drawRound(clockCtx, round.id, rules as never),
      drawRound(clockCtx, round.id, rules as never),
    ]);
    expect(counts.sort((a, b) => b - a)).toEqual([200, 0, 0]);
    const drawn = await ensureRound(t.db, 'AGZR', 'baccarat-1', SCHEDULE, no);
    expect(drawn.status).toBe('drawn');
    expect(seedHashOf(drawn.serverSeed!)).toBe(round.seedHash);
    const even = fairStream({ serverSeed: drawn.serverSeed!, clientSeed: round.id, nonce: 0 }).int(2) === 0;
    expect(drawn.result).toEqual({ even });
    for (const p of players)
      expect(await venueBalance(p.caller)).toBe(10_000 - 5_000 + (even ? 3 : 2) * 2_000);
    const listed = await roundsOf(ctx, players[0]!.caller);
    expect(listed[0]!.fair).toEqual({
      seedHash: round.seedHash,
      clientSeed: round.id,
      nonce: 0,
      serverSeed: drawn.serverSeed,
    });
    expect((await checkLedger(t.db)).ok).toBe(true);
  });
});
