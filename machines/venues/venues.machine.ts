import { assign, enqueueActions, sendParent, sendTo, setup, type AnyActorRef } from 'xstate';
import { LOBBIES, type Lobby } from '../../src/protocol/venues.ts';
import type { AreaEvent, AreaInput } from '../area.ts';
import { loginStatus } from '../session.machine.ts';
import { betRecordMachine } from './bet-record.machine.ts';
import { venueOfPage } from './common.ts';
import { launchMachine } from './launch.machine.ts';
import { lobbyMachine } from './lobby.machine.ts';
import { oddsTypeMachine } from './odds-type.machine.ts';
import { sportLobbyMachine } from './sport-lobby.machine.ts';
import { venuePageMachine } from './venue-page.machine.ts';

// The venues area's actor (issue 11): the seven lobbies (/game/*), the embedded venue pages (spec §2
// `sport/im?url=`...) and the bet record (/mine/record/betRecord). It runs the flow of the page the player is on
// as its child — a lobby with the launch beside it, the venue page's balance bar, or the record query — and,
// across them, the player's odds type (every odds figure of the area is shown in it). It passes the session's
// changes to its children and turns their navigation into the app's.

export const BET_RECORD_PATH = '/mine/record/betRecord';
const LOBBY_PREFIX = '/game/';

export type VenuesPage =
  | { page: 'lobby'; lobby: Lobby }
  | { page: 'venuePage'; venue: string }
  | { page: 'betRecord' }
  | { page: 'none' };

export function venuesPageOf(path: string): VenuesPage {
  if (path.startsWith(LOBBY_PREFIX)) {
    const lobby = path.slice(LOBBY_PREFIX.length) as Lobby;
    if (LOBBIES.includes(lobby)) return { page: 'lobby', lobby };
  }
  if (path === BET_RECORD_PATH) return { page: 'betRecord' };
  const venue = venueOfPage(path);
  if (venue) return { page: 'venuePage', venue };
  return { page: 'none' };
}

export interface VenuesInput extends AreaInput {
  /** Logged in; read from the session actor when not given. */
  member?: boolean;
  /** A phone (or a phone-sized window): framed venues show their phone page. */
  phone: boolean;
  https: boolean;
  /** Today in China time (YYYY-MM-DD), the bet record's first range. */
  today: string;
}

interface Context {
  path: string;
  member: boolean;
  phone: boolean;
  https: boolean;
  today: string;
}

export type VenuesEvent =
  | AreaEvent
  /** From the children (sendParent). */
  | { type: 'venues.navigate'; to: string }
  | { type: 'venues.launched' };

/** Whether the session actor of the system says the player is logged in (restoring is not yet). */
export const memberIn = (system: { get: (id: string) => AnyActorRef | undefined }): boolean =>
  loginStatus(system.get('session')?.getSnapshot() as Parameters<typeof loginStatus>[0]) === 'member';

/** How the children tell the area what happened (the composition provides them again with its effects). */
type Signal = () => void;
export const CHILD_SIGNALS = {
  launch: {
    navigate: sendParent((_, params: { to: string }) => ({
      type: 'venues.navigate',
      to: params.to,
    })) as unknown as Signal,
    launched: sendParent({ type: 'venues.launched' }) as unknown as Signal,
  },
};

/** The area actor's parent is the app actor: it navigates on app.navigate. */
export const NAVIGATE = sendParent((_, params: { to: string }) => ({ type: 'app.navigate', to: params.to }));

const page = (c: Context) => venuesPageOf(c.path);

