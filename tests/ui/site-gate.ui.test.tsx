// The site gate's generated paths on the rendered app (issue 18 §2): maintenance (spec §4), restriction and
// access alert (spec §8), the mobile redirect (spec §1), cookies (spec §5), a failed load and its retry.
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { PreInfoResult } from '../../machines/site-gate.machine.ts';
import { MOBILE, DOWN, OPEN, MOBILE_DOMAIN } from '../machines/fixtures.ts';
import { siteGateModel } from '../machines/site-gate.model.ts';
import { fetchNoticeList } from '../../src/api/site/notice-list.ts';
import type { UiBackend } from '../support/ui-backend.ts';
import { describeUiModel, type UiSeen, type UiStep } from '../support/ui-model.tsx';

/** spec §7: the pre-info call. */
const PRE_INFO = /^\/site\/api\/v1\/configuration\/preInfo$/;
/** spec §2 routes. */
const MAINTENANCE = '/other/maintenance';
const RESTRICTION = '/other/restrictionIp';
/** What the player reads (zh-CN catalogue): the maintenance, restriction, offline and cookie screens. */
const TEXT = {
  maintenance: '系统维护中',
  caveat: '访问受限',
  offline: '网络开小差了',
  retry: '重试',
  cookies: '请开启 Cookie',
  loading: '正在加载',
};
/** The test page's own address: requests reach the server from the loopback address. */
const CALLER = '127.0.0.1';

/** Sets the back end so that the held pre-info call answers as the graph's result says, then lets it through. */
async function answer(backend: UiBackend, result: PreInfoResult) {
  await backend.ops('maintenance', result.preInfo.maintainConfig.status === 0 ? 'on' : 'off');
  await backend.ops('config', 'set', 'siteDomainUrl', result.preInfo.SiteBaseConfigVo.siteDomainUrl);
  await backend.ops('restrict', 'remove', CALLER);
  if (result.alert) await backend.ops('restrict', 'add', CALLER, 'alert');
  await backend.release(PRE_INFO);
}

/** The held pre-info call fails: offline (never reaches the server), or refused (spec §8 6031 access caveat). */
async function failure({ backend, event }: UiStep) {
  const code = (event as { error?: { code?: number } }).error?.code;
  if (code === undefined) return backend.fail(PRE_INFO);
  await backend.ops('restrict', 'add', CALLER, 'caveat');
  await backend.release(PRE_INFO);
}

const done = ({ backend, event }: UiStep) =>
  answer(backend, (event as unknown as { output: PreInfoResult }).output);

/** Another call of the app refused or flagged by the back end (the catalogue's reaction, spec §8). */
async function otherCall(backend: UiBackend, kind: 'caveat' | 'alert') {
  await backend.ops('restrict', 'remove', CALLER);
  await backend.ops('restrict', 'add', CALLER, kind);
  await fetchNoticeList(1).catch(() => undefined);
}

const path = () => window.location.pathname;
const heading = (name: string | RegExp) => screen.queryByRole('heading', { name });
const preInfoCalls = (seen: UiSeen) => seen.travelled.filter((c) => PRE_INFO.test(c.url)).length;

/** Every state: the pre-info is asked for exactly when the gate (re)loads it, and never otherwise. */
function asked(seen: UiSeen, expected: number) {
  expect(preInfoCalls(seen), 'pre-info calls this step').toBe(expected);
}

/** The step started a pre-info load: the first one, or one entering a loading state (poll, focus, retry). */
const startsLoad = (seen: UiSeen, state: string) =>
  seen.index === 0 ? !seen.input.embedded && seen.input.cookiesEnabled : seen.from !== state;

