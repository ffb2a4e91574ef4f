import { createHash, randomInt } from 'node:crypto';
import {
  formatStoredPhone,
  isValidPhone,
  MEMBER_CODE,
  parseStoredPhone,
  PASSWORD_PATTERN,
  type InviteParams,
  type MemberInfo,
  type AnySmsPurpose,
} from '../../../src/protocol/member.ts';
import { CODE } from '../../../src/protocol/api.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { ApiError } from '../../http/envelope.ts';
import { hashPassword, verifyPassword } from '../../security/password.ts';
import { cachedSiteConfig } from '../site/config.ts';
import { recordDevice } from './devices.ts';
import { recordLogin } from './logins.ts';
import {
  LOGIN_MAX_FAILURES_PER_IP,
  LOGIN_MAX_FAILURES_PER_PHONE,
  LOGIN_TRIES_WARN_AT,
  LOGIN_WINDOW_MS,
} from './limits.ts';
import {
  insertDemoMember,
  insertLoginAttempt,
  insertMember,
  lockName,
  memberExists,
  selectLoginFailures,
  selectMember,
  selectMemberCredentials,
  selectMemberIdByInviteCode,
  selectMemberIdByPhone,
  settleLoginAttempt,
  updateMemberPassword,
} from './repository.ts';
import { hashToken, openSession, revokeMemberSessions, SESSION_MESSAGE } from './sessions.ts';
import { consumeSmsCode, issueSmsCode, recordWrongSmsAttempt, SmsWrongCode, type SmsGateway } from './sms.ts';

export const MEMBER_MESSAGE = {
  wrongCredentials: '手机号或密码错误',
  /** issue 19 §1: the wrong-credentials answer once LOGIN_TRIES_WARN_AT tries or fewer remain. */
  wrongCredentialsTriesLeft: (left: number, minutes: number) =>
    `手机号或密码错误，还可尝试 ${left} 次，用完后登录将暂停 ${minutes} 分钟`,
  /** issue 19 §1: the wrong-credentials answer that used the last try (the next attempt answers 6008). */
  wrongCredentialsNoTriesLeft: (minutes: number) =>
    `手机号或密码错误，尝试次数已用完，请 ${minutes} 分钟后再试或找回密码`,
  locked: (minutes: number) => `密码错误次数过多，账号已锁定，请 ${minutes} 分钟后再试或找回密码`,
  ipLimited: '当前网络登录尝试过于频繁，请稍后再试',
  phoneTaken: '该手机号已注册，请直接登录',
  phoneUnknown: '该手机号尚未注册',
  loginStopped: '系统暂停登录，请稍后再试',
  registerStopped: '系统暂停注册，请稍后再试',
  phoneDisabled: '该号段暂不支持注册，请更换手机号',
  passwordMismatch: '两次输入的密码不一致',
  passwordFormat: '密码需为 6-16 位，且同时包含字母和数字',
  phoneFormat: '请输入正确的手机号码',
  accountDisabled: '该账号已停用，请联系客服',
  inviteInvalid: '邀请码无效，请核对后重试',
} as const;

// The user name a member is known by (spec §3 local item userName) is the phone number without the country:
// parseStoredPhone(stored).number, the protocol's one parser of stored phones.

/** spec §7: member/info carries the hashed user name; hex SHA-256. */
export const hashUserName = (userName: string) => createHash('sha256').update(userName).digest('hex');

function checkPhone(countryCode: string, phone: string): string {
  if (!isValidPhone(countryCode, phone))
    throw new ApiError(MEMBER_CODE.phoneFormat, MEMBER_MESSAGE.phoneFormat);
  return formatStoredPhone(countryCode, phone);
}

/** The operator's disablePhones: number prefixes that may not register (spec §3 pre-info). */
export function checkPhoneAllowed(config: { disablePhones: string[] }, number: string): void {
  if (config.disablePhones.some((prefix) => prefix && number.startsWith(prefix))) {
    throw new ApiError(MEMBER_CODE.phoneDisabled, MEMBER_MESSAGE.phoneDisabled);
  }
}

