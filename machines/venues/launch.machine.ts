import { assign, fromPromise, setup } from 'xstate';
import { CODE, SITE_ID } from '../../src/protocol/api.ts';
import {
  GAME_PARAM,
  PLAY_PARAM,
  type LaunchRequest,
  type LaunchResult,
  type VenueWalletEmpty,
} from '../../src/protocol/venues.ts';
import { loginFor } from '../navigation-policy.ts';
import { codeOf, embeddedPageOf, framedAt, refusalOf, type VenueRefusal } from './common.ts';

// The venue launch (issue 11 §2; spec §7 POST /game/api/v1/venue/launch). A player picks a venue or a game:
// - a visitor is sent to log in, and comes back to the lobby with the pick in its query (`?play=&game=`): the
//   lobby picks it again and the launch proceeds;
// - a member's launch answers the venue's URLs: a framed venue (spec §2 embedded pages) opens its page inside
//   the site with `?url=` (the phone page on phones, the desktop page otherwise); any other venue opens its URL;
// - 30062: with 免转 off the launch moved nothing into an empty venue wallet while the central wallet has money:
//   the player is told, offered the transfer page, or to go in anyway (the same launch with isSure 1);
// - any other coded refusal (6014 maintenance with its end, 30063 not open yet, 30064 no game, 30001...) is
//   shown where the player is: the lobby, its search and its page stay as they were.


/** spec §7 launch fields the site sends on a player's own launch. */
const MANUAL_LAUNCH = 1;
const NOT_APP = 0;
const SURE = 1;

export interface LaunchPick {
  venue: string;
  /** null: the venue is launched as a whole. */
  game: string | null;
}

export interface LaunchInput {
  /** The player is logged in (the area reads the session when it starts). */
  member: boolean;
  /** A phone (or a phone-sized window): a framed venue shows its phone page (h5Url). */
  phone: boolean;
  /** The site is served over https (spec §7 `https`). */
  https: boolean;
  /** The lobby the launch starts from: a visitor comes back to it after logging in. */
  lobbyPath: string;
}

interface Context extends LaunchInput {
  pick: LaunchPick | null;
  /** The player confirmed launching into an empty venue wallet (spec §7 isSure). */
  sure: boolean;
  result: LaunchResult | null;
  refusal: VenueRefusal | null;
  /** 30062: the two balances the server named (the venue wallet's is 0). */
  empty: VenueWalletEmpty | null;
}

export type LaunchEvent =
  | { type: 'launch.pick'; venue: string; game: string | null }
  | { type: 'launch.confirm' }
  | { type: 'launch.cancel' }
  | { type: 'launch.retry' }
  | { type: 'launch.dismiss' }
  | { type: 'session.loggedIn' }
  | { type: 'session.loggedOut' };

/** The lobby address that brings a pick back after the login. */
export function resumeSearch(pick: LaunchPick): string {
  const q = new URLSearchParams({ [PLAY_PARAM]: pick.venue });
  if (pick.game) q.set(GAME_PARAM, pick.game);
  return `?${q.toString()}`;
}

/** What the launch sends (spec §7 fields; 免转 decides the transfer, so appSendMoney is left out). */
export function launchRequestOf(c: Pick<Context, 'pick' | 'https' | 'sure'>): LaunchRequest {
  const req: LaunchRequest = {
    enName: c.pick!.venue,
    isManualLaunch: MANUAL_LAUNCH,
    https: c.https ? 1 : 0,
    isApp: NOT_APP,
    siteId: SITE_ID,
  };
  if (c.pick!.game) req.gameCode = c.pick!.game;
  if (c.sure) req.isSure = SURE;
  return req;
}

/** 30062's data (the two balances), as far as the answer carried it. */
function emptyOf(error: unknown, venue: string): VenueWalletEmpty {
  const data = ((error as { data?: unknown } | null)?.data ?? {}) as Partial<VenueWalletEmpty>;
  return {
    venue: typeof data.venue === 'string' ? data.venue : venue,
    venueBalance: typeof data.venueBalance === 'number' ? data.venueBalance : 0,
    central: typeof data.central === 'number' ? data.central : 0,
  };
}

const pickOf = (event: LaunchEvent): LaunchPick =>
  event.type === 'launch.pick' ? { venue: event.venue, game: event.game } : { venue: '', game: null };

