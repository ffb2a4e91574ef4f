// The live tables' engine (issue 12 §1 "Live casino": standard drawing rules, commission, ties and pairs; §2
// every stated RTP checked; §3 valid bet): the tableau, coups case by case, the pay table, the valid bet rules,
// and each stated return to player computed exactly over the 8-deck shoe.
import { describe, expect, it } from 'vitest';
import {
  bankerDraws,
  baccaratValue,
  dealBaccarat,
  handTotal,
  playCoup,
} from '../../../../src/games-core/zr/baccarat.ts';
import { dealOrder, rankOf, SHOE_SIZE } from '../../../../src/games-core/zr/cards.ts';
import { dealDragonTiger, judgeDragonTiger } from '../../../../src/games-core/zr/dragon-tiger.ts';
import { baccaratOdds, exactRtp } from '../../../../src/games-core/zr/exact.ts';
import type { returnPer100 } from '../../../../src/games-core/zr/table.ts';
import { drawZr, settleMemberBets, ZR_RTP, type ZrResult } from '../../../../src/games-core/zr/table.ts';

// Cards by rank (spades): A = 0, 2 = 1 … 9 = 8, 10 = 9, J = 10, Q = 11, K = 12; hearts + 13.
const c = (rank: number, suit = 0) => rank - 1 + 13 * suit;
const coup = (...ranks: number[]) => {
  let i = 0;
  return playCoup(() => {
    const r = ranks[i++];
    if (r === undefined) throw new Error('coup asked for a card the test did not give');
    return c(r, i % 4);
  });
};

describe('cards and totals', () => {
  it('values: A = 1, 2–9 their pips, 10 J Q K = 0; a total is the last digit', () => {
    expect([1, 2, 9, 10, 11, 12, 13].map((r) => baccaratValue(c(r)))).toEqual([1, 2, 9, 0, 0, 0, 0]);
    expect(handTotal([c(7), c(8)])).toBe(5);
    expect(handTotal([c(13), c(9), c(9)])).toBe(8);
  });
  it('the shoe is 8 decks (issue 12 §1) and a deal is a prefix of one shuffle', () => {
    expect(SHOE_SIZE).toBe(416);
    const fair = { serverSeed: 'a'.repeat(64), clientSeed: 'ZR:baccarat-1:1', nonce: 0 };
    expect(dealOrder(fair, 6).slice(0, 2)).toEqual(dealOrder(fair, 2));
    for (const card of dealOrder(fair, 50)) expect(card >= 0 && card < 52).toBe(true);
  });
});

