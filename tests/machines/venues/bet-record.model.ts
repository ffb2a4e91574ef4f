// The bet record's model (issue 11 §5, /mine/record/betRecord), written from the issue and its design (docs
// /venues.md: a query spans at most 31 days, both ends counted; pages of 20): today (China time) to begin with;
// filters by category, venue, date range and status start again at page 1; a range that cannot be asked for is
// not sent and the page says why; pages move within the answer; the venue filter's catalogue is read beside.
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { betRecordMachine } from '../../../machines/venues/bet-record.machine.ts';
import type { Fakes, MachineModel, OracleArgs } from '../../support/model-paths.ts';
import { NO_ANSWER, running } from './fixtures.ts';

export const LOAD = '0.betRecord.records.loading';
export const VENUES = '0.betRecord.catalogue.loading';
const TODAY = '2026-11-25';
/** Design: 20 bets a page; at most 31 days a query. */
const PAGE_SIZE = 20;

const answer = (total: number) => ({ items: [], total, page: 1, size: PAGE_SIZE, days: [] });
const filter = (over: Record<string, string>) => ({
  platform: '',
  venue: '',
  from: TODAY,
  to: TODAY,
  status: '',
  ...over,
});
const SPORT_WON = filter({ platform: 'TY', venue: 'IMTY', from: '2026-11-01', status: 'won' });
/** 26 October to 25 November: 31 days, both ends counted — the most a query may span. */
const LONGEST = filter({ from: '2026-10-26' });
/** 25 October to 25 November: 32 days. */
const TOO_LONG = filter({ from: '2026-10-25' });
const BACKWARDS = filter({ from: '2026-11-25', to: '2026-11-24' });
const NO_SUCH_DAY = filter({ from: '2026-02-30' });
const PROBLEM = new Map<unknown, string>([
  [TOO_LONG, 'tooLong'],
  [BACKWARDS, 'badRange'],
  [NO_SUCH_DAY, 'badDate'],
]);

const EVENTS: AnyEventObject[] = [
  { type: `xstate.done.actor.${LOAD}`, output: answer(45) },
  { type: `xstate.done.actor.${LOAD}`, output: answer(0) },
  { type: `xstate.error.actor.${LOAD}`, error: NO_ANSWER },
  { type: 'bets.retry' },
  { type: 'bets.filter', filter: SPORT_WON },
  { type: 'bets.filter', filter: LONGEST },
  { type: 'bets.filter', filter: TOO_LONG },
  { type: 'bets.filter', filter: BACKWARDS },
  { type: 'bets.filter', filter: NO_SUCH_DAY },
  { type: 'bets.page', page: 2 },
  { type: 'bets.page', page: 3 },
  { type: 'bets.page', page: 4 },
  { type: `xstate.done.actor.${VENUES}`, output: [{ venue: 'IMTY', name: 'IM 体育', platform: 'TY' }] },
  { type: `xstate.error.actor.${VENUES}`, error: NO_ANSWER },
];

interface Model {
  records: string;
  catalogue: string;
  filter: ReturnType<typeof filter>;
  page: number;
  total: number | null;
  problem: string | null;
}

function simulate(history: readonly AnyEventObject[]): Model {
  const m: Model = {
    records: 'loading',
    catalogue: 'loading',
    filter: filter({}),
    page: 1,
    total: null,
    problem: null,
  };
  for (const e of history) {
    const pages = m.total === null ? 1 : Math.max(1, Math.ceil(m.total / PAGE_SIZE));
    switch (e.type) {
      case `xstate.done.actor.${LOAD}`:
        m.records = 'ready';
        m.total = (e['output'] as { total: number }).total;
        break;
      case `xstate.error.actor.${LOAD}`:
        m.records = 'failed';
        break;
      case 'bets.retry':
        // 重试 is offered where the records failed to load.
        if (m.records === 'failed') m.records = 'loading';
        break;
      case 'bets.filter': {
        const problem = PROBLEM.get(e['filter']) ?? null;
        m.problem = problem;
        if (!problem) {
          m.filter = e['filter'];
          m.page = 1;
          m.records = 'loading';
        }
        break;
      }
      case 'bets.page':
        if (m.records === 'ready' && e['page'] !== m.page && e['page'] >= 1 && e['page'] <= pages) {
          m.page = e['page'];
          m.records = 'loading';
        }
        break;
      case `xstate.done.actor.${VENUES}`:
        m.catalogue = 'ready';
        break;
      case `xstate.error.actor.${VENUES}`:
        m.catalogue = 'unavailable';
        break;
    }
  }
  return m;
}

const common = (o: OracleArgs) => {
  const m = simulate(o.history);
  expect(o.snapshot.context.problem).toBe(m.problem);
  expect(o.snapshot.context.filter).toEqual(m.filter);
};

const ORACLES: Record<string, (o: OracleArgs) => void> = {
  'records.loading': (o) => {
    common(o);
    expect(running(o)).toContain(LOAD);
    const m = simulate(o.history);
    const sent: Record<string, unknown> = {
      from: m.filter.from,
      to: m.filter.to,
      page: m.page,
      size: PAGE_SIZE,
    };
    if (m.filter.platform) sent['platform'] = m.filter.platform;
    if (m.filter.venue) sent['venue'] = m.filter.venue;
    if (m.filter.status) sent['status'] = m.filter.status;
    expect(o.fakes.invocations.filter((i) => i.src === 'load').at(-1)!.input).toEqual(sent);
    // To begin with: today only, every category, venue and status.
    if (o.index === 0) expect(sent).toEqual({ from: TODAY, to: TODAY, page: 1, size: PAGE_SIZE });
  },
  'records.ready': (o) => {
    common(o);
    expect(running(o)).not.toContain(LOAD);
    expect(o.snapshot.context.result?.total).toBe(simulate(o.history).total);
  },
  'records.failed': (o) => {
    common(o);
    expect(running(o)).not.toContain(LOAD);
  },
  'catalogue.loading': (o) => expect(running(o)).toContain(VENUES),
  'catalogue.ready': (o) =>
    expect(o.snapshot.context.venues).toEqual([{ venue: 'IMTY', name: 'IM 体育', platform: 'TY' }]),
  'catalogue.unavailable': (o) => expect(o.snapshot.context.venues).toBeNull(),
};

export const betRecordModel: MachineModel<typeof betRecordMachine> = {
  title: 'bet record',
  machine: betRecordMachine,
  graphs: [
    {
      name: 'a member on the bet record page',
      input: { today: TODAY },
      events: EVENTS,
      key: (s) => ({
        value: s.value,
        filter: s.context.filter,
        page: s.context.page,
        total: s.context.result?.total ?? null,
        problem: s.context.problem,
      }),
      maxWalk: 60,
    },
  ],
  harness: {
    logic: (fakes: Fakes) =>
      betRecordMachine.provide({
        actors: { load: fakes.promise('load'), loadVenues: fakes.promise('loadVenues') },
      }),
    initial: 'records.loading | catalogue.loading',
    transitions: ({ history }) => {
      const m = simulate(history);
      return `records.${m.records} | catalogue.${m.catalogue}`;
    },
    oracles: ORACLES,
  },
};
