// The sandbox sportsbook's match feed (issue 11 §4): the match list of one sport and phase (live, today, early),
// a match page with all markets, "my bets" (open / settled). Live lists, a live match and open bets are read
// again every 5 s (design, docs/sportsbook.md) while shown; a failed re-read keeps what is shown; 40001 ends it.
import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { feedMachine } from '../../../machines/sportsbook/feed.machine.ts';
import type { FeedInput } from '../../../machines/sportsbook/feed.machine.ts';
import type { Match, SportsBet } from '../../../src/protocol/sportsbook.ts';
import type { Fakes, MachineModel, OracleArgs, TransitionTable } from '../../support/model-paths.ts';
import { bet, EXPIRED, match, NO_ANSWER } from './fixtures.ts';

export const LIST_LOAD = '0.feed.list.loading';
export const LIST_READ = '0.feed.list.refreshing';
export const MATCH_LOAD = '0.feed.match.loading';
export const MATCH_READ = '0.feed.match.refreshing';
export const BETS_LOAD = '0.feed.bets.loading';
export const BETS_READ = '0.feed.bets.refreshing';
/** Design (docs/sportsbook.md): live matches and open bets are re-read every 5 s. */
const POLL_MS = 5_000;

/** A sports venue: football first (issue 11 §4: football, basketball, tennis, esports). */
const INPUT: FeedInput = { sports: ['football', 'basketball', 'tennis', 'esports'] };

const LIVE = match('M1', { phase: 'live', score: { home: 1, away: 0 }, clock: "63'" });
const PRE = match('M1');
const ENDED = match('M1', { phase: 'ended', score: { home: 2, away: 1 } });
const list = (matches: Match[]) => ({ matches, serverTime: '2026-11-25T12:00:00.000Z' });
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });
const reads = (load: string, read: string, outputs: unknown[]) => [
  ...outputs.flatMap((o) => [done(load, o), done(read, o)]),
  fail(load, NO_ANSWER),
  fail(load, EXPIRED),
  fail(read, NO_ANSWER),
  fail(read, EXPIRED),
];

const NAVIGATION: AnyEventObject[] = [
  { type: 'feed.sport', sport: 'basketball' },
  { type: 'feed.phase', phase: 'live' },
  { type: 'feed.phase', phase: 'today' },
  { type: 'feed.open', matchId: 'M1' },
  { type: 'feed.back' },
  { type: 'feed.bets' },
  { type: 'feed.betsTab', tab: 'settled' },
  { type: 'feed.betsTab', tab: 'open' },
  { type: 'feed.refresh' },
  { type: 'feed.retry' },
];

const LISTS: AnyEventObject[] = [
  ...NAVIGATION,
  ...reads(LIST_LOAD, LIST_READ, [list([LIVE]), list([])]),
  { type: 'xstate.after.poll.feed.list.shown' },
];
const MATCHES: AnyEventObject[] = [
  { type: 'feed.open', matchId: 'M1' },
  { type: 'feed.open', matchId: 'M2' },
  { type: 'feed.back' },
  { type: 'feed.bets' },
  { type: 'feed.sport', sport: 'basketball' },
  { type: 'feed.phase', phase: 'early' },
  { type: 'feed.refresh' },
  { type: 'feed.retry' },
  done(LIST_LOAD, list([PRE])),
  ...reads(MATCH_LOAD, MATCH_READ, [LIVE, PRE, ENDED]),
  { type: 'xstate.after.poll.feed.match.shown' },
];
const BETS: AnyEventObject[] = [
  { type: 'feed.bets' },
  { type: 'feed.back' },
  { type: 'feed.betsTab', tab: 'settled' },
  { type: 'feed.betsTab', tab: 'open' },
  { type: 'feed.phase', phase: 'live' },
  { type: 'feed.sport', sport: 'basketball' },
  { type: 'feed.refresh' },
  { type: 'feed.retry' },
  done(LIST_LOAD, list([PRE])),
  ...reads(BETS_LOAD, BETS_READ, [[bet('B1', 'open')], [bet('B1', 'won')]]),
  { type: 'xstate.after.poll.feed.bets.shown' },
];

// ── what the player asked for (independent of the machine) ──