describeUiModel(siteGateModel, {
  systemId: 'siteGate',
  hold: [PRE_INFO],
  boot: {
    'cookies disabled': { path: '/', cookiesBlocked: true },
    'desktop, pre-info loaded': { path: '/' },
    'embedded maintenance pre-info': { path: '/', embedded: DOWN },
    'embedded open pre-info': { path: '/', embedded: OPEN },
    'app download mode with maintenance pre-info': { path: '/download', embedded: DOWN },
    'mobile with a site domain, pre-info loaded': { path: '/?i_code=AB12', mobile: true },
    'mobile with a site domain in the embedded pre-info': { path: '/', mobile: true, embedded: MOBILE },
  },
  drive: {
    [`xstate.done.actor.0.siteGate.loading`]: done,
    [`xstate.done.actor.0.siteGate.refreshing`]: done,
    [`xstate.done.actor.0.siteGate.recheckingRestriction`]: done,
    [`xstate.error.actor.0.siteGate.loading`]: failure,
    [`xstate.error.actor.0.siteGate.refreshing`]: failure,
    [`xstate.error.actor.0.siteGate.recheckingRestriction`]: failure,
    // The player comes back to the tab (the window gets focus): the gate re-reads the pre-info.
    'gate.check': async () => {
      window.dispatchEvent(new Event('focus'));
    },
    // The player presses 重试 on the offline screen.
    'gate.retry': async ({ user }) => {
      await user.click(await screen.findByRole('button', { name: TEXT.retry }));
    },
    'gate.restricted': ({ backend }) => otherCall(backend, 'caveat'),
    'gate.alert': ({ backend }) => otherCall(backend, 'alert'),
  },
  see: {
    // spec §5: cookies must be on; the page says so and asks nothing of the server.
    cookiesBlocked: (seen) => {
      expect(heading(TEXT.cookies)).toBeTruthy();
      expect(seen.backend.calls.filter((c) => PRE_INFO.test(c.url))).toEqual([]);
    },
    // spec §2: the loading placeholder while the pre-info is read.
    loading: (seen) => {
      expect(screen.getByRole('status').textContent).toContain(TEXT.loading);
      asked(seen, startsLoad(seen, 'loading') ? 1 : 0);
    },
    // The load failed: the player is told and can retry; the site's pages are not shown.
    failed: (seen) => {
      expect(heading(TEXT.offline)).toBeTruthy();
      expect(screen.getByRole('button', { name: TEXT.retry })).toBeTruthy();
      asked(seen, 0);
    },
    // spec §8 6031/6033: the restriction page (access-caveat).
    restricted: (seen) => {
      expect(path()).toBe(RESTRICTION);
      expect(new URLSearchParams(window.location.search).get('name')).toBe('access-caveat');
      expect(heading(TEXT.caveat)).toBeTruthy();
      asked(seen, 0);
    },
    // The restriction is re-checked: the page stays until the answer.
    recheckingRestriction: (seen) => {
      expect(path()).toBe(RESTRICTION);
      expect(heading(TEXT.caveat)).toBeTruthy();
      asked(seen, startsLoad(seen, 'recheckingRestriction') ? 1 : 0);
    },
    // An open site: the page the player opened (or home, leaving a maintenance or restriction page).
    open: (seen) => {
      expect(path()).not.toBe(MAINTENANCE);
      expect(heading(TEXT.maintenance)).toBeNull();
      expect(screen.queryByRole('status')?.textContent ?? '').not.toContain(TEXT.loading);
      if (seen.from !== 'open' && (seen.from === 'maintenance' || seen.from === 'recheckingRestriction'))
        expect(path()).toBe('/');
      asked(seen, 0);
    },
    // spec §4: maintainConfig.status 0 shows the maintenance page, whatever was open.
    maintenance: (seen) => {
      expect(path()).toBe(MAINTENANCE);
      expect(heading(TEXT.maintenance)).toBeTruthy();
      asked(seen, 0);
    },
    // The pre-info is re-read: the page stays as it was meanwhile.
    refreshing: (seen) => {
      expect(heading(TEXT.offline)).toBeNull();
      asked(seen, startsLoad(seen, 'refreshing') ? 1 : 0);
    },
    // spec §1: a phone on the desktop site goes to the site domain, keeping i_code.
    redirecting: (seen) => {
      const url = `https://${MOBILE_DOMAIN}/` + (seen.input.iCode ? `?i_code=${seen.input.iCode}` : '');
      expect(seen.outside.redirects).toEqual([url]);
      expect(screen.getByRole('status').textContent).toContain(TEXT.loading);
    },
  },
});
