// What the auth inputs keep of what is typed, how long they may get, and what they start with (issue 4). Pure;
// the checks on submit are in validation.ts.
import { PASSWORD_MAX, SMS_CODE_LENGTH, type InviteParams } from '../../protocol/member.ts';

/** The longest phone number the field takes (no country's number is longer: E.164 allows 15 digits). */
export const PHONE_INPUT_MAX = 15;
/** The SMS code field takes the code's six digits. */
export const SMS_CODE_INPUT_MAX = SMS_CODE_LENGTH;
/** A new password (register, reset) is at most PASSWORD_MAX (16) characters. */
export const NEW_PASSWORD_INPUT_MAX = PASSWORD_MAX;
/** The login field takes longer passwords than a new one may be (accounts made under other rules). */
export const LOGIN_PASSWORD_INPUT_MAX = 32;
/** Invite codes are 4 to 16 letters and digits. */
export const INVITE_CODE_INPUT_MAX = 16;

/** Phone and SMS code fields keep digits only (a pasted '138 0013-8000' becomes '13800138000'). */
export function keepDigits(raw: string): string {
  return raw.replace(/\D/g, '');
}

export const keepPhone = keepDigits;
export const keepSmsCode = keepDigits;

/** The invite code field drops surrounding spaces (a pasted code often carries some). */
export function keepInviteCode(raw: string): string {
  return raw.trim();
}

/** The code the invite field starts with: r_code, else i_code, else invite_code (spec §4 precedence). */
export function prefilledInviteCode(codes: Pick<InviteParams, 'r_code' | 'i_code' | 'invite_code'>): string {
  return codes.r_code || codes.i_code || codes.invite_code || '';
}

/**
 * How many digits a country's phone pattern takes (the phone field's placeholder says it: issue 19 §1 finding 2),
 * read from the pattern itself so the rule lives once (src/protocol/member.ts COUNTRIES). The patterns are a
 * sequence of digits, digit classes and \d, each optionally with {n} or {n,m}; anything else is refused loudly.
 */
export function phoneLengthOf(pattern: RegExp): { min: number; max: number } {
  const body = pattern.source.replace(/^\^/, '').replace(/\$$/, '');
  const atom = /(\d|\\d|\[[^\]]+\])(?:\{(\d+)(?:,(\d+))?\})?/y;
  let min = 0;
  let max = 0;
  let at = 0;
  while (at < body.length) {
    atom.lastIndex = at;
    const m = atom.exec(body);
    if (!m) throw new Error(`phoneLengthOf: unsupported pattern ${pattern.source}`);
    const lo = m[2] === undefined ? 1 : Number(m[2]);
    min += lo;
    max += m[3] === undefined ? lo : Number(m[3]);
    at = atom.lastIndex;
  }
  return { min, max };
}
