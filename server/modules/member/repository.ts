import type { Queryable } from '../../db/db.ts';

// SQL of the member area: members, sessions, SMS codes, devices and login attempts (docs/api.md "Accounts").

// ---- locks -------------------------------------------------------------------------------------------------

/** A transaction-scoped advisory lock on a name (`register:<phone>`, `login:<phone>`, `sms:<phone>`). */
export async function lockName(tx: Queryable, name: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [name]);
}

// ---- members -----------------------------------------------------------------------------------------------

export async function memberExists(db: Queryable, phone: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM members WHERE phone = $1', [phone])).rows.length > 0;
}

export async function selectMemberIdByInviteCode(db: Queryable, code: string): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    'SELECT id FROM members WHERE upper(invite_code) = upper($1)',
    [code],
  );
  return rows[0]?.id ?? null;
}

export async function insertMember(
  tx: Queryable,
  m: {
    phone: string;
    passwordHash: string;
    inviteCode: string;
    inviterId: number | null;
    inviteSource: string | null;
    referralBet: string | null;
  },
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO members (phone, password_hash, invite_code, inviter_id, invite_source, referral_bet)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [m.phone, m.passwordHash, m.inviteCode, m.inviterId, m.inviteSource, m.referralBet],
  );
  return rows[0]!.id;
}

export async function selectMemberCredentials(
  db: Queryable,
  phone: string,
): Promise<{ id: number; password_hash: string; status: string } | null> {
  const { rows } = await db.query<{ id: number; password_hash: string; status: string }>(
    'SELECT id, password_hash, status FROM members WHERE phone = $1',
    [phone],
  );
  return rows[0] ?? null;
}

export async function selectMemberIdByPhone(db: Queryable, phone: string): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM members WHERE phone = $1', [phone]);
  return rows[0]?.id ?? null;
}

export async function updateMemberPassword(
  tx: Queryable,
  memberId: number,
  passwordHash: string,
): Promise<void> {
  await tx.query('UPDATE members SET password_hash = $2 WHERE id = $1', [memberId, passwordHash]);
}

export interface MemberRow {
  id: number;
  phone: string;
  vip_level: number;
  invite_code: string;
  created_at: Date;
}

export async function selectMember(db: Queryable, memberId: number): Promise<MemberRow | null> {
  const { rows } = await db.query<MemberRow>(
    'SELECT id, phone, vip_level, invite_code, created_at FROM members WHERE id = $1',
    [memberId],
  );
  return rows[0] ?? null;
}

/** A member and who invited them (the operator's `member show`). */
export async function selectMemberWithInviter(
  db: Queryable,
  phone: string,
): Promise<{
  id: number;
  invite_code: string;
  status: string;
  inviter: string | null;
  invite_source: string | null;
  referral_bet: string | null;
} | null> {
  const { rows } = await db.query<{
    id: number;
    invite_code: string;
    status: string;
    inviter: string | null;
    invite_source: string | null;
    referral_bet: string | null;
  }>(
    `SELECT m.id, m.invite_code, m.status, i.phone AS inviter, m.invite_source, m.referral_bet
       FROM members m LEFT JOIN members i ON i.id = m.inviter_id WHERE m.phone = $1`,
    [phone],
  );
  return rows[0] ?? null;
}

export async function insertDemoMember(
  db: Queryable,
  m: { phone: string; passwordHash: string; inviteCode: string; vipLevel: number },
): Promise<void> {
  await db.query(
    `INSERT INTO members (phone, password_hash, invite_code, vip_level) VALUES ($1, $2, $3, $4) ON CONFLICT (phone) DO NOTHING`,
    [m.phone, m.passwordHash, m.inviteCode, m.vipLevel],
  );
}

// ---- login attempts ----------------------------------------------------------------------------------------

