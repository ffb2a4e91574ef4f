import { assign, fromPromise, setup } from 'xstate';
import {
  SPORTSBOOK_CODE,
  type Match,
  type MatchesResponse,
  type Sport,
  type SportsBet,
} from '../../src/protocol/sportsbook.ts';

// The sandbox sportsbook's match feed (issue 11 §4): the match list of one sport and one phase (live, today,
// early), a match page with all its markets, and "my bets" (open or settled). What is live moves: a list of live
// matches, a live match's page and the open bets (settled by the operator or the accelerated clock) are read
// again every FEED_POLL_MS while they are shown. A read that fails keeps what is shown and tries again at the
// next poll; 40001 (the venue credential expired) ends the feed.

/** Design (docs/sportsbook.md): live scores, clocks and prices, and open bets, are re-read every 5 s. */
export const FEED_POLL_MS = 5_000;

export type FeedPhase = 'live' | 'today' | 'early';
export const FEED_PHASES: readonly FeedPhase[] = ['live', 'today', 'early'];
export type BetsTab = 'open' | 'settled';

export interface FeedInput {
  /** The sports this venue offers, in tab order (a sports venue: football first; an esports venue: esports). */
  sports: readonly Sport[];
  phase?: FeedPhase;
}

export interface FeedContext {
  sports: readonly Sport[];
  sport: Sport;
  phase: FeedPhase;
  matches: Match[];
  /** The server's time of the last list read (the page's clock for kick-off). */
  serverTime: string | null;
  matchId: string | null;
  match: Match | null;
  betsTab: BetsTab;
  bets: SportsBet[];
}

export type FeedEvent =
  | { type: 'feed.sport'; sport: Sport }
  | { type: 'feed.phase'; phase: FeedPhase }
  | { type: 'feed.open'; matchId: string }
  | { type: 'feed.back' }
  | { type: 'feed.bets' }
  | { type: 'feed.betsTab'; tab: BetsTab }
  | { type: 'feed.refresh' }
  | { type: 'feed.retry' };

const errorCode = (event: unknown) =>
  ((event as { error?: unknown }).error as { code?: unknown } | null)?.code;

