// The odds type's model (issue 11 §3; spec §3 Malay 1, Hong Kong 2, European 3, Indonesian 4): kept per player —
// a member's is read from the server and saved when changed (the prices follow at once; a failed save goes back
// to the saved type and says so); a visitor's choice lasts for the visit, from European.
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { oddsTypeMachine, type OddsTypeInput } from '../../../machines/venues/odds-type.machine.ts';
import type { Fakes, MachineModel, OracleArgs } from '../../support/model-paths.ts';
import { NO_ANSWER, running } from './fixtures.ts';

export const LOAD = '0.oddsType.loading';
export const SAVE = '0.oddsType.saving';
/** spec §3: European is 3 (provider one's default OddsType). */
const EUROPE = 3;
const MALAY = 1;
const HONGKONG = 2;

const EVENTS: AnyEventObject[] = [
  { type: `xstate.done.actor.${LOAD}`, output: { oddsType: MALAY } },
  { type: `xstate.error.actor.${LOAD}`, error: NO_ANSWER },
  { type: 'odds.retry' },
  { type: 'odds.select', oddsType: HONGKONG },
  { type: 'odds.select', oddsType: EUROPE },
  // Not an odds type of spec §3.
  { type: 'odds.select', oddsType: 9 },
  { type: `xstate.done.actor.${SAVE}`, output: { oddsType: HONGKONG } },
  { type: `xstate.error.actor.${SAVE}`, error: NO_ANSWER },
  { type: 'session.loggedIn' },
  { type: 'session.loggedOut' },
];

interface Model {
  state: string;
  oddsType: number;
  saved: number;
  saveFailed: boolean;
}

function simulate(input: OddsTypeInput, history: readonly AnyEventObject[]): Model {
  const m: Model = {
    state: input.member ? 'loading' : 'visitor',
    oddsType: EUROPE,
    saved: EUROPE,
    saveFailed: false,
  };
  for (const e of history) {
    const t = e['oddsType'] as number;
    switch (e.type) {
      case 'session.loggedIn':
        m.state = 'loading';
        break;
      case 'session.loggedOut':
        m.state = 'visitor';
        m.saveFailed = false;
        break;
      case `xstate.done.actor.${LOAD}`:
        m.state = 'ready';
        m.oddsType = m.saved = (e['output'] as { oddsType: number }).oddsType;
        break;
      case `xstate.error.actor.${LOAD}`:
        m.state = 'loadFailed';
        break;
      case 'odds.retry':
        // 重试 is offered where the saved type failed to load.
        if (m.state === 'loadFailed') m.state = 'loading';
        break;
      case 'odds.select':
        if (![1, 2, 3, 4].includes(t) || t === m.oddsType) break;
        // The member's saved type is being read: no choice until it is known.
        if (m.state === 'loading') break;
        m.oddsType = t;
        if (m.state !== 'visitor') {
          if (m.state !== 'saving') m.saveFailed = false;
          m.state = 'saving';
        }
        break;
      case `xstate.done.actor.${SAVE}`:
        m.state = 'ready';
        m.saved = (e['output'] as { oddsType: number }).oddsType;
        break;
      case `xstate.error.actor.${SAVE}`:
        m.state = 'ready';
        m.oddsType = m.saved;
        m.saveFailed = true;
        break;
    }
  }
  return m;
}

const common = (o: OracleArgs) => {
  const m = simulate(o.input, o.history);
  expect({
    oddsType: o.snapshot.context.oddsType,
    saved: o.snapshot.context.saved,
    saveFailed: o.snapshot.context.saveFailed,
  }).toEqual({ oddsType: m.oddsType, saved: m.saved, saveFailed: m.saveFailed });
};

const ORACLES: Record<string, (o: OracleArgs) => void> = {
  visitor: (o) => {
    common(o);
    // A visitor's choice is not sent anywhere.
    expect(running(o)).toEqual([]);
  },
  loading: (o) => {
    common(o);
    expect(running(o)).toEqual([LOAD]);
  },
  loadFailed: (o) => {
    common(o);
    expect(running(o)).toEqual([]);
  },
  ready: (o) => {
    common(o);
    expect(running(o)).toEqual([]);
  },
  saving: (o) => {
    common(o);
    expect(running(o)).toEqual([SAVE]);
    // The type chosen last is the one saved.
    expect(o.fakes.invocations.at(-1)).toMatchObject({
      src: 'save',
      input: { oddsType: simulate(o.input, o.history).oddsType },
    });
  },
};

export const oddsTypeModel: MachineModel<typeof oddsTypeMachine> = {
  title: 'odds type',
  machine: oddsTypeMachine,
  graphs: [
    { name: 'a member', input: { member: true }, events: EVENTS },
    { name: 'a visitor', input: { member: false }, events: EVENTS },
  ],
  harness: {
    logic: (fakes: Fakes) =>
      oddsTypeMachine.provide({ actors: { load: fakes.promise('load'), save: fakes.promise('save') } }),
    initial: (input: OddsTypeInput) => (input.member ? 'loading' : 'visitor'),
    transitions: ({ input, history }) => simulate(input, history).state,
    oracles: ORACLES,
  },
};
