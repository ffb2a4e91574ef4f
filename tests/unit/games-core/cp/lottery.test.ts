// The lottery engines (issue 12 §1 "Lottery (CP)", §2 "a test checks every stated figure"): every pick's stated
// winning outcomes and return to player counted EXACTLY over all 216 rolls of 快三 and all 100 000 draws of 时时彩,
// the rules of each play case by case, the draw from the committed seed, and the period numbers.
import { describe, expect, it } from 'vitest';
import { fairStream } from '../../../../src/games-core/fair.ts';
import { drawK3, K3_PLAYS, type K3Result } from '../../../../src/games-core/cp/k3.ts';
import {
  engineOf,
  LOTTERY_MAX_STAKE,
  LOTTERY_MIN_STAKE,
  payoutOf,
  pickOf,
  settlePick,
  type LotteryEngine,
  type LotteryResult,
} from '../../../../src/games-core/cp/plays.ts';
import {
  LOTTERY_EPOCH_MS,
  LOTTERY_SCHEDULES,
  periodClosesAt,
  periodLabel,
  periodNoAt,
  periodOpensAt,
} from '../../../../src/games-core/cp/periods.ts';
import { drawSsc, type SscResult } from '../../../../src/games-core/cp/ssc.ts';
import { ROUND_EPOCH_MS } from '../../../../server/modules/casino/rounds.ts';

const k3 = (a: number, b: number, c: number): K3Result => ({ dice: [a, b, c], sum: a + b + c });
const ssc = (...d: number[]): SscResult => ({
  digits: d as SscResult['digits'],
  sum: d.reduce((x, y) => x + y, 0),
});

