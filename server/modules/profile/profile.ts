import { CODE } from '../../../src/protocol/api.ts';
import { MEMBER_CODE, PASSWORD_PATTERN, parseStoredPhone } from '../../../src/protocol/member.ts';
import { maskPhone } from '../../../src/protocol/payout-rules.ts';
import {
  birthdayProblem,
  DEFAULT_AVATAR,
  isAvatar,
  LOGIN_LIST_SIZE,
  nicknameProblem,
  type AvatarId,
  type LoginList,
  type MineSummary,
  type PasswordChangeRequest,
  type Profile,
  type RenewedSession,
} from '../../../src/protocol/profile.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { ApiError } from '../../http/envelope.ts';
import { hashPassword, verifyPassword } from '../../security/password.ts';
import { balanceOf } from '../ledger/ledger.ts';
import { unreadMailCount } from '../mail/mail.ts';
import { selectLogins } from '../member/logins.ts';
import { MEMBER_MESSAGE } from '../member/members.ts';
import { SESSION_IDLE_TTL_MS } from '../member/limits.ts';
import { renewSession, SESSION_MESSAGE, type Session } from '../member/sessions.ts';
import { fundPasswordStatus } from '../payout/fund-password.ts';
import { kycStatus } from '../payout/kyc.ts';
import { vipStatusOf } from '../vip/status.ts';
import { PROFILE_MESSAGE } from './messages.ts';

// The member home and the profile (issue 13 §1; docs/member-centre.md). Every write is checked here with a
// coded error (31001–31005); the field rules are the protocol's, shared with the pages.

interface MemberRow {
  phone: string;
  nickname: string | null;
  avatar: string | null;
  birthday: string | null;
  password_hash: string;
}

async function memberRow(q: Queryable, memberId: number, lock = false): Promise<MemberRow> {
  const { rows } = await q.query<MemberRow>(
    `SELECT phone, nickname, avatar, to_char(birthday, 'YYYY-MM-DD') AS birthday, password_hash
       FROM members WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [memberId],
  );
  // The session was resolved against this member a moment ago; a member row is never deleted.
  if (!rows[0]) throw new ApiError(CODE.tokenInvalid, SESSION_MESSAGE.invalid);
  return rows[0];
}

const avatarOf = (a: string | null): AvatarId => (a && isAvatar(a) ? a : DEFAULT_AVATAR);
const masked = (stored: string) => maskPhone(parseStoredPhone(stored).number);

/** The /mine page in one answer: who, VIP standing, the central wallet, unread mail, real name. */
export async function mineSummary(q: Queryable, memberId: number): Promise<MineSummary> {
  const [m, vip, money, unread, kyc] = await Promise.all([
    memberRow(q, memberId),
    vipStatusOf(q, memberId),
    balanceOf(q, { memberId, kind: 'central' }),
    unreadMailCount(q, memberId),
    kycStatus(q, memberId),
  ]);
  return {
    phoneMasked: masked(m.phone),
    nickname: m.nickname,
    avatar: avatarOf(m.avatar),
    vip,
    balance: money.balance,
    locked: money.held,
    unreadMail: unread,
    realNameVerified: kyc.verified,
  };
}

export async function profileOf(q: Queryable, memberId: number): Promise<Profile> {
  const [m, kyc, fund] = await Promise.all([
    memberRow(q, memberId),
    kycStatus(q, memberId),
    fundPasswordStatus(q, memberId),
  ]);
  return {
    phoneMasked: masked(m.phone),
    nickname: m.nickname,
    avatar: avatarOf(m.avatar),
    birthday: m.birthday,
    realName: { verified: kyc.verified, name: kyc.realName },
    fundPasswordSet: fund.set,
  };
}

export async function setNickname(db: Db, memberId: number, nickname: string): Promise<Profile> {
  const problem = nicknameProblem(nickname);
  if (problem) throw new ApiError(CODE.nicknameInvalid, PROFILE_MESSAGE.nickname[problem]);
  await db.query('UPDATE members SET nickname = $2 WHERE id = $1', [memberId, nickname]);
  return profileOf(db, memberId);
}

export async function setAvatar(db: Db, memberId: number, avatar: string): Promise<Profile> {
  if (!isAvatar(avatar)) throw new ApiError(CODE.avatarUnknown, PROFILE_MESSAGE.avatarUnknown);
  await db.query('UPDATE members SET avatar = $2 WHERE id = $1', [memberId, avatar]);
  return profileOf(db, memberId);
}

/** Sets the birthday once: a second write (or a parallel one) answers 31002, whatever the date. */
export async function setBirthday(
  db: Db,
  memberId: number,
  birthday: string,
  now = Date.now(),
): Promise<Profile> {
  const problem = birthdayProblem(birthday, now);
  if (problem) throw new ApiError(CODE.birthdayInvalid, PROFILE_MESSAGE.birthday[problem]);
  const res = await db.query('UPDATE members SET birthday = $2::date WHERE id = $1 AND birthday IS NULL', [
    memberId,
    birthday,
  ]);
  if (res.rowCount === 0) throw new ApiError(CODE.birthdayInvalid, PROFILE_MESSAGE.birthdaySet);
  return profileOf(db, memberId);
}

/**
 * Changes the login password: the old one must match (31004), the new one follows the register page's rules
 * (6025 format, 6026 mismatch, and not the old one: 6025). Every other login ends and this device goes on
 * under a fresh token (renewSession).
 */
export async function changePassword(
  db: Db,
  session: Session,
  input: PasswordChangeRequest,
  deviceUuid: string | null,
): Promise<RenewedSession> {
  if (!PASSWORD_PATTERN.test(input.password))
    throw new ApiError(MEMBER_CODE.passwordFormat, MEMBER_MESSAGE.passwordFormat);
  if (input.password !== input.confirmPassword)
    throw new ApiError(MEMBER_CODE.passwordMismatch, MEMBER_MESSAGE.passwordMismatch);
  const current = await memberRow(db, session.memberId);
  if (!(await verifyPassword(input.oldPassword, current.password_hash)))
    throw new ApiError(CODE.passwordWrong, PROFILE_MESSAGE.passwordWrong);
  if (input.password === input.oldPassword)
    throw new ApiError(MEMBER_CODE.passwordFormat, PROFILE_MESSAGE.passwordSame);
  const hash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    // Two changes at once: the second sees the first's hash and must prove the old password against it.
    const row = await memberRow(tx, session.memberId, true);
    if (row.password_hash !== current.password_hash)
      throw new ApiError(CODE.passwordWrong, PROFILE_MESSAGE.passwordWrong);
    await tx.query('UPDATE members SET password_hash = $2 WHERE id = $1', [session.memberId, hash]);
    return renewSession(tx, session, 'password', deviceUuid);
  });
}

export async function loginList(q: Queryable, session: Session): Promise<LoginList> {
  const rows = await selectLogins(q, session.memberId, LOGIN_LIST_SIZE, SESSION_IDLE_TTL_MS);
  return {
    items: rows.map((r) => ({
      id: r.id,
      at: new Date(r.created_at).toISOString(),
      ip: r.ip,
      device: r.device,
      current: r.token_hash === session.tokenHash,
      live: r.live,
    })),
  };
}

/** "Log out other devices": every other login ends (their sockets are kicked); this device goes on. */
export function logoutOthers(db: Db, session: Session, deviceUuid: string | null): Promise<RenewedSession> {
  return db.transaction(async (tx) => {
    await memberRow(tx, session.memberId, true);
    return renewSession(tx, session, 'logout', deviceUuid);
  });
}
