// The bet record: the generated paths of the bet-record model on the rendered app (issue 18 §2 on issue 11 §5;
// spec §2 /mine/record/betRecord; docs/venues.md "Bet records"). Every bet of every venue, today (China time) to
// begin with, filtered by category, venue, date range (at most 31 days, both ends counted) and status — a filter
// asks from page 1, a range that cannot be asked for is not sent and the form says why — 20 bets a page with the
// totals of each day; the venue filter lists the venues the wallet knows, read beside (without it, no venue
// filter; the record still works).
//
// Against the reference back end, the demo player's kept login. What the demo seed lacks is written before the
// server starts (`data`): 45 bets of the demo player today (three pages, as the model's first answer says), 45 on
// 20 November (the 31 days to 25 November: three pages) and one won bet at IM 体育 on 20 October (outside every
// range asked for: the won sport bets since 1 November are none, the model's empty answer).
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyActorRef, AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { LOAD, VENUES, betRecordModel } from '../machines/venues/bet-record.model.ts';
import type { MachineModel } from '../support/model-paths.ts';
import type { Travelled } from '../support/ui-backend.ts';
import { describeUiModel, type UiSeen, type UiStep } from '../support/ui-model.tsx';
import { keptLogin } from './wallet-support.ts';

/** spec §2: the bet record page. */
const PAGE = '/mine/record/betRecord';
/** docs/api.md: the bet record (POST), the wallet summary (the venues the filter lists). */
const BETS_RE = /^\/game\/api\/v1\/bet\/records$/;
const SUMMARY_RE = /^\/fd\/api\/v1\/wallet\/summary$/;
/** docs/venues.md: 20 bets a page, at most 31 days a query. */
const PAGE_SIZE = 20;
const MAX_DAYS = 31;
/** The model's today (its filters' dates are absolute; its first range is "today"). */
const MODEL_TODAY = '2026-11-25';
/** The demo player, as the members table stores the phone. */
const DEMO_PHONE = '(86)13800138000';

/** zh-CN catalogue (venues). */
const TEXT = {
  title: '投注记录',
  category: '游戏类型',
  venue: '游戏平台',
  from: '开始日期',
  to: '结束日期',
  status: '注单状态',
  search: '查询',
  failed: '投注记录加载失败',
  retry: '重试',
  empty: '所选时间内没有投注记录',
  count: (n: number) => `共 ${n} 笔`,
  days: '每日汇总',
  pages: '投注记录翻页',
  pageOf: (page: number, pages: number) => `第 ${page} / ${pages} 页`,
  next: '下一页',
  problems: {
    badDate: '请选择有效的日期',
    badRange: '结束日期不能早于开始日期',
    tooLong: '查询范围最多 31 天',
  } as Record<string, string>,
};

const DONE = `xstate.done.actor.${LOAD}`;
const ERROR = `xstate.error.actor.${LOAD}`;
const VENUES_DONE = `xstate.done.actor.${VENUES}`;
const VENUES_ERROR = `xstate.error.actor.${VENUES}`;

// ── what the player asked for (independent of the machine) ──

interface Filter {
  platform: string;
  venue: string;
  from: string;
  to: string;
  status: string;
}
const DAY_MS = 86_400_000;
/** Today in China time (UTC+8), as the page begins. */
const chinaToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
const dayMs = (d: string) => {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(d) ? Date.parse(`${d}T00:00:00Z`) : NaN;
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== d ? null : ms;
};
/** Why a range cannot be asked for (docs/venues.md), or null. */
function problemOf(f: Filter): string | null {
  const a = dayMs(f.from);
  const b = dayMs(f.to);
  if (a === null || b === null) return 'badDate';
  if (b < a) return 'badRange';
  return (b - a) / DAY_MS + 1 > MAX_DAYS ? 'tooLong' : null;
}

interface Asked {
  filter: Filter;
  page: number;
  problem: string | null;
}
/** issue 11 §5, event by event: today first; a filter that can be asked for asks from page 1; a page is that page. */
function askedAfter(history: readonly AnyEventObject[]): Asked {
  const today = chinaToday();
  const s: Asked = {
    filter: { platform: '', venue: '', from: today, to: today, status: '' },
    page: 1,
    problem: null,
  };
  for (const e of history) {
    if (e.type === 'bets.filter') {
      const f = e['filter'] as Filter;
      s.problem = problemOf(f);
      if (!s.problem) Object.assign(s, { filter: f, page: 1 });
    } else if (e.type === 'bets.page') s.page = e['page'] as number;
  }
  return s;
}
const sentFor = ({ filter: f, page }: Asked) => ({
  from: f.from,
  to: f.to,
  page,
  size: PAGE_SIZE,
  ...(f.platform ? { platform: f.platform } : {}),
  ...(f.venue ? { venue: f.venue } : {}),
  ...(f.status ? { status: f.status } : {}),
});

