import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { GAME_PARAM, PLAY_PARAM } from '../../protocol/venues.ts';
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

/** How close to the screen the grid must come before its tiles are drawn and their pictures asked for: on it. */
const NEAR_MARGIN = '0px';

/**
 * Whether the element has come within NEAR_MARGIN of the screen (once true, it stays). Where the browser has no
 * IntersectionObserver, at once.
 */
function useNear<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          io.disconnect();
        }
      },
      { rootMargin: NEAR_MARGIN },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [near]);
  return [ref, near];
}

/**
 * The hot games (issue 19 §2) in the operator's order, each with the art the site ships (width and height set,
 * loaded lazily). The grid is below the fold: its tiles are drawn, and their pictures asked for, only when the
 * player scrolls near it (a phone's first screen never pays for them: Lighthouse on / measured the 16 pictures
 * and their tiles pushing the pop-up's paint, the LCP, from 2.7 s to 3.4 s). Nothing when the call failed or the
 * list is empty.
 */
export function HotGames({ games }: { games: HotGame[] | null | undefined }) {
  const [ref, near] = useNear<HTMLElement>();
  if (!games || games.length === 0) return null;
  return (
    <section ref={ref} className={`section hot${near ? '' : ' hot--waiting'}`} aria-labelledby="hot-title">
      <h2 id="hot-title" className="section__title">
        {h.hot.heading}
      </h2>
      {near && (
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
      )}
    </section>
  );
}
