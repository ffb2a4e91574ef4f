// How the venues pages write times, money and odds (spec §9 amounts; China time; spec §3 odds types).
import { formatOdds } from '../../protocol/odds.ts';
import { formatFen } from '../../protocol/money.ts';
import type { OddsType } from '../../protocol/venues.ts';
import { venuesText as v } from '../../i18n/zh-CN-venues.ts';

const CHINA = 'Asia/Shanghai';
const timeFormat = new Intl.DateTimeFormat('zh-CN', {
  timeZone: CHINA,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
const clockFormat = new Intl.DateTimeFormat('zh-CN', {
  timeZone: CHINA,
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** An instant in China time, e.g. 2026/11/25 18:30. */
export const chinaTime = (iso: string) => timeFormat.format(new Date(iso));
/** An instant in China time without the year, e.g. 11/25 18:30 (kick-offs). */
export const chinaClock = (iso: string) => clockFormat.format(new Date(iso));

/** An amount as the site writes it (spec §9: two decimals, thousands separators), e.g. ¥1,234.50. */
export const yuan = (fen: number) => (fen < 0 ? '-' : '') + v.yuan(formatFen(Math.abs(fen)));
/** A net result with its sign: +¥12.00, -¥5.00, ¥0.00. */
export const signedYuan = (fen: number) => (fen > 0 ? '+' : '') + yuan(fen);

/** European odds ×1000 as the player reads them in their odds type (src/protocol/odds.ts, exact). */
export const oddsText = (euroMilli: number, type: OddsType) => formatOdds(euroMilli, type);
