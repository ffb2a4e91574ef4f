// Cards of the live casino's shoe (issue 12 §1 "Live casino"; docs/games-zr.md "The shoe"). Pure: runs on the
// server and in the browser. A card is a number 0–51: rank = card % 13 (0 = A … 12 = K), suit = ⌊card / 13⌋
// (0 ♠, 1 ♥, 2 ♣, 3 ♦). A shoe of DECKS decks is 52 × DECKS places; place i holds card i % 52.
import { fairStream, type FairInput } from '../fair.ts';

/** The live tables deal from a shoe of eight decks (issue 12 §1 "8-deck shoe"). */
export const SHOE_DECKS = 8;
export const CARDS_PER_DECK = 52;
export const SHOE_SIZE = SHOE_DECKS * CARDS_PER_DECK;

export const RANK_LABELS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
export const SUIT_SYMBOLS = ['♠', '♥', '♣', '♦'] as const;

/** 1 (A) … 13 (K). */
export const rankOf = (card: number): number => (card % 13) + 1;
export const suitOf = (card: number): number => Math.floor(card / 13) % 4;
export const isRed = (card: number): boolean => suitOf(card) === 1 || suitOf(card) === 3;
/** "♠A", "♥10": how the pages and the verify view write a card. */
export const cardLabel = (card: number): string => `${SUIT_SYMBOLS[suitOf(card)]}${RANK_LABELS[card % 13]}`;

/**
 * The round's cards in dealing order: the whole shoe shuffled afresh for every round from the round's fair stream
 * (server seed, client seed = the round's id, nonce 0), dealt from the front. A fresh shoe per round keeps every
 * round independent and checkable on its own (no cut card, no shoe state between rounds).
 */
export function dealOrder(fair: FairInput, count: number): number[] {
  const shoe = fairStream(fair).shuffle(SHOE_SIZE);
  return shoe.slice(0, count).map((place) => place % CARDS_PER_DECK);
}
