// The embedded venue page's balance bar: the generated paths of the venue-page model on the rendered app (issue 18
// §2 on issue 11 §2; spec §2 `sport/im?url=`; issue 9 §2's refresh lock; docs/venues.md "Embedded pages"). The
// venue full-screen inside the site (the launched page framed), a way back to the lobby and the player's balance
// — the central wallet and the venue's — read when the page opens and refreshed on demand: the venue wallet read
// again from the venue, then the summary; a refresh within 5 s of the last one (30004) still reads the summary
// and says why; a failed one keeps the balances shown and says so.
//
// Against the reference back end, the demo player's kept login with ¥100.00 in the central wallet and ¥5.00 in
// IM 体育's (the model's first summary), IM 体育 launched by another tab of the same login for the page's `?url=`.
// The refresh lock is the server's own (5 s, real time): a refresh that must go through waits for it; one that
// must be refused follows a refresh by the other tab.
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { LOAD, REFRESH, RELOAD, venuePageModel } from '../machines/venues/venue-page.model.ts';
import type { Travelled } from '../support/ui-backend.ts';
import { describeUiModel, type UiSeen, type UiStep } from '../support/ui-model.tsx';
import { OtherDevice } from './accounts.ts';
import { OtherTab, PATH, keptLogin, login, setBalances } from './wallet-support.ts';

/** spec §2: IM 体育's embedded page and its lobby. */
const PAGE = '/sport/im';
const LOBBY = '/game/sport';
const VENUE = 'IMTY';
const LAUNCH_PATH = '/game/api/v1/venue/launch';
/** issue 9 §2 (src/protocol/wallet.ts): a venue wallet is refreshed at most once in 5 s. */
const LOCK_MS = 5_000;

/** zh-CN catalogue (venues). */
const TEXT = {
  title: 'IM 体育',
  frame: 'IM 体育（沙盒场馆）',
  back: '返回大厅',
  balance: '余额',
  refresh: '刷新余额',
  refreshing: '刷新中…',
  failed: '余额读取失败 · 重试',
  locked: '刚刚刷新过，请稍后再试',
  refreshFailed: '余额刷新失败',
};

const LOAD_DONE = `xstate.done.actor.${LOAD}`;
const LOAD_ERROR = `xstate.error.actor.${LOAD}`;
const REFRESH_DONE = `xstate.done.actor.${REFRESH}`;
const REFRESH_ERROR = `xstate.error.actor.${REFRESH}`;
const RELOAD_DONE = `xstate.done.actor.${RELOAD}`;
const RELOAD_ERROR = `xstate.error.actor.${RELOAD}`;

/** The launched page the frame shows (set by the boot). */
const launched = { url: '' };
/** When IM 体育's wallet was last refreshed on the server (the lock's start). */
let lastRefresh = 0;

// ── the oracles ──

const calls = (list: readonly Travelled[], re: RegExp) => list.filter((c) => re.test(c.url));
const bar = () => screen.getByRole('group', { name: TEXT.balance });
const yuan = (fen: number) =>
  `¥${Math.floor(fen / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(fen % 100).padStart(2, '0')}`;

/** The note the bar shows: why the last refresh did not happen (none once a new one starts). */
function noteAfter(seen: UiSeen): string {
  let note = '';
  for (const e of seen.history) {
    if (e.type === 'balance.refresh') note = '';
    if (e.type === REFRESH_ERROR)
      note = (e['error'] as { code?: number }).code === 30004 ? TEXT.locked : TEXT.refreshFailed;
    if (e.type === RELOAD_ERROR) note = TEXT.refreshFailed;
  }
  return note;
}

/** The frame of the launched page and the way back, whatever the balance does. */
function framed(seen: UiSeen) {
  expect(window.location.pathname).toBe(PAGE);
  const dialog = screen.getByRole('dialog', { name: TEXT.title });
  expect(within(dialog).getByTitle(TEXT.frame).getAttribute('src')).toBe(launched.url);
  expect(
    within(dialog)
      .getByRole('link', { name: /返回大厅/ })
      .getAttribute('href'),
  ).toBe(LOBBY);
  expect(bar().querySelector('[aria-live]')!.textContent).toBe(noteAfter(seen));
}

/** The balances of the latest summary answered: the central wallet's available money and IM 体育's wallet. */
function showsLatest(seen: UiSeen) {
  const answered = calls(seen.backend.calls, PATH.summary).filter((c) => c.status === 200);
  const summary = (answered.at(-1)!.answer as { data: SummaryData }).data;
  const venue = summary.venues.find((x) => x.venue === VENUE)!;
  expect(bar().querySelector('[data-balance="central"]')!.textContent).toBe(yuan(summary.central.available));
  expect(bar().querySelector('[data-balance="venue"]')!.textContent).toBe(yuan(venue.balance));
}
interface SummaryData {
  central: { available: number };
  venues: Array<{ venue: string; balance: number }>;
}
const refreshButton = () => within(bar()).getByRole('button', { name: TEXT.refresh });

