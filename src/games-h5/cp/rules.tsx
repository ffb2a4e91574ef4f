// A lottery's rules (issue 12 §2 "each game's rules page says how it pays and its return to player"; docs/games-cp.md):
// the period schedule, every play's picks with their odds, winning outcomes and RTP (the figures the games-core
// test checks exactly), the limits, and what happens to a ticket when the player leaves.
import { LOTTERY_MAX_STAKE, LOTTERY_MIN_STAKE, engineOf } from '../../games-core/cp/plays.ts';
import { cpText } from '../../i18n/zh-CN-games-cp.ts';
import type { GameDef } from '../../protocol/games.ts';

const R = cpText.rules;

export function Rules({ game }: { game: GameDef }) {
  const kind = game.kind === 'ssc' ? 'ssc' : 'k3';
  const engine = engineOf(kind);
  return (
    <article className="cp-rules" aria-labelledby="cp-rules-title">
      <h2 id="cp-rules-title">{R.title(game.name)}</h2>
      <p>{kind === 'k3' ? R.k3Intro : R.sscIntro}</p>
      <ul>
        {(kind === 'k3' ? R.k3Notes : R.sscNotes).map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      <p>{R.rtpNote(engine.outcomes)}</p>
      {engine.plays.map((play) => (
        <div key={play.code} className="cp-table-wrap">
          <table>
            <caption>{play.name}</caption>
            <thead>
              <tr>
                <th scope="col">{R.cols.pick}</th>
                <th scope="col">{R.cols.odds}</th>
                <th scope="col">{R.cols.ways}</th>
                <th scope="col">{R.cols.rtp}</th>
              </tr>
            </thead>
            <tbody>
              {play.picks.map((k) => (
                <tr key={k.code}>
                  <th scope="row">{k.label}</th>
                  <td>{(k.odds100 / 100).toFixed(2)}</td>
                  <td>
                    {k.ways} / {engine.outcomes}
                  </td>
                  <td>{k.rtp}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
      <p>{R.stakes(LOTTERY_MIN_STAKE / 100, LOTTERY_MAX_STAKE / 100)}</p>
      <p>{R.leave}</p>
    </article>
  );
}
