// The bet record (issue 11 §5; /mine/record/betRecord): every bet of every venue from the one `bets` table,
// filtered by platform, venue, status and a range of China-time days (at most 31), paged, with each day's
// totals over the whole filtered range; net = payout − stake once settled. Rows are inserted directly (the
// sandbox sportsbook writes them in production). PGlite, and PostgreSQL in server-pg.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../src/protocol/api.ts';
import type { TestApp } from '../support/test-app.ts';
import { as, PATH, player, venueApp, type Player } from './venue-helpers.ts';

/** Design (src/protocol/bets.ts): 31 days at most, pages of 20 (at most 50). */
const MAX_DAYS = 31;

let t: TestApp;
let p: Player;
let other: Player;
let seq = 0;

interface Bet {
  venue: string;
  /** UTC instant. */
  at: string;
  stake: number;
  status?: string;
  payout?: number;
  validBet?: number;
  odds?: number | null;
  member?: Player;
}

async function bet(b: Bet): Promise<string> {
  seq += 1;
  const orderNo = `B${String(seq).padStart(6, '0')}`;
  const status = b.status ?? 'open';
  await t.db.query(
    `INSERT INTO bets (order_no, member_id, venue, request_id, game, play, pick, odds, stake, valid_bet, payout,
                       status, placed_at, settled_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::timestamptz,
             CASE WHEN $12 = 'open' THEN NULL ELSE $13::timestamptz + interval '2 hours' END)`,
    [
      orderNo,
      (b.member ?? p).id,
      b.venue,
      `req-${seq}`,
      `比赛 ${seq}`,
      '全场独赢',
      '主胜',
      b.odds === undefined ? 1950 : b.odds,
      b.stake,
      b.validBet ?? (status === 'open' ? 0 : b.stake),
      b.payout ?? 0,
      status,
      b.at,
    ],
  );
  return orderNo;
}

const records = (payload: Record<string, unknown>, who: Player = p) =>
  as(t, who, 'POST', PATH.betRecords, payload);

beforeAll(async () => {
  t = await venueApp();
  p = await player(t);
  other = await player(t);
  // Days in China time: 2026-11-24 runs from 2026-11-23T16:00Z to 2026-11-24T16:00Z.
  await bet({ venue: 'IMTY', at: '2026-11-23T15:59:59.999Z', stake: 1_000, status: 'won', payout: 1_950 }); // 11-23
  await bet({ venue: 'IMTY', at: '2026-11-23T16:00:00.000Z', stake: 2_000, status: 'lost' }); // 11-24 first instant
  await bet({ venue: 'YBTY', at: '2026-11-24T03:00:00Z', stake: 3_000, status: 'half_won', payout: 5_925 }); // 11-24
  await bet({ venue: 'FBTY', at: '2026-11-24T15:59:59.999Z', stake: 4_000 }); // 11-24 last instant, open
  await bet({
    venue: 'IMDJ',
    at: '2026-11-24T16:00:00Z',
    stake: 5_000,
    status: 'push',
    payout: 5_000,
    validBet: 0,
  }); // 11-25
  await bet({
    venue: 'LHDJ',
    at: '2026-11-25T10:00:00Z',
    stake: 6_000,
    status: 'void',
    payout: 6_000,
    validBet: 0,
    odds: null,
  }); // 11-25
  await bet({ venue: 'IMTY', at: '2026-11-25T11:00:00Z', stake: 7_000, status: 'half_lost', payout: 3_500 }); // 11-25
  await bet({
    venue: 'IMTY',
    at: '2026-11-25T12:00:00Z',
    stake: 9_999,
    member: other,
    status: 'won',
    payout: 19_998,
  });
});
afterAll(() => t.close());

