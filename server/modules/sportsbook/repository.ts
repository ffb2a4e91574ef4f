// The sandbox sportsbook's SQL (migration 013 `bets`, 014 the sportsbook's own tables). Only this file and the
// ledger touch the tables; the services decide.
import type {
  BetStatus,
  MarketKind,
  Selection,
  SportsBet,
  BetLeg,
} from '../../../src/protocol/sportsbook.ts';
import type { Provider } from '../../../src/protocol/venues.ts';
import type { Queryable } from '../../db/db.ts';
import type { Decision } from './engine/engine.ts';

// ---- venues and members --------------------------------------------------------------------------------------

export interface VenueRow {
  code: string;
  name: string;
  provider: Provider;
}

export async function selectVenue(q: Queryable, code: string): Promise<VenueRow | null> {
  const { rows } = await q.query<VenueRow>('SELECT code, name, provider FROM venues WHERE code = $1', [code]);
  return rows[0] ?? null;
}

export async function selectMemberPhone(q: Queryable, memberId: number): Promise<string | null> {
  const { rows } = await q.query<{ phone: string }>('SELECT phone FROM members WHERE id = $1', [memberId]);
  return rows[0]?.phone ?? null;
}

/** The member's odds type (member_odds_types), or null when never set. */
export async function selectOddsType(q: Queryable, memberId: number): Promise<number | null> {
  const { rows } = await q.query<{ odds_type: number }>(
    'SELECT odds_type FROM member_odds_types WHERE member_id = $1',
    [memberId],
  );
  return rows[0] ? Number(rows[0].odds_type) : null;
}

export async function upsertOddsType(q: Queryable, memberId: number, oddsType: number): Promise<void> {
  await q.query(
    `INSERT INTO member_odds_types (member_id, odds_type) VALUES ($1, $2)
     ON CONFLICT (member_id) DO UPDATE SET odds_type = EXCLUDED.odds_type`,
    [memberId, oddsType],
  );
}

// ---- decisions -------------------------------------------------------------------------------------------------

interface DecisionRow {
  match_id: string;
  state: 'ended' | 'cancelled';
  home: number | null;
  away: number | null;
  source: 'clock' | 'operator';
}

const toDecision = (r: DecisionRow): Decision =>
  r.state === 'cancelled'
    ? { state: 'cancelled' }
    : { state: 'ended', home: Number(r.home), away: Number(r.away) };

/** The recorded decisions of these matches, by match id. */
export async function selectDecisions(
  q: Queryable,
  matchIds: readonly string[],
): Promise<Map<string, Decision>> {
  const out = new Map<string, Decision>();
  if (matchIds.length === 0) return out;
  const { rows } = await q.query<DecisionRow>(
    'SELECT match_id, state, home, away, source FROM sportsbook_results WHERE match_id = ANY($1::text[])',
    [matchIds],
  );
  for (const r of rows) out.set(r.match_id, toDecision(r));
  return out;
}

/**
 * Records a match's decision unless one exists (the first writer wins). Answers the decision as stored and
 * whether this call wrote it.
 */
export async function insertDecision(
  q: Queryable,
  matchId: string,
  d: Decision,
  source: 'clock' | 'operator',
): Promise<{ decision: Decision; source: 'clock' | 'operator'; written: boolean }> {
  const { rows } = await q.query<DecisionRow>(
    `INSERT INTO sportsbook_results (match_id, state, home, away, source) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (match_id) DO NOTHING RETURNING match_id, state, home, away, source`,
    [matchId, d.state, d.state === 'ended' ? d.home : null, d.state === 'ended' ? d.away : null, source],
  );
  if (rows[0]) return { decision: toDecision(rows[0]), source, written: true };
  const existing = await q.query<DecisionRow>(
    'SELECT match_id, state, home, away, source FROM sportsbook_results WHERE match_id = $1',
    [matchId],
  );
  const r = existing.rows[0]!;
  return { decision: toDecision(r), source: r.source, written: false };
}

// ---- bets ------------------------------------------------------------------------------------------------------

