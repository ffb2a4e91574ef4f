// 二十一点 (issue 12 §1; docs/games-qp.md): one player against the dealer. Six decks reshuffled for every hand
// by the round's fair stream (the shoe's order is shuffle(312), card n being n % 52), dealt from the front:
// player, dealer, player, dealer (the dealer's second card face down). The dealer peeks under an A or a 10-point
// up card and ends the hand on a blackjack; stands on every 17, soft 17 included; blackjack pays 3:2; double on
// any first two cards (one more card, then stand), also after a split; split once, two cards of equal points
// (split aces get one card each and stand); a 21 after a split is not a blackjack; no insurance, no surrender.
// Pure: the server plays it and the verify view replays it from the revealed seed.
import { DECK_SIZE, rankOf, type Card, type RandomSource } from './cards.ts';

export const BJ_DECKS = 6;
export const BJ_SHOE_SIZE = BJ_DECKS * DECK_SIZE;
export const BJ_TARGET = 21;
/** The dealer draws below this and stands on it, soft or hard. */
export const BJ_DEALER_STANDS = 17;
/** Blackjack pays 3:2: the stake back plus 1.5 times it (payout 2.5 × stake). */
export const BJ_BLACKJACK_PAYS = 1.5;
/** The bets a player can choose (fen, even so that 3:2 stays in whole fen): 1, 2, 5, 10, 50 元. */
export const BJ_BASES = [100, 200, 500, 1000, 5000] as const;
/** Hands after splitting once. */
export const BJ_MAX_HANDS = 2;

export const bjPoints = (c: Card): number => {
  const r = rankOf(c);
  return r === 1 ? 11 : Math.min(r, 10);
};

/** A hand's best total (aces 11 while that stays ≤ 21) and whether an ace still counts 11. */
export function bjTotal(cards: readonly Card[]): { total: number; soft: boolean } {
  let total = 0;
  let aces = 0;
  for (const c of cards) {
    total += bjPoints(c);
    if (rankOf(c) === 1) aces += 1;
  }
  while (total > BJ_TARGET && aces > 0) {
    total -= 10;
    aces -= 1;
  }
  return { total, soft: aces > 0 };
}

export const isBlackjack = (cards: readonly Card[]): boolean =>
  cards.length === 2 && bjTotal(cards).total === BJ_TARGET;

export type BjResult = 'blackjack' | 'win' | 'push' | 'lose';
/** What a hand's stake (and its double) pays back, per unit staked. */
export const BJ_RETURN: Readonly<Record<BjResult, number>> = {
  blackjack: 1 + BJ_BLACKJACK_PAYS,
  win: 2,
  push: 1,
  lose: 0,
};

export interface BjHand {
  cards: Card[];
  /** Doubled: twice the base at stake. */
  doubled: boolean;
  /** From a split (a 21 of two cards is then not a blackjack). */
  split: boolean;
  done: boolean;
  result: BjResult | null;
}

export type BjAction = 'hit' | 'stand' | 'double' | 'split';
export const BJ_ACTIONS: readonly BjAction[] = ['hit', 'stand', 'double', 'split'];

export interface BjState {
  /** The shoe's order (card numbers 0…311); `next` is the next card to deal. */
  shoe: number[];
  next: number;
  hands: BjHand[];
  /** The hand being played (index into hands); hands.length when the player is done. */
  active: number;
  dealer: Card[];
  /** The dealer has finished (the hole card and the dealer's draws are shown). */
  over: boolean;
  /** The player's actions in order (what the verify view replays). */
  actions: BjAction[];
}

/** The shoe of a hand from the fair stream. */
export const bjShoe = (src: RandomSource): number[] => src.shuffle(BJ_SHOE_SIZE);

function draw(s: BjState): Card {
  const c = s.shoe[s.next]! % DECK_SIZE;
  s.next += 1;
  return c;
}

const tenOrAce = (c: Card) => bjPoints(c) >= 10;

