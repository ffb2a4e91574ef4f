// The transaction record's model (issue 9 §4): filter by kind and date range, page, newest first from the server.
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { recordsMachine } from '../../../machines/wallet/records.machine.ts';
import type { Fakes, MachineModel, OracleArgs, TransitionTable } from '../../support/model-paths.ts';

export const LOAD = '0.records.loading';
/** Design (docs/api.md "Wallet"): 20 rows a page. */
const PAGE_SIZE = 20;

const page = (total: number, p = 1) => ({ items: [], total, page: p, pageSize: PAGE_SIZE });
const DEPOSITS = { kind: 'deposit', from: '2026-11-01', to: '2026-11-23' };
const BACKWARDS = { kind: '', from: '2026-11-23', to: '2026-11-01' };

const EVENTS: AnyEventObject[] = [
  { type: `xstate.done.actor.${LOAD}`, output: page(45) },
  { type: `xstate.done.actor.${LOAD}`, output: page(0) },
  { type: `xstate.error.actor.${LOAD}`, error: new Error('offline') },
  { type: 'records.filter', filter: DEPOSITS },
  { type: 'records.filter', filter: BACKWARDS },
  { type: 'records.page', page: 2 },
  { type: 'records.page', page: 3 },
  { type: 'records.page', page: 4 },
  { type: 'records.retry' },
];

/** The filter the player last asked for that can be asked (a backwards range is not sent). */
function filterOf(history: readonly AnyEventObject[]) {
  let f = { kind: '', from: '', to: '' };
  for (const e of history) if (e.type === 'records.filter' && e['filter'] !== BACKWARDS) f = e['filter'];
  return f;
}

/** Pages there are: 45 rows at 20 a page is 3 (the last result the server gave). */
function lastPages(history: readonly AnyEventObject[]): number {
  const done = history.filter((e) => e.type === `xstate.done.actor.${LOAD}`).at(-1) as
    { output?: { total: number } } | undefined;
  return Math.max(1, Math.ceil((done?.output?.total ?? 0) / PAGE_SIZE));
}

/** The page asked for: 1 after a filter, the page moved to otherwise. */
function pageOf(history: readonly AnyEventObject[]): number {
  let p = 1;
  const seen: AnyEventObject[] = [];
  for (const e of history) {
    if (e.type === 'records.filter' && e['filter'] !== BACKWARDS) p = 1;
    if (e.type === 'records.page' && e['page'] <= lastPages(seen)) p = e['page'];
    seen.push(e);
  }
  return p;
}

const TABLE: TransitionTable = {
  // A valid filter asks again from page 1, wherever the page is; a backwards range asks nothing.
  '*': { 'records.filter': ({ event, from }) => (event['filter'] === BACKWARDS ? from : 'loading') },
  loading: { [`xstate.done.actor.${LOAD}`]: 'ready', [`xstate.error.actor.${LOAD}`]: 'failed' },
  ready: {
    'records.page': ({ event, history }) =>
      event['page'] >= 1 && event['page'] <= lastPages(history.slice(0, -1)) ? 'loading' : 'ready',
  },
  failed: { 'records.retry': 'loading' },
};

function common(o: OracleArgs) {
  // issue 9 §4: the page says why a backwards range is not asked for, until a valid one is.
  const lastFilter = o.history.filter((e) => e.type === 'records.filter').at(-1);
  expect(o.snapshot.context.problem).toBe(lastFilter?.['filter'] === BACKWARDS ? 'badRange' : null);
}

const ORACLES: Record<string, (o: OracleArgs) => void> = {
  loading: (o) => {
    common(o);
    expect(o.fakes.pendingIds()).toEqual([LOAD]);
    expect(o.fakes.invocations.at(-1)!.input).toEqual({
      ...filterOf(o.history),
      page: pageOf(o.history),
      pageSize: PAGE_SIZE,
    });
  },
  ready: (o) => {
    common(o);
    expect(o.fakes.pendingIds()).toEqual([]);
    const done = o.history.filter((e) => e.type === `xstate.done.actor.${LOAD}`).at(-1) as unknown as {
      output: unknown;
    };
    expect(o.snapshot.context.result).toEqual(done.output);
  },
  failed: (o) => {
    common(o);
    expect(o.fakes.pendingIds()).toEqual([]);
  },
};

export const recordsModel: MachineModel<typeof recordsMachine> = {
  title: 'transaction record',
  machine: recordsMachine,
  graphs: [
    {
      name: 'a member with movements',
      input: undefined,
      events: EVENTS,
      key: (s) => ({
        value: s.value,
        filter: s.context.filter,
        page: s.context.page,
        total: s.context.result?.total ?? null,
        problem: s.context.problem,
      }),
    },
  ],
  harness: {
    logic: (fakes: Fakes) => recordsMachine.provide({ actors: { load: fakes.promise('load') } }),
    initial: 'loading',
    transitions: TABLE,
    oracles: ORACLES,
  },
};
