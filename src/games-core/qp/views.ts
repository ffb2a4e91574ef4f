// What the chess-and-card page sees of a hand (issue 12 §1 "the client never sees a card it should not";
// docs/games-qp.md "API"): the server keeps the whole deal in game_hands and answers only these views. Pure: the
// server builds them, the page reads them (and its machines import the types).
import {
  bankerOf,
  BULL_PLAYER,
  BULL_SEEN_BEFORE_SHOWDOWN,
  settleBull,
  type BullDeal,
  type BullOutcome,
} from './bull.ts';
import {
  bjTotal,
  canAct,
  BJ_ACTIONS,
  BJ_RETURN,
  type BjAction,
  type BjResult,
  type BjState,
} from './blackjack.ts';
import type { Card } from './cards.ts';

export type BullPhase = 'grab' | 'bet' | 'done';

/** The server's state of a 抢庄牛牛 hand (game_hands.state). */
export interface BullHandState {
  kind: 'bull';
  betId: string;
  base: number;
  stake: number;
  phase: BullPhase;
  deal: BullDeal;
  playerGrab: number | null;
  playerBet: number | null;
  /** The server acted for the player (the round timer ran out). */
  auto: boolean;
  /** The request ids already applied (a retry answers the hand as it is). */
  requests: string[];
}

export interface BullSeatView {
  seat: number;
  /** The cards this seat shows now: the player's first four until the showdown, the others' none until then. */
  cards: Card[];
  /** The grab multiplier once every seat has grabbed (the player's own at once). */
  grab: number | null;
  /** The bet multiplier: the player's own at once, the others' at the showdown. */
  bet: number | null;
  /** At the showdown: the hand's rank name, its multiplier, and the seat's result in base units. */
  rank: string | null;
  handMultiplier: number | null;
  units: number | null;
}

export interface BullView {
  kind: 'bull';
  handId: string;
  game: string;
  phase: BullPhase;
  /** When the server acts for the player (ISO); null once done. */
  deadline: string | null;
  base: number;
  /** What was taken when the hand started (the most the player can lose). */
  stake: number;
  seats: BullSeatView[];
  banker: number | null;
  /** The banker's grab multiplier (1 when nobody grabbed). */
  multiplier: number | null;
  /** At the showdown: what came back to the venue wallet (stake ± result) and the result itself (fen). */
  payout: number | null;
  net: number | null;
  auto: boolean;
}

export function bullOutcomeOf(s: BullHandState): BullOutcome | null {
  if (s.phase !== 'done') return null;
  return settleBull(s.deal, s.playerGrab ?? 0, s.playerBet ?? 1);
}

export function bullView(id: string, game: string, s: BullHandState, deadline: string | null): BullView {
  const done = s.phase === 'done';
  const outcome = bullOutcomeOf(s);
  const grabbed = s.playerGrab !== null;
  const grabs = [s.playerGrab, ...s.deal.botGrabs];
  let banker: number | null = null;
  let multiplier: number | null = null;
  if (outcome) ({ banker, multiplier } = outcome);
  else if (grabbed) ({ banker, multiplier } = bankerOf(grabs as number[], s.deal.tie));
  const seats: BullSeatView[] = s.deal.hands.map((cards, seat) => {
    const r = outcome?.seats[seat];
    const mine = seat === BULL_PLAYER;
    return {
      seat,
      cards: done ? cards : mine ? cards.slice(0, BULL_SEEN_BEFORE_SHOWDOWN) : [],
      grab: mine || grabbed ? grabs[seat]! : null,
      bet: r ? r.bet : mine ? s.playerBet : null,
      rank: r ? r.hand.name : null,
      handMultiplier: r ? r.hand.multiplier : null,
      units: r ? r.units : null,
    };
  });
  const net = outcome ? outcome.playerUnits * s.base : null;
  return {
    kind: 'bull',
    handId: id,
    game,
    phase: s.phase,
    deadline: done ? null : deadline,
    base: s.base,
    stake: s.stake,
    seats,
    banker,
    multiplier,
    payout: net === null ? null : s.stake + net,
    net,
    auto: s.auto,
  };
}

