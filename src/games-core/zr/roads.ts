// The road maps (issue 12 §1 "the road maps (大路, 珠盘路)"; docs/games-zr.md "Roads"), computed from the drawn
// history, oldest first. Pure. Both are grids of ROAD_ROWS rows read column by column, left to right.
// - 珠盘路 (bead plate): every round, ties included, in order: top to bottom, then the next column.
// - 大路 (big road): one column per streak of the same winner (庄/龙 or 闲/虎); a tie is not a cell but a mark
//   counted on the cell before it (ties before the first cell are counted on the first cell). A streak longer
//   than the column turns right along its last free row (the "dragon tail"), and a new streak starts in the
//   column after the previous streak's first column.
import type { ZrResult } from './table.ts';

export const ROAD_ROWS = 6;

export type RoadWinner = 'banker' | 'player' | 'tie' | 'dragon' | 'tiger';

export interface RoadEntry {
  /** The round's number (its schedule number), to name the cell. */
  no: number;
  winner: RoadWinner;
  bankerPair: boolean;
  playerPair: boolean;
}

export interface RoadCell extends RoadEntry {
  col: number;
  row: number;
  /** 大路 only: ties marked on this cell (0 on the bead plate). */
  ties: number;
}

export interface Road {
  cells: RoadCell[];
  /** Columns used (the grid's width). */
  cols: number;
}

/** The road entry of a drawn round. */
export function roadEntryOf(no: number, r: ZrResult): RoadEntry {
  if (r.kind === 'baccarat')
    return { no, winner: r.winner, bankerPair: r.bankerPair, playerPair: r.playerPair };
  return { no, winner: r.winner, bankerPair: false, playerPair: false };
}

export function beadPlate(entries: readonly RoadEntry[]): Road {
  const cells = entries.map((e, i) => ({
    ...e,
    col: Math.floor(i / ROAD_ROWS),
    row: i % ROAD_ROWS,
    ties: 0,
  }));
  return { cells, cols: cells.length === 0 ? 0 : cells[cells.length - 1]!.col + 1 };
}

export function bigRoad(entries: readonly RoadEntry[]): Road {
  const cells: RoadCell[] = [];
  const taken = new Set<string>();
  const key = (c: number, r: number) => `${c},${r}`;
  let leadingTies = 0;
  let streakCol = -1;
  let last: RoadCell | null = null;
  for (const e of entries) {
    if (e.winner === 'tie') {
      if (last) last.ties += 1;
      else leadingTies += 1;
      continue;
    }
    let col: number;
    let row: number;
    if (last && last.winner === e.winner) {
      // Down while there is room, else right along the same row (the tail).
      if (last.row + 1 < ROAD_ROWS && !taken.has(key(last.col, last.row + 1))) {
        col = last.col;
        row = last.row + 1;
      } else {
        col = last.col + 1;
        row = last.row;
      }
    } else {
      streakCol += 1;
      while (taken.has(key(streakCol, 0))) streakCol += 1;
      col = streakCol;
      row = 0;
    }
    const cell: RoadCell = { ...e, col, row, ties: last ? 0 : leadingTies };
    taken.add(key(col, row));
    cells.push(cell);
    last = cell;
  }
  const cols = cells.reduce((m, c) => Math.max(m, c.col + 1), 0);
  return { cells, cols };
}
