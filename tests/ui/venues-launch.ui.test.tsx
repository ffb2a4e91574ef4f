// The venue launch: the generated paths of the launch model on the rendered app (issue 18 §2 on issue 11 §1–§2;
// spec §7 launch fields; docs/venues.md "Launch"), in the sport lobby against the reference back end: a member's
// launch of IM 体育 opens its embedded page with `?url=` (the desktop page here); 30062 (免转 off, the venue
// wallet empty, money in the central wallet) asks first — the transfer page, "仍然进入" (isSure 1) or "取消"; any
// other coded refusal (6014 maintenance) is shown in the server's words over the lobby; no answer offers
// "重新进入"; after 退出登录 a pick goes to the login, which brings the player back to the pick.
//
// The back end decides the launch's answer: each answer step sets the member's wallets (`setBalances`) or the
// venue's maintenance (`npm run ops -- venue maintenance`) first, then lets the held launch through.
import { act, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyActorRef, AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { LAUNCH, launchModel } from '../machines/venues/launch.model.ts';
import type { MachineModel } from '../support/model-paths.ts';
import type { Travelled } from '../support/ui-backend.ts';
import { describeUiModel, type UiSeen, type UiStep } from '../support/ui-model.tsx';
import { keptLogin, setBalances } from './wallet-support.ts';

/** spec §2: the sport lobby (public), and IM 体育's embedded page (spec §2 `sport/im?url=`). */
const LOBBY = '/game/sport';
const EMBEDDED = '/sport/im';
const LOGIN = '/user/login';
/** docs/api.md "Venues": the launch. */
const LAUNCH_RE = /^\/game\/api\/v1\/venue\/launch$/;
const VENUE = 'IMTY';
/** docs/api.md 30062: ¥88.00 in the central wallet, nothing in the venue's. */
const CENTRAL_FEN = 8_800;

/** zh-CN catalogue (venues, nav). */
const TEXT = {
  name: 'IM 体育',
  enter: '进入IM 体育',
  launching: '正在进入IM 体育…',
  emptyTitle: '场馆钱包余额为 0',
  centralHas: '中心钱包可转入 ¥88.00。',
  toTransfer: '去额度转换',
  enterAnyway: '仍然进入',
  cancel: '取消',
  refused: '未能进入游戏',
  dismiss: '知道了',
  noAnswer: '网络异常，未能进入游戏，请重试',
  retry: '重新进入',
  logout: '退出登录',
  login: '登录',
};

const DONE = `xstate.done.actor.${LAUNCH}`;
const ERROR = `xstate.error.actor.${LAUNCH}`;
const codeOf = (e: AnyEventObject) => (e['error'] as { code?: number }).code;
const answered = (e: AnyEventObject) => (e['error'] as { type?: string }).type === 'business';

// ── what the player did (independent of the machine) ──

/** The player's own launches (the sport lobby also launches its venues quietly, isPreload 1). */
const ownLaunches = (calls: readonly Travelled[]) =>
  calls.filter((c) => LAUNCH_RE.test(c.url) && (c.body as { isPreload?: number }).isPreload !== 1);

// ── the oracles ──

const onLobby = () => {
  expect(window.location.pathname).toBe(LOBBY);
  return screen.getByRole('button', { name: TEXT.enter });
};
const panel = () => document.querySelector<HTMLElement>('.launch-panel-slot')!;

/** spec §7 fields: the venue, a manual launch, http here, not the app, site 10001; isSure once confirmed. */
function sent(seen: UiSeen, sure: boolean) {
  const mineNow = ownLaunches(seen.travelled);
  expect(mineNow.map((c) => c.body)).toEqual([
    { enName: VENUE, isManualLaunch: 1, https: 0, isApp: 0, siteId: '10001', ...(sure ? { isSure: 1 } : {}) },
  ]);
}

const see: Record<string, (seen: UiSeen) => void> = {
  idle: (seen) => {
    const t = seen.event.type;
    if (t === DONE) {
      // spec §2: the framed venue opens on its embedded page with the launch's desktop URL in `?url=`.
      const answer = ownLaunches(seen.backend.calls).at(-1)!.answer as { data: { url: string } };
      expect(window.location.pathname).toBe(EMBEDDED);
      expect(new URLSearchParams(window.location.search).get('url')).toBe(answer.data.url);
      return;
    }
    if (t === 'launch.pick') {
      // issue 11 §1: a visitor is asked to log in and comes back to the pick.
      expect(window.location.pathname).toBe(LOGIN);
      expect(new URLSearchParams(window.location.search).get('redirect')).toBe(`${LOBBY}?play=${VENUE}`);
      expect(ownLaunches(seen.travelled)).toEqual([]);
      return;
    }
    onLobby();
    expect(within(panel()).queryByRole('alert')).toBeNull();
    expect(within(panel()).queryByRole('alertdialog')).toBeNull();
    expect(within(panel()).queryByRole('status')).toBeNull();
    if (t === 'session.loggedOut') expect(screen.getByRole('link', { name: TEXT.login })).toBeTruthy();
  },
  launching: (seen) => {
    onLobby();
    expect(within(panel()).getByRole('status').textContent).toContain(TEXT.launching);
    expect(onLobby().hasAttribute('disabled')).toBe(true);
    const t = seen.event.type;
    if (t === 'launch.retry') {
      // The same launch again.
      const all = ownLaunches(seen.backend.calls);
      expect(all.at(-1)!.body).toEqual(all.at(-2)!.body);
    } else sent(seen, t === 'launch.confirm');
  },
  // docs/api.md 30062: the two balances; transfer first, go in anyway, or not — focus on the panel.
  confirmEmpty: (seen) => {
    onLobby();
    // Asked before anything moved: the launch answered 30062.
    expect((ownLaunches(seen.backend.calls).at(-1)!.answer as { status_code: number }).status_code).toBe(30062);
    const dialog = within(panel()).getByRole('alertdialog', { name: TEXT.emptyTitle });
    expect(dialog.textContent).toContain(TEXT.centralHas);
    expect(within(dialog).getByRole('link', { name: TEXT.toTransfer }).getAttribute('href')).toBe(
      '/mine/finance/transfer',
    );
    expect(within(dialog).getByRole('button', { name: TEXT.enterAnyway })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: TEXT.cancel })).toBeTruthy();
    expect(dialog.contains(document.activeElement)).toBe(true);
  },
  // A coded refusal in the server's words (6014: under maintenance, until when), over the lobby.
  refused: (seen) => {
    onLobby();
    const alert = within(panel()).getByRole('alert');
    const answer = ownLaunches(seen.backend.calls).at(-1)!.answer as { status_code: number; message: string };
    expect(answer.status_code).toBe(6014);
    expect(alert.textContent).toContain(TEXT.refused);
    expect(alert.textContent).toContain(answer.message);
    expect(within(alert).getByRole('button', { name: TEXT.dismiss })).toBeTruthy();
  },
  // No answer: the same launch can be tried again.
  failed: (seen) => {
    onLobby();
    const alert = within(panel()).getByRole('alert');
    expect(alert.textContent).toContain(TEXT.noAnswer);
    expect(within(alert).getByRole('button', { name: TEXT.retry })).toBeTruthy();
    expect(ownLaunches(seen.backend.calls).at(-1)!.status).toBe(0);
  },
};

