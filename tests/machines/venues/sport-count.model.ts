// The sport-count machine's model (spec §4, §7, §9; issue 11 §3): graphs, the spec's rules written out, and the
// per-state oracle. Issue 18 §1: every number below is written here, never imported from the code under test.
import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import {
  sportCountMachine,
  type SportCountInput,
  type SportCountVenue,
  type VenueCounts,
} from '../../../machines/venues/sport-count.machine.ts';
import type { SportCountOutcome } from '../../../src/protocol/providers.ts';
import type { SportCounts } from '../../../src/protocol/venues.ts';
import type { ActionCall, Fakes, MachineModel, OracleArgs } from '../../support/model-paths.ts';

/** spec §9: count polling 60 s. */
export const POLL_MS = 60_000;
/** spec §4, §9: sport retry delay 500 ms. */
export const RETRY_DELAY_MS = 500;
/** spec §4, §9: sport retry limit 2 (then the cached counts are used). */
export const RETRY_LIMIT = 2;

export const POLL = 'xstate.after.poll.sportCount.waiting';
export const RETRY = 'xstate.after.retry.sportCount.retryWait';
export const COUNTED = 'xstate.done.actor.counts';
export const COUNT_FAILED = 'xstate.error.actor.counts';
export const RELAUNCHED = 'xstate.done.actor.relaunch';
export const RELAUNCH_FAILED = 'xstate.error.actor.relaunch';

export const counts = (venue: string, total: number, at: string): SportCounts => ({
  venue,
  sports: [{ sport: 'football', name: '足球', live: 1, today: total - 1, early: 0 }],
  total,
  at,
});
export const C_IM = counts('IMTY', 12, '2026-01-01T08:00:00.000Z');
export const C_YB = counts('YBTY', 7, '2026-01-01T08:01:00.000Z');
export const C_YB_2 = counts('YBTY', 9, '2026-01-01T08:02:00.000Z');
export const C_FB = counts('FBTY', 4, '2026-01-01T07:00:00.000Z');
export const CACHED_IM = counts('IMTY', 30, '2025-12-31T20:00:00.000Z');

export const VENUES: SportCountVenue[] = [
  { venue: 'IMTY', token: '/count/im-1' },
  { venue: 'YBTY', token: '/count/yb-1' },
];
/** The lobby's sport venues change: YBTY leaves, FBTY comes. */
export const VENUES_2: SportCountVenue[] = [
  { venue: 'IMTY', token: '/count/im-1' },
  { venue: 'FBTY', token: '/count/fb-1' },
];

const ok = (c: SportCounts): SportCountOutcome => ({ kind: 'ok', counts: c });
const EXPIRED: SportCountOutcome = { kind: 'expired' };
const FAILED: SportCountOutcome = { kind: 'failed', reason: '网络已断开' };

/** The answers a round can bring (a venue missing from an answer counts as failed). */
export const ANSWERS: Array<Record<string, SportCountOutcome>> = [
  { IMTY: ok(C_IM), YBTY: ok(C_YB) },
  { IMTY: EXPIRED, YBTY: ok(C_YB_2) },
  { IMTY: EXPIRED, YBTY: EXPIRED },
  { IMTY: FAILED, FBTY: ok(C_FB) },
];
/** What a re-launch can bring: new tokens for both, for IMTY only, for none. */
export const TOKENS: Array<Record<string, string>> = [
  { IMTY: '/count/im-2', YBTY: '/count/yb-2' },
  { IMTY: '/count/im-3' },
  {},
];

export const EVENTS: AnyEventObject[] = [
  { type: 'page.hidden' },
  { type: 'page.visible' },
  { type: 'counts.venues', venues: VENUES_2 },
  ...ANSWERS.map((output) => ({ type: COUNTED, output })),
  { type: COUNT_FAILED, error: new Error('boom') },
  ...TOKENS.map((output) => ({ type: RELAUNCHED, output })),
  { type: RELAUNCH_FAILED, error: new Error('venue closed') },
  { type: POLL },
  { type: RETRY },
];

export const provided = (fakes: Fakes) =>
  sportCountMachine.provide({
    actors: {
      fetchCounts: fakes.promise<Record<string, SportCountOutcome>>('fetchCounts'),
      relaunch: fakes.promise<Record<string, string>>('relaunch'),
    },
    actions: fakes.actions('storeCounts'),
  });

/**
 * The machine branches on its state, the round (asked, retries, expired), visibility and which venues the
 * lobby has; the counts, stale flags, last update and tokens only follow the answers (the oracle still checks
 * them all against the spec's). So the graph leaves them out.
 */
export const key = (s: AnyMachineSnapshot) => ({
  value: s.value,
  targets: s.context.targets,
  retries: s.context.retries,
  expired: s.context.expired,
  hidden: s.context.hidden,
  venues: (s.context.venues as SportCountVenue[]).map((v) => v.venue),
});

// ───────────── spec §4, §7, §9 written out ─────────────

type Phase = 'paused' | 'fetching' | 'relaunching' | 'retryWait' | 'waiting';
export interface CountSpec {
  phase: Phase;
  hidden: boolean;
  venues: SportCountVenue[];
  shown: Record<string, VenueCounts>;
  lastUpdate: string | null;
  /** Every counts request so far, by what it asked (venue and token). */
  fetches: SportCountVenue[][];
  /** Every re-launch so far, by the venues it launched. */
  relaunches: string[][];
  /** The step's effects. */
  effects: ActionCall[];
}

