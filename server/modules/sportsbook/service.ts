// The sandbox sportsbook's services (issue 11 §4; docs/sportsbook.md): who calls (a venue session of a
// sportsbook venue), what they see (session, matches, counts), and placing a bet — ONE transaction writing the
// `bets` row, its legs and the stake's ledger transfer (venue wallet → the venue's house account), with the
// member's request id as the idempotency key.
import { randomBytes } from 'node:crypto';
import { maskMiddle } from '../../../src/lib/phone-mask.ts';
import { parseStoredPhone } from '../../../src/protocol/member.ts';
import {
  PARLAY_MAX_LEGS,
  SPORTS,
  SPORTSBOOK_CODE,
  SPORTSBOOK_MAX_PAYOUT,
  SPORTSBOOK_MAX_STAKE,
  SPORTSBOOK_MIN_STAKE,
  type BetLeg,
  type Match,
  type MatchesResponse,
  type PlaceBetRequest,
  type Selection,
  type Sport,
  type SportsBet,
  type SportsbookSession,
} from '../../../src/protocol/sportsbook.ts';
import { DEFAULT_ODDS_TYPE, type Provider, type SportCounts } from '../../../src/protocol/venues.ts';
import type { Db } from '../../db/db.ts';
import { ApiError } from '../../http/envelope.ts';
import { balanceOf, LedgerError, transferIn } from '../ledger/ledger.ts';
import { venueSessionOf } from '../venue/sessions.ts';
import { sandboxNow } from './clock.ts';
import {
  candidates,
  countsOf,
  lookUpSelection,
  matchView,
  parseSelectionId,
  type ListPhase,
} from './engine/engine.ts';
import { fixtureById, type Fixture } from './engine/fixtures.ts';
import { combinedOdds } from './engine/settle.ts';
import { MARKET_NAME, PARLAY_GAME, parlayPlay, PICK_NAME, SPORTSBOOK_MESSAGE } from './messages.ts';
import {
  insertBet,
  insertLegs,
  selectBetByRequest,
  selectBets,
  selectDecisions,
  selectMemberPhone,
  selectOddsType,
  selectVenue,
  toSportsBet,
  upsertOddsType,
  type BetDetail,
  type BetRow,
  type VenueRow,
} from './repository.ts';
import type { SportsbookConfig } from './settings.ts';

/** The venues the sportsbook serves and what each shows: the sport venues every sport, the esports venues esports. */
export const SPORTSBOOK_VENUES: Readonly<Record<string, readonly Sport[]>> = {
  IMTY: SPORTS,
  YBTY: SPORTS,
  FBTY: SPORTS,
  V188: SPORTS,
  YBDJ: ['esports'],
  IMDJ: ['esports'],
  LHDJ: ['esports'],
};
export const SPORTSBOOK_VENUE_CODES = Object.keys(SPORTSBOOK_VENUES);

/** Design: "my bets" lists at most this many. */
export const BETS_LIST_LIMIT = 50;

export interface Ctx {
  db: Db;
  config: SportsbookConfig;
}

export const sportsbookError = (code: keyof typeof SPORTSBOOK_CODE, data: unknown = null, message?: string) =>
  new ApiError(
    SPORTSBOOK_CODE[code],
    message ?? SPORTSBOOK_MESSAGE[code as keyof typeof SPORTSBOOK_MESSAGE] ?? SPORTSBOOK_MESSAGE.badRequest,
    200,
    data,
  );

// ---- callers ---------------------------------------------------------------------------------------------------

const VENUE_CACHE_MS = 10_000;
const venueCache = new Map<string, { at: number; row: VenueRow | null }>();

async function venueRow(db: Db, code: string): Promise<VenueRow | null> {
  const hit = venueCache.get(code);
  if (hit && Date.now() - hit.at < VENUE_CACHE_MS) return hit.row;
  const row = await selectVenue(db, code);
  venueCache.set(code, { at: Date.now(), row });
  return row;
}

export interface Caller {
  memberId: number;
  venue: VenueRow;
  sports: readonly Sport[];
}

/**
 * Who a credential belongs to: a live venue session of a sportsbook venue (of the given provider, for a provider
 * face). Null when the token is missing, unknown, expired, or another venue's or provider's.
 */
