import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { SportCountOutcome } from '../../src/protocol/providers.ts';
import {
  SPORT_COUNT_POLL_MS,
  SPORT_COUNT_RETRY_DELAY_MS,
  SPORT_COUNT_RETRY_LIMIT,
  type SportCounts,
} from '../../src/protocol/venues.ts';

// The sport-count machine (spec §4, §7, §9; issue 11 §3): the sport lobby's match counts of each sports venue,
// polled every 60 s through the venue's launch token URL (`GET {token}?merchantCode=Y`, header requestId). A
// round asks every venue at once. A venue whose answer is the expired message is re-launched (a fresh
// credential and token) and asked again 500 ms later, at most 2 retries a round; after that — and after any other
// failure — the venue shows its cached counts, flagged stale. Nothing runs while the tab is hidden; shown again,
// a round starts at once. Leaving the lobby stops the actor (and with it every timer and request).
//
// API (composed by the venues area; one actor for the sport lobby):
// Input: { venues: [{ venue, token }], hidden, cached?: { [venue]: SportCounts } } — cached counts (e.g. stored
//   by storeCounts on an earlier visit) show, stale, until the venue answers.
// Events:
//   { type: 'page.hidden' } / { type: 'page.visible' }   the tab's visibility (forwarded by the area)
//   { type: 'counts.venues', venues }                   the lobby's sport venues and tokens changed: a new round
// Effects (named here, inert; provided at composition):
//   actor   fetchCounts  input { venues: [{ venue, token }] } → { [venue]: SportCountOutcome }
//                        (src/api/providers/counts.ts sportCountOutcome per venue; it never rejects)
//   actor   relaunch     input { venues: string[] } → { [venue]: token }   (venue/launch; a venue left out of the
//                        answer could not be re-launched: it shows its cached counts)
//   action  storeCounts  params { venue, counts }   a fresh answer, to keep as the cache
// Context: byVenue { [venue]: { counts: SportCounts | null, stale } }, lastUpdate (the newest `at` answered),
//   venues (tokens as last launched), and the round's bookkeeping (targets, retries, expired, hidden).
// States: paused (hidden) | fetching → relaunching → retryWait (500 ms) → fetching … | waiting (60 s) → fetching.

export interface SportCountVenue {
  venue: string;
  /** The counts URL from the venue's launch (spec §3 launch result `token`). */
  token: string;
}

export interface SportCountInput {
  venues: SportCountVenue[];
  /** The tab is hidden when the lobby opens: nothing is fetched until it is shown. */
  hidden: boolean;
  /** Counts kept from before, shown (stale) until the venue answers. */
  cached?: Record<string, SportCounts>;
}

export interface VenueCounts {
  /** The last counts the venue answered (or the cache); null when it never answered. */
  counts: SportCounts | null;
  /** The counts shown are not the venue's answer of the last round (spec §4: "cached counts are used"). */
  stale: boolean;
}

export interface SportCountContext {
  venues: SportCountVenue[];
  byVenue: Record<string, VenueCounts>;
  /** The newest `at` of the counts answered since the lobby opened, or null. */
  lastUpdate: string | null;
  /** The venues this round's request asks: all of them, or on a retry the ones whose credential expired. */
  targets: string[];
  /** Retries made in this round (spec §9: at most 2). */
  retries: number;
  /** Venues that answered the expired message in this round and will be re-launched and asked again. */
  expired: string[];
  hidden: boolean;
}

export type SportCountEvent =
  { type: 'page.hidden' } | { type: 'page.visible' } | { type: 'counts.venues'; venues: SportCountVenue[] };

/** spec §9: count polling 60 s; sport retry limit 2; retry delay 500 ms. */
export const COUNT_POLL_MS = SPORT_COUNT_POLL_MS;
export const COUNT_RETRY_LIMIT = SPORT_COUNT_RETRY_LIMIT;
export const COUNT_RETRY_DELAY_MS = SPORT_COUNT_RETRY_DELAY_MS;

