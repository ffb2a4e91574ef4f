// The chess-and-card venue on the server (issue 12 §1, §2, §3; docs/games-qp.md): 抢庄牛牛 and 二十一点 hands
// through the native API — what the page sees of the cards, the stake and the settlement through the ledger,
// idempotent steps and starts, the round timer's default play by the sweep (leaving loses nothing beyond the
// rules), refusals, concurrency, and the verify: every hand recomputed from the revealed seed. PGlite and, in
// server-pg, PostgreSQL.
process.env.GAMES_SWEEP_MS = '0';
process.env.SPORTSBOOK_SWEEP_MS = '0';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GamesCtx } from '../../server/modules/casino/context.ts';
import { seedCommitOf } from '../../server/modules/casino/fair.ts';
import { sweepQp } from '../../server/modules/casino/qp/service.ts';
import { balanceOf, checkLedger } from '../../server/modules/ledger/ledger.ts';
import { fairStream, seedHashOf, type FairInput } from '../../src/games-core/fair.ts';
import { bjShoe, canAct, replayBj, startBj } from '../../src/games-core/qp/blackjack.ts';
import { dealBull, settleBull } from '../../src/games-core/qp/bull.ts';
import { rankOf } from '../../src/games-core/qp/cards.ts';
import type { BjRecord, BjView, BullRecord, BullView } from '../../src/games-core/qp/views.ts';
import { GAMES_API } from '../../src/protocol/games.ts';
import type { TestApp } from '../support/test-app.ts';
import { credential, fund, newMember, requestId } from './sportsbook-support.ts';
import { venueApp } from './venue-helpers.ts';

/** src/protocol/games.ts GAMES_CODE (issue 12), as the contract's literals. */
const CODE = {
  success: 6000,
  validation: 10003,
  insufficient: 41002,
  invalidBet: 41003,
  duplicate: 41004,
  notFound: 41006,
  wrongState: 41008,
};
const VENUE = 'KYQP';
/** docs/games-qp.md: the round timers (grab 10 s, bet 10 s, a blackjack decision 20 s). */
const GRAB_MS = 10_000;
const BJ_MS = 20_000;

let t: TestApp;
let ctx: GamesCtx;
beforeAll(async () => {
  t = await venueApp();
  ctx = { db: t.db, now: Date.now };
});
afterAll(async () => {
  await t?.close();
});

