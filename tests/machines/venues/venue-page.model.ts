// The embedded venue page's balance bar (issue 11 §2): the central wallet and the venue's wallet, read when the
// page opens and refreshed on demand (the venue wallet re-read from the venue, then the summary); a refresh
// a moment after the last one (30004, issue 9 §2's lock) still reads the summary and says why the venue was not
// asked again; a failed refresh keeps the balances shown and says so.
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { venuePageMachine } from '../../../machines/venues/venue-page.machine.ts';
import type { Fakes, MachineModel, OracleArgs, TransitionTable } from '../../support/model-paths.ts';
import { NO_ANSWER, refused, running } from './fixtures.ts';

export const LOAD = '0.venuePage.loading';
export const REFRESH = '0.venuePage.refreshing.venue';
export const RELOAD = '0.venuePage.refreshing.summary';

const summary = (central: number, venue: number) => ({
  central: { balance: central, held: 0, available: central },
  venues: [
    { venue: 'PGDZ', name: 'PG 电子', platform: 'DZ', status: 'open', balance: 7 },
    { venue: 'IMTY', name: 'IM 体育', platform: 'TY', status: 'open', balance: venue },
  ],
  total: central + venue + 7,
  locked: 0,
  autoTransfer: true,
});
const OPENED = summary(10_000, 500);
const AFTER_BET = summary(10_000, 1_200);
const LOCKED = refused(30004, '刷新过于频繁，请稍后再试', { retryAfterMs: 3_000 });

const EVENTS: AnyEventObject[] = [
  { type: `xstate.done.actor.${LOAD}`, output: OPENED },
  { type: `xstate.error.actor.${LOAD}`, error: NO_ANSWER },
  { type: 'balance.retry' },
  { type: 'balance.refresh' },
  { type: `xstate.done.actor.${REFRESH}`, output: { venue: OPENED.venues[1], lockedUntil: 0 } },
  { type: `xstate.error.actor.${REFRESH}`, error: LOCKED },
  { type: `xstate.error.actor.${REFRESH}`, error: NO_ANSWER },
  { type: `xstate.done.actor.${RELOAD}`, output: AFTER_BET },
  { type: `xstate.error.actor.${RELOAD}`, error: NO_ANSWER },
];

const TABLE: TransitionTable = {
  loading: { [`xstate.done.actor.${LOAD}`]: 'ready', [`xstate.error.actor.${LOAD}`]: 'failed' },
  failed: { 'balance.retry': 'loading' },
  ready: { 'balance.refresh': 'refreshing.venue' },
  'refreshing.venue': {
    [`xstate.done.actor.${REFRESH}`]: 'refreshing.summary',
    // Locked: the summary is read anyway; any other failure ends the refresh.
    [`xstate.error.actor.${REFRESH}`]: ({ event }) =>
      (event['error'] as { code?: number }).code === 30004 ? 'refreshing.summary' : 'ready',
  },
  'refreshing.summary': {
    [`xstate.done.actor.${RELOAD}`]: 'ready',
    [`xstate.error.actor.${RELOAD}`]: 'ready',
  },
};

/** What the bar shows after the last read summary: the central wallet and the IM 体育 wallet. */
function shown(history: readonly AnyEventObject[]) {
  const last = history
    .filter((e) => e.type === `xstate.done.actor.${LOAD}` || e.type === `xstate.done.actor.${RELOAD}`)
    .at(-1);
  if (!last) return null;
  return last.type === `xstate.done.actor.${LOAD}`
    ? { central: 10_000, venue: 500, venueName: 'IM 体育' }
    : { central: 10_000, venue: 1_200, venueName: 'IM 体育' };
}

/** The note of the refresh under way or last ended. */
function noteAfter(history: readonly AnyEventObject[]) {
  let note: string | null = null;
  for (const e of history) {
    if (e.type === 'balance.refresh') note = null;
    if (e.type === `xstate.error.actor.${REFRESH}`)
      note = (e['error'] as { code?: number }).code === 30004 ? 'locked' : 'failed';
    if (e.type === `xstate.error.actor.${RELOAD}`) note = 'failed';
  }
  return note;
}

const common = (o: OracleArgs) => {
  expect(o.snapshot.context.balances).toEqual(shown(o.history));
  expect(o.snapshot.context.note).toBe(noteAfter(o.history));
};

const ORACLES: Record<string, (o: OracleArgs) => void> = {
  loading: (o) => {
    common(o);
    expect(running(o)).toEqual([LOAD]);
  },
  failed: (o) => {
    common(o);
    expect(running(o)).toEqual([]);
  },
  ready: (o) => {
    common(o);
    expect(running(o)).toEqual([]);
  },
  'refreshing.venue': (o) => {
    common(o);
    expect(running(o)).toEqual([REFRESH]);
    expect(o.fakes.invocations.at(-1)).toMatchObject({ src: 'refreshVenue', input: { venue: 'IMTY' } });
  },
  'refreshing.summary': (o) => {
    common(o);
    expect(running(o)).toEqual([RELOAD]);
  },
};

export const venuePageModel: MachineModel<typeof venuePageMachine> = {
  title: 'venue page balance',
  machine: venuePageMachine,
  graphs: [{ name: 'a member on /sport/im', input: { venue: 'IMTY' }, events: EVENTS }],
  harness: {
    logic: (fakes: Fakes) =>
      venuePageMachine.provide({
        actors: { loadWallet: fakes.promise('loadWallet'), refreshVenue: fakes.promise('refreshVenue') },
      }),
    initial: 'loading',
    transitions: TABLE,
    oracles: ORACLES,
  },
};
