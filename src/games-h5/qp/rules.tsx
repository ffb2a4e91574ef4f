// The chess-and-card rules pages (issue 12 §2 "each game's rules page says how it pays and its return to player";
// docs/games-qp.md). The rank frequencies are the exact counts over all 2,598,960 five-card hands
// (tests/unit/games-core/qp/bull.test.ts pins them); the figures here are checked by the unit tests of the page.
import type { GameDef } from '../../protocol/games.ts';
import { qpText } from '../../i18n/zh-CN-games-qp.ts';

const R = qpText.rules;

/** Five-card hands of each rank group (无牛, 牛一–牛六, 牛七–牛九, 牛牛, 五花牛, 炸弹牛, 五小牛) of 2,598,960. */
export const BULL_RANK_GROUP_COUNTS = [870_984, 1_024_200, 510_648, 190_976, 768, 608, 776] as const;
export const FIVE_CARD_HANDS = 2_598_960;
const percent = (n: number) =>
  `${((n / FIVE_CARD_HANDS) * 100).toFixed(n / FIVE_CARD_HANDS < 0.001 ? 3 : 2)}%`;

export function BullRules() {
  return (
    <article className="game-qp qp-rules">
      <h2>{R.bull.title}</h2>
      <ul className="qp-rule-list">
        {R.bull.intro.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <h3>{R.bull.ranksTitle}</h3>
      <p>{R.bull.points}</p>
      <table>
        <thead>
          <tr>
            {R.bull.ranksHead.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {R.bull.ranks.map(([name, what, mult], i) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td>{what}</td>
              <td>×{mult}</td>
              <td>{percent(BULL_RANK_GROUP_COUNTS[i]!)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>{R.bull.moneyTitle}</h3>
      <p>{R.bull.money}</p>
      <h3>{R.bull.rtpTitle}</h3>
      <p data-testid="qp-rtp">{R.bull.rtp}</p>
    </article>
  );
}

export function BlackjackRules() {
  return (
    <article className="game-qp qp-rules">
      <h2>{R.bj.title}</h2>
      <ul className="qp-rule-list">
        {R.bj.intro.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <h3>{R.bj.payTitle}</h3>
      <table>
        <tbody>
          {R.bj.pays.map(([what, pays]) => (
            <tr key={what}>
              <th scope="row">{what}</th>
              <td>{pays}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>{R.bj.rtpTitle}</h3>
      <p data-testid="qp-rtp">{R.bj.rtp}</p>
    </article>
  );
}

export function QpRules({ game }: { game: GameDef }) {
  return game.kind === 'bull' ? <BullRules /> : <BlackjackRules />;
}