interface Seen {
  sport: string;
  phase: string;
  matchId: string | null;
  tab: string;
}
function seen(history: readonly AnyEventObject[]): Seen {
  // issue 11 §4 and the design: the venue's first sport, today's matches, open bets first.
  const s: Seen = { sport: 'football', phase: 'today', matchId: null, tab: 'open' };
  for (const e of history) {
    if (e.type === 'feed.sport') s.sport = e['sport'];
    else if (e.type === 'feed.phase') s.phase = e['phase'];
    else if (e.type === 'feed.open') s.matchId = e['matchId'];
    else if (e.type === 'feed.betsTab') s.tab = e['tab'];
  }
  return s;
}
/** The output of the last read among these invocations in the history (what is shown). */
function lastOutput<T>(history: readonly AnyEventObject[], ids: string[]): T | undefined {
  const e = history.filter((h) => ids.some((id) => h.type === `xstate.done.actor.${id}`)).at(-1);
  return e?.['output'] as T | undefined;
}
/** The match read since the player last opened one (null before the first read). */
function shownMatch(history: readonly AnyEventObject[]): Match | null {
  const opened = history.map((e) => e.type).lastIndexOf('feed.open');
  return lastOutput<Match>(history.slice(opened + 1), [MATCH_LOAD, MATCH_READ]) ?? null;
}
/** The bets read since the player last changed tab. */
function shownBets(history: readonly AnyEventObject[]): SportsBet[] {
  const changed = history.map((e) => e.type).lastIndexOf('feed.betsTab');
  return lastOutput<SportsBet[]>(history.slice(changed + 1), [BETS_LOAD, BETS_READ]) ?? [];
}
/** The matches read since the player last changed sport or phase. */
function shownMatches(history: readonly AnyEventObject[]): Match[] {
  const changed = Math.max(
    history.map((e) => e.type).lastIndexOf('feed.sport'),
    history.map((e) => e.type).lastIndexOf('feed.phase'),
  );
  return lastOutput<{ matches: Match[] }>(history.slice(changed + 1), [LIST_LOAD, LIST_READ])?.matches ?? [];
}

const isExpired = (e: AnyEventObject) => (e['error'] as { code?: number }).code === 40001;
const before = (history: readonly AnyEventObject[]) => history.slice(0, -1);

const leave = {
  'feed.sport': 'list.loading',
  'feed.phase': 'list.loading',
};
const TABLE: TransitionTable = {
  'list.loading': {
    ...leave,
    'feed.open': 'match.loading',
    'feed.bets': 'bets.loading',
    [`xstate.done.actor.${LIST_LOAD}`]: 'list.shown',
    [`xstate.error.actor.${LIST_LOAD}`]: ({ event }) => (isExpired(event) ? 'expired' : 'list.failed'),
  },
  'list.shown': {
    ...leave,
    'feed.open': 'match.loading',
    'feed.bets': 'bets.loading',
    'feed.refresh': 'list.refreshing',
    // Only a list of live matches moves by itself.
    'xstate.after.poll.feed.list.shown': ({ history }) =>
      seen(history).phase === 'live' ? 'list.refreshing' : 'list.shown',
  },
  'list.refreshing': {
    ...leave,
    'feed.open': 'match.loading',
    'feed.bets': 'bets.loading',
    [`xstate.done.actor.${LIST_READ}`]: 'list.shown',
    [`xstate.error.actor.${LIST_READ}`]: ({ event }) => (isExpired(event) ? 'expired' : 'list.shown'),
  },
  'list.failed': {
    ...leave,
    'feed.open': 'match.loading',
    'feed.bets': 'bets.loading',
    'feed.retry': 'list.loading',
  },
};
const matchRows = {
  ...leave,
  'feed.open': 'match.loading',
  'feed.back': 'list.loading',
  'feed.bets': 'bets.loading',
};
TABLE['match.loading'] = {
  ...matchRows,
  [`xstate.done.actor.${MATCH_LOAD}`]: 'match.shown',
  [`xstate.error.actor.${MATCH_LOAD}`]: ({ event }) => (isExpired(event) ? 'expired' : 'match.failed'),
};
TABLE['match.shown'] = {
  ...matchRows,
  'feed.refresh': 'match.refreshing',
  // A live match moves by itself; one before kick-off or over does not.
  'xstate.after.poll.feed.match.shown': ({ history }) =>
    shownMatch(before(history))?.phase === 'live' ? 'match.refreshing' : 'match.shown',
};
TABLE['match.refreshing'] = {
  ...matchRows,
  [`xstate.done.actor.${MATCH_READ}`]: 'match.shown',
  [`xstate.error.actor.${MATCH_READ}`]: ({ event }) => (isExpired(event) ? 'expired' : 'match.shown'),
};
TABLE['match.failed'] = { ...matchRows, 'feed.retry': 'match.loading' };
const betsRows = { ...leave, 'feed.back': 'list.loading', 'feed.betsTab': 'bets.loading' };
TABLE['bets.loading'] = {
  ...betsRows,
  [`xstate.done.actor.${BETS_LOAD}`]: 'bets.shown',
  [`xstate.error.actor.${BETS_LOAD}`]: ({ event }) => (isExpired(event) ? 'expired' : 'bets.failed'),
};
TABLE['bets.shown'] = {
  ...betsRows,
  'feed.refresh': 'bets.refreshing',
  // Open bets are waiting for settlement: read again; settled ones do not change.
  'xstate.after.poll.feed.bets.shown': ({ history }) =>
    seen(history).tab === 'open' && shownBets(before(history)).some((b) => b.status === 'open')
      ? 'bets.refreshing'
      : 'bets.shown',
};
TABLE['bets.refreshing'] = {
  ...betsRows,
  [`xstate.done.actor.${BETS_READ}`]: 'bets.shown',
  [`xstate.error.actor.${BETS_READ}`]: ({ event }) => (isExpired(event) ? 'expired' : 'bets.shown'),
};
TABLE['bets.failed'] = { ...betsRows, 'feed.retry': 'bets.loading' };