export async function callerOf(
  db: Db,
  token: string | undefined,
  provider?: Provider,
): Promise<Caller | null> {
  if (!token) return null;
  const session = await venueSessionOf(db, token);
  if (!session) return null;
  const sports = SPORTSBOOK_VENUES[session.venue];
  if (!sports) return null;
  const venue = await venueRow(db, session.venue);
  if (!venue || (provider && venue.provider !== provider)) return null;
  return { memberId: session.memberId, venue, sports };
}

// ---- reads -----------------------------------------------------------------------------------------------------

export async function oddsTypeOf(db: Db, memberId: number): Promise<1 | 2 | 3 | 4> {
  return ((await selectOddsType(db, memberId)) ?? DEFAULT_ODDS_TYPE) as 1 | 2 | 3 | 4;
}

export async function setOddsType(
  db: Db,
  memberId: number,
  oddsType: 1 | 2 | 3 | 4,
): Promise<{ oddsType: 1 | 2 | 3 | 4 }> {
  await upsertOddsType(db, memberId, oddsType);
  return { oddsType };
}

export async function venueBalance(db: Db, c: Caller): Promise<number> {
  return (await balanceOf(db, { memberId: c.memberId, kind: 'venue', venue: c.venue.code })).available;
}

export async function sessionView(ctx: Ctx, c: Caller): Promise<SportsbookSession> {
  const phone = await selectMemberPhone(ctx.db, c.memberId);
  return {
    venue: c.venue.code,
    venueName: c.venue.name,
    player: maskMiddle(phone ? parseStoredPhone(phone).number : ''),
    balance: await venueBalance(ctx.db, c),
    oddsType: await oddsTypeOf(ctx.db, c.memberId),
    clockRate: 60 / ctx.config.secondsPerMinute,
  };
}

const PHASE_OF_LIST: Record<ListPhase, Match['phase']> = {
  live: 'live',
  today: 'prematch',
  early: 'prematch',
};

/** The matches a list shows (the venue's sports, or one of them), live / later today / the next days. */
export async function listMatches(
  ctx: Ctx,
  c: Caller,
  sport: Sport | undefined,
  phase: ListPhase,
): Promise<MatchesResponse> {
  const sports = sport ? c.sports.filter((s) => s === sport) : c.sports;
  const now = await sandboxNow(ctx.db);
  const fixtures = candidates(ctx.config, now, sports, phase);
  const decisions = await selectDecisions(
    ctx.db,
    fixtures.map((f) => f.id),
  );
  const matches = fixtures
    .map((f) => matchView(ctx.config, f, now, decisions.get(f.id) ?? null).match)
    .filter((m) => m.phase === PHASE_OF_LIST[phase])
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.id.localeCompare(b.id));
  return { matches, serverTime: new Date(now).toISOString() };
}

/** One match of the venue's sports (any phase), or null. */
export async function matchOf(ctx: Ctx, c: Caller, matchId: string): Promise<Match | null> {
  const f = fixtureById(ctx.config.seed, matchId);
  if (!f || !c.sports.includes(f.sport)) return null;
  const now = await sandboxNow(ctx.db);
  const decisions = await selectDecisions(ctx.db, [f.id]);
  return matchView(ctx.config, f, now, decisions.get(f.id) ?? null).match;
}

/** The counts of spec §7's counts call (SportCounts): per sport live, today, early; total = their sum. */
export async function countsView(ctx: Ctx, c: Caller): Promise<SportCounts> {
  const now = await sandboxNow(ctx.db);
  const sports = countsOf(ctx.config, now, c.sports);
  return {
    venue: c.venue.code,
    sports,
    total: sports.reduce((a, s) => a + s.live + s.today + s.early, 0),
    at: new Date(now).toISOString(),
  };
}

export async function listBets(
  ctx: Ctx,
  c: Caller,
  status: 'open' | 'settled' | undefined,
): Promise<SportsBet[]> {
  const rows = await selectBets(ctx.db, c.memberId, c.venue.code, status ?? null, BETS_LIST_LIMIT);
  return rows.map(toSportsBet);
}

// ---- words of the bet record --------------------------------------------------------------------------------------