type Outcomes = Record<string, SportCountOutcome>;
type Tokens = Record<string, string>;

const outcomeOf = (outcomes: Outcomes, venue: string): SportCountOutcome =>
  outcomes[venue] ?? { kind: 'failed', reason: 'no answer' };

const newer = (a: string | null, b: string): string => (a === null || Date.parse(b) > Date.parse(a) ? b : a);

function initialByVenue(input: SportCountInput): Record<string, VenueCounts> {
  const out: Record<string, VenueCounts> = {};
  for (const { venue } of input.venues) {
    const cached = input.cached?.[venue] ?? null;
    out[venue] = { counts: cached, stale: cached !== null };
  }
  return out;
}

/** Marks the venues stale: their cached counts stay on show. */
const markStale = (byVenue: Record<string, VenueCounts>, venues: readonly string[]) => {
  const out = { ...byVenue };
  for (const v of venues) if (out[v]) out[v] = { ...out[v], stale: true };
  return out;
};

/**
 * The round's answers (spec §4): fresh counts replace the cache (and are to be stored); the expired message,
 * while the round has a retry left, waits for the re-launch; after the last retry, and on any other failure,
 * the cached counts show, stale.
 */
export function takeAnswers(context: SportCountContext, outcomes: Outcomes) {
  const byVenue = { ...context.byVenue };
  let lastUpdate = context.lastUpdate;
  const expired: string[] = [];
  const fresh: Array<{ venue: string; counts: SportCounts }> = [];
  const retryLeft = context.retries < COUNT_RETRY_LIMIT;
  for (const venue of context.targets) {
    const shown = byVenue[venue];
    if (!shown) continue;
    const outcome = outcomeOf(outcomes, venue);
    if (outcome.kind === 'ok') {
      byVenue[venue] = { counts: outcome.counts, stale: false };
      lastUpdate = newer(lastUpdate, outcome.counts.at);
      fresh.push({ venue, counts: outcome.counts });
    } else if (outcome.kind === 'expired' && retryLeft) expired.push(venue);
    else byVenue[venue] = { ...shown, stale: true };
  }
  return { byVenue, lastUpdate, expired, fresh };
}

