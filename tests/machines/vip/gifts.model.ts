// The gift record's model (issue 13 §6 "/mine/record/giftRecord … each filtered by date and kind, paged"): a
// range that ends before it starts is not asked for; a page that does not exist is not asked for; a new filter
// starts at page 1.
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { giftsMachine } from '../../../machines/vip/gifts.machine.ts';
import type { VipGiftList } from '../../../src/protocol/vip.ts';
import type { Fakes, MachineModel, OracleArgs, TransitionTable } from '../../support/model-paths.ts';
import { GIFTS, GIFTS_PAGE_2, NO_ANSWER, NO_GIFTS } from './fixtures.ts';

export const LOAD = 'gifts.load';

const done = (output: unknown) => ({ type: `xstate.done.actor.${LOAD}`, output });
const failed = (error: unknown) => ({ type: `xstate.error.actor.${LOAD}`, error });

type Filter = { from: string; to: string; kind: '' | 'upgrade' | 'birthday' | 'monthly' };
const GOOD: Filter = { from: '2026-11-01', to: '2026-11-26', kind: 'upgrade' };
const KIND_ONLY: Filter = { from: '', to: '', kind: 'birthday' };
const BAD: Filter = { from: '2026-11-26', to: '2026-11-01', kind: '' };

const EVENTS = [
  done(GIFTS),
  done(GIFTS_PAGE_2),
  done(NO_GIFTS),
  failed(NO_ANSWER),
  { type: 'gifts.retry' },
  { type: 'gifts.filter', filter: GOOD },
  { type: 'gifts.filter', filter: KIND_ONLY },
  { type: 'gifts.filter', filter: BAD },
  { type: 'gifts.page', page: 2 },
  { type: 'gifts.page', page: 4 },
  { type: 'gifts.page', page: 0 },
];

export const provideGifts = (fakes: Fakes) =>
  giftsMachine.provide({ actors: { load: fakes.promise('load') } });

const before = (history: readonly AnyEventObject[]) => history.slice(0, -1);
const badRange = (f: Filter) => f.from !== '' && f.to !== '' && f.from > f.to;

interface Seen {
  list: VipGiftList | null;
  filter: Filter;
  page: number;
}

function seen(history: readonly AnyEventObject[]): Seen {
  const s: Seen = { list: null, filter: { from: '', to: '', kind: '' }, page: 1 };
  for (const e of history) {
    if (e.type === `xstate.done.actor.${LOAD}`) s.list = e['output'] as VipGiftList;
    if (e.type === 'gifts.filter' && !badRange(e['filter'] as Filter)) {
      s.filter = e['filter'] as Filter;
      s.page = 1;
    }
    if (e.type === 'gifts.page' && pageExists(s, e['page'] as number)) s.page = e['page'] as number;
  }
  return s;
}

/** 45 gifts, 20 a page → 3 pages; none → 1 page. */
function pageExists(s: Seen, page: number) {
  const pages = s.list ? Math.max(1, Math.ceil(s.list.total / s.list.size)) : 1;
  return page >= 1 && page <= pages;
}

/** What the list call asks for: only the filter's set fields, the page, 20 a page. */
const query = (s: Seen) => ({
  ...(s.filter.from ? { from: s.filter.from } : {}),
  ...(s.filter.to ? { to: s.filter.to } : {}),
  ...(s.filter.kind ? { kind: s.filter.kind } : {}),
  page: s.page,
  size: 20,
});

const TABLE: TransitionTable = {
  loading: {
    [`xstate.done.actor.${LOAD}`]: 'ready',
    [`xstate.error.actor.${LOAD}`]: 'loadFailed',
  },
  loadFailed: { 'gifts.retry': 'loading' },
  ready: {
    'gifts.filter': ({ event }) => (badRange(event['filter'] as Filter) ? 'ready' : 'loading'),
    'gifts.page': ({ event, history }) =>
      pageExists(seen(before(history)), event['page'] as number) ? 'loading' : 'ready',
  },
};

const ORACLES: Record<string, (o: OracleArgs) => void> = {
  loading: (o) => {
    expect(o.fakes.pendingIds()).toEqual([LOAD]);
    expect(o.fakes.invocations.at(-1)).toMatchObject({ src: 'load', input: query(seen(o.history)) });
    expect(o.snapshot.context.problem).toBeNull();
  },
  loadFailed: (o) => expect(o.fakes.pendingIds()).toEqual([]),
  ready: (o) => {
    expect(o.fakes.pendingIds()).toEqual([]);
    const s = seen(o.history);
    expect(o.snapshot.context.list).toEqual(s.list);
    expect(o.snapshot.context.page).toBe(s.page);
    if (o.event.type === 'gifts.filter') expect(o.snapshot.context.problem).toBe('badRange');
  },
};

export const giftsModel: MachineModel<typeof giftsMachine> = {
  title: 'vip gifts',
  machine: giftsMachine,
  graphs: [{ name: 'a member reading the gift record', input: undefined, events: EVENTS, maxWalk: 40 }],
  harness: { logic: provideGifts, initial: 'loading', transitions: TABLE, oracles: ORACLES },
};
