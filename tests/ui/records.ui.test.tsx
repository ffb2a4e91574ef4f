// The transaction record's generated paths on the rendered app (issue 18 §2 on issue 9 §4: /mine/record/transRecord,
// every ledger movement of the player, filtered by kind and date range, paged, newest first).
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyActorRef, AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { LOAD, recordsModel } from '../machines/wallet/records.model.ts';
import type { MachineModel } from '../support/model-paths.ts';
import type { UiBackend } from '../support/ui-backend.ts';
import { describeUiModel, type UiSeen, type UiStep } from '../support/ui-model.tsx';
import { DEMO_PLAYER_PHONE } from './accounts.ts';
import { keptLogin, OtherTab, PATH } from './wallet-support.ts';

const PAGE = '/mine/record/transRecord';
/** docs/api.md "Wallet": 20 rows a page. */
const PAGE_SIZE = 20;
/** The graph's answers (records.model.ts): 45 movements in all (3 pages); none for its deposit filter. */
const ALL_ROWS = 45;

const TEXT = {
  heading: '交易记录',
  kind: '交易类型',
  allKinds: '全部类型',
  deposit: '充值',
  from: '开始日期',
  to: '结束日期',
  search: '查询',
  empty: '暂无交易记录',
  prev: '上一页',
  next: '下一页',
  pageOf: (p: number, n: number) => `第 ${p} / ${n} 页`,
  loadFailed: '交易记录读取失败',
  retry: '重试',
  badRange: '开始日期不能晚于结束日期',
};

// ── what the player asked for, from issue 9 §4 (independent of the machine) ──

const isBackwards = (e: AnyEventObject) =>
  e.type === 'records.filter' && e['filter'].from > e['filter'].to && e['filter'].to !== '';
function asked(history: readonly AnyEventObject[]) {
  let filter = { kind: '', from: '', to: '' };
  let page = 1;
  let total: number | null = null;
  for (const e of history) {
    if (e.type === 'records.filter' && !isBackwards(e)) {
      filter = e['filter'];
      page = 1;
    }
    if (e.type === 'records.page') page = e['page'];
    if (e.type === `xstate.done.actor.${LOAD}`) total = filter.kind === 'deposit' ? 0 : ALL_ROWS;
  }
  return { filter, page, total };
}
const pagesOf = (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE));
const queries = (seen: UiSeen) => seen.backend.calls.filter((c) => PATH.records.test(c.url));

function common(seen: UiSeen) {
  expect(screen.getByRole('heading', { level: 1, name: TEXT.heading })).toBeTruthy();
  expect(screen.getByRole('button', { name: TEXT.search })).toBeTruthy();
  // issue 9 §4: a backwards range is not asked for; the page says why until a valid filter is asked.
  const last = seen.history.filter((e) => e.type === 'records.filter').at(-1);
  if (last && isBackwards(last)) expect(screen.getByText(TEXT.badRange)).toBeTruthy();
  else expect(screen.queryByText(TEXT.badRange)).toBeNull();
  if (seen.event.type === 'records.filter' && isBackwards(seen.event))
    expect(
      seen.travelled.filter((c) => PATH.records.test(c.url)),
      'nothing asked',
    ).toEqual([]);
}

const see: Record<string, (seen: UiSeen) => void> = {
  loading: (seen) => {
    common(seen);
    const { filter, page } = asked(seen.history);
    // What travelled: the query of the filter asked for, page by page, 20 a page (empty fields not sent).
    const last = queries(seen).at(-1)!;
    expect(last.method).toBe('POST');
    expect(last.body).toEqual({
      ...Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== '')),
      page,
      pageSize: PAGE_SIZE,
    });
    const started = !(seen.event.type === 'records.filter' && isBackwards(seen.event));
    if (started) expect(seen.travelled.filter((c) => PATH.records.test(c.url))).toHaveLength(1);
    expect(screen.queryByText(TEXT.loadFailed)).toBeNull();
  },
  ready: (seen) => {
    common(seen);
    const { page, total } = asked(seen.history);
    expect(queries(seen).at(-1)!.status).toBe(200);
    if (total === 0) {
      expect(screen.getByText(TEXT.empty)).toBeTruthy();
      expect(screen.queryByRole('navigation', { name: /^第/ })).toBeNull();
      return;
    }
    const pages = pagesOf(total!);
    const pager = screen.getByRole('navigation', { name: TEXT.pageOf(page, pages) });
    expect(within(pager).getByText(TEXT.pageOf(page, pages))).toBeTruthy();
    expect(within(pager).getByRole('button', { name: TEXT.prev })).toHaveProperty('disabled', page <= 1);
    expect(within(pager).getByRole('button', { name: TEXT.next })).toHaveProperty('disabled', page >= pages);
    // 20 rows a page, the rest on the last; newest first; amounts with two decimals and separators.
    const rows = screen.getAllByRole('listitem').filter((li) => li.classList.contains('record'));
    expect(rows).toHaveLength(page < pages ? PAGE_SIZE : total! - PAGE_SIZE * (pages - 1));
    const times = rows.map((r) => r.querySelector('time')!.getAttribute('dateTime')!);
    expect([...times].sort().reverse()).toEqual(times);
    for (const r of rows) expect(r.textContent).toMatch(/[+-]?¥\d{1,3}(,\d{3})*\.\d{2}/);
  },
  failed: (seen) => {
    common(seen);
    const alert = screen.getAllByRole('alert').find((a) => a.textContent?.includes(TEXT.loadFailed))!;
    expect(alert.textContent).toContain(TEXT.loadFailed);
    expect(within(alert).getByRole('button', { name: TEXT.retry })).toBeTruthy();
    expect(queries(seen).at(-1)!.status, 'no answer').toBe(0);
  },
};

