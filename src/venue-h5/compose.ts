// The venue page's composition: the three machines of machines/sportsbook/ with their effects bound to the
// sportsbook's native API (api.ts) and the browser's crypto for request ids.
import { assign, createActor, fromPromise } from 'xstate';
import { betSlipMachine } from '../../machines/sportsbook/bet-slip.machine.ts';
import { feedMachine, type BetsTab, type FeedPhase } from '../../machines/sportsbook/feed.machine.ts';
import { venueSessionMachine } from '../../machines/sportsbook/venue-session.machine.ts';
import { ESPORTS_VENUES, SPORTS, type PlaceBetRequest, type Sport } from '../protocol/sportsbook.ts';
import type { SportsbookClient } from './api.ts';

/** The esports venues offer esports only; the sport venues every sport. */
export const sportsOf = (venue: string): readonly Sport[] =>
  ESPORTS_VENUES.has(venue) ? ['esports'] : SPORTS;

/** A request id of the wire's pattern (src/protocol/wallet.ts REQUEST_ID_PATTERN: 8–48 of [A-Za-z0-9_-]). */
const newRequestId = () => crypto.randomUUID();

export function createActors(client: SportsbookClient, venue: string) {
  const session = createActor(
    venueSessionMachine.provide({ actors: { readSession: fromPromise(() => client.session()) } }),
  );
  const feed = createActor(
    feedMachine.provide({
      actors: {
        readMatches: fromPromise(({ input }: { input: { sport: Sport; phase: FeedPhase } }) =>
          client.matches(input.sport, input.phase),
        ),
        readMatch: fromPromise(({ input }: { input: { id: string } }) => client.match(input.id)),
        readBets: fromPromise(({ input }: { input: { status: BetsTab } }) => client.bets(input.status)),
      },
    }),
    { input: { sports: sportsOf(venue) } },
  );
  const slip = createActor(
    betSlipMachine.provide({
      actors: { place: fromPromise(({ input }: { input: PlaceBetRequest }) => client.place(input)) },
      actions: { mintRequestId: assign({ requestId: () => newRequestId() }) },
    }),
    { input: {} },
  );
  return { session, feed, slip };
}

export type Actors = ReturnType<typeof createActors>;
