// The sport lobby's "live odds" (issue 11 §1, §3): a few live and today's matches of each sports venue with their
// 1X2 prices, as the site reads them from the venue's provider face (src/api/venues/live-matches.ts) whatever
// the provider's casing. Prices are European ×1000 as on the wire; the page shows them in the player's odds type
// (src/protocol/odds.ts, exact).
import type { MatchPhase, Sport } from './sportsbook.ts';

/** Design (docs/venues.md "Front end"): the lobby shows this many matches a venue, live ones first. */
export const LIVE_MATCHES_PER_VENUE = 3;
/** Design: the lobby reads the matches again this often while it is shown (the accelerated clock moves prices). */
export const LIVE_ODDS_REFRESH_MS = 30_000;

export interface LivePrice {
  pick: 'home' | 'draw' | 'away';
  /** European odds ×1000. */
  odds: number;
  suspended: boolean;
}

export interface LiveMatch {
  id: string;
  sport: Sport;
  league: string;
  home: string;
  away: string;
  startsAt: string;
  phase: MatchPhase;
  score: { home: number; away: number } | null;
  clock: string | null;
  /** The 1X2 market's prices (home, draw where there is one, away), in that order. */
  prices: LivePrice[];
}

/** One venue's matches, or null when they could not be read. */
export type LiveOdds = Record<string, LiveMatch[] | null>;
