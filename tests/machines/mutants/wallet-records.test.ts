// Mutation testing (issue 18 §3): the transaction record (issue 9 §4, docs/api.md "Wallet" records), driven step
// by step with expectations written from the issue and the API document: filters by kind and date range (the
// range is inclusive, so one day is a range; an open end is allowed; only a range ending before it starts is
// not asked for), a filter starts at page 1, only existing pages are asked for, a failed load is retried.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { RecordFilter } from '../../../machines/wallet/records.machine.ts';
import type { RecordPage } from '../../../src/protocol/wallet.ts';
import { Fakes, settle } from '../../support/model-paths.ts';

const LOAD = '0.records.loading';
/** docs/api.md "Wallet" (records): pageSize defaults to 20. */
const PAGE_SIZE = 20;
const ALL: RecordFilter = { kind: '', from: '', to: '' };

// Loaded inside each test, not at the top: a machine whose configuration cannot even be built (e.g. a mutant
// emptying `initial` or `states`) must fail a test, not only the file's collection (which the mutation run does
// not count as a failing test).
const load = () => import('../../../machines/wallet/records.machine.ts');

const page = (total: number, p = 1): RecordPage => ({ items: [], total, page: p, pageSize: PAGE_SIZE });

async function start() {
  const { recordsMachine } = await load();
  const fakes = new Fakes();
  const actor = createActor(recordsMachine.provide({ actors: { load: fakes.promise<RecordPage>('load') } }));
  actor.subscribe({ error: () => {} });
  actor.start();
  const value = () => actor.getSnapshot().value as unknown;
  const ctx = () => actor.getSnapshot().context;
  const asked = () => fakes.invocations.map((i) => i.input);
  return { actor, fakes, value, ctx, asked };
}

type Records = Awaited<ReturnType<typeof start>>;

/** The first page answered with `total` rows (45 rows at 20 a page: 3 pages). */
async function ready(total = 45): Promise<Records> {
  const r = await start();
  expect(r.actor.getSnapshot().status).toBe('active');
  expect(r.value()).toBe('loading');
  expect(r.asked()).toEqual([{ ...ALL, page: 1, pageSize: PAGE_SIZE }]);
  r.fakes.resolve(LOAD, page(total));
  await settle();
  expect(r.value()).toBe('ready');
  expect(r.ctx().result).toEqual(page(total));
  return r;
}

describe('filters (issue 9 §4: by kind and date range; docs/api.md: from/to inclusive, 10003 when from > to)', () => {
  const asked: Array<[string, RecordFilter]> = [
    ['a kind and a range', { kind: 'deposit', from: '2026-11-01', to: '2026-11-23' }],
    ['a start date only', { kind: '', from: '2026-11-01', to: '' }],
    ['an end date only', { kind: '', from: '', to: '2026-11-23' }],
    ['one day (from = to)', { kind: 'transfer_in', from: '2026-11-23', to: '2026-11-23' }],
    ['a kind only', { kind: 'adjustment', from: '', to: '' }],
  ];
  for (const [name, filter] of asked) {
    it(`${name} is asked for, from page 1`, async () => {
      const r = await ready();
      r.actor.send({ type: 'records.page', page: 2 });
      await settle();
      r.fakes.resolve(LOAD, page(45, 2));
      await settle();
      expect(r.ctx().page).toBe(2);
      r.actor.send({ type: 'records.filter', filter });
      await settle();
      expect(r.value()).toBe('loading');
      expect(r.ctx().problem).toBeNull();
      expect(r.ctx().filter).toEqual(filter);
      expect(r.asked().at(-1)).toEqual({ ...filter, page: 1, pageSize: PAGE_SIZE });
      r.fakes.resolve(LOAD, page(3));
      await settle();
      expect(r.value()).toBe('ready');
      expect(r.ctx().result).toEqual(page(3));
    });
  }

  it('a range that ends before it starts is not asked for and the page says why', async () => {
    const r = await ready();
    r.actor.send({ type: 'records.filter', filter: { kind: '', from: '2026-11-23', to: '2026-11-22' } });
    await settle();
    expect(r.value()).toBe('ready');
    expect(r.ctx().problem).toBe('badRange');
    expect(r.asked()).toHaveLength(1);
    // A valid filter afterwards is asked for and clears the problem.
    r.actor.send({ type: 'records.filter', filter: { kind: '', from: '2026-11-22', to: '2026-11-23' } });
    await settle();
    expect(r.value()).toBe('loading');
    expect(r.ctx().problem).toBeNull();
    expect(r.asked()).toHaveLength(2);
  });
});

describe('pages (issue 9 §4: paged; 45 rows at 20 a page are pages 1–3)', () => {
  it('the next pages up to the last are asked for', async () => {
    const r = await ready();
    for (const p of [2, 3]) {
      r.actor.send({ type: 'records.page', page: p });
      await settle();
      expect(r.value()).toBe('loading');
      expect(r.asked().at(-1)).toEqual({ ...ALL, page: p, pageSize: PAGE_SIZE });
      r.fakes.resolve(LOAD, page(45, p));
      await settle();
      expect(r.value()).toBe('ready');
      expect(r.ctx().page).toBe(p);
    }
  });

  it('back to page 1 from page 2 is asked for', async () => {
    const r = await ready();
    r.actor.send({ type: 'records.page', page: 2 });
    await settle();
    r.fakes.resolve(LOAD, page(45, 2));
    await settle();
    r.actor.send({ type: 'records.page', page: 1 });
    await settle();
    expect(r.value()).toBe('loading');
    expect(r.asked().at(-1)).toEqual({ ...ALL, page: 1, pageSize: PAGE_SIZE });
    expect(r.ctx().page).toBe(1);
  });

  for (const [name, total, p] of [
    ['page 4 of 3', 45, 4],
    ['page 0', 45, 0],
    ['page -1', 45, -1],
    ['page 2 of an empty record (1 page)', 0, 2],
  ] as const) {
    it(`${name} is not asked for`, async () => {
      const r = await ready(total);
      r.actor.send({ type: 'records.page', page: p });
      await settle();
      expect(r.value()).toBe('ready');
      expect(r.ctx().page).toBe(1);
      expect(r.asked()).toHaveLength(1);
    });
  }
});

describe('a failed load (the page offers a retry)', () => {
  it('retry asks again for the same filter and page', async () => {
    const r = await ready();
    const filter: RecordFilter = { kind: 'deposit', from: '2026-11-01', to: '2026-11-23' };
    r.actor.send({ type: 'records.filter', filter });
    await settle();
    r.fakes.reject(LOAD, new Error('offline'));
    await settle();
    expect(r.value()).toBe('failed');
    r.actor.send({ type: 'records.retry' });
    await settle();
    expect(r.value()).toBe('loading');
    expect(r.asked().at(-1)).toEqual({ ...filter, page: 1, pageSize: PAGE_SIZE });
    r.fakes.resolve(LOAD, page(3));
    await settle();
    expect(r.value()).toBe('ready');
    expect(r.ctx().result).toEqual(page(3));
  });
});