export const sportCountMachine = setup({
  types: {} as {
    context: SportCountContext;
    events: SportCountEvent;
    input: SportCountInput;
  },
  actors: {
    /** Asks each venue for its counts: provided at composition. */
    fetchCounts: fromPromise<Outcomes, { venues: SportCountVenue[] }>(async () => {
      throw new Error('fetchCounts is provided at composition');
    }),
    /** Launches the venues again for a fresh credential; answers their new tokens: provided at composition. */
    relaunch: fromPromise<Tokens, { venues: string[] }>(async () => {
      throw new Error('relaunch is provided at composition');
    }),
  },
  actions: {
    /** Keeps a venue's fresh counts as its cache: provided at composition. */
    storeCounts: (_, _params: { venue: string; counts: SportCounts }) => {},
    newRound: assign({
      targets: ({ context }) => context.venues.map((v) => v.venue),
      retries: 0,
      expired: [],
    }),
    retryRound: assign({
      targets: ({ context }) => context.expired,
      retries: ({ context }) => context.retries + 1,
      expired: [],
    }),
    setVenues: assign(({ context, event }) => {
      if (event.type !== 'counts.venues') return {};
      const byVenue: Record<string, VenueCounts> = {};
      for (const { venue } of event.venues)
        byVenue[venue] = context.byVenue[venue] ?? { counts: null, stale: false };
      return { venues: event.venues, byVenue };
    }),
    hide: assign({ hidden: true, expired: [] }),
    /** New tokens for the re-launched venues; a venue that could not be re-launched shows its cache. */
    takeTokens: assign(({ context }, tokens: Tokens) => {
      const relaunched = context.expired.filter((v) => typeof tokens[v] === 'string');
      const failed = context.expired.filter((v) => !relaunched.includes(v));
      return {
        venues: context.venues.map((v) =>
          relaunched.includes(v.venue) ? { ...v, token: tokens[v.venue]! } : v,
        ),
        byVenue: markStale(context.byVenue, failed),
        expired: relaunched,
      };
    }),
    show: assign({ hidden: false }),
  },
  guards: {
    hidden: ({ context }) => context.hidden,
    /** Some venue of the round answered the expired message with a retry left (takeAnswers kept it). */
    someExpired: ({ context }) => context.expired.length > 0,
    /** At least one expired venue was launched again. */
    relaunched: ({ context }, tokens: Tokens) => context.expired.some((v) => typeof tokens[v] === 'string'),
  },
  delays: { poll: COUNT_POLL_MS, retry: COUNT_RETRY_DELAY_MS },
}).createMachine({
  id: 'sportCount',
  context: ({ input }) => ({
    venues: input.venues,
    byVenue: initialByVenue(input),
    lastUpdate: null,
    targets: [],
    retries: 0,
    expired: [],
    hidden: input.hidden,
  }),
  initial: 'starting',
  on: {
    // spec §4 (issue 11 §3): it stops while the tab is hidden — the request and the timers with it.
    'page.hidden': { target: '.paused', actions: 'hide' },
    'counts.venues': [
      { guard: 'hidden', actions: 'setVenues' },
      { target: '.fetching', actions: ['setVenues', 'newRound'] },
    ],
  },
  states: {
    starting: {
      always: [
        { guard: 'hidden', target: 'paused' },
        { target: 'fetching', actions: 'newRound' },
      ],
    },
    paused: {
      // Shown again: a round at once.
      on: { 'page.visible': { target: 'fetching', actions: ['show', 'newRound'] } },
    },
    fetching: {
      invoke: {
        id: 'counts',
        src: 'fetchCounts',
        input: ({ context }) => ({ venues: context.venues.filter((v) => context.targets.includes(v.venue)) }),
        onDone: {
          target: 'answered',
          actions: enqueueActions(({ context, event, enqueue }) => {
            const { fresh, ...next } = takeAnswers(context, event.output);
            for (const { venue, counts } of fresh)
              enqueue({ type: 'storeCounts', params: { venue, counts } });
            enqueue.assign(next);
          }),
        },
        // fetchCounts answers every failure as an outcome; should it fail as a whole, every venue asked is stale.
        onError: {
          target: 'waiting',
          actions: assign({ byVenue: ({ context }) => markStale(context.byVenue, context.targets) }),
        },
      },
    },
    /** Where the round's answers lead: a re-launch while a venue's credential expired with a retry left. */
    answered: {
      always: [{ guard: 'someExpired', target: 'relaunching' }, { target: 'waiting' }],
    },
    /** spec §4: the expired message re-launches the venue (a fresh credential and counts URL). */
    relaunching: {
      invoke: {
        id: 'relaunch',
        src: 'relaunch',
        input: ({ context }) => ({ venues: context.expired }),
        onDone: [
          {
            guard: { type: 'relaunched', params: ({ event }) => event.output },
            target: 'retryWait',
            actions: { type: 'takeTokens', params: ({ event }) => event.output },
          },
          { target: 'waiting', actions: { type: 'takeTokens', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'waiting',
          actions: assign({
            byVenue: ({ context }) => markStale(context.byVenue, context.expired),
            expired: [],
          }),
        },
      },
    },
    /** spec §4, §9: retry after 500 ms. */
    retryWait: {
      after: { retry: { target: 'fetching', actions: 'retryRound' } },
    },
    /** spec §7, §9: polled every 60 s. */
    waiting: {
      after: { poll: { target: 'fetching', actions: 'newRound' } },
    },
  },
});
