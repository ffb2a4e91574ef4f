import { describe, expect, it } from 'vitest';
import {
  readInviteCode,
  readInviteCodes,
  saveInviteCodesFromUrl,
  type CodeStore,
} from '../../../src/lib/invite-codes.ts';

/** spec §4, §9: invite_code expires after 24 h. */
const INVITE_CODE_TTL_MS = 24 * 60 * 60 * 1000;
/** spec §4, §9: i_code, r_code and r_bet expire after 12 h. */
const REFERRAL_CODE_TTL_MS = 12 * 60 * 60 * 1000;

function memoryStore(initial: Record<string, unknown> = {}): CodeStore & { data: Map<string, unknown> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    get: (k) => data.get(k),
    set: (k, v) => void data.set(k, v),
    remove: (k) => void data.delete(k),
  };
}

const T0 = Date.UTC(2026, 10, 21, 8, 0, 0);

describe('saving codes from the landing URL (spec §4 precedence)', () => {
  it('a code the server would refuse (over 32 characters, control characters) is not kept', () => {
    // product constant: the register call takes landing codes of at most 32 characters (docs/api.md)
    const s = memoryStore();
    const long = 'R'.repeat(33);
    saveInviteCodesFromUrl(new URLSearchParams(`r_code=RC&r_bet=${long}`), s, T0);
    expect(readInviteCodes(s, T0)).toEqual({ r_code: 'RC', r_bet: '', i_code: '', invite_code: '' });
    saveInviteCodesFromUrl(new URLSearchParams('i_code=I%0A1'), s, T0);
    expect(readInviteCodes(s, T0).i_code).toBe('');
    saveInviteCodesFromUrl(new URLSearchParams(`i_code=${'I'.repeat(32)}`), s, T0);
    expect(readInviteCodes(s, T0).i_code).toBe('I'.repeat(32));
  });
  it('r_code wins: r_code and r_bet stored, i_code and invite_code ignored', () => {
    const s = memoryStore();
    saveInviteCodesFromUrl(new URLSearchParams('r_code=R1&r_bet=B1&i_code=I1&invite_code=V1'), s, T0);
    expect(readInviteCodes(s, T0)).toEqual({ r_code: 'R1', r_bet: 'B1', i_code: '', invite_code: '' });
  });
  it('without r_code, i_code is stored and invite_code ignored', () => {
    const s = memoryStore();
    saveInviteCodesFromUrl(new URLSearchParams('i_code=I1&invite_code=V1'), s, T0);
    expect(readInviteCodes(s, T0)).toEqual({ r_code: '', r_bet: '', i_code: 'I1', invite_code: '' });
  });
  it('invite_code alone is stored', () => {
    const s = memoryStore();
    saveInviteCodesFromUrl(new URLSearchParams('invite_code=V1'), s, T0);
    expect(readInviteCode('invite_code', s, T0)).toBe('V1');
  });
  it('an empty URL stores nothing and keeps earlier codes', () => {
    const s = memoryStore();
    saveInviteCodesFromUrl(new URLSearchParams('i_code=I1'), s, T0);
    saveInviteCodesFromUrl(new URLSearchParams(''), s, T0 + 1000);
    expect(readInviteCode('i_code', s, T0 + 1000)).toBe('I1');
  });
});

describe('expiry edges (spec §9: invite code 24 h, referral codes 12 h)', () => {
  it.each(['i_code', 'r_code', 'r_bet'] as const)('%s is read just before 12 h and gone at 12 h', (key) => {
    const s = memoryStore({ [`invite.${key}`]: { value: 'X', savedAt: T0 } });
    expect(readInviteCode(key, s, T0 + REFERRAL_CODE_TTL_MS - 1)).toBe('X');
    expect(readInviteCode(key, s, T0 + REFERRAL_CODE_TTL_MS)).toBe('');
    expect(s.data.has(`invite.${key}`)).toBe(false);
  });
  it('invite_code is read just before 24 h (long after 12 h) and gone just after 24 h', () => {
    const s = memoryStore({ 'invite.invite_code': { value: 'V', savedAt: T0 } });
    expect(readInviteCode('invite_code', s, T0 + REFERRAL_CODE_TTL_MS + 1)).toBe('V');
    expect(readInviteCode('invite_code', s, T0 + INVITE_CODE_TTL_MS - 1)).toBe('V');
    expect(readInviteCode('invite_code', s, T0 + INVITE_CODE_TTL_MS + 1)).toBe('');
    expect(s.data.has('invite.invite_code')).toBe(false);
  });
});

describe('legacy and damaged values', () => {
  it('a legacy plain string is read and re-saved in timestamped form', () => {
    const s = memoryStore({ 'invite.i_code': 'OLD' });
    expect(readInviteCode('i_code', s, T0)).toBe('OLD');
    expect(s.data.get('invite.i_code')).toEqual({ value: 'OLD', savedAt: T0 });
    // and from then on it expires like any other
    expect(readInviteCode('i_code', s, T0 + REFERRAL_CODE_TTL_MS)).toBe('');
  });
  it('a damaged value reads empty and is removed', () => {
    const s = memoryStore({ 'invite.r_code': { value: 3 } });
    expect(readInviteCode('r_code', s, T0)).toBe('');
    expect(s.data.has('invite.r_code')).toBe(false);
  });
});
