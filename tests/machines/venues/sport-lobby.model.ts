// The sport lobby's live part (issue 11 §1, §3; spec §4, §9), written from the issue: a member's sports venues are
// launched quietly; then their counts are polled (the sport-count machine: its own model) and a few live matches
// of each with their 1X2 prices are read, and read again every 30 s (design, docs/venues.md "Front end") while
// the tab is shown; hidden, the counts and the odds stop; provider two's and three's parameter machines run beside
// them; a visitor gets nothing launched. Leaving the lobby stops the actor (the area's model).
import { expect } from 'vitest';
import { fromCallback, type AnyEventObject } from 'xstate';
import { sportLobbyMachine, type SportLobbyInput } from '../../../machines/venues/sport-lobby.machine.ts';
import type { Fakes, MachineModel, OracleArgs } from '../../support/model-paths.ts';
import { NO_ANSWER } from './fixtures.ts';

export const PREPARE = '0.sportLobby.preparing';
export const ODDS = '0.sportLobby.live.loading';
const REFRESH = 'xstate.after.refresh.sportLobby.live.shown';
/** Design (docs/venues.md "Front end"): the live odds are read again every 30 s. */
const REFRESH_MS = 30_000;

const LAUNCHED = { venues: [{ venue: 'IMTY', token: '/sandbox/sportsbook/count/c0unt' }] };
const ODDS_OUT = {
  IMTY: [
    {
      id: 'FB20261125001',
      sport: 'football',
      league: '沙盒超级联赛',
      home: '红队',
      away: '蓝队',
      startsAt: '2026-11-25T10:00:00.000Z',
      phase: 'live',
      score: { home: 1, away: 0 },
      clock: "63'",
      prices: [
        { pick: 'home', odds: 1_950, suspended: false },
        { pick: 'draw', odds: 3_400, suspended: false },
        { pick: 'away', odds: 4_100, suspended: false },
      ],
    },
  ],
};

const EVENTS: AnyEventObject[] = [
  { type: `xstate.done.actor.${PREPARE}`, output: LAUNCHED },
  { type: `xstate.error.actor.${PREPARE}`, error: NO_ANSWER },
  { type: 'sport.retry' },
  { type: `xstate.done.actor.${ODDS}`, output: ODDS_OUT },
  { type: `xstate.error.actor.${ODDS}`, error: NO_ANSWER },
  { type: REFRESH },
  { type: 'page.hidden' },
  { type: 'page.visible' },
  { type: 'session.loggedIn' },
  { type: 'session.loggedOut' },
];

const CHILDREN = ['sportCount', 'providerParams', 'watchVisibility'] as const;

function provideSport(fakes: Fakes) {
  const child = (name: string) =>
    fromCallback(({ input, receive }) => {
      fakes.invocations.push({ src: name, id: name, input });
      const got = fakes.recorder(`${name}.got`);
      receive((event) => got(event));
      return () => {};
    });
  return sportLobbyMachine.provide({
    actors: {
      prepare: fakes.promise('prepare'),
      loadOdds: fakes.promise('loadOdds'),
      ...(Object.fromEntries(CHILDREN.map((c) => [c, child(c)])) as object),
    } as never,
  });
}

interface Model {
  state: string;
  member: boolean;
  hidden: boolean;
  venues: unknown;
  odds: unknown;
}

