// A game lobby's model (issue 11 §1), written from the issue: the lobby's venues; for venues with a game list a
// searchable (debounced, spec §9 handler debounce 350 ms), tag-filterable, paged grid; the member's recent games
// of this category at the top (read again after a launch and on login; none for a visitor). Regions move
// independently: the expected state is a function of the events so far.
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { lobbyMachine, type LobbyInput } from '../../../machines/venues/lobby.machine.ts';
import type { Fakes, MachineModel, OracleArgs } from '../../support/model-paths.ts';
import { NO_ANSWER, running } from './fixtures.ts';

export const VENUES = '0.lobby.venues.loading';
export const GAMES = '0.lobby.grid.loading';
export const RECENT = '0.lobby.recent.loading';
const DEBOUNCE = 'xstate.after.debounce.lobby.grid.debouncing';
/** spec §9: handler debounce 350 ms. */
const DEBOUNCE_MS = 350;
/** Design (docs/venues.md; src/protocol/venues.ts): 24 games a page, a search of at most 20 characters. */
const PAGE_SIZE = 24;
const SEARCH_MAX = 20;

const venue = (code: string, hasGames: boolean, extra: Record<string, unknown> = {}) => ({
  code,
  name: code,
  platform: 'DZ',
  provider: 'two',
  logo: `/media/venues/${code}.svg`,
  status: 'open',
  maintenanceUntil: null,
  playable: false,
  hasGames,
  ...extra,
});
/** The slots lobby: two venues with game lists, one under maintenance. */
const SLOTS = {
  lobby: 'egame',
  venues: [
    venue('MGDZ', false, { status: 'maintenance', maintenanceUntil: '2026-11-25T10:00:00.000Z' }),
    venue('PGDZ', true),
    venue('JDBDZ', true),
  ],
};
/** The sport lobby: no game lists. */
const SPORT = { lobby: 'sport', venues: [venue('IMTY', false, { platform: 'TY', playable: true })] };
/** 30 games: 2 pages of 24. */
const GRID = (venueCode: string) => ({
  venue: venueCode,
  items: [{ code: 'fortune-ox', name: '金牛', icon: '/media/games/ox.svg', tags: ['hot'] }],
  total: 30,
  page: 1,
  size: PAGE_SIZE,
});
const recentGame = (platform: string, venueCode: string, game: string | null) => ({
  venue: venueCode,
  venueName: venueCode,
  platform,
  gameCode: game,
  gameName: game,
  icon: null,
  playedAt: '2026-11-25T09:00:00.000Z',
});
/** A slot game and a sport venue: the slots lobby shows only its own category's. */
const RECENT_ITEMS = { items: [recentGame('DZ', 'PGDZ', 'fortune-ox'), recentGame('TY', 'IMTY', null)] };

const LONG = '一二三四五六七八九十一二三四五六七八九十多余';

const EVENTS: AnyEventObject[] = [
  { type: `xstate.done.actor.${VENUES}`, output: SLOTS },
  { type: `xstate.error.actor.${VENUES}`, error: NO_ANSWER },
  { type: 'lobby.retry' },
  { type: 'grid.venue', venue: 'JDBDZ' },
  { type: 'grid.venue', venue: 'PGDZ' },
  { type: 'grid.venue', venue: 'MGDZ' },
  { type: 'grid.search', text: '金牛' },
  { type: 'grid.search', text: LONG },
  { type: DEBOUNCE },
  { type: 'grid.tag', tag: 'hot' },
  { type: 'grid.tag', tag: null },
  { type: 'grid.page', page: 2 },
  { type: 'grid.page', page: 3 },
  { type: `xstate.done.actor.${GAMES}`, output: GRID('PGDZ') },
  { type: `xstate.error.actor.${GAMES}`, error: NO_ANSWER },
  { type: 'grid.retry' },
  { type: `xstate.done.actor.${RECENT}`, output: RECENT_ITEMS },
  { type: `xstate.error.actor.${RECENT}`, error: NO_ANSWER },
  { type: 'recent.retry' },
  { type: 'lobby.launched' },
  { type: 'session.loggedIn' },
  { type: 'session.loggedOut' },
];

