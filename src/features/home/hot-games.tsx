import { Link } from 'react-router-dom';
import { GAME_PARAM, PLAY_PARAM } from '../../../machines/venues/launch.machine.ts';
import { homeText as h } from '../../i18n/zh-CN-home.ts';
import type { HotGame } from '../../protocol/showcase.ts';

/**
 * Where a tile leads: its lobby with the pick in the query, which the lobby launches at once the way its own
 * tiles do (a visitor is sent to log in first and comes back to it: issue 11 §1).
 */
export function launchPathOf(g: HotGame): string {
  const q = new URLSearchParams({ [PLAY_PARAM]: g.venue });
  if (g.game) q.set(GAME_PARAM, g.game);
  return `/game/${g.lobby}?${q.toString()}`;
}

/**
 * The hot games (issue 19 §2) in the operator's order, each with the art the site ships (width and height set,
 * loaded lazily: the grid is below the fold). Nothing when the call failed or the list is empty.
 */
export function HotGames({ games }: { games: HotGame[] | null | undefined }) {
  if (!games || games.length === 0) return null;
  return (
    <section className="section hot" aria-labelledby="hot-title">
      <h2 id="hot-title" className="section__title">
        {h.hot.heading}
      </h2>
      <ul className="hot__grid">
        {games.map((g) => (
          <li key={g.code}>
            <Link className="hot__tile" to={launchPathOf(g)}>
              <img
                className="hot__art"
                src={g.image}
                alt={g.name}
                width={g.width}
                height={g.height}
                loading="lazy"
                decoding="async"
              />
              <span className="hot__caption">{h.hot.at(g.venueName)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