/** Failed logins within the window: of the phone since its last success, of the ip; the phone's oldest one. */
export async function selectLoginFailures(
  tx: Queryable,
  phone: string,
  ip: string,
  windowStartMs: number,
): Promise<{ phone_fails: number; ip_fails: number; oldest: Date | null }> {
  const { rows } = await tx.query<{ phone_fails: number; ip_fails: number; oldest: Date | null }>(
    `SELECT
       (SELECT count(*)::int FROM login_attempts WHERE phone = $1 AND success IS NOT TRUE AND at > to_timestamp($3 / 1000.0)
          AND at > coalesce((SELECT max(at) FROM login_attempts WHERE phone = $1 AND success), '-infinity')) AS phone_fails,
       (SELECT count(*)::int FROM login_attempts WHERE ip = $2 AND success IS NOT TRUE AND at > to_timestamp($3 / 1000.0)) AS ip_fails,
       (SELECT min(at) FROM login_attempts WHERE phone = $1 AND success IS NOT TRUE AND at > to_timestamp($3 / 1000.0)) AS oldest`,
    [phone, ip, windowStartMs],
  );
  return rows[0]!;
}

/** Records a login attempt; success null = pending (reserved before the password check). */
export async function insertLoginAttempt(
  db: Queryable,
  phone: string,
  ip: string,
  success: boolean | null,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO login_attempts (phone, ip, success) VALUES ($1, $2, $3) RETURNING id',
    [phone, ip, success],
  );
  return rows[0]!.id;
}

export async function settleLoginAttempt(db: Queryable, attemptId: number, success: boolean): Promise<void> {
  await db.query('UPDATE login_attempts SET success = $2 WHERE id = $1', [attemptId, success]);
}

// ---- sessions ----------------------------------------------------------------------------------------------

export type SessionEndReason = 'elsewhere' | 'logout' | 'password' | 'operator';

/** Ends every open session of a member; answers how many ended. */
export async function revokeOpenSessions(
  db: Queryable,
  memberId: number,
  reason: SessionEndReason,
): Promise<number> {
  const ended = await db.query(
    `UPDATE sessions SET revoked_at = now(), revoked_reason = $2 WHERE member_id = $1 AND revoked_at IS NULL`,
    [memberId, reason],
  );
  return ended.rowCount;
}