/** What the verify view recomputes of a 抢庄牛牛 hand (stored in the bet's outcome). */
export interface BullRecord {
  kind: 'bull';
  base: number;
  hands: Card[][];
  grabs: number[];
  bets: number[];
  banker: number;
  multiplier: number;
  ranks: string[];
  units: number[];
  playerGrab: number;
  playerBet: number;
  auto: boolean;
}

export function bullRecord(s: BullHandState, o: BullOutcome): BullRecord {
  return {
    kind: 'bull',
    base: s.base,
    hands: s.deal.hands,
    grabs: o.seats.map((x) => x.grab),
    bets: o.seats.map((x) => x.bet),
    banker: o.banker,
    multiplier: o.multiplier,
    ranks: o.seats.map((x) => x.hand.name),
    units: o.seats.map((x) => x.units),
    playerGrab: s.playerGrab ?? 0,
    playerBet: s.playerBet ?? 1,
    auto: s.auto,
  };
}

// ---- 二十一点 ----------------------------------------------------------------------------------------------------

/** One bet row of a blackjack hand: the first stake, a split's second hand, a double. */
export interface BjBetRef {
  id: string;
  hand: number;
  what: 'main' | 'split' | 'double';
}

/** The server's state of a 二十一点 hand (game_hands.state). */
export interface BjHandState {
  kind: 'blackjack';
  betId: string;
  base: number;
  bj: BjState;
  bets: BjBetRef[];
  auto: boolean;
  requests: string[];
}

export interface BjHandView {
  cards: Card[];
  total: number;
  soft: boolean;
  doubled: boolean;
  result: BjResult | null;
}

export interface BjView {
  kind: 'blackjack';
  handId: string;
  game: string;
  phase: 'player' | 'done';
  deadline: string | null;
  base: number;
  /** Everything staked on this hand so far (the first stake, a split, doubles), fen. */
  stake: number;
  hands: BjHandView[];
  active: number;
  /** The dealer's up card only while the player plays; every card at the end. */
  dealer: { cards: Card[]; total: number | null };
  can: Record<BjAction, boolean>;
  payout: number | null;
  net: number | null;
  auto: boolean;
}

export const bjStakeOf = (s: BjHandState): number => s.bets.length * s.base;

export function bjPayoutOf(s: BjHandState): number | null {
  if (!s.bj.over) return null;
  return s.bets.reduce((a, b) => a + s.base * BJ_RETURN[s.bj.hands[b.hand]!.result!], 0);
}

export function bjView(id: string, game: string, s: BjHandState, deadline: string | null): BjView {
  const over = s.bj.over;
  const payout = bjPayoutOf(s);
  const stake = bjStakeOf(s);
  return {
    kind: 'blackjack',
    handId: id,
    game,
    phase: over ? 'done' : 'player',
    deadline: over ? null : deadline,
    base: s.base,
    stake,
    hands: s.bj.hands.map((h) => ({
      cards: h.cards,
      ...bjTotal(h.cards),
      doubled: h.doubled,
      result: h.result,
    })),
    active: s.bj.active,
    dealer: over
      ? { cards: s.bj.dealer, total: bjTotal(s.bj.dealer).total }
      : { cards: s.bj.dealer.slice(0, 1), total: null },
    can: Object.fromEntries(BJ_ACTIONS.map((a) => [a, canAct(s.bj, a)])) as Record<BjAction, boolean>,
    payout,
    net: payout === null ? null : payout - stake,
    auto: s.auto,
  };
}

/** What the verify view recomputes of a 二十一点 hand. */
export interface BjRecord {
  kind: 'blackjack';
  base: number;
  actions: BjAction[];
  hands: Array<{ cards: Card[]; doubled: boolean; result: BjResult }>;
  dealer: Card[];
  auto: boolean;
}

export function bjRecord(s: BjHandState): BjRecord {
  return {
    kind: 'blackjack',
    base: s.base,
    actions: s.bj.actions,
    hands: s.bj.hands.map((h) => ({ cards: h.cards, doubled: h.doubled, result: h.result! })),
    dealer: s.bj.dealer,
    auto: s.auto,
  };
}
