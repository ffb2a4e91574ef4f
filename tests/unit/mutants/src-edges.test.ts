// Mutation testing (issue 18 §3): edges of the src/ logic left open by the src scope run of 2026-11-23
// (invite codes, text replacement, AES text, chat speech). Expectations from the product specification.
import { describe, expect, it } from 'vitest';
import { decryptWithPassphrase, encryptWithPassphrase } from '../../../src/lib/aes.ts';
import { readInviteCode, saveInviteCodesFromUrl, type CodeStore } from '../../../src/lib/invite-codes.ts';
import { replaceText } from '../../../src/lib/replace-text.ts';
import { chatReasonText, speechOf } from '../../../src/features/home/chat-speech.ts';

/** spec §4, §9: i_code expires after 12 h. */
const REFERRAL_CODE_TTL_MS = 12 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 10, 23, 8, 0, 0);

function memoryStore(initial: Record<string, unknown> = {}): CodeStore & { data: Map<string, unknown> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    get: (k) => data.get(k),
    set: (k, v) => void data.set(k, v),
    remove: (k) => void data.delete(k),
  };
}

describe('invite codes from the landing URL (spec §4)', () => {
  it('a code written with spaces around it is kept without them', () => {
    const s = memoryStore();
    saveInviteCodesFromUrl(new URLSearchParams('i_code=%20AB12%20'), s, T0);
    expect(readInviteCode('i_code', s, T0)).toBe('AB12');
  });

  it('an r_code of only spaces is no r_code: i_code is stored', () => {
    const s = memoryStore();
    saveInviteCodesFromUrl(new URLSearchParams('r_code=%20%20&i_code=AB12'), s, T0);
    expect(readInviteCode('i_code', s, T0)).toBe('AB12');
    expect(readInviteCode('r_code', s, T0)).toBe('');
  });

  it('an i_code of only spaces is no i_code: invite_code is stored', () => {
    const s = memoryStore();
    saveInviteCodesFromUrl(new URLSearchParams('i_code=%20&invite_code=XY99'), s, T0);
    expect(readInviteCode('invite_code', s, T0)).toBe('XY99');
    expect(readInviteCode('i_code', s, T0)).toBe('');
  });

  it('an empty legacy value reads as empty and is not re-saved (spec §5: an empty read is ignored)', () => {
    const s = memoryStore({ 'invite.i_code': '' });
    expect(readInviteCode('i_code', s, T0)).toBe('');
    expect(s.data.get('invite.i_code')).toBe('');
  });

  it('a stored value without its timestamp, or a stamp without a text value, reads as empty', () => {
    const s = memoryStore({
      'invite.i_code': { value: 'AB12' },
      'invite.r_code': { value: 7, savedAt: T0 },
    });
    expect(readInviteCode('i_code', s, T0)).toBe('');
    expect(readInviteCode('r_code', s, T0)).toBe('');
  });

  it('a stamped value is read while fresh (12 h for i_code)', () => {
    const s = memoryStore({ 'invite.i_code': { value: 'AB12', savedAt: T0 } });
    expect(readInviteCode('i_code', s, T0 + REFERRAL_CODE_TTL_MS - 1)).toBe('AB12');
  });
});

describe('text replacement on JSON responses (spec §7)', () => {
  it('an entry with nothing to find changes nothing', () => {
    expect(replaceText({ a: 'abc' }, [{ from: '', to: 'x' }])).toEqual({ a: 'abc' });
    expect(
      replaceText('abc', [
        { from: '', to: 'x' },
        { from: 'b', to: 'B' },
      ]),
    ).toBe('aBc');
  });
});

describe('AES text (spec §3: the cached user info is kept encrypted)', () => {
  it('a ciphertext that decrypts to no text is refused, as a wrong passphrase is', () => {
    expect(() => decryptWithPassphrase(encryptWithPassphrase('', 'k'), 'k')).toThrow(
      'AES decryption produced no text',
    );
    expect(decryptWithPassphrase(encryptWithPassphrase('会员', 'k'), 'k')).toBe('会员');
  });
});

describe('chat speech (issue 5 §3)', () => {
  it('a VIP-range reason with no range known names VIP0 to VIP0 rather than failing', () => {
    expect(chatReasonText('vipRange', null)).toBe('仅 VIP0 至 VIP0 会员可以发言，您可以观看聊天');
  });

  it('a logged-in socket whose login data has not come yet names no reason', () => {
    const speech = speechOf({ loginStatus: 'member', socketLoggedIn: true, loginData: null, text: 'hi' });
    expect(speech.why).toBeNull();
    expect(speech.canSpeak).toBe(true);
    expect(speech.message).toBe('hi');
  });
});
