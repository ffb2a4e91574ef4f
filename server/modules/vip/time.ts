// Asia/Shanghai calendar arithmetic for the VIP programme (UTC+8 all year, no daylight saving): days, months and
// their bounds as instants. Pure.

const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/** The Asia/Shanghai wall clock of an instant, as UTC fields of a shifted Date. */
const wall = (at: Date) => new Date(at.getTime() + SHANGHAI_OFFSET_MS);
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** yyyy-mm-dd in Asia/Shanghai. */
export function shanghaiDate(at: Date): string {
  const w = wall(at);
  return `${w.getUTCFullYear()}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())}`;
}

/** { year, month (1–12) } in Asia/Shanghai. */
export function shanghaiMonth(at: Date): { year: number; month: number } {
  const w = wall(at);
  return { year: w.getUTCFullYear(), month: w.getUTCMonth() + 1 };
}

/** The instant a Shanghai day (yyyy-mm-dd) starts. */
export function startOfShanghaiDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) - SHANGHAI_OFFSET_MS);
}

/** The instant a Shanghai month starts (month 1–12; 13 = January of the next year, 0 = December before). */
export function startOfShanghaiMonth(year: number, month: number): Date {
  return new Date(Date.UTC(year, month - 1, 1) - SHANGHAI_OFFSET_MS);
}

/** yyyymm of a Shanghai month. */
export const yyyymm = (year: number, month: number) => `${year}${pad(month)}`;

/** Whether a yyyy-mm-dd text is a real calendar day. */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}
