// The wire protocol shared by the site and its reference back end (spec §7, §8, §9).
// Pure: no DOM, no Node APIs, so both sides import it.

export const API_VERSION = '2.0.0';
/** The oldest client version the back end still serves; older ones answer OLD_VERSION (spec §8 10009). */
export const API_MIN_VERSION = '2.0.0';
export const SITE_ID = '10001';
export const MERCHANT_CODE = 'Y';
export const CLIENT_WEB = 'web';
/** preInfo's default platformType (spec §7). */
export const DEFAULT_PLATFORM_TYPE = 6;

export const HEADER = {
  client: 'X-API-CLIENT',
  signature: 'X-API-XXX',
  version: 'X-API-VERSION',
  site: 'X-API-SITE',
  token: 'X-API-TOKEN',
  uuid: 'X-API-UUID',
} as const;

/** Status codes of the main API envelope (spec §8). */
export const CODE = {
  success: 6000,
  loggedInElsewhere: 6001,
  maintenance: 6013,
  maintenanceVenue: 6014,
  accessCaveat: 6031,
  accessAlert: 6032,
  accessBlocked: 6033,
  common: 10001,
  validation: 10003,
  tokenInvalid: 10004,
  oldVersion: 10009,
  deviceBlocked: 10102,
  tokenExpired: 10104,
  tokenRevoked: 10105,
  apiAuth: 10108,
  validCode: 10409,
  // Money (issue 9; the spec names no codes for these: docs/api.md "Money codes" is their design).
  /** The wallet cannot afford it (the ledger refused: a member balance never goes below zero). */
  insufficientBalance: 30001,
  /** The request id (the caller-made idempotency key) was used before for a different request. */
  duplicateRequest: 30002,
  /** The venue is under maintenance or closed: its wallet cannot take or give money now. */
  venueUnavailable: 30003,
  /** The venue wallet was refreshed a moment ago: wait (spec §2 refresh lock). */
  refreshLocked: 30004,
  /** The deposit channel is closed or unknown. */
  channelUnavailable: 30011,
  /** The amount is outside the channel's minimum and maximum. */
  amountOutOfRange: 30012,
  /** The deposit order expired: it can no longer be paid. */
  orderExpired: 30013,
  /** No such deposit order (for this member). */
  orderNotFound: 30014,
  /** The deposit order was already paid or cancelled. */
  orderSettled: 30015,
  // Payout (issue 10; docs/api.md "Payout" and "Withdrawals").
  /** Real-name verification is needed first. */
  kycRequired: 30021,
  /** Already verified: the real name cannot be changed (an operator can reset it). */
  kycAlreadyVerified: 30022,
  /** The ID number fails GB 11643 (check digit, birth date) or the name is not a real name. */
  kycInvalid: 30023,
  /** Under 18 (issue 10 §1). */
  kycUnderAge: 30024,
  /** This ID number is verified on another account. */
  kycTaken: 30025,
  /** The account fails its kind's format or checksum (Luhn, base58check, EIP-55...). */
  payoutAccountInvalid: 30031,
  /** The member already has the most accounts of that kind. */
  payoutAccountLimit: 30032,
  /** That account is bound already (cards: anywhere on the site). */
  payoutAccountTaken: 30033,
  /** No such payout account (for this member). */
  payoutAccountNotFound: 30034,
  /** The fund password is not set yet. */
  fundPasswordNotSet: 30041,
  /** Wrong fund password; data: { triesLeft }. */
  fundPasswordWrong: 30042,
  /** Too many wrong tries; data: { lockedUntil } (epoch ms). */
  fundPasswordLocked: 30043,
  /** The fund password is set already (change it with the SMS code). */
  fundPasswordAlreadySet: 30044,
  /** Today's withdrawal count or amount is used up. */
  withdrawalDailyLimit: 30051,
  /** Turnover is outstanding and the site refuses (or the deduction was not accepted); data: the audit. */
  turnoverOutstanding: 30052,
  /** No such withdrawal (for this member). */
  withdrawalNotFound: 30053,
  /** The withdrawal is no longer pending: it cannot be cancelled, approved or rejected again. */
  withdrawalSettled: 30054,
  // Venues (issue 11; docs/api.md "Venues").
  /** No such venue, or no such game in it. */
  venueNotFound: 30061,
  /** The venue wallet is empty and the launch moved nothing (the central wallet has money): confirm with isSure 1. */
  venueWalletEmpty: 30062,
  /** The venue's sandbox is not open yet (its category arrives with issue 12): it cannot be launched. */
  venueNotPlayable: 30063,
  /** A venue with a game list was launched without a game (or with one not in it). */
  gameRequired: 30064,
  // The member centre (issue 13; docs/api.md "Member centre"). 31001–31019 profile, 31021–31039 VIP,
  // 31041–31059 rebate and audit, 31061–31079 coins and the mall, 31081–31099 mail and feedback.
  /** A nickname that is empty, too long, or not allowed. */
  nicknameInvalid: 31001,
  /** The birthday is set already (it is set once), or is not a date a player can have. */
  birthdayInvalid: 31002,
  /** Not one of the avatars the site ships. */
  avatarUnknown: 31003,
  /** The current login password given is wrong. */
  passwordWrong: 31004,
  /** No such device or login of this member. */
  loginNotFound: 31005,
  /** That VIP reward is not due (level not reached, wrong month, no deposit last month, no birthday set). */
  vipRewardNotDue: 31021,
  /** That VIP reward was paid already (each is paid once per its reason). */
  vipRewardClaimed: 31022,
  /** Nothing to claim, or less than the minimum claim. */
  rebateNothing: 31041,
  /** Today's rebate cap is used up. */
  rebateCapReached: 31042,
  /** No such turnover requirement (for this member). */
  auditNotFound: 31043,
  /** No such mall item (or it is off the shelf). */
  mallItemNotFound: 31061,
  /** The item is sold out. */
  mallSoldOut: 31062,
  /** The member has redeemed this item as many times as it allows. */
  mallLimitReached: 31063,
  /** The item needs a higher VIP level. */
  mallVipRequired: 31064,
  /** Not enough coins. */
  coinsInsufficient: 31065,
  /** No such message (for this member). */
  mailNotFound: 31081,
  /** Feedback of no known type, or its text empty or too long. */
  feedbackInvalid: 31082,
  /** An image that is not PNG/JPEG/WebP, too large, or more than three. */
  feedbackImageInvalid: 31083,
  /** No such feedback (for this member). */
  feedbackNotFound: 31084,
  /** Too much feedback in a short time. */
  feedbackTooMany: 31085,
} as const;
export type ApiCode = (typeof CODE)[keyof typeof CODE];

