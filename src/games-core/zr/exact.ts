// The live tables' return to player computed EXACTLY over a full 8-deck shoe (issue 12 §2 "a test checks every
// stated figure"; docs/games-zr.md "How the RTP is computed"): every way the six cards of a coup can fall, by
// card value, weighted by its probability when drawing without replacement from 416 cards. Pure; the tests
// (tests/unit/games-core/zr) compare it with ZR_RTP, and with the deal function itself (same tableau).
import { BACCARAT_PICKS, playCoup } from './baccarat.ts';
import { SHOE_DECKS, SHOE_SIZE } from './cards.ts';
import { RETURN_PER_100, type ZrKind, type ZrPick } from './table.ts';

export interface BaccaratOdds {
  banker: number;
  player: number;
  tie: number;
  /** The first two cards of a hand are of one rank. */
  pair: number;
}

/** Value classes of the shoe: a representative card and how many cards of the shoe have that value. */
const VALUE_CLASSES: ReadonlyArray<{ card: number; count: number }> = Array.from({ length: 10 }, (_, v) =>
  // value 0: 10 J Q K (4 ranks × 4 suits × 8 decks); value v: the rank v (4 suits × 8 decks); card v − 1 is it.
  v === 0 ? { card: 9, count: 4 * 4 * SHOE_DECKS } : { card: v - 1, count: 4 * SHOE_DECKS },
);

/** P(banker wins), P(player wins), P(tie) by enumeration; P(pair) from ranks: (32 − 1) / (416 − 1). */
export function baccaratOdds(): BaccaratOdds {
  const left = VALUE_CLASSES.map((c) => c.count);
  const odds = { banker: 0, player: 0, tie: 0 };
  const prefix: number[] = [];
  // Plays the coup with the cards fixed so far; when it asks for one more, branch over every value for it.
  const walk = (weight: number) => {
    let needMore = false;
    let i = 0;
    const result = playCoup(() => {
      if (i < prefix.length) return VALUE_CLASSES[prefix[i++]!]!.card;
      needMore = true;
      return VALUE_CLASSES[0]!.card;
    });
    if (!needMore) {
      odds[result.winner] += weight;
      return;
    }
    const remaining = SHOE_SIZE - prefix.length;
    for (let v = 0; v < VALUE_CLASSES.length; v++) {
      const n = left[v]!;
      if (n === 0) continue;
      left[v] = n - 1;
      prefix.push(v);
      walk((weight * n) / remaining);
      prefix.pop();
      left[v] = n;
    }
  };
  walk(1);
  const perRank = 4 * SHOE_DECKS;
  return { ...odds, pair: (perRank - 1) / (SHOE_SIZE - 1) };
}

/**
 * P(龙 and 虎 of one rank) = (32 − 1) / (416 − 1); otherwise 龙 and 虎 are equally likely to be higher. A side's
 * card is odd (A 3 5 7 9 J K) with P = 7 × 32 / 416 = 7/13 (either card alone is uniform over the shoe).
 */
export function dragonTigerOdds(): { dragon: number; tiger: number; tie: number; odd: number } {
  const perRank = 4 * SHOE_DECKS;
  const tie = (perRank - 1) / (SHOE_SIZE - 1);
  return { dragon: (1 - tie) / 2, tiger: (1 - tie) / 2, tie, odd: (7 * perRank) / SHOE_SIZE };
}

/** Each bet's return to player in percent (unrounded) from the exact odds and the pay table. */
export function exactRtp(): Record<ZrKind, Partial<Record<ZrPick, number>>> {
  const R = RETURN_PER_100;
  const b = baccaratOdds();
  const d = dragonTigerOdds();
  const baccarat: Partial<Record<ZrPick, number>> = {
    banker: b.banker * R.bankerWin + b.tie * R.push,
    player: b.player * R.playerWin + b.tie * R.push,
    tie: b.tie * R.tieWin,
    'banker-pair': b.pair * R.pairWin,
    'player-pair': b.pair * R.pairWin,
  };
  for (const p of BACCARAT_PICKS) if (baccarat[p] === undefined) throw new Error(`no RTP for ${p}`);
  return {
    baccarat,
    'dragon-tiger': {
      dragon: d.dragon * R.sideWin + d.tie * R.dragonTigerTieHalf,
      tiger: d.tiger * R.sideWin + d.tie * R.dragonTigerTieHalf,
      tie: d.tie * R.tieWin,
      'dragon-odd': d.odd * R.oddWin,
      'dragon-even': (1 - d.odd) * R.evenWin,
      'tiger-odd': d.odd * R.oddWin,
      'tiger-even': (1 - d.odd) * R.evenWin,
    },
  };
}
