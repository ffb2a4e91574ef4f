// 时时彩 (issue 12 §1 "Lottery (CP)"; docs/games-cp.md "时时彩"): five digits 0–9 (万 千 百 十 个) drawn from the
// period's committed seed. Every play, its picks, the odds and each pick's number of winning outcomes among the
// 100 000 equally likely draws; tests/unit/games-core/cp/ counts them over all 100 000 draws.
import type { FairInput } from '../fair.ts';
import { fairStream } from '../fair.ts';
import { cpWords } from '../../i18n/zh-CN-games-cp.ts';
import type { LotteryPlay } from './plays.ts';

export interface SscResult {
  /** 万 千 百 十 个, 0–9 each, in that order. */
  digits: [number, number, number, number, number];
  sum: number;
}

/** 10⁵ equally likely draws. */
export const SSC_OUTCOMES = 100_000;
export const SSC_POSITIONS = 5;

/** The draw: five times int(10) from the period's stream (client seed = the period's round id, nonce 0). */
export function drawSsc(fair: FairInput): SscResult {
  const s = fairStream(fair);
  const digits = [s.int(10), s.int(10), s.int(10), s.int(10), s.int(10)] as SscResult['digits'];
  return { digits, sum: digits.reduce((a, b) => a + b, 0) };
}

/** 总和大小: the sum of the five digits (0–45) is 大 from 23, 小 up to 22: exactly half of the draws each. */
export const SSC_TOTAL_BIG_FROM = 23;
/** A position's digit is 大 from 5 (5–9), 小 up to 4 (0–4). */
export const SSC_DIGIT_BIG_FROM = 5;
/** 总和大小单双 and each position's 大小单双: 1.94, 50 000 of 100 000 draws, RTP 97.00 %. */
export const SSC_EVEN_MONEY_ODDS100 = 194;
/** 定位胆 (a digit at a position, 1 in 10): 9.7, 10 000 of 100 000 draws, RTP 97.00 %. */
export const SSC_DIGIT_ODDS100 = 970;

const w = cpWords;
type Side = 'big' | 'small' | 'odd' | 'even';
const SIDES: readonly Side[] = ['big', 'small', 'odd', 'even'];
const sideWins = (side: Side, v: number, bigFrom: number): boolean =>
  side === 'big' ? v >= bigFrom : side === 'small' ? v < bigFrom : side === 'odd' ? v % 2 === 1 : v % 2 === 0;
const POSITIONS = [0, 1, 2, 3, 4] as const;

export const SSC_PLAYS: readonly LotteryPlay<SscResult>[] = [
  {
    code: 'total',
    name: w.plays.total,
    picks: SIDES.map((side) => ({
      code: side,
      label: w[side],
      odds100: SSC_EVEN_MONEY_ODDS100,
      ways: 50_000,
      rtp: '97.00%',
      wins: (r: SscResult) => sideWins(side, r.sum, SSC_TOTAL_BIG_FROM),
    })),
  },
  {
    code: 'position',
    name: w.plays.position,
    picks: POSITIONS.flatMap((p) =>
      SIDES.map((side) => ({
        code: `${p + 1}:${side}`,
        label: `${w.positions[p]} ${w[side]}`,
        odds100: SSC_EVEN_MONEY_ODDS100,
        ways: 50_000,
        rtp: '97.00%',
        wins: (r: SscResult) => sideWins(side, r.digits[p], SSC_DIGIT_BIG_FROM),
      })),
    ),
  },
  {
    code: 'digit',
    name: w.plays.digit,
    picks: POSITIONS.flatMap((p) =>
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => ({
        code: `${p + 1}:${d}`,
        label: `${w.positions[p]} ${d}`,
        odds100: SSC_DIGIT_ODDS100,
        ways: 10_000,
        rtp: '97.00%',
        wins: (r: SscResult) => r.digits[p] === d,
      })),
    ),
  },
];

/** Every draw, once (the exact computation of the odds' returns). */
export function* allSsc(): Generator<SscResult> {
  for (let n = 0; n < SSC_OUTCOMES; n++) {
    const digits = [
      Math.floor(n / 10_000) % 10,
      Math.floor(n / 1_000) % 10,
      Math.floor(n / 100) % 10,
      Math.floor(n / 10) % 10,
      n % 10,
    ] as SscResult['digits'];
    yield { digits, sum: digits.reduce((a, b) => a + b, 0) };
  }
}

export const isSscResult = (v: unknown): v is SscResult => {
  const r = v as SscResult | null;
  return (
    !!r &&
    Array.isArray(r.digits) &&
    r.digits.length === SSC_POSITIONS &&
    r.digits.every((d) => Number.isInteger(d) && d >= 0 && d <= 9) &&
    r.sum === r.digits.reduce((a, b) => a + b, 0)
  );
};
