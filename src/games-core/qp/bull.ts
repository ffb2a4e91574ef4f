// 抢庄牛牛 (issue 12 §1; docs/games-qp.md): the player (seat 0) against three computer players (seats 1–3), five
// cards each from one 52-card deck shuffled by the round's fair stream. Pure: the server settles with it and the
// verify view recomputes the round with it in the browser.
//
// The round: the deal → each seat grabs the banker with a multiplier (不抢 or 1–4 倍; the highest grab is banker,
// ties — and nobody grabbing, everyone at 0 — decided by the fair stream among the tied seats; a banker nobody
// grabbed plays at 1 倍) → each non-banker bets a multiplier (1/2/3/5 倍) → showdown. Each non-banker settles
// against the banker alone: base × banker's grab multiplier × that seat's bet multiplier × the WINNER's hand
// multiplier, won by the better hand (rank, then the highest card, then its suit). The computer players do not
// look at their cards: each draws its grab and its bet uniformly from the fair stream at the deal, so the game
// gives neither side an edge (return to player 100 %, docs/games-qp.md; tests/unit/games-core/qp).
import { DECK_SIZE, rankOf, suitOf, type Card, type RandomSource } from './cards.ts';

export const BULL_SEATS = 4;
/** The player's seat. */
export const BULL_PLAYER = 0;
export const BULL_CARDS = 5;
/** Cards the player sees before grabbing and betting (the fifth at the showdown). */
export const BULL_SEEN_BEFORE_SHOWDOWN = 4;
/** The grab multipliers (0 = 不抢). */
export const BULL_GRABS = [0, 1, 2, 3, 4] as const;
/** The non-bankers' bet multipliers. */
export const BULL_BETS = [1, 2, 3, 5] as const;
/** The base stakes a player can choose (fen): 0.1, 0.5, 1, 2 元. */
export const BULL_BASES = [10, 50, 100, 200] as const;
/** The banker's multiplier when nobody grabbed. */
export const BULL_UNGRABBED_MULTIPLIER = 1;

/** Hand ranks, weakest first: 0 无牛, 1–9 牛一…牛九, 10 牛牛, 11 五花牛, 12 炸弹牛, 13 五小牛. */
export const BULL_RANK_NAMES = [
  '无牛',
  '牛一',
  '牛二',
  '牛三',
  '牛四',
  '牛五',
  '牛六',
  '牛七',
  '牛八',
  '牛九',
  '牛牛',
  '五花牛',
  '炸弹牛',
  '五小牛',
] as const;
export const BULL_RANK = { none: 0, bullBull: 10, fiveFace: 11, bomb: 12, fiveSmall: 13 } as const;
/** The hand multipliers by rank (the winner's counts): 无牛–牛六 1, 牛七–牛九 2, 牛牛 3, 五花牛 4, 炸弹牛 4, 五小牛 5. */
export const BULL_HAND_MULTIPLIERS = [1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 3, 4, 4, 5] as const;
/** 五小牛: every card under 5 points and the five together at most 10. */
export const FIVE_SMALL_CARD_UNDER = 5;
export const FIVE_SMALL_TOTAL_MAX = 10;

const MAX_GRAB = Math.max(...BULL_GRABS);
const MAX_BET = Math.max(...BULL_BETS);
const MAX_HAND = Math.max(...BULL_HAND_MULTIPLIERS);
/**
 * The most a player can lose in one hand, in base units: as banker against three seats that all bet the most
 * and all win with the best multiplier (3 × 4 × 5 × 5 = 300). The stake taken when the hand starts.
 */
export const BULL_MAX_LOSS_UNITS = (BULL_SEATS - 1) * MAX_GRAB * MAX_BET * MAX_HAND;

/** A card's points: A 1, 2–9 their number, 10 J Q K 10. */
export const bullPoints = (c: Card): number => Math.min(rankOf(c), 10);
/** Orders single cards: rank (K highest), then suit 黑桃 > 红桃 > 梅花 > 方块. */
export const cardStrength = (c: Card): number => rankOf(c) * 4 + (3 - suitOf(c));

export interface BullHand {
  rank: number;
  name: string;
  multiplier: number;
  /** The highest card (ties of rank are decided by it). */
  top: Card;
  /** For 牛一…牛牛: the three cards that make ten (indexes into the hand), else null. */
  bull: [number, number, number] | null;
}

/** A five-card hand's rank. */
export function evaluateBull(cards: readonly Card[]): BullHand {
  if (cards.length !== BULL_CARDS) throw new Error('a bull hand has five cards');
  let top = cards[0]!;
  for (const c of cards) if (cardStrength(c) > cardStrength(top)) top = c;
  const points = cards.map(bullPoints);
  const total = points.reduce((a, b) => a + b, 0);
  const ranks = cards.map(rankOf);
  const hand = (rank: number, bull: BullHand['bull'] = null): BullHand => ({
    rank,
    name: BULL_RANK_NAMES[rank]!,
    multiplier: BULL_HAND_MULTIPLIERS[rank]!,
    top,
    bull,
  });
  if (points.every((p) => p < FIVE_SMALL_CARD_UNDER) && total <= FIVE_SMALL_TOTAL_MAX)
    return hand(BULL_RANK.fiveSmall);
  if (ranks.some((r) => ranks.filter((x) => x === r).length === 4)) return hand(BULL_RANK.bomb);
  if (ranks.every((r) => r > 10)) return hand(BULL_RANK.fiveFace);
  let best: BullHand | null = null;
  for (let i = 0; i < 5; i++)
    for (let j = i + 1; j < 5; j++)
      for (let k = j + 1; k < 5; k++) {
        if ((points[i]! + points[j]! + points[k]!) % 10 !== 0) continue;
        const rest = (total - points[i]! - points[j]! - points[k]!) % 10;
        const rank = rest === 0 ? BULL_RANK.bullBull : rest;
        if (!best || rank > best.rank) best = hand(rank, [i, j, k]);
      }
  return best ?? hand(BULL_RANK.none);
}

