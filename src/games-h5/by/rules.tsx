// A fishing game's rules (issue 12 §2: how it pays and its return to player; every figure is the engine's own,
// checked by tests/unit/games-core/by/fish.test.ts).
import { fishGameOf, hitProbability, MAX_SHOTS_PER_WINDOW } from '../../games-core/by/fish.ts';
import { byText, fishName } from '../../i18n/zh-CN-games-by.ts';
import type { GameDef } from '../../protocol/games.ts';

const pct = (x: number, digits: number) => `${(x * 100).toFixed(digits)} %`;

export function Rules({ game }: { game: GameDef }) {
  const table = fishGameOf(game.code);
  if (!table) return null;
  const rtp = table.rtpBp / 10_000;
  return (
    <article className="game-by rules">
      <h2>{byText.rules.title(game.name)}</h2>
      <p>{byText.rules.intro}</p>
      <p>{byText.rules.rtp(pct(rtp, 0))}</p>
      <table>
        <caption>{byText.rules.table}</caption>
        <thead>
          <tr>
            <th scope="col">{byText.rules.fish}</th>
            <th scope="col">{byText.rules.multiplier}</th>
            <th scope="col">{byText.rules.probability}</th>
          </tr>
        </thead>
        <tbody>
          {table.fish.map((f) => (
            <tr key={f.id}>
              <th scope="row">{fishName(f.id)}</th>
              <td>×{f.multiplier}</td>
              <td>{pct(hitProbability(table.rtpBp, f.multiplier), 2)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{byText.rules.levels(table.levels.map((l) => byText.view.level(l)).join(' / '))}</p>
      <p>{byText.rules.limit(MAX_SHOTS_PER_WINDOW)}</p>
      <p>{byText.rules.fair}</p>
      <p className="muted">{byText.rules.responsible}</p>
    </article>
  );
}