/** What a sportsbook bet keeps in `bets.detail`. */
export interface BetDetail {
  kind: 'single' | 'parlay';
  /** The slip's identity for the idempotency check: stake and the sorted selection ids. */
  slip: string;
  legs: BetLeg[];
}

export interface BetRow {
  id: string;
  order_no: string;
  member_id: string;
  venue: string;
  request_id: string;
  odds: number;
  stake: string;
  valid_bet: string;
  payout: string;
  status: BetStatus;
  detail: BetDetail;
  placed_at: Date | string;
  settled_at: Date | string | null;
}

const BET_COLUMNS =
  'id, order_no, member_id, venue, request_id, odds, stake, valid_bet, payout, status, detail, placed_at, settled_at';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export function toSportsBet(r: BetRow): SportsBet {
  return {
    orderNo: r.order_no,
    requestId: r.request_id,
    venue: r.venue,
    kind: r.detail.kind,
    stake: Number(r.stake),
    odds: Number(r.odds),
    payout: Number(r.payout),
    status: r.status,
    legs: r.detail.legs,
    placedAt: iso(r.placed_at)!,
    settledAt: iso(r.settled_at),
  };
}

export interface NewBet {
  orderNo: string;
  memberId: number;
  venue: string;
  requestId: string;
  game: string;
  play: string;
  pick: string;
  odds: number;
  stake: number;
  detail: BetDetail;
}

/** Inserts the bet unless the member used its request id before (then null: read that one). */
export async function insertBet(q: Queryable, b: NewBet): Promise<BetRow | null> {
  const { rows } = await q.query<BetRow>(
    `INSERT INTO bets (order_no, member_id, venue, request_id, game, play, pick, odds, stake, detail)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb)
     ON CONFLICT ON CONSTRAINT bets_request_once DO NOTHING
     RETURNING ${BET_COLUMNS}`,
    [
      b.orderNo,
      b.memberId,
      b.venue,
      b.requestId,
      b.game,
      b.play,
      b.pick,
      b.odds,
      b.stake,
      JSON.stringify(b.detail),
    ],
    { prepare: 'sportsbook_insert_bet' },
  );
  return rows[0] ?? null;
}

export async function insertLegs(q: Queryable, betId: string, legs: readonly BetLeg[]): Promise<void> {
  await q.query(
    `INSERT INTO sportsbook_legs (bet_id, leg, match_id, selection_id, market, line_quarters, pick, odds)
     SELECT $1::bigint, l.n - 1, l.match_id, l.selection_id, l.market, l.line, l.pick, l.odds
       FROM unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::int[])
            WITH ORDINALITY AS l(match_id, selection_id, market, line, pick, odds, n)`,
    [
      betId,
      legs.map((l) => l.matchId),
      legs.map((l) => l.selectionId),
      legs.map((l) => l.market),
      legs.map((l) => l.lineQuarters),
      legs.map((l) => l.pick),
      legs.map((l) => l.odds),
    ],
    { prepare: 'sportsbook_insert_legs' },
  );
}

export async function selectBetByRequest(
  q: Queryable,
  memberId: number,
  requestId: string,
): Promise<BetRow | null> {
  const { rows } = await q.query<BetRow>(
    `SELECT ${BET_COLUMNS} FROM bets WHERE member_id = $1 AND request_id = $2`,
    [memberId, requestId],
  );
  return rows[0] ?? null;
}

/** A member's bets at one venue, newest first: open, or settled. */
export async function selectBets(
  q: Queryable,
  memberId: number,
  venue: string,
  status: 'open' | 'settled' | null,
  limit: number,
): Promise<BetRow[]> {
  const { rows } = await q.query<BetRow>(
    `SELECT ${BET_COLUMNS} FROM bets
      WHERE member_id = $1 AND venue = $2
        AND ($3::text IS NULL OR ($3 = 'open') = (status = 'open'))
        AND detail ? 'legs'
      ORDER BY placed_at DESC, id DESC LIMIT $4`,
    [memberId, venue, status, limit],
  );
  return rows;
}

// ---- settlement ------------------------------------------------------------------------------------------------