export async function insertSession(
  tx: Queryable,
  s: {
    tokenHash: string;
    memberId: number;
    deviceUuid: string | null;
    remember: boolean;
    expiresAtMs: number;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO sessions (token_hash, member_id, device_uuid, remember, expires_at) VALUES ($1, $2, $3, $4, to_timestamp($5 / 1000.0))`,
    [s.tokenHash, s.memberId, s.deviceUuid, s.remember, s.expiresAtMs],
  );
}

export interface SessionRow {
  member_id: number;
  remember: boolean;
  expires_at: Date;
  last_seen_at: Date;
  revoked_reason: string | null;
  member_status: string;
}

export async function selectSession(db: Queryable, tokenHash: string): Promise<SessionRow | null> {
  const { rows } = await db.query<SessionRow>(
    `SELECT s.member_id, s.remember, s.expires_at, s.last_seen_at, s.revoked_reason, m.status AS member_status
       FROM sessions s JOIN members m ON m.id = s.member_id WHERE s.token_hash = $1`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

export async function touchSession(db: Queryable, tokenHash: string, nowMs: number): Promise<void> {
  await db.query('UPDATE sessions SET last_seen_at = to_timestamp($2 / 1000.0) WHERE token_hash = $1', [
    tokenHash,
    nowMs,
  ]);
}

/** Ends one open session; answers its member, or null when it was not open. */
export async function revokeSessionByToken(
  db: Queryable,
  tokenHash: string,
  reason: SessionEndReason,
): Promise<number | null> {
  const { rows } = await db.query<{ member_id: number }>(
    `UPDATE sessions SET revoked_at = now(), revoked_reason = $2 WHERE token_hash = $1 AND revoked_at IS NULL
     RETURNING member_id`,
    [tokenHash, reason],
  );
  return rows[0]?.member_id ?? null;
}

// ---- SMS codes ---------------------------------------------------------------------------------------------

export async function selectLatestSmsSentAt(tx: Queryable, phone: string): Promise<Date | null> {
  const { rows } = await tx.query<{ created_at: Date }>(
    `SELECT created_at FROM sms_codes WHERE phone = $1 ORDER BY created_at DESC LIMIT 1`,
    [phone],
  );
  return rows[0]?.created_at ?? null;
}

/** Codes sent to the phone in the day and from the ip in the hour before nowMs. */
export async function countRecentSms(
  tx: Queryable,
  phone: string,
  ip: string,
  nowMs: number,
): Promise<{ phone_day: number; ip_hour: number }> {
  const { rows } = await tx.query<{ phone_day: number; ip_hour: number }>(
    `SELECT
       (SELECT count(*)::int FROM sms_codes WHERE phone = $1 AND created_at > to_timestamp($3 / 1000.0) - interval '1 day') AS phone_day,
       (SELECT count(*)::int FROM sms_codes WHERE ip = $2 AND created_at > to_timestamp($3 / 1000.0) - interval '1 hour') AS ip_hour`,
    [phone, ip, nowMs],
  );
  return rows[0]!;
}

export async function insertSmsCode(
  tx: Queryable,
  c: { phone: string; purpose: string; code: string; ip: string; createdAtMs: number; expiresAtMs: number },
): Promise<void> {
  await tx.query(
    `INSERT INTO sms_codes (phone, purpose, code, ip, created_at, expires_at)
     VALUES ($1, $2, $3, $4, to_timestamp($5 / 1000.0), to_timestamp($6 / 1000.0))`,
    [c.phone, c.purpose, c.code, c.ip, c.createdAtMs, c.expiresAtMs],
  );
}

export interface SmsCodeRow {
  id: number;
  code: string;
  expires_at: Date;
  attempts: number;
  used_at: Date | null;
}

/** The latest code for phone and purpose, locked for this transaction. */
export async function selectLatestSmsCodeForUpdate(
  tx: Queryable,
  phone: string,
  purpose: string,
): Promise<SmsCodeRow | null> {
  const { rows } = await tx.query<SmsCodeRow>(
    `SELECT id, code, expires_at, attempts, used_at FROM sms_codes
      WHERE phone = $1 AND purpose = $2 ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
    [phone, purpose],
  );
  return rows[0] ?? null;
}

export async function markSmsCodeUsed(tx: Queryable, smsId: number): Promise<void> {
  await tx.query('UPDATE sms_codes SET used_at = now() WHERE id = $1', [smsId]);
}

export async function incrementSmsAttempts(db: Queryable, smsId: number): Promise<void> {
  await db.query('UPDATE sms_codes SET attempts = attempts + 1 WHERE id = $1', [smsId]);
}

export async function selectLatestSmsCode(
  db: Queryable,
  phone: string,
): Promise<{ code: string; purpose: string; expires_at: Date } | null> {
  const { rows } = await db.query<{ code: string; purpose: string; expires_at: Date }>(
    'SELECT code, purpose, expires_at FROM sms_codes WHERE phone = $1 ORDER BY created_at DESC LIMIT 1',
    [phone],
  );
  return rows[0] ?? null;
}

// ---- devices -----------------------------------------------------------------------------------------------

export async function upsertDeviceSeen(db: Queryable, uuid: string): Promise<void> {
  await db.query(
    `INSERT INTO devices (uuid) VALUES ($1) ON CONFLICT (uuid) DO UPDATE SET last_seen_at = now()`,
    [uuid],
  );
}

export async function upsertDeviceBlocked(
  db: Queryable,
  uuid: string,
  blocked: boolean,
  reason: string,
): Promise<void> {
  await db.query(
    `INSERT INTO devices (uuid, blocked_at, blocked_reason) VALUES ($1, CASE WHEN $2 THEN now() END, $3)
     ON CONFLICT (uuid) DO UPDATE SET blocked_at = CASE WHEN $2 THEN now() END, blocked_reason = $3`,
    [uuid, blocked, reason],
  );
}
