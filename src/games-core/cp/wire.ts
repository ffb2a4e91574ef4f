// The lottery venues' own calls (issue 12 §1 "Lottery (CP)"; docs/games-cp.md "API"): under GAMES_API with the
// venue credential as Bearer. The server (server/modules/casino/cp/) answers these shapes; the page
// (src/games-h5/cp/) and its machine (machines/games/cp/) read them.
import type { GameDef } from '../../protocol/games.ts';
import type { LotteryResult } from './plays.ts';
import type { LotterySchedule } from './periods.ts';

/** A period's phase at the server's clock: taking tickets, closed and waiting for its draw, or drawn. */
export type PeriodPhase = 'open' | 'closed' | 'drawn';

/** A period (a shared round of the lottery). */
export interface LotteryPeriod {
  /** The round id `${venue}:${game}:${no}` (the fair stream's client seed; a ticket names it). */
  id: string;
  no: number;
  /** As players read it: 20261126-0123. */
  label: string;
  opensAt: string;
  /** Tickets until then; the draw is made then. */
  closesAt: string;
  /** When the next period opens (this one's end). */
  endsAt: string;
  /** SHA-256 of the period's server seed: public from the start. */
  seedHash: string;
  /** Revealed with the draw. */
  serverSeed: string | null;
  phase: PeriodPhase;
  result: LotteryResult | null;
}

/** GET /cp/state?game=: the lottery, the period of the server's clock now, and the last draws. */
export interface LotteryState {
  game: GameDef;
  schedule: LotterySchedule;
  /** The server's clock (ISO). */
  now: string;
  current: LotteryPeriod;
  /** The last drawn periods, newest first (at most LOTTERY_HISTORY_SIZE). */
  history: LotteryPeriod[];
}

/** GET /cp/lotteries: the venue's lotteries with their current period. */
export interface LotteryList {
  now: string;
  lotteries: Array<{ game: GameDef; current: LotteryPeriod }>;
}

export interface TicketPick {
  /** One bet per pick: its own request id (the idempotency key). */
  requestId: string;
  play: string;
  pick: string;
  /** fen, whole 元. */
  stake: number;
}

/** POST /cp/tickets: picks staked on one open period, all in one transaction. */
export interface TicketRequest {
  game: string;
  roundId: string;
  picks: TicketPick[];
}

export interface Ticket {
  orderNo: string;
  requestId: string;
  roundId: string;
  period: string;
  play: string;
  pick: string;
  /** The words of the play and pick. */
  playName: string;
  pickLabel: string;
  odds100: number;
  stake: number;
  payout: number;
  status: 'open' | 'won' | 'lost' | 'push' | 'void';
  placedAt: string;
}

export interface TicketResponse {
  tickets: Ticket[];
  /** The venue wallet after the ticket (fen). */
  balance: number;
}

/** GET /cp/tickets?game=[&roundId=]: the player's tickets, newest first. */
export interface TicketList {
  tickets: Ticket[];
}

/** How many drawn periods GET /cp/state lists. */
export const LOTTERY_HISTORY_SIZE = 20;
/** How many tickets GET /cp/tickets lists. */
export const LOTTERY_TICKETS_LIMIT = 50;
