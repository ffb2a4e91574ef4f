import { createHash, randomBytes } from 'node:crypto';
import { CODE } from '../../../src/protocol/api.ts';
import type { Queryable } from '../../db/db.ts';
import { ApiError } from '../../http/envelope.ts';
import { notifySessionsEnded } from '../../stream/channels.ts';
import {
  REMEMBER_TOKEN_TTL_MS,
  SESSION_IDLE_TTL_MS,
  SESSION_MAX_TTL_MS,
  SESSION_TOUCH_INTERVAL_MS,
} from './limits.ts';
import { moveLogin } from './logins.ts';
import {
  insertSession,
  revokeOpenSessions,
  revokeSessionByToken,
  selectSession,
  touchSession,
} from './repository.ts';

export const SESSION_MESSAGE = {
  elsewhere: '您的账号已在其他设备登录，如非本人操作请及时修改密码',
  expired: '登录已过期，请重新登录',
  revoked: '登录已失效，请重新登录',
  invalid: '请先登录',
  disabled: '该账号已停用，请联系客服',
} as const;

/** Tokens are opaque and random; only their hash is stored, so a database copy logs nobody in. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface Session {
  memberId: number;
  tokenHash: string;
  remember: boolean;
}

/**
 * Opens a session and ends every other open session of the member (one active session per member): the old
 * tokens then answer 6001.
 */
export async function openSession(
  tx: Queryable,
  memberId: number,
  opts: { remember: boolean; deviceUuid: string | null; now?: number },
): Promise<{ token: string; expiresAt: number | null }> {
  const now = opts.now ?? Date.now();
  const ended = await revokeOpenSessions(tx, memberId, 'elsewhere');
  // The old login's open sockets get the 6001 kick, on commit only (issue 5 §2).
  if (ended > 0) await notifySessionsEnded(tx, memberId, 'elsewhere');
  const token = randomBytes(32).toString('base64url');
  const expiresAt = now + (opts.remember ? REMEMBER_TOKEN_TTL_MS : SESSION_MAX_TTL_MS);
  await insertSession(tx, {
    tokenHash: hashToken(token),
    memberId,
    deviceUuid: opts.deviceUuid,
    remember: opts.remember,
    expiresAtMs: expiresAt,
  });
  return { token, expiresAt: opts.remember ? expiresAt : null };
}

/** The session of a token, or the coded error the player must see (spec §8: 6001, 10104, 10105, 10004). */
export async function resolveSession(db: Queryable, token: string, now = Date.now()): Promise<Session> {
  const tokenHash = hashToken(token);
  const s = await selectSession(db, tokenHash);
  if (!s) throw new ApiError(CODE.tokenInvalid, SESSION_MESSAGE.invalid);
  if (s.revoked_reason === 'elsewhere') throw new ApiError(CODE.loggedInElsewhere, SESSION_MESSAGE.elsewhere);
  if (s.revoked_reason) throw new ApiError(CODE.tokenRevoked, SESSION_MESSAGE.revoked);
  // A member an operator disabled loses every open session at once (10105 ends the session in the site).
  if (s.member_status !== 'active') throw new ApiError(CODE.tokenRevoked, SESSION_MESSAGE.disabled);
  const idleOver = !s.remember && now - s.last_seen_at.getTime() > SESSION_IDLE_TTL_MS;
  if (s.expires_at.getTime() <= now || idleOver)
    throw new ApiError(CODE.tokenExpired, SESSION_MESSAGE.expired);
  if (now - s.last_seen_at.getTime() > SESSION_TOUCH_INTERVAL_MS) {
    await touchSession(db, tokenHash, now);
  }
  return { memberId: s.member_id, tokenHash, remember: s.remember };
}

export async function revokeSession(
  db: Queryable,
  tokenHash: string,
  reason: 'logout' | 'password' | 'operator',
): Promise<void> {
  const memberId = await revokeSessionByToken(db, tokenHash, reason);
  // The login's sockets close too (10105).
  if (memberId !== null) await notifySessionsEnded(db, memberId, reason);
}

export async function revokeMemberSessions(
  db: Queryable,
  memberId: number,
  reason: 'password' | 'operator',
): Promise<void> {
  if ((await revokeOpenSessions(db, memberId, reason)) > 0) await notifySessionsEnded(db, memberId, reason);
}

/**
 * Renews the caller's login (issue 13 §1: a password change, "log out other devices"; docs/member-centre.md
 * "Devices and logins"): every open session of the member ends — the caller's old token too, so a device
 * that was handed this login's token is out as well — their sockets get the kick (10105), and this device goes
 * on under a fresh token of the same kind (remembered or not). Call it inside the transaction of the change.
 * `ended`: the other sessions that were open besides the caller's.
 */
export async function renewSession(
  tx: Queryable,
  session: Session,
  reason: 'password' | 'logout',
  deviceUuid: string | null,
  now = Date.now(),
): Promise<{ token: string; expiresAt: number | null; ended: number }> {
  const closed = await revokeOpenSessions(tx, session.memberId, reason);
  await notifySessionsEnded(tx, session.memberId, reason);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = now + (session.remember ? REMEMBER_TOKEN_TTL_MS : SESSION_MAX_TTL_MS);
  const tokenHash = hashToken(token);
  await insertSession(tx, {
    tokenHash,
    memberId: session.memberId,
    deviceUuid,
    remember: session.remember,
    expiresAtMs: expiresAt,
  });
  await moveLogin(tx, session.tokenHash, tokenHash);
  return { token, expiresAt: session.remember ? expiresAt : null, ended: Math.max(0, closed - 1) };
}