/** A line in quarters as the player reads it: -3 → "-0.75", 2 → "0.5" (signed: "+0.5"). */
export function lineText(q: number, signed = false): string {
  const abs = Math.abs(q);
  const text = `${Math.floor(abs / 4)}${['', '.25', '.5', '.75'][abs % 4]}`;
  if (q < 0) return `-${text}`;
  return signed && q > 0 ? `+${text}` : text;
}

function pickText(f: Fixture, l: Pick<BetLeg, 'market' | 'lineQuarters' | 'pick'>): string {
  const side = (p: string) => (p === 'home' ? f.home : f.away);
  switch (l.market) {
    case '1x2':
      return l.pick === 'draw' ? PICK_NAME.draw : side(l.pick);
    case 'ah':
      return `${side(l.pick)} ${lineText(l.pick === 'home' ? l.lineQuarters! : -l.lineQuarters!, true)}`;
    case 'ou':
      return `${PICK_NAME[l.pick as 'over' | 'under']} ${lineText(l.lineQuarters!)}`;
    case 'oe':
      return PICK_NAME[l.pick as 'odd' | 'even'];
  }
}

const LIVE_PREFIX = '滚球 ';
function playText(l: Pick<BetLeg, 'market' | 'lineQuarters' | 'selectionId'>): string {
  const live = l.selectionId.includes('.live.') ? LIVE_PREFIX : '';
  const line =
    l.market === 'ah'
      ? ` ${lineText(l.lineQuarters!, true)}`
      : l.market === 'ou'
        ? ` ${lineText(l.lineQuarters!)}`
        : '';
  return `${live}${MARKET_NAME[l.market]}${line}`;
}

// ---- placing a bet -----------------------------------------------------------------------------------------------

const ORDER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 'SB' + UTC yyyymmddhhmmss + 8 random characters. */
export function newOrderNo(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  let tail = '';
  for (const b of randomBytes(8)) tail += ORDER_ALPHABET[b % ORDER_ALPHABET.length];
  return `SB${stamp}${tail}`;
}

export const stakeTransferId = (orderNo: string) => `sb-stake:${orderNo}`;
export const payoutTransferId = (orderNo: string) => `sb-pay:${orderNo}`;

const slipOf = (req: Pick<PlaceBetRequest, 'stake' | 'selections'>) =>
  `${req.stake}|${req.selections
    .map((s) => s.selectionId)
    .sort()
    .join(',')}`;

/** The first bet of a request id: itself when the slip is the same, else 40008. */
function sameRequest(row: BetRow, req: PlaceBetRequest, venue: string): SportsBet {
  if (row.venue !== venue || row.detail?.slip !== slipOf(req)) throw sportsbookError('duplicateRequest');
  return toSportsBet(row);
}

/**
 * Places a single (one selection) or a parlay (2–10 selections of different matches). Refusals, in this order:
 * 40009 a slip of no or too many legs or an unknown selection; 40004 two picks of one match in a parlay; 40003 a
 * pre-match price after kick-off; 40002 a suspended selection (or a line no longer offered, or a decided match);
 * 40005 a stake outside the limits or a possible payout above the maximum; 40006 a price that moved (unless
 * acceptChangedOdds: then the current price is taken); 40007 the venue wallet cannot afford it. The same request
 * id answers its first bet (the same slip) or 40008.
 */
export async function placeBet(ctx: Ctx, c: Caller, req: PlaceBetRequest): Promise<SportsBet> {
  try {
    return await placeOnce(ctx, c, req);
  } catch (err) {
    // A request id used before answers its first bet (or 40008), whatever this slip would meet now (a price that
    // moved, a match that kicked off): looked up only when a refusal comes, so a new bet costs no extra read.
    if (!(err instanceof ApiError) || err.code === SPORTSBOOK_CODE.duplicateRequest) throw err;
    const first = await selectBetByRequest(ctx.db, c.memberId, req.requestId);
    if (first) return sameRequest(first, req, c.venue.code);
    throw err;
  }
}

