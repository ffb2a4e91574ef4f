// The sandbox sportsbook's native API (issue 11 §4; docs/api.md "Sandbox sportsbook"): the venue credential,
// the lists, placing a bet through the ledger with every refusal, idempotency, hundreds of parallel bets from
// one member, the odds-type setting, and settlement by an operator or the clock (each bet paid once, its valid
// bet in the withdrawal audit, the ledger balanced). On PGlite and, in server-pg, PostgreSQL.
process.env.SPORTSBOOK_SWEEP_MS = '0';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, findTransfer, balanceOf } from '../../server/modules/ledger/ledger.ts';
import { runOpsCommand } from '../../server/ops/commands.ts';
import {
  SPORTSBOOK_API,
  SPORTSBOOK_CODE,
  SPORTSBOOK_MAX_STAKE,
  SPORTSBOOK_MIN_STAKE,
  type Match,
  type SportsBet,
} from '../../src/protocol/sportsbook.ts';
import { EXPIRED_MESSAGE } from '../../src/protocol/venues.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { credential, fund, newMember, requestId, setUpVenues } from './sportsbook-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await setUpVenues(t.db);
});
afterAll(async () => {
  await t?.close();
});

async function call(token: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: `${SPORTSBOOK_API}${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.json() as { status_code: number; message: string; data: any } };
}

/** A player at a venue with money in its venue wallet. */
async function player(venue = 'IMTY', fen = 1_000_000) {
  const m = await newMember(t.db);
  if (fen > 0) await fund(t.db, m.id, venue, fen);
  return { ...m, token: await credential(t.db, m.id, venue), venue };
}

async function early(token: string, sport = 'football'): Promise<Match[]> {
  const { body } = await call(token, 'GET', `/matches?phase=early&sport=${sport}`);
  expect(body.status_code).toBe(6000);
  return body.data.matches;
}

const sel = (m: Match, kind: string, pick: string, line?: number) =>
  m.markets
    .find((k) => k.kind === kind && (line === undefined || k.lineQuarters === line))!
    .selections.find((s) => s.pick === pick)!;

const place = (
  token: string,
  selections: Array<{ id: string; odds: number }>,
  stake = 10_000,
  extra: object = {},
) =>
  call(token, 'POST', '/bets', {
    requestId: requestId(),
    stake,
    selections: selections.map((s) => ({ selectionId: s.id, odds: s.odds })),
    acceptChangedOdds: false,
    ...extra,
  });

const venueFen = async (memberId: number, venue = 'IMTY') =>
  (await balanceOf(t.db, { memberId, kind: 'venue', venue })).balance;

describe('the venue credential', () => {
  it('missing, unknown, expired, or another venue’s: 40001 with the expired message, on every call', async () => {
    const p = await player();
    const expired = await credential(t.db, p.id, 'IMTY', -10);
    const otherVenue = await credential(t.db, p.id, 'KYQP');
    const calls: Array<['GET' | 'POST' | 'PUT', string, unknown?]> = [
      ['GET', '/session'],
      ['GET', '/matches?phase=live'],
      ['GET', '/matches/FB20260315001'],
      ['POST', '/bets', { requestId: requestId(), stake: 10_000, selections: [], acceptChangedOdds: true }],
      ['GET', '/bets'],
      ['PUT', '/settings', { oddsType: 2 }],
    ];
    for (const token of [null, 'x'.repeat(43), expired, otherVenue]) {
      for (const [method, url, payload] of calls) {
        const { status, body } = await call(token, method, url, payload);
        expect(status).toBe(200);
        expect(body).toEqual({ status_code: SPORTSBOOK_CODE.expired, message: EXPIRED_MESSAGE, data: null });
      }
    }
  });
});

describe('reads', () => {
  it('session: the venue, the masked player, the venue wallet, the odds type, the clock rate', async () => {
    const p = await player('IMTY', 123_456);
    const { body } = await call(p.token, 'GET', '/session');
    expect(body.status_code).toBe(6000);
    expect(body.data).toEqual({
      venue: 'IMTY',
      venueName: 'IM 体育',
      player: `${p.phone.slice(0, 2)}**${p.phone.slice(-2)}`,
      balance: 123_456,
      oddsType: 3,
      clockRate: 6, // 10 real seconds a match minute: 6 match minutes a real minute
    });
  });

  it('matches: live, today, early, by sport; an esports venue sees esports only', async () => {
    const p = await player();
    const live = (await call(p.token, 'GET', '/matches?phase=live')).body.data;
    expect(live.matches.length).toBeGreaterThan(0);
    expect(live.matches.every((m: Match) => m.phase === 'live')).toBe(true);
    expect(Date.parse(live.serverTime)).toBeGreaterThan(0);
    const football = await early(p.token);
    expect(football.length).toBe(30);
    expect(
      football.every((m) => m.sport === 'football' && m.phase === 'prematch' && m.markets.length === 8),
    ).toBe(true);
    const dj = await player('IMDJ', 0);
    const esports = (await call(dj.token, 'GET', '/matches?phase=early')).body.data.matches as Match[];
    expect(esports.length).toBe(30);
    expect(esports.every((m) => m.sport === 'esports' && typeof m.title === 'string')).toBe(true);
    expect((await call(dj.token, 'GET', '/matches?phase=early&sport=football')).body.data.matches).toEqual(
      [],
    );
    expect((await call(p.token, 'GET', '/matches?phase=someday')).body.status_code).toBe(10003);
  });

  it('one match by id; a match the venue does not have answers 40010', async () => {
    const p = await player();
    const m = (await early(p.token))[3]!;
    const { body } = await call(p.token, 'GET', `/matches/${m.id}`);
    expect(body.data).toEqual(m);
    const dj = await player('IMDJ', 0);
    expect((await call(dj.token, 'GET', `/matches/${m.id}`)).body.status_code).toBe(
      SPORTSBOOK_CODE.matchNotFound,
    );
    expect((await call(p.token, 'GET', `/matches/${m.id.slice(0, 10)}999`)).body.status_code).toBe(
      SPORTSBOOK_CODE.matchNotFound,
    );
    expect((await call(p.token, 'GET', '/matches/nonsense')).body.status_code).toBe(10003);
  });
});

describe('placing a bet', () => {
  it('a single: one transaction writes the bet, its leg and the stake venue wallet → house', async () => {
    const p = await player();
    const m = (await early(p.token))[0]!;
    const s = sel(m, 'ah', 'home', m.markets[2]!.lineQuarters!);
    const rid = requestId();
    const { body } = await call(p.token, 'POST', '/bets', {
      requestId: rid,
      stake: 25_000,
      selections: [{ selectionId: s.id, odds: s.odds }],
      acceptChangedOdds: false,
    });
    expect(body.status_code).toBe(6000);
    const bet = body.data as SportsBet;
    expect(bet).toMatchObject({
      requestId: rid,
      venue: 'IMTY',
      kind: 'single',
      stake: 25_000,
      odds: s.odds,
      payout: 0,
      status: 'open',
      settledAt: null,
    });
    expect(bet.orderNo).toMatch(/^SB\d{14}[A-Z2-9]{8}$/);
    expect(bet.legs).toEqual([
      {
        selectionId: s.id,
        matchId: m.id,
        match: `${m.home} vs ${m.away}`,
        market: 'ah',
        lineQuarters: m.markets[2]!.lineQuarters,
        pick: 'home',
        odds: s.odds,
        status: 'open',
      },
    ]);
    expect(await venueFen(p.id)).toBe(1_000_000 - 25_000);
    expect(await balanceOf(t.db, { kind: 'house', venue: 'IMTY' })).toMatchObject({
      balance: expect.any(Number),
    });
    const stake = await findTransfer(t.db, `sb-stake:${bet.orderNo}`);
    expect(stake).toMatchObject({ amount: 25_000, kind: 'bet_stake', state: 'posted' });
    const row = (
      await t.db.query<any>('SELECT game, play, pick, odds, stake, status FROM bets WHERE order_no = $1', [
        bet.orderNo,
      ])
    ).rows[0];
    expect(row.game).toBe(`${m.home} vs ${m.away}`);
    expect(row.play).toMatch(/^让球 /);
    expect(row.pick.startsWith(m.home)).toBe(true);
    const open = (await call(p.token, 'GET', '/bets?status=open')).body.data.bets as SportsBet[];
    expect(open.map((b) => b.orderNo)).toEqual([bet.orderNo]);
    expect((await call(p.token, 'GET', '/bets?status=settled')).body.data.bets).toEqual([]);
  });

  it('a parlay of different matches: combined odds, 2串1', async () => {
    const p = await player();
    const [a, b] = await early(p.token);
    const s1 = sel(a!, '1x2', 'home');
    const s2 = sel(b!, 'oe', 'odd');
    const { body } = await place(p.token, [s1, s2]);
    expect(body.status_code).toBe(6000);
    expect(body.data).toMatchObject({ kind: 'parlay', odds: Math.floor((s1.odds * s2.odds) / 1000) });
    const row = (
      await t.db.query<any>('SELECT game, play FROM bets WHERE order_no = $1', [body.data.orderNo])
    ).rows[0];
    expect(row).toEqual({ game: '串关', play: '2串1' });
  });

  it('every reason a selection or a slip cannot be placed, each with its code, nothing written', async () => {
    const p = await player();
    const [a, b] = await early(p.token);
    const s = sel(a!, '1x2', 'home');
    const before = await venueFen(p.id);
    const code = async (res: Promise<{ body: { status_code: number } }>) => (await res).body.status_code;
    // Stake limits (fen): 10.00 and 50,000.00.
    expect(await code(place(p.token, [s], SPORTSBOOK_MIN_STAKE - 1))).toBe(SPORTSBOOK_CODE.stakeOutOfRange);
    expect(await code(place(p.token, [s], SPORTSBOOK_MAX_STAKE + 1))).toBe(SPORTSBOOK_CODE.stakeOutOfRange);
    // Two picks from one match in a parlay.
    expect(await code(place(p.token, [s, sel(a!, 'oe', 'odd')]))).toBe(SPORTSBOOK_CODE.sameMatch);
    // Odds changed: refused with the current prices unless accepted.
    const changed = await place(p.token, [{ id: s.id, odds: s.odds + 10 }]);
    expect(changed.body.status_code).toBe(SPORTSBOOK_CODE.oddsChanged);
    expect(changed.body.data).toEqual({ selections: [s] });
    // Unknown selections, no legs, too many legs.
    expect(await code(place(p.token, [{ id: `${a!.id}.pre.1x2.n.over`, odds: 2000 }]))).toBe(
      SPORTSBOOK_CODE.invalidSlip,
    );
    expect(await code(place(p.token, []))).toBe(SPORTSBOOK_CODE.invalidSlip);
    const eleven = (await early(p.token)).slice(0, 11).map((m) => sel(m, 'oe', 'even'));
    expect(await code(place(p.token, eleven))).toBe(SPORTSBOOK_CODE.invalidSlip);
    // A pre-match price of a match that has kicked off; a line that is not offered (suspended).
    const live = (await call(p.token, 'GET', '/matches?phase=live&sport=football')).body.data
      .matches as Match[];
    expect(await code(place(p.token, [{ id: `${live[0]!.id}.pre.1x2.n.home`, odds: 2000 }]))).toBe(
      SPORTSBOOK_CODE.matchStarted,
    );
    expect(await code(place(p.token, [{ id: `${live[0]!.id}.live.ah.400.home`, odds: 2000 }]))).toBe(
      SPORTSBOOK_CODE.selectionSuspended,
    );
    // A match an operator cancelled.
    await runOpsCommand(t.db, ['sportsbook', 'cancel', b!.id]);
    expect(await code(place(p.token, [sel(b!, '1x2', 'away')]))).toBe(SPORTSBOOK_CODE.matchStarted);
    // A possible payout above ¥1,000,000.
    const long = (await early(p.token)).slice(2, 12).map((m) => sel(m, '1x2', 'draw'));
    const big = await place(p.token, long, SPORTSBOOK_MAX_STAKE);
    expect(big.body).toMatchObject({
      status_code: SPORTSBOOK_CODE.stakeOutOfRange,
      message: '超过单注最高派彩，请降低投注金额',
    });
    // More than the venue wallet holds.
    expect(await code(place(p.token, [s], before + 1))).toBe(SPORTSBOOK_CODE.insufficientBalance);
    expect(await venueFen(p.id)).toBe(before);
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM bets WHERE member_id = $1',
      [p.id],
    );
    expect(rows[0]!.n).toBe(0);
    // A bad shape is the server's validation code.
    expect((await call(p.token, 'POST', '/bets', { requestId: 'x', stake: 1 })).body.status_code).toBe(10003);
  });

  it('acceptChangedOdds takes the current price', async () => {
    const p = await player();
    const s = sel((await early(p.token))[4]!, 'ou', 'over', undefined);
    const { body } = await place(p.token, [{ id: s.id, odds: s.odds - 100 }], 10_000, {
      acceptChangedOdds: true,
    });
    expect(body.status_code).toBe(6000);
    expect(body.data.odds).toBe(s.odds);
  });

  it('the same request id places once: the first bet again, or 40008 for another slip', async () => {
    const p = await player();
    const [a, b] = await early(p.token);
    const s = sel(a!, '1x2', 'away');
    const rid = requestId();
    const slip = {
      requestId: rid,
      stake: 10_000,
      selections: [{ selectionId: s.id, odds: s.odds }],
      acceptChangedOdds: false,
    };
    const answers = await Promise.all(Array.from({ length: 50 }, () => call(p.token, 'POST', '/bets', slip)));
    const orders = new Set(answers.map((r) => r.body.data?.orderNo));
    expect(answers.every((r) => r.body.status_code === 6000)).toBe(true);
    expect(orders.size).toBe(1);
    expect(await venueFen(p.id)).toBe(1_000_000 - 10_000);
    // Even with a stale price: the first bet is the answer.
    expect(
      (await call(p.token, 'POST', '/bets', { ...slip, selections: [{ selectionId: s.id, odds: 1234 }] }))
        .body.data.orderNo,
    ).toBe([...orders][0]);
    const other = await call(p.token, 'POST', '/bets', { ...slip, stake: 20_000 });
    expect(other.body.status_code).toBe(SPORTSBOOK_CODE.duplicateRequest);
    const otherPick = await call(p.token, 'POST', '/bets', {
      ...slip,
      selections: [{ selectionId: sel(b!, '1x2', 'away').id, odds: 2000 }],
    });
    expect(otherPick.body.status_code).toBe(SPORTSBOOK_CODE.duplicateRequest);
  });

  it('hundreds of parallel bets from one member never overdraw the venue wallet', async () => {
    const p = await player('IMTY', 150_000);
    const matches = (await early(p.token)).slice(20, 30); // matches no other test settles
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        place(p.token, [sel(matches[i % matches.length]!, 'oe', i % 2 ? 'odd' : 'even')], 1_000),
      ),
    );
    const codes = answers.map((r) => r.body.status_code);
    expect(codes.filter((c) => c === 6000).length).toBe(150);
    expect(codes.filter((c) => c === SPORTSBOOK_CODE.insufficientBalance).length).toBe(50);
    expect(await venueFen(p.id)).toBe(0);
    const { rows } = await t.db.query<{ n: number; sum: string }>(
      'SELECT count(*)::int AS n, sum(stake) AS sum FROM bets WHERE member_id = $1',
      [p.id],
    );
    expect(rows[0]).toEqual({ n: 150, sum: '150000' });
    expect((await checkLedger(t.db)).problems).toEqual([]);
  }, 60_000);
});

describe('the odds type', () => {
  it('PUT /settings keeps it per player (member_odds_types); the session shows it', async () => {
    const p = await player();
    expect((await call(p.token, 'PUT', '/settings', { oddsType: 2 })).body).toEqual({
      status_code: 6000,
      message: 'success',
      data: { oddsType: 2 },
    });
    expect((await call(p.token, 'GET', '/session')).body.data.oddsType).toBe(2);
    const { rows } = await t.db.query<{ odds_type: number }>(
      'SELECT odds_type FROM member_odds_types WHERE member_id = $1',
      [p.id],
    );
    expect(rows[0]!.odds_type).toBe(2);
    expect((await call(p.token, 'PUT', '/settings', { oddsType: 5 })).body.status_code).toBe(10003);
  });
});

describe('settlement', () => {
  const ops = (...argv: string[]) => runOpsCommand(t.db, ['sportsbook', ...argv]);
  const betRow = async (orderNo: string) =>
    (
      await t.db.query<any>(
        'SELECT status, payout::int AS payout, valid_bet::int AS valid, settled_at FROM bets WHERE order_no = $1',
        [orderNo],
      )
    ).rows[0];
  const valid = async (orderNo: string) => {
    const r = (
      await t.db.query<{ amount: string }>('SELECT amount FROM valid_bets WHERE bet_id = $1', [orderNo])
    ).rows[0];
    return r ? Number(r.amount) : null;
  };

  it('an operator result settles every bet of the match by the rules, once; the ledger balances', async () => {
    const p = await player('IMTY', 1_000_000);
    const m = (await early(p.token))[10]!;
    const quarterAh = m.markets.find((k) => k.kind === 'ah' && Math.abs(k.lineQuarters!) % 2 === 1)!;
    const q = quarterAh.lineQuarters!;
    const home = quarterAh.selections[0]!;
    const draw = sel(m, '1x2', 'draw');
    const odd = sel(m, 'oe', 'odd');
    const b1 = (await place(p.token, [home])).body.data as SportsBet;
    const b2 = (await place(p.token, [draw], 20_000)).body.data as SportsBet;
    const b3 = (await place(p.token, [odd], 30_000)).body.data as SportsBet;
    const before = await venueFen(p.id);
    // A score that makes the quarter line half: −0.25/+0.25 at 0:0, −0.75 at 1:0, −1.25 at 1:0 …
    const score =
      q === -1 || q === 1 ? [0, 0] : q < 0 ? [Math.floor((-q + 1) / 4), 0] : [0, Math.floor((q + 1) / 4)];
    const [h, a] = score as [number, number];
    const out = await ops('settle', m.id, `${h}:${a}`);
    expect(out).toMatch(new RegExp(`^match ${m.id} .* ended ${h}:${a}; settled 3 bets`));
    const r1 = await betRow(b1.orderNo);
    const half = r1.status as string;
    expect(['half_won', 'half_lost']).toContain(half);
    const stake1 = 10_000;
    const pay1 = half === 'half_won' ? Math.floor((stake1 * (home.odds + 1000)) / 2000) : stake1 / 2;
    expect(r1).toMatchObject({ payout: pay1, valid: stake1 / 2 });
    const r2 = await betRow(b2.orderNo);
    expect(r2).toMatchObject(
      h === a
        ? { status: 'won', payout: Math.floor((20_000 * draw.odds) / 1000) }
        : { status: 'lost', payout: 0 },
    );
    const r3 = await betRow(b3.orderNo);
    expect(r3.status).toBe((h + a) % 2 === 1 ? 'won' : 'lost');
    expect(await venueFen(p.id)).toBe(before + r1.payout + r2.payout + r3.payout);
    expect(await valid(b1.orderNo)).toBe(stake1 / 2);
    expect(await valid(b2.orderNo)).toBe(20_000);
    // Again, the same: nothing more; another score: refused.
    expect(await ops('settle', m.id, `${h}:${a}`)).toMatch(/\(already\); settled 0 bets, paid 0\.00/);
    await expect(ops('settle', m.id, `${h + 5}:${a}`)).rejects.toThrow(/already ended/);
    await expect(ops('cancel', m.id)).rejects.toThrow(/already ended/);
    expect(await venueFen(p.id)).toBe(before + r1.payout + r2.payout + r3.payout);
    expect((await call(p.token, 'GET', '/bets?status=settled')).body.data.bets.length).toBe(3);
    const settled = (await call(p.token, 'GET', `/bets?status=settled`)).body.data.bets.find(
      (b: SportsBet) => b.orderNo === b1.orderNo,
    );
    expect(settled.legs[0].status).toBe(half);
    expect((await call(p.token, 'GET', `/matches/${m.id}`)).body.data).toMatchObject({
      phase: 'ended',
      score: { home: h, away: a },
      markets: [],
    });
    expect((await checkLedger(t.db)).problems).toEqual([]);
  });

  it('a cancelled match voids its bets (stake back, no valid bet); in a parlay the leg counts at 1.00', async () => {
    const p = await player('IMTY', 1_000_000);
    const [a, b] = (await early(p.token)).slice(12, 14);
    const single = (await place(p.token, [sel(a!, '1x2', 'home')], 40_000)).body.data as SportsBet;
    const s2 = sel(b!, '1x2', 'home');
    const parlay = (await place(p.token, [sel(a!, 'oe', 'even'), s2], 10_000)).body.data as SportsBet;
    const before = await venueFen(p.id);
    const out = await ops('cancel', a!.id);
    expect(out).toMatch(/cancelled; settled 1 bet, paid 400\.00$/);
    expect(await betRow(single.orderNo)).toMatchObject({ status: 'void', payout: 40_000, valid: 0 });
    expect(await valid(single.orderNo)).toBeNull();
    expect((await findTransfer(t.db, `sb-pay:${single.orderNo}`))?.kind).toBe('bet_refund');
    // The parlay waits for its other match; then pays the other leg's odds alone.
    expect((await betRow(parlay.orderNo)).status).toBe('open');
    await ops('settle', b!.id, '3:0');
    expect(await betRow(parlay.orderNo)).toMatchObject({
      status: 'won',
      payout: Math.floor((10_000 * s2.odds) / 1000),
      valid: 10_000,
    });
    expect(await venueFen(p.id)).toBe(before + 40_000 + Math.floor((10_000 * s2.odds) / 1000));
  });

  it('both sides of one even-money market count no valid bet; a one-sided excess counts', async () => {
    const p = await player('IMTY', 1_000_000);
    const m = (await early(p.token))[15]!;
    const line = m.markets.find((k) => k.kind === 'ou')!;
    const over = (await place(p.token, [line.selections[0]!], 30_000)).body.data as SportsBet;
    const under = (await place(p.token, [line.selections[1]!], 30_000)).body.data as SportsBet;
    const oe1 = (await place(p.token, [sel(m, 'oe', 'odd')], 50_000)).body.data as SportsBet;
    const oe2 = (await place(p.token, [sel(m, 'oe', 'even')], 20_000)).body.data as SportsBet;
    await ops('settle', m.id, '4:3');
    expect((await betRow(over.orderNo)).valid).toBe(0);
    expect((await betRow(under.orderNo)).valid).toBe(0);
    // Odd 50000 against even 20000: 30000 of the odd side counts, the even side nothing.
    expect((await betRow(oe1.orderNo)).valid).toBe(30_000);
    expect((await betRow(oe2.orderNo)).valid).toBe(0);
    expect(await valid(over.orderNo)).toBeNull();
  });

  it('the clock ends live matches: advancing it settles them by their timelines', async () => {
    const p = await player('IMTY', 1_000_000);
    const live = (await call(p.token, 'GET', '/matches?phase=live&sport=football')).body.data
      .matches as Match[];
    const m = live.find((x) => x.markets.some((k) => k.selections.some((s) => !s.suspended)))!;
    const s = m.markets.flatMap((k) => k.selections).find((x) => !x.suspended)!;
    const bet = await place(p.token, [s], 10_000, { acceptChangedOdds: true });
    expect(bet.body.status_code).toBe(6000);
    expect(await runOpsCommand(t.db, ['sportsbook', 'sweep'])).toMatch(/settled 0 bets/);
    const out = await ops('advance', '90');
    expect(out).toMatch(/sandbox clock \+90 match minutes \(900 s\)/);
    const row = await betRow(bet.body.data.orderNo);
    expect(row.status).not.toBe('open');
    const ended = (await call(p.token, 'GET', `/matches/${m.id}`)).body.data as Match;
    expect(ended.phase).toBe('ended');
    const { rows } = await t.db.query<any>(
      'SELECT state, home, away, source FROM sportsbook_results WHERE match_id = $1',
      [m.id],
    );
    expect(rows[0]).toEqual({
      state: 'ended',
      home: ended.score!.home,
      away: ended.score!.away,
      source: 'clock',
    });
    expect((await checkLedger(t.db)).problems).toEqual([]);
  });

  it('operator words: a bad match, score or minutes is a usage error', async () => {
    await expect(ops('settle', 'FB20260230000', '1:0')).rejects.toThrow(/no match/);
    await expect(ops('settle', 'FB20260315000', 'one-nil')).rejects.toThrow(/score/);
    await expect(ops('settle', 'TN20260315000', '3:0')).rejects.toThrow(/has won 2/);
    await expect(ops('advance', '0')).rejects.toThrow(/minutes/);
    await expect(ops('live', 'cricket')).rejects.toThrow(/football/);
    expect(await ops('live')).toMatch(/^(FB|BK|TN|ES)\d{11} /);
    await expect(ops('what')).rejects.toThrow(/sportsbook settle/);
  });
});
