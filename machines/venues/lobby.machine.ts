import { assign, fromPromise, setup } from 'xstate';
import {
  GAME_PAGE_SIZE_DEFAULT,
  GAME_SEARCH_MAX_LENGTH,
  LOBBY_PLATFORM,
  type GameTag,
  type GamesRequest,
  type GamesResponse,
  type Lobby,
  type LobbyResponse,
  type LobbyVenue,
  type RecentGame,
  type RecentGamesResponse,
} from '../../src/protocol/venues.ts';

// One game lobby (issue 11 §1; spec §2 /game/chess … /game/fishing), three regions:
// - venues: the lobby's venues (logo, name, status; maintenance until when; not open yet);
// - grid: the game grid of the venue the player looks at (the first venue with a game list to begin with),
//   searched (debounced: spec §9 handler debounce 350 ms), filtered by tag and paged; a new search, tag, page
//   or venue replaces the answer being waited for;
// - recent: the player's recent games of this lobby's category, at the top, for a member only (read again
//   after a launch and when the player logs in).

/** spec §9: handler debounce 350 ms (the search field waits for the player to stop typing). */
export const SEARCH_DEBOUNCE_MS = 350;

export interface LobbyInput {
  lobby: Lobby;
  member: boolean;
}

interface Context extends LobbyInput {
  venues: LobbyVenue[] | null;
  /** The venue whose game grid is shown (a venue with a game list), or null when the lobby has none. */
  venue: string | null;
  /** What the search field holds (cut to GAME_SEARCH_MAX_LENGTH). */
  search: string;
  tag: GameTag | null;
  page: number;
  games: GamesResponse | null;
  recent: RecentGame[] | null;
}

export type LobbyEvent =
  | { type: 'lobby.retry' }
  | { type: 'grid.venue'; venue: string }
  | { type: 'grid.search'; text: string }
  | { type: 'grid.tag'; tag: GameTag | null }
  | { type: 'grid.page'; page: number }
  | { type: 'grid.retry' }
  | { type: 'recent.retry' }
  | { type: 'lobby.launched' }
  | { type: 'session.loggedIn' }
  | { type: 'session.loggedOut' };

/** The last page of a grid answer (at least 1). */
export const pagesOf = (g: GamesResponse | null) => (g ? Math.max(1, Math.ceil(g.total / g.size)) : 1);

/** The first venue of the lobby with a game list: its grid shows first. */
const firstWithGames = (venues: LobbyVenue[]) => venues.find((v) => v.hasGames)?.code ?? null;

export const lobbyMachine = setup({
  types: {} as { context: Context; events: LobbyEvent; input: LobbyInput },
  actors: {
    loadVenues: fromPromise<LobbyResponse, { lobby: Lobby }>(async () => {
      throw new Error('provided at composition');
    }),
    loadGames: fromPromise<GamesResponse, GamesRequest>(async () => {
      throw new Error('provided at composition');
    }),
    loadRecent: fromPromise<RecentGamesResponse>(async () => {
      throw new Error('provided at composition');
    }),
  },
  delays: { debounce: SEARCH_DEBOUNCE_MS },
  guards: {
    member: ({ context }) => context.member,
    hasGrid: ({ context }) => context.venue !== null,
    gridVenue: ({ context, event }) =>
      event.type === 'grid.venue' &&
      event.venue !== context.venue &&
      !!context.venues?.some((v) => v.code === event.venue && v.hasGames),
    newTag: ({ context, event }) =>
      context.venue !== null && event.type === 'grid.tag' && event.tag !== context.tag,
    pageExists: ({ context, event }) =>
      event.type === 'grid.page' &&
      event.page !== context.page &&
      event.page >= 1 &&
      event.page <= pagesOf(context.games),
  },
}).createMachine({
  id: 'lobby',
  type: 'parallel',
  context: ({ input }) => ({
    ...input,
    venues: null,
    venue: null,
    search: '',
    tag: null,
    page: 1,
    games: null,
    recent: null,
  }),
  states: {
    venues: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadVenues',
            input: ({ context }) => ({ lobby: context.lobby }),
            onDone: {
              target: 'ready',
              actions: assign({
                venues: ({ event }) => event.output.venues,
                venue: ({ event }) => firstWithGames(event.output.venues),
              }),
            },
            onError: 'failed',
          },
        },
        ready: {},
        failed: { on: { 'lobby.retry': 'loading' } },
      },
    },
    grid: {
      initial: 'idle',
      on: {
        'grid.venue': {
          guard: 'gridVenue',
          target: '.loading',
          actions: assign({
            venue: ({ event }) => event.venue,
            search: '',
            tag: null,
            page: 1,
            games: null,
          }),
        },
        'grid.search': {
          guard: 'hasGrid',
          target: '.debouncing',
          actions: assign({ search: ({ event }) => event.text.slice(0, GAME_SEARCH_MAX_LENGTH) }),
        },
        'grid.tag': {
          guard: 'newTag',
          target: '.loading',
          actions: assign({ tag: ({ event }) => event.tag, page: 1 }),
        },
        'grid.page': {
          guard: 'pageExists',
          target: '.loading',
          actions: assign({ page: ({ event }) => event.page }),
        },
      },
      states: {
        /** No venue of the lobby has a game list (yet: the venues are being read). */
        idle: { always: { guard: 'hasGrid', target: 'loading' } },
        /** The player is typing: the grid is asked once they stop. */
        debouncing: {
          after: { debounce: { target: 'loading', actions: assign({ page: 1 }) } },
        },
        loading: {
          invoke: {
            src: 'loadGames',
            input: ({ context }) => {
              const req: GamesRequest = {
                venue: context.venue!,
                page: context.page,
                size: GAME_PAGE_SIZE_DEFAULT,
              };
              const search = context.search.trim();
              if (search) req.search = search;
              if (context.tag) req.tag = context.tag;
              return req;
            },
            onDone: { target: 'ready', actions: assign({ games: ({ event }) => event.output }) },
            onError: 'failed',
          },
        },
        ready: {},
        failed: { on: { 'grid.retry': 'loading' } },
      },
    },
    recent: {
      initial: 'deciding',
      on: {
        'session.loggedIn': { target: '.loading', actions: assign({ member: true }) },
        'session.loggedOut': { target: '.off', actions: assign({ member: false, recent: null }) },
      },
      states: {
        deciding: { always: [{ guard: 'member', target: 'loading' }, { target: 'off' }] },
        /** A visitor has no recent games. */
        off: {},
        loading: {
          invoke: {
            src: 'loadRecent',
            onDone: {
              target: 'ready',
              actions: assign({
                recent: ({ context, event }) =>
                  event.output.items.filter((g) => g.platform === LOBBY_PLATFORM[context.lobby]),
              }),
            },
            onError: 'failed',
          },
        },
        ready: { on: { 'lobby.launched': 'loading' } },
        failed: { on: { 'recent.retry': 'loading', 'lobby.launched': 'loading' } },
      },
    },
  },
});
