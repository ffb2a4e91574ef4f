// The lotteries' plays in common (issue 12 §1 "Lottery (CP)"; docs/games-cp.md): a play (大小, 和值, 定位胆…) offers
// picks, each with its odds (in hundredths: the payout per 1 元 staked, the stake included), the number of the
// draw's equally likely outcomes it wins on, and its return to player (ways × odds ÷ outcomes) as the rules
// state it. Pure: the server settles with it and the page shows and verifies with it.
import type { FairInput } from '../fair.ts';
import { K3_OUTCOMES, K3_PLAYS, allK3, drawK3, isK3Result, type K3Result } from './k3.ts';
import type { LotteryKind } from './periods.ts';
import { SSC_OUTCOMES, SSC_PLAYS, allSsc, drawSsc, isSscResult, type SscResult } from './ssc.ts';

export interface LotteryPick<R> {
  /** The wire's pick code within its play ('big', '10', '111', '3:7'). */
  code: string;
  /** What the player reads (大, 10, 111, 百位 7). */
  label: string;
  /** The payout per 100 fen staked, the stake included (198 = 1.98). */
  odds100: number;
  /** Stated: how many of the draw's equally likely outcomes this pick wins on. */
  ways: number;
  /** Stated: the return to player, ways × odds ÷ outcomes, as a percentage with two decimals. */
  rtp: string;
  wins(result: R): boolean;
}

export interface LotteryPlay<R> {
  code: string;
  name: string;
  picks: readonly LotteryPick<R>[];
}

export type LotteryResult = K3Result | SscResult;

export interface LotteryEngine<R> {
  kind: LotteryKind;
  /** How many equally likely outcomes a draw has. */
  outcomes: number;
  draw(fair: FairInput): R;
  plays: readonly LotteryPlay<R>[];
  /** Every outcome once. */
  all(): Iterable<R>;
  isResult(v: unknown): v is R;
}

export const K3_ENGINE: LotteryEngine<K3Result> = {
  kind: 'k3',
  outcomes: K3_OUTCOMES,
  draw: drawK3,
  plays: K3_PLAYS,
  all: allK3,
  isResult: isK3Result,
};
export const SSC_ENGINE: LotteryEngine<SscResult> = {
  kind: 'ssc',
  outcomes: SSC_OUTCOMES,
  draw: drawSsc,
  plays: SSC_PLAYS,
  all: allSsc,
  isResult: isSscResult,
};

export function engineOf(kind: 'k3'): LotteryEngine<K3Result>;
export function engineOf(kind: 'ssc'): LotteryEngine<SscResult>;
export function engineOf(kind: LotteryKind): LotteryEngine<LotteryResult>;
export function engineOf(kind: LotteryKind): LotteryEngine<LotteryResult> {
  return (kind === 'k3' ? K3_ENGINE : SSC_ENGINE) as LotteryEngine<LotteryResult>;
}

/** The smallest ticket: 1 元 per pick; stakes are whole 元 (so every payout is a whole number of fen). */
export const LOTTERY_MIN_STAKE = 100;
/** The largest stake of one pick: 10 000 元. */
export const LOTTERY_MAX_STAKE = 1_000_000;
export const LOTTERY_STAKE_STEP = 100;
/** At most this many picks in one ticket (the 50 picks of 定位胆 fit). */
export const LOTTERY_MAX_PICKS = 50;

/** The play and pick of a kind, or null when the lottery has no such play or pick. */
export function pickOf(
  kind: LotteryKind,
  play: string,
  pick: string,
): { play: LotteryPlay<LotteryResult>; pick: LotteryPick<LotteryResult> } | null {
  const p = engineOf(kind).plays.find((x) => x.code === play);
  const k = p?.picks.find((x) => x.code === pick);
  return p && k ? { play: p, pick: k } : null;
}

/** What a winning pick pays for a stake (fen, the stake included): stake × odds, whole fen for whole 元. */
export const payoutOf = (stake: number, odds100: number): number => Math.floor((stake * odds100) / 100);

/** A ticket's pick settled against the draw: the payout (0 when it loses). */
export function settlePick(
  kind: LotteryKind,
  play: string,
  pick: string,
  stake: number,
  result: LotteryResult,
): { win: boolean; payout: number } {
  const found = pickOf(kind, play, pick);
  if (!found) throw new Error(`unknown pick ${kind}/${play}/${pick}`);
  const win = found.pick.wins(result);
  return { win, payout: win ? payoutOf(stake, found.pick.odds100) : 0 };
}

/** The draw in words: 快三 "3 5 5 · 和值 13", 时时彩 "1 2 3 4 5 · 总和 15". */
export function resultDigits(result: LotteryResult): number[] {
  return 'dice' in result ? [...result.dice] : [...result.digits];
}
