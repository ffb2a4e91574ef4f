// The lottery periods (issue 12 §1 "Lottery (CP)"; docs/games-cp.md "Periods"): each lottery draws on a server
// clock shared by every player of the venue. A period is a shared round (server/modules/casino/rounds.ts): period
// n opens at LOTTERY_EPOCH_MS + n × periodMs, takes tickets for bettingMs, and is drawn at its close; the rest of
// the period shows the result until the next one opens. Pure: the server and the page use the same figures.

/** The rounds' common origin (server/modules/casino/rounds.ts ROUND_EPOCH_MS): 2026-01-01 00:00 China time. */
export const LOTTERY_EPOCH_MS = Date.UTC(2025, 11, 31, 16, 0, 0);
/** China time (UTC+8): the periods are numbered by the China day. */
export const CHINA_OFFSET_MS = 8 * 3_600_000;
export const DAY_MS = 86_400_000;

export type LotteryKind = 'k3' | 'ssc';
export const LOTTERY_KINDS: readonly LotteryKind[] = ['k3', 'ssc'];

export interface LotterySchedule {
  periodMs: number;
  bettingMs: number;
}

/**
 * issue 12 §1: 快三 draws every minute, 时时彩 every five minutes. Betting closes 10 s (快三) and 20 s (时时彩)
 * before the period ends: the draw is made at the close and shown until the next period opens.
 */
export const LOTTERY_SCHEDULES: Readonly<Record<LotteryKind, LotterySchedule>> = {
  k3: { periodMs: 60_000, bettingMs: 50_000 },
  ssc: { periodMs: 300_000, bettingMs: 280_000 },
};

/** The digits of a period's index within its China day (快三 1440 a day: 0001–1440; 时时彩 288: 001–288). */
export const PERIOD_INDEX_DIGITS: Readonly<Record<LotteryKind, number>> = { k3: 4, ssc: 3 };

export const periodNoAt = (s: LotterySchedule, t: number): number =>
  Math.floor((t - LOTTERY_EPOCH_MS) / s.periodMs);
export const periodOpensAt = (s: LotterySchedule, no: number): number => LOTTERY_EPOCH_MS + no * s.periodMs;
export const periodClosesAt = (s: LotterySchedule, no: number): number => periodOpensAt(s, no) + s.bettingMs;
/** When the next period opens (the end of this one). */
export const periodEndsAt = (s: LotterySchedule, no: number): number => periodOpensAt(s, no + 1);

/**
 * The period's number as players read it: the China date it opens on and its 1-based index in that day, e.g.
 * 20261126-0123 (快三: the 123rd minute of 26 Nov 2026 China time, 02:02–02:03) or 20261126-045 (时时彩).
 */
export function periodLabel(kind: LotteryKind, no: number): string {
  const s = LOTTERY_SCHEDULES[kind];
  const opens = periodOpensAt(s, no);
  const china = new Date(opens + CHINA_OFFSET_MS);
  const day =
    String(china.getUTCFullYear()) +
    String(china.getUTCMonth() + 1).padStart(2, '0') +
    String(china.getUTCDate()).padStart(2, '0');
  const perDay = DAY_MS / s.periodMs;
  const index = (((no % perDay) + perDay) % perDay) + 1;
  return `${day}-${String(index).padStart(PERIOD_INDEX_DIGITS[kind], '0')}`;
}