/**
 * What is running: the actor's live children (a read left behind by a change of view or sport is stopped; the
 * fakes keep its promise, so the children are what tells).
 */
const running = (o: OracleArgs) => Object.keys(o.snapshot.children);
const idle = (o: OracleArgs) => expect(running(o)).toEqual([]);
const reading = (id: string, input: (s: Seen) => unknown) => (o: OracleArgs) => {
  expect(running(o)).toEqual([id]);
  expect(o.fakes.invocations.at(-1)!.id).toBe(id);
  expect(o.fakes.invocations.at(-1)!.input).toEqual(input(seen(o.history)));
};
const listInput = (s: Seen) => ({ sport: s.sport, phase: s.phase });
const shownList = (o: OracleArgs) => {
  const s = seen(o.history);
  expect(o.snapshot.context.sport).toBe(s.sport);
  expect(o.snapshot.context.phase).toBe(s.phase);
  expect(o.snapshot.context.matches).toEqual(shownMatches(o.history));
};

const ORACLES: Record<string, (o: OracleArgs) => void> = {
  'list.loading': (o) => {
    reading(LIST_LOAD, listInput)(o);
    shownList(o);
  },
  'list.refreshing': (o) => {
    reading(LIST_READ, listInput)(o);
    shownList(o);
  },
  'list.shown': (o) => {
    idle(o);
    shownList(o);
  },
  'list.failed': (o) => {
    idle(o);
    shownList(o);
  },
  'match.loading': (o) => {
    reading(MATCH_LOAD, (s) => ({ id: s.matchId }))(o);
    expect(o.snapshot.context.match).toBeNull();
  },
  'match.refreshing': (o) => {
    reading(MATCH_READ, (s) => ({ id: s.matchId }))(o);
    expect(o.snapshot.context.match).toEqual(shownMatch(o.history));
  },
  'match.shown': (o) => {
    idle(o);
    expect(o.snapshot.context.matchId).toBe(seen(o.history).matchId);
    // The match page shows every market of the match read.
    expect(o.snapshot.context.match).toEqual(shownMatch(o.history));
    expect(o.snapshot.context.match?.markets.map((m: { kind: string }) => m.kind)).toEqual(['1x2', 'ah']);
  },
  'match.failed': (o) => {
    idle(o);
    expect(o.snapshot.context.match).toBeNull();
  },
  'bets.loading': reading(BETS_LOAD, (s) => ({ status: s.tab })),
  'bets.refreshing': (o) => {
    reading(BETS_READ, (s) => ({ status: s.tab }))(o);
    expect(o.snapshot.context.bets).toEqual(shownBets(o.history));
  },
  'bets.shown': (o) => {
    idle(o);
    expect(o.snapshot.context.betsTab).toBe(seen(o.history).tab);
    expect(o.snapshot.context.bets).toEqual(shownBets(o.history));
  },
  'bets.failed': idle,
  expired: (o) => {
    idle(o);
    expect(o.snapshot.status).toBe('done');
  },
};

const key = (s: AnyMachineSnapshot) => ({
  value: s.value,
  sport: s.context.sport,
  phase: s.context.phase,
  matches: s.context.matches.length,
  matchId: s.context.matchId,
  match: s.context.match?.phase ?? null,
  tab: s.context.betsTab,
  bets: s.context.bets.map((b: SportsBet) => b.status),
});

export const feedModel: MachineModel<typeof feedMachine> = {
  title: 'sportsbook feed',
  machine: feedMachine,
  graphs: [
    { name: 'a player browsing the match lists', input: INPUT, events: LISTS, key },
    { name: 'a player on a match page', input: INPUT, events: MATCHES, key },
    { name: 'a player reading my bets', input: INPUT, events: BETS, key },
  ],
  harness: {
    logic: (fakes: Fakes) =>
      feedMachine.provide({
        actors: {
          readMatches: fakes.promise('readMatches'),
          readMatch: fakes.promise('readMatch'),
          readBets: fakes.promise('readBets'),
        },
      }),
    initial: 'list.loading',
    transitions: TABLE,
    oracles: ORACLES,
    delays: { poll: POLL_MS },
  },
};