// ── how each event happens ──

/** Every held query answers (an earlier one a new filter replaced too: its answer is no longer wanted). */
async function answerAll(step: UiStep, how: 'release' | 'fail') {
  await step.backend.waitForHeld(PATH.records);
  while (step.backend.heldPaths().some((p) => PATH.records.test(p))) await step.backend[how](PATH.records);
}

const drive: Record<string, (step: UiStep) => Promise<void>> = {
  [`xstate.done.actor.${LOAD}`]: (step) => answerAll(step, 'release'),
  [`xstate.error.actor.${LOAD}`]: (step) => answerAll(step, 'fail'),
  'records.filter': async ({ user, event }) => {
    const f = event['filter'] as { kind: string; from: string; to: string };
    await user.selectOptions(
      screen.getByRole('combobox', { name: TEXT.kind }),
      screen.getByRole('option', { name: f.kind === 'deposit' ? TEXT.deposit : TEXT.allKinds }),
    );
    // The browser's date picker sets the whole date at once.
    fireEvent.change(screen.getByLabelText(TEXT.from), { target: { value: f.from } });
    fireEvent.change(screen.getByLabelText(TEXT.to), { target: { value: f.to } });
    await user.click(screen.getByRole('button', { name: TEXT.search }));
  },
  'records.page': async ({ user, event, actor }) => {
    const at = (actor.getSnapshot() as AnyMachineSnapshot).context.page as number;
    await user.click(screen.getByRole('button', { name: event['page'] > at ? TEXT.next : TEXT.prev }));
  },
  'records.retry': async ({ user }) => user.click(screen.getByRole('button', { name: TEXT.retry })),
};

/**
 * What the page can produce (a graph filter; the framework's `cannot` would end the paths and still expect the
 * edges behind): the server answers what the player has — 45 movements in all, no deposit (the boot sees to it)
 * — so the graph's empty answer comes for the deposit filter and its 45 for the others; the pager moves one page
 * at a time, only within the pages there are, and only when there are rows.
 */
function producible(snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean {
  const ctx = snapshot.context as {
    filter: { kind: string };
    page: number;
    result: { total: number } | null;
  };
  if (event.type === `xstate.done.actor.${LOAD}`)
    return (event['output'] as { total: number }).total === (ctx.filter.kind === 'deposit' ? 0 : ALL_ROWS);
  if (event.type === 'records.page') {
    const total = ctx.result?.total ?? 0;
    return total > 0 && Math.abs(event['page'] - ctx.page) === 1 && event['page'] <= pagesOf(total);
  }
  return true;
}

const onApp: MachineModel = {
  ...recordsModel,
  graphs: recordsModel.graphs.map((g) => ({ ...g, filterEvents: producible })),
} as MachineModel;

/** The player's movements, as the graph's answers need them: exactly 45 (operator credits of ¥0.01 added). */
async function fortyFiveMovements(backend: UiBackend) {
  const tab = new OtherTab(backend);
  const { total } = await tab.call<{ total: number }>('POST', '/fd/api/v1/wallet/records', {
    page: 1,
    pageSize: 1,
  });
  expect(total, 'the demo player has at most 45 movements').toBeLessThanOrEqual(ALL_ROWS);
  for (let i = total; i < ALL_ROWS; i += 1) await backend.ops('credit', DEMO_PLAYER_PHONE, '0.01', 'ui test');
  expect(await backend.ops('ledger', 'check')).toMatch(/^ledger ok/);
}

describeUiModel(onApp, {
  systemId: 'records',
  // No systemId: the wallet actor's child while its page is open (started again on every visit).
  actor: (get) =>
    (get('wallet')?.getSnapshot() as { children?: Record<string, AnyActorRef> } | undefined)?.children?.[
      'records'
    ],
  boot: { 'a member with movements': { path: PAGE, ...keptLogin(fortyFiveMovements) } },
  hold: [PATH.records],
  drive,
  see,
  maxWalk: 40,
});