/** Matches that open sportsbook bets wait on and that have no decision yet. */
export async function selectUndecidedMatches(q: Queryable, venues: readonly string[]): Promise<string[]> {
  const { rows } = await q.query<{ match_id: string }>(
    `SELECT DISTINCT l.match_id FROM bets b JOIN sportsbook_legs l ON l.bet_id = b.id
      WHERE b.status = 'open' AND b.venue = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM sportsbook_results r WHERE r.match_id = l.match_id)`,
    [venues],
  );
  return rows.map((r) => r.match_id);
}

/** Open sportsbook bets whose every leg's match is decided (ready to settle), oldest first. */
export async function selectSettleableBets(
  q: Queryable,
  venues: readonly string[],
  limit: number,
): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `SELECT b.id FROM bets b
      WHERE b.status = 'open' AND b.venue = ANY($1::text[])
        AND EXISTS (SELECT 1 FROM sportsbook_legs l WHERE l.bet_id = b.id)
        AND NOT EXISTS (SELECT 1 FROM sportsbook_legs l LEFT JOIN sportsbook_results r ON r.match_id = l.match_id
                         WHERE l.bet_id = b.id AND r.match_id IS NULL)
      ORDER BY b.id LIMIT $2`,
    [venues, limit],
  );
  return rows.map((r) => String(r.id));
}

/** Open bets with a leg on this match. */
export async function selectOpenBetsOfMatch(q: Queryable, matchId: string): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `SELECT DISTINCT b.id FROM bets b JOIN sportsbook_legs l ON l.bet_id = b.id
      WHERE l.match_id = $1 AND b.status = 'open' ORDER BY b.id`,
    [matchId],
  );
  return rows.map((r) => String(r.id));
}

/** The bet, locked for its settlement, while it is open (null when settled or unknown). */
export async function lockOpenBet(q: Queryable, betId: string): Promise<BetRow | null> {
  const { rows } = await q.query<BetRow>(
    `SELECT ${BET_COLUMNS} FROM bets WHERE id = $1 AND status = 'open' FOR UPDATE`,
    [betId],
  );
  return rows[0] ?? null;
}

export interface LegRow {
  leg: number;
  match_id: string;
  market: MarketKind;
  line_quarters: number | null;
  pick: Selection['pick'];
  odds: number;
}

export async function selectLegs(q: Queryable, betId: string): Promise<LegRow[]> {
  const { rows } = await q.query<LegRow>(
    `SELECT leg, match_id, market, line_quarters, pick, odds FROM sportsbook_legs WHERE bet_id = $1 ORDER BY leg`,
    [betId],
  );
  return rows.map((r) => ({
    ...r,
    line_quarters: r.line_quarters === null ? null : Number(r.line_quarters),
    odds: Number(r.odds),
  }));
}

/** The member's total stake of singles on each pick of one market (the hedge rule), over every venue. */
export async function selectSingleStakesByPick(
  q: Queryable,
  memberId: number,
  matchId: string,
  market: MarketKind,
  line: number | null,
): Promise<Map<string, number>> {
  const { rows } = await q.query<{ pick: string; stake: string }>(
    `SELECT l.pick, sum(b.stake) AS stake FROM sportsbook_legs l JOIN bets b ON b.id = l.bet_id
      WHERE l.match_id = $1 AND l.market = $2 AND l.line_quarters IS NOT DISTINCT FROM $3::int
        AND b.member_id = $4 AND b.detail->>'kind' = 'single'
      GROUP BY l.pick`,
    [matchId, market, line, memberId],
  );
  return new Map(rows.map((r) => [r.pick, Number(r.stake)]));
}

export async function markSettled(
  q: Queryable,
  betId: string,
  s: { status: BetStatus; payout: number; validBet: number; legs: BetLeg[] },
): Promise<BetRow | null> {
  const { rows } = await q.query<BetRow>(
    `UPDATE bets SET status = $2, payout = $3, valid_bet = $4, settled_at = now(),
            detail = jsonb_set(detail, '{legs}', $5::jsonb)
      WHERE id = $1 AND status = 'open' RETURNING ${BET_COLUMNS}`,
    [betId, s.status, s.payout, s.validBet, JSON.stringify(s.legs)],
  );
  return rows[0] ?? null;
}