export const feedMachine = setup({
  types: {} as { context: FeedContext; events: FeedEvent; input: FeedInput },
  actors: {
    readMatches: fromPromise<MatchesResponse, { sport: Sport; phase: FeedPhase }>(async () => {
      throw new Error('provided at composition');
    }),
    readMatch: fromPromise<Match, { id: string }>(async () => {
      throw new Error('provided at composition');
    }),
    readBets: fromPromise<SportsBet[], { status: BetsTab }>(async () => {
      throw new Error('provided at composition');
    }),
  },
  actions: {
    chooseSport: assign({
      sport: ({ event }) => (event as Extract<FeedEvent, { type: 'feed.sport' }>).sport,
      matches: [],
    }),
    choosePhase: assign({
      phase: ({ event }) => (event as Extract<FeedEvent, { type: 'feed.phase' }>).phase,
      matches: [],
    }),
    chooseMatch: assign({
      matchId: ({ event }) => (event as Extract<FeedEvent, { type: 'feed.open' }>).matchId,
      match: null,
    }),
  },
  guards: {
    expired: ({ event }) => errorCode(event) === SPORTSBOOK_CODE.expired,
    listIsLive: ({ context }) => context.phase === 'live',
    matchIsLive: ({ context }) => context.match?.phase === 'live',
    betsOpen: ({ context }) => context.betsTab === 'open' && context.bets.some((b) => b.status === 'open'),
  },
  delays: { poll: FEED_POLL_MS },
}).createMachine({
  id: 'feed',
  context: ({ input }) => ({
    sports: input.sports,
    sport: input.sports[0] ?? 'football',
    phase: input.phase ?? 'today',
    matches: [],
    serverTime: null,
    matchId: null,
    match: null,
    betsTab: 'open',
    bets: [],
  }),
  initial: 'list',
  states: {
    list: {
      initial: 'loading',
      on: {
        // reenter: a read of the old sport or phase still running is dropped, the new one starts.
        'feed.sport': { target: '.loading', reenter: true, actions: 'chooseSport' },
        'feed.phase': { target: '.loading', reenter: true, actions: 'choosePhase' },
        'feed.open': { target: 'match', actions: 'chooseMatch' },
        'feed.bets': 'bets',
      },
      states: {
        loading: {
          invoke: {
            src: 'readMatches',
            input: ({ context }) => ({ sport: context.sport, phase: context.phase }),
            onDone: {
              target: 'shown',
              actions: assign({
                matches: ({ event }) => event.output.matches,
                serverTime: ({ event }) => event.output.serverTime,
              }),
            },
            onError: [{ guard: 'expired', target: '#feed.expired' }, { target: 'failed' }],
          },
        },
        shown: {
          after: { poll: { guard: 'listIsLive', target: 'refreshing' } },
          on: { 'feed.refresh': 'refreshing' },
        },
        refreshing: {
          invoke: {
            src: 'readMatches',
            input: ({ context }) => ({ sport: context.sport, phase: context.phase }),
            onDone: {
              target: 'shown',
              actions: assign({
                matches: ({ event }) => event.output.matches,
                serverTime: ({ event }) => event.output.serverTime,
              }),
            },
            // The list shown stays; the next poll tries again.
            onError: [{ guard: 'expired', target: '#feed.expired' }, { target: 'shown' }],
          },
        },
        failed: { on: { 'feed.retry': 'loading' } },
      },
    },
    match: {
      initial: 'loading',
      on: {
        'feed.back': 'list',
        'feed.bets': 'bets',
        'feed.open': { target: '.loading', reenter: true, actions: 'chooseMatch' },
        'feed.sport': { target: 'list', actions: 'chooseSport' },
        'feed.phase': { target: 'list', actions: 'choosePhase' },
      },
      states: {
        loading: {
          invoke: {
            src: 'readMatch',
            input: ({ context }) => ({ id: context.matchId! }),
            onDone: { target: 'shown', actions: assign({ match: ({ event }) => event.output }) },
            onError: [{ guard: 'expired', target: '#feed.expired' }, { target: 'failed' }],
          },
        },
        shown: {
          after: { poll: { guard: 'matchIsLive', target: 'refreshing' } },
          on: { 'feed.refresh': 'refreshing' },
        },
        refreshing: {
          invoke: {
            src: 'readMatch',
            input: ({ context }) => ({ id: context.matchId! }),
            onDone: { target: 'shown', actions: assign({ match: ({ event }) => event.output }) },
            onError: [{ guard: 'expired', target: '#feed.expired' }, { target: 'shown' }],
          },
        },
        failed: { on: { 'feed.retry': 'loading' } },
      },
    },
    bets: {
      initial: 'loading',
      on: {
        'feed.back': 'list',
        'feed.betsTab': {
          target: '.loading',
          reenter: true,
          actions: assign({ betsTab: ({ event }) => event.tab, bets: [] }),
        },
        'feed.sport': { target: 'list', actions: 'chooseSport' },
        'feed.phase': { target: 'list', actions: 'choosePhase' },
      },
      states: {
        loading: {
          invoke: {
            src: 'readBets',
            input: ({ context }) => ({ status: context.betsTab }),
            onDone: { target: 'shown', actions: assign({ bets: ({ event }) => event.output }) },
            onError: [{ guard: 'expired', target: '#feed.expired' }, { target: 'failed' }],
          },
        },
        shown: {
          after: { poll: { guard: 'betsOpen', target: 'refreshing' } },
          on: { 'feed.refresh': 'refreshing' },
        },
        refreshing: {
          invoke: {
            src: 'readBets',
            input: ({ context }) => ({ status: context.betsTab }),
            onDone: { target: 'shown', actions: assign({ bets: ({ event }) => event.output }) },
            onError: [{ guard: 'expired', target: '#feed.expired' }, { target: 'shown' }],
          },
        },
        failed: { on: { 'feed.retry': 'loading' } },
      },
    },
    /** 40001: the venue credential is gone; the page sends the player back to the site. */
    expired: { type: 'final' },
  },
});
