import { assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import { LIVE_ODDS_REFRESH_MS, type LiveOdds } from '../../src/protocol/live-odds.ts';
import { providerParamsMachine } from './provider-params.machine.ts';
import { sportCountMachine, type SportCountVenue } from './sport-count.machine.ts';

// The sport lobby's live part (issue 11 §1, §3; spec §4, §7, §9): for a member, each sports venue is launched
// quietly (isPreload 1: a credential, its counts URL and the provider's shared parameters, no transfer, no recent
// entry); then the sport-count machine polls the venues' match counts (every 60 s, re-launching a venue whose
// credential expired), and this machine reads a few live and today's matches of each venue with their 1X2 prices
// through the provider adapters, again every LIVE_ODDS_REFRESH_MS while the tab is shown. Provider two's and
// three's calls whose parameters expired wait for the provider-parameter machines (one per provider) to fetch
// them again. A visitor sees the venues only (the lobby invites them to log in). Leaving the lobby stops it all.

export interface SportLobbyInput {
  member: boolean;
}

interface Context extends SportLobbyInput {
  /** The launched venues and their counts URLs (spec §3 launch result `token`). */
  venues: SportCountVenue[] | null;
  odds: LiveOdds | null;
  hidden: boolean;
}

export type SportLobbyEvent =
  | { type: 'page.hidden' }
  | { type: 'page.visible' }
  | { type: 'sport.retry' }
  | { type: 'session.loggedIn' }
  | { type: 'session.loggedOut' };

/** The ids of the provider-parameter children (the odds' refreshing calls reach them by these). */
export const PARAMS_CHILD = { two: 'paramsTwo', three: 'paramsThree' } as const;

export const sportLobbyMachine = setup({
  types: {} as { context: Context; events: SportLobbyEvent; input: SportLobbyInput },
  actors: {
    sportCount: sportCountMachine,
    providerParams: providerParamsMachine,
    /** Launches every open sports venue with isPreload 1; answers those that launched, with their counts URL. */
    prepare: fromPromise<{ venues: SportCountVenue[] }>(async () => {
      throw new Error('provided at composition');
    }),
    /** A few live and today's matches of each venue, with their 1X2 prices. */
    loadOdds: fromPromise<LiveOdds, { venues: string[] }>(async () => {
      throw new Error('provided at composition');
    }),
    /** The tab's visibility: sends page.hidden (at once when hidden) and page.visible. */
    watchVisibility: fromCallback(() => () => {}),
  },
  guards: {
    member: ({ context }) => context.member,
    hidden: ({ context }) => context.hidden,
  },
  delays: { refresh: LIVE_ODDS_REFRESH_MS },
}).createMachine({
  id: 'sportLobby',
  context: ({ input }) => ({ ...input, venues: null, odds: null, hidden: false }),
  invoke: { id: 'visibility', src: 'watchVisibility' },
  initial: 'deciding',
  on: {
    'session.loggedIn': { target: '.preparing', actions: assign({ member: true }) },
    'session.loggedOut': { target: '.visitor', actions: assign({ member: false, venues: null, odds: null }) },
    'page.hidden': { actions: assign({ hidden: true }) },
    'page.visible': { actions: assign({ hidden: false }) },
  },
  states: {
    deciding: { always: [{ guard: 'member', target: 'preparing' }, { target: 'visitor' }] },
    /** A visitor: nothing is launched (the venues need a member's credential). */
    visitor: {},
    preparing: {
      invoke: {
        src: 'prepare',
        onDone: { target: 'live', actions: assign({ venues: ({ event }) => event.output.venues }) },
        onError: 'failed',
      },
    },
    failed: { on: { 'sport.retry': 'preparing' } },
    live: {
      invoke: [
        {
          id: 'sportCount',
          src: 'sportCount',
          input: ({ context }) => ({ venues: context.venues ?? [], hidden: context.hidden }),
        },
        { id: PARAMS_CHILD.two, src: 'providerParams', input: { provider: 'two' } },
        { id: PARAMS_CHILD.three, src: 'providerParams', input: { provider: 'three' } },
      ],
      on: {
        // spec §4: the counts stop while the tab is hidden, and so do the odds.
        'page.hidden': {
          target: '.paused',
          actions: [assign({ hidden: true }), sendTo('sportCount', { type: 'page.hidden' })],
        },
        'page.visible': {
          target: '.loading',
          actions: [assign({ hidden: false }), sendTo('sportCount', { type: 'page.visible' })],
        },
      },
      initial: 'starting',
      states: {
        starting: { always: [{ guard: 'hidden', target: 'paused' }, { target: 'loading' }] },
        loading: {
          invoke: {
            src: 'loadOdds',
            input: ({ context }) => ({ venues: (context.venues ?? []).map((v) => v.venue) }),
            onDone: { target: 'shown', actions: assign({ odds: ({ event }) => event.output }) },
            // The last prices stay (each venue says when it could not be read); the next round tries again.
            onError: 'shown',
          },
        },
        /** The prices are read again a while later (the accelerated clock moves them). */
        shown: { after: { refresh: 'loading' } },
        paused: {},
      },
    },
  },
});
