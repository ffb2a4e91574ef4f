import { assign, fromPromise, setup } from 'xstate';
import {
  BET_RECORD_MAX_DAYS,
  BET_RECORD_PAGE_SIZE_DEFAULT,
  BET_RECORD_STATUSES,
  type BetRecordRequest,
  type BetRecordResponse,
  type BetRecordStatus,
} from '../../src/protocol/bets.ts';
import { PLATFORMS, type Platform } from '../../src/protocol/venues.ts';
import { daysBetween, isDay } from './common.ts';

// The bet record (issue 11 §5, /mine/record/betRecord): every bet of every venue, filtered by category
// (platform), venue, date range (China calendar days; today to begin with; at most BET_RECORD_MAX_DAYS days)
// and status, paged, with the totals of each day of the range. The venue filter lists the catalogue's venues
// (read beside the first page; without it the filter offers categories only). A filter starts at page 1; a
// range that cannot be asked for is not sent (the page says why).

export interface BetFilter {
  platform: Platform | '';
  venue: string;
  /** YYYY-MM-DD (China time). */
  from: string;
  to: string;
  status: BetRecordStatus | '';
}

export interface VenueOption {
  venue: string;
  name: string;
  platform: string;
}

export interface BetRecordInput {
  /** Today in China time (YYYY-MM-DD): the range to begin with. */
  today: string;
}

export type FilterProblem = 'badDate' | 'badRange' | 'tooLong';

interface Context {
  filter: BetFilter;
  page: number;
  result: BetRecordResponse | null;
  problem: FilterProblem | null;
  venues: VenueOption[] | null;
}

export type BetRecordEvent =
  { type: 'bets.filter'; filter: BetFilter } | { type: 'bets.page'; page: number } | { type: 'bets.retry' };

/** Why a filter cannot be asked for, or null. */
export function filterProblem(f: BetFilter): FilterProblem | null {
  if (!isDay(f.from) || !isDay(f.to)) return 'badDate';
  const days = daysBetween(f.from, f.to);
  if (days < 0) return 'badRange';
  // Both ends count: from 1 to 31 January is 31 days.
  if (days + 1 > BET_RECORD_MAX_DAYS) return 'tooLong';
  return null;
}

const clean = (f: BetFilter): BetFilter => ({
  platform: (PLATFORMS as readonly string[]).includes(f.platform) ? f.platform : '',
  venue: f.venue,
  from: f.from,
  to: f.to,
  status: (BET_RECORD_STATUSES as readonly string[]).includes(f.status) ? f.status : '',
});

/** The last page there is for an answer (at least 1). */
export const pagesOf = (r: BetRecordResponse | null) => (r ? Math.max(1, Math.ceil(r.total / r.size)) : 1);

export function requestOf(filter: BetFilter, page: number): BetRecordRequest {
  const req: BetRecordRequest = {
    from: filter.from,
    to: filter.to,
    page,
    size: BET_RECORD_PAGE_SIZE_DEFAULT,
  };
  if (filter.platform) req.platform = filter.platform;
  if (filter.venue) req.venue = filter.venue;
  if (filter.status) req.status = filter.status;
  return req;
}

export const betRecordMachine = setup({
  types: {} as { context: Context; events: BetRecordEvent; input: BetRecordInput },
  actors: {
    load: fromPromise<BetRecordResponse, BetRecordRequest>(async () => {
      throw new Error('provided at composition');
    }),
    loadVenues: fromPromise<VenueOption[]>(async () => {
      throw new Error('provided at composition');
    }),
  },
  guards: {
    validFilter: ({ event }) => event.type === 'bets.filter' && filterProblem(clean(event.filter)) === null,
    pageExists: ({ context, event }) =>
      event.type === 'bets.page' &&
      event.page !== context.page &&
      event.page >= 1 &&
      event.page <= pagesOf(context.result),
  },
}).createMachine({
  id: 'betRecord',
  type: 'parallel',
  context: ({ input }) => ({
    filter: { platform: '', venue: '', from: input.today, to: input.today, status: '' },
    page: 1,
    result: null,
    problem: null,
    venues: null,
  }),
  states: {
    records: {
      initial: 'loading',
      on: {
        'bets.filter': [
          {
            guard: 'validFilter',
            target: '.loading',
            actions: assign({ filter: ({ event }) => clean(event.filter), page: 1, problem: null }),
          },
          { actions: assign({ problem: ({ event }) => filterProblem(clean(event.filter)) }) },
        ],
      },
      states: {
        loading: {
          invoke: {
            src: 'load',
            input: ({ context }) => requestOf(context.filter, context.page),
            onDone: { target: 'ready', actions: assign({ result: ({ event }) => event.output }) },
            onError: 'failed',
          },
        },
        ready: {
          on: {
            'bets.page': {
              guard: 'pageExists',
              target: 'loading',
              actions: assign({ page: ({ event }) => event.page }),
            },
          },
        },
        failed: { on: { 'bets.retry': 'loading' } },
      },
    },
    catalogue: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadVenues',
            onDone: { target: 'ready', actions: assign({ venues: ({ event }) => event.output }) },
            // Without the catalogue the venue filter is left out; the record itself still works.
            onError: 'unavailable',
          },
        },
        ready: {},
        unavailable: {},
      },
    },
  },
});
