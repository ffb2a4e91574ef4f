import type { Queryable } from '../../db/db.ts';

// The logins of a member (issue 13 §1; docs/member-centre.md "Devices and logins"): recorded in the
// transaction that opens the session, read by the profile module's list.

/** A readable device from a user agent: "<system> · <browser>" (e.g. "iPhone · Safari"), "未知设备" when unknown. */
export function deviceLabel(userAgent: string | undefined | null): string {
  const ua = (userAgent ?? '').slice(0, 512);
  if (!ua) return '未知设备';
  const system = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'Mac'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  const browser = /MicroMessenger/.test(ua)
    ? '微信'
    : /Edg\//.test(ua)
      ? 'Edge'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /HeadlessChrome|Chrome\/|CriOS\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  if (!system && !browser) return '未知设备';
  return [system, browser].filter(Boolean).join(' · ');
}

export async function recordLogin(
  tx: Queryable,
  l: {
    memberId: number;
    tokenHash: string;
    ip: string;
    deviceUuid: string | null;
    userAgent: string | null | undefined;
    kind: 'login' | 'register';
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO member_logins (member_id, token_hash, ip, device_uuid, device, kind) VALUES ($1, $2, $3, $4, $5, $6)`,
    [l.memberId, l.tokenHash, l.ip.slice(0, 64), l.deviceUuid, deviceLabel(l.userAgent), l.kind],
  );
}

/** A renewed session keeps its login row: the row moves to the new token. */
export async function moveLogin(tx: Queryable, fromTokenHash: string, toTokenHash: string): Promise<void> {
  await tx.query('UPDATE member_logins SET token_hash = $2 WHERE token_hash = $1', [
    fromTokenHash,
    toTokenHash,
  ]);
}

export interface LoginRow {
  id: string;
  created_at: Date;
  ip: string;
  device: string;
  token_hash: string;
  live: boolean;
}

/** The member's latest logins, newest first, with whether each one's session is still open. */
export async function selectLogins(
  q: Queryable,
  memberId: number,
  limit: number,
  idleMs: number,
): Promise<LoginRow[]> {
  const { rows } = await q.query<LoginRow>(
    `SELECT l.id::text AS id, l.created_at, l.ip, l.device, l.token_hash,
            coalesce(s.revoked_at IS NULL AND s.expires_at > now()
                     AND (s.remember OR s.last_seen_at > now() - make_interval(secs => $3 / 1000.0)), false) AS live
       FROM member_logins l LEFT JOIN sessions s ON s.token_hash = l.token_hash
      WHERE l.member_id = $1
      ORDER BY l.created_at DESC, l.id DESC
      LIMIT $2`,
    [memberId, limit, idleMs],
  );
  return rows;
}
