import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hidePhoneDigits, maskMiddle, truncate } from '../../../src/lib/phone-mask.ts';

// spec §5: "Phone masking: 7 digits or fewer hide the first four; otherwise the first seven. Masked string shows
// first 2 and last 2 characters with ** between. Truncation adds an ellipsis." Written here from the spec.

const digits = (min: number, max: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((d) => d.join(''));
/** Product constant (src/lib/phone-mask.ts): the ellipsis truncation adds. */
const ELLIPSIS = '…';

describe('phone masking (spec §5) over many numbers', () => {
  it('7 digits or fewer: the first four are hidden, the rest shown as is', () => {
    fc.assert(
      fc.property(digits(1, 7), (phone) => {
        const hidden = Math.min(4, phone.length);
        expect(hidePhoneDigits(phone)).toBe('*'.repeat(hidden) + phone.slice(hidden));
      }),
    );
  });

  it('more than 7 digits: the first seven are hidden, the rest shown as is', () => {
    fc.assert(
      fc.property(digits(8, 20), (phone) => {
        expect(hidePhoneDigits(phone)).toBe('*'.repeat(7) + phone.slice(7));
        expect(hidePhoneDigits(phone)).toHaveLength(phone.length);
      }),
    );
  });

  it('the masked string is the first 2 and the last 2 characters with ** between', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 5, maxLength: 40 }), (text) => {
        const chars = [...text];
        expect(maskMiddle(text)).toBe(chars.slice(0, 2).join('') + '**' + chars.slice(-2).join(''));
      }),
    );
  });
});

describe('truncation (spec §5) over many texts', () => {
  it('keeps text within the limit and cuts longer text to the limit plus an ellipsis', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.integer({ min: 0, max: 40 }),
        (text, max) => {
          const chars = [...text];
          const out = truncate(text, max);
          if (chars.length <= max) expect(out).toBe(text);
          else expect(out).toBe(chars.slice(0, max).join('') + ELLIPSIS);
        },
      ),
    );
  });
});
