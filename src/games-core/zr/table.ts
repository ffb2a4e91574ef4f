// The live tables' pay tables, limits, schedule and settlement (issue 12 §1 "Live casino", §3 "valid bet";
// docs/games-zr.md). Pure: the server settles with it, the page shows it.
import { BACCARAT_PICKS, dealBaccarat, type BaccaratPick, type BaccaratResult } from './baccarat.ts';
import type { FairInput } from '../fair.ts';
import {
  dealDragonTiger,
  DRAGON_TIGER_PICKS,
  isOddRank,
  type DragonTigerPick,
  type DragonTigerResult,
} from './dragon-tiger.ts';

export type ZrKind = 'baccarat' | 'dragon-tiger';
export type ZrPick = BaccaratPick | DragonTigerPick;
export type ZrResult = BaccaratResult | DragonTigerResult;

export const ZR_PICKS: Readonly<Record<ZrKind, readonly ZrPick[]>> = {
  baccarat: BACCARAT_PICKS,
  'dragon-tiger': DRAGON_TIGER_PICKS,
};

/**
 * A round every 35 s for everyone at the table (issue 12 §1 "a round every 30–45 seconds"): bets for the first
 * 25 s, then the deal is shown for 10 s before the next round opens.
 */
export const ZR_SCHEDULE = { periodMs: 35_000, bettingMs: 25_000 } as const;

/** What a bet returns per 100 fen staked, the stake included (so 200 = pays 1:1, 100 = the stake back). */
export const RETURN_PER_100 = {
  /** 庄 pays 0.95:1 (1:1 less 5 % commission). */
  bankerWin: 195,
  /** 闲 pays 1:1. */
  playerWin: 200,
  /** 和 pays 8:1 (both games). */
  tieWin: 900,
  /** 庄对 / 闲对 pay 11:1. */
  pairWin: 1_200,
  /** 庄 / 闲 bets on a baccarat tie: the stake back. */
  push: 100,
  /** 龙 / 虎 pay 1:1. */
  sideWin: 200,
  /** 龙 / 虎 bets on a 龙虎 tie lose half: half the stake back. */
  dragonTigerTieHalf: 50,
  /** 龙单 / 虎单 (the side's card is A 3 5 7 9 J K) pay 0.75:1. */
  oddWin: 175,
  /** 龙双 / 虎双 (the side's card is 2 4 6 8 10 Q) pay 1.05:1. */
  evenWin: 205,
  lose: 0,
} as const;

/** Stakes are whole yuan (so 0.95:1 and the half back are whole fen). */
export const ZR_STAKE_UNIT_FEN = 100;

/** A bet's limits (fen): min per bet; max for the member's total on one pick of one round. */
export interface PickLimit {
  min: number;
  max: number;
}
/** The table limits (docs/games-zr.md "Limits"): 10 – 50,000 yuan on the main bets, 10 – 5,000 on the others. */
export const ZR_LIMITS: Readonly<Record<ZrKind, Readonly<Partial<Record<ZrPick, PickLimit>>>>> = {
  baccarat: {
    banker: { min: 1_000, max: 5_000_000 },
    player: { min: 1_000, max: 5_000_000 },
    tie: { min: 1_000, max: 500_000 },
    'banker-pair': { min: 1_000, max: 500_000 },
    'player-pair': { min: 1_000, max: 500_000 },
  },
  'dragon-tiger': {
    dragon: { min: 1_000, max: 5_000_000 },
    tiger: { min: 1_000, max: 5_000_000 },
    tie: { min: 1_000, max: 500_000 },
    'dragon-odd': { min: 1_000, max: 500_000 },
    'dragon-even': { min: 1_000, max: 500_000 },
    'tiger-odd': { min: 1_000, max: 500_000 },
    'tiger-even': { min: 1_000, max: 500_000 },
  },
};

/** The chips the page offers (fen): 10, 50, 100, 500, 1,000 and 5,000 yuan. */
export const ZR_CHIPS = [1_000, 5_000, 10_000, 50_000, 100_000, 500_000] as const;
/** At most this many bets in one request (one per pick of the board). */
export const ZR_MAX_BETS_PER_REQUEST = 5;

/**
 * The return to player of each bet (percent, 2 decimals) as the rules state it; tests/unit/games-core/zr
 * computes every one exactly over the 8-deck shoe (src/games-core/zr/exact.ts).
 */
export const ZR_RTP: Readonly<Record<ZrKind, Readonly<Partial<Record<ZrPick, number>>>>> = {
  baccarat: { banker: 98.94, player: 98.76, tie: 85.64, 'banker-pair': 89.64, 'player-pair': 89.64 },
  'dragon-tiger': {
    dragon: 96.27,
    tiger: 96.27,
    tie: 67.23,
    'dragon-odd': 94.23,
    'dragon-even': 94.62,
    'tiger-odd': 94.23,
    'tiger-even': 94.62,
  },
};

