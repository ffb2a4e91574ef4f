// Venue sessions (issue 11; docs/venues.md "Sessions"): the credential a launch or a provider-parameter fetch
// issues. Provider one's Token, provider two's requestId, provider three's Authorization and the sandbox venue
// page's bearer token are all one of these. The sandbox venues (server/modules/sportsbook) check a credential
// with venueSessionOf on every call; an unknown or expired one answers the provider's expired code.
import { randomBytes } from 'node:crypto';
import { VENUE_SESSION_TTL_MS } from '../../../src/protocol/venues.ts';
import type { Queryable } from '../../db/db.ts';

/** A credential as issued: 32 random bytes, base64url (43 characters; migration 013 takes 24–128). */
export const VENUE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{24,128}$/;

export interface VenueSession {
  memberId: number;
  venue: string;
  expiresAt: Date;
}

export interface IssuedSession extends VenueSession {
  token: string;
}

/** A new random credential (never derived from anything guessable). */
export const newVenueToken = (): string => randomBytes(32).toString('base64url');

/**
 * Issues a credential for one member at one venue, valid VENUE_SESSION_TTL_MS (or ttlMs) from the database's
 * clock, with what the launch asked for (migration 015); the token is made here unless the caller made it with
 * newVenueToken (a launch derives its 免转 request id from it first). A member's expired credentials at that venue are
 * removed on the way (the table does not grow without bound).
 */
export async function issueSession(
  q: Queryable,
  memberId: number,
  venue: string,
  opts: { ttlMs?: number; launch?: Record<string, unknown>; token?: string } = {},
): Promise<IssuedSession> {
  const ttlMs = opts.ttlMs ?? VENUE_SESSION_TTL_MS;
  const token = opts.token ?? newVenueToken();
  await q.query('DELETE FROM venue_sessions WHERE member_id = $1 AND venue = $2 AND expires_at <= now()', [
    memberId,
    venue,
  ]);
  const { rows } = await q.query<{ expires_at: Date | string }>(
    `INSERT INTO venue_sessions (token, member_id, venue, expires_at, launch)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4::double precision / 1000), $5::jsonb)
     RETURNING expires_at`,
    [token, memberId, venue, ttlMs, JSON.stringify(opts.launch ?? {})],
  );
  return { token, memberId, venue, expiresAt: new Date(rows[0]!.expires_at) };
}

/**
 * Who a credential belongs to: the member, the venue it was issued for and when it expires; null when the token
 * is malformed, unknown or expired (by the database's clock). For the sandbox venues (helper B's sportsbook).
 */
export async function venueSessionOf(q: Queryable, token: string): Promise<VenueSession | null> {
  if (typeof token !== 'string' || !VENUE_TOKEN_PATTERN.test(token)) return null;
  const { rows } = await q.query<{ member_id: string | number; venue: string; expires_at: Date | string }>(
    'SELECT member_id, venue, expires_at FROM venue_sessions WHERE token = $1 AND expires_at > now()',
    [token],
  );
  const r = rows[0];
  return r ? { memberId: Number(r.member_id), venue: r.venue, expiresAt: new Date(r.expires_at) } : null;
}

/**
 * Ends a member's live credentials now (all venues, or one): their next venue call answers the expired code.
 * Answers how many were live. For `npm run ops -- venue expire <phone>` and tests of the expired paths.
 */
export async function expireSessions(q: Queryable, memberId: number, venue?: string): Promise<number> {
  const { rowCount } = await q.query(
    `UPDATE venue_sessions SET expires_at = now()
      WHERE member_id = $1 AND expires_at > now() AND ($2::text IS NULL OR venue = $2)`,
    [memberId, venue ?? null],
  );
  return rowCount;
}
