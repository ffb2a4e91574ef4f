// The sandbox venue pages' credential (src/venue-h5, src/games-h5): the launch URL carries it as ?token=; the page
// keeps it for this tab only (a reload still works) and takes it out of the address bar.
import { VENUE_H5_PREFIX } from '../protocol/venues.ts';

const TOKEN_PARAM = 'token';

/** The venue code of a page path /sandbox/venue/<CODE>/. */
export function venueOfPath(pathname: string): string {
  const rest = pathname.startsWith(VENUE_H5_PREFIX) ? pathname.slice(VENUE_H5_PREFIX.length) : '';
  return decodeURIComponent(rest.split('/')[0] ?? '');
}

/** The credential of the URL (kept under `${keyPrefix}:${venue}:token` for a reload of this tab), else the one kept. */
export function takeVenueToken(keyPrefix: string, venue: string): string | null {
  const key = `${keyPrefix}:${venue}:token`;
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get(TOKEN_PARAM);
  try {
    if (fromUrl) {
      sessionStorage.setItem(key, fromUrl);
      url.searchParams.delete(TOKEN_PARAM);
      window.history.replaceState(null, '', url.pathname + url.search + url.hash);
      return fromUrl;
    }
    return sessionStorage.getItem(key);
  } catch {
    return fromUrl;
  }
}