/** The deal: two cards each; the hand ends at once on a blackjack (the dealer's, seen by the peek, or the player's). */
export function startBj(shoe: number[]): BjState {
  const s: BjState = { shoe, next: 0, hands: [], active: 0, dealer: [], over: false, actions: [] };
  const p1 = draw(s);
  const d1 = draw(s);
  const p2 = draw(s);
  const d2 = draw(s);
  s.hands = [{ cards: [p1, p2], doubled: false, split: false, done: false, result: null }];
  s.dealer = [d1, d2];
  if ((tenOrAce(d1) && isBlackjack(s.dealer)) || isBlackjack(s.hands[0]!.cards)) {
    s.hands[0]!.done = true;
    s.active = 1;
    finish(s);
  }
  return s;
}

export function canAct(s: BjState, action: BjAction): boolean {
  const h = s.hands[s.active];
  if (!h || h.done || s.over) return false;
  if (action === 'hit' || action === 'stand') return true;
  if (action === 'double') return h.cards.length === 2;
  return (
    s.hands.length < BJ_MAX_HANDS && h.cards.length === 2 && bjPoints(h.cards[0]!) === bjPoints(h.cards[1]!)
  );
}

function advance(s: BjState): void {
  while (s.active < s.hands.length && s.hands[s.active]!.done) s.active += 1;
  if (s.active >= s.hands.length) finish(s);
}

/** Applies one player action (throws when it does not fit: check canAct first). Returns the same state object. */
export function actBj(s: BjState, action: BjAction): BjState {
  if (!canAct(s, action)) throw new Error(`cannot ${action}`);
  const h = s.hands[s.active]!;
  s.actions.push(action);
  if (action === 'hit') {
    h.cards.push(draw(s));
    if (bjTotal(h.cards).total >= BJ_TARGET) h.done = true;
  } else if (action === 'stand') {
    h.done = true;
  } else if (action === 'double') {
    h.doubled = true;
    h.cards.push(draw(s));
    h.done = true;
  } else {
    const second: BjHand = { cards: [h.cards[1]!], doubled: false, split: true, done: false, result: null };
    h.cards = [h.cards[0]!];
    h.split = true;
    s.hands.push(second);
    h.cards.push(draw(s));
    second.cards.push(draw(s));
    const aces = rankOf(h.cards[0]!) === 1;
    for (const x of s.hands) if (aces || bjTotal(x.cards).total === BJ_TARGET) x.done = true;
  }
  advance(s);
  return s;
}

/** The player stands on every hand still open (the round timer ran out). */
export function standAll(s: BjState): BjState {
  while (!s.over) actBj(s, 'stand');
  return s;
}

/** The dealer's play and every hand's result. */
function finish(s: BjState): void {
  const dealerBj = isBlackjack(s.dealer);
  const live = s.hands.some((h) => bjTotal(h.cards).total <= BJ_TARGET);
  const playerBj = s.hands.length === 1 && isBlackjack(s.hands[0]!.cards);
  if (live && !dealerBj && !playerBj)
    while (bjTotal(s.dealer).total < BJ_DEALER_STANDS) s.dealer.push(draw(s));
  const dealer = bjTotal(s.dealer).total;
  for (const h of s.hands) {
    const natural = !h.split && isBlackjack(h.cards);
    const total = bjTotal(h.cards).total;
    if (natural) h.result = dealerBj ? 'push' : 'blackjack';
    else if (dealerBj) h.result = 'lose';
    else if (total > BJ_TARGET) h.result = 'lose';
    else if (dealer > BJ_TARGET || total > dealer) h.result = 'win';
    else h.result = total === dealer ? 'push' : 'lose';
  }
  s.active = s.hands.length;
  s.over = true;
}

/** The units at stake on each hand (1, or 2 when doubled) and the whole. */
export const bjUnits = (h: BjHand): number => (h.doubled ? 2 : 1);
export const bjStakeUnits = (s: BjState): number => s.hands.reduce((a, h) => a + bjUnits(h), 0);

/** What the hand pays back in total, per base unit (the stakes included): Σ units × return. */
export function bjReturnUnits(s: BjState): number {
  if (!s.over) throw new Error('the hand is not over');
  return s.hands.reduce((a, h) => a + bjUnits(h) * BJ_RETURN[h.result!], 0);
}

/** Replays a hand from its shoe and the player's actions (the verify view). */
export function replayBj(shoe: number[], actions: readonly BjAction[]): BjState {
  const s = startBj(shoe);
  for (const a of actions) if (!s.over) actBj(s, a);
  return s;
}
