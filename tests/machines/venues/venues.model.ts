// The venues area actor's model (issue 11; spec §2 /game/*, the embedded venue pages, /mine/record/betRecord):
// the page the player is on decides the child that runs its flow (a lobby with the launch beside it, the venue
// page's balance bar, the bet record); the odds type runs across them. The session's changes reach the running
// children; a child's navigation becomes the app's; a launch has the lobby read its recent games again.
import { expect } from 'vitest';
import { fromCallback, type AnyEventObject } from 'xstate';
import { venuesMachine, type VenuesInput } from '../../../machines/venues/venues.machine.ts';
import type { Fakes, MachineModel, OracleArgs } from '../../support/model-paths.ts';

const route = (path: string) => ({ type: 'route.changed', path, search: '' });
const TODAY = '2026-11-25';

const EVENTS: AnyEventObject[] = [
  route('/game/sport'),
  route('/game/egame'),
  route('/sport/im'),
  route('/gaming/lhdj'),
  route('/mine/record/betRecord'),
  route('/mine/finance/wallet'),
  { type: 'session.loggedIn' },
  { type: 'session.loggedOut' },
  { type: 'venues.navigate', to: '/sport/im?url=x' },
  { type: 'venues.launched' },
];

const CHILDREN = ['lobby', 'sportLobby', 'launch', 'oddsType', 'venuePage', 'betRecord'] as const;

function provideVenues(fakes: Fakes) {
  const child = (name: string) =>
    fromCallback(({ input, receive }) => {
      fakes.invocations.push({ src: name, id: name, input });
      const got = fakes.recorder(`${name}.got`);
      receive((event) => got(event));
      return () => {};
    });
  return venuesMachine.provide({
    actors: Object.fromEntries(CHILDREN.map((c) => [c, child(c)])) as never,
    actions: fakes.actions('navigate', 'forgetVenueSessions'),
  });
}

/** The page of a path, as the issue names the area's pages. */
function pageOf(path: string): string {
  if (path === '/game/sport') return 'lobby.sport';
  if (/^\/game\/(chess|egame|gaming|lottery|realbet|fishing)$/.test(path)) return 'lobby.plain';
  if (
    [
      '/sport/V188',
      '/sport/im',
      '/sport/ob',
      '/sport/fb',
      '/gaming/ybdj',
      '/gaming/imdj',
      '/gaming/lhdj',
    ].includes(path)
  )
    return 'venuePage';
  if (path === '/mine/record/betRecord') return 'betRecord';
  return 'none';
}

function pathAfter(input: VenuesInput, history: readonly AnyEventObject[]) {
  return history.filter((e) => e.type === 'route.changed').at(-1)?.['path'] ?? input.path;
}
function memberAfter(input: VenuesInput, history: readonly AnyEventObject[]) {
  let member = input.member!;
  for (const e of history) {
    if (e.type === 'session.loggedIn') member = true;
    if (e.type === 'session.loggedOut') member = false;
  }
  return member;
}
const running = (o: OracleArgs) => Object.keys(o.snapshot.children).sort();
/** The children started on this step, with their input. */
const started = (o: OracleArgs) => o.fakes.invocations.slice(startedBefore(o));
let startedCount = new WeakMap<Fakes, number[]>();
function startedBefore(o: OracleArgs) {
  const counts = startedCount.get(o.fakes) ?? [];
  counts[o.index] = o.fakes.invocations.length;
  startedCount.set(o.fakes, counts);
  return counts[o.index - 1] ?? 0;
}