export const venuesMachine = setup({
  types: {} as { context: Context; events: VenuesEvent; input: VenuesInput },
  actors: {
    lobby: lobbyMachine,
    sportLobby: sportLobbyMachine,
    launch: launchMachine.provide({ actions: CHILD_SIGNALS.launch }),
    oddsType: oddsTypeMachine,
    venuePage: venuePageMachine,
    betRecord: betRecordMachine,
  },
  actions: {
    /** Sends the player to a page: provided at composition as NAVIGATE (the app actor's app.navigate). */
    navigate: (_, _params: { to: string }) => {},
    /** The player logged out: the venue credentials kept for the providers are forgotten. */
    forgetVenueSessions: () => {},
    /** The session changed: the player's odds type follows it (it runs on every page of the area). */
    tellOddsType: sendTo('oddsType', ({ event }) => event as never),
    /** ... and so do the lobby (recent games) and the launch (a visitor's pick goes to the login). */
    tellLobby: sendTo('lobby', ({ event }) => event as never),
    tellLaunch: sendTo('launch', ({ event }) => event as never),
    /** ... and, in the sport lobby, its counts and live odds (a member's only). */
    tellSport: sendTo('sportLobby', ({ event }) => event as never),
  },
  guards: {
    onLobby: ({ context }) => page(context).page === 'lobby',
    onVenuePage: ({ context }) => page(context).page === 'venuePage',
    onBetRecord: ({ context }) => page(context).page === 'betRecord',
    onSport: ({ context }) => {
      const p = page(context);
      return p.page === 'lobby' && p.lobby === 'sport';
    },
    moved: ({ context, event }) => event.type === 'route.changed' && event.path !== context.path,
  },
}).createMachine({
  id: 'venues',
  context: ({ input, self }) => ({
    path: input.path,
    member: input.member ?? memberIn(self.system),
    phone: input.phone,
    https: input.https,
    today: input.today,
  }),
  invoke: { id: 'oddsType', src: 'oddsType', input: ({ context }) => ({ member: context.member }) },
  initial: 'deciding',
  on: {
    'route.changed': {
      guard: 'moved',
      target: '.deciding',
      actions: assign({ path: ({ event }) => event.path }),
    },
    'session.loggedIn': { actions: [assign({ member: true }), 'tellOddsType'] },
    'session.loggedOut': { actions: [assign({ member: false }), 'tellOddsType', 'forgetVenueSessions'] },
    'venues.navigate': { actions: { type: 'navigate', params: ({ event }) => ({ to: event.to }) } },
  },
  states: {
    deciding: {
      always: [
        { guard: 'onLobby', target: 'lobby' },
        { guard: 'onVenuePage', target: 'venuePage' },
        { guard: 'onBetRecord', target: 'betRecord' },
        { target: 'none' },
      ],
    },
    lobby: {
      invoke: [
        {
          id: 'lobby',
          src: 'lobby',
          input: ({ context }) => ({
            lobby: (page(context) as { lobby: Lobby }).lobby,
            member: context.member,
          }),
        },
        {
          id: 'launch',
          src: 'launch',
          input: ({ context }) => ({
            member: context.member,
            phone: context.phone,
            https: context.https,
            lobbyPath: context.path,
          }),
        },
      ],
      on: {
        // A state's own handler replaces the root's: it does what the root does, and tells the lobby's flow.
        'session.loggedIn': {
          actions: [assign({ member: true }), 'tellOddsType', 'tellLobby', 'tellLaunch'],
        },
        'session.loggedOut': {
          actions: [
            assign({ member: false }),
            'tellOddsType',
            'tellLobby',
            'tellLaunch',
            'forgetVenueSessions',
          ],
        },
        'venues.launched': {
          actions: enqueueActions(({ enqueue }) => enqueue.sendTo('lobby', { type: 'lobby.launched' })),
        },
      },
      initial: 'choosing',
      states: {
        choosing: { always: [{ guard: 'onSport', target: 'sport' }, { target: 'plain' }] },
        /** The sport lobby: the venues' match counts and live odds beside the lobby. */
        sport: {
          invoke: {
            id: 'sportLobby',
            src: 'sportLobby',
            input: ({ context }) => ({ member: context.member }),
          },
          on: {
            'session.loggedIn': {
              actions: [assign({ member: true }), 'tellOddsType', 'tellLobby', 'tellLaunch', 'tellSport'],
            },
            'session.loggedOut': {
              actions: [
                assign({ member: false }),
                'tellOddsType',
                'tellLobby',
                'tellLaunch',
                'tellSport',
                'forgetVenueSessions',
              ],
            },
          },
        },
        plain: {},
      },
    },
    venuePage: {
      invoke: {
        id: 'venuePage',
        src: 'venuePage',
        input: ({ context }) => ({ venue: (page(context) as { venue: string }).venue }),
      },
    },
    betRecord: {
      invoke: { id: 'betRecord', src: 'betRecord', input: ({ context }) => ({ today: context.today }) },
    },
    /** Not a page of this area (the router sends none here). */
    none: {},
  },
});
