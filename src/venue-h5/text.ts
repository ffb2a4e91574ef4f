// The page's catalogue (the one file of strings it imports): an esports venue's page says 电竞 where a sport
// venue's says 体育 (the page serves one venue, named by its path /sandbox/venue/<CODE>/).
import { sportsbookText } from '../i18n/zh-CN-sportsbook.ts';
import { venueOfPath } from '../lib/venue-page-token.ts';
import { ESPORTS_VENUES } from '../protocol/sportsbook.ts';

/** The catalogue for the venue of `pathname`. */
export function textFor(pathname: string) {
  return ESPORTS_VENUES.has(venueOfPath(pathname))
    ? { ...sportsbookText, title: sportsbookText.esports.title, banner: sportsbookText.esports.banner }
    : sportsbookText;
}

export const text = textFor(window.location.pathname);
