// The bet record's wire shapes (issue 11 §5; /mine/record/betRecord; docs/api.md "Bet records"). Every bet of
// every venue lands in one table (server migration 013 `bets`), written by the venue that took it.
import type { Platform } from './venues.ts';

/** The statuses a bet record shows (a venue's own statuses map to these). */
export const BET_RECORD_STATUSES = ['open', 'won', 'lost', 'half_won', 'half_lost', 'push', 'void'] as const;
export type BetRecordStatus = (typeof BET_RECORD_STATUSES)[number];

/** Design (docs/venues.md): a record query spans at most 31 days, pages of 20 (at most 50). */
export const BET_RECORD_MAX_DAYS = 31;
export const BET_RECORD_PAGE_SIZE_DEFAULT = 20;
export const BET_RECORD_PAGE_SIZE_MAX = 50;

/** POST /game/api/v1/bet/records (member). Dates are the player's calendar days in China time (YYYY-MM-DD). */
export interface BetRecordRequest {
  from: string;
  to: string;
  platform?: Platform;
  venue?: string;
  status?: BetRecordStatus;
  page?: number;
  size?: number;
}

export interface BetRecordItem {
  orderNo: string;
  venue: string;
  venueName: string;
  platform: Platform;
  /** The match or the game. */
  game: string;
  /** The play: market or bet type. */
  play: string;
  /** What was picked, in words. */
  pick: string;
  /** European odds ×1000 (null where the play has no odds); the page converts to the player's odds type. */
  odds: number | null;
  stake: number;
  /** The bet's turnover (fen), once settled; 0 while open. */
  validBet: number;
  payout: number;
  /** payout − stake once settled; null while open. */
  net: number | null;
  status: BetRecordStatus;
  placedAt: string;
  settledAt: string | null;
}

export interface BetRecordDay {
  /** YYYY-MM-DD (China time). */
  day: string;
  count: number;
  stake: number;
  validBet: number;
  net: number;
}

export interface BetRecordResponse {
  items: BetRecordItem[];
  total: number;
  page: number;
  size: number;
  /** The totals of each day in the range that has bets (newest first), over every page. */
  days: BetRecordDay[];
}
