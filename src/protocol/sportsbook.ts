// The sandbox sportsbook's wire shapes (issue 11 §3, §4; docs/sportsbook.md). One engine behind the sport and
// esports venues: the venue H5 page (served under /sandbox/venue/) talks to the native API below with the
// venue credential of its launch; the three provider faces (/improxy/api/mobile, /yewu11, /v1) answer the
// same engine in their own envelopes for the site's adapters. Odds are European decimal odds in thousandths
// (1.950 → 1950) on the wire: integers, converted exactly for display (src/protocol/odds.ts).

/** The native API of the sandbox sportsbook (the H5 page's calls). Auth: `Authorization: Bearer <token>`. */
export const SPORTSBOOK_API = '/sandbox/sportsbook/api/v1';
/** The provider faces (spec §7). */
export const PROVIDER_ONE_BASE = '/improxy/api/mobile';
export const PROVIDER_TWO_BASE = '/yewu11';
export const PROVIDER_THREE_BASE = '/v1';

export const SPORTS = ['football', 'basketball', 'tennis', 'esports'] as const;
export type Sport = (typeof SPORTS)[number];
/** The esports venues (issue 11 §4): they offer esports only, and their page says 电竞, not 体育. */
export const ESPORTS_VENUES: ReadonlySet<string> = new Set(['YBDJ', 'IMDJ', 'LHDJ']);
/** The esports titles of the esports venues (YBDJ, IMDJ, LHDJ). */
export const ESPORTS_TITLES = ['lol', 'dota2', 'cs2', 'kog'] as const;
export type EsportsTitle = (typeof ESPORTS_TITLES)[number];

export type MatchPhase = 'prematch' | 'live' | 'ended' | 'cancelled';
export const MARKET_KINDS = ['1x2', 'ah', 'ou', 'oe'] as const;
/** 1X2, Asian handicap (quarter lines included), over/under, odd/even. */
export type MarketKind = (typeof MARKET_KINDS)[number];

export interface Selection {
  id: string;
  /** 'home' | 'draw' | 'away' | 'over' | 'under' | 'odd' | 'even'. */
  pick: 'home' | 'draw' | 'away' | 'over' | 'under' | 'odd' | 'even';
  /** European odds ×1000. */
  odds: number;
  /** Suspended: cannot be added to a slip now. */
  suspended: boolean;
}

export interface Market {
  id: string;
  kind: MarketKind;
  /**
   * The handicap or total in quarters (AH −0.75 → −3; OU 2.25 → 9), applied to the home side for AH; null for
   * 1X2 and odd/even.
   */
  lineQuarters: number | null;
  selections: Selection[];
}

export interface Match {
  id: string;
  sport: Sport;
  /** Esports: the title (lol, dota2, cs2, kog); absent for the ball sports. */
  title?: EsportsTitle;
  /** The league or the esports title's tournament. */
  league: string;
  home: string;
  away: string;
  /** Kick-off (ISO). */
  startsAt: string;
  phase: MatchPhase;
  /** Live and ended: the score; null before. */
  score: { home: number; away: number } | null;
  /** Live: the match minute on the accelerated clock (or the period for basketball/tennis/esports). */
  clock: string | null;
  markets: Market[];
}

/** GET {SPORTSBOOK_API}/matches?sport=&phase=live|today|early (the H5 page). */
export interface MatchesResponse {
  matches: Match[];
  serverTime: string;
}

/** Design stake limits of the sandbox sportsbook (fen; docs/sportsbook.md). */
export const SPORTSBOOK_MIN_STAKE = 1_000;
export const SPORTSBOOK_MAX_STAKE = 5_000_000;
export const PARLAY_MIN_LEGS = 2;
export const PARLAY_MAX_LEGS = 10;
/**
 * Design: the most one bet can pay back (fen, ¥1,000,000): a slip whose stake × odds would pay more is refused
 * with stakeOutOfRange (docs/sportsbook.md).
 */
export const SPORTSBOOK_MAX_PAYOUT = 100_000_000;

/** POST {SPORTSBOOK_API}/bets — a single (one selection) or a parlay (2–10 from different matches). */
export interface PlaceBetRequest {
  /** The caller-made idempotency key. */
  requestId: string;
  stake: number;
  /** Each pick with the odds the player saw (×1000). */
  selections: Array<{ selectionId: string; odds: number }>;
  /** true: a changed price is taken; false: a changed price refuses the bet with 40006 and the new prices. */
  acceptChangedOdds: boolean;
}

export type BetStatus = 'open' | 'won' | 'lost' | 'half_won' | 'half_lost' | 'push' | 'void';

export interface BetLeg {
  selectionId: string;
  matchId: string;
  match: string;
  market: MarketKind;
  lineQuarters: number | null;
  pick: Selection['pick'];
  odds: number;
  status: BetStatus;
}

export interface SportsBet {
  /** The order number the player sees (and betRecord shows). */
  orderNo: string;
  requestId: string;
  venue: string;
  kind: 'single' | 'parlay';
  stake: number;
  /** Combined odds ×1000 (the product of the legs', cut to thousandths). */
  odds: number;
  /** Paid back to the venue wallet at settlement (fen); 0 while open. */
  payout: number;
  status: BetStatus;
  legs: BetLeg[];
  placedAt: string;
  settledAt: string | null;
}

/** GET {SPORTSBOOK_API}/bets?status=open|settled — the player's bets at this venue, newest first (at most 50). */
export interface BetsResponse {
  bets: SportsBet[];
}

/** PUT {SPORTSBOOK_API}/settings — the player's odds type (spec §3: 1 Malay, 2 Hong Kong, 3 European, 4 Indonesian). */
export interface SportsbookSettings {
  oddsType: 1 | 2 | 3 | 4;
}

/** The sportsbook's own refusal codes (its envelope `{ status_code, message, data }`; 6000 is success). */
export const SPORTSBOOK_CODE = {
  /** The venue credential is missing, unknown or expired: message EXPIRED_MESSAGE. */
  expired: 40001,
  selectionSuspended: 40002,
  /** A pre-match price picked after kick-off. */
  matchStarted: 40003,
  /** Two picks from one match in a parlay. */
  sameMatch: 40004,
  stakeOutOfRange: 40005,
  /** The price moved since it was picked; data: the current selections. */
  oddsChanged: 40006,
  /** The venue wallet cannot afford the stake. */
  insufficientBalance: 40007,
  /** The same request id was used for a different bet. */
  duplicateRequest: 40008,
  /** Too few or too many legs, or an unknown selection. */
  invalidSlip: 40009,
  /** GET /matches/:id of a match the venue does not have. */
  matchNotFound: 40010,
} as const;

/** GET {SPORTSBOOK_API}/session — what the H5 page shows in its header. */
export interface SportsbookSession {
  venue: string;
  venueName: string;
  /** The player's masked name. */
  player: string;
  /** The venue wallet (fen). */
  balance: number;
  oddsType: number;
  /** The accelerated clock: match minutes per real minute. */
  clockRate: number;
}