/** The money codes (issue 9: 30001–30099): refusals the wallet and deposit pages show themselves. */
export const isMoneyCode = (code: unknown): boolean => {
  const n = typeof code === 'string' ? Number(code) : code;
  return typeof n === 'number' && n >= 30001 && n <= 30099;
};

/** spec §8: 6001, 10105, 10004, 10104 clear the token. */
export const TOKEN_CLEARING_CODES = [
  CODE.loggedInElsewhere,
  CODE.tokenRevoked,
  CODE.tokenInvalid,
  CODE.tokenExpired,
] as const;
/** The codes that end a session on this device: the token-clearing ones and 10102 (spec §8). The one list. */
export const SESSION_ENDING_CODES = [...TOKEN_CLEARING_CODES, CODE.deviceBlocked] as const;
export const isSessionEnding = (code: unknown): boolean =>
  (SESSION_ENDING_CODES as ReadonlyArray<unknown>).includes(typeof code === 'string' ? Number(code) : code);

/** Provider success codes (spec §8): provider one 100, provider two '0000000', provider three 350 (and 0 read as 100). */
export const PROVIDER_SUCCESS: ReadonlyArray<string | number> = [100, '0000000', 350];

export interface Envelope<T = unknown> {
  status_code: number;
  message: string;
  data: T;
}

/** Signature groups (spec §7). */
export const SIGN_GROUPS = [
  '/site/api',
  '/act/api',
  '/game/api',
  '/fd/api',
  '/page/fd/api',
  '/agent/api',
] as const;
export type SignGroup = (typeof SIGN_GROUPS)[number];

/**
 * The signature group of a request path (spec §7): paths containing /component sign as /site/api,
 * paths containing /page/fd as /fd/api, otherwise the first two path segments.
 * Returns null for paths outside every group (cache paths, the socket).
 */
export function signGroupOf(path: string): SignGroup | null {
  const clean = path.split('?')[0] ?? '';
  if (clean.includes('/component')) return '/site/api';
  if (clean.includes('/page/fd')) return '/fd/api';
  const [, first, second] = clean.split('/');
  const group = `/${first ?? ''}/${second ?? ''}`;
  return (SIGN_GROUPS as readonly string[]).includes(group) ? (group as SignGroup) : null;
}

/** Bootstrap calls that fetch the signature map itself, so they cannot be signed (issue 2 §4). */
export const UNSIGNED_PATHS: ReadonlySet<string> = new Set([
  '/site/api/v1/configuration/vvPretty',
  '/site/api/v1/sec/Hf6dtBdmHx',
]);

/** Compare dotted versions: negative when a < b. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const pb = b.split('.').map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
