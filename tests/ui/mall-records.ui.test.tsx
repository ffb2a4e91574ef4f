// A mall record page on the rendered app (issue 18 §2 on issue 13 §6 "each filtered by date and kind, paged"):
// /mine/mall/coinRecord read with the filter; a new kind or date range goes back to page 1; the pager keeps the
// filter. One member for every path, with 45 coin grants from the operator: 3 pages of 20 (docs/api.md "Mall").
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { recordsModel } from '../machines/mall/records.model.ts';
import type { UiBackend } from '../support/ui-backend.ts';
import { describeUiModel, type UiSeen, type UiStep } from '../support/ui-model.tsx';
import { callsTo, keptLoginOfNewMember, mine, registerMember } from './payout-support.ts';

const PAGE = '/mine/mall/coinRecord';
const LOAD = /^\/site\/api\/v1\/mall\/coinRecords$/;
/** The member's entries and the page size (src/protocol/mall.ts RECORD_SIZE_DEFAULT = 20). */
const ENTRIES = 45;
const SIZE = 20;
const PAGES = 3;

const TEXT = {
  heading: '金币记录',
  kind: '类型',
  from: '开始日期',
  to: '结束日期',
  search: '查询',
  prev: '上一页',
  next: '下一页',
  pageOf: (p: number) => `第 ${p} / ${PAGES} 页`,
  total: `共 ${ENTRIES} 条`,
  loadFailed: '加载失败，请重试。',
  retry: '重试',
};

/** The filter the player set (a new kind or range goes back to page 1; the pager moves one page). */
function filterOf(history: readonly AnyEventObject[]) {
  const f = { kind: 'all', from: '', to: '', page: 1 };
  for (const e of history) {
    if (e.type === 'records.kind') Object.assign(f, { kind: e['kind'], page: 1 });
    if (e.type === 'records.range') Object.assign(f, { from: e['from'], to: e['to'], page: 1 });
    if (e.type === 'records.page' && (e['page'] as number) <= PAGES) f.page = e['page'] as number;
  }
  return f;
}

const see: Record<string, (seen: UiSeen) => void> = {
  loading: (seen) => {
    expect(screen.getByRole('heading', { level: 1, name: TEXT.heading })).toBeTruthy();
    const f = filterOf(seen.history);
    // docs/api.md "Mall" coinRecords: the page, the kind, the days when set.
    expect(mine(seen, LOAD).map((c) => c.body)).toEqual([
      { page: f.page, kind: f.kind, ...(f.from ? { from: f.from, to: f.to } : {}) },
    ]);
  },
  failed: (seen) => {
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(TEXT.loadFailed);
    expect(within(alert).getByRole('button', { name: TEXT.retry })).toBeTruthy();
    expect(callsTo(seen, LOAD).at(-1)!.status).toBe(0);
  },
  shown: (seen) => {
    const f = filterOf(seen.history);
    const rows = within(screen.getByRole('table')).getAllByRole('row').length - 1;
    expect(rows).toBe(Math.min(SIZE, ENTRIES - (f.page - 1) * SIZE));
    const pager = screen.getByRole('navigation', { name: TEXT.pageOf(f.page) });
    expect(pager.textContent).toContain(TEXT.total);
    expect(within(pager).getByRole('button', { name: TEXT.prev })).toHaveProperty('disabled', f.page === 1);
    expect(within(pager).getByRole('button', { name: TEXT.next })).toHaveProperty(
      'disabled',
      f.page === PAGES,
    );
    expect((screen.getByRole('combobox', { name: TEXT.kind }) as HTMLSelectElement).value).toBe(f.kind);
  },
};

const drive: Record<string, (step: UiStep) => Promise<void>> = {
  'xstate.done.actor.load': (step) => step.backend.release(LOAD),
  'xstate.error.actor.load': (step) => step.backend.fail(LOAD),
  'records.retry': (step) => step.user.click(screen.getByRole('button', { name: TEXT.retry })),
  'records.kind': (step) =>
    step.user.selectOptions(screen.getByRole('combobox', { name: TEXT.kind }), step.event['kind'] as string),
  'records.range': async (step) => {
    fireEvent.change(screen.getByLabelText(TEXT.from), { target: { value: step.event['from'] } });
    fireEvent.change(screen.getByLabelText(TEXT.to), { target: { value: step.event['to'] } });
    await step.user.click(screen.getByRole('button', { name: TEXT.search }));
  },
  'records.page': async (step) => {
    const current = (step.actor.getSnapshot() as { context: { filter: { page: number } } }).context.filter
      .page;
    const to = step.event['page'] as number;
    await step.user.click(screen.getByRole('button', { name: to > current ? TEXT.next : TEXT.prev }));
  },
};

/** One member for every path (45 grants take a while): registered and granted once. */
let pooled: ReturnType<typeof registerMember> | null = null;
const pooledMember = (b: UiBackend) =>
  (pooled ??= (async () => {
    const r = await registerMember(b);
    for (let i = 0; i < ENTRIES; i += 1) await b.ops('mall', 'coins', r.phone, '1', `ui-${i}`);
    return r;
  })());

describeUiModel(recordsModel, {
  systemId: 'mall',
  actor: (get) =>
    (get('mall')?.getSnapshot() as { children?: Record<string, never> } | undefined)?.children?.['records'],
  boot: {
    'a member on /mine/mall/coinRecord': {
      path: PAGE,
      ...keptLoginOfNewMember({ verified: false, registered: pooledMember }),
    },
  },
  hold: [LOAD],
  exclude: (event, snapshot) => {
    const f = (snapshot.context as { filter: { kind: string; page: number } }).filter;
    if (event.type === 'mall.refresh') return 'the coins push needs the live socket';
    // The page has a previous and a next button: it moves one page at a time.
    if (event.type === 'records.page' && Math.abs((event['page'] as number) - f.page) !== 1)
      return 'the pager moves one page at a time';
    // Choosing the kind already chosen changes nothing in a select.
    if (event.type === 'records.kind' && event['kind'] === f.kind) return 'that kind is already chosen';
    return null;
  },
  drive,
  see,
});