// ── how each event happens ──

/** Back on the lobby (from the embedded page or the login page), its tile ready. */
async function toLobby({ app }: UiStep) {
  if (window.location.pathname !== LOBBY) {
    await act(async () => {
      window.history.pushState(null, '', LOBBY);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
      await Promise.resolve();
    });
    await waitFor(() => expect(app.getSnapshot().context).toMatchObject({ path: LOBBY }));
  }
  await screen.findByRole('button', { name: TEXT.enter });
}

/** The sport lobby's quiet launches (isPreload 1) are not the player's: they answer as they come. */
async function letPreloadsThrough(step: UiStep) {
  for (let i = 0; i < 20 && step.backend.heldPaths().some((p) => LAUNCH_RE.test(p)); i += 1)
    await step.backend.release(LAUNCH_RE);
}

const launchState = (step: UiStep) => (step.actor.getSnapshot() as AnyMachineSnapshot).value;

const click = (step: UiStep, name: string) =>
  step.user.click(within(panel()).getByRole('button', { name }));

const drive: Record<string, (step: UiStep) => Promise<void>> = {
  'launch.pick': async (step) => {
    await toLobby(step);
    if (memberNow) {
      // The lobby launches its venues quietly first (held like every launch): let them through.
      await step.backend.waitForHeld(LAUNCH_RE, 2_000).catch(() => undefined);
      await letPreloadsThrough(step);
    }
    await step.user.click(screen.getByRole('button', { name: TEXT.enter }));
  },
  [DONE]: async (step) => {
    // Money in the venue wallet: nothing to ask.
    await setBalances(step.backend, 0, { [VENUE]: 100 });
    await step.backend.release(LAUNCH_RE);
  },
  [ERROR]: async (step) => {
    if (!answered(step.event)) return step.backend.fail(LAUNCH_RE);
    if (codeOf(step.event) === 30062) {
      // 免转 off (the demo player's), the venue wallet empty, ¥88.00 in the central one.
      await setBalances(step.backend, CENTRAL_FEN);
      return step.backend.release(LAUNCH_RE);
    }
    // 6014: the operator puts the venue under maintenance while the launch is on its way, then lifts it.
    await step.backend.ops('venue', 'maintenance', VENUE, 'on', '2026-12-01T04:00+08:00');
    await step.backend.release(LAUNCH_RE);
    await waitFor(() => expect(launchState(step)).toBe('refused'));
    await step.backend.ops('venue', 'maintenance', VENUE, 'off');
  },
  'launch.confirm': (step) => click(step, TEXT.enterAnyway),
  'launch.cancel': (step) => click(step, TEXT.cancel),
  'launch.retry': (step) => click(step, TEXT.retry),
  'launch.dismiss': (step) => click(step, launchState(step) === 'refused' ? TEXT.dismiss : TEXT.cancel),
  'session.loggedOut': async (step) => {
    await toLobby(step);
    const header = document.querySelector<HTMLElement>('header.topbar')!;
    await step.user.click(within(header).getByRole('button', { name: TEXT.logout }));
    // issue 19 §1: logging out asks; the dialog's own 退出登录 logs out.
    const ask = await screen.findByRole('dialog', { name: TEXT.logout });
    await step.user.click(within(ask).getByRole('button', { name: TEXT.logout }));
    memberNow = false;
  },
};
let memberNow = true;

