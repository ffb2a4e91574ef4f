// The catalogue (issue 11 §1; docs/venues.md "Lobbies"): the venues a lobby shows, a venue's game grid, the
// player's recent games and odds type. Maintenance with an end reopens by itself once the end has passed.
import { CODE } from '../../../src/protocol/api.ts';
import {
  DEFAULT_ODDS_TYPE,
  LOBBY_PLATFORM,
  RECENT_GAMES_MAX,
  SPORT_VENUE_ENUM_ALIAS,
  type GamesRequest,
  type GamesResponse,
  type GameTag,
  type Lobby,
  type LobbyResponse,
  type LobbyVenue,
  type OddsType,
  type Platform,
  type Provider,
  type RecentGamesResponse,
  type VenueStatus,
} from '../../../src/protocol/venues.ts';
import type { Queryable } from '../../db/db.ts';
import { ApiError } from '../../http/envelope.ts';
import { VENUE_MESSAGE } from './messages.ts';

export interface VenueRow {
  code: string;
  name: string;
  platform: Platform;
  provider: Provider;
  logo: string;
  status: VenueStatus;
  maintenanceUntil: Date | null;
  playable: boolean;
  hasGames: boolean;
}

interface VenueDbRow {
  code: string;
  name: string;
  platform: Platform;
  provider: Provider;
  logo: string;
  status: VenueStatus;
  maintenance_until: Date | string | null;
  playable: boolean;
  has_games: boolean;
  /** Under maintenance with an end that has passed (by the database's clock). */
  ended: boolean;
}

const VENUE_COLUMNS = `code, name, platform, provider, logo, status, maintenance_until, playable, has_games,
  (status = 'maintenance' AND maintenance_until IS NOT NULL AND maintenance_until <= now()) AS ended`;

/** Reopens the venues whose maintenance end has passed; answers their codes. */
export async function reopenEndedMaintenance(q: Queryable, codes?: string[]): Promise<string[]> {
  const { rows } = await q.query<{ code: string }>(
    `UPDATE venues SET status = 'open', maintenance_until = NULL
      WHERE status = 'maintenance' AND maintenance_until IS NOT NULL AND maintenance_until <= now()
        AND ($1::text[] IS NULL OR code = ANY($1::text[]))
      RETURNING code`,
    [codes ?? null],
  );
  return rows.map((r) => r.code);
}

/** Rows read with VENUE_COLUMNS, reopening any whose maintenance ended (one write, only when one did). */
async function toVenues(q: Queryable, rows: VenueDbRow[]): Promise<VenueRow[]> {
  const ended = rows.filter((r) => r.ended).map((r) => r.code);
  const reopened = new Set(ended.length ? await reopenEndedMaintenance(q, ended) : []);
  return rows.map((r) => {
    const open = reopened.has(r.code);
    return {
      code: r.code,
      name: r.name,
      platform: r.platform,
      provider: r.provider,
      logo: r.logo,
      status: open ? 'open' : r.status,
      maintenanceUntil: open || r.maintenance_until === null ? null : new Date(r.maintenance_until),
      playable: r.playable,
      hasGames: r.has_games,
    };
  });
}

/** The venue spec §3 names by its enum (OBTY is YBTY). */
export const canonicalVenueCode = (code: string): string => SPORT_VENUE_ENUM_ALIAS[code] ?? code;

/** A venue a player can reach (not closed), or null. */
export async function findVenue(q: Queryable, code: string): Promise<VenueRow | null> {
  const { rows } = await q.query<VenueDbRow>(
    `SELECT ${VENUE_COLUMNS} FROM venues WHERE code = $1 AND status <> 'closed'`,
    [canonicalVenueCode(code)],
  );
  return rows[0] ? (await toVenues(q, rows))[0]! : null;
}

/** findVenue, or 30061. */
export async function venueOr30061(q: Queryable, code: string): Promise<VenueRow> {
  const venue = await findVenue(q, code);
  if (!venue) throw new ApiError(CODE.venueNotFound, VENUE_MESSAGE.venueNotFound);
  return venue;
}

export function toLobbyVenue(v: VenueRow): LobbyVenue {
  return {
    code: v.code,
    name: v.name,
    platform: v.platform,
    provider: v.provider,
    logo: v.logo,
    status: v.status,
    maintenanceUntil:
      v.status === 'maintenance' && v.maintenanceUntil ? v.maintenanceUntil.toISOString() : null,
    playable: v.playable,
    hasGames: v.hasGames,
  };
}

/** A lobby: its platform's venues a player can reach (open or under maintenance), in the operators' order. */
export async function lobbyOf(q: Queryable, lobby: Lobby): Promise<LobbyResponse> {
  const { rows } = await q.query<VenueDbRow>(
    `SELECT ${VENUE_COLUMNS} FROM venues WHERE platform = $1 AND status <> 'closed' ORDER BY sort, code`,
    [LOBBY_PLATFORM[lobby]],
  );
  return { lobby, venues: (await toVenues(q, rows)).map(toLobbyVenue) };
}