const betCalls = (calls: readonly Travelled[]) => calls.filter((c) => BETS_RE.test(c.url));
const dataOf = <T,>(c: Travelled | undefined) => (c?.answer as { data: T } | undefined)?.data;
interface Answer {
  items: Array<{ orderNo: string; venue: string; status: string; placedAt: string }>;
  total: number;
  page: number;
  days: Array<{ day: string; count: number }>;
}

// ── the oracles ──

function onPage(seen: UiSeen) {
  expect(window.location.pathname).toBe(PAGE);
  expect(screen.getByRole('heading', { level: 1, name: TEXT.title })).toBeTruthy();
  // A range that cannot be asked for: the form says why, the dates are marked; gone with the next one asked.
  const problem = askedAfter(seen.history).problem;
  const from = screen.getByLabelText(TEXT.from);
  if (problem) {
    expect(document.getElementById('bets-problem')?.textContent).toBe(TEXT.problems[problem]);
    expect(from.getAttribute('aria-invalid')).toBe('true');
    if (seen.event.type === 'bets.filter') expect(betCalls(seen.travelled)).toEqual([]);
  } else {
    expect(document.getElementById('bets-problem')).toBeNull();
    expect(from.hasAttribute('aria-invalid')).toBe(false);
  }
}

/** The events after which the record is asked (again). */
const asks = (seen: UiSeen) =>
  seen.index === 0 ||
  seen.event.type === 'bets.retry' ||
  seen.event.type === 'bets.page' ||
  (seen.event.type === 'bets.filter' && problemOf(seen.event['filter'] as Filter) === null);

const venueSelect = () => screen.queryByLabelText(TEXT.venue) as HTMLSelectElement | null;

const see: Record<string, (seen: UiSeen) => void> = {
  // Asked: the range, the page (20 a page) and the filters chosen; today only, everything, to begin with.
  'records.loading': (seen) => {
    onPage(seen);
    const sent = betCalls(seen.travelled).map((c) => c.body);
    expect(sent).toEqual(asks(seen) ? [sentFor(askedAfter(seen.history))] : []);
    if (seen.index === 0)
      expect(sent[0]).toEqual({ from: chinaToday(), to: chinaToday(), page: 1, size: 20 });
  },
  // The answer to what was asked: its bets (by order number), the count, each day's totals, the pages.
  'records.ready': (seen) => {
    onPage(seen);
    const last = betCalls(seen.backend.calls).at(-1)!;
    expect(last.body).toEqual(sentFor(askedAfter(seen.history)));
    const answer = dataOf<Answer>(last)!;
    const shown = [...document.querySelectorAll<HTMLElement>('li.bet')].map((b) => b.dataset['order']);
    expect(shown).toEqual(answer.items.map((b) => b.orderNo));
    expect(answer.items.length).toBeLessThanOrEqual(PAGE_SIZE);
    if (answer.total === 0) {
      expect(screen.getByText(TEXT.empty)).toBeTruthy();
      return;
    }
    expect(screen.getByRole('heading', { name: TEXT.count(answer.total) })).toBeTruthy();
    const days = [...document.querySelectorAll<HTMLElement>('tr[data-day]')].map((r) => r.dataset['day']);
    expect(days).toEqual(answer.days.map((d) => d.day));
    // Every day of the totals is within the range asked for.
    const { filter } = askedAfter(seen.history);
    expect(answer.days.every((d) => d.day >= filter.from && d.day <= filter.to)).toBe(true);
    const pages = Math.ceil(answer.total / PAGE_SIZE);
    const pager = screen.queryByRole('navigation', { name: TEXT.pages });
    if (pages > 1) expect(pager!.textContent).toContain(TEXT.pageOf(askedAfter(seen.history).page, pages));
    else expect(pager).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  },
  // No answer: said so, with 重试.
  'records.failed': (seen) => {
    onPage(seen);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(TEXT.failed);
    expect(within(alert).getByRole('button', { name: TEXT.retry })).toBeTruthy();
    expect(betCalls(seen.backend.calls).at(-1)!.status).toBe(0);
  },
  // The venues being read: no venue filter yet (category, dates and status are there).
  'catalogue.loading': () => {
    expect(venueSelect()).toBeNull();
    expect(screen.getByLabelText(TEXT.category)).toBeTruthy();
    expect(screen.getByLabelText(TEXT.status)).toBeTruthy();
  },
  // The venue filter lists the wallet's venues (of the category chosen, when one is).
  'catalogue.ready': (seen) => {
    const summary = seen.backend.calls.filter((c) => SUMMARY_RE.test(c.url)).at(-1)!;
    const known = dataOf<{ venues: Array<{ venue: string; platform: string }> }>(summary)!.venues;
    const platform = (screen.getByLabelText(TEXT.category) as HTMLSelectElement).value;
    const options = [...venueSelect()!.options].map((o) => o.value);
    expect(options).toEqual([
      '',
      ...known.filter((x) => !platform || x.platform === platform).map((x) => x.venue),
    ]);
  },
  // Not read: no venue filter; the record itself still works.
  'catalogue.unavailable': () => {
    expect(venueSelect()).toBeNull();
    expect(screen.getByRole('button', { name: TEXT.search })).toBeTruthy();
  },
};