export const launchMachine = setup({
  types: {} as { context: Context; events: LaunchEvent; input: LaunchInput },
  actors: {
    launch: fromPromise<LaunchResult, LaunchRequest>(async () => {
      throw new Error('provided at composition');
    }),
  },
  actions: {
    /** Sends the player to a page of the site (the area forwards it as app.navigate). */
    navigate: (_, _params: { to: string }) => {},
    /** Opens a venue that is not framed by the site (its own page). */
    openExternal: (_, _params: { url: string }) => {},
    /** A launch went through (the lobby reads the recent games again). */
    launched: () => {},
  },
  guards: {
    member: ({ context }) => context.member,
    /** 30062: 免转 off, an empty venue wallet and money in the central wallet. */
    walletEmpty: ({ event }) => codeOf((event as { error?: unknown }).error) === CODE.venueWalletEmpty,
    framed: ({ context }) => context.pick !== null && embeddedPageOf(context.pick.venue) !== null,
    answered: ({ event }) => (event as { error?: { type?: string } }).error?.type === 'business',
  },
}).createMachine({
  id: 'launch',
  context: ({ input }) => ({ ...input, pick: null, sure: false, result: null, refusal: null, empty: null }),
  initial: 'idle',
  on: {
    'session.loggedIn': { actions: assign({ member: true }) },
    'session.loggedOut': { target: '.idle', actions: assign({ member: false, pick: null }) },
  },
  states: {
    idle: {
      on: {
        'launch.pick': [
          {
            guard: 'member',
            target: 'launching',
            actions: assign({ pick: ({ event }) => pickOf(event), sure: false, refusal: null }),
          },
          // issue 11 §1: a visitor who picks a game is asked to log in and comes back to it.
          {
            actions: {
              type: 'navigate',
              params: ({ context, event }) => ({
                to: loginFor(context.lobbyPath, resumeSearch(pickOf(event))),
              }),
            },
          },
        ],
      },
    },
    /** Told (30062): 免转 is off and the venue wallet is empty; transfer first (a link), go in anyway, or not. */
    confirmEmpty: {
      on: {
        'launch.confirm': { target: 'launching', actions: assign({ sure: true, empty: null }) },
        'launch.cancel': { target: 'idle', actions: assign({ pick: null, empty: null }) },
        'launch.pick': {
          target: 'launching',
          actions: assign({ pick: ({ event }) => pickOf(event), sure: false, empty: null }),
        },
      },
    },
    launching: {
      invoke: {
        src: 'launch',
        input: ({ context }) => launchRequestOf(context),
        onDone: [
          {
            guard: 'framed',
            target: 'idle',
            actions: [
              assign({ result: ({ event }) => event.output }),
              'launched',
              {
                type: 'navigate',
                params: ({ context, event }) => ({
                  to: framedAt(
                    embeddedPageOf(context.pick!.venue)!,
                    context.phone ? event.output.h5Url : event.output.url,
                  ),
                }),
              },
            ],
          },
          {
            target: 'idle',
            actions: [
              assign({ result: ({ event }) => event.output }),
              'launched',
              {
                type: 'openExternal',
                params: ({ context, event }) => ({
                  url: context.phone ? event.output.h5Url : event.output.url,
                }),
              },
            ],
          },
        ],
        onError: [
          {
            guard: 'walletEmpty',
            target: 'confirmEmpty',
            actions: assign({ empty: ({ context, event }) => emptyOf(event.error, context.pick!.venue) }),
          },
          {
            guard: 'answered',
            target: 'refused',
            actions: assign({ refusal: ({ event }) => refusalOf(event.error) }),
          },
          { target: 'failed' },
        ],
      },
    },
    /** A coded refusal, shown where the player is. */
    refused: {
      on: {
        'launch.dismiss': { target: 'idle', actions: assign({ refusal: null, pick: null }) },
        'launch.pick': {
          target: 'launching',
          actions: assign({ pick: ({ event }) => pickOf(event), sure: false, refusal: null }),
        },
      },
    },
    /** No answer: the player may try the same launch again. */
    failed: {
      on: {
        'launch.retry': 'launching',
        'launch.dismiss': { target: 'idle', actions: assign({ pick: null }) },
        'launch.pick': {
          target: 'launching',
          actions: assign({ pick: ({ event }) => pickOf(event), sure: false }),
        },
      },
    },
  },
});