function checkNewPassword(password: string, confirm: string): void {
  if (!PASSWORD_PATTERN.test(password))
    throw new ApiError(MEMBER_CODE.passwordFormat, MEMBER_MESSAGE.passwordFormat);
  if (password !== confirm) throw new ApiError(MEMBER_CODE.passwordMismatch, MEMBER_MESSAGE.passwordMismatch);
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function newInviteCode(): string {
  return Array.from({ length: 8 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');
}

/** PostgreSQL's unique_violation SQLSTATE. */
const UNIQUE_VIOLATION = '23505';

/** Runs fn; a wrong SMS code rolls the transaction back and is then counted against the code. */
async function withSmsCode<T>(db: Db, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(fn);
  } catch (err) {
    if (err instanceof SmsWrongCode) await recordWrongSmsAttempt(db, err.smsId);
    // Two registrations of one phone at once: the second meets the unique index, and is told so (not a 500).
    const pg = err as { code?: string; constraint?: string };
    if (pg.code === UNIQUE_VIOLATION && pg.constraint === 'members_phone_key') {
      throw new ApiError(MEMBER_CODE.phoneTaken, MEMBER_MESSAGE.phoneTaken);
    }
    throw err;
  }
}

export interface RegisterInput {
  countryCode: string;
  phone: string;
  smsCode: string;
  password: string;
  confirmPassword: string;
  inviteCode?: string | undefined;
  referral?: InviteParams | undefined;
  ip: string;
  deviceUuid: string | null;
  /** The User-Agent, for the member's list of logins (issue 13 §1). */
  userAgent?: string | undefined;
}

/** The code the inviter is found by, and which landing parameter carried it (spec §4 precedence). */
function inviterCode(input: RegisterInput): { code: string; source: string } | null {
  const r = input.referral ?? {};
  const typed = input.inviteCode?.trim();
  if (typed) {
    const source =
      (['r_code', 'i_code', 'invite_code'] as const).find((k) => r[k]?.trim() === typed) ?? 'manual';
    return { code: typed, source };
  }
  return null;
}

export async function registerMember(db: Db, input: RegisterInput) {
  const config = await cachedSiteConfig(db);
  if (config.stopRegister) throw new ApiError(MEMBER_CODE.registerStopped, MEMBER_MESSAGE.registerStopped);
  const phone = checkPhone(input.countryCode, input.phone);
  checkPhoneAllowed(config, input.phone);
  checkNewPassword(input.password, input.confirmPassword);
  const passwordHash = await hashPassword(input.password);
  const invite = inviterCode(input);

  return withSmsCode(db, async (tx) => {
    // One registration per phone at a time: a parallel one then sees this member (6021), not a spent code.
    await lockName(tx, `register:${phone}`);
    if (await memberExists(tx, phone)) throw new ApiError(MEMBER_CODE.phoneTaken, MEMBER_MESSAGE.phoneTaken);
    let inviterId: number | null = null;
    if (invite) {
      inviterId = await selectMemberIdByInviteCode(tx, invite.code);
      if (inviterId === null) throw new ApiError(MEMBER_CODE.inviteCodeInvalid, MEMBER_MESSAGE.inviteInvalid);
    }
    await consumeSmsCode(tx, { phone, purpose: 'register', code: input.smsCode });
    const referralBet = invite?.source === 'r_code' ? input.referral?.r_bet?.trim() || null : null;
    const memberId = await insertMember(tx, {
      phone,
      passwordHash,
      inviteCode: newInviteCode(),
      inviterId,
      inviteSource: invite?.source ?? null,
      referralBet,
    });
    if (input.deviceUuid) await recordDevice(tx, input.deviceUuid);
    const session = await openSession(tx, memberId, { remember: false, deviceUuid: input.deviceUuid });
    await recordLogin(tx, {
      memberId,
      tokenHash: hashToken(session.token),
      ip: input.ip,
      deviceUuid: input.deviceUuid,
      userAgent: input.userAgent,
      kind: 'register',
    });
    return { ...session, userName: parseStoredPhone(phone).number };
  });
}

export interface LoginInput {
  countryCode: string;
  phone: string;
  password: string;
  remember: boolean;
  ip: string;
  deviceUuid: string | null;
  /** The User-Agent, for the member's list of logins (issue 13 §1). */
  userAgent?: string | undefined;
}

/** Minutes (at least 1) until the oldest failure of the window leaves it, i.e. until a locked phone unlocks. */
function minutesUntilUnlock(oldest: Date | null): number {
  const unlockIn = (oldest?.getTime() ?? Date.now()) + LOGIN_WINDOW_MS - Date.now();
  return Math.max(1, Math.ceil(unlockIn / 60_000));
}

/**
 * The wrong-credentials answer after `failures` failures of the phone in the window, this one included (issue 19
 * §1 finding 8): it says how many tries remain once LOGIN_TRIES_WARN_AT or fewer do. It depends only on the
 * phone's failures, which an unknown phone collects like a known one: the answer tells nobody which exists.
 */
export function wrongCredentialsMessage(failures: number, oldest: Date | null): string {
  const left = Math.max(0, LOGIN_MAX_FAILURES_PER_PHONE - failures);
  if (left > LOGIN_TRIES_WARN_AT) return MEMBER_MESSAGE.wrongCredentials;
  if (left === 0) return MEMBER_MESSAGE.wrongCredentialsNoTriesLeft(minutesUntilUnlock(oldest));
  return MEMBER_MESSAGE.wrongCredentialsTriesLeft(left, LOGIN_WINDOW_MS / 60_000);
}

export async function loginMember(db: Db, input: LoginInput) {
  const config = await cachedSiteConfig(db);
  if (config.stopLogin) throw new ApiError(MEMBER_CODE.loginStopped, MEMBER_MESSAGE.loginStopped);
  const phone = checkPhone(input.countryCode, input.phone);

  // Check the limits and reserve this attempt under a per-phone lock (a short transaction: the slow password
  // check runs outside it), so parallel attempts cannot all slip past the limit.
  const { attemptId, failuresBefore, oldest } = await db.transaction(async (tx) => {
    await lockName(tx, `login:${phone}`);
    const f = await selectLoginFailures(tx, phone, input.ip, Date.now() - LOGIN_WINDOW_MS);
    if (f.ip_fails >= LOGIN_MAX_FAILURES_PER_IP) {
      throw new ApiError(MEMBER_CODE.loginRateLimited, MEMBER_MESSAGE.ipLimited);
    }
    if (f.phone_fails >= LOGIN_MAX_FAILURES_PER_PHONE) {
      throw new ApiError(MEMBER_CODE.accountLocked, MEMBER_MESSAGE.locked(minutesUntilUnlock(f.oldest)));
    }
    const id = await insertLoginAttempt(tx, phone, input.ip, null);
    return { attemptId: id, failuresBefore: f.phone_fails, oldest: f.oldest };
  });

  const member = await selectMemberCredentials(db, phone);
  // The same answer and comparable time for an unknown phone as for a wrong password.
  const ok = member
    ? await verifyPassword(input.password, member.password_hash)
    : (await hashPassword(input.password), false);
  if (!member || !ok) {
    await settleLoginAttempt(db, attemptId, false);
    throw new ApiError(MEMBER_CODE.wrongCredentials, wrongCredentialsMessage(failuresBefore + 1, oldest));
  }
  if (member.status !== 'active') {
    await settleLoginAttempt(db, attemptId, false);
    throw new ApiError(MEMBER_CODE.accountDisabled, MEMBER_MESSAGE.accountDisabled);
  }

  return db.transaction(async (tx) => {
    await settleLoginAttempt(tx, attemptId, true);
    if (input.deviceUuid) await recordDevice(tx, input.deviceUuid);
    const session = await openSession(tx, member.id, {
      remember: input.remember,
      deviceUuid: input.deviceUuid,
    });
    await recordLogin(tx, {
      memberId: member.id,
      tokenHash: hashToken(session.token),
      ip: input.ip,
      deviceUuid: input.deviceUuid,
      userAgent: input.userAgent,
      kind: 'login',
    });
    return { ...session, userName: parseStoredPhone(phone).number };
  });
}

export async function resetPassword(
  db: Db,
  input: {
    countryCode: string;
    phone: string;
    smsCode: string;
    password: string;
    confirmPassword: string;
    ip: string;
  },
): Promise<void> {
  const phone = checkPhone(input.countryCode, input.phone);
  checkNewPassword(input.password, input.confirmPassword);
  const passwordHash = await hashPassword(input.password);
  await withSmsCode(db, async (tx) => {
    const memberId = await selectMemberIdByPhone(tx, phone);
    if (memberId === null) throw new ApiError(MEMBER_CODE.phoneUnknown, MEMBER_MESSAGE.phoneUnknown);
    await consumeSmsCode(tx, { phone, purpose: 'reset', code: input.smsCode });
    await updateMemberPassword(tx, memberId, passwordHash);
    // A new password ends every session (a thief's too).
    await revokeMemberSessions(tx, memberId, 'password');
    // The phone proved itself with the code: earlier wrong passwords no longer lock it (the lock message
    // offers a reset as the way out).
    await insertLoginAttempt(tx, phone, input.ip, true);
  });
}

export async function memberInfo(db: Queryable, memberId: number): Promise<MemberInfo> {
  const m = await selectMember(db, memberId);
  // The session was resolved against this member a moment ago; a member row is never deleted.
  if (!m) throw new ApiError(CODE.tokenInvalid, SESSION_MESSAGE.invalid);
  const { countryCode, number } = parseStoredPhone(m.phone);
  return {
    userId: m.id,
    userName: number,
    phone: m.phone,
    countryCode,
    vipLevel: m.vip_level,
    inviteCode: m.invite_code,
    registeredAt: m.created_at.toISOString(),
  };
}

/** The demo player of the README: 13800138000 (86) / demo1234. */
export const DEMO_PLAYER = {
  countryCode: '86',
  phone: '13800138000',
  password: 'demo1234',
  inviteCode: 'DEMO8888',
} as const;

export async function seedDemoPlayer(db: Queryable): Promise<void> {
  const phone = formatStoredPhone(DEMO_PLAYER.countryCode, DEMO_PLAYER.phone);
  await insertDemoMember(db, {
    phone,
    passwordHash: await hashPassword(DEMO_PLAYER.password),
    inviteCode: DEMO_PLAYER.inviteCode,
    vipLevel: 3,
  });
}

/**
 * An SMS code for registering or resetting (docs/api.md sms/send): the phone's format, the operator's stops
 * and prefixes, and whether the phone is a member decide before a code is spent.
 */
export async function sendSmsCode(
  db: Db,
  gateway: SmsGateway,
  input: { countryCode: string; phone: string; purpose: AnySmsPurpose; ip: string },
): Promise<{ resendAfter: number }> {
  const { countryCode, phone: number, purpose } = input;
  const stored = checkPhone(countryCode, number);
  const config = await cachedSiteConfig(db);
  if (purpose === 'register' && config.stopRegister) {
    throw new ApiError(MEMBER_CODE.registerStopped, MEMBER_MESSAGE.registerStopped);
  }
  // A number the site will not register gets no code either (no SMS spent on it).
  if (purpose === 'register') checkPhoneAllowed(config, number);
  const exists = await memberExists(db, stored);
  if (purpose === 'register' && exists) throw new ApiError(MEMBER_CODE.phoneTaken, MEMBER_MESSAGE.phoneTaken);
  if ((purpose === 'reset' || purpose === 'fundPassword') && !exists)
    throw new ApiError(MEMBER_CODE.phoneUnknown, MEMBER_MESSAGE.phoneUnknown);
  return issueSmsCode(db, gateway, { phone: stored, purpose, ip: input.ip });
}
