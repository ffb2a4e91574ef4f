// A record page of the mall area (issue 13 §6: "each filtered by date and kind, paged"): the coins record here.
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { recordsMachine } from '../../../machines/mall/records.machine.ts';
import type { Fakes, MachineModel, OracleArgs, TransitionTable } from '../../support/model-paths.ts';
import { NO_ANSWER } from './fixtures.ts';

/** 45 entries, 20 a page (src/protocol/mall.ts RECORD_SIZE_DEFAULT): pages 1–3. */
const PAGE = { items: [], total: 45, page: 1, size: 20 };
const PAGES = 3;

const EVENTS: AnyEventObject[] = [
  { type: 'xstate.done.actor.load', output: PAGE },
  { type: 'xstate.error.actor.load', error: NO_ANSWER },
  { type: 'records.retry' },
  { type: 'records.kind', kind: 'earn' },
  { type: 'records.range', from: '2020-01-01', to: '2099-12-31' },
  { type: 'records.page', page: 2 },
  { type: 'records.page', page: 3 },
  { type: 'records.page', page: 4 },
  { type: 'mall.refresh' },
];

/** The filter the player has set, from what they did (a new kind or range goes back to page 1). */
function filterOf(history: readonly AnyEventObject[]) {
  const f = { kind: 'all', from: '', to: '', page: 1 };
  for (const e of history) {
    if (e.type === 'records.kind') Object.assign(f, { kind: e['kind'], page: 1 });
    if (e.type === 'records.range') Object.assign(f, { from: e['from'], to: e['to'], page: 1 });
    if (e.type === 'records.page' && (e['page'] as number) <= PAGES) f.page = e['page'] as number;
  }
  return f;
}

const TABLE: TransitionTable = {
  '*': { 'records.kind': 'loading', 'records.range': 'loading', 'mall.refresh': 'loading' },
  loading: { 'xstate.done.actor.load': 'shown', 'xstate.error.actor.load': 'failed' },
  failed: { 'records.retry': 'loading' },
  shown: {
    'records.page': ({ event, history }) => {
      const p = event['page'] as number;
      return p >= 1 && p <= PAGES && p !== filterOf(history.slice(0, -1)).page ? 'loading' : 'shown';
    },
  },
};

const ORACLES: Record<string, (o: OracleArgs) => void> = {
  loading: (o) => {
    expect(o.fakes.pendingIds()).toEqual(['load']);
    expect(o.fakes.invocations.at(-1)!.input).toEqual({ which: 'coinRecords', filter: filterOf(o.history) });
  },
  failed: (o) => expect(o.fakes.pendingIds()).toEqual([]),
  shown: (o) => {
    expect(o.fakes.pendingIds()).toEqual([]);
    expect(o.snapshot.context.data).toEqual(PAGE);
    expect(o.snapshot.context.filter).toEqual(filterOf(o.history));
  },
};

export const recordsModel: MachineModel<typeof recordsMachine> = {
  title: 'mall records',
  machine: recordsMachine,
  graphs: [
    {
      name: 'a member on /mine/mall/coinRecord',
      input: { which: 'coinRecords' },
      events: EVENTS,
      maxWalk: 40,
    },
  ],
  harness: {
    logic: (fakes: Fakes) => recordsMachine.provide({ actors: { load: fakes.promise('load') } }),
    initial: 'loading',
    transitions: TABLE,
    oracles: ORACLES,
  },
};