describe('the banker tableau (standard third-card rules)', () => {
  // Rows: banker total 0–7; columns: player's third card value 0–9; 'D' draws, 'S' stands.
  const TABLEAU = [
    'DDDDDDDDDD', // 0
    'DDDDDDDDDD', // 1
    'DDDDDDDDDD', // 2
    'DDDDDDDDSD', // 3: stands on an 8
    'SSDDDDDDSS', // 4: draws on 2–7
    'SSSSDDDDSS', // 5: draws on 4–7
    'SSSSSSDDSS', // 6: draws on 6–7
    'SSSSSSSSSS', // 7
  ];
  it('matches the published tableau cell by cell', () => {
    TABLEAU.forEach((row, b) =>
      [...row].forEach((want, p3) => expect(bankerDraws(b, p3) ? 'D' : 'S', `b${b} p${p3}`).toBe(want)),
    );
  });
  it('when the player stood, the banker draws on 0–5 and stands on 6–7', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((b) => bankerDraws(b, null))).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('coups case by case', () => {
  it('a natural: both stand', () => {
    const r = coup(4, 10, 5, 7); // player 4+5 = 9, banker 0+7 = 7
    expect(r).toMatchObject({ natural: true, playerTotal: 9, bankerTotal: 7, winner: 'player' });
    expect(r.player).toHaveLength(2);
    expect(r.banker).toHaveLength(2);
  });
  it('player 6 stands; banker 5 draws', () => {
    const r = coup(3, 2, 3, 3, 13); // player 6, banker 5 → draws a K: 5
    expect(r).toMatchObject({ playerTotal: 6, bankerTotal: 5, winner: 'player' });
    expect(r.banker).toHaveLength(3);
  });
  it('player draws, banker 3 stands on a player 8', () => {
    const r = coup(2, 1, 2, 2, 8); // player 4 → draws 8: 2; banker 3 stands
    expect(r).toMatchObject({ playerTotal: 2, bankerTotal: 3, winner: 'banker' });
    expect(r.banker).toHaveLength(2);
  });
  it('banker 6 draws on a player 6 or 7; a tie', () => {
    const r = coup(1, 3, 1, 3, 6, 10); // player 2 → 6: 8; banker 6 draws 10: 6
    expect(r).toMatchObject({ playerTotal: 8, bankerTotal: 6, winner: 'player' });
    const t = coup(10, 10, 13, 13, 5, 5); // player 0 → 5; banker 0 → 5: tie
    expect(t).toMatchObject({ winner: 'tie', playerTotal: 5, bankerTotal: 5 });
  });
  it('pairs are two first cards of one rank (10 and K are not a pair)', () => {
    expect(coup(4, 12, 4, 12, 3)).toMatchObject({ playerPair: true, bankerPair: true });
    expect(coup(10, 8, 13, 1)).toMatchObject({ playerPair: false, bankerPair: false });
  });
  it('龙虎: the higher rank wins, A lowest, K highest, equal ranks tie whatever the suits', () => {
    expect(judgeDragonTiger(c(13), c(1)).winner).toBe('dragon');
    expect(judgeDragonTiger(c(1), c(2)).winner).toBe('tiger');
    expect(judgeDragonTiger(c(9, 0), c(9, 3)).winner).toBe('tie');
  });
  it('a round is the same from the same seed, and drawZr is the deal of its kind', () => {
    const fair = { serverSeed: 'b'.repeat(64), clientSeed: 'DGZR:baccarat-2:7', nonce: 0 };
    expect(drawZr('baccarat', fair)).toEqual(dealBaccarat(fair));
    expect(drawZr('dragon-tiger', fair)).toEqual(dealDragonTiger(fair));
    const [d, t] = dealOrder(fair, 2);
    expect(rankOf(dealDragonTiger(fair).dragon)).toBe(rankOf(d!));
    expect(dealDragonTiger(fair).tiger).toBe(t);
  });
});

const bac = (winner: 'banker' | 'player' | 'tie', bankerPair = false, playerPair = false): ZrResult => ({
  kind: 'baccarat',
  player: [],
  banker: [],
  playerTotal: 0,
  bankerTotal: 0,
  winner,
  bankerPair,
  playerPair,
  natural: false,
});
const dt = (winner: 'dragon' | 'tiger' | 'tie'): ZrResult => ({
  kind: 'dragon-tiger',
  dragon: 0,
  tiger: 0,
  winner,
});

describe('the pay table (issue 12 §1: 庄 0.95:1, 闲 1:1, 和 8:1, pairs 11:1; 龙/虎 1:1, lose half on a tie)', () => {
  const pay = (pick: Parameters<typeof returnPer100>[0], r: ZrResult, stake = 10_000) =>
    settleMemberBets(r.kind, r, [{ id: '1', pick, stake }]).get('1')!;
  it('baccarat', () => {
    expect(pay('banker', bac('banker'))).toEqual({ payout: 19_500, validBet: 10_000 });
    expect(pay('banker', bac('player'))).toEqual({ payout: 0, validBet: 10_000 });
    expect(pay('banker', bac('tie'))).toEqual({ payout: 10_000, validBet: 0 });
    expect(pay('player', bac('player'))).toEqual({ payout: 20_000, validBet: 10_000 });
    expect(pay('player', bac('tie'))).toEqual({ payout: 10_000, validBet: 0 });
    expect(pay('tie', bac('tie'))).toEqual({ payout: 90_000, validBet: 10_000 });
    expect(pay('tie', bac('banker'))).toEqual({ payout: 0, validBet: 10_000 });
    expect(pay('banker-pair', bac('player', true))).toEqual({ payout: 120_000, validBet: 10_000 });
    expect(pay('player-pair', bac('player', true))).toEqual({ payout: 0, validBet: 10_000 });
    expect(pay('player-pair', bac('tie', false, true))).toEqual({ payout: 120_000, validBet: 10_000 });
  });
  it('龙虎', () => {
    expect(pay('dragon', dt('dragon'))).toEqual({ payout: 20_000, validBet: 10_000 });
    expect(pay('tiger', dt('dragon'))).toEqual({ payout: 0, validBet: 10_000 });
    expect(pay('tiger', dt('tie'))).toEqual({ payout: 5_000, validBet: 5_000 });
    expect(pay('tie', dt('tie'))).toEqual({ payout: 90_000, validBet: 10_000 });
  });
  it('龙单/龙双/虎单/虎双: odd A 3 5 7 9 J K pays 0.75:1, even 2 4 6 8 10 Q pays 1.05:1, whatever the winner', () => {
    const cards = (dragon: number, tiger: number): ZrResult => ({ ...judgeDragonTiger(c(dragon), c(tiger)) });
    expect(pay('dragon-odd', cards(7, 7))).toEqual({ payout: 17_500, validBet: 10_000 });
    expect(pay('dragon-odd', cards(13, 2))).toEqual({ payout: 17_500, validBet: 10_000 });
    expect(pay('dragon-even', cards(13, 2))).toEqual({ payout: 0, validBet: 10_000 });
    expect(pay('tiger-even', cards(13, 2))).toEqual({ payout: 20_500, validBet: 10_000 });
    expect(pay('tiger-odd', cards(1, 12))).toEqual({ payout: 0, validBet: 10_000 });
    expect(pay('dragon-even', cards(10, 12))).toEqual({ payout: 20_500, validBet: 10_000 });
  });
});

describe('valid bet (issue 12 §3: a refunding tie counts nothing; opposite bets count only the difference)', () => {
  it('庄 300 and 闲 100 of one member count 200, on the 庄 side, in the order placed', () => {
    const s = settleMemberBets('baccarat', bac('player'), [
      { id: '9', pick: 'banker', stake: 10_000 },
      { id: '10', pick: 'banker', stake: 20_000 },
      { id: '11', pick: 'player', stake: 10_000 },
      { id: '12', pick: 'tie', stake: 5_000 },
    ]);
    expect(s.get('9')).toEqual({ payout: 0, validBet: 0 });
    expect(s.get('10')).toEqual({ payout: 0, validBet: 20_000 });
    expect(s.get('11')).toEqual({ payout: 20_000, validBet: 0 });
    expect(s.get('12')).toEqual({ payout: 0, validBet: 5_000 });
  });
  it('equal opposite bets count nothing; on a tie nothing either', () => {
    const bets = [
      { id: '1', pick: 'banker' as const, stake: 10_000 },
      { id: '2', pick: 'player' as const, stake: 10_000 },
    ];
    for (const r of [bac('banker'), bac('tie')]) {
      const s = settleMemberBets('baccarat', r, bets);
      expect([...s.values()].reduce((t, x) => t + x.validBet, 0)).toBe(0);
    }
  });
  it('龙 500 and 虎 200 on a tie: each loses half, the valid bet is half the difference', () => {
    const s = settleMemberBets('dragon-tiger', dt('tie'), [
      { id: '1', pick: 'dragon', stake: 50_000 },
      { id: '2', pick: 'tiger', stake: 20_000 },
    ]);
    expect(s.get('1')).toEqual({ payout: 25_000, validBet: 15_000 });
    expect(s.get('2')).toEqual({ payout: 10_000, validBet: 0 });
  });
});

describe('return to player, exact over the 8-deck shoe (issue 12 §2; the stated figures)', () => {
  const exact = exactRtp();
  it('baccarat: banker 98.94 %, player 98.76 %, tie 85.64 % at 8:1 (issue 12 brief), pairs 89.64 %', () => {
    const odds = baccaratOdds();
    expect(odds.banker + odds.player + odds.tie).toBeCloseTo(1, 10);
    // The published 8-deck probabilities (Wizard of Odds): 0.458597, 0.446247, 0.095156.
    expect(odds.banker).toBeCloseTo(0.458597, 6);
    expect(odds.player).toBeCloseTo(0.446247, 6);
    expect(odds.tie).toBeCloseTo(0.095156, 6);
    expect(ZR_RTP.baccarat).toEqual({
      banker: 98.94,
      player: 98.76,
      tie: 85.64,
      'banker-pair': 89.64,
      'player-pair': 89.64,
    });
    for (const [pick, stated] of Object.entries(ZR_RTP.baccarat))
      expect(Math.round(exact.baccarat[pick as 'banker']! * 100) / 100, pick).toBe(stated);
  });
  it('龙虎: 龙/虎 96.27 % (half lost on a tie), 和 67.23 % at 8:1, 单 94.23 %, 双 94.62 %', () => {
    expect(ZR_RTP['dragon-tiger']).toEqual({
      dragon: 96.27,
      tiger: 96.27,
      tie: 67.23,
      'dragon-odd': 94.23,
      'dragon-even': 94.62,
      'tiger-odd': 94.23,
      'tiger-even': 94.62,
    });
    for (const [pick, stated] of Object.entries(ZR_RTP['dragon-tiger']))
      expect(Math.round(exact['dragon-tiger'][pick as 'dragon']! * 100) / 100, pick).toBe(stated);
  });
  it('the deal function agrees with the enumeration (1,000 seeded rounds, 5 σ)', { timeout: 60_000 }, () => {
    const odds = baccaratOdds();
    const n = 1_000;
    const seen = { banker: 0, player: 0, tie: 0 };
    for (let i = 0; i < n; i++)
      seen[dealBaccarat({ serverSeed: 'c'.repeat(64), clientSeed: `sim:${i}`, nonce: 0 }).winner] += 1;
    for (const k of ['banker', 'player', 'tie'] as const) {
      const sd = Math.sqrt((odds[k] * (1 - odds[k])) / n);
      expect(Math.abs(seen[k] / n - odds[k]), k).toBeLessThan(5 * sd);
    }
  });
});