/** The exact RTP of a pick as a percentage with two decimals, from integers only. */
function exactRtp(ways: number, odds100: number, outcomes: number): string {
  // ways × odds100 / (outcomes × 100) × 100 % = ways × odds100 / outcomes %, rounded half up to 2 decimals.
  const num = ways * odds100 * 100;
  const hundredths = Math.floor((2 * num + outcomes) / (2 * outcomes));
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}%`;
}

function checkStatedFigures(engine: LotteryEngine<LotteryResult>, outcomes: number) {
  const counts = new Map<string, number>();
  let total = 0;
  for (const r of engine.all()) {
    total += 1;
    for (const play of engine.plays)
      for (const pick of play.picks)
        if (pick.wins(r))
          counts.set(`${play.code}/${pick.code}`, (counts.get(`${play.code}/${pick.code}`) ?? 0) + 1);
  }
  expect(total).toBe(outcomes);
  expect(engine.outcomes).toBe(outcomes);
  for (const play of engine.plays)
    for (const pick of play.picks) {
      const ways = counts.get(`${play.code}/${pick.code}`) ?? 0;
      expect(ways, `${play.code}/${pick.code} ways`).toBe(pick.ways);
      expect(exactRtp(ways, pick.odds100, outcomes), `${play.code}/${pick.code} rtp`).toBe(pick.rtp);
      // Every pick returns less than the stake on average (the house edge) and no odds pay below the stake.
      expect(ways * pick.odds100).toBeLessThan(outcomes * 100);
      expect(pick.odds100).toBeGreaterThan(100);
    }
}

describe('快三: every stated figure over the 216 rolls (issue 12 §2)', () => {
  it('each pick wins on its stated number of rolls and returns its stated RTP', () => {
    checkStatedFigures(engineOf('k3'), 216);
  });
  it('the plays issue 12 asks for are there: 大小, 单双, 和值 4–17, 三同号 (each and any), 二同号', () => {
    const codes = Object.fromEntries(K3_PLAYS.map((p) => [p.code, p.picks.map((k) => k.code)]));
    expect(codes['bs']).toEqual(['big', 'small']);
    expect(codes['oe']).toEqual(['odd', 'even']);
    expect(codes['sum']).toEqual([
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
      '13',
      '14',
      '15',
      '16',
      '17',
    ]);
    expect(codes['triple']).toEqual(['111', '222', '333', '444', '555', '666', 'any']);
    expect(codes['pair']).toEqual(['11', '22', '33', '44', '55', '66']);
    expect(codes['pair-exact']).toHaveLength(30);
  });
  it('大小: 11–17 big, 4–10 small, a triple loses both (444 sums 12, 333 sums 9)', () => {
    const big = (r: K3Result) => settlePick('k3', 'bs', 'big', 100, r);
    const small = (r: K3Result) => settlePick('k3', 'bs', 'small', 100, r);
    expect(big(k3(5, 5, 1))).toEqual({ win: true, payout: 198 });
    expect(big(k3(6, 5, 6))).toEqual({ win: true, payout: 198 });
    expect(big(k3(4, 4, 2)).win).toBe(false);
    expect(small(k3(4, 4, 2))).toEqual({ win: true, payout: 198 });
    expect(small(k3(1, 1, 2)).win).toBe(true);
    expect(big(k3(4, 4, 4)).win).toBe(false);
    expect(small(k3(3, 3, 3)).win).toBe(false);
    expect(big(k3(6, 6, 6)).win).toBe(false);
  });
  it('单双: by the sum, a triple loses both', () => {
    expect(settlePick('k3', 'oe', 'odd', 1000, k3(1, 2, 4)).payout).toBe(1980);
    expect(settlePick('k3', 'oe', 'even', 1000, k3(1, 2, 4)).payout).toBe(0);
    expect(settlePick('k3', 'oe', 'even', 1000, k3(2, 2, 2)).payout).toBe(0);
    expect(settlePick('k3', 'oe', 'odd', 1000, k3(5, 5, 5)).payout).toBe(0);
  });
  it('和值 pays its odds on the exact sum', () => {
    expect(settlePick('k3', 'sum', '4', 100, k3(1, 1, 2)).payout).toBe(6900);
    expect(settlePick('k3', 'sum', '10', 200, k3(3, 3, 4)).payout).toBe(1532);
    expect(settlePick('k3', 'sum', '10', 200, k3(3, 3, 5)).payout).toBe(0);
    expect(pickOf('k3', 'sum', '3')).toBeNull();
    expect(pickOf('k3', 'sum', '18')).toBeNull();
  });
  it('三同号: the named triple 207, any triple 34.5', () => {
    expect(settlePick('k3', 'triple', '333', 100, k3(3, 3, 3)).payout).toBe(20_700);
    expect(settlePick('k3', 'triple', '333', 100, k3(3, 3, 4)).payout).toBe(0);
    expect(settlePick('k3', 'triple', '222', 100, k3(3, 3, 3)).payout).toBe(0);
    expect(settlePick('k3', 'triple', 'any', 100, k3(6, 6, 6)).payout).toBe(3_450);
    expect(settlePick('k3', 'triple', 'any', 100, k3(6, 6, 5)).payout).toBe(0);
  });
  it('二同号: 复选 wins on two or three of the face, 单选 on the exact pair and other face in any order', () => {
    expect(settlePick('k3', 'pair', '55', 100, k3(5, 2, 5)).payout).toBe(1_300);
    expect(settlePick('k3', 'pair', '55', 100, k3(5, 5, 5)).payout).toBe(1_300);
    expect(settlePick('k3', 'pair', '55', 100, k3(5, 2, 3)).payout).toBe(0);
    expect(settlePick('k3', 'pair-exact', '552', 100, k3(2, 5, 5)).payout).toBe(6_900);
    expect(settlePick('k3', 'pair-exact', '552', 100, k3(5, 5, 5)).payout).toBe(0);
    expect(settlePick('k3', 'pair-exact', '552', 100, k3(5, 5, 3)).payout).toBe(0);
    expect(pickOf('k3', 'pair-exact', '555')).toBeNull();
  });
});

describe('时时彩: every stated figure over the 100 000 draws (issue 12 §2)', () => {
  it('each pick wins on its stated number of draws and returns its stated RTP', () => {
    checkStatedFigures(engineOf('ssc'), 100_000);
  });
  it('总和大小: the sum 0–45 splits at 23 into two halves of 50 000 draws', () => {
    let big = 0;
    for (const r of engineOf('ssc').all()) if (r.sum >= 23) big += 1;
    expect(big).toBe(50_000);
    expect(settlePick('ssc', 'total', 'big', 100, ssc(9, 9, 5, 0, 0)).payout).toBe(194);
    expect(settlePick('ssc', 'total', 'small', 100, ssc(9, 9, 4, 0, 0)).payout).toBe(194);
    expect(settlePick('ssc', 'total', 'big', 100, ssc(9, 9, 4, 0, 0)).payout).toBe(0);
    expect(settlePick('ssc', 'total', 'odd', 100, ssc(1, 0, 0, 0, 0)).payout).toBe(194);
    expect(settlePick('ssc', 'total', 'even', 100, ssc(0, 0, 0, 0, 0)).payout).toBe(194);
  });
  it('per position: 5–9 big, 0–4 small, odd/even by the digit; 定位胆 one digit in ten at 9.7', () => {
    const r = ssc(5, 4, 0, 9, 3);
    expect(settlePick('ssc', 'position', '1:big', 100, r).win).toBe(true);
    expect(settlePick('ssc', 'position', '2:big', 100, r).win).toBe(false);
    expect(settlePick('ssc', 'position', '2:small', 100, r).win).toBe(true);
    expect(settlePick('ssc', 'position', '3:even', 100, r).win).toBe(true);
    expect(settlePick('ssc', 'position', '4:odd', 100, r).win).toBe(true);
    expect(settlePick('ssc', 'position', '5:odd', 300, r).payout).toBe(582);
    expect(settlePick('ssc', 'digit', '4:9', 100, r).payout).toBe(970);
    expect(settlePick('ssc', 'digit', '4:8', 100, r).payout).toBe(0);
    expect(settlePick('ssc', 'digit', '1:5', 500, r).payout).toBe(4_850);
    expect(pickOf('ssc', 'digit', '6:1')).toBeNull();
    expect(pickOf('ssc', 'position', '1:9')).toBeNull();
  });
});

describe('the draw and the money', () => {
  const fair = { serverSeed: 'a'.repeat(64), clientSeed: 'SYCP:k3:12345', nonce: 0 };
  it('快三 is three int(6) + 1 of the committed stream; 时时彩 five int(10)', () => {
    const s = fairStream(fair);
    expect(drawK3(fair)).toEqual(k3(s.int(6) + 1, s.int(6) + 1, s.int(6) + 1));
    const t = fairStream(fair);
    expect(drawSsc(fair).digits).toEqual([t.int(10), t.int(10), t.int(10), t.int(10), t.int(10)]);
    expect(drawK3(fair)).toEqual(drawK3(fair));
    expect(drawK3({ ...fair, clientSeed: 'SYCP:k3:12346' })).not.toEqual(drawK3(fair));
  });
  it('the draws are valid results', () => {
    for (let i = 0; i < 200; i++) {
      const f = { ...fair, clientSeed: `x:${i}` };
      expect(engineOf('k3').isResult(drawK3(f))).toBe(true);
      expect(engineOf('ssc').isResult(drawSsc(f))).toBe(true);
    }
    expect(engineOf('k3').isResult({ dice: [0, 1, 2], sum: 3 })).toBe(false);
    expect(engineOf('ssc').isResult({ digits: [1, 2, 3], sum: 6 })).toBe(false);
  });
  it('stakes are whole 元 from 1 to 10 000: every payout is whole fen', () => {
    expect(LOTTERY_MIN_STAKE).toBe(100);
    expect(LOTTERY_MAX_STAKE).toBe(1_000_000);
    expect(payoutOf(LOTTERY_MAX_STAKE, 20_700)).toBe(207_000_000);
    expect(payoutOf(700, 766)).toBe(5_362);
  });
});

describe('the periods (docs/games-cp.md "Periods")', () => {
  it('share the rounds’ epoch: China midnight of 2026-01-01', () => {
    expect(LOTTERY_EPOCH_MS).toBe(ROUND_EPOCH_MS);
    expect(new Date(LOTTERY_EPOCH_MS).toISOString()).toBe('2025-12-31T16:00:00.000Z');
  });
  it('快三: a period a minute, betting for the first 50 s; 时时彩: five minutes, betting 280 s', () => {
    expect(LOTTERY_SCHEDULES.k3).toEqual({ periodMs: 60_000, bettingMs: 50_000 });
    expect(LOTTERY_SCHEDULES.ssc).toEqual({ periodMs: 300_000, bettingMs: 280_000 });
  });
  it('are numbered by the China day and the index in it (e.g. 20261126-0123)', () => {
    const s = LOTTERY_SCHEDULES.k3;
    // 2026-11-26 02:02 China time = 2026-11-25 18:02 UTC: the 123rd minute of the China day.
    const t = Date.UTC(2026, 10, 25, 18, 2, 30);
    const no = periodNoAt(s, t);
    expect(periodLabel('k3', no)).toBe('20261126-0123');
    expect(new Date(periodOpensAt(s, no)).toISOString()).toBe('2026-11-25T18:02:00.000Z');
    expect(new Date(periodClosesAt(s, no)).toISOString()).toBe('2026-11-25T18:02:50.000Z');
    // The first and last of a China day.
    expect(periodLabel('k3', periodNoAt(s, Date.UTC(2026, 10, 25, 16, 0, 0)))).toBe('20261126-0001');
    expect(periodLabel('k3', periodNoAt(s, Date.UTC(2026, 10, 26, 15, 59, 59)))).toBe('20261126-1440');
    const f = LOTTERY_SCHEDULES.ssc;
    expect(periodLabel('ssc', periodNoAt(f, Date.UTC(2026, 10, 25, 16, 0, 0)))).toBe('20261126-001');
    expect(periodLabel('ssc', periodNoAt(f, Date.UTC(2026, 10, 25, 18, 2, 0)))).toBe('20261126-025');
    expect(periodLabel('ssc', periodNoAt(f, Date.UTC(2026, 10, 26, 15, 59, 0)))).toBe('20261126-288');
  });
});