function simulate(input: SportLobbyInput, history: readonly AnyEventObject[]): Model {
  const m: Model = {
    state: input.member ? 'preparing' : 'visitor',
    member: input.member,
    hidden: false,
    venues: null,
    odds: null,
  };
  const live = () => m.state.startsWith('live');
  for (const e of history) {
    switch (e.type) {
      case 'session.loggedIn':
        m.member = true;
        m.state = 'preparing';
        break;
      case 'session.loggedOut':
        m.member = false;
        m.state = 'visitor';
        m.venues = m.odds = null;
        break;
      case 'page.hidden':
        m.hidden = true;
        if (live()) m.state = 'live.paused';
        break;
      case 'page.visible':
        m.hidden = false;
        if (live()) m.state = 'live.loading';
        break;
      case `xstate.done.actor.${PREPARE}`:
        m.venues = LAUNCHED.venues;
        m.state = m.hidden ? 'live.paused' : 'live.loading';
        break;
      case `xstate.error.actor.${PREPARE}`:
        m.state = 'failed';
        break;
      case 'sport.retry':
        // 重试 is offered where the preparation failed.
        if (m.state === 'failed') m.state = 'preparing';
        break;
      case `xstate.done.actor.${ODDS}`:
        m.odds = ODDS_OUT;
        m.state = 'live.shown';
        break;
      case `xstate.error.actor.${ODDS}`:
        m.state = 'live.shown';
        break;
      case REFRESH:
        m.state = 'live.loading';
        break;
    }
  }
  return m;
}

const runningIds = (o: OracleArgs) => Object.keys(o.snapshot.children).sort();

function common(o: OracleArgs, children: string[]) {
  const m = simulate(o.input, o.history);
  expect({ member: o.snapshot.context.member, hidden: o.snapshot.context.hidden }).toEqual({
    member: m.member,
    hidden: m.hidden,
  });
  expect(o.snapshot.context.venues).toEqual(m.venues);
  expect(o.snapshot.context.odds).toEqual(m.odds);
  // The tab's visibility is watched all along.
  expect(runningIds(o)).toEqual([...children, 'visibility'].sort());
  return m;
}

const LIVE = ['sportCount', 'paramsTwo', 'paramsThree'];

function liveCommon(o: OracleArgs, extra: string[] = []) {
  common(o, [...LIVE, ...extra]);
  const entered =
    o.previous.value === 'preparing' || !String(JSON.stringify(o.previous.value)).includes('live');
  if (entered) {
    const counts = o.fakes.invocations.filter((i) => i.src === 'sportCount').at(-1)!;
    expect(counts.input).toEqual({ venues: LAUNCHED.venues, hidden: simulate(o.input, o.history).hidden });
    const params = o.fakes.invocations.filter((i) => i.src === 'providerParams').slice(-2);
    expect(params.map((p) => p.input)).toEqual([{ provider: 'two' }, { provider: 'three' }]);
  }
  // spec §4: the counts stop while the tab is hidden and go on when it is shown.
  const told = o.effects.actions.filter((a) => a.name === 'sportCount.got').map((a) => a.params);
  if ((o.event.type === 'page.hidden' || o.event.type === 'page.visible') && !entered)
    expect(told).toEqual([{ type: o.event.type }]);
  else expect(told).toEqual([]);
}

const ORACLES: Record<string, (o: OracleArgs) => void> = {
  visitor: (o) => void common(o, []),
  preparing: (o) => void common(o, [PREPARE]),
  failed: (o) => void common(o, []),
  'live.loading': (o) => {
    liveCommon(o, [ODDS]);
    expect(o.fakes.invocations.filter((i) => i.src === 'loadOdds').at(-1)!.input).toEqual({
      venues: ['IMTY'],
    });
  },
  'live.shown': (o) => liveCommon(o),
  'live.paused': (o) => liveCommon(o),
};

export const sportLobbyModel: MachineModel<typeof sportLobbyMachine> = {
  title: 'sport lobby (counts and live odds)',
  machine: sportLobbyMachine,
  graphs: [
    { name: 'a member', input: { member: true }, events: EVENTS, maxWalk: 60 },
    { name: 'a visitor', input: { member: false }, events: EVENTS, maxWalk: 60 },
  ],
  harness: {
    logic: provideSport,
    initial: (i: SportLobbyInput) => (i.member ? 'preparing' : 'visitor'),
    transitions: ({ input, history }) => simulate(input, history).state,
    oracles: ORACLES,
    delays: { refresh: REFRESH_MS },
  },
};
