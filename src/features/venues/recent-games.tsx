import { useSelector } from '@xstate/react';
import { Link, useLocation } from 'react-router-dom';
import { loginFor } from '../../../machines/navigation-policy.ts';
import { venuesText as v } from '../../i18n/zh-CN-venues.ts';
import { useVenuesChild } from './use-venues.ts';

/** The player's recent games of this lobby, at the top (issue 11 §1); a visitor is invited to log in. */
export function RecentGames({
  onPlay,
  busy,
}: {
  onPlay: (venue: string, game: string | null) => void;
  busy: boolean;
}) {
  const lobby = useVenuesChild('lobby');
  const recent = useSelector(lobby, (s) => (s ? (s.value as { recent: string }).recent : 'off'));
  const items = useSelector(lobby, (s) => s?.context.recent ?? null);
  const { pathname, search } = useLocation();
  if (recent === 'off' || recent === 'deciding')
    return (
      <p className="recent-login">
        <Link to={loginFor(pathname, search)}>{v.loginForRecent}</Link>
      </p>
    );
  return (
    <section
      className="recent"
      aria-labelledby="recent-heading"
      aria-busy={recent === 'loading' || undefined}
    >
      <h2 id="recent-heading" className="section__title">
        {v.recentHeading}
      </h2>
      {recent === 'failed' ? (
        <p className="form-alert form-alert--error" role="alert">
          {v.recentFailed}{' '}
          <button
            type="button"
            className="btn btn--small"
            onClick={() => lobby?.send({ type: 'recent.retry' })}
          >
            {v.retry}
          </button>
        </p>
      ) : items && items.length === 0 ? (
        <p className="recent__empty">{v.recentEmpty}</p>
      ) : items ? (
        <ul className="recent__list">
          {items.map((g) => (
            <li key={`${g.venue}:${g.gameCode ?? ''}`}>
              <button
                type="button"
                className="chip recent__item"
                disabled={busy}
                onClick={() => onPlay(g.venue, g.gameCode)}
              >
                {g.icon && <img src={g.icon} alt="" width="24" height="24" />}
                <span>{g.gameName ?? g.venueName}</span>
                <span className="recent__venue">{g.gameName ? g.venueName : v.recentWhole}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