/** > 0 when hand a beats hand b (never 0 for two hands of one deck: their top cards differ). */
export function compareBull(a: BullHand, b: BullHand): number {
  if (a.rank !== b.rank) return a.rank - b.rank;
  return cardStrength(a.top) - cardStrength(b.top);
}

/** What the fair stream decides at the deal, in this order: the deck, the computers' grabs, the tie, their bets. */
export interface BullDeal {
  /** Five cards per seat (seat 0 the player), dealt from the front of the shuffled deck: seat s gets 5s…5s+4. */
  hands: Card[][];
  /** Seats 1–3's grab multipliers. */
  botGrabs: number[];
  /** The float in [0, 1) that picks the banker among tied seats: tied[floor(tie × tied.length)]. */
  tie: number;
  /** Seats 1–3's bet multipliers (used when the seat is not banker). */
  botBets: number[];
}

export function dealBull(src: RandomSource): BullDeal {
  const order = src.shuffle(DECK_SIZE);
  const hands = Array.from({ length: BULL_SEATS }, (_, s) =>
    order.slice(s * BULL_CARDS, (s + 1) * BULL_CARDS),
  );
  const botGrabs = Array.from({ length: BULL_SEATS - 1 }, () => BULL_GRABS[src.int(BULL_GRABS.length)]!);
  const tie = src.next();
  const botBets = Array.from({ length: BULL_SEATS - 1 }, () => BULL_BETS[src.int(BULL_BETS.length)]!);
  return { hands, botGrabs, tie, botBets };
}

/** The banker from every seat's grab (seat order) and the deal's tie float. */
export function bankerOf(grabs: readonly number[], tie: number): { banker: number; multiplier: number } {
  const max = Math.max(...grabs);
  const tied = grabs.flatMap((g, s) => (g === max ? [s] : []));
  return {
    banker: tied[Math.floor(tie * tied.length)]!,
    multiplier: max === 0 ? BULL_UNGRABBED_MULTIPLIER : max,
  };
}

export interface BullSeatResult {
  seat: number;
  cards: Card[];
  hand: BullHand;
  grab: number;
  /** The bet multiplier (0 for the banker). */
  bet: number;
  /** Won (+) or lost (−) in base units. */
  units: number;
}

export interface BullOutcome {
  banker: number;
  multiplier: number;
  seats: BullSeatResult[];
  /** The player's result in base units (seats[0].units). */
  playerUnits: number;
}

export const isBullGrab = (g: number): boolean => (BULL_GRABS as readonly number[]).includes(g);
export const isBullBet = (b: number): boolean => (BULL_BETS as readonly number[]).includes(b);

/** The showdown: every non-banker against the banker. playerBet is ignored when the player is the banker. */
export function settleBull(deal: BullDeal, playerGrab: number, playerBet: number): BullOutcome {
  if (!isBullGrab(playerGrab)) throw new Error(`bad grab ${playerGrab}`);
  const grabs = [playerGrab, ...deal.botGrabs];
  const { banker, multiplier } = bankerOf(grabs, deal.tie);
  if (banker !== BULL_PLAYER && !isBullBet(playerBet)) throw new Error(`bad bet ${playerBet}`);
  const hands = deal.hands.map(evaluateBull);
  const seats: BullSeatResult[] = deal.hands.map((cards, seat) => {
    const bet = seat === banker ? 0 : seat === BULL_PLAYER ? playerBet : deal.botBets[seat - 1]!;
    let units = 0;
    if (seat !== banker) {
      const wins = compareBull(hands[seat]!, hands[banker]!) > 0;
      const winner = wins ? hands[seat]! : hands[banker]!;
      units = (wins ? 1 : -1) * multiplier * bet * winner.multiplier;
    }
    return { seat, cards, hand: hands[seat]!, grab: grabs[seat]!, bet, units };
  });
  const bankerSeat = seats[banker]!;
  bankerSeat.units = 0 - seats.reduce((sum, s) => (s.seat === banker ? sum : sum + s.units), 0);
  return { banker, multiplier, seats, playerUnits: seats[BULL_PLAYER]!.units };
}

/**
 * Money (docs/games-qp.md "Money"): the stake taken when the hand starts is the most the player can lose
 * (BULL_MAX_LOSS_UNITS × base); the settlement pays back the stake plus the result (≥ 0). The valid bet is what
 * was really won or lost (|result|): a hand that ends even counts nothing.
 */
export const bullStake = (base: number): number => BULL_MAX_LOSS_UNITS * base;
export function bullPayout(base: number, playerUnits: number): { payout: number; validBet: number } {
  return { payout: bullStake(base) + playerUnits * base, validBet: Math.abs(playerUnits) * base };
}
