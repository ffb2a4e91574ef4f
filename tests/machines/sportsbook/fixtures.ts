// Shared data of the sandbox sportsbook's model tests (issue 11 §4), written from the issue and the wire shapes of
// src/protocol/sportsbook.ts (odds are European ×1000; amounts fen).
import type { Market, Match, SportsBet, SportsbookSession } from '../../../src/protocol/sportsbook.ts';

/** A coded refusal as the page's client raises it (type 'business', code, message, data). */
export const refused = (code: number, message: string, data: unknown = null) =>
  Object.assign(new Error(message), { type: 'business', code, data });
/** No answer (a transport error). */
export const NO_ANSWER = Object.assign(new Error('timeout'), { type: 'transport', kind: 'timeout' });
/** src/protocol/sportsbook.ts SPORTSBOOK_CODE.expired, its message EXPIRED_MESSAGE ('expired'). */
export const EXPIRED = refused(40001, 'expired');

export const session = (balance: number): SportsbookSession => ({
  venue: 'IMTY',
  venueName: 'IM 体育',
  player: '138****8000',
  balance,
  oddsType: 3,
  clockRate: 30,
});

/** The model's "now": 2026-11-25 12:00 UTC. */
export const NOW = Date.parse('2026-11-25T12:00:00.000Z');
export const LATER = '2026-11-25T14:00:00.000Z';
export const EARLIER = '2026-11-25T11:30:00.000Z';

/** A football match with 1X2 and an Asian handicap of −0.25 (one quarter) on the home side. */
export function match(
  id: string,
  o: Partial<Pick<Match, 'phase' | 'startsAt' | 'score' | 'clock'>> & {
    odds?: Partial<Record<string, number>>;
    suspended?: readonly string[];
  } = {},
): Match {
  const sel = (pick: 'home' | 'draw' | 'away', base: number, market: string) => {
    const selId = `${id}-${market}-${pick}`;
    return {
      id: selId,
      pick,
      odds: o.odds?.[selId] ?? base,
      suspended: o.suspended?.includes(selId) ?? false,
    };
  };
  const markets: Market[] = [
    {
      id: `${id}-1x2`,
      kind: '1x2',
      lineQuarters: null,
      selections: [sel('home', 2_100, '1x2'), sel('draw', 3_300, '1x2'), sel('away', 3_500, '1x2')],
    },
    {
      id: `${id}-ah`,
      kind: 'ah',
      lineQuarters: -1,
      selections: [sel('home', 1_950, 'ah'), sel('away', 1_900, 'ah')],
    },
  ];
  return {
    id,
    sport: 'football',
    league: '英超',
    home: `${id} 主队`,
    away: `${id} 客队`,
    startsAt: o.startsAt ?? LATER,
    phase: o.phase ?? 'prematch',
    score: o.score ?? null,
    clock: o.clock ?? null,
    markets,
  };
}

export function bet(orderNo: string, status: SportsBet['status'], stake = 10_000): SportsBet {
  return {
    orderNo,
    requestId: `r-${orderNo}`,
    venue: 'IMTY',
    kind: 'single',
    stake,
    odds: 2_100,
    payout: status === 'won' ? 21_000 : 0,
    status,
    legs: [
      {
        selectionId: 'M1-1x2-home',
        matchId: 'M1',
        match: 'M1 主队 vs M1 客队',
        market: '1x2',
        lineQuarters: null,
        pick: 'home',
        odds: 2_100,
        status,
      },
    ],
    placedAt: '2026-11-25T12:00:00.000Z',
    settledAt: status === 'open' ? null : '2026-11-25T14:00:00.000Z',
  };
}