export function countsAfter(input: SportCountInput, history: readonly AnyEventObject[]): CountSpec {
  const s: CountSpec = {
    phase: 'paused',
    hidden: input.hidden,
    venues: input.venues,
    shown: {},
    lastUpdate: null,
    fetches: [],
    relaunches: [],
    effects: [],
  };
  // Cached counts show, stale, until the venue answers.
  for (const { venue } of input.venues) {
    const cached = input.cached?.[venue];
    s.shown[venue] = cached ? { counts: cached, stale: true } : { counts: null, stale: false };
  }
  let asked: string[] = [];
  let retries = 0;
  let expired: string[] = [];
  const ask = (venues: string[]) => {
    asked = venues;
    s.fetches.push(s.venues.filter((v) => venues.includes(v.venue)));
    s.phase = 'fetching';
  };
  const newRound = () => {
    retries = 0;
    expired = [];
    ask(s.venues.map((v) => v.venue));
  };
  const stale = (venues: string[]) => {
    for (const v of venues) if (s.shown[v]) s.shown[v] = { ...s.shown[v]!, stale: true };
  };
  // Visible at the start: the first round at once; hidden: nothing until shown.
  if (!input.hidden) newRound();
  for (const e of history) {
    s.effects = [];
    switch (e.type) {
      case 'page.hidden':
        // It stops while the tab is hidden: the request and the timers with it.
        s.phase = 'paused';
        s.hidden = true;
        expired = [];
        break;
      case 'page.visible':
        if (s.phase === 'paused') {
          s.hidden = false;
          newRound();
        }
        break;
      case 'counts.venues': {
        s.venues = e['venues'] as SportCountVenue[];
        const shown: Record<string, VenueCounts> = {};
        for (const { venue } of s.venues) shown[venue] = s.shown[venue] ?? { counts: null, stale: false };
        s.shown = shown;
        if (!s.hidden) newRound();
        break;
      }
      case COUNTED: {
        const answers = e['output'] as Record<string, SportCountOutcome>;
        expired = [];
        for (const venue of asked) {
          const answer = answers[venue] ?? FAILED;
          if (answer.kind === 'ok') {
            s.shown[venue] = { counts: answer.counts, stale: false };
            if (s.lastUpdate === null || answer.counts.at > s.lastUpdate) s.lastUpdate = answer.counts.at;
            s.effects.push({ name: 'storeCounts', params: { venue, counts: answer.counts } });
          } else if (answer.kind === 'expired' && retries < RETRY_LIMIT) expired.push(venue);
          // Retries exceed the limit, or another failure: the cached counts are used.
          else stale([venue]);
        }
        if (expired.length) {
          // spec §4: "otherwise re-launch the venue and retry after 500 ms".
          s.relaunches.push([...expired]);
          s.phase = 'relaunching';
        } else s.phase = 'waiting';
        break;
      }
      case COUNT_FAILED:
        stale(asked);
        s.phase = 'waiting';
        break;
      case RELAUNCHED: {
        const tokens = e['output'] as Record<string, string>;
        stale(expired.filter((v) => !tokens[v]));
        expired = expired.filter((v) => tokens[v]);
        s.venues = s.venues.map((v) => (expired.includes(v.venue) ? { ...v, token: tokens[v.venue]! } : v));
        s.phase = expired.length ? 'retryWait' : 'waiting';
        break;
      }
      case RELAUNCH_FAILED:
        stale(expired);
        expired = [];
        s.phase = 'waiting';
        break;
      case RETRY:
        retries++;
        ask(expired);
        expired = [];
        break;
      case POLL:
        newRound();
        break;
    }
  }
  return s;
}

export function countOracle(o: OracleArgs) {
  const want = countsAfter(o.input, o.history);
  expect(o.snapshot.context).toMatchObject({
    byVenue: want.shown,
    lastUpdate: want.lastUpdate,
    venues: want.venues,
    hidden: want.hidden,
  });
  // Each request asks the venues it should, with their latest tokens, exactly when it should.
  expect(o.fakes.invocations.filter((i) => i.src === 'fetchCounts').map((i) => i.input)).toEqual(
    want.fetches.map((venues) => ({ venues })),
  );
  expect(o.fakes.invocations.filter((i) => i.src === 'relaunch').map((i) => i.input)).toEqual(
    want.relaunches.map((venues) => ({ venues })),
  );
  expect(o.effects.actions).toEqual(want.effects);
  expect(o.effects.emitted).toEqual([]);
}

export const sportCountModel: MachineModel<typeof sportCountMachine> = {
  title: 'sport counts',
  machine: sportCountMachine,
  graphs: [
    { name: 'lobby opened, tab shown', input: { venues: VENUES, hidden: false }, events: EVENTS, key },
    {
      name: 'lobby opened in a hidden tab, IMTY cached',
      input: { venues: VENUES, hidden: true, cached: { IMTY: CACHED_IM } },
      events: EVENTS,
      key,
    },
  ],
  harness: {
    logic: provided,
    delays: { poll: POLL_MS, retry: RETRY_DELAY_MS },
    initial: (input: SportCountInput) => (input.hidden ? 'paused' : 'fetching'),
    transitions: (o) => countsAfter(o.input, o.history).phase,
    oracles: {
      paused: countOracle,
      fetching: countOracle,
      relaunching: countOracle,
      retryWait: countOracle,
      waiting: countOracle,
    },
  },
};
