// The sport lobby's live part: the generated paths of the sport-lobby model on the rendered app (issue 18 §2 on
// issue 11 §1, §3; spec §4, §7, §9; docs/venues.md "Front end"). For a member each open sports venue is launched
// quietly (isPreload 1: no transfer, no recent entry); then the venues' match counts and a few live and today's
// matches of each with their 1X2 prices show, the prices read again every 30 s while the tab is shown; hidden, the
// counts and the prices stop; a visitor is invited to log in and nothing is launched.
//
// Against the reference back end (/game/sport): the demo player's kept login, and a visitor. The quiet launches
// and the prices' calls (through each provider's face) are held until the step lets them answer or fail.
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyActorRef, AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { ODDS, PREPARE, sportLobbyModel } from '../machines/venues/sport-lobby.model.ts';
import type { MachineModel } from '../support/model-paths.ts';
import type { Travelled } from '../support/ui-backend.ts';
import { describeUiModel, type UiSeen, type UiStep } from '../support/ui-model.tsx';
import { keptLogin } from './wallet-support.ts';

/** spec §2: the sport lobby. */
const PAGE = '/game/sport';
/** docs/api.md: the launch; the lobby's venues; the counts URL of a launch (spec §7 `token`). */
const LAUNCH_RE = /^\/game\/api\/v1\/venue\/launch$/;
const LOBBY_RE = /^\/game\/api\/v1\/venue\/lobby$/;
const COUNTS_RE = /^\/sandbox\/sportsbook\/count\//;
/** The matches through each provider's face (spec §7 paths) and the sandbox sportsbook's own API (V188). */
const MATCHES_RE =
  /^(\/improxy\/api\/mobile\/GetMatches|\/yewu11\/v1\/m\/matches|\/v1\/match\/list|\/sandbox\/sportsbook\/api\/v1\/matches)$/;
/** docs/venues.md: at most 3 matches a venue. */
const MATCHES_PER_VENUE = 3;

/** zh-CN catalogue (venues). */
const TEXT = {
  panel: '赛事数量 · 滚球与今日赛事',
  loginForLive: '登录后可查看实时赛事数量与赔率',
  failed: '赛事数量读取失败',
  retry: '重试',
  oddsLoading: '正在读取赔率…',
  oddsFailed: '赔率读取失败',
  noMatches: '暂无赛事',
  loading: '加载中',
  logout: '退出登录',
};

const PREPARE_DONE = `xstate.done.actor.${PREPARE}`;
const PREPARE_ERROR = `xstate.error.actor.${PREPARE}`;
const ODDS_DONE = `xstate.done.actor.${ODDS}`;
const ODDS_ERROR = `xstate.error.actor.${ODDS}`;
const REFRESH = 'xstate.after.refresh.sportLobby.live.shown';

// ── the tab ──

function tabIs(state: 'visible' | 'hidden', fire: boolean) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => state === 'hidden' });
  if (fire) document.dispatchEvent(new Event('visibilitychange'));
}

// ── the oracles ──

const pathOf = (c: Travelled) => c.url.split('?')[0]!;
const callsTo = (calls: readonly Travelled[], re: RegExp) => calls.filter((c) => re.test(pathOf(c)));
const panel = () => screen.getByRole('heading', { name: TEXT.panel }).closest('section')!;
/** The lobby's sports venues that are open (the lobby's own answer). */
function openVenues(calls: readonly Travelled[]) {
  const answer = callsTo(calls, LOBBY_RE)
    .filter((c) => c.status === 200)
    .at(-1)!.answer as {
    data: { venues: Array<{ code: string; name: string; status: string; playable: boolean }> };
  };
  return answer.data.venues.filter((x) => x.status === 'open' && x.playable);
}
/** The player's own launches are none here: every launch of the sport lobby is a quiet one. */
const quietLaunch = (venue: string) => ({
  enName: venue,
  isPreload: 1,
  isManualLaunch: 0,
  https: 0,
  isApp: 0,
  siteId: '10001',
});
/** The venues whose quiet launch went in (their counts and prices show). */
const launchedVenues = (calls: readonly Travelled[]) =>
  callsTo(calls, LAUNCH_RE)
    .filter((c) => (c.answer as { status_code?: number } | null)?.status_code === 6000)
    .map((c) => (c.body as { enName: string }).enName);

