// The chess-and-card games' own calls (docs/games-qp.md "API"), relative to GAMES_API of src/protocol/games.ts,
// and their round timers. The answers are the views of views.ts.
import type { BjAction } from './blackjack.ts';

export const QP_PATH = {
  /** GET ?game=<code>: the player's latest hand of that game (open, or the last finished), or null. */
  hand: '/qp/hand',
  bullStart: '/qp/bull/start',
  bullGrab: '/qp/bull/grab',
  bullBet: '/qp/bull/bet',
  bjStart: '/qp/blackjack/start',
  bjAction: '/qp/blackjack/action',
} as const;

/** 抢庄牛牛's round timer: the grab phase and the bet phase each last this long (then the server acts). */
export const BULL_GRAB_MS = 10_000;
export const BULL_BET_MS = 10_000;
/** 二十一点: the time for each decision (then the server stands on every open hand). */
export const BJ_DECISION_MS = 20_000;

export interface StartRequest {
  requestId: string;
  game: string;
  /** The base stake (fen): one of BULL_BASES / BJ_BASES. */
  base: number;
}
export interface BullGrabRequest {
  requestId: string;
  handId: string;
  grab: number;
}
export interface BullBetRequest {
  requestId: string;
  handId: string;
  bet: number;
}
export interface BjActionRequest {
  requestId: string;
  handId: string;
  action: BjAction;
}
