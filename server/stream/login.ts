import type { Queryable } from '../db/db.ts';
import { verifyJwt } from '../security/jwt.ts';
import type { ChatMember } from '../modules/chat/chat.ts';

/**
 * How much earlier than a jwt's `iat` its session may have started: `iat` is whole seconds on the issuing
 * node's clock, session times are on the database clock.
 */
export const JWT_SESSION_SLACK_S = 5;

export interface SocketLogin {
  member: ChatMember;
  /** The database clock at login, milliseconds: a kick stamped at or after it ends this socket's login. */
  at: number;
}

/** The member id a jwt names (`sub`, a positive integer or its decimal text). */
export function memberIdOf(payload: Record<string, unknown>): number | null {
  const sub =
    typeof payload.sub === 'string' && /^\d{1,15}$/.test(payload.sub) ? Number(payload.sub) : payload.sub;
  return typeof sub === 'number' && Number.isSafeInteger(sub) && sub > 0 ? sub : null;
}

/**
 * Checks a socket login: the jwt's signature and expiry, an active member, and a login (session) of the member
 * that is still open and began before the jwt was issued — so a jwt fetched under a login that has since
 * ended (elsewhere, logout, new password) cannot attach a socket for the rest of its 300 s.
 * Answers null for every failure (the client sees one code, 10004).
 */
export async function checkSocketLogin(
  db: Queryable,
  key: Buffer,
  token: unknown,
): Promise<SocketLogin | null> {
  if (typeof token !== 'string' || token.length > 4096) return null;
  const payload = verifyJwt(token, key);
  const memberId = payload && memberIdOf(payload);
  if (!payload || !memberId || typeof payload.iat !== 'number') return null;
  const { rows } = await db.query<{
    id: number;
    phone: string;
    vip_level: number;
    muted: boolean;
    live: boolean;
    now: number;
  }>(
    `SELECT m.id, m.phone, m.vip_level, m.chat_muted_at IS NOT NULL AS muted,
            m.status = 'active' AND EXISTS (
              SELECT 1 FROM sessions s
               WHERE s.member_id = m.id AND s.revoked_at IS NULL AND s.expires_at > clock_timestamp()
                 AND s.created_at <= to_timestamp($2::double precision) + make_interval(secs => $3)
            ) AS live,
            (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS now
       FROM members m WHERE m.id = $1`,
    [memberId, payload.iat, JWT_SESSION_SLACK_S],
  );
  const r = rows[0];
  if (!r?.live) return null;
  return { member: { id: r.id, phone: r.phone, vipLevel: r.vip_level, muted: r.muted }, at: r.now };
}
