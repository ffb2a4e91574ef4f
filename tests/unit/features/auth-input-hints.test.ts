// The phone field's placeholder says how many digits the chosen country's number has (issue 19 §1 finding 2),
// read from the country's pattern. The expected lengths are the countries' numbering plans, written out.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { phoneLengthOf } from '../../../src/features/auth/input-rules.ts';
import { COUNTRIES, countryOf } from '../../../src/protocol/member.ts';

const PLANS: Record<string, [number, number]> = {
  '86': [11, 11],
  '852': [8, 8],
  '853': [8, 8],
  '886': [9, 9],
  '60': [9, 10],
  '63': [10, 10],
  '65': [8, 8],
  '66': [9, 9],
  '84': [9, 9],
};

describe('phoneLengthOf', () => {
  it.each(Object.entries(PLANS))('+%s takes %j digits', (code, [min, max]) => {
    expect(phoneLengthOf(countryOf(code)!.pattern)).toEqual({ min, max });
  });

  it('every country of the picker has a plan here (a new country needs its line)', () => {
    expect(COUNTRIES.map((c) => c.code).sort()).toEqual(Object.keys(PLANS).sort());
  });

  it('no digit string of another length matches the pattern', () => {
    for (const c of COUNTRIES) {
      const { min, max } = phoneLengthOf(c.pattern);
      fc.assert(
        fc.property(
          fc
            .integer({ min: 1, max: 15 })
            .filter((n) => n < min || n > max)
            .chain((n) => fc.stringMatching(new RegExp(`^\\d{${n}}$`))),
          (digits) => !c.pattern.test(digits),
        ),
        { numRuns: 200 },
      );
    }
  });

  it('refuses a pattern it cannot read instead of guessing', () => {
    expect(() => phoneLengthOf(/^1(3|5)\d{9}$/)).toThrow(/unsupported/);
    expect(() => phoneLengthOf(/^\d+$/)).toThrow(/unsupported/);
  });
});