const see: Record<string, (seen: UiSeen) => void> = {
  // Reading the balance: none shown yet, nothing to refresh; the summary asked at the start or on 重试.
  loading: (seen) => {
    framed(seen);
    expect(bar().querySelector('[data-balance="central"]')!.textContent).toBe('—');
    expect(refreshButton().hasAttribute('disabled')).toBe(true);
    expect(calls(seen.travelled, PATH.summary).map((c) => c.method)).toEqual(['GET']);
  },
  // Not read: said so, with 重试 (the venue still shows).
  failed: (seen) => {
    framed(seen);
    expect(within(bar()).getByRole('button', { name: TEXT.failed })).toBeTruthy();
    expect(calls(seen.backend.calls, PATH.summary).at(-1)!.status).toBe(0);
  },
  ready: (seen) => {
    framed(seen);
    showsLatest(seen);
    expect(refreshButton().hasAttribute('disabled')).toBe(false);
  },
  // The venue asked first (its wallet read again from the venue), the balances kept meanwhile.
  'refreshing.venue': (seen) => {
    framed(seen);
    showsLatest(seen);
    expect(refreshButton().hasAttribute('disabled')).toBe(true);
    expect(refreshButton().textContent).toBe(TEXT.refreshing);
    expect(calls(seen.travelled, PATH.refresh).map((c) => c.body)).toEqual([{ venue: VENUE }]);
  },
  // Then the summary again (also after a refusal for the lock: the central wallet may have moved).
  'refreshing.summary': (seen) => {
    framed(seen);
    showsLatest(seen);
    expect(refreshButton().textContent).toBe(TEXT.refreshing);
    expect(calls(seen.travelled, PATH.summary).map((c) => c.method)).toEqual(['GET']);
    const refreshed = calls(seen.backend.calls, PATH.refresh).at(-1)!;
    const code = (refreshed.answer as { status_code: number }).status_code;
    expect(code).toBe(seen.event.type === REFRESH_DONE ? 6000 : 30004);
  },
};

// ── how each event happens ──

/** Waits (real time) until the server's lock of IM 体育's refresh has run out. */
async function lockRunOut() {
  const left = lastRefresh + LOCK_MS + 250 - Date.now();
  if (left > 0) await new Promise((r) => setTimeout(r, left));
}

const drive: Record<string, (step: UiStep) => Promise<void>> = {
  [LOAD_DONE]: (step) => step.backend.release(PATH.summary),
  [LOAD_ERROR]: (step) => step.backend.fail(PATH.summary),
  'balance.retry': (step) => step.user.click(within(bar()).getByRole('button', { name: TEXT.failed })),
  'balance.refresh': (step) => step.user.click(refreshButton()),
  [REFRESH_DONE]: async (step) => {
    await lockRunOut();
    await step.backend.release(PATH.refresh);
    lastRefresh = Date.now();
  },
  [REFRESH_ERROR]: async (step) => {
    const code = (step.event['error'] as { code?: number }).code;
    if (code !== 30004) return step.backend.fail(PATH.refresh);
    // Another tab of the same login refreshed IM 体育 a moment ago.
    await lockRunOut();
    const answer = await new OtherTab(step.backend).refresh(VENUE);
    expect(answer.status_code).toBe(6000);
    lastRefresh = Date.now();
    await step.backend.release(PATH.refresh);
  },
  [RELOAD_DONE]: (step) => step.backend.release(PATH.summary),
  [RELOAD_ERROR]: (step) => step.backend.fail(PATH.summary),
};

const boot = {
  path: PAGE,
  ...keptLogin(async (b) => {
    // The model's first summary: ¥100.00 to spend, ¥5.00 in IM 体育.
    await setBalances(b, 10_000, { [VENUE]: 500 });
    const answer = await new OtherDevice(b).call<{ url: string }>(
      LAUNCH_PATH,
      { enName: VENUE, isManualLaunch: 1, https: 0, isApp: 0, siteId: '10001' },
      login.token,
    );
    expect(answer.status_code, answer.message).toBe(6000);
    launched.url = answer.data.url;
    boot.path = `${PAGE}?url=${encodeURIComponent(launched.url)}`;
  }),
};

describeUiModel(venuePageModel, {
  systemId: 'venuePage',
  actor: (get) =>
    (get('venues')?.getSnapshot() as { children?: Record<string, AnyActorRef> } | undefined)?.children?.[
      'venuePage'
    ],
  boot: { 'a member on /sport/im': boot },
  hold: [PATH.summary, PATH.refresh],
  drive,
  see,
});
