// A live table's rules (issue 12 §2 "each game's rules page says how it pays and its return to player"): the
// drawing rules, the pay table with each bet's RTP (tests/unit/games-core/zr computes each exactly), limits.
import { ZR_LIMITS, ZR_PICKS, ZR_RTP, ZR_SCHEDULE, type ZrKind } from '../../games-core/zr/table.ts';
import { zrText } from '../../i18n/zh-CN-games-zr.ts';
import type { GameDef } from '../../protocol/games.ts';

export function Rules({ game }: { game: GameDef }) {
  const kind = game.kind as ZrKind;
  const R = zrText.rules;
  return (
    <section className="zr-rules" aria-labelledby="zr-rules-title">
      <h2 id="zr-rules-title">{R.title(game.name)}</h2>
      <p>{R.schedule(ZR_SCHEDULE.periodMs / 1000, ZR_SCHEDULE.bettingMs / 1000)}</p>
      <p>{R.shoe}</p>
      <ul>
        {(kind === 'baccarat' ? R.baccarat : R.dragonTiger).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <table className="zr-paytable">
        <caption className="sr-only">{R.title(game.name)}</caption>
        <thead>
          <tr>
            <th scope="col">{R.tableHead.pick}</th>
            <th scope="col">{R.tableHead.pays}</th>
            <th scope="col">{R.tableHead.rtp}</th>
            <th scope="col">{R.tableHead.limits}</th>
          </tr>
        </thead>
        <tbody>
          {ZR_PICKS[kind].map((pick) => (
            <tr key={pick}>
              <th scope="row">{zrText.picks[pick]}</th>
              <td>{zrText.pays[pick]}</td>
              <td data-testid={`rtp-${pick}`}>{R.rtp(ZR_RTP[kind][pick]!)}</td>
              <td>{R.limitsRange(ZR_LIMITS[kind][pick]!.min, ZR_LIMITS[kind][pick]!.max)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{R.rtpNote}</p>
      <p>{R.validBet}</p>
    </section>
  );
}
