import { venuesText as v } from '../../i18n/zh-CN-venues.ts';
import type { LobbyVenue } from '../../protocol/venues.ts';
import { chinaTime } from './format.ts';

/** Why a venue cannot be launched now, in words, or null when it can. */
export function venueBlock(venue: LobbyVenue): string | null {
  if (venue.status === 'maintenance')
    return venue.maintenanceUntil
      ? v.maintenanceUntil(chinaTime(venue.maintenanceUntil))
      : v.maintenanceUnknown;
  if (venue.status === 'closed') return v.closed;
  if (!venue.playable) return v.notOpen;
  return null;
}

/**
 * The lobby's venues (issue 11 §1): logo, name and state. A venue that can be launched as a whole has an enter
 * button; a venue with a game list shows its grid; one under maintenance says until when (China time), one not
 * open yet says so — neither can be launched.
 */
export function VenueTiles(props: {
  venues: LobbyVenue[];
  /** The venue whose grid is shown. */
  current: string | null;
  onEnter: (venue: LobbyVenue) => void;
  onBrowse: (venue: LobbyVenue) => void;
  busy: boolean;
}) {
  if (props.venues.length === 0) return <p className="card venues-empty">{v.noVenues}</p>;
  return (
    <ul className="venue-tiles">
      {props.venues.map((venue) => {
        const block = venueBlock(venue);
        const down = venue.status !== 'open';
        return (
          <li
            key={venue.code}
            className={`card venue-tile${down ? ' is-down' : ''}${!venue.playable ? ' is-soon' : ''}`}
            data-venue={venue.code}
          >
            <img className="venue-tile__logo" src={venue.logo} alt="" width="56" height="56" loading="lazy" />
            <span className="venue-tile__name">{venue.name}</span>
            {block && <span className="venue-tile__state">{block}</span>}
            {venue.hasGames ? (
              <button
                type="button"
                className="btn btn--small btn--ghost"
                aria-label={v.browseGames(venue.name)}
                aria-pressed={props.current === venue.code}
                disabled={down}
                onClick={() => props.onBrowse(venue)}
              >
                {v.gamesList}
              </button>
            ) : (
              !block && (
                <button
                  type="button"
                  className="btn btn--small"
                  aria-label={v.enter(venue.name)}
                  disabled={props.busy}
                  onClick={() => props.onEnter(venue)}
                >
                  {v.enterShort}
                </button>
              )
            )}
          </li>
        );
      })}
    </ul>
  );
}
