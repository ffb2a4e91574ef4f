// Accounts: the rules and payloads the site and the back end share (spec §3, §5, §8; design in docs/design/accounts.md).

/** spec §3, §9: default phone country China, code 86. */
export const DEFAULT_COUNTRY_CODE = '86';

export interface Country {
  code: string;
  /** Shown in the picker. */
  name: string;
  pattern: RegExp;
}

export const COUNTRIES: readonly Country[] = [
  { code: '86', name: '中国大陆', pattern: /^1[3-9]\d{9}$/ },
  { code: '852', name: '中国香港', pattern: /^[4-9]\d{7}$/ },
  { code: '853', name: '中国澳门', pattern: /^6\d{7}$/ },
  { code: '886', name: '中国台湾', pattern: /^9\d{8}$/ },
  { code: '60', name: '马来西亚', pattern: /^1\d{8,9}$/ },
  { code: '63', name: '菲律宾', pattern: /^9\d{9}$/ },
  { code: '65', name: '新加坡', pattern: /^[89]\d{7}$/ },
  { code: '66', name: '泰国', pattern: /^[689]\d{8}$/ },
  { code: '84', name: '越南', pattern: /^[35789]\d{8}$/ },
];

export function countryOf(code: string): Country | undefined {
  return COUNTRIES.find((c) => c.code === code);
}

export function isValidPhone(countryCode: string, number: string): boolean {
  return countryOf(countryCode)?.pattern.test(number) ?? false;
}

/** spec §3: phone numbers are stored as '(countryNumber)number'. */
export function formatStoredPhone(countryCode: string, number: string): string {
  return `(${countryCode})${number}`;
}

/** spec §3: '(852)91234567' → {852, 91234567}; an absent prefix means CN, 86. */
export function parseStoredPhone(stored: string): { countryCode: string; number: string } {
  const m = /^\((\d{1,4})\)(\d+)$/.exec(stored.trim());
  return m
    ? { countryCode: m[1]!, number: m[2]! }
    : { countryCode: DEFAULT_COUNTRY_CODE, number: stored.trim() };
}

/** Passwords: 6–16 characters, letters and digits both present, from a plain set. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 16;
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d!@#$%^&*._-]{6,16}$/;

export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_PATTERN = /^\d{6}$/;
/** The send button counts down this long before another code can be asked for (issue 4 §1). */
export const SMS_RESEND_SECONDS = 60;
export const INVITE_CODE_PATTERN = /^[A-Za-z0-9]{4,16}$/;

/** The purposes of the login pages (register, forgot password). */
export type SmsPurpose = 'register' | 'reset';
/**
 * Every purpose sms/send takes: also 'fundPassword', for changing the fund password (issue 10 §3; sent to a
 * member's own phone, like 'reset'). The fund-password page sends a FundPasswordSmsSendRequest.
 */
export type AnySmsPurpose = SmsPurpose | 'fundPassword';

/** Account codes (spec §8 login-related codes; meanings designed here and listed in docs/api.md). */
export const MEMBER_CODE = {
  wrongCredentials: 6002,
  accountLocked: 6008,
  phoneTaken: 6021,
  phoneUnknown: 6022,
  loginStopped: 6024,
  registerStopped: 6025,
  phoneDisabled: 6026,
  passwordMismatch: 6027,
  passwordFormat: 6028,
  phoneFormat: 6029,
  smsTooSoon: 6035,
  smsDailyLimit: 6036,
  tooManyFromIp: 6037,
  smsCodeExpired: 6038,
  loginRateLimited: 6039,
  accountDisabled: 6501,
  inviteCodeInvalid: 22007,
  smsCodeWrong: 10409,
} as const;

export interface SmsSendRequest {
  countryCode: string;
  phone: string;
  purpose: AnySmsPurpose;
}
export interface FundPasswordSmsSendRequest extends SmsSendRequest {
  purpose: 'fundPassword';
}
export interface SmsSendResponse {
  /** Seconds until another code may be asked for. */
  resendAfter: number;
}

/** The longest landing code (spec §2 i_code, r_code, r_bet, invite_code) the site keeps and the server takes. */
export const LANDING_CODE_MAX = 32;
/** A landing code is stored as given: no control characters (PostgreSQL text refuses NUL). */
// eslint-disable-next-line no-control-regex -- the rule is exactly "no control characters"
export const LANDING_CODE_PATTERN = /^[^\u0000-\u001f\u007f]*$/;
export const isLandingCode = (value: string) =>
  value.length > 0 && value.length <= LANDING_CODE_MAX && LANDING_CODE_PATTERN.test(value);

export interface InviteParams {
  i_code?: string;
  r_code?: string;
  r_bet?: string;
  invite_code?: string;
}

export interface RegisterRequest {
  countryCode: string;
  phone: string;
  smsCode: string;
  password: string;
  confirmPassword: string;
  /** The invite code field (pre-filled from the stored codes). */
  inviteCode?: string;
  /** The live landing codes (spec §4), so the back end records how the player arrived. */
  referral?: InviteParams;
}

export interface LoginRequest {
  countryCode: string;
  phone: string;
  password: string;
  remember: boolean;
}

export interface ResetPasswordRequest {
  countryCode: string;
  phone: string;
  smsCode: string;
  password: string;
  confirmPassword: string;
}

export interface AuthResponse {
  token: string;
  /** Milliseconds since epoch; null for a session token (ends with the browser session). */
  expiresAt: number | null;
  userName: string;
}

export interface MemberInfo {
  userId: number;
  userName: string;
  /** spec §3 form, '(86)13800138000'. */
  phone: string;
  countryCode: string;
  vipLevel: number;
  inviteCode: string;
  registeredAt: string;
  /** With withLockMoney: 1 (spec §7): the central wallet's balance and the amount locked in it, fen. */
  balance?: number;
  lockMoney?: number;
}

export interface MemberJwt {
  jwt: string;
  expiresIn: number;
}

/** The header carrying the hashed user name on member/info (spec §7). */
export const USER_HASH_HEADER = 'X-API-USER';
