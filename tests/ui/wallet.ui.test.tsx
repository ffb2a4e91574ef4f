// The wallet area actor's generated paths on the rendered app (issue 18 §2 on issue 9 §2/§4: balances read on
// entering the area, the record query and the deposit flow running while their page is open).
import { act, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import {
  DEPOSIT,
  LOAD,
  RECALL,
  RECORDS,
  SWITCH,
  WALLET,
  walletModel,
} from '../machines/wallet/wallet.model.ts';
import type { MachineModel } from '../support/model-paths.ts';
import type { Travelled } from '../support/ui-backend.ts';
import { describeUiModel, type UiSeen, type UiStep } from '../support/ui-model.tsx';
import { expectLedgerOk, keptLogin, OtherTab, PATH, setBalances } from './wallet-support.ts';

/** The pages' headings (zh-CN catalogue; spec §2 paths). */
const HEADING: Record<string, string> = { [WALLET]: '我的钱包', [RECORDS]: '交易记录', [DEPOSIT]: '充值' };
const TEXT = {
  central: '中心钱包',
  recall: '一键回收',
  recalling: '回收中…',
  recalled: (yuan: string) => `已回收 ¥${yuan} 到中心钱包`,
  recallNothing: '各场馆暂无余额可回收',
  auto: /^免转模式/,
  unsure: '网络异常，结果未确认，请点击重试（不会重复扣款）',
  retry: '重试',
  giveUp: '放弃并刷新余额',
  loadFailed: '余额读取失败，正在重试…',
  /** The record page's filter (issue 9 §4). */
  search: '查询',
  /** The deposit page's sandbox notice (issue 9 §3: clearly marked as a sandbox). */
  sandbox: '沙盒环境：本站只使用游戏币，不连接任何真实支付渠道。',
};

/** The paths the player has been on: where the area started, then every route it heard. */
const pathsOf = (input: { path: string }, history: readonly AnyEventObject[]) => [
  input.path,
  ...history.filter((e) => e.type === 'route.changed').map((e) => e['path'] as string),
];
const here = (seen: UiSeen) => pathsOf(seen.input, seen.history).at(-1)!;
const loads = (seen: UiSeen) => seen.backend.calls.filter((c) => PATH.summary.test(c.url));
const mine = (seen: UiSeen, re: RegExp) => seen.travelled.filter((c) => re.test(c.url));
const recalls = (seen: UiSeen) => seen.backend.calls.filter((c) => PATH.recall.test(c.url));
const switches = (seen: UiSeen) => seen.backend.calls.filter((c) => PATH.autoTransfer.test(c.url));
const shown = () => screen.queryByRole('heading', { level: 2, name: TEXT.central }) !== null;
const yuan = (fen: number) =>
  `${Math.floor(fen / 100).toLocaleString('en-US')}.${String(fen % 100).padStart(2, '0')}`;
interface Recall {
  recalled: { venue: string; amount: number }[];
}

/**
 * The money-moving call of this step (what travelled): one, with a request id — the same as the unanswered one
 * when the player retries it, a new one otherwise (issue 9 §2).
 */
function sentOnce(seen: UiSeen, of: (seen: UiSeen) => Travelled[], unsure: string, state: string): Travelled {
  const calls = of(seen);
  if (seen.from.includes(`moves.${state}`)) {
    // Still under way (another region moved): nothing new sent, the call still held.
    expect(seen.travelled.filter((c) => calls.includes(c))).toEqual([]);
    expect(calls.at(-1)!.status).toBe(0);
    return calls.at(-1)!;
  }
  const now = seen.travelled.filter((c) => calls.includes(c));
  expect(now, 'one call').toHaveLength(1);
  const id = (c: Travelled) => (c.body as { requestId: string }).requestId;
  expect(id(now[0]!)).toEqual(expect.any(String));
  const earlier = calls.slice(0, -1).map(id);
  if (seen.from.includes(`moves.${unsure}`)) expect(id(now[0]!)).toBe(earlier.at(-1));
  else expect(earlier).not.toContain(id(now[0]!));
  return now[0]!;
}

/** No answer: the outcome is unknown; the player may retry (nothing moves twice) or give up and re-read. */
function unsureShown(seen: UiSeen) {
  if (here(seen) !== WALLET) return;
  expect(screen.getByText(TEXT.unsure, { exact: false })).toBeTruthy();
  expect(screen.getByRole('button', { name: TEXT.retry })).toBeTruthy();
  expect(screen.getByRole('button', { name: TEXT.giveUp })).toBeTruthy();
}

const see: Record<string, (seen: UiSeen) => void> = {
  // spec §2: the player is on the page they went to, a member's /mine page.
  'route.following': (seen) => {
    expect(window.location.pathname).toBe(here(seen));
    expect(screen.getByRole('heading', { level: 1, name: HEADING[here(seen)] })).toBeTruthy();
  },
  // issue 9 §4: the record query runs on the record page only (its filter shows there).
  'recordsPage.open': () => expect(screen.getByRole('button', { name: TEXT.search })).toBeTruthy(),
  'recordsPage.closed': () => expect(screen.queryByRole('button', { name: TEXT.search })).toBeNull(),
  // issue 9 §3: the deposit flow runs on the deposit page only.
  'depositPage.open': () => expect(screen.getByText(TEXT.sandbox)).toBeTruthy(),
  'depositPage.closed': () => expect(screen.queryByText(TEXT.sandbox)).toBeNull(),
  // issue 9 §2: the balances are read on entering the area and again after money moved, after a failed read
  // (5 s) or when the player gives up on an unanswered move (held here until a step answers).
  'balances.loading': (seen) => {
    expect(seen.backend.heldPaths().filter((p) => PATH.summary.test(p))).toHaveLength(1);
    const entered = seen.index === 0 || !seen.from.includes('balances.loading');
    expect(mine(seen, PATH.summary)).toHaveLength(entered ? 1 : 0);
    if (here(seen) === WALLET && !seen.history.some((e) => e.type === `xstate.done.actor.${LOAD}`)) {
      expect(screen.getAllByRole('status').length).toBeGreaterThan(0);
      expect(screen.queryByRole('heading', { level: 2, name: TEXT.central })).toBeNull();
    }
  },
  'balances.ready': (seen) => {
    expect(seen.backend.heldPaths().filter((p) => PATH.summary.test(p))).toEqual([]);
    expect(loads(seen).at(-1)!.status).toBe(200);
    if (here(seen) === WALLET) {
      expect(screen.getByRole('heading', { level: 2, name: TEXT.central })).toBeTruthy();
      // The balances shown are the server's: ¥100.00 available (set up when the read answers).
      expect(screen.getAllByText('¥100.00').length).toBeGreaterThan(0);
      expect(screen.queryByText(TEXT.loadFailed)).toBeNull();
    }
  },
  // The page says the read failed (and that it retries); the last balances stay shown.
  'balances.failed': (seen) => {
    expect(loads(seen).at(-1)!.status, 'no answer').toBe(0);
    if (here(seen) === WALLET) expect(screen.getByText(TEXT.loadFailed)).toBeTruthy();
  },
  'moves.idle': (seen) => {
    expect(seen.backend.heldPaths().filter((p) => PATH.recall.test(p) || PATH.autoTransfer.test(p))).toEqual(
      [],
    );
    if (here(seen) !== WALLET || !shown()) return;
    expect(screen.getByRole('button', { name: TEXT.recall })).toHaveProperty('disabled', false);
    expect(screen.getByRole('switch', { name: TEXT.auto })).toHaveProperty('disabled', false);
    expect(screen.queryByText(TEXT.unsure)).toBeNull();
    const t = seen.event.type;
    if (t === `xstate.done.actor.${RECALL}` || t === `xstate.done.actor.${SWITCH}`) {
      // issue 9 §2: what came back to the central wallet, as the server answered it.
      const call = (t.includes('recall') ? recalls(seen) : switches(seen)).at(-1)!;
      expect(call.answer).toMatchObject({ status_code: 6000 });
      const data = (call.answer as { data: Recall | { recall: Recall } }).data;
      const recall = 'recalled' in data ? data : data.recall;
      const sum = recall.recalled.reduce((s, r) => s + r.amount, 0);
      expect(screen.getByText(sum > 0 ? TEXT.recalled(yuan(sum)) : TEXT.recallNothing)).toBeTruthy();
    }
  },
  'moves.recalling': (seen) => {
    if (here(seen) === WALLET) {
      const busy = screen.getByRole('button', { name: TEXT.recalling });
      expect(busy).toHaveProperty('disabled', true);
      expect(busy.getAttribute('aria-busy')).toBe('true');
    }
    sentOnce(seen, recalls, 'recallUnsure', 'recalling');
  },
  'moves.recallUnsure': (seen) => {
    unsureShown(seen);
    expect(recalls(seen).at(-1)!.status, 'no answer').toBe(0);
  },
  'moves.switching': (seen) => {
    if (here(seen) === WALLET)
      expect(screen.getByRole('switch', { name: TEXT.auto })).toHaveProperty('disabled', true);
    const call = sentOnce(seen, switches, 'switchUnsure', 'switching');
    expect(call.body).toMatchObject({ enabled: true });
  },
  'moves.switchUnsure': (seen) => {
    unsureShown(seen);
    expect(switches(seen).at(-1)!.status, 'no answer').toBe(0);
  },
  'refresh.idle': (seen) => {
    expect(seen.travelled.filter((c) => PATH.refresh.test(c.url))).toEqual([]);
    expect(screen.queryByText('刷新中…')).toBeNull();
  },
};

/**
 * The player goes to another page of the area: by the wallet page's own 充值 link when it leads there, else the
 * way the browser's back/forward does it (a popstate the router follows: no page of the area links the record
 * page, and the deposit page has no link back while its flow loads).
 */
async function goTo({ app, user }: UiStep, path: string) {
  const link = window.location.pathname === WALLET && path === DEPOSIT ? '充值' : undefined;
  const shown = link ? screen.queryAllByRole('link', { name: link }).at(-1) : undefined;
  if (shown) await user.click(shown);
  else
    await act(async () => {
      window.history.pushState(null, '', path);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
      await Promise.resolve();
    });
  await waitFor(() => expect(app.getSnapshot().context).toMatchObject({ path }));
}

const boot = (path: string) => ({
  path,
  ...keptLogin(async (b) => {
    await setBalances(b, 10_000, { KYQP: 3_000 });
    await expectLedgerOk(b);
  }),
});

/**
 * The money the graph's reads assume (another tab of the same login moves it; it also switches 免转 off, so the
 * page offers switching it on, the graph's one 免转 event).
 */
async function asTheGraphSays(step: UiStep) {
  await new OtherTab(step.backend).call('POST', '/fd/api/v1/wallet/autoTransfer', {
    enabled: false,
    requestId: crypto.randomUUID(),
  });
  await setBalances(step.backend, 10_000, { KYQP: 3_000 });
}

const MONEY = 'entering the wallet page: balances, 一键回收, 免转';
/**
 * The wallet page's graph, on its money events: the route changes are the two small graphs' (they run in full);
 * the venue refresh is not run here (the server's lock is 5 s of real time: every refresh that must go through
 * would wait for it); wallet.dismiss has no control on any page. What the page cannot produce: nothing but the
 * loading screen (or the failure) before the first read answered; wallet.reload comes only from 放弃并刷新余额
 * (an unanswered move); the server never refuses a recall or a 免转 switch (it skips venues under maintenance).
 */
function moneyEvents(snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean {
  const moves = (snapshot.value as { moves: string }).moves;
  const t = event.type;
  if (t === 'route.changed' || t === 'wallet.dismiss' || t === 'wallet.venueUnlocked') return false;
  if (/refresh/i.test(t)) return false;
  if (
    (t === `xstate.error.actor.${RECALL}` || t === `xstate.error.actor.${SWITCH}`) &&
    event['error'].type === 'business'
  )
    return false;
  if (t === 'wallet.reload') return moves.endsWith('Unsure');
  if ((snapshot.context as { summary: unknown }).summary === null)
    return t.includes(LOAD) || t.startsWith('xstate.after');
  return true;
}

const onApp = {
  ...walletModel,
  graphs: [...walletModel.graphs, { ...walletModel.graphs[0]!, name: MONEY, filterEvents: moneyEvents }],
} as MachineModel;

const click =
  (name: string | RegExp) =>
  async ({ user }: UiStep) =>
    user.click(screen.getByRole('button', { name }));

describeUiModel(onApp, {
  systemId: 'wallet',
  boot: {
    'entering the wallet page': {
      skip:
        'not within this file’s time budget in full (2,316 edges / 3,158 steps over six parallel regions, and ' +
        'the server’s venue-refresh lock is 5 s of real time); its money events run as the next graph',
    },
    [MONEY]: boot(WALLET),
    'entering the record page': boot(RECORDS),
    'entering the deposit page': boot(DEPOSIT),
  },
  hold: [PATH.summary, PATH.recall, PATH.autoTransfer],
  drive: {
    'route.changed': async (step) => goTo(step, step.event['path'] as string),
    [`xstate.done.actor.${LOAD}`]: async (step) => {
      if (step.input.path === WALLET) await asTheGraphSays(step);
      await step.backend.release(PATH.summary);
    },
    [`xstate.error.actor.${LOAD}`]: (step) => step.backend.fail(PATH.summary),
    'wallet.reload': click(TEXT.giveUp),
    'wallet.recall': async (step) => {
      const unsure = (step.actor.getSnapshot() as AnyMachineSnapshot).value as { moves: string };
      await click(unsure.moves === 'recallUnsure' ? TEXT.retry : TEXT.recall)(step);
    },
    [`xstate.done.actor.${RECALL}`]: async (step) => {
      await step.backend.release(PATH.recall);
      await expectLedgerOk(step.backend);
    },
    [`xstate.error.actor.${RECALL}`]: (step) => step.backend.fail(PATH.recall),
    'wallet.autoTransfer': async (step) => {
      const unsure = (step.actor.getSnapshot() as AnyMachineSnapshot).value as { moves: string };
      if (unsure.moves === 'switchUnsure') await click(TEXT.retry)(step);
      else await step.user.click(screen.getByRole('switch', { name: TEXT.auto }));
    },
    [`xstate.done.actor.${SWITCH}`]: async (step) => {
      await step.backend.release(PATH.autoTransfer);
      await expectLedgerOk(step.backend);
    },
    [`xstate.error.actor.${SWITCH}`]: (step) => step.backend.fail(PATH.autoTransfer),
  },
  cannot: (event) =>
    event.type === 'route.changed' && event['path'] === window.location.pathname
      ? 'the router reports a change of address only: the same address again is no event'
      : null,
  maxWalk: 0,
  see,
});
