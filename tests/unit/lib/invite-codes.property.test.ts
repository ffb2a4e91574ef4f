import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  readInviteCode,
  readInviteCodes,
  saveInviteCodesFromUrl,
  type CodeStore,
} from '../../../src/lib/invite-codes.ts';

// spec §4: "If r_code is in the URL, it and r_bet are stored and i_code and invite_code are ignored; otherwise
// i_code is stored, else invite_code." "invite_code expires after 24 h; i_code, r_code and r_bet after 12 h.
// Expired values are removed and read as empty." spec §9: invite code 24 h, referral codes 12 h.

const HOUR = 60 * 60 * 1000;
/** spec §4, §9 */
const TTL = { invite_code: 24 * HOUR, i_code: 12 * HOUR, r_code: 12 * HOUR, r_bet: 12 * HOUR } as const;
type Key = keyof typeof TTL;
const KEYS = Object.keys(TTL) as Key[];

function memoryStore(): CodeStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    get: (k) => data.get(k),
    set: (k, v) => void data.set(k, v),
    remove: (k) => void data.delete(k),
  };
}

const code = fc.stringMatching(/^[A-Za-z0-9]{1,12}$/);
/** A landing URL carrying any subset of the four codes. */
const landing = fc.record(
  { r_code: code, r_bet: code, i_code: code, invite_code: code },
  { requiredKeys: [] },
) as fc.Arbitrary<Partial<Record<Key, string>>>;
const T0 = Date.UTC(2026, 10, 21, 8, 0, 0);

/** What spec §4 stores from a landing URL. */
function expectedStored(params: Partial<Record<Key, string>>): Record<Key, string> {
  const out = { r_code: '', r_bet: '', i_code: '', invite_code: '' };
  if (params.r_code) {
    out.r_code = params.r_code;
    out.r_bet = params.r_bet ?? '';
  } else if (params.i_code) out.i_code = params.i_code;
  else if (params.invite_code) out.invite_code = params.invite_code;
  return out;
}

describe('invite codes (spec §4) over many landing URLs', () => {
  it('r_code wins (with r_bet), then i_code, then invite_code', () => {
    fc.assert(
      fc.property(landing, (params) => {
        const store = memoryStore();
        saveInviteCodesFromUrl(new URLSearchParams(params as Record<string, string>), store, T0);
        expect(readInviteCodes(store, T0)).toEqual(expectedStored(params));
      }),
    );
  });

  it('a stored code reads back until its lifetime (24 h invite_code, 12 h the others), then empty and removed', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...KEYS),
        code,
        fc.integer({ min: 0, max: 48 * HOUR }),
        (key, value, elapsed) => {
          const store = memoryStore();
          saveInviteCodesFromUrl(
            new URLSearchParams({ [key]: value, ...(key === 'r_bet' ? { r_code: 'R' } : {}) }),
            store,
            T0,
          );
          const fresh = elapsed < TTL[key];
          expect(readInviteCode(key, store, T0 + elapsed)).toBe(fresh ? value : '');
          expect(store.data.has(`invite.${key}`)).toBe(fresh);
        },
      ),
    );
  });

  it('the exact lifetimes: 1 ms before is read, at the lifetime it is gone', () => {
    for (const key of KEYS) {
      const store = memoryStore();
      store.set(`invite.${key}`, { value: 'X', savedAt: T0 });
      expect(readInviteCode(key, store, T0 + TTL[key] - 1)).toBe('X');
      expect(readInviteCode(key, store, T0 + TTL[key])).toBe('');
    }
  });
});
