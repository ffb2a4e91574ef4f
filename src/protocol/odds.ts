// Odds in the player's odds type (spec §3: Malay 1, Hong Kong 2, European 3, Indonesian 4; issue 11 §3: "every
// odds figure the site shows is converted exactly"). Shared by the site and the sandbox sportsbook.
//
// On the wire odds are European decimal odds in thousandths, integers (1.950 → 1950; src/protocol/sportsbook.ts).
// Every conversion here is integer arithmetic on that integer: no float ever holds an odds value, so nothing
// drifts. The definitions, with E the European odds and H = E − 1 the Hong Kong odds (the net win per unit staked):
//
//   European   E
//   Hong Kong  H = E − 1
//   Malay      H when H ≤ 1, else −1/H        (so Malay lies in [−1, 1]; negative: stake 1/|M| to win 1)
//   Indonesian H when H ≥ 1, else −1/H        (so Indonesian is ≥ 1 or ≤ −1)
//
// Boundaries: E 2.000 ↔ H 1.00, Malay 1.00, Indonesian 1.00 (both branches agree at H = 1).
// A price of exactly 1.000 (a void parlay leg counted at 1.00, issue 11 §4) wins nothing: H = 0, Malay 0.00, and
// Indonesian 0.00 by definition here (−1/0 has no value). Prices below 1.000 do not exist and are refused.
//
// Displayed decimals (design; the Asian books' habit): Malay, Hong Kong and Indonesian show 2 decimals; European
// shows 2, or 3 when the price has a third (1.95, 1.955: the wire's thousandths, never rounded). A value with more
// decimals than it shows is cut DOWN (towards −∞) to the hundredth, so the figure a player reads is never a
// better price than the one the bet is settled at (the settlement uses the European thousandths): a positive
// figure is cut towards zero (less win), a negative one away from zero (more stake for the same win).
// E.g. E 1.955 → H 0.95 (0.955 cut), E 1.333 → Indonesian −3.01 (−3.003… cut down), E 4.000 → Malay −0.34.
import type { OddsType } from './venues.ts';

/** The wire's European odds are thousandths. */
export const ODDS_WIRE_SCALE = 1000;
/** The Asian types show hundredths (2 decimals). */
export const ODDS_DISPLAY_SCALE = 100;
/** The least European price (×1000): 1.000, a price that only returns the stake. */
export const MIN_EURO_ODDS = ODDS_WIRE_SCALE;

/** Local names of the four types (their numbers are spec §3's, in src/protocol/venues.ts ODDS_TYPE). */
const MALAY: OddsType = 1;
const HONGKONG: OddsType = 2;
const EUROPE: OddsType = 3;
const INDONESIA: OddsType = 4;

/** An exact odds value: num / den, den > 0, reduced. */
export interface Fraction {
  num: number;
  den: number;
}

/** A figure as shown: `units` of 1/10^decimals (e.g. { units: -50, decimals: 2 } reads "-0.50"). */
export interface OddsFigure {
  units: number;
  decimals: 2 | 3;
}

/** Throws RangeError unless `euro` is a European price in thousandths the site can show (an integer ≥ 1000). */
export function assertEuroOdds(euro: number): void {
  if (!Number.isSafeInteger(euro) || euro < MIN_EURO_ODDS)
    throw new RangeError(`European odds must be an integer number of thousandths ≥ 1000, got ${euro}`);
}