/** Whether the tab is hidden after these events. */
const hiddenAfter = (history: readonly AnyEventObject[]) =>
  history.filter((e) => e.type === 'page.hidden' || e.type === 'page.visible').at(-1)?.type === 'page.hidden';

/** The launched venues, each with its counts and its prices (or why not), nothing more than 3 matches. */
function venuesShown(seen: UiSeen, oddsRead: boolean) {
  const launched = new Set(launchedVenues(seen.backend.calls));
  const expected = openVenues(seen.backend.calls).filter((x) => launched.has(x.code));
  expect(expected.length, 'the open sports venues launched').toBeGreaterThan(0);
  const tiles = [...panel().querySelectorAll<HTMLElement>('li.sport-venue')];
  expect(tiles.map((t) => t.dataset['venue'])).toEqual(expected.map((x) => x.code));
  for (const tile of tiles) {
    expect(tile.querySelector('h3')!.textContent).toBe(
      expected.find((x) => x.code === tile.dataset['venue'])!.name,
    );
    const matches = tile.querySelectorAll('li.match');
    if (!oddsRead) {
      expect(tile.textContent).toContain(TEXT.oddsLoading);
      continue;
    }
    expect(matches.length).toBeLessThanOrEqual(MATCHES_PER_VENUE);
    if (matches.length === 0)
      expect(tile.textContent).toMatch(new RegExp(`${TEXT.noMatches}|${TEXT.oddsFailed}`));
    // 1X2: home and away, and the draw where the sport has one (tennis has none).
    for (const m of matches) {
      const picks = [...m.querySelectorAll<HTMLElement>('.price')].map((p) => p.dataset['pick']);
      expect([
        ['home', 'draw', 'away'],
        ['home', 'away'],
      ]).toContainEqual(picks);
    }
  }
}

/** The prices have been read once at least (the odds stay shown while read again). */
const oddsReadBefore = (history: readonly AnyEventObject[]) => {
  const since = history.map((e) => e.type).lastIndexOf(PREPARE_DONE);
  return history.slice(since + 1).some((e) => e.type === ODDS_DONE);
};

const see: Record<string, (seen: UiSeen) => void> = {
  // A visitor: invited to log in; nothing is launched.
  visitor: (seen) => {
    expect(within(panel()).getByRole('link', { name: TEXT.loginForLive })).toBeTruthy();
    expect(callsTo(seen.travelled, LAUNCH_RE)).toEqual([]);
    expect(panel().querySelectorAll('li.sport-venue')).toHaveLength(0);
  },
  // Each open sports venue launched quietly (no transfer, no recent entry), nothing shown yet.
  preparing: (seen) => {
    expect(within(panel()).getByRole('status')).toBeTruthy();
    if (seen.index === 0 || seen.event.type === 'sport.retry') {
      const sent = callsTo(seen.travelled, LAUNCH_RE).map((c) => c.body);
      expect(sent).toEqual(openVenues(seen.backend.calls).map((x) => quietLaunch(x.code)));
      expect(sent.length).toBeGreaterThan(0);
    }
  },
  // None launched: said so, with 重试.
  failed: (seen) => {
    const alert = within(panel()).getByRole('alert');
    expect(alert.textContent).toContain(TEXT.failed);
    expect(within(alert).getByRole('button', { name: TEXT.retry })).toBeTruthy();
    expect(callsTo(seen.backend.calls, LAUNCH_RE).every((c) => c.status === 0)).toBe(true);
  },
  // The prices being read (again): one reading per launched venue, through its provider.
  'live.loading': (seen) => {
    venuesShown(seen, oddsReadBefore(seen.history));
    const t = seen.event.type;
    if (t === PREPARE_DONE || t === REFRESH || t === 'page.visible')
      expect(callsTo(seen.travelled, MATCHES_RE).length).toBeGreaterThanOrEqual(
        launchedVenues(seen.backend.calls).length,
      );
  },
  'live.shown': (seen) => {
    venuesShown(seen, true);
    expect(callsTo(seen.travelled, MATCHES_RE).filter((c) => c.status === 0)).toEqual([]);
  },
  // Hidden: the prices and the counts stop (nothing read while hidden).
  'live.paused': (seen) => {
    venuesShown(seen, oddsReadBefore(seen.history));
    expect(hiddenAfter(seen.history)).toBe(true);
    if (seen.event.type === 'page.hidden') {
      expect(callsTo(seen.travelled, MATCHES_RE)).toEqual([]);
      expect(callsTo(seen.travelled, COUNTS_RE)).toEqual([]);
    }
  },
};

