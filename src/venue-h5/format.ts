// How the venue page writes prices, lines, picks, amounts and times (issue 11 §4). Odds go through the shared
// exact conversion (src/protocol/odds.ts) in the session's odds type; amounts through spec §9's formatFen.
import { text } from './text.ts';
import { formatFen } from '../protocol/money.ts';
import { formatOdds } from '../protocol/odds.ts';
import type { MarketKind, Selection } from '../protocol/sportsbook.ts';
import type { OddsType } from '../protocol/venues.ts';

export const yuan = (fen: number) => formatFen(fen);
export const odds = (euro: number, type: number) => formatOdds(euro, type as OddsType);

/** A line in quarters as a number of goals: −3 → "-0.75", 9 → "2.25", 0 → "0". */
export function lineText(quarters: number, signed: boolean): string {
  const sign = quarters < 0 ? '-' : signed && quarters > 0 ? '+' : '';
  const abs = Math.abs(quarters);
  const whole = Math.floor(abs / 4);
  const part = ['', '.25', '.5', '.75'][abs % 4]!;
  return `${sign}${whole}${part}`;
}

export interface PickOf {
  home: string;
  away: string;
  market: MarketKind;
  lineQuarters: number | null;
  pick: Selection['pick'];
}

/** The pick in words: "曼联 -0.25", "大 2.5", "和局"… (the slip, the receipt, my bets, the buttons' names). */
export function pickText(p: PickOf): string {
  const q = p.lineQuarters;
  switch (p.market) {
    case '1x2':
      return p.pick === 'draw'
        ? text.pickWords.draw
        : `${p.pick === 'home' ? p.home : p.away} ${text.pickWords.win}`;
    case 'ah': {
      // The line is the home side's; the away side takes its opposite.
      const line = q === null ? '' : ` ${lineText(p.pick === 'home' ? q : -q, true)}`;
      return `${p.pick === 'home' ? p.home : p.away}${line}`;
    }
    case 'ou':
      return `${text.picks[p.pick]}${q === null ? '' : ` ${lineText(q, false)}`}`;
    default:
      return text.picks[p.pick];
  }
}

/** The short label on an odds button: 主 / 和 / 客, the line, 大 2.5, 单… */
export function buttonText(market: MarketKind, lineQuarters: number | null, pick: Selection['pick']): string {
  const q = lineQuarters;
  if (market === 'ah' && q !== null) return `${text.picks[pick]} ${lineText(pick === 'home' ? q : -q, true)}`;
  if (market === 'ou' && q !== null) return `${text.picks[pick]} ${lineText(q, false)}`;
  return text.picks[pick];
}

const CHINA = 'Asia/Shanghai';
const timeFormat = new Intl.DateTimeFormat('zh-CN', {
  timeZone: CHINA,
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
const dateTimeFormat = new Intl.DateTimeFormat('zh-CN', {
  timeZone: CHINA,
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
export const kickoffTime = (iso: string, withDate: boolean) =>
  (withDate ? dateTimeFormat : timeFormat).format(new Date(iso));
export const dateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