function gcd(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

function reduced(num: number, den: number): Fraction {
  const g = gcd(num, den) || 1;
  // `+ 0` turns a -0 numerator into 0.
  return { num: num / g + 0, den: den / g };
}

/** floor(a / b) for integers, b > 0, exactly (no float division). */
function floorDiv(a: number, b: number): number {
  const r = a % b;
  return (a - r) / b - (r < 0 ? 1 : 0);
}

/** The exact value of the price in the odds type, as a reduced fraction (the definitions above). */
export function exactOdds(euro: number, type: OddsType): Fraction {
  assertEuroOdds(euro);
  const win = euro - ODDS_WIRE_SCALE; // H × 1000
  switch (type) {
    case EUROPE:
      return reduced(euro, ODDS_WIRE_SCALE);
    case HONGKONG:
      return reduced(win, ODDS_WIRE_SCALE);
    case MALAY:
      // H ≤ 1 ⇔ win ≤ 1000.
      return win <= ODDS_WIRE_SCALE ? reduced(win, ODDS_WIRE_SCALE) : reduced(-ODDS_WIRE_SCALE, win);
    case INDONESIA:
      if (win === 0) return { num: 0, den: 1 };
      return win >= ODDS_WIRE_SCALE ? reduced(win, ODDS_WIRE_SCALE) : reduced(-ODDS_WIRE_SCALE, win);
    default:
      throw new RangeError(`unknown odds type ${String(type)}`);
  }
}

/** The figure shown for the price in the odds type: cut down to the displayed decimals (see the top). */
export function oddsFigure(euro: number, type: OddsType): OddsFigure {
  if (type === EUROPE) {
    assertEuroOdds(euro);
    const perHundredth = ODDS_WIRE_SCALE / ODDS_DISPLAY_SCALE;
    return euro % perHundredth === 0
      ? { units: euro / perHundredth, decimals: 2 }
      : { units: euro, decimals: 3 };
  }
  const { num, den } = exactOdds(euro, type);
  return { units: floorDiv(num * ODDS_DISPLAY_SCALE, den) + 0, decimals: 2 };
}

/** The figure as text: "1.95", "1.955", "-0.50", "0.00". */
export function formatOddsFigure({ units, decimals }: OddsFigure): string {
  const scale = 10 ** decimals;
  const abs = Math.abs(units);
  const whole = Math.floor(abs / scale);
  const part = String(abs % scale).padStart(decimals, '0');
  return `${units < 0 ? '-' : ''}${whole}.${part}`;
}

/** The price (European thousandths, as on the wire) as the player reads it in their odds type. */
export function formatOdds(euro: number, type: OddsType): string {
  return formatOddsFigure(oddsFigure(euro, type));
}

/**
 * The inverse, for a provider that answers in another type: the European price (thousandths) a figure of
 * `hundredths` in `type` stands for. Exact where the price is a whole number of thousandths (every European,
 * Hong Kong and positive figure); a negative Malay or Indonesian figure's price is cut DOWN to the thousandth
 * (never a better price than the figure). Throws RangeError for a figure the type cannot show (Malay outside
 * [−1, 1], Indonesian strictly between −1 and 1 other than 0, Hong Kong below 0, European below 1).
 */
export function euroFromFigure(hundredths: number, type: OddsType): number {
  if (!Number.isSafeInteger(hundredths))
    throw new RangeError(`odds figure must be hundredths, got ${hundredths}`);
  const perHundredth = ODDS_WIRE_SCALE / ODDS_DISPLAY_SCALE;
  const fromWin = (h: number) => ODDS_WIRE_SCALE + h * perHundredth; // H in hundredths → E ×1000
  // A negative figure m = −1/H: H = −100/m (m in hundredths), E = 1000 + 1000·H = 1000 + 100000/(−m), cut down.
  const fromNegative = (m: number) => ODDS_WIRE_SCALE + floorDiv(ODDS_WIRE_SCALE * ODDS_DISPLAY_SCALE, -m);
  const refuse = () =>
    new RangeError(`${hundredths / ODDS_DISPLAY_SCALE} is not a figure of odds type ${type}`);
  switch (type) {
    case EUROPE:
      if (hundredths < ODDS_DISPLAY_SCALE) throw refuse();
      return hundredths * perHundredth;
    case HONGKONG:
      if (hundredths < 0) throw refuse();
      return fromWin(hundredths);
    case MALAY:
      if (hundredths > ODDS_DISPLAY_SCALE || hundredths < -ODDS_DISPLAY_SCALE) throw refuse();
      return hundredths >= 0 ? fromWin(hundredths) : fromNegative(hundredths);
    case INDONESIA:
      if (hundredths === 0) return ODDS_WIRE_SCALE;
      if (hundredths >= ODDS_DISPLAY_SCALE) return fromWin(hundredths);
      if (hundredths <= -ODDS_DISPLAY_SCALE) return fromNegative(hundredths);
      throw refuse();
    default:
      throw new RangeError(`unknown odds type ${String(type)}`);
  }
}