function common(o: OracleArgs, children: string[]) {
  const path = pathAfter(o.input, o.history);
  const member = memberAfter(o.input, o.history);
  expect(o.snapshot.context.path).toBe(path);
  expect(o.snapshot.context.member).toBe(member);
  expect(running(o)).toEqual([...children, 'oddsType'].sort());
  const moved = o.index === 0 || (o.event.type === 'route.changed' && o.previous.context.path !== path);
  const fresh = started(o);
  if (o.index === 0) expect(fresh[0]).toEqual({ src: 'oddsType', id: 'oddsType', input: { member } });
  // A page's flow starts when the player arrives on it, with what the issue says it needs; nothing else starts.
  const expected = moved ? children : [];
  expect(
    fresh
      .filter((f) => f.src !== 'oddsType')
      .map((f) => f.src)
      .sort(),
  ).toEqual(expected);
  const acts = o.effects.actions.map((a) => [a.name, a.params]);
  const told = (e: AnyEventObject) =>
    [...children, 'oddsType']
      .filter((c) => c !== 'venuePage' && c !== 'betRecord')
      .sort()
      .map((c) => [`${c}.got`, e]);
  // The player's odds type and the lobby's flows follow the session; a logout forgets the venue credentials.
  if (o.event.type === 'session.loggedIn') expect(acts.sort()).toEqual(told(o.event).sort());
  else if (o.event.type === 'session.loggedOut')
    expect(acts.sort()).toEqual([...told(o.event), ['forgetVenueSessions', undefined]].sort());
  else if (o.event.type === 'venues.navigate')
    expect(acts).toEqual([['navigate', { to: '/sport/im?url=x' }]]);
  else if (o.event.type === 'venues.launched' && children.includes('lobby'))
    expect(acts).toEqual([['lobby.got', { type: 'lobby.launched' }]]);
  else expect(acts).toEqual([]);
  return { fresh, member, path };
}

function lobbyInputs(o: OracleArgs, fresh: Array<{ src: string; input: unknown }>, member: boolean) {
  if (fresh.length === 0) return;
  const path = pathAfter(o.input, o.history);
  expect(fresh.find((f) => f.src === 'lobby')!.input).toEqual({ lobby: path.slice('/game/'.length), member });
  expect(fresh.find((f) => f.src === 'launch')!.input).toEqual({
    member,
    phone: o.input.phone,
    https: o.input.https,
    lobbyPath: path,
  });
}

const ORACLES: Record<string, (o: OracleArgs) => void> = {
  // The sport lobby runs the venues' counts and live odds beside the lobby (issue 11 §1, §3).
  'lobby.sport': (o) => {
    const { fresh, member } = common(o, ['launch', 'lobby', 'sportLobby']);
    if (fresh.length) expect(fresh.find((f) => f.src === 'sportLobby')!.input).toEqual({ member });
    lobbyInputs(o, fresh, member);
  },
  'lobby.plain': (o) => {
    const { fresh, member } = common(o, ['launch', 'lobby']);
    lobbyInputs(o, fresh, member);
  },
  venuePage: (o) => {
    const { fresh, path } = common(o, ['venuePage']);
    // spec §2: /sport/im frames IMTY, /gaming/lhdj frames LHDJ.
    if (fresh.length)
      expect(fresh[fresh.length - 1]!.input).toEqual({ venue: path === '/sport/im' ? 'IMTY' : 'LHDJ' });
  },
  betRecord: (o) => {
    const { fresh } = common(o, ['betRecord']);
    if (fresh.length) expect(fresh[fresh.length - 1]!.input).toEqual({ today: TODAY });
  },
  none: (o) => void common(o, []),
};

const input = (path: string, member: boolean): VenuesInput => ({
  path,
  member,
  phone: true,
  https: false,
  today: TODAY,
});

export const venuesModel: MachineModel<typeof venuesMachine> = {
  title: 'venues area',
  machine: venuesMachine,
  graphs: [
    {
      name: 'a visitor entering the sport lobby',
      input: input('/game/sport', false),
      events: EVENTS,
      key: (s) => ({ value: s.value, path: s.context.path, member: s.context.member }),
    },
    {
      name: 'a member entering an embedded venue page',
      input: input('/sport/im', true),
      events: EVENTS,
      key: (s) => ({ value: s.value, path: s.context.path, member: s.context.member }),
    },
  ],
  harness: {
    logic: (fakes: Fakes) => {
      startedCount = new WeakMap();
      return provideVenues(fakes);
    },
    initial: (i: VenuesInput) => pageOf(i.path),
    transitions: ({ input: i, history }) => pageOf(pathAfter(i, history)),
    oracles: ORACLES,
  },
};
