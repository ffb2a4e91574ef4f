// The road maps (issue 12 §1 "the road maps (大路, 珠盘路)"): pure functions of the drawn history.
import { describe, expect, it } from 'vitest';
import {
  beadPlate,
  bigRoad,
  roadEntryOf,
  type RoadEntry,
  type RoadWinner,
} from '../../../../src/games-core/zr/roads.ts';

const seq = (s: string): RoadEntry[] =>
  [...s].map((ch, i) => ({
    no: i + 1,
    winner: ({ B: 'banker', P: 'player', T: 'tie', D: 'dragon', G: 'tiger' } as Record<string, RoadWinner>)[
      ch
    ]!,
    bankerPair: false,
    playerPair: false,
  }));
const at = (r: ReturnType<typeof bigRoad>) =>
  r.cells.map((c) => `${c.winner[0]}${c.col}${c.row}${c.ties ? `+${c.ties}` : ''}`);

describe('珠盘路 (bead plate)', () => {
  it('every round, ties included, six to a column, top to bottom', () => {
    const r = beadPlate(seq('BPTBBBPP'));
    expect(r.cols).toBe(2);
    expect(r.cells.map((c) => [c.col, c.row])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
      [0, 4],
      [0, 5],
      [1, 0],
      [1, 1],
    ]);
    expect(r.cells[2]!.winner).toBe('tie');
    expect(beadPlate([]).cols).toBe(0);
  });
});

describe('大路 (big road)', () => {
  it('a column per streak; ties are marks on the cell before', () => {
    const r = bigRoad(seq('BBPTTPB'));
    expect(at(r)).toEqual(['b00', 'b01', 'p10+2', 'p11', 'b20']);
    expect(r.cols).toBe(3);
  });
  it('ties before the first cell are counted on it', () => {
    expect(at(bigRoad(seq('TTP')))).toEqual(['p00+2']);
  });
  it('a streak longer than six turns right along the bottom (dragon tail), the next streak starts in the next column', () => {
    const r = bigRoad(seq('BBBBBBBBP'));
    expect(at(r)).toEqual(['b00', 'b01', 'b02', 'b03', 'b04', 'b05', 'b15', 'b25', 'p10']);
    expect(r.cols).toBe(3);
  });
  it('a streak blocked by a tail turns right early', () => {
    // 8 B (tail to col 2 row 5), then P ×6 in column 1: rows 0–4, then row 5 is taken → turns right at row 4.
    const r = bigRoad(seq('BBBBBBBBPPPPPP'));
    expect(at(r).slice(8)).toEqual(['p10', 'p11', 'p12', 'p13', 'p14', 'p24']);
  });
  it('龙虎 entries have no pairs', () => {
    expect(roadEntryOf(3, { kind: 'dragon-tiger', dragon: 1, tiger: 2, winner: 'tiger' })).toEqual({
      no: 3,
      winner: 'tiger',
      bankerPair: false,
      playerPair: false,
    });
    expect(at(bigRoad(seq('DDGD')))).toEqual(['d00', 'd01', 't10', 'd20']);
  });
});
