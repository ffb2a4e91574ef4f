// Playing cards of the chess-and-card games (issue 12 §1; docs/games-qp.md). A card is a number 0…51 of one
// 52-card deck: suit = floor(card / 13) (0 黑桃 spades, 1 红桃 hearts, 2 梅花 clubs, 3 方块 diamonds), rank =
// card % 13 + 1 (1 = A, 11 = J, 12 = Q, 13 = K). A six-deck shoe deals numbers 0…311, each card being n % 52.
// Pure: runs on the server and in the browser (the verify view).

export type Card = number;

export const DECK_SIZE = 52;
export const SUITS = 4;
export const RANKS = 13;

/** The random numbers a deal uses: FairStream of games-core/fair.ts (or a fast source in simulations). */
export interface RandomSource {
  next(): number;
  int(n: number): number;
  shuffle(size: number): number[];
}

export const suitOf = (c: Card): number => Math.floor((c % DECK_SIZE) / RANKS);
export const rankOf = (c: Card): number => (c % RANKS) + 1;

/** The suits' words, by suit number, and the ranks' faces. */
export const SUIT_NAMES = ['黑桃', '红桃', '梅花', '方块'] as const;
export const SUIT_SYMBOLS = ['♠', '♥', '♣', '♦'] as const;
export const RANK_FACES = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;

export const faceOf = (c: Card): string => RANK_FACES[rankOf(c) - 1]!;
/** A card in words, e.g. "红桃 A" (what the page's card elements are named). */
export const cardName = (c: Card): string => `${SUIT_NAMES[suitOf(c)]!} ${faceOf(c)}`;
export const isRed = (c: Card): boolean => suitOf(c) === 1 || suitOf(c) === 3;

/**
 * A fast seeded source (xoshiro128**) with FairStream's interface, for the return-to-player simulations only
 * (a real round always uses fairStream).
 */
export function simulationSource(seed: number): RandomSource {
  let a = seed >>> 0 || 1;
  let b = 0x9e3779b9;
  let c = 0x243f6a88;
  let d = 0xb7e15162;
  const next = (): number => {
    const t = b << 9;
    let r = Math.imul(b, 5);
    r = Math.imul((r << 7) | (r >>> 25), 9);
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = (d << 11) | (d >>> 21);
    return (r >>> 0) / 2 ** 32;
  };
  for (let i = 0; i < 16; i++) next();
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    shuffle(size) {
      const out = Array.from({ length: size }, (_, i) => i);
      for (let i = size - 1; i > 0; i--) {
        const j = int(i + 1);
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
  };
}