describe('POST /game/api/v1/bet/records', () => {
  it('needs a login (spec §6: 10004)', async () => {
    const { body } = await t.call({
      method: 'POST',
      url: PATH.betRecords,
      payload: { from: '2026-11-24', to: '2026-11-24' },
    });
    expect(body.status_code).toBe(CODE.tokenInvalid);
  });

  it('answers one China-time day exactly, newest first, with every field', async () => {
    const { body } = await records({ from: '2026-11-24', to: '2026-11-24' });
    expect(body.status_code).toBe(CODE.success);
    const d = body.data;
    expect(d.items.map((i: { orderNo: string }) => i.orderNo)).toEqual(['B000004', 'B000003', 'B000002']);
    expect(d).toMatchObject({ total: 3, page: 1, size: 20 });
    expect(d.items[0]).toEqual({
      orderNo: 'B000004',
      venue: 'FBTY',
      venueName: 'FB 体育',
      platform: 'TY',
      game: '比赛 4',
      play: '全场独赢',
      pick: '主胜',
      odds: 1950,
      stake: 4_000,
      validBet: 0,
      payout: 0,
      net: null,
      status: 'open',
      placedAt: '2026-11-24T15:59:59.999Z',
      settledAt: null,
    });
    expect(d.items[1]).toMatchObject({
      venue: 'YBTY',
      venueName: 'OB 体育',
      status: 'half_won',
      net: 2_925,
      validBet: 3_000,
    });
    expect(d.items[1].settledAt).toBe('2026-11-24T05:00:00.000Z');
    expect(d.items[2]).toMatchObject({ status: 'lost', net: -2_000, payout: 0 });
    // The day's totals: 3 bets, stake 9 000, valid bet of the settled ones, net of the settled ones.
    expect(d.days).toEqual([{ day: '2026-11-24', count: 3, stake: 9_000, validBet: 5_000, net: 925 }]);
  });

  it('totals every day of the range over every page, newest day first', async () => {
    const { body } = await records({ from: '2026-11-01', to: '2026-11-30', size: 2 });
    const d = body.data;
    expect(d.total).toBe(7);
    expect(d.items).toHaveLength(2);
    expect(d.days).toEqual([
      // 11-25: push (0), void (0), half_lost (−3 500); valid bet of push/void is 0.
      { day: '2026-11-25', count: 3, stake: 18_000, validBet: 7_000, net: -3_500 },
      { day: '2026-11-24', count: 3, stake: 9_000, validBet: 5_000, net: 925 },
      { day: '2026-11-23', count: 1, stake: 1_000, validBet: 1_000, net: 950 },
    ]);
    const pages: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const r = (await records({ from: '2026-11-01', to: '2026-11-30', size: 2, page })).body.data;
      expect(r.total).toBe(7);
      expect(r.days).toEqual(d.days);
      pages.push(...r.items.map((i: { orderNo: string }) => i.orderNo));
    }
    expect(pages).toEqual(['B000007', 'B000006', 'B000005', 'B000004', 'B000003', 'B000002', 'B000001']);
    expect(
      (await records({ from: '2026-11-01', to: '2026-11-30', size: 2, page: 5 })).body.data.items,
    ).toEqual([]);
  });

  it('filters by platform, venue (OBTY is YBTY) and status; the totals follow the filter', async () => {
    const codes = async (f: Record<string, unknown>) =>
      (
        (await records({ from: '2026-11-20', to: '2026-11-30', ...f })).body.data.items as Array<{
          orderNo: string;
        }>
      ).map((i) => i.orderNo);
    expect(await codes({ platform: 'DJ' })).toEqual(['B000006', 'B000005']);
    expect(await codes({ platform: 'TY' })).toEqual(['B000007', 'B000004', 'B000003', 'B000002', 'B000001']);
    expect(await codes({ platform: 'DZ' })).toEqual([]);
    expect(await codes({ venue: 'IMTY' })).toEqual(['B000007', 'B000002', 'B000001']);
    expect(await codes({ venue: 'OBTY' })).toEqual(['B000003']);
    expect(await codes({ status: 'open' })).toEqual(['B000004']);
    expect(await codes({ status: 'void' })).toEqual(['B000006']);
    expect(await codes({ platform: 'TY', status: 'won' })).toEqual(['B000001']);
    expect(await codes({ platform: 'DJ', venue: 'IMTY' })).toEqual([]);
    const dj = (await records({ from: '2026-11-20', to: '2026-11-30', platform: 'DJ' })).body.data;
    expect(dj.days).toEqual([{ day: '2026-11-25', count: 2, stake: 11_000, validBet: 0, net: 0 }]);
    const open = (await records({ from: '2026-11-20', to: '2026-11-30', status: 'open' })).body.data;
    expect(open.days).toEqual([{ day: '2026-11-24', count: 1, stake: 4_000, validBet: 0, net: 0 }]);
  });

  it("shows only the caller's bets", async () => {
    const mine = (await records({ from: '2026-11-25', to: '2026-11-25' })).body.data;
    expect(mine.items.map((i: { orderNo: string }) => i.orderNo)).not.toContain('B000008');
    const theirs = (await records({ from: '2026-11-25', to: '2026-11-25' }, other)).body.data;
    expect(theirs.items.map((i: { orderNo: string }) => i.orderNo)).toEqual(['B000008']);
    expect(theirs.days).toEqual([{ day: '2026-11-25', count: 1, stake: 9_999, validBet: 9_999, net: 9_999 }]);
  });

  it(`takes a range of at most ${MAX_DAYS} days, in order, of real dates (10003 otherwise)`, async () => {
    expect((await records({ from: '2026-11-01', to: '2026-12-01' })).body.status_code).toBe(CODE.success); // 31 days
    for (const bad of [
      { from: '2026-11-01', to: '2026-12-02' }, // 32 days
      { from: '2026-11-25', to: '2026-11-24' },
      { from: '2026-02-29', to: '2026-03-01' }, // 2026 is not a leap year
      { from: '2026-13-01', to: '2026-13-02' },
      { from: '2026-11-31', to: '2026-12-01' },
      { from: '0000-01-01', to: '0000-01-02' },
      { from: '2026-1-01', to: '2026-11-02' },
      { from: '2026-11-01' },
      { to: '2026-11-01' },
      { from: '2026-11-01', to: '2026-11-02', size: 51 },
      { from: '2026-11-01', to: '2026-11-02', size: 0 },
      { from: '2026-11-01', to: '2026-11-02', page: 0 },
      { from: '2026-11-01', to: '2026-11-02', platform: 'XX' },
      { from: '2026-11-01', to: '2026-11-02', status: 'cashed' },
      { from: '2026-11-01', to: '2026-11-02', venue: 'a b' },
      { from: '2026-11-01', to: '2026-11-02', extra: true },
    ]) {
      const { body } = await records(bad);
      expect(body.status_code, JSON.stringify(bad)).toBe(CODE.validation);
    }
    const range = await records({ from: '2026-11-01', to: '2026-12-02' });
    expect(range.body.message).toContain('31');
    expect((await records({ from: '2024-02-29', to: '2024-02-29' })).body.status_code).toBe(CODE.success); // leap day
    expect((await records({ from: '2026-11-01', to: '2026-11-02', size: 50 })).body.data.size).toBe(50);
  });
});
