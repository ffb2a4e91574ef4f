// The wallet area actor's generated paths on the rendered app (issue 18 §2 on issue 9 §2/§4: balances read on
// entering the area, the record query and the deposit flow running while their page is open).
import { act, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import {
  DEPOSIT,
  LOAD,
  RECALL,
  RECORDS,
  REFRESH,
  SWITCH,
  VENUE,
  WALLET,
  walletModel,
} from '../machines/wallet/wallet.model.ts';
import type { MachineModel } from '../support/model-paths.ts';
import type { Travelled, UiBackend } from '../support/ui-backend.ts';
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
  /** A venue wallet's refresh control (issue 9 §2): its name, its text while it works, its hint while locked. */
  refresh: (venue: string) => `刷新${venue}余额`,
  refreshing: '刷新中…',
  refreshLocked: '刚刚刷新过，请稍后再试',
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

// ── The venue refresh (issue 9 §2: "a per-venue refresh (locked for a few seconds after use)") ──

const DONE_REFRESH = `xstate.done.actor.${REFRESH}`;
const ERROR_REFRESH = `xstate.error.actor.${REFRESH}`;
/**
 * The venue the refresh graph refreshes: the demo seed's open 开元棋牌 (server/db/seed.ts), with ¥30.00 as the boot
 * sets it; before each refresh that goes through, another tab of the login moves ¥5.00 into it, so the refreshed
 * balance is not the one the page already shows.
 */
const SEEDED = { code: 'KYQP', name: '开元棋牌', fen: 3_000 };
const MOVED_IN = 500;
/** docs/api.md "Wallet": the refresh is locked for 5 s per member and venue; 30004 within it, 6000 otherwise. */
const LOCK_MS = 5_000;
const REFRESH_OK = 6000;
const REFRESH_LOCKED = 30004;

const refreshes = (seen: UiSeen) => seen.backend.calls.filter((c) => PATH.refresh.test(c.url));
const heldRefreshes = (seen: UiSeen) => seen.backend.heldPaths().filter((p) => PATH.refresh.test(p));
const refreshControl = () => screen.getByRole('button', { name: TEXT.refresh(SEEDED.name) });
/** What the server holds for the venue after the path's refreshes: each one that went through came after ¥5.00. */
const venueFen = (history: readonly AnyEventObject[]) =>
  SEEDED.fen + MOVED_IN * history.filter((e) => e.type === DONE_REFRESH).length;
/** The venue's row on the page shows this amount (the control sits in the venue's row). */
function rowShows(fen: number) {
  const row = refreshControl().closest('li');
  expect(row, 'the venue’s row').not.toBeNull();
  expect(within(row!).getByText(`¥${yuan(fen)}`)).toBeTruthy();
}
/**
 * Locked after use: a refresh ended (went through, refused or unanswered) and the 5 s since have not passed (the
 * graph's wallet.venueUnlocked is those 5 s on the app's clock).
 */
function lockedNow(history: readonly AnyEventObject[]): boolean {
  const ended = history.findLastIndex((e) => e.type === DONE_REFRESH || e.type === ERROR_REFRESH);
  return ended > history.findLastIndex((e) => e.type === 'wallet.venueUnlocked');
}
const isRefusal = (event: AnyEventObject) => (event['error'] as { type?: string }).type === 'business';

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
  // issue 9 §2: the control refreshes one venue wallet; after use it is locked for 5 s (docs/api.md), then free.
  'refresh.idle': (seen) => {
    expect(mine(seen, PATH.refresh), 'no refresh sent').toEqual([]);
    expect(heldRefreshes(seen), 'no refresh under way').toEqual([]);
    expect(screen.queryByText(TEXT.refreshing)).toBeNull();
    if (here(seen) !== WALLET || !shown()) return;
    const locked = lockedNow(seen.history);
    const control = refreshControl();
    expect(control, locked ? 'locked after use' : 'free').toHaveProperty('disabled', locked);
    expect(control.getAttribute('title'), 'the lock is said').toBe(locked ? TEXT.refreshLocked : null);
    const t = seen.event.type;
    if (t !== DONE_REFRESH && t !== ERROR_REFRESH && t !== 'wallet.venueUnlocked') return;
    const call = refreshes(seen).at(-1)!;
    const answer = call.answer as { status_code: number; message: string; data: any };
    if (t === DONE_REFRESH) {
      // The server re-read the venue wallet: the balance it holds now (after the other tab's ¥5.00) shows.
      expect(answer).toMatchObject({
        status_code: REFRESH_OK,
        data: { venue: { venue: SEEDED.code, balance: venueFen(seen.history) } },
      });
    } else if (t === ERROR_REFRESH && isRefusal(seen.event)) {
      // Refused within the server's lock, with how long to wait; the page shows the server's message.
      expect(answer.status_code).toBe(REFRESH_LOCKED);
      expect(answer.data.retryAfterMs).toBeGreaterThan(0);
      expect(answer.data.retryAfterMs).toBeLessThanOrEqual(LOCK_MS);
      expect(screen.getByText(answer.message)).toBeTruthy();
    } else if (t === ERROR_REFRESH) {
      expect(call.status, 'no answer').toBe(0);
    }
    // A refusal or no answer leaves the last balance the page had.
    rowShows(venueFen(seen.history));
  },
  'refresh.refreshing': (seen) => {
    // One refresh of that venue asked for (held here until the next step answers it).
    expect(mine(seen, PATH.refresh)).toEqual([
      expect.objectContaining({ method: 'POST', body: { venue: SEEDED.code }, status: 0 }),
    ]);
    expect(heldRefreshes(seen)).toHaveLength(1);
    if (here(seen) !== WALLET) return;
    const control = refreshControl();
    expect(control.textContent).toBe(TEXT.refreshing);
    expect(control).toHaveProperty('disabled', true);
    rowShows(venueFen(seen.history));
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
 * the venue refresh is the next graph's (REFRESHING); wallet.dismiss has no control on any page. What the page cannot produce: nothing but the
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

const REFRESHING = 'entering the wallet page: refreshing a venue wallet';
const whole = walletModel.graphs[0]!;
/**
 * The wallet page's graph, on the venue refresh: the first read's answer, the player's refresh, its three ends
 * (went through, refused 30004, no answer) and the 5 s lock after each. The model's graph has the refusal only;
 * no answer is added here (a failure the page must survive too). The refresh and the unlock are the model's
 * events on the seeded venue. What the page cannot produce: a refresh before the first read answered (only the
 * loading screen shows) or while the venue is locked (its control is disabled: the oracle checks it), an unlock
 * with nothing locked. The key adds the venue balances to the model's, so the paths refresh a second time after
 * a refresh went through: the client's lock has run out (5 s on its clock) while the server's, in real time,
 * still holds — the refusal the server really gives. Not bounded: 7 graph states, 11 edges, 11 paths (the file's
 * maxWalk 0); about 45 s here (2026-11-23, two busy cores), most of it waiting out the server's lock in real time.
 */
function refreshEvents(snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean {
  const { summary, locked } = snapshot.context as { summary: unknown; locked: string[] };
  const t = event.type;
  if (t === `xstate.done.actor.${LOAD}`) return true;
  if (summary === null) return false;
  if (t === 'wallet.refreshVenue') return locked.length === 0;
  if (t === 'wallet.venueUnlocked') return locked.length > 0;
  return t === DONE_REFRESH || t === ERROR_REFRESH;
}
const onSeed = (e: AnyEventObject) => (e['venue'] === VENUE ? { ...e, venue: SEEDED.code } : e);

const onApp = {
  ...walletModel,
  graphs: [
    ...walletModel.graphs,
    { ...whole, name: MONEY, filterEvents: moneyEvents },
    {
      ...whole,
      name: REFRESHING,
      events: [
        ...whole.events.map(onSeed),
        {
          type: ERROR_REFRESH,
          error: Object.assign(new Error('no answer'), { type: 'transport', kind: 'network' }),
        },
      ],
      key: (s: AnyMachineSnapshot) => ({
        model: whole.key!(s),
        venues: (s.context as { summary: { venues: unknown[] } | null }).summary?.venues ?? null,
      }),
      filterEvents: refreshEvents,
    },
  ],
} as MachineModel;

/**
 * The server's refresh lock on the venue (docs/api.md: 5 s of real time per member and venue), as far as this
 * file knows it: it began after the last refresh that went through was let go and before its answer came. The
 * same player on the same server: it outlives a path, so it is kept across the file's paths.
 */
const serverLock = { after: -Infinity, before: -Infinity };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Lets the page's held refresh reach the server and waits for the answer (noting the lock it took). */
async function letRefreshThrough(backend: UiBackend): Promise<void> {
  await backend.waitForHeld(PATH.refresh);
  const call = backend.calls.filter((c) => PATH.refresh.test(c.url)).at(-1)!;
  const sent = Date.now();
  await backend.release(PATH.refresh);
  await waitFor(() => expect(call.status, 'the server answered the refresh').not.toBe(0));
  if ((call.answer as { status_code?: number }).status_code === REFRESH_OK)
    Object.assign(serverLock, { after: sent, before: Date.now() });
}

/** Makes sure the server's lock holds for a while yet: else another tab of the login refreshes the venue now. */
async function lockOnServer(backend: UiBackend, forMs: number): Promise<void> {
  for (let tries = 0; serverLock.after + LOCK_MS < Date.now() + forMs; tries++) {
    if (tries > 2) throw new Error('could not make the server lock the venue’s refresh');
    const sent = Date.now();
    const answer = await new OtherTab(backend).refresh(SEEDED.code);
    if (answer.status_code === REFRESH_OK) Object.assign(serverLock, { after: sent, before: Date.now() });
    else await sleep((answer.data.retryAfterMs ?? LOCK_MS) + 50);
  }
}

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
        'the server’s venue-refresh lock is 5 s of real time); its money events and its venue refresh run as ' +
        'the two graphs after it',
    },
    [MONEY]: boot(WALLET),
    [REFRESHING]: boot(WALLET),
    'entering the record page': boot(RECORDS),
    'entering the deposit page': boot(DEPOSIT),
  },
  hold: [PATH.summary, PATH.recall, PATH.autoTransfer, PATH.refresh],
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
    'wallet.refreshVenue': ({ user }) => user.click(refreshControl()),
    // Through: once the server's lock from an earlier refresh has run out (real time, at most 5 s), after the
    // other tab moved ¥5.00 into the venue.
    [DONE_REFRESH]: async ({ backend }) => {
      await backend.waitForHeld(PATH.refresh);
      const wait = serverLock.before + LOCK_MS + 100 - Date.now();
      if (wait > 0) await sleep(wait);
      await new OtherTab(backend).transfer('in', SEEDED.code, MOVED_IN);
      await letRefreshThrough(backend);
      await expectLedgerOk(backend);
    },
    // Refused: the server answers while its lock still holds (one taken by another tab if none does); no
    // answer: the call fails before it reaches the server.
    [ERROR_REFRESH]: async ({ backend, event }) => {
      if (!isRefusal(event)) return backend.fail(PATH.refresh);
      await backend.waitForHeld(PATH.refresh);
      await lockOnServer(backend, 2_000);
      await letRefreshThrough(backend);
    },
    // The 5 s after use pass on the app's clock: still locked a millisecond before.
    'wallet.venueUnlocked': async ({ clock }) => {
      await act(async () => {
        clock.increment(LOCK_MS - 1);
        await Promise.resolve();
      });
      expect(refreshControl(), 'still locked 1 ms before 5 s').toHaveProperty('disabled', true);
      await act(async () => {
        clock.increment(1);
        await Promise.resolve();
      });
    },
  },
  cannot: (event) =>
    event.type === 'route.changed' && event['path'] === window.location.pathname
      ? 'the router reports a change of address only: the same address again is no event'
      : null,
  maxWalk: 0,
  see,
});
