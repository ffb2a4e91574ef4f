// 龙虎 (issue 12 §1 "Live casino"; docs/games-zr.md "龙虎"): one card to 龙 and one to 虎 from the round's
// shuffled 8-deck shoe; the higher rank wins (A lowest, K highest, suits do not count); equal ranks are 和.
import type { FairInput } from '../fair.ts';
import { dealOrder, rankOf } from './cards.ts';

export const DRAGON_TIGER_PICKS = [
  'dragon',
  'tiger',
  'tie',
  'dragon-odd',
  'dragon-even',
  'tiger-odd',
  'tiger-even',
] as const;
export type DragonTigerPick = (typeof DRAGON_TIGER_PICKS)[number];
export type DragonTigerWinner = 'dragon' | 'tiger' | 'tie';

/** 单 (odd): A 3 5 7 9 J K (ranks 1, 3 … 13: seven of thirteen); 双 (even): 2 4 6 8 10 Q (six). */
export const isOddRank = (card: number): boolean => rankOf(card) % 2 === 1;

export interface DragonTigerResult {
  kind: 'dragon-tiger';
  dragon: number;
  tiger: number;
  winner: DragonTigerWinner;
}

export function judgeDragonTiger(dragon: number, tiger: number): DragonTigerResult {
  const d = rankOf(dragon);
  const t = rankOf(tiger);
  return { kind: 'dragon-tiger', dragon, tiger, winner: d > t ? 'dragon' : t > d ? 'tiger' : 'tie' };
}

/** The round's deal: the first card to 龙, the second to 虎. */
export function dealDragonTiger(fair: FairInput): DragonTigerResult {
  const [dragon, tiger] = dealOrder(fair, 2);
  return judgeDragonTiger(dragon!, tiger!);
}
