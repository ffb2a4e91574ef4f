// The road maps as accessible grids (issue 12 §1 "the road maps (大路, 珠盘路)"): a table of ROAD_ROWS rows, each
// cell named for a screen reader (round, winner, ties, pairs); the latest columns shown.
import {
  beadPlate,
  bigRoad,
  ROAD_ROWS,
  roadEntryOf,
  type Road,
  type RoadCell,
} from '../../games-core/zr/roads.ts';
import type { ZrResult } from '../../games-core/zr/table.ts';
import { zrText } from '../../i18n/zh-CN-games-zr.ts';
import type { SharedRound } from '../../protocol/games.ts';

/** Columns shown of each road (the latest). */
export const ROAD_COLUMNS = 12;

function cellName(c: RoadCell): string {
  const pairs = `${c.bankerPair ? `，${zrText.pairMark.banker}` : ''}${c.playerPair ? `，${zrText.pairMark.player}` : ''}`;
  return zrText.table.roadCell(c.no, zrText.winners[c.winner], c.ties, pairs);
}

function RoadGrid({ title, road, id }: { title: string; road: Road; id: string }) {
  const first = Math.max(0, road.cols - ROAD_COLUMNS);
  const at = new Map(road.cells.map((c) => [`${c.col},${c.row}`, c]));
  const cols = Array.from({ length: ROAD_COLUMNS }, (_, i) => first + i);
  return (
    <figure className="zr-road" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`}>{title}</figcaption>
      <table data-testid={id}>
        <caption className="sr-only">{title}</caption>
        <tbody>
          {Array.from({ length: ROAD_ROWS }, (_, row) => (
            <tr key={row}>
              {cols.map((col) => {
                const c = at.get(`${col},${row}`);
                if (!c)
                  return (
                    <td key={col} className="empty">
                      <span className="sr-only">{zrText.table.roadEmpty}</span>
                    </td>
                  );
                return (
                  <td key={col} className={`w-${c.winner}`} title={cellName(c)}>
                    <span className="bead" aria-hidden="true">
                      {zrText.winners[c.winner]}
                      {c.ties > 0 && <i className="tie-mark">{c.ties}</i>}
                    </span>
                    <span className="sr-only">{cellName(c)}</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** 大路 and 珠盘路 of a table from its drawn rounds (history newest first). */
export function Roads({ history }: { history: readonly SharedRound[] }) {
  const entries = [...history].reverse().map((r) => roadEntryOf(r.no, r.result as ZrResult));
  return (
    <div className="zr-roads">
      <RoadGrid id="big-road" title={zrText.table.bigRoad} road={bigRoad(entries)} />
      <RoadGrid id="bead-plate" title={zrText.table.beadPlate} road={beadPlate(entries)} />
    </div>
  );
}
