import type { LobbyVenue } from '../../protocol/venues.ts';

/** The sport lobby's match counts and live odds per venue (issue 11 §1, §3). */
export function SportPanel(_props: { venues: LobbyVenue[] }) {
  return null;
}