/**
 * What the page and the back end can produce (a graph filter). Left out:
 * - the slot game (PGDZ): it is in the slots lobby, and a venue the site does not frame is opened by leaving the
 *   page (`location.assign`), which the rendered app cannot follow; this graph runs in the sport lobby;
 * - `session.loggedIn`: logging in happens on the login page, outside the area, whose actors then stop;
 * - `session.loggedOut` for a visitor (no 退出登录 to click);
 * - 30062 after "仍然进入": with isSure 1 the server launches whatever the wallets hold.
 */
function producible(snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean {
  const ctx = snapshot.context as { member: boolean; sure: boolean };
  if (event.type === 'launch.pick') return event['venue'] === VENUE;
  if (event.type === 'session.loggedIn') return false;
  if (event.type === 'session.loggedOut') return ctx.member;
  if (event.type === ERROR && codeOf(event) === 30062) return !ctx.sure;
  return true;
}

const [member] = launchModel.graphs;
const onApp = {
  ...launchModel,
  graphs: launchModel.graphs.map((g) => (g === member ? { ...g, filterEvents: producible } : g)),
} as MachineModel;

describeUiModel(onApp, {
  systemId: 'launch',
  actor: (get) =>
    (get('venues')?.getSnapshot() as { children?: Record<string, AnyActorRef> } | undefined)?.children?.[
      'launch'
    ],
  boot: {
    'a member on a desktop over http': {
      path: LOBBY,
      ...keptLogin(async (b) => {
        memberNow = true;
        await b.ops('venue', 'maintenance', VENUE, 'off');
      }),
    },
    'a visitor on a phone over https': {
      skip: 'the rendered app is served over http (jsdom): a page over https cannot be booted — the member graph covers the visitor after 退出登录',
    },
  },
  hold: [LAUNCH_RE],
  drive,
  see,
});