const provideLobby = (fakes: Fakes) =>
  lobbyMachine.provide({
    actors: {
      loadVenues: fakes.promise('loadVenues'),
      loadGames: fakes.promise('loadGames'),
      loadRecent: fakes.promise('loadRecent'),
    },
  });

interface Model {
  venues: string;
  grid: string;
  recent: string;
  list: Array<{ code: string; hasGames: boolean }> | null;
  venue: string | null;
  search: string;
  tag: string | null;
  page: number;
  total: number | null;
  member: boolean;
}

/** What the issue says the lobby holds after these events. */
function simulate(input: LobbyInput, history: readonly AnyEventObject[]): Model {
  const m: Model = {
    venues: 'loading',
    grid: 'idle',
    recent: input.member ? 'loading' : 'off',
    list: null,
    venue: null,
    search: '',
    tag: null,
    page: 1,
    total: null,
    member: input.member,
  };
  const toGrid = () => {
    m.grid = 'loading';
  };
  for (const e of history) {
    const pages = m.total === null ? 1 : Math.ceil(m.total / PAGE_SIZE);
    switch (e.type) {
      case `xstate.done.actor.${VENUES}`:
        m.venues = 'ready';
        m.list = (e['output'] as typeof SLOTS).venues;
        // The first venue with a game list shows its grid.
        m.venue = m.list.find((v) => v.hasGames)?.code ?? null;
        if (m.venue) toGrid();
        break;
      case `xstate.error.actor.${VENUES}`:
        m.venues = 'failed';
        break;
      case 'lobby.retry':
        // Each 重试 is offered where its part failed to load.
        if (m.venues === 'failed') m.venues = 'loading';
        break;
      case 'grid.venue':
        if (e['venue'] !== m.venue && m.list?.some((v) => v.code === e['venue'] && v.hasGames)) {
          m.venue = e['venue'];
          m.search = '';
          m.tag = null;
          m.page = 1;
          m.total = null;
          toGrid();
        }
        break;
      case 'grid.search':
        if (m.venue) {
          m.search = (e['text'] as string).slice(0, SEARCH_MAX);
          m.grid = 'debouncing';
        }
        break;
      case DEBOUNCE:
        m.page = 1;
        toGrid();
        break;
      case 'grid.tag':
        if (m.venue && e['tag'] !== m.tag) {
          m.tag = e['tag'];
          m.page = 1;
          toGrid();
        }
        break;
      case 'grid.page':
        if (e['page'] !== m.page && e['page'] >= 1 && e['page'] <= pages) {
          m.page = e['page'];
          toGrid();
        }
        break;
      case `xstate.done.actor.${GAMES}`:
        m.grid = 'ready';
        m.total = (e['output'] as { total: number }).total;
        break;
      case `xstate.error.actor.${GAMES}`:
        m.grid = 'failed';
        break;
      case 'grid.retry':
        if (m.grid === 'failed') toGrid();
        break;
      case `xstate.done.actor.${RECENT}`:
        m.recent = 'ready';
        break;
      case `xstate.error.actor.${RECENT}`:
        m.recent = 'failed';
        break;
      case 'recent.retry':
        if (m.recent === 'failed') m.recent = 'loading';
        break;
      case 'lobby.launched':
        // A visitor has no recent games (a launch needs a member).
        if (m.recent !== 'off') m.recent = 'loading';
        break;
      case 'session.loggedIn':
        m.member = true;
        m.recent = 'loading';
        break;
      case 'session.loggedOut':
        m.member = false;
        m.recent = 'off';
        break;
    }
  }
  return m;
}

const leaves = (m: Model) => `venues.${m.venues} | grid.${m.grid} | recent.${m.recent}`;