// ── how each event happens ──

/** The player fills the form with the filter and presses 查询. */
async function fillAndSearch(step: UiStep) {
  const f = step.event['filter'] as Filter;
  await step.user.selectOptions(screen.getByLabelText(TEXT.category), f.platform);
  if (f.venue) await step.user.selectOptions(venueSelect()!, f.venue);
  // Date fields take a day (a date picker); a day that does not exist (30 February) leaves the field empty.
  fireEvent.change(screen.getByLabelText(TEXT.from), { target: { value: f.from } });
  fireEvent.change(screen.getByLabelText(TEXT.to), { target: { value: f.to } });
  await step.user.selectOptions(screen.getByLabelText(TEXT.status), f.status);
  await step.user.click(screen.getByRole('button', { name: TEXT.search }));
}

const drive: Record<string, (step: UiStep) => Promise<void>> = {
  [DONE]: (step) => step.backend.release(BETS_RE),
  [ERROR]: (step) => step.backend.fail(BETS_RE),
  'bets.retry': (step) =>
    step.user.click(within(screen.getByRole('alert')).getByRole('button', { name: TEXT.retry })),
  'bets.filter': fillAndSearch,
  'bets.page': (step) =>
    step.user.click(
      within(screen.getByRole('navigation', { name: TEXT.pages })).getByRole('button', { name: TEXT.next }),
    ),
  [VENUES_DONE]: (step) => step.backend.release(SUMMARY_RE),
  [VENUES_ERROR]: (step) => step.backend.fail(SUMMARY_RE),
};

// ── the graphs on the app ──

/**
 * The back end's total for a filter of the graph (the `data` below): the model's first range is today's on the
 * app — 45 bets; 26 October to 25 November, everything — 45; the won sport bets at IM 体育 since 1 November — 0.
 */
function totalOf(f: Filter): number | null {
  const all = !f.platform && !f.venue && !f.status;
  if (all && f.from === MODEL_TODAY && f.to === MODEL_TODAY) return 45;
  if (all && f.from === '2026-10-26' && f.to === MODEL_TODAY) return 45;
  if (f.platform === 'TY' && f.venue === 'IMTY' && f.status === 'won' && f.from === '2026-11-01') return 0;
  return null;
}
const invalid = (e: AnyEventObject) => e.type === 'bets.filter' && totalOf(e['filter'] as Filter) === null;

/**
 * What the page and the back end can produce (a graph filter). Left out:
 * - an answer whose total is not the back end's for the filter asked (the graph's answers say 45 or 0 bets for any
 *   filter; the back end's depend on the filter: the `data`);
 * - a filter naming a venue while the venue filter is not there (the venues not read);
 * - `bets.page` but 下一页 of an answer shown with a next page (the pager offers the pages next to the one shown).
 */
