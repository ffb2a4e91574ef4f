// spec §4, §9: invite codes from the landing URL, stored with a timestamp and read back while fresh.
import { isLandingCode } from '../protocol/member.ts';

export const INVITE_CODE_TTL_MS = 24 * 60 * 60 * 1000; // invite_code: 24 h
export const REFERRAL_CODE_TTL_MS = 12 * 60 * 60 * 1000; // i_code, r_code, r_bet: 12 h

export const INVITE_KEYS = ['i_code', 'r_code', 'r_bet', 'invite_code'] as const;
export type InviteKey = (typeof INVITE_KEYS)[number];
export type InviteCodes = Record<InviteKey, string>;

const TTL: Record<InviteKey, number> = {
  invite_code: INVITE_CODE_TTL_MS,
  i_code: REFERRAL_CODE_TTL_MS,
  r_code: REFERRAL_CODE_TTL_MS,
  r_bet: REFERRAL_CODE_TTL_MS,
};

/** The stored form. A legacy value is a plain string. */
export interface StampedCode {
  value: string;
  savedAt: number;
}

/** The storage the codes live in (src/platform/storage.ts in the browser, a Map in tests). */
export interface CodeStore {
  get(key: string): unknown;
  set(key: string, value: StampedCode): void;
  remove(key: string): void;
}

const storageKey = (key: InviteKey) => `invite.${key}`;

/**
 * Stores the codes a landing URL carries. If r_code is present, it and r_bet are stored and i_code and
 * invite_code are ignored; otherwise i_code is stored, else invite_code.
 */
export function saveInviteCodesFromUrl(params: URLSearchParams, store: CodeStore, now: number): void {
  // A code the server would refuse (too long, control characters) is not kept: it would fail every
  // registration from this device for a field the player cannot see.
  const put = (key: InviteKey) => {
    const value = params.get(key)?.trim();
    if (value && isLandingCode(value)) store.set(storageKey(key), { value, savedAt: now });
  };
  if (params.get('r_code')?.trim()) {
    put('r_code');
    put('r_bet');
  } else if (params.get('i_code')?.trim()) {
    put('i_code');
  } else {
    put('invite_code');
  }
}

/** One code if still fresh, else ''. Expired values are removed; a legacy plain string is re-saved stamped. */
export function readInviteCode(key: InviteKey, store: CodeStore, now: number): string {
  const raw = store.get(storageKey(key));
  if (typeof raw === 'string') {
    if (!raw) return '';
    store.set(storageKey(key), { value: raw, savedAt: now });
    return raw;
  }
  if (!raw || typeof raw !== 'object') return '';
  const { value, savedAt } = raw as Partial<StampedCode>;
  if (typeof value !== 'string' || typeof savedAt !== 'number' || now - savedAt >= TTL[key]) {
    store.remove(storageKey(key));
    return '';
  }
  return value;
}

export function readInviteCodes(store: CodeStore, now: number): InviteCodes {
  return Object.fromEntries(INVITE_KEYS.map((k) => [k, readInviteCode(k, store, now)])) as InviteCodes;
}
