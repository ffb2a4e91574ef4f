import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { pagesOf } from '../../../machines/venues/lobby.machine.ts';
import { venuesText as v } from '../../i18n/zh-CN-venues.ts';
import { GAME_SEARCH_MAX_LENGTH, GAME_TAGS, type GameTag, type LobbyVenue } from '../../protocol/venues.ts';
import { useVenuesChild } from './use-venues.ts';
import { venueBlock } from './venue-tiles.tsx';

/**
 * The game grid of the venue the player looks at (issue 11 §1): a search field (debounced by the lobby), tag
 * filters, the games and the pages. A game of a venue that cannot be launched now is shown, not offered.
 */
export function GameGrid({
  venues,
  onPlay,
  busy,
}: {
  venues: LobbyVenue[];
  onPlay: (venue: LobbyVenue, game: string) => void;
  busy: boolean;
}) {
  const lobby = useVenuesChild('lobby');
  const ctx = useSelector(lobby, (s) => s?.context);
  const grid = useSelector(lobby, (s) => (s ? (s.value as { grid: string }).grid : 'idle'));
  const id = useId();
  const withGames = venues.filter((x) => x.hasGames);
  const venue = venues.find((x) => x.code === ctx?.venue);
  if (!ctx || !venue) return null;
  const block = venueBlock(venue);
  const pages = pagesOf(ctx.games);
  const games = ctx.games?.venue === venue.code ? ctx.games : null;
  const headingId = `${id}-heading`;
  return (
    <section className="card game-grid" aria-labelledby={headingId}>
      <h2 id={headingId} className="section__title">
        {v.gamesHeading(venue.name)}
      </h2>
      {withGames.length > 1 && (
        <div className="chips" role="group" aria-label={v.venueTabs}>
          {withGames.map((x) => (
            <button
              key={x.code}
              type="button"
              className="chip"
              aria-pressed={x.code === venue.code}
              onClick={() => lobby?.send({ type: 'grid.venue', venue: x.code })}
            >
              {x.name}
            </button>
          ))}
        </div>
      )}
      {block && <p className="form-alert form-alert--info">{block === v.notOpen ? v.notOpenHint : block}</p>}
      <div className="game-grid__filters">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-search`}>
            {v.search}
          </label>
          <input
            id={`${id}-search`}
            className="field__input"
            type="search"
            value={ctx.search}
            maxLength={GAME_SEARCH_MAX_LENGTH}
            placeholder={v.searchPlaceholder}
            autoComplete="off"
            onChange={(e) => lobby?.send({ type: 'grid.search', text: e.target.value })}
          />
        </div>
        <div className="chips" role="group" aria-label={v.tagFilter}>
          {([null, ...GAME_TAGS] as Array<GameTag | null>).map((tag) => (
            <button
              key={tag ?? 'all'}
              type="button"
              className="chip"
              aria-pressed={ctx.tag === tag}
              onClick={() => lobby?.send({ type: 'grid.tag', tag })}
            >
              {tag ? v.tags[tag] : v.allTags}
            </button>
          ))}
        </div>
      </div>
      <div aria-live="polite" aria-busy={grid === 'loading' || grid === 'debouncing' || undefined}>
        {grid === 'failed' ? (
          <p className="form-alert form-alert--error" role="alert">
            {v.gamesLoadFailed}{' '}
            <button
              type="button"
              className="btn btn--small"
              onClick={() => lobby?.send({ type: 'grid.retry' })}
            >
              {v.retry}
            </button>
          </p>
        ) : games && games.items.length === 0 ? (
          <p className="game-grid__empty">{v.noGames}</p>
        ) : games ? (
          <p className="game-grid__count">{v.gamesCount(games.total)}</p>
        ) : null}
      </div>
      {games && games.items.length > 0 && (
        <>
          <ul className="games">
            {games.items.map((g) => (
              <li key={g.code} className="game">
                <button
                  type="button"
                  className="game__button"
                  disabled={block !== null || busy}
                  onClick={() => onPlay(venue, g.code)}
                >
                  <img className="game__icon" src={g.icon} alt="" width="96" height="96" loading="lazy" />
                  <span className="game__name">
                    <span className="visually-hidden">{v.play}</span>
                    {g.name}
                  </span>
                  {g.tags.length > 0 && (
                    <span className="game__tags">{g.tags.map((tag) => v.tags[tag]).join(' · ')}</span>
                  )}
                </button>
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav className="pager" aria-label={v.gridPages}>
              <button
                type="button"
                className="btn btn--small btn--ghost"
                disabled={ctx.page <= 1 || grid === 'loading'}
                onClick={() => lobby?.send({ type: 'grid.page', page: ctx.page - 1 })}
              >
                {v.prev}
              </button>
              <span>{v.pageOf(ctx.page, pages)}</span>
              <button
                type="button"
                className="btn btn--small btn--ghost"
                disabled={ctx.page >= pages || grid === 'loading'}
                onClick={() => lobby?.send({ type: 'grid.page', page: ctx.page + 1 })}
              >
                {v.next}
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
