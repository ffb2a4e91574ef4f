// The player's odds type: the generated paths of the odds-type model on the rendered app (issue 18 §2 on issue 11
// §3; spec §3: Malay 1, Hong Kong 2, European 3, Indonesian 4). The selector sits in the sport lobby's header
// (/game/sport, docs/venues.md "Odds type"): a member's type is read from /game/api/v1/venue/oddsType and saved
// there when changed — the choice shows at once and goes back, said so, if the save fails; a visitor's choice
// lasts for the visit, European first. Run against the reference back end, the demo player's kept login for the
// member (each path logs in anew, so the header's 退出登录 of one path does not reach the next).
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyActorRef, AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { LOAD, SAVE, oddsTypeModel } from '../machines/venues/odds-type.model.ts';
import type { MachineModel } from '../support/model-paths.ts';
import { describeUiModel, type UiSeen, type UiStep } from '../support/ui-model.tsx';
import { OtherDevice } from './accounts.ts';
import { keptLogin, login } from './wallet-support.ts';

/** spec §2: the sport lobby (public). */
const PAGE = '/game/sport';
/** docs/api.md "Venues": the player's odds type (GET reads, POST saves). */
const ODDS = /^\/game\/api\/v1\/venue\/oddsType$/;
const ODDS_PATH = '/game/api/v1/venue/oddsType';
const LOGOUT = /^\/site\/api\/v1\/user\/logout$/;
/** spec §3: European, provider one's default. */
const EUROPE = 3;

/** zh-CN catalogue (venues, nav). */
const TEXT = {
  label: '赔率类型',
  types: { 1: '马来盘', 2: '香港盘', 3: '欧洲盘', 4: '印尼盘' } as Record<number, string>,
  saveFailed: '赔率类型保存失败，已恢复为原设置',
  logout: '退出登录',
  login: '登录',
};

const LOAD_DONE = `xstate.done.actor.${LOAD}`;
const LOAD_ERROR = `xstate.error.actor.${LOAD}`;
const SAVE_DONE = `xstate.done.actor.${SAVE}`;
const SAVE_ERROR = `xstate.error.actor.${SAVE}`;

// ── what the player chose and the server holds (independent of the machine) ──

interface Shown {
  member: boolean;
  /** The type the prices are in (and the selector shows). */
  shown: number;
  /** The member's type on the server. */
  saved: number;
  saveFailed: boolean;
}
/** docs/venues.md "Odds type" and issue 11 §3, step by step. */
function shownAfter(history: readonly AnyEventObject[], member: boolean): Shown {
  const s: Shown = { member, shown: EUROPE, saved: EUROPE, saveFailed: false };
  for (const e of history) {
    const chosen = e['oddsType'] as number;
    if (e.type === LOAD_DONE) s.shown = s.saved = (e['output'] as { oddsType: number }).oddsType;
    else if (e.type === 'odds.select' && chosen !== s.shown) {
      s.shown = chosen;
      if (s.member) s.saveFailed = false;
    } else if (e.type === SAVE_DONE) s.saved = s.shown;
    else if (e.type === SAVE_ERROR) Object.assign(s, { shown: s.saved, saveFailed: true });
    else if (e.type === 'session.loggedOut') Object.assign(s, { member: false, saveFailed: false });
  }
  return s;
}
const now = (seen: UiSeen) => shownAfter(seen.history, seen.input.member as boolean);

// ── the oracles ──

const select = () => screen.getByLabelText(TEXT.label) as HTMLSelectElement;
const oddsCalls = (seen: UiSeen) => seen.travelled.filter((c) => ODDS.test(c.url.split('?')[0]!));

/** The selector shows the type the prices are in; the failed save is said while it stands. */
function selectorShows(seen: UiSeen, enabled: boolean) {
  const s = now(seen);
  expect(Number(select().value)).toBe(s.shown);
  expect(select().selectedOptions[0]?.textContent).toBe(TEXT.types[s.shown]);
  expect(select().disabled).toBe(!enabled);
  if (s.saveFailed) expect(screen.getByText(TEXT.saveFailed)).toBeTruthy();
  else expect(screen.queryByText(TEXT.saveFailed)).toBeNull();
}