export const isZrPick = (kind: ZrKind, pick: string): pick is ZrPick =>
  (ZR_PICKS[kind] as readonly string[]).includes(pick);

/** The round's result from its randomness (server draw and verify view alike). */
export function drawZr(kind: ZrKind, fair: FairInput): ZrResult {
  return kind === 'baccarat' ? dealBaccarat(fair) : dealDragonTiger(fair);
}

/** What one bet returns per 100 fen staked against a result. */
export function returnPer100(pick: ZrPick, result: ZrResult): number {
  const R = RETURN_PER_100;
  if (result.kind === 'baccarat') {
    const w = result.winner;
    switch (pick) {
      case 'banker':
        return w === 'banker' ? R.bankerWin : w === 'tie' ? R.push : R.lose;
      case 'player':
        return w === 'player' ? R.playerWin : w === 'tie' ? R.push : R.lose;
      case 'tie':
        return w === 'tie' ? R.tieWin : R.lose;
      case 'banker-pair':
        return result.bankerPair ? R.pairWin : R.lose;
      case 'player-pair':
        return result.playerPair ? R.pairWin : R.lose;
      default:
        return R.lose;
    }
  }
  const w = result.winner;
  switch (pick) {
    case 'dragon':
    case 'tiger':
      return w === pick ? R.sideWin : w === 'tie' ? R.dragonTigerTieHalf : R.lose;
    case 'tie':
      return w === 'tie' ? R.tieWin : R.lose;
    case 'dragon-odd':
      return isOddRank(result.dragon) ? R.oddWin : R.lose;
    case 'dragon-even':
      return isOddRank(result.dragon) ? R.lose : R.evenWin;
    case 'tiger-odd':
      return isOddRank(result.tiger) ? R.oddWin : R.lose;
    case 'tiger-even':
      return isOddRank(result.tiger) ? R.lose : R.evenWin;
    default:
      return R.lose;
  }
}

/** The two opposite sides of a table (their bets hedge each other: issue 12 §3). */
const SIDES: Readonly<Record<ZrKind, readonly [ZrPick, ZrPick]>> = {
  baccarat: ['banker', 'player'],
  'dragon-tiger': ['dragon', 'tiger'],
};

/** Bets in the order placed: ids are increasing integers (as text), so shorter first, then by text. */
const byPlacement = (x: { id: string }, y: { id: string }) =>
  x.id.length - y.id.length || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);

export interface ZrBetIn {
  id: string;
  pick: ZrPick;
  /** fen, a multiple of ZR_STAKE_UNIT_FEN. */
  stake: number;
}
export interface ZrBetSettlement {
  /** fen back to the venue wallet (the stake included). */
  payout: number;
  /** The turnover the bet counts (fen). */
  validBet: number;
}

/**
 * Settles all of one member's bets of one round (issue 12 §3 "valid bet"): the payout by the pay table, and the
 * valid bet: the stake, except
 * - opposite bets (庄 and 闲, 龙 and 虎) count only their difference: the smaller side counts 0, and the larger
 *   side's bets, in the order placed (by id), give up the smaller side's total;
 * - a bet refunded on a tie (庄 / 闲 on a baccarat tie) counts 0;
 * - a 龙 / 虎 bet on a 龙虎 tie counts the half it lost.
 */
export function settleMemberBets(
  kind: ZrKind,
  result: ZrResult,
  bets: readonly ZrBetIn[],
): Map<string, ZrBetSettlement> {
  const [a, b] = SIDES[kind];
  const total = (pick: ZrPick) => bets.filter((x) => x.pick === pick).reduce((s, x) => s + x.stake, 0);
  const ta = total(a);
  const tb = total(b);
  const larger = ta > tb ? a : tb > ta ? b : null;
  let toGive = Math.min(ta, tb);
  const hedged = new Map<string, number>();
  const byId = [...bets].sort(byPlacement);
  for (const bet of byId) {
    if (bet.pick !== a && bet.pick !== b) continue;
    if (bet.pick !== larger) {
      hedged.set(bet.id, 0);
      continue;
    }
    const give = Math.min(bet.stake, toGive);
    toGive -= give;
    hedged.set(bet.id, bet.stake - give);
  }
  const out = new Map<string, ZrBetSettlement>();
  for (const bet of bets) {
    const r = returnPer100(bet.pick, result);
    const payout = (bet.stake * r) / 100;
    const counted = hedged.get(bet.id) ?? bet.stake;
    const validBet =
      r === RETURN_PER_100.push ? 0 : r === RETURN_PER_100.dragonTigerTieHalf ? counted / 2 : counted;
    out.set(bet.id, { payout, validBet });
  }
  return out;
}
