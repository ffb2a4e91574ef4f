// Business limits of accounts (designed here; docs/design/accounts.md). Named once.
export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_RESEND_COOLDOWN_MS = 60_000;
export const SMS_MAX_PER_PHONE_PER_DAY = 10;
export const SMS_MAX_PER_IP_PER_HOUR = 30;
export const SMS_MAX_ATTEMPTS = 5;

export const LOGIN_WINDOW_MS = 15 * 60_000;
/** Wrong passwords for one phone within the window before it is locked for the rest of the window. */
export const LOGIN_MAX_FAILURES_PER_PHONE = 5;
export const LOGIN_MAX_FAILURES_PER_IP = 20;
/**
 * issue 19 §1 finding 8: once this many tries or fewer remain before the phone is locked, the wrong-credentials
 * answer says how many (the same for an unknown phone as for a known one: both count).
 */
export const LOGIN_TRIES_WARN_AT = 3;

/** spec §5: remember-login tokens last 365 days. */
export const REMEMBER_TOKEN_TTL_MS = 365 * 24 * 60 * 60_000;
/** A session token (no remember) ends with the browser session, and on the server after this idle time... */
export const SESSION_IDLE_TTL_MS = 2 * 60 * 60_000;
/** ...or this long after login, whichever comes first. */
export const SESSION_MAX_TTL_MS = 24 * 60 * 60_000;
/** last_seen_at is written at most this often (not on every request). */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

export const MEMBER_JWT_TTL_S = 300;
