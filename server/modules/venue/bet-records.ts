// The bet record (issue 11 §5; /mine/record/betRecord; docs/venues.md "Bet records"): every bet of every venue
// from the one `bets` table (the venues write it), filtered, one page, and each day's totals over the whole
// filtered range. Days are the player's calendar days in China time (UTC+8, no daylight saving).
import { CODE } from '../../../src/protocol/api.ts';
import {
  BET_RECORD_MAX_DAYS,
  type BetRecordRequest,
  type BetRecordResponse,
  type BetRecordStatus,
} from '../../../src/protocol/bets.ts';
import type { Platform } from '../../../src/protocol/venues.ts';
import type { Queryable } from '../../db/db.ts';
import { ApiError } from '../../http/envelope.ts';
import { canonicalVenueCode } from './catalogue.ts';
import { VENUE_MESSAGE } from './messages.ts';

const DAY_MS = 86_400_000;
/** China time is UTC+8 all year. */
export const CHINA_OFFSET_MS = 8 * 3_600_000;

/** A YYYY-MM-DD that names a real calendar day, as the UTC midnight of that day (ms); null otherwise. */
export function calendarDay(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 2000 || y > 2999) return null;
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  return back.getUTCFullYear() === y && back.getUTCMonth() === mo - 1 && back.getUTCDate() === d ? ms : null;
}

/** The instants [start, end) of China-time days from..to inclusive; 10003 when not a range of at most 31 days. */
export function chinaRange(from: string, to: string): { start: Date; end: Date } {
  const a = calendarDay(from);
  const b = calendarDay(to);
  if (a === null || b === null) throw new ApiError(CODE.validation, VENUE_MESSAGE.dateInvalid);
  if (a > b) throw new ApiError(CODE.validation, VENUE_MESSAGE.dateOrder);
  if ((b - a) / DAY_MS + 1 > BET_RECORD_MAX_DAYS)
    throw new ApiError(CODE.validation, VENUE_MESSAGE.dateRange);
  return { start: new Date(a - CHINA_OFFSET_MS), end: new Date(b + DAY_MS - CHINA_OFFSET_MS) };
}

interface BetRow {
  order_no: string;
  venue: string;
  venue_name: string;
  platform: Platform;
  game: string;
  play: string;
  pick: string;
  odds: number | null;
  stake: string;
  valid_bet: string;
  payout: string;
  status: BetRecordStatus;
  placed_at: Date | string;
  settled_at: Date | string | null;
}

/** The China-time day of an instant, as SQL (YYYY-MM-DD). */
const CHINA_DAY_SQL = `to_char((b.placed_at AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;

export async function betRecords(
  q: Queryable,
  memberId: number,
  req: BetRecordRequest & { page: number; size: number },
): Promise<BetRecordResponse> {
  const { start, end } = chinaRange(req.from, req.to);
  const params: unknown[] = [memberId, start.toISOString(), end.toISOString()];
  const where = ['b.member_id = $1', 'b.placed_at >= $2::timestamptz', 'b.placed_at < $3::timestamptz'];
  if (req.platform) {
    params.push(req.platform);
    where.push(`v.platform = $${params.length}`);
  }
  if (req.venue) {
    params.push(canonicalVenueCode(req.venue));
    where.push(`b.venue = $${params.length}`);
  }
  if (req.status) {
    params.push(req.status);
    where.push(`b.status = $${params.length}`);
  }
  const from = `FROM bets b JOIN venues v ON v.code = b.venue WHERE ${where.join(' AND ')}`;
  const [page, days] = await Promise.all([
    q.query<BetRow>(
      `SELECT b.order_no, b.venue, v.name AS venue_name, v.platform, b.game, b.play, b.pick, b.odds, b.stake,
              b.valid_bet, b.payout, b.status, b.placed_at, b.settled_at
         ${from} ORDER BY b.placed_at DESC, b.id DESC LIMIT ${req.size} OFFSET ${(req.page - 1) * req.size}`,
      params,
    ),
    q.query<{ day: string; count: number; stake: string; valid_bet: string; net: string }>(
      `SELECT ${CHINA_DAY_SQL} AS day, count(*)::int AS count, sum(b.stake) AS stake,
              coalesce(sum(b.valid_bet) FILTER (WHERE b.status <> 'open'), 0) AS valid_bet,
              coalesce(sum(b.payout - b.stake) FILTER (WHERE b.status <> 'open'), 0) AS net
         ${from} GROUP BY 1 ORDER BY 1 DESC`,
      params,
    ),
  ]);
  return {
    items: page.rows.map((r) => {
      const stake = Number(r.stake);
      const payout = Number(r.payout);
      const open = r.status === 'open';
      return {
        orderNo: r.order_no,
        venue: r.venue,
        venueName: r.venue_name,
        platform: r.platform,
        game: r.game,
        play: r.play,
        pick: r.pick,
        odds: r.odds === null ? null : Number(r.odds),
        stake,
        validBet: open ? 0 : Number(r.valid_bet),
        payout,
        net: open ? null : payout - stake,
        status: r.status,
        placedAt: new Date(r.placed_at).toISOString(),
        settledAt: r.settled_at === null ? null : new Date(r.settled_at).toISOString(),
      };
    }),
    total: days.rows.reduce((n, d) => n + d.count, 0),
    page: req.page,
    size: req.size,
    days: days.rows.map((d) => ({
      day: d.day,
      count: d.count,
      stake: Number(d.stake),
      validBet: Number(d.valid_bet),
      net: Number(d.net),
    })),
  };
}
