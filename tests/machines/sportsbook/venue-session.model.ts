// The venue page's header (issue 11 §4: venue, player, venue balance, odds type): read at start, again every
// 10 s (design) and when the page asks (a bet was placed); a failed re-read keeps what is shown; 40001 ends it.
import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { venueSessionMachine } from '../../../machines/sportsbook/venue-session.machine.ts';
import type { Fakes, MachineModel, OracleArgs, TransitionTable } from '../../support/model-paths.ts';
import { EXPIRED, NO_ANSWER, session } from './fixtures.ts';

export const LOAD = '0.venueSession.loading';
export const READ = '0.venueSession.refreshing';
/** Design (docs/sportsbook.md): the header's balance is re-read every 10 s. */
const POLL_MS = 10_000;

const EVENTS: AnyEventObject[] = [
  { type: `xstate.done.actor.${LOAD}`, output: session(100_000) },
  { type: `xstate.error.actor.${LOAD}`, error: NO_ANSWER },
  { type: `xstate.error.actor.${LOAD}`, error: EXPIRED },
  { type: 'session.retry' },
  { type: 'session.refresh' },
  { type: 'xstate.after.poll.venueSession.ready' },
  { type: `xstate.done.actor.${READ}`, output: session(90_000) },
  { type: `xstate.error.actor.${READ}`, error: NO_ANSWER },
  { type: `xstate.error.actor.${READ}`, error: EXPIRED },
];

/** The last session the server gave in this history (null before any). */
function shown(history: readonly AnyEventObject[]) {
  const done = history.filter((e) => e.type.startsWith('xstate.done.actor.')).at(-1);
  return (done?.['output'] as ReturnType<typeof session> | undefined) ?? null;
}

const isExpired = (e: AnyEventObject) => (e['error'] as { code?: number }).code === 40001;

const TABLE: TransitionTable = {
  loading: {
    [`xstate.done.actor.${LOAD}`]: 'ready',
    [`xstate.error.actor.${LOAD}`]: ({ event }) => (isExpired(event) ? 'expired' : 'failed'),
  },
  failed: { 'session.retry': 'loading' },
  ready: { 'xstate.after.poll.venueSession.ready': 'refreshing', 'session.refresh': 'refreshing' },
  refreshing: {
    [`xstate.done.actor.${READ}`]: 'ready',
    [`xstate.error.actor.${READ}`]: ({ event }) => (isExpired(event) ? 'expired' : 'ready'),
  },
};

const idle = (o: OracleArgs) => expect(o.fakes.pendingIds()).toEqual([]);

const ORACLES: Record<string, (o: OracleArgs) => void> = {
  loading: (o) => {
    expect(o.fakes.pendingIds()).toEqual([LOAD]);
    expect(o.snapshot.context.session).toBeNull();
  },
  failed: (o) => {
    idle(o);
    expect(o.snapshot.context.session).toBeNull();
  },
  ready: (o) => {
    idle(o);
    // The header shows the last session read; a failed re-read keeps it.
    expect(o.snapshot.context.session).toEqual(shown(o.history));
    expect(o.snapshot.context.session).not.toBeNull();
  },
  refreshing: (o) => {
    expect(o.fakes.pendingIds()).toEqual([READ]);
    expect(o.snapshot.context.session).toEqual(shown(o.history));
  },
  expired: (o) => {
    idle(o);
    expect(o.snapshot.status).toBe('done');
  },
};

export const venueSessionModel: MachineModel<typeof venueSessionMachine> = {
  title: 'sportsbook venue session',
  machine: venueSessionMachine,
  graphs: [
    {
      name: 'a player on the venue page',
      input: undefined,
      events: EVENTS,
      key: (s: AnyMachineSnapshot) => ({ value: s.value, balance: s.context.session?.balance ?? null }),
    },
  ],
  harness: {
    logic: (fakes: Fakes) =>
      venueSessionMachine.provide({ actors: { readSession: fakes.promise('readSession') } }),
    initial: 'loading',
    transitions: TABLE,
    oracles: ORACLES,
    delays: { poll: POLL_MS },
  },
};