/** LIKE's wildcards and its escape character taken literally. */
export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A venue's game grid: the name containing `search` (any case), carrying `tag`, one page in the operators' order. */
export async function gamesOf(
  q: Queryable,
  req: GamesRequest & { page: number; size: number },
): Promise<GamesResponse> {
  const venue = await venueOr30061(q, req.venue);
  const params: unknown[] = [venue.code];
  const where = ['venue = $1'];
  const search = (req.search ?? '').trim();
  if (search) {
    params.push(`%${escapeLike(search)}%`);
    where.push(`name ILIKE $${params.length} ESCAPE '\\'`);
  }
  if (req.tag) {
    params.push(req.tag);
    where.push(`$${params.length} = ANY(tags)`);
  }
  const filter = where.join(' AND ');
  const total = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM venue_games WHERE ${filter}`,
    params,
  );
  const { rows } = await q.query<{ code: string; name: string; icon: string; tags: string[] }>(
    `SELECT code, name, icon, tags FROM venue_games WHERE ${filter} ORDER BY sort, code
      LIMIT ${req.size} OFFSET ${(req.page - 1) * req.size}`,
    params,
  );
  return {
    venue: venue.code,
    items: rows.map((r) => ({ code: r.code, name: r.name, icon: r.icon, tags: r.tags as GameTag[] })),
    total: Number(total.rows[0]!.n),
    page: req.page,
    size: req.size,
  };
}

/** Whether the venue lists this game. */
export async function gameExists(q: Queryable, venue: string, code: string): Promise<boolean> {
  const { rowCount } = await q.query('SELECT 1 FROM venue_games WHERE venue = $1 AND code = $2', [
    venue,
    code,
  ]);
  return rowCount > 0;
}

/**
 * Remembers that the member opened a venue (gameCode '' for the whole venue) now, keeping only the
 * RECENT_GAMES_MAX newest of the member's rows.
 */
export async function recordRecentGame(
  q: Queryable,
  memberId: number,
  venue: string,
  gameCode: string,
): Promise<void> {
  await q.query(
    `INSERT INTO recent_games (member_id, venue, game_code, played_at) VALUES ($1, $2, $3, clock_timestamp())
     ON CONFLICT (member_id, venue, game_code) DO UPDATE SET played_at = EXCLUDED.played_at`,
    [memberId, venue, gameCode],
  );
  await q.query(
    `DELETE FROM recent_games r WHERE r.member_id = $1 AND NOT EXISTS (
       SELECT 1 FROM (SELECT venue, game_code FROM recent_games WHERE member_id = $1
                       ORDER BY played_at DESC, venue, game_code LIMIT ${RECENT_GAMES_MAX}) keep
        WHERE keep.venue = r.venue AND keep.game_code = r.game_code)`,
    [memberId],
  );
}

/** The member's recent games, newest first (venues since closed are left out). */
export async function recentGamesOf(q: Queryable, memberId: number): Promise<RecentGamesResponse> {
  const { rows } = await q.query<{
    venue: string;
    venue_name: string;
    platform: Platform;
    game_code: string;
    game_name: string | null;
    icon: string | null;
    logo: string;
    played_at: Date | string;
  }>(
    `SELECT r.venue, v.name AS venue_name, v.platform, v.logo, r.game_code, g.name AS game_name, g.icon,
            r.played_at
       FROM recent_games r JOIN venues v ON v.code = r.venue
       LEFT JOIN venue_games g ON g.venue = r.venue AND g.code = r.game_code
      WHERE r.member_id = $1 AND v.status <> 'closed'
      ORDER BY r.played_at DESC, r.venue, r.game_code LIMIT ${RECENT_GAMES_MAX}`,
    [memberId],
  );
  return {
    items: rows.map((r) => ({
      venue: r.venue,
      venueName: r.venue_name,
      platform: r.platform,
      gameCode: r.game_code === '' ? null : r.game_code,
      gameName: r.game_code === '' ? null : (r.game_name ?? null),
      // A whole-venue launch shows the venue's logo.
      icon: r.game_code === '' ? r.logo || null : (r.icon ?? null),
      playedAt: new Date(r.played_at).toISOString(),
    })),
  };
}

/** The player's odds type (spec §3), European until they choose. */
export async function oddsTypeOf(q: Queryable, memberId: number): Promise<OddsType> {
  const { rows } = await q.query<{ odds_type: number }>(
    'SELECT odds_type FROM member_odds_types WHERE member_id = $1',
    [memberId],
  );
  return (rows[0]?.odds_type as OddsType | undefined) ?? DEFAULT_ODDS_TYPE;
}

export async function setOddsType(q: Queryable, memberId: number, oddsType: OddsType): Promise<OddsType> {
  await q.query(
    `INSERT INTO member_odds_types (member_id, odds_type) VALUES ($1, $2)
     ON CONFLICT (member_id) DO UPDATE SET odds_type = EXCLUDED.odds_type`,
    [memberId, oddsType],
  );
  return oddsType;
}
