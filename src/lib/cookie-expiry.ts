// spec §9: cookie expiry units: years, months (30 days), days, hours, minutes.
export type CookieExpiryUnit = 'years' | 'months' | 'days' | 'hours' | 'minutes';

export const DAYS_PER_UNIT: Record<CookieExpiryUnit, number> = {
  years: 365,
  months: 30,
  days: 1,
  hours: 1 / 24,
  minutes: 1 / (24 * 60),
};

/** An expiry in days (what js-cookie takes) for an amount of a unit. */
export function cookieExpiryDays(amount: number, unit: CookieExpiryUnit): number {
  return amount * DAYS_PER_UNIT[unit];
}
