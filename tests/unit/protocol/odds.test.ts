// Odds conversion (spec §3 odds types Malay 1, Hong Kong 2, European 3, Indonesian 4; issue 11 §3 "converted
// exactly"). Every expected figure below is worked out by hand from the definitions, not from the code:
//   H = E − 1;  Malay = H when H ≤ 1 else −1/H;  Indonesian = H when H ≥ 1 else −1/H;
// shown with 2 decimals (European: 2, or 3 when the price has a third), a longer value cut DOWN to the hundredth
// (the figure never reads better than the price the bet is settled at).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  euroFromFigure,
  exactOdds,
  formatOdds,
  formatOddsFigure,
  oddsFigure,
} from '../../../src/protocol/odds.ts';
import type { OddsType } from '../../../src/protocol/venues.ts';

/** spec §3 odds type numbers, written here. */
const MALAY = 1 as OddsType;
const HONGKONG = 2 as OddsType;
const EUROPE = 3 as OddsType;
const INDONESIA = 4 as OddsType;
const TYPES = [MALAY, HONGKONG, EUROPE, INDONESIA];

/** [European ×1000, European, Hong Kong, Malay, Indonesian] as shown. */
const TABLE: Array<[number, string, string, string, string]> = [
  // The boundary of both branches: E 2.000 ↔ H 1.00, Malay 1.00, Indonesian 1.00.
  [2000, '2.00', '1.00', '1.00', '1.00'],
  // H 0.5 ≤ 1: Malay = H; H < 1: Indonesian = −1/0.5 = −2.
  [1500, '1.50', '0.50', '0.50', '-2.00'],
  // H 2 > 1: Malay = −1/2 = −0.5; Indonesian = H.
  [3000, '3.00', '2.00', '-0.50', '2.00'],
  // H 0.95: Indonesian −1/0.95 = −1.0526… cut down to −1.06.
  [1950, '1.95', '0.95', '0.95', '-1.06'],
  // A third decimal: European shows it; H 0.955 cut to 0.95; Indonesian −1.0471… cut down to −1.05.
  [1955, '1.955', '0.95', '0.95', '-1.05'],
  // Indonesian −1/0.333 = −3.0030… cut down to −3.01.
  [1333, '1.333', '0.33', '0.33', '-3.01'],
  // Malay −1/3 = −0.333… cut down to −0.34.
  [4000, '4.00', '3.00', '-0.34', '3.00'],
  // Just above the boundary: Malay −1/1.001 = −0.999… cut down to −1.00; H 1.001 cut to 1.00.
  [2001, '2.001', '1.00', '-1.00', '1.00'],
  // Just below it: H 0.999 cut to 0.99; Indonesian −1/0.999 = −1.001… cut down to −1.01.
  [1999, '1.999', '0.99', '0.99', '-1.01'],
  // H 0.8 → Indonesian −1.25; H 1.25 → Malay −0.8.
  [1800, '1.80', '0.80', '0.80', '-1.25'],
  [2250, '2.25', '1.25', '-0.80', '1.25'],
  // Long odds: H 10 → Malay −0.10.
  [11000, '11.00', '10.00', '-0.10', '10.00'],
  // The shortest real price: H 0.001 → Indonesian −1000.
  [1001, '1.001', '0.00', '0.00', '-1000.00'],
  // 1.000 (a void parlay leg, issue 11 §4) wins nothing: 0.00 in every Asian type.
  [1000, '1.00', '0.00', '0.00', '0.00'],
];

