import { assign, fromPromise, setup } from 'xstate';
import {
  DEFAULT_ODDS_TYPE,
  ODDS_TYPE,
  type OddsType,
  type OddsTypeSetting,
} from '../../src/protocol/venues.ts';

// The player's odds type (issue 11 §3; spec §3: Malay 1, Hong Kong 2, European 3, Indonesian 4): a setting kept
// per player (GET / POST /game/api/v1/venue/oddsType). Every odds figure the venues area shows is converted
// into it. A member's is read from the server and saved there when changed: the prices change at once, and go
// back to the saved type if the save is refused or unanswered. A visitor's choice is only for this visit
// (European to begin with, spec §3's default of provider one).

export interface OddsTypeInput {
  member: boolean;
}

interface Context extends OddsTypeInput {
  oddsType: OddsType;
  /** The type the server holds (a failed save goes back to it). */
  saved: OddsType;
  /** The last save failed (the page says so). */
  saveFailed: boolean;
}

export type OddsTypeEvent =
  | { type: 'odds.select'; oddsType: OddsType }
  | { type: 'odds.retry' }
  | { type: 'session.loggedIn' }
  | { type: 'session.loggedOut' };

const ODDS_TYPES = Object.values(ODDS_TYPE) as OddsType[];

export const oddsTypeMachine = setup({
  types: {} as { context: Context; events: OddsTypeEvent; input: OddsTypeInput },
  actors: {
    load: fromPromise<OddsTypeSetting>(async () => {
      throw new Error('provided at composition');
    }),
    save: fromPromise<OddsTypeSetting, OddsTypeSetting>(async () => {
      throw new Error('provided at composition');
    }),
  },
  guards: {
    member: ({ context }) => context.member,
    changed: ({ context, event }) =>
      event.type === 'odds.select' &&
      ODDS_TYPES.includes(event.oddsType) &&
      event.oddsType !== context.oddsType,
  },
}).createMachine({
  id: 'oddsType',
  context: ({ input }) => ({
    ...input,
    oddsType: DEFAULT_ODDS_TYPE,
    saved: DEFAULT_ODDS_TYPE,
    saveFailed: false,
  }),
  initial: 'deciding',
  on: {
    'session.loggedIn': { target: '.loading', actions: assign({ member: true }) },
    'session.loggedOut': { target: '.visitor', actions: assign({ member: false, saveFailed: false }) },
  },
  states: {
    deciding: { always: [{ guard: 'member', target: 'loading' }, { target: 'visitor' }] },
    /** A visitor's choice lasts for this visit only. */
    visitor: {
      on: {
        'odds.select': {
          guard: 'changed',
          actions: assign({ oddsType: ({ event }) => event.oddsType }),
        },
      },
    },
    loading: {
      invoke: {
        src: 'load',
        onDone: {
          target: 'ready',
          actions: assign({
            oddsType: ({ event }) => event.output.oddsType,
            saved: ({ event }) => event.output.oddsType,
          }),
        },
        onError: 'loadFailed',
      },
    },
    /** The saved type could not be read: the default shows; the player may read again or choose. */
    loadFailed: {
      on: {
        'odds.retry': 'loading',
        'odds.select': {
          guard: 'changed',
          target: 'saving',
          actions: assign({ oddsType: ({ event }) => event.oddsType, saveFailed: false }),
        },
      },
    },
    ready: {
      on: {
        'odds.select': {
          guard: 'changed',
          target: 'saving',
          actions: assign({ oddsType: ({ event }) => event.oddsType, saveFailed: false }),
        },
      },
    },
    saving: {
      invoke: {
        src: 'save',
        input: ({ context }) => ({ oddsType: context.oddsType }),
        onDone: { target: 'ready', actions: assign({ saved: ({ event }) => event.output.oddsType }) },
        onError: {
          target: 'ready',
          actions: assign({ oddsType: ({ context }) => context.saved, saveFailed: true }),
        },
      },
      on: {
        // A second choice before the first was saved: that one is saved instead.
        'odds.select': {
          guard: 'changed',
          target: 'saving',
          reenter: true,
          actions: assign({ oddsType: ({ event }) => event.oddsType }),
        },
      },
    },
  },
});