function producible(snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean {
  const ctx = snapshot.context as { filter: Filter; page: number };
  const value = snapshot.value as { records: string; catalogue: string };
  if (event.type === DONE) return totalOf(ctx.filter) === (event['output'] as { total: number }).total;
  if (event.type === 'bets.filter') return !(event['filter'] as Filter).venue || value.catalogue === 'ready';
  if (event.type === 'bets.page')
    return (
      value.records === 'ready' &&
      event['page'] === ctx.page + 1 &&
      (totalOf(ctx.filter) ?? 0) > PAGE_SIZE * ctx.page
    );
  return true;
}
/** The venues' read answers (or fails) first: the graph then moves the record only. */
const venuesFirst = (snapshot: AnyMachineSnapshot, event: AnyEventObject, first: string) =>
  (snapshot.value as { catalogue: string }).catalogue === 'loading'
    ? event.type === first
    : event.type !== VENUES_DONE && event.type !== VENUES_ERROR;

const [graph] = betRecordModel.graphs;
/**
 * The model's graph (4,264 edges over two parallel regions, the form's refusals in every state) is not run whole:
 * the venues' read answers first, then the record's paths — with the venue filter (no refusal), without it (no
 * refusal), and the refusals (each kind once from today's first page, then a range that can be asked for).
 */
const onApp = {
  ...betRecordModel,
  graphs: [
    {
      ...graph!,
      name: 'a member on the bet record page: filters and pages',
      filterEvents: (s: AnyMachineSnapshot, e: AnyEventObject) =>
        producible(s, e) && venuesFirst(s, e, VENUES_DONE) && !invalid(e),
      maxWalk: 40,
    },
    {
      ...graph!,
      name: 'a member on the bet record page: the venues not read',
      filterEvents: (s: AnyMachineSnapshot, e: AnyEventObject) =>
        producible(s, e) && venuesFirst(s, e, VENUES_ERROR) && !invalid(e),
      maxWalk: 40,
    },
    {
      ...graph!,
      name: 'a member on the bet record page: ranges that cannot be asked for',
      filterEvents: (s: AnyMachineSnapshot, e: AnyEventObject) => {
        const ctx = s.context as { filter: Filter; page: number; problem: string | null };
        const records = (s.value as { records: string }).records;
        if (!producible(s, e) || !venuesFirst(s, e, VENUES_DONE)) return false;
        if (invalid(e)) return records === 'ready' && ctx.page === 1 && ctx.filter.from === MODEL_TODAY;
        if (e.type === 'bets.filter')
          return ctx.problem !== null && (e['filter'] as Filter).from === '2026-10-26';
        return e.type === DONE || e.type === VENUES_DONE;
      },
      maxWalk: 40,
    },
  ],
} as MachineModel;

describeUiModel(onApp, {
  systemId: 'betRecord',
  actor: (get) =>
    (get('venues')?.getSnapshot() as { children?: Record<string, AnyActorRef> } | undefined)?.children?.[
      'betRecord'
    ],
  boot: {
    'a member on the bet record page: filters and pages': { path: PAGE, ...keptLogin() },
    'a member on the bet record page: the venues not read': { path: PAGE, ...keptLogin() },
    'a member on the bet record page: ranges that cannot be asked for': { path: PAGE, ...keptLogin() },
  },
  hold: [BETS_RE, SUMMARY_RE],
  data: [
    // Today: 45 slot bets, not settled yet.
    `INSERT INTO bets (order_no, member_id, venue, request_id, game, play, pick, stake, status, placed_at)
       SELECT 'UITODAY' || lpad(i::text, 3, '0'), id, 'PGDZ', 'ui-today-' || i, '财神到', '旋转', '20 线',
              100 * i, 'open', now() - i * interval '1 second'
         FROM members, generate_series(1, 45) AS i WHERE phone = '${DEMO_PHONE}'`,
    // 20 November: 45 slot bets, lost.
    `INSERT INTO bets (order_no, member_id, venue, request_id, game, play, pick, stake, valid_bet, status,
                      placed_at, settled_at)
       SELECT 'UINOV20' || lpad(i::text, 3, '0'), id, 'PGDZ', 'ui-nov20-' || i, '金龙献瑞', '旋转', '20 线',
              200, 200, 'lost', timestamptz '2026-11-20 12:00+08' + i * interval '1 minute',
              timestamptz '2026-11-20 12:00+08' + i * interval '1 minute' + interval '5 seconds'
         FROM members, generate_series(1, 45) AS i WHERE phone = '${DEMO_PHONE}'`,
    // 20 October: a won sport bet at IM 体育 (outside every range asked for).
    `INSERT INTO bets (order_no, member_id, venue, request_id, game, play, pick, odds, stake, valid_bet, payout,
                      status, placed_at, settled_at)
       SELECT 'UIOCT20001', id, 'IMTY', 'ui-oct20-1', '北京国安 vs 上海海港', '独赢', '主', 1950, 1000, 1000, 1950,
              'won', timestamptz '2026-10-20 20:00+08', timestamptz '2026-10-20 22:00+08'
         FROM members WHERE phone = '${DEMO_PHONE}'`,
  ],
  drive,
  see,
});
