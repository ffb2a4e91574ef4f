import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textWidth } from '../../../machines/text-width.ts';

// spec §5: text length counts characters above code 255 as 2 (spec §2: the title marquee's 27 width units).
// The rule is written here from the spec; the code under test is only ever the thing checked.

/** spec §5, written out: one unit per character, two for a character above code 255. */
const specWidth = (text: string) => [...text].reduce((w, ch) => w + (ch.codePointAt(0)! > 255 ? 2 : 1), 0);

/** Any text, astral characters included (whole code points). */
const anyText = fc.string({ unit: 'binary', maxLength: 80 });
/** Characters at or below code 255 (one unit) and above it (two). */
const narrow = fc.integer({ min: 0, max: 255 }).map((c) => String.fromCodePoint(c));
const wide = fc
  .integer({ min: 256, max: 0x10ffff })
  .filter((c) => c < 0xd800 || c > 0xdfff)
  .map((c) => String.fromCodePoint(c));

describe('text width (spec §5) over many inputs', () => {
  it('is the spec rule for any text', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(textWidth(text)).toBe(specWidth(text));
      }),
    );
  });

  it('counts n narrow and m wide characters as n + 2m, whatever the order', () => {
    fc.assert(
      fc.property(
        fc.array(narrow, { maxLength: 40 }),
        fc.array(wide, { maxLength: 40 }),
        fc.boolean(),
        (n, m, wideFirst) => {
          const text = wideFirst ? [...m, ...n].join('') : [...n, ...m].join('');
          expect(textWidth(text)).toBe(n.length + 2 * m.length);
        },
      ),
    );
  });

  it('adds up over concatenation and lies between the character count and twice it', () => {
    fc.assert(
      fc.property(anyText, anyText, (a, b) => {
        expect(textWidth(a + b)).toBe(textWidth(a) + textWidth(b));
        const chars = [...a].length;
        expect(textWidth(a)).toBeGreaterThanOrEqual(chars);
        expect(textWidth(a)).toBeLessThanOrEqual(2 * chars);
      }),
    );
  });

  it('code 255 is narrow and code 256 is wide (the boundary)', () => {
    expect(textWidth(String.fromCodePoint(255))).toBe(1);
    expect(textWidth(String.fromCodePoint(256))).toBe(2);
  });
});