async function call(token: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: `${GAMES_API}${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  expect(res.statusCode).toBeLessThan(500);
  return res.json() as { status_code: number; message: string; data: any };
}

async function qpPlayer(fen = 1_000_000) {
  const m = await newMember(t.db);
  if (fen > 0) await fund(t.db, m.id, VENUE, fen);
  const token = await credential(t.db, m.id, VENUE);
  return { ...m, token };
}
type P = Awaited<ReturnType<typeof qpPlayer>>;

const balance = async (p: P) =>
  (await balanceOf(t.db, { memberId: p.id, kind: 'venue', venue: VENUE })).balance;

const SERVER_SEED = 'c'.repeat(64);
const CLIENT_SEED = 'qp-test';
/** The first nonce whose randomness fits (the tests force the player's pair to it, then start a hand). */
function nonceWhere(fits: (input: FairInput) => boolean): number {
  for (let nonce = 0; nonce < 20_000; nonce++)
    if (fits({ serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce })) return nonce;
  throw new Error('no nonce fits');
}
async function forceSeed(p: P, nonce: number) {
  await seedCommitOf(t.db, p.id, VENUE);
  await t.db.query(
    `UPDATE fair_seeds SET server_seed = $3, seed_hash = $4, client_seed = $5, next_nonce = $6
      WHERE member_id = $1 AND venue = $2 AND revealed_at IS NULL`,
    [p.id, VENUE, SERVER_SEED, seedHashOf(SERVER_SEED), CLIENT_SEED, nonce],
  );
}

const bullStart = (p: P, base = 100, rid = requestId()) =>
  call(p.token, 'POST', '/qp/bull/start', { requestId: rid, game: 'bull-bull', base });
const grab = (p: P, handId: string, g: number, rid = requestId()) =>
  call(p.token, 'POST', '/qp/bull/grab', { requestId: rid, handId, grab: g });
const bet = (p: P, handId: string, b: number, rid = requestId()) =>
  call(p.token, 'POST', '/qp/bull/bet', { requestId: rid, handId, bet: b });
const bjStart = (p: P, base = 1000, rid = requestId()) =>
  call(p.token, 'POST', '/qp/blackjack/start', { requestId: rid, game: 'blackjack', base });
const act = (p: P, handId: string, action: string, rid = requestId()) =>
  call(p.token, 'POST', '/qp/blackjack/action', { requestId: rid, handId, action });

describe('抢庄牛牛', () => {
  it('a hand: the stake is the most the player can lose; four cards seen, the others hidden; the showdown pays stake ± result', async () => {
    const p = await qpPlayer();
    const before = await balance(p);
    const start = await bullStart(p, 100);
    expect(start.status_code).toBe(CODE.success);
    const v = start.data as BullView;
    expect(v.phase).toBe('grab');
    // docs/games-qp.md "Money": 3 seats × 4 倍 × 5 倍 × 5 倍 = 300 × base.
    expect(v.stake).toBe(30_000);
    expect(await balance(p)).toBe(before - 30_000);
    expect(v.seats[0]!.cards).toHaveLength(4);
    for (const s of v.seats.slice(1)) {
      expect(s.cards).toEqual([]);
      expect(s.grab).toBeNull();
    }
    expect(Date.parse(v.deadline!) - Date.now()).toBeGreaterThan(GRAB_MS - 2_000);
    // Nothing of the deal beyond what the player may see: no deck, no computer's choice, no tie draw.
    const wire = JSON.stringify(start);
    for (const secret of ['deal', 'botGrabs', 'botBets', 'tie', 'hands', 'requests', 'betId'])
      expect(wire).not.toContain(`"${secret}"`);

    let after = (await grab(p, v.handId, 1)).data as BullView;
    if (after.phase === 'bet') {
      expect(after.banker).not.toBe(0);
      expect(after.seats.every((s) => s.grab !== null)).toBe(true);
      expect(after.seats[1]!.cards).toEqual([]);
      after = (await bet(p, v.handId, 5)).data as BullView;
    }
    expect(after.phase).toBe('done');
    expect(after.seats.every((s) => s.cards.length === 5 && s.rank !== null)).toBe(true);
    expect(after.seats.reduce((a, s) => a + s.units!, 0)).toBe(0);
    expect(after.net).toBe(after.seats[0]!.units! * 100);
    expect(after.payout).toBe(30_000 + after.net!);
    expect(await balance(p)).toBe(before + after.net!);

    const { rows } = await t.db.query<{
      status: string;
      valid_bet: string;
      pick: string;
      play: string;
      game: string;
    }>('SELECT status, valid_bet, pick, play, game FROM bets WHERE member_id = $1', [p.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.game).toBe('抢庄牛牛');
    expect(rows[0]!.play).toBe('底注 1 元');
    expect(rows[0]!.pick).toMatch(/倍 · (无牛|牛.|五花牛|炸弹牛|五小牛)$/);
    // Valid bet: what was really won or lost.
    expect(Number(rows[0]!.valid_bet)).toBe(Math.abs(after.net!));
    expect(rows[0]!.status).toBe(after.net! > 0 ? 'won' : after.net! < 0 ? 'lost' : 'push');
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it("verify: the revealed seed recomputes the deal, the banker and every seat's result", async () => {
    const p = await qpPlayer();
    const v = (await bullStart(p, 50)).data as BullView;
    let after = (await grab(p, v.handId, 0)).data as BullView;
    if (after.phase === 'bet') after = (await bet(p, v.handId, 2)).data as BullView;
    const rot = await call(p.token, 'POST', '/seed/rotate', {});
    expect(rot.status_code).toBe(CODE.success);
    const round = (await call(p.token, 'GET', '/rounds?game=bull-bull')).data.rounds[0];
    expect(round.kind).toBe('bull');
    expect(round.fair.serverSeed).toBe(rot.data.revealed.serverSeed);
    const rec = round.outcome as BullRecord;
    const deal = dealBull(fairStream(round.fair));
    expect(deal.hands).toEqual(rec.hands);
    const o = settleBull(deal, rec.playerGrab, rec.playerBet);
    expect(o.seats.map((s) => s.units)).toEqual(rec.units);
    expect(o.banker).toBe(rec.banker);
    expect(rec.units[0]! * 50).toBe(after.net);
    expect(round.payout).toBe(after.payout);
  });

  it('the player as banker settles against the three computers at the grab', async () => {
    // A deal where every computer grabs less than 4: the player's 4 倍 makes them banker.
    const nonce = nonceWhere((x) => dealBull(fairStream(x)).botGrabs.every((g) => g < 4));
    const p = await qpPlayer();
    await forceSeed(p, nonce);
    const v = (await bullStart(p, 10)).data as BullView;
    const done = (await grab(p, v.handId, 4)).data as BullView;
    expect(done.phase).toBe('done');
    expect(done.banker).toBe(0);
    expect(done.multiplier).toBe(4);
    const deal = dealBull(fairStream({ serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce }));
    expect(done.seats[0]!.cards).toEqual(deal.hands[0]);
    expect(done.net).toBe(settleBull(deal, 4, 1).playerUnits * 10);
    expect(done.seats[0]!.bet).toBe(0);
  });

  it('steps are idempotent by request id; a step out of turn is 41008; bad choices 41003', async () => {
    const p = await qpPlayer();
    const rid = requestId();
    const starts = await Promise.all(Array.from({ length: 8 }, () => bullStart(p, 100, rid)));
    expect(new Set(starts.map((s) => s.data.handId)).size).toBe(1);
    const { rows } = await t.db.query('SELECT id FROM bets WHERE member_id = $1', [p.id]);
    expect(rows).toHaveLength(1);
    const v = starts[0]!.data as BullView;
    expect((await bullStart(p, 50, rid)).status_code).toBe(CODE.duplicate);
    expect((await bullStart(p, 100)).status_code).toBe(CODE.wrongState);
    expect((await bet(p, v.handId, 1)).status_code).toBe(CODE.wrongState);
    expect((await grab(p, v.handId, 7)).status_code).toBe(CODE.invalidBet);
    expect((await bullStart(p, 30)).status_code).toBe(CODE.invalidBet);
    const g = requestId();
    const a = await grab(p, v.handId, 0, g);
    const b = await grab(p, v.handId, 0, g);
    expect(b.data).toEqual(a.data);
    const other = await qpPlayer();
    expect((await grab(other, v.handId, 0)).status_code).toBe(CODE.notFound);
    expect(
      (
        await call(p.token, 'POST', '/qp/bull/start', {
          requestId: requestId(),
          game: 'blackjack',
          base: 100,
        })
      ).status_code,
    ).toBe(CODE.notFound);
  });

  it('a stake the venue wallet cannot cover is 41002 with the balances, and nothing is written', async () => {
    const p = await qpPlayer(20_000);
    const r = await bullStart(p, 100); // needs 30 000
    expect(r.status_code).toBe(CODE.insufficient);
    expect(r.data).toMatchObject({ balance: 20_000, stake: 30_000 });
    expect((await t.db.query('SELECT 1 FROM game_hands WHERE member_id = $1', [p.id])).rows).toHaveLength(0);
    expect((await call(p.token, 'GET', '/seed')).data.nonce).toBe(0);
  });

  it('leaving mid-round: the sweep plays 不抢 then 1 倍 at each deadline and settles the hand', async () => {
    const p = await qpPlayer();
    const before = await balance(p);
    expect((await call(p.token, 'GET', '/qp/hand?game=bull-bull')).data).toBeNull();
    const v = (await bullStart(p, 200)).data as BullView;
    expect((await call(p.token, 'GET', '/qp/hand?game=bull-bull')).data.handId).toBe(v.handId);
    expect(await sweepQp(ctx)).toBe(0); // not yet
    const later = { db: t.db, now: () => Date.now() + GRAB_MS + 1_000 };
    await sweepQp(later);
    await sweepQp({ db: t.db, now: () => Date.now() + 3 * GRAB_MS });
    const hand = (await call(p.token, 'GET', '/qp/hand?game=bull-bull')).data as BullView;
    expect(hand.phase).toBe('done');
    expect(hand.auto).toBe(true);
    const round = (await call(p.token, 'GET', '/rounds?game=bull-bull')).data.rounds[0];
    const rec = round.outcome as BullRecord;
    expect(rec.auto).toBe(true);
    expect(rec.playerGrab).toBe(0);
    expect(round.status).not.toBe('open');
    expect(await balance(p)).toBe(before + rec.units[0]! * 200);
    if (rec.banker !== 0) expect(rec.playerBet).toBe(1);
  });

  it('hundreds of players at once: every hand settles once and the ledger balances', async () => {
    const players = await Promise.all(Array.from({ length: 200 }, () => qpPlayer()));
    const views = await Promise.all(players.map((p) => bullStart(p, 10)));
    expect(views.every((v) => v.status_code === CODE.success)).toBe(true);
    await Promise.all(players.map((p, i) => grab(p, views[i]!.data.handId, i % 5)));
    // The rest are left to the timer; three sweeps race.
    const far = { db: t.db, now: () => Date.now() + 5 * GRAB_MS };
    await Promise.all([sweepQp(far), sweepQp(far), sweepQp(far)]);
    await sweepQp(far);
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bets WHERE member_id = ANY($1::bigint[]) AND status = 'open'`,
      [players.map((p) => p.id)],
    );
    expect(rows[0]!.n).toBe(0);
    const { rows: pays } = await t.db.query<{ n: number; d: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT id)::int AS d FROM ledger_transfers WHERE id LIKE 'gm-pay:%'`,
    );
    expect(pays[0]!.n).toBe(pays[0]!.d);
    for (const [i, p] of players.slice(0, 10).entries()) {
      const round = (await call(p.token, 'GET', '/rounds')).data.rounds[0];
      expect(await balance(p)).toBe(1_000_000 + round.outcome.units[0] * 10);
      expect(round.outcome.playerGrab).toBe(i % 5);
      // Left in the bet phase: the server bet the lowest, 1 倍.
      if (round.outcome.banker !== 0) expect(round.outcome.playerBet).toBe(1);
    }
    expect((await checkLedger(t.db)).ok).toBe(true);
  }, 120_000);
});

describe('二十一点', () => {
  it("a hand played to the end: the dealer's hole card hidden until then; stake and payout per hand", async () => {
    const nonce = nonceWhere((x) => !startBj(bjShoe(fairStream(x))).over);
    const p = await qpPlayer();
    await forceSeed(p, nonce);
    const before = await balance(p);
    const v = (await bjStart(p, 1000)).data as BjView;
    expect(v.phase).toBe('player');
    expect(v.dealer.cards).toHaveLength(1);
    expect(v.dealer.total).toBeNull();
    expect(JSON.stringify(v)).not.toMatch(/"(shoe|next|bets|requests|betId)"/);
    expect(v.hands[0]!.cards).toHaveLength(2);
    expect(await balance(p)).toBe(before - 1000);
    const done = (await act(p, v.handId, 'stand')).data as BjView;
    expect(done.phase).toBe('done');
    const s = replayBj(bjShoe(fairStream({ serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce })), [
      'stand',
    ]);
    expect(done.dealer.cards).toEqual(s.dealer);
    const back = { blackjack: 2500, win: 2000, push: 1000, lose: 0 }[s.hands[0]!.result!];
    expect(done.payout).toBe(back);
    expect(await balance(p)).toBe(before - 1000 + back);
    const { rows } = await t.db.query<{ valid_bet: string; pick: string; game: string }>(
      'SELECT valid_bet, pick, game FROM bets WHERE member_id = $1',
      [p.id],
    );
    expect(rows[0]!.game).toBe('二十一点');
    expect(Number(rows[0]!.valid_bet)).toBe(s.hands[0]!.result === 'push' ? 0 : 1000);
    expect(rows[0]!.pick).toMatch(/^首注 · \d+ 点对庄家 \d+ 点 · (赢|输|平)$/);
  });

  it('split and double each take one more stake (own bet rows), settled with their hand', async () => {
    const nonce = nonceWhere((x) => {
      const s = startBj(bjShoe(fairStream(x)));
      return !s.over && canAct(s, 'split') && rankOf(s.hands[0]!.cards[0]!) !== 1;
    });
    const p = await qpPlayer();
    await forceSeed(p, nonce);
    const before = await balance(p);
    const v = (await bjStart(p, 500)).data as BjView;
    expect(v.can.split).toBe(true);
    const rid = requestId();
    const split = (await act(p, v.handId, 'split', rid)).data as BjView;
    expect((await act(p, v.handId, 'split', rid)).data).toEqual(split); // a retry takes nothing more
    expect(split.hands).toHaveLength(2);
    expect(split.stake).toBe(1000);
    expect(await balance(p)).toBe(before - 1000);
    const actions: string[] = ['split'];
    let cur = split;
    while (cur.phase === 'player') {
      const a = cur.can.double ? 'double' : 'stand';
      actions.push(a);
      cur = (await act(p, v.handId, a)).data as BjView;
    }
    const s = replayBj(
      bjShoe(fairStream({ serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce })),
      actions as never,
    );
    expect(cur.hands.map((h) => h.result)).toEqual(s.hands.map((h) => h.result));
    expect(await balance(p)).toBe(before + cur.net!);
    const { rows } = await t.db.query<{ pick: string; status: string }>(
      'SELECT pick, status FROM bets WHERE member_id = $1 ORDER BY id',
      [p.id],
    );
    expect(rows.length).toBe(cur.stake / 500);
    expect(rows.every((r) => r.status !== 'open')).toBe(true);
    expect(rows.map((r) => r.pick.split(' · ')[0])).toContain('分牌');
  });

  it('a double the wallet cannot afford is 41002 and the hand goes on', async () => {
    const nonce = nonceWhere((x) => !startBj(bjShoe(fairStream(x))).over);
    const p = await qpPlayer(1000);
    await forceSeed(p, nonce);
    const v = (await bjStart(p, 1000)).data as BjView;
    const r = await act(p, v.handId, 'double');
    expect(r.status_code).toBe(CODE.insufficient);
    expect(r.data).toMatchObject({ balance: 0, stake: 1000 });
    const still = (await call(p.token, 'GET', '/qp/hand?game=blackjack')).data as BjView;
    expect(still.phase).toBe('player');
    expect(still.stake).toBe(1000);
  });

  it('the timer: the sweep stands for the player; verify replays the hand from the revealed seed', async () => {
    const nonce = nonceWhere((x) => !startBj(bjShoe(fairStream(x))).over);
    const p = await qpPlayer();
    await forceSeed(p, nonce + 1); // any hand
    const v = (await bjStart(p, 200)).data as BjView;
    expect((await call(p.token, 'POST', '/seed/rotate', {})).status_code).toBe(CODE.wrongState);
    await sweepQp({ db: t.db, now: () => Date.now() + BJ_MS + 1_000 });
    expect((await call(p.token, 'GET', '/qp/hand?game=blackjack')).data.phase).toBe('done');
    expect((await call(p.token, 'POST', '/seed/rotate', {})).status_code).toBe(CODE.success);
    const round = (await call(p.token, 'GET', '/rounds?game=blackjack')).data.rounds[0];
    const rec = round.outcome as BjRecord;
    const s = replayBj(bjShoe(fairStream(round.fair)), rec.actions);
    expect(s.hands.map((h) => h.cards)).toEqual(rec.hands.map((h) => h.cards));
    expect(s.dealer).toEqual(rec.dealer);
    if (v.phase === 'player') {
      expect(rec.auto).toBe(true);
      expect(rec.actions).toEqual(['stand']);
    }
    expect((await act(p, v.handId, 'hit')).status_code).toBe(CODE.wrongState);
  });

  it('bad input is refused with a code', async () => {
    const p = await qpPlayer();
    expect((await bjStart(p, 150)).status_code).toBe(CODE.invalidBet);
    expect((await act(p, '999999', 'hit')).status_code).toBe(CODE.notFound);
    expect((await act(p, '1', 'fold')).status_code).toBe(CODE.validation);
    expect((await call(p.token, 'GET', '/qp/hand?game=nope')).status_code).toBe(CODE.notFound);
  });
});