async function placeOnce(ctx: Ctx, c: Caller, req: PlaceBetRequest): Promise<SportsBet> {
  const { db, config } = ctx;

  const n = req.selections.length;
  const ids = req.selections.map((s) => s.selectionId);
  if (n < 1 || n > PARLAY_MAX_LEGS || new Set(ids).size !== n) throw sportsbookError('invalidSlip');
  const parsed = ids.map(parseSelectionId);
  if (parsed.some((p) => p === null)) throw sportsbookError('invalidSlip');
  const matchIds = parsed.map((p) => p!.matchId);
  if (new Set(matchIds).size !== n) throw sportsbookError(n === 1 ? 'invalidSlip' : 'sameMatch');

  const now = await sandboxNow(db);
  const decisions = await selectDecisions(db, matchIds);
  const current: Selection[] = [];
  const legs: BetLeg[] = [];
  const fixtures: Fixture[] = [];
  const refusals: Array<'invalidSlip' | 'matchStarted' | 'selectionSuspended'> = [];
  for (const [i, id] of ids.entries()) {
    const found = lookUpSelection(config, id, now, decisions.get(matchIds[i]!) ?? null);
    if (!found.ok) {
      refusals.push(
        found.reason === 'unknown'
          ? 'invalidSlip'
          : found.reason === 'started'
            ? 'matchStarted'
            : 'selectionSuspended',
      );
      continue;
    }
    if (!c.sports.includes(found.view.fixture.sport)) {
      refusals.push('invalidSlip');
      continue;
    }
    const f = found.view.fixture;
    fixtures.push(f);
    current.push(found.selection);
    legs.push({
      selectionId: id,
      matchId: f.id,
      match: `${f.home} vs ${f.away}`,
      market: found.market.kind,
      lineQuarters: found.market.lineQuarters,
      pick: found.selection.pick,
      odds: found.selection.odds,
      status: 'open',
    });
  }
  for (const r of ['invalidSlip', 'matchStarted', 'selectionSuspended'] as const) {
    if (refusals.includes(r)) throw sportsbookError(r);
  }

  if (
    !Number.isSafeInteger(req.stake) ||
    req.stake < SPORTSBOOK_MIN_STAKE ||
    req.stake > SPORTSBOOK_MAX_STAKE
  )
    throw sportsbookError('stakeOutOfRange');
  const odds = combinedOdds(legs.map((l) => l.odds));
  if (Math.floor((req.stake * odds) / 1000) > SPORTSBOOK_MAX_PAYOUT)
    throw sportsbookError('stakeOutOfRange', null, SPORTSBOOK_MESSAGE.payoutTooHigh);
  const moved = req.selections.some((s, i) => s.odds !== current[i]!.odds);
  if (moved && !req.acceptChangedOdds) throw sportsbookError('oddsChanged', { selections: current });

  const single = n === 1;
  const f0 = fixtures[0]!;
  const orderNo = newOrderNo();
  const detail: BetDetail = { kind: single ? 'single' : 'parlay', slip: slipOf(req), legs };
  let created: BetRow | null;
  try {
    created = await db.transaction(async (tx) => {
      const row = await insertBet(tx, {
        orderNo,
        memberId: c.memberId,
        venue: c.venue.code,
        requestId: req.requestId,
        game: single ? `${f0.home} vs ${f0.away}` : PARLAY_GAME,
        play: single ? playText(legs[0]!) : parlayPlay(n),
        pick: legs.map((l, i) => pickText(fixtures[i]!, l)).join(' / '),
        odds,
        stake: req.stake,
        detail,
      });
      if (!row) return null; // the same request id committed meanwhile: answer that one
      await transferIn(tx, {
        id: stakeTransferId(orderNo),
        from: { memberId: c.memberId, kind: 'venue', venue: c.venue.code },
        to: { kind: 'house', venue: c.venue.code },
        amount: req.stake,
        kind: 'bet_stake',
        memo: { orderNo },
      });
      await insertLegs(tx, row.id, legs);
      return row;
    });
  } catch (err) {
    if (err instanceof LedgerError && err.refusal === 'insufficient')
      throw sportsbookError('insufficientBalance');
    throw err;
  }
  if (created) return toSportsBet(created);
  const again = await selectBetByRequest(db, c.memberId, req.requestId);
  if (!again) throw sportsbookError('duplicateRequest');
  return sameRequest(again, req, c.venue.code);
}
