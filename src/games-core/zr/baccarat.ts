// 百家乐 (issue 12 §1 "Live casino"; docs/games-zr.md "百家乐"): the deal from the round's shuffled 8-deck shoe
// with the standard drawing rules (Punto Banco tableau), and what each bet returns. Pure (server and browser).
import type { FairInput } from '../fair.ts';
import { dealOrder, rankOf } from './cards.ts';

export const BACCARAT_PICKS = ['banker', 'player', 'tie', 'banker-pair', 'player-pair'] as const;
export type BaccaratPick = (typeof BACCARAT_PICKS)[number];

/** A card's baccarat value: A = 1, 2–9 their pips, 10 J Q K = 0. */
export const baccaratValue = (card: number): number => {
  const r = rankOf(card);
  return r >= 10 ? 0 : r;
};
/** A hand's total: the last digit of the sum of its values. */
export const handTotal = (cards: readonly number[]): number =>
  cards.reduce((s, c) => s + baccaratValue(c), 0) % 10;

/** A first-two-cards total of 8 or 9 is a natural: both hands stand. */
export const NATURAL_MIN = 8;
/** The player draws on 0–5 and stands on 6–7 (issue 12 §1 "standard third-card rules"). */
export const PLAYER_STANDS_FROM = 6;
/** The banker, when the player stood, draws on 0–5 and stands on 6–7. */
export const BANKER_STANDS_FROM = 6;

/**
 * Whether the banker draws when the player drew a third card worth `p3` (the tableau): on 0–2 always, on 3
 * unless p3 = 8, on 4 when p3 is 2–7, on 5 when p3 is 4–7, on 6 when p3 is 6–7, never on 7.
 */
export function bankerDraws(bankerTotal: number, p3: number | null): boolean {
  if (p3 === null) return bankerTotal < BANKER_STANDS_FROM;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return p3 !== 8;
    case 4:
      return p3 >= 2 && p3 <= 7;
    case 5:
      return p3 >= 4 && p3 <= 7;
    case 6:
      return p3 === 6 || p3 === 7;
    default:
      return false;
  }
}

export type BaccaratWinner = 'banker' | 'player' | 'tie';

export interface BaccaratResult {
  kind: 'baccarat';
  /** Cards 0–51 in the order dealt to each hand. */
  player: number[];
  banker: number[];
  playerTotal: number;
  bankerTotal: number;
  winner: BaccaratWinner;
  /** The first two cards of the hand are of one rank (e.g. two 7s, two Ks). */
  playerPair: boolean;
  bankerPair: boolean;
  natural: boolean;
}

/**
 * The coup from six cards in dealing order (player, banker, player, banker, then the third cards as needed):
 * the tableau decides who draws. Exported for the exact tests over the shoe.
 */
export function playCoup(next: () => number): BaccaratResult {
  const p = [next()];
  const b = [next()];
  p.push(next());
  b.push(next());
  const p2 = handTotal(p);
  const b2 = handTotal(b);
  const natural = p2 >= NATURAL_MIN || b2 >= NATURAL_MIN;
  if (!natural) {
    let p3: number | null = null;
    if (p2 < PLAYER_STANDS_FROM) {
      const card = next();
      p.push(card);
      p3 = baccaratValue(card);
    }
    if (bankerDraws(b2, p3)) b.push(next());
  }
  const playerTotal = handTotal(p);
  const bankerTotal = handTotal(b);
  return {
    kind: 'baccarat',
    player: p,
    banker: b,
    playerTotal,
    bankerTotal,
    winner: bankerTotal > playerTotal ? 'banker' : playerTotal > bankerTotal ? 'player' : 'tie',
    playerPair: rankOf(p[0]!) === rankOf(p[1]!),
    bankerPair: rankOf(b[0]!) === rankOf(b[1]!),
    natural,
  };
}

/** The round's deal from its randomness (the verify view runs this same function). */
export function dealBaccarat(fair: FairInput): BaccaratResult {
  const cards = dealOrder(fair, 6);
  let i = 0;
  return playCoup(() => cards[i++]!);
}