describe('odds figures in each type (spec §3)', () => {
  it.each(TABLE)('European ×1000 %i reads %s / HK %s / Malay %s / Indonesian %s', (euro, eu, hk, my, id) => {
    expect(formatOdds(euro, EUROPE)).toBe(eu);
    expect(formatOdds(euro, HONGKONG)).toBe(hk);
    expect(formatOdds(euro, MALAY)).toBe(my);
    expect(formatOdds(euro, INDONESIA)).toBe(id);
  });

  it('keeps the exact value as a fraction', () => {
    expect(exactOdds(1955, EUROPE)).toEqual({ num: 391, den: 200 });
    expect(exactOdds(1955, HONGKONG)).toEqual({ num: 191, den: 200 });
    expect(exactOdds(4000, MALAY)).toEqual({ num: -1, den: 3 });
    expect(exactOdds(1333, INDONESIA)).toEqual({ num: -1000, den: 333 });
    expect(exactOdds(2000, MALAY)).toEqual({ num: 1, den: 1 });
    expect(exactOdds(2000, INDONESIA)).toEqual({ num: 1, den: 1 });
    expect(exactOdds(1000, INDONESIA)).toEqual({ num: 0, den: 1 });
    expect(Object.is(exactOdds(1000, MALAY).num, 0)).toBe(true);
  });

  it('shows figures as units of their decimals', () => {
    expect(oddsFigure(1950, EUROPE)).toEqual({ units: 195, decimals: 2 });
    expect(oddsFigure(1955, EUROPE)).toEqual({ units: 1955, decimals: 3 });
    expect(oddsFigure(3000, MALAY)).toEqual({ units: -50, decimals: 2 });
    expect(formatOddsFigure({ units: -5, decimals: 2 })).toBe('-0.05');
    expect(formatOddsFigure({ units: 12345, decimals: 3 })).toBe('12.345');
    expect(formatOddsFigure({ units: 0, decimals: 2 })).toBe('0.00');
    expect(Object.is(oddsFigure(1000, MALAY).units, 0)).toBe(true);
  });

  it.each([999, 0, -2000, 1500.5, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses %s: not a price in thousandths ≥ 1.000',
    (euro) => {
      for (const type of TYPES) expect(() => formatOdds(euro, type)).toThrow(RangeError);
    },
  );

  it('refuses an odds type outside spec §3', () => {
    expect(() => formatOdds(2000, 5 as OddsType)).toThrow(RangeError);
    expect(() => formatOdds(2000, 0 as OddsType)).toThrow(RangeError);
    expect(() => euroFromFigure(100, 5 as OddsType)).toThrow(RangeError);
  });
});

describe('a figure back to its European price', () => {
  /** [hundredths, type, European ×1000]: exact where the price is whole thousandths, else cut down. */
  const BACK: Array<[number, OddsType, number]> = [
    [195, EUROPE, 1950],
    [95, HONGKONG, 1950],
    [0, HONGKONG, 1000],
    [95, MALAY, 1950],
    [100, MALAY, 2000],
    // −1.00 Malay: H 1 → 2.000.
    [-100, MALAY, 2000],
    [-50, MALAY, 3000],
    // −0.34: H = 1/0.34 = 2.941176… → 3.941 (cut down).
    [-34, MALAY, 3941],
    [-200, INDONESIA, 1500],
    [-125, INDONESIA, 1800],
    // −3.01: H = 1/3.01 = 0.332225… → 1.332.
    [-301, INDONESIA, 1332],
    [100, INDONESIA, 2000],
    [200, INDONESIA, 3000],
    [0, INDONESIA, 1000],
  ];
  it.each(BACK)('%i hundredths in type %i is %i thousandths', (hundredths, type, euro) => {
    expect(euroFromFigure(hundredths, type)).toBe(euro);
  });

  /** Figures a type cannot show. */
  const NOT_A_FIGURE: Array<[number, OddsType]> = [
    [99, EUROPE],
    [-1, HONGKONG],
    [101, MALAY],
    [-101, MALAY],
    [99, INDONESIA],
    [-99, INDONESIA],
    [1, INDONESIA],
    [1.5, HONGKONG],
  ];
  it.each(NOT_A_FIGURE)('refuses %i hundredths in type %i', (hundredths, type) => {
    expect(() => euroFromFigure(hundredths, type)).toThrow(RangeError);
  });
});

describe('odds conversion over every price (property)', () => {
  const price = fc.integer({ min: 1000, max: 1_000_000 });
  const asian = fc.constantFrom(MALAY, HONGKONG, INDONESIA);

  it('a figure is its exact value cut down to the hundredth: never better, less than 0.01 worse', () => {
    fc.assert(
      fc.property(price, asian, (euro, type) => {
        const { num, den } = exactOdds(euro, type);
        const { units } = oddsFigure(euro, type);
        // units/100 ≤ num/den < (units + 1)/100, in integers.
        expect(units * den).toBeLessThanOrEqual(num * 100);
        expect(num * 100).toBeLessThan((units + 1) * den);
      }),
    );
  });

  it('European shows the wire price exactly', () => {
    fc.assert(
      fc.property(price, (euro) => {
        const { units, decimals } = oddsFigure(euro, EUROPE);
        expect(units * 10 ** (3 - decimals)).toBe(euro);
        expect(formatOdds(euro, EUROPE)).toBe((euro / 1000).toFixed(euro % 10 === 0 ? 2 : 3));
      }),
    );
  });

  it('sign rules: HK ≥ 0; Malay in [−1, 1], not negative exactly when H ≤ 1; Indonesian ≥ 1 when H ≥ 1, ≤ −1 when 0 < H < 1', () => {
    fc.assert(
      fc.property(price, (euro) => {
        const h = euro - 1000; // H × 1000
        expect(oddsFigure(euro, HONGKONG).units).toBeGreaterThanOrEqual(0);
        const malay = oddsFigure(euro, MALAY).units;
        expect(malay).toBeGreaterThanOrEqual(-100);
        expect(malay).toBeLessThanOrEqual(100);
        expect(malay >= 0).toBe(h <= 1000);
        const indo = oddsFigure(euro, INDONESIA).units;
        if (h >= 1000) expect(indo).toBeGreaterThanOrEqual(100);
        else if (h > 0) expect(indo).toBeLessThanOrEqual(-100);
        else expect(indo).toBe(0);
      }),
    );
  });

  it('is monotone: a longer price never shows a worse figure (within each branch, and as the price it stands for)', () => {
    fc.assert(
      fc.property(price, price, fc.constantFrom(...TYPES), (a, b, type) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const value = (euro: number) => {
          const { units, decimals } = oddsFigure(euro, type);
          return units * 10 ** (3 - decimals);
        };
        // Within a branch (the sign of the figure) the figure itself grows with the price.
        const branch = (euro: number) =>
          type === MALAY ? euro <= 2000 : type === INDONESIA ? euro >= 2000 || euro === 1000 : true;
        if (branch(lo) === branch(hi)) expect(value(lo)).toBeLessThanOrEqual(value(hi));
        // Across branches, the price a figure stands for grows with the price.
        if (type !== EUROPE) {
          const back = (euro: number) => euroFromFigure(oddsFigure(euro, type).units, type);
          expect(back(lo)).toBeLessThanOrEqual(back(hi));
        }
      }),
    );
  });

  it('a figure stands for a price no better than the real one (round trip)', () => {
    fc.assert(
      fc.property(price, asian, (euro, type) => {
        const back = euroFromFigure(oddsFigure(euro, type).units, type);
        expect(back).toBeLessThanOrEqual(euro);
        // Hong Kong figures are whole hundredths of H: the round trip loses at most the cut thousandth.
        if (type === HONGKONG) expect(euro - back).toBeLessThan(10);
      }),
    );
  });

  it('a Hong Kong or positive figure round-trips exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (hundredths) => {
        expect(oddsFigure(euroFromFigure(hundredths, HONGKONG), HONGKONG).units).toBe(hundredths);
        if (hundredths <= 100)
          expect(oddsFigure(euroFromFigure(hundredths, MALAY), MALAY).units).toBe(hundredths);
        if (hundredths >= 100)
          expect(oddsFigure(euroFromFigure(hundredths, INDONESIA), INDONESIA).units).toBe(hundredths);
      }),
    );
  });
});
