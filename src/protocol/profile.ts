// The member home and the member's profile (issue 13 §1; docs/member-centre.md, /tmp/api-mine.md → docs/api.md
// "Member centre"): wire shapes and the field rules shared by the pages and the reference back end.
// Amounts are integer fen on the wire.
import type { VipStatus } from './vip.ts';

// ——— Endpoints (member only) ———
export const PROFILE_PATH = {
  summary: '/site/api/v1/mine/summary',
  profile: '/site/api/v1/mine/profile',
  nickname: '/site/api/v1/mine/profile/nickname',
  avatar: '/site/api/v1/mine/profile/avatar',
  birthday: '/site/api/v1/mine/profile/birthday',
  password: '/site/api/v1/mine/password',
  logins: '/site/api/v1/mine/logins',
  logoutOthers: '/site/api/v1/mine/logins/logoutOthers',
} as const;

// ——— Nickname (docs/member-centre.md "Profile fields") ———
export const NICKNAME_MIN = 2;
export const NICKNAME_MAX = 12;
/** Chinese characters, letters, digits and the underscore; counted in characters (code points). */
export const NICKNAME_PATTERN = /^[\p{Script=Han}A-Za-z0-9_]+$/u;
/** Words a nickname may not contain (it must not pass for the site's staff). */
export const NICKNAME_RESERVED = ['客服', '官方', '管理员', 'admin', 'system'] as const;

export type NicknameProblem = 'length' | 'characters' | 'reserved';

/** Why a nickname is refused (31001), or null when it is fine. Leading/trailing spaces are not trimmed away. */
export function nicknameProblem(nickname: string): NicknameProblem | null {
  const n = [...nickname].length;
  if (n < NICKNAME_MIN || n > NICKNAME_MAX) return 'length';
  if (!NICKNAME_PATTERN.test(nickname)) return 'characters';
  const lower = nickname.toLowerCase();
  if (NICKNAME_RESERVED.some((w) => lower.includes(w))) return 'reserved';
  return null;
}

// ——— Avatars: the set the site ships (public/media/avatars/<id>.svg) ———
export const AVATARS = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8'] as const;
export type AvatarId = (typeof AVATARS)[number];
/** The avatar shown before the member picks one. */
export const DEFAULT_AVATAR: AvatarId = 'a1';
export const avatarUrl = (id: string) => `/media/avatars/${id}.svg`;
export const isAvatar = (id: string): id is AvatarId => (AVATARS as readonly string[]).includes(id);

// ——— Birthday: set once, 18+ (issue 13 §1; the VIP birthday gift reads it) ———
export const BIRTHDAY_MIN_AGE_YEARS = 18;
export const BIRTHDAY_MAX_AGE_YEARS = 100;
export const BIRTHDAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export type BirthdayProblem = 'format' | 'tooYoung' | 'tooOld';

/** Today's date in China (UTC+8) as YYYY-MM-DD, the calendar ages are counted in. */
export function chinaToday(now: number = Date.now()): string {
  return new Date(now + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** Why a birthday is refused (31002), or null: a real calendar date, the member at least 18 and at most 100. */
export function birthdayProblem(birthday: string, now: number = Date.now()): BirthdayProblem | null {
  if (!BIRTHDAY_PATTERN.test(birthday)) return 'format';
  const [y, m, d] = birthday.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return 'format';
  const today = chinaToday(now);
  const [ty] = today.split('-').map(Number) as [number];
  const md = birthday.slice(5);
  const age = ty - y - (today.slice(5) < md ? 1 : 0);
  if (birthday > today || age < BIRTHDAY_MIN_AGE_YEARS) return 'tooYoung';
  if (age > BIRTHDAY_MAX_AGE_YEARS) return 'tooOld';
  return null;
}

// ——— Answers ———
export interface MineSummary {
  /** The phone masked: first 3 and last 4 digits, e.g. 138****8000. */
  phoneMasked: string;
  nickname: string | null;
  avatar: AvatarId;
  vip: VipStatus;
  /** The central wallet (fen): the balance and the part of it locked (held by pending withdrawals). */
  balance: number;
  locked: number;
  unreadMail: number;
  realNameVerified: boolean;
}

export interface Profile {
  phoneMasked: string;
  nickname: string | null;
  avatar: AvatarId;
  /** YYYY-MM-DD or null (not set yet; once set it cannot change). */
  birthday: string | null;
  realName: { verified: boolean; name: string | null };
  fundPasswordSet: boolean;
}

export interface NicknameRequest {
  nickname: string;
}
export interface AvatarRequest {
  avatar: string;
}
export interface BirthdayRequest {
  birthday: string;
}
export interface PasswordChangeRequest {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

/**
 * The login continues on this device under a fresh token (every earlier token of the member, this device's
 * old one included, is ended and its sockets are kicked); the page stores it as the session's token.
 */
export interface RenewedSession {
  token: string;
  /** ms since epoch for a remembered login, else null (as login answers). */
  expiresAt: number | null;
  /** How many other live logins were ended besides this device's old token. */
  ended: number;
}

export interface LoginRecord {
  id: string;
  /** ISO time of the login. */
  at: string;
  ip: string;
  /** A readable device: system and browser from the user agent, e.g. "iPhone · Safari". */
  device: string;
  /** The login of this very device and token. */
  current: boolean;
  /** Its session is still open (not logged out, not ended by another login, not expired). */
  live: boolean;
}

export interface LoginList {
  items: LoginRecord[];
}

/** How many recent logins the list shows. */
export const LOGIN_LIST_SIZE = 20;