// ── how each event happens ──

const sportState = (step: UiStep) => {
  const value = (step.actor.getSnapshot() as AnyMachineSnapshot).value;
  return typeof value === 'string' ? value : `live.${(value as { live: string }).live}`;
};

/** Lets (or fails) every held call of `re` while the actor stays in `state`. */
async function answerAll(step: UiStep, re: RegExp, state: string, outcome: 'release' | 'fail') {
  const deadline = Date.now() + 15_000;
  while (sportState(step) === state) {
    if (Date.now() > deadline)
      throw new Error(`still ${state} (held: ${step.backend.heldPaths().join(', ')})`);
    if (step.backend.heldPaths().some((p) => re.test(p))) await step.backend[outcome](re);
    else await new Promise((r) => setTimeout(r, 20));
  }
}

const drive: Record<string, (step: UiStep) => Promise<void>> = {
  [PREPARE_DONE]: (step) => answerAll(step, LAUNCH_RE, 'preparing', 'release'),
  [PREPARE_ERROR]: (step) => answerAll(step, LAUNCH_RE, 'preparing', 'fail'),
  'sport.retry': (step) =>
    step.user.click(within(within(panel()).getByRole('alert')).getByRole('button', { name: TEXT.retry })),
  [ODDS_DONE]: (step) => answerAll(step, MATCHES_RE, 'live.loading', 'release'),
  'page.hidden': async () => tabIs('hidden', true),
  'page.visible': async () => tabIs('visible', true),
  'session.loggedOut': async (step) => {
    const header = document.querySelector<HTMLElement>('header.topbar')!;
    await step.user.click(within(header).getByRole('button', { name: TEXT.logout }));
    // issue 19 §1: logging out asks; the dialog's own 退出登录 logs out.
    const ask = await screen.findByRole('dialog', { name: TEXT.logout });
    await step.user.click(within(ask).getByRole('button', { name: TEXT.logout }));
  },
};

/**
 * What the page and the back end can produce (a graph filter). Left out:
 * - the prices' reading failing as a whole (`ODDS` error): each venue's failure is caught and said on its tile
 *   (赔率读取失败), so the reading itself always answers;
 * - `session.loggedIn`: logging in happens on the login page, outside the area, whose actors then stop;
 * - `session.loggedOut` for a visitor (no 退出登录);
 * - `page.hidden` while hidden and `page.visible` while shown (the tab sends a change only).
 */
function producible(snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean {
  const ctx = snapshot.context as { member: boolean; hidden: boolean };
  if (event.type === ODDS_ERROR || event.type === 'session.loggedIn') return false;
  if (event.type === 'session.loggedOut') return ctx.member;
  if (event.type === 'page.hidden') return !ctx.hidden;
  if (event.type === 'page.visible') return ctx.hidden;
  return true;
}

const onApp = {
  ...sportLobbyModel,
  graphs: sportLobbyModel.graphs.map((g) => ({ ...g, filterEvents: producible })),
} as MachineModel;

describeUiModel(onApp, {
  systemId: 'sportLobby',
  actor: (get) =>
    (get('venues')?.getSnapshot() as { children?: Record<string, AnyActorRef> } | undefined)?.children?.[
      'sportLobby'
    ],
  boot: {
    'a member': { path: PAGE, ...keptLogin(async () => tabIs('visible', false)) },
    'a visitor': { path: PAGE, backend: async () => tabIs('visible', false) },
  },
  hold: [LAUNCH_RE, MATCHES_RE],
  drive,
  see,
});
