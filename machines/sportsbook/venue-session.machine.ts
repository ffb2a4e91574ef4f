import { assign, fromPromise, setup } from 'xstate';
import { SPORTSBOOK_CODE, type SportsbookSession } from '../../src/protocol/sportsbook.ts';

// The venue page's header (issue 11 §4): the venue, the player, the venue wallet and the odds type, from
// GET {SPORTSBOOK_API}/session. The balance moves with bets and settlements (and transfers on the site), so it is
// read again every SESSION_POLL_MS and at once when the page asks (a bet was placed). A failed re-read keeps
// what is shown; 40001 (the venue credential expired) ends the session.

/** Design (docs/sportsbook.md): the header's balance is re-read every 10 s. */
export const SESSION_POLL_MS = 10_000;

export interface VenueSessionContext {
  session: SportsbookSession | null;
}

export type VenueSessionEvent = { type: 'session.refresh' } | { type: 'session.retry' };

const errorCode = (event: unknown) =>
  ((event as { error?: unknown }).error as { code?: unknown } | null)?.code;

export const venueSessionMachine = setup({
  types: {} as { context: VenueSessionContext; events: VenueSessionEvent },
  actors: {
    readSession: fromPromise<SportsbookSession>(async () => {
      throw new Error('provided at composition');
    }),
  },
  guards: {
    expired: ({ event }) => errorCode(event) === SPORTSBOOK_CODE.expired,
  },
  delays: { poll: SESSION_POLL_MS },
}).createMachine({
  id: 'venueSession',
  context: { session: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'readSession',
        onDone: { target: 'ready', actions: assign({ session: ({ event }) => event.output }) },
        onError: [{ guard: 'expired', target: 'expired' }, { target: 'failed' }],
      },
    },
    failed: { on: { 'session.retry': 'loading' } },
    ready: {
      after: { poll: 'refreshing' },
      on: { 'session.refresh': 'refreshing' },
    },
    refreshing: {
      invoke: {
        src: 'readSession',
        onDone: { target: 'ready', actions: assign({ session: ({ event }) => event.output }) },
        // What is shown stays; the next poll tries again.
        onError: [{ guard: 'expired', target: 'expired' }, { target: 'ready' }],
      },
    },
    /** 40001: the page sends the player back to the site. */
    expired: { type: 'final' },
  },
});