const see: Record<string, (seen: UiSeen) => void> = {
  // A visitor's choice is for this visit: nothing is read or saved.
  visitor: (seen) => {
    selectorShows(seen, true);
    expect(oddsCalls(seen)).toEqual([]);
    if (seen.event.type === 'session.loggedOut') {
      expect(seen.travelled.filter((c) => LOGOUT.test(c.url)).map((c) => c.method)).toEqual(['POST']);
      expect(screen.getByRole('link', { name: TEXT.login })).toBeTruthy();
    }
  },
  // A member's type is read from the server; the selector waits for it.
  loading: (seen) => {
    expect(select().disabled).toBe(true);
    expect(oddsCalls(seen).map((c) => c.method)).toEqual(['GET']);
  },
  // Not read: European shows (spec §3's default) and the player may still choose.
  loadFailed: (seen) => {
    selectorShows(seen, true);
    expect(oddsCalls(seen).at(-1)?.status ?? 0).toBe(0);
  },
  ready: (seen) => {
    selectorShows(seen, true);
    if (seen.event.type === SAVE_DONE) {
      const saved = seen.backend.calls.filter((c) => ODDS.test(c.url) && c.method === 'POST').at(-1)!;
      expect((saved.answer as { data: { oddsType: number } }).data.oddsType).toBe(now(seen).saved);
    }
  },
  // The choice shows at once and is saved: the type chosen last is the one sent.
  saving: (seen) => {
    selectorShows(seen, true);
    if (seen.event.type !== 'odds.select') return;
    // Picking the type already shown changes nothing and sends nothing.
    const before = shownAfter(seen.history.slice(0, -1), seen.input.member as boolean).shown;
    expect(oddsCalls(seen).map((c) => [c.method, c.body])).toEqual(
      before === now(seen).shown ? [] : [['POST', { oddsType: now(seen).shown }]],
    );
  },
};

// ── how each event happens ──

const drive: Record<string, (step: UiStep) => Promise<void>> = {
  [LOAD_DONE]: async (step) => {
    // The member chose Malay earlier (on another device): that is what the server holds.
    const output = step.event['output'] as { oddsType: number };
    const answer = await new OtherDevice(step.backend).call(ODDS_PATH, output, login.token);
    expect(answer.status_code, answer.message).toBe(6000);
    await step.backend.release(ODDS);
  },
  [LOAD_ERROR]: (step) => step.backend.fail(ODDS),
  'odds.select': (step) => step.user.selectOptions(select(), String(step.event['oddsType'])),
  [SAVE_DONE]: (step) => step.backend.release(ODDS),
  [SAVE_ERROR]: (step) => step.backend.fail(ODDS),
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
 * - `odds.retry`: the page offers no way to read the type again after a failed read but the page itself (the
 *   selector stays usable with European meanwhile);
 * - a type outside spec §3 (the selector offers the four);
 * - `session.loggedIn`: logging in happens on the login page, outside the venues area, whose actor then stops; back
 *   on the lobby a new one starts as the member's (the 'a member' graph);
 * - `session.loggedOut` for a visitor (no 退出登录 to click);
 * - a save answered with another type than the one sent (the server keeps what it is sent).
 */
function producible(snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean {
  const ctx = snapshot.context as { member: boolean; oddsType: number };
  if (event.type === 'odds.retry' || event.type === 'session.loggedIn') return false;
  if (event.type === 'odds.select') return [1, 2, 3, 4].includes(event['oddsType'] as number);
  if (event.type === 'session.loggedOut') return ctx.member;
  if (event.type === SAVE_DONE) return (event['output'] as { oddsType: number }).oddsType === ctx.oddsType;
  return true;
}

const onApp = {
  ...oddsTypeModel,
  graphs: oddsTypeModel.graphs.map((g) => ({ ...g, filterEvents: producible })),
} as MachineModel;

describeUiModel(onApp, {
  systemId: 'oddsType',
  actor: (get) =>
    (get('venues')?.getSnapshot() as { children?: Record<string, AnyActorRef> } | undefined)?.children?.[
      'oddsType'
    ],
  boot: {
    'a member': { path: PAGE, ...keptLogin() },
    'a visitor': { path: PAGE },
  },
  hold: [ODDS],
  drive,
  see,
});
