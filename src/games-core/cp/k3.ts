// 快三 (issue 12 §1 "Lottery (CP)"; docs/games-cp.md "快三"): three dice drawn from the period's committed seed.
// Every play, its picks, the odds and each pick's number of winning outcomes among the 216 equally likely rolls;
// tests/unit/games-core/cp/ counts the winners of every pick over all 216 rolls and checks each stated figure.
import type { FairInput } from '../fair.ts';
import { fairStream } from '../fair.ts';
import { cpWords } from '../../i18n/zh-CN-games-cp.ts';
import type { LotteryPlay } from './plays.ts';

export interface K3Result {
  /** The three dice in the order drawn (1–6 each). */
  dice: [number, number, number];
  sum: number;
}

/** 6³ equally likely rolls. */
export const K3_OUTCOMES = 216;

/** The draw: three times int(6) + 1 from the period's stream (client seed = the period's round id, nonce 0). */
export function drawK3(fair: FairInput): K3Result {
  const s = fairStream(fair);
  const dice: [number, number, number] = [s.int(6) + 1, s.int(6) + 1, s.int(6) + 1];
  return { dice, sum: dice[0] + dice[1] + dice[2] };
}

export const isTriple = (r: K3Result): boolean => r.dice[0] === r.dice[1] && r.dice[1] === r.dice[2];
const countOf = (r: K3Result, face: number): number => r.dice.filter((d) => d === face).length;

/** 大小 and 单双 (any triple loses): 1.98, 105 winning rolls of 216 each, RTP 96.25 %. */
export const K3_EVEN_MONEY_ODDS100 = 198;
/** The sum 和值 4–17 (3 and 18 are the triples 111 and 666: 三同号). */
export const K3_SUM_MIN = 4;
export const K3_SUM_MAX = 17;
/** 和值 odds by sum (hundredths) and how many of the 216 rolls make each sum. */
export const K3_SUM_TABLE: Readonly<Record<number, { odds100: number; ways: number; rtp: string }>> = {
  4: { odds100: 6900, ways: 3, rtp: '95.83%' },
  5: { odds100: 3450, ways: 6, rtp: '95.83%' },
  6: { odds100: 2070, ways: 10, rtp: '95.83%' },
  7: { odds100: 1380, ways: 15, rtp: '95.83%' },
  8: { odds100: 985, ways: 21, rtp: '95.76%' },
  9: { odds100: 828, ways: 25, rtp: '95.83%' },
  10: { odds100: 766, ways: 27, rtp: '95.75%' },
  11: { odds100: 766, ways: 27, rtp: '95.75%' },
  12: { odds100: 828, ways: 25, rtp: '95.83%' },
  13: { odds100: 985, ways: 21, rtp: '95.76%' },
  14: { odds100: 1380, ways: 15, rtp: '95.83%' },
  15: { odds100: 2070, ways: 10, rtp: '95.83%' },
  16: { odds100: 3450, ways: 6, rtp: '95.83%' },
  17: { odds100: 6900, ways: 3, rtp: '95.83%' },
};
/** 三同号单选 (one named triple): 207, 1 roll of 216, RTP 95.83 %. */
export const K3_TRIPLE_ODDS100 = 20_700;
/** 三同号通选 (any triple): 34.5, 6 rolls of 216, RTP 95.83 %. */
export const K3_ANY_TRIPLE_ODDS100 = 3_450;
/** 二同号复选 (at least two dice show the face; its triple counts): 13, 16 rolls of 216, RTP 96.30 %. */
export const K3_PAIR_ODDS100 = 1_300;
/** 二同号单选 (exactly the pair and the named other face, any order): 69, 3 rolls of 216, RTP 95.83 %. */
export const K3_PAIR_EXACT_ODDS100 = 6_900;

const FACES = [1, 2, 3, 4, 5, 6] as const;
const w = cpWords;

export const K3_PLAYS: readonly LotteryPlay<K3Result>[] = [
  {
    code: 'bs',
    name: w.plays.bs,
    picks: [
      {
        code: 'big',
        label: w.big,
        odds100: K3_EVEN_MONEY_ODDS100,
        ways: 105,
        rtp: '96.25%',
        wins: (r) => !isTriple(r) && r.sum >= 11,
      },
      {
        code: 'small',
        label: w.small,
        odds100: K3_EVEN_MONEY_ODDS100,
        ways: 105,
        rtp: '96.25%',
        wins: (r) => !isTriple(r) && r.sum <= 10,
      },
    ],
  },
  {
    code: 'oe',
    name: w.plays.oe,
    picks: [
      {
        code: 'odd',
        label: w.odd,
        odds100: K3_EVEN_MONEY_ODDS100,
        ways: 105,
        rtp: '96.25%',
        wins: (r) => !isTriple(r) && r.sum % 2 === 1,
      },
      {
        code: 'even',
        label: w.even,
        odds100: K3_EVEN_MONEY_ODDS100,
        ways: 105,
        rtp: '96.25%',
        wins: (r) => !isTriple(r) && r.sum % 2 === 0,
      },
    ],
  },
  {
    code: 'sum',
    name: w.plays.sum,
    picks: Object.entries(K3_SUM_TABLE).map(([sum, t]) => ({
      code: sum,
      label: sum,
      odds100: t.odds100,
      ways: t.ways,
      rtp: t.rtp,
      wins: (r: K3Result) => r.sum === Number(sum),
    })),
  },
  {
    code: 'triple',
    name: w.plays.triple,
    picks: [
      ...FACES.map((f) => ({
        code: `${f}${f}${f}`,
        label: `${f}${f}${f}`,
        odds100: K3_TRIPLE_ODDS100,
        ways: 1,
        rtp: '95.83%',
        wins: (r: K3Result) => isTriple(r) && r.dice[0] === f,
      })),
      {
        code: 'any',
        label: w.anyTriple,
        odds100: K3_ANY_TRIPLE_ODDS100,
        ways: 6,
        rtp: '95.83%',
        wins: isTriple,
      },
    ],
  },
  {
    code: 'pair',
    name: w.plays.pair,
    picks: FACES.map((f) => ({
      code: `${f}${f}`,
      label: `${f}${f}*`,
      odds100: K3_PAIR_ODDS100,
      ways: 16,
      rtp: '96.30%',
      wins: (r: K3Result) => countOf(r, f) >= 2,
    })),
  },
  {
    code: 'pair-exact',
    name: w.plays.pairExact,
    picks: FACES.flatMap((f) =>
      FACES.filter((o) => o !== f).map((o) => ({
        code: `${f}${f}${o}`,
        label: `${f}${f}+${o}`,
        odds100: K3_PAIR_EXACT_ODDS100,
        ways: 3,
        rtp: '95.83%',
        wins: (r: K3Result) => countOf(r, f) === 2 && countOf(r, o) === 1,
      })),
    ),
  },
];

/** Every roll, once (the exact computation of the odds' returns). */
export function* allK3(): Generator<K3Result> {
  for (const a of FACES)
    for (const b of FACES) for (const c of FACES) yield { dice: [a, b, c], sum: a + b + c };
}

export const isK3Result = (v: unknown): v is K3Result => {
  const r = v as K3Result | null;
  return (
    !!r &&
    Array.isArray(r.dice) &&
    r.dice.length === 3 &&
    r.dice.every((d) => Number.isInteger(d) && d >= 1 && d <= 6) &&
    r.sum === r.dice[0] + r.dice[1] + r.dice[2]
  );
};
