// The live casino's own calls under GAMES_API (docs/games-zr.md "API"; server/modules/casino/zr/): the wire
// shapes shared by the server and the page. (Kept beside the engine because src/protocol/games.ts is the core's.)
import type { GameDef, SharedRound } from '../../protocol/games.ts';
import type { ZrKind, ZrPick } from './table.ts';

export const ZR_PATH = {
  /** GET: the venue's tables, each with its round now and its last winners. */
  tables: '/zr/tables',
  /** GET ?game=: one table: the round now, the history, the player's bets. */
  table: '/zr/table',
  /** POST: bets on the round now (one request, one to five picks). */
  bet: '/zr/bet',
} as const;

/** How many drawn rounds a table answers (history and roads; 12 columns of the 珠盘路). */
export const ZR_HISTORY_SIZE = 72;
/** How many last winners the tables list shows per table. */
export const ZR_RECENT_SIZE = 12;

export interface ZrPickInfo {
  pick: ZrPick;
  min: number;
  max: number;
  /** Percent, as the rules state it. */
  rtp: number;
}

export interface ZrTableInfo extends GameDef {
  kind: ZrKind;
  picks: ZrPickInfo[];
  periodMs: number;
  bettingMs: number;
}

export interface ZrTableSummary {
  table: ZrTableInfo;
  round: SharedRound;
  /** The last drawn rounds' winners, newest first. */
  recent: string[];
}
export interface ZrTablesResponse {
  tables: ZrTableSummary[];
  now: string;
}

/** A bet of the player at a table, as the page shows it. */
export interface ZrMyBet {
  orderNo: string;
  roundId: string;
  pick: ZrPick;
  stake: number;
  payout: number;
  status: 'open' | 'won' | 'lost' | 'push' | 'void';
}

export interface ZrTableResponse {
  table: ZrTableInfo;
  /** The round of the clock now: taking bets until closesAt, then drawn (its result) until the next opens. */
  round: SharedRound;
  /** Drawn rounds, newest first (at most ZR_HISTORY_SIZE), each with its revealed seed. */
  history: SharedRound[];
  /** The player's bets on the round now and on the round before. */
  mine: ZrMyBet[];
  now: string;
}

export interface ZrBetRequest {
  game: string;
  roundId: string;
  /** The caller-made id; bet i of the request is stored as `${requestId}-${i}`. */
  requestId: string;
  bets: Array<{ pick: ZrPick; stake: number }>;
}
export interface ZrBetResponse {
  /** The player's bets on that round (all of them, the new ones included). */
  mine: ZrMyBet[];
  balance: number;
}