const ORACLES: Record<string, (o: OracleArgs) => void> = {
  'venues.loading': (o) => {
    expect(running(o)).toContain(VENUES);
    expect(o.fakes.invocations.filter((i) => i.src === 'loadVenues').at(-1)!.input).toEqual({
      lobby: o.input.lobby,
    });
  },
  'venues.ready': (o) => {
    expect(running(o)).not.toContain(VENUES);
    expect(o.snapshot.context.venues).toEqual(simulate(o.input, o.history).list);
  },
  'venues.failed': (o) => {
    expect(running(o)).not.toContain(VENUES);
    expect(o.snapshot.context.venues).toBeNull();
  },
  // No venue with a game list (or none read yet): no grid is asked for.
  'grid.idle': (o) => {
    expect(running(o)).not.toContain(GAMES);
    expect(o.snapshot.context.venue).toBeNull();
    expect(o.fakes.invocations.filter((i) => i.src === 'loadGames')).toEqual([]);
  },
  // Typing: nothing is asked until 350 ms after the last key (the replay checks 1 ms early).
  'grid.debouncing': (o) => {
    expect(running(o)).not.toContain(GAMES);
    expect(o.snapshot.context.search).toBe(simulate(o.input, o.history).search);
    expect(o.snapshot.context.search.length).toBeLessThanOrEqual(SEARCH_MAX);
  },
  'grid.loading': (o) => {
    expect(running(o)).toContain(GAMES);
    const m = simulate(o.input, o.history);
    const asked: Record<string, unknown> = { venue: m.venue, page: m.page, size: PAGE_SIZE };
    if (m.search.trim()) asked['search'] = m.search.trim();
    if (m.tag) asked['tag'] = m.tag;
    expect(o.fakes.invocations.filter((i) => i.src === 'loadGames').at(-1)!.input).toEqual(asked);
  },
  'grid.ready': (o) => {
    expect(running(o)).not.toContain(GAMES);
    expect(o.snapshot.context.games).toEqual(GRID('PGDZ'));
  },
  'grid.failed': (o) => expect(running(o)).not.toContain(GAMES),
  'recent.off': (o) => {
    expect(running(o)).not.toContain(RECENT);
    expect(o.snapshot.context.recent).toBeNull();
  },
  'recent.loading': (o) => expect(running(o)).toContain(RECENT),
  'recent.ready': (o) => {
    expect(running(o)).not.toContain(RECENT);
    // Only this lobby's category: the slots lobby keeps the slot game, not the sport venue.
    expect(o.snapshot.context.recent).toEqual(
      o.input.lobby === 'egame' ? [RECENT_ITEMS.items[0]] : [RECENT_ITEMS.items[1]],
    );
  },
  'recent.failed': (o) => expect(running(o)).not.toContain(RECENT),
};

const key = (s: { value: unknown; context: Record<string, unknown> }) => ({
  value: s.value,
  venue: s.context['venue'],
  tag: s.context['tag'],
  page: s.context['page'],
  total: (s.context['games'] as { total: number } | null)?.total ?? null,
  member: s.context['member'],
  read: s.context['venues'] !== null,
});

export const lobbyModel: MachineModel<typeof lobbyMachine> = {
  title: 'game lobby',
  machine: lobbyMachine,
  graphs: [
    {
      name: 'a member in the slots lobby',
      input: { lobby: 'egame', member: true },
      events: EVENTS,
      key,
      maxWalk: 80,
    },
    {
      name: 'a visitor in the sport lobby (no game lists)',
      input: { lobby: 'sport', member: false },
      events: [
        { type: `xstate.done.actor.${VENUES}`, output: SPORT },
        { type: `xstate.error.actor.${VENUES}`, error: NO_ANSWER },
        ...EVENTS.filter((e) => !e.type.startsWith(`xstate.`) || e.type.includes('recent')),
      ],
      key,
    },
  ],
  harness: {
    logic: provideLobby,
    initial: (input: LobbyInput) => `venues.loading | grid.idle | recent.${input.member ? 'loading' : 'off'}`,
    transitions: ({ input, history }) => leaves(simulate(input, history)),
    oracles: ORACLES,
    delays: { debounce: DEBOUNCE_MS },
  },
};
