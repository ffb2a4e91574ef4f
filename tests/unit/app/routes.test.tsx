import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router-dom';
import { HELP_TOPICS } from '../../../src/app/help-topics.ts';
import { pageTitle } from '../../../src/app/pending-page.tsx';
import { NOT_YET_BUILT, ROUTE_TABLE } from '../../../src/app/route-table.ts';
import { routes, type RouteHandle } from '../../../src/app/routes.tsx';
import { t } from '../../../src/i18n/zh-CN.ts';
import { fakeEffects, LOGGED_IN, preInfo, renderApp } from './harness.tsx';

/** spec §6: member areas need a login, so a logged-in device visits them. */
const sessionFor = (path: string) => (path.startsWith('/mine') ? { session: LOGGED_IN } : {});

afterEach(cleanup);

const PATHS = ROUTE_TABLE.map((r) => r.path);

describe('routes (spec §2)', () => {
  it('the route table lists every path once, and NOT_YET_BUILT only paths of it, once each', () => {
    expect(new Set(PATHS).size).toBe(PATHS.length);
    expect(new Set(NOT_YET_BUILT).size).toBe(NOT_YET_BUILT.length);
    for (const path of NOT_YET_BUILT) expect(PATHS).toContain(path);
  });

  it('spec §2: the account area has its 27 pages and 12 payment-account pages under /mine', () => {
    expect(PATHS.filter((p) => p.startsWith('/mine/'))).toHaveLength(27 + 12);
    // spec §6: a token is required for member areas.
    for (const r of ROUTE_TABLE) expect(r.access === 'member').toBe(r.path.startsWith('/mine'));
  });

  // Screens move out of NOT_YET_BUILT as their issues land, so no count here: every spec §2 path (and every
  // titled one) must reach a route of its own (pending or built), never the catch-all. Issue 18 §3: a table
  // lookup is one test per table (the rows that are wrong are listed together), not one test per row.
  it('table: every spec §2 path and every titled path is routed to its own route, with its access', () => {
    const paths = [
      ...new Set([...PATHS, ...Object.keys(t.pages), ...HELP_TOPICS.map((topic) => `/help/${topic}`)]),
    ];
    expect(paths.length).toBeGreaterThanOrEqual(92);
    const wrong = paths.flatMap((path) => {
      const matches = matchRoutes(routes, path);
      const leaf = matches?.at(-1)?.route;
      if (!leaf) return [`${path}: no route`];
      if (leaf.path === '*') return [`${path}: the catch-all`];
      const entry = ROUTE_TABLE.find((r) => r.path === path);
      if (!entry) return [];
      // Under its area's layout route, carrying the access the navigation policy reads.
      const problems: string[] = [];
      if (!matches!.map((m) => m.route.id).includes(`area:${entry.area}`))
        problems.push(`${path}: not under area:${entry.area}`);
      const handle = leaf.handle as RouteHandle | undefined;
      if (handle?.access !== entry.access || handle?.onlyWhen !== entry.onlyWhen)
        problems.push(`${path}: handle ${JSON.stringify(handle)}`);
      return problems;
    });
    expect(wrong).toEqual([]);
  });

  it('table: every pending page has a title of its own', () => {
    // A path missing from t.pages / t.helpTopics would fall back to the brand.
    expect(NOT_YET_BUILT.filter((path) => pageTitle(path) === t.site.brand)).toEqual([]);
  });

  it.each([['/404'], ['/no/such/page'], ['/mine/nothing-here']])(
    '%s renders the 404 screen',
    async (path) => {
      renderApp(path, { input: sessionFor(path) });
      expect(await screen.findByRole('heading', { level: 1, name: t.screens.notFoundTitle })).toBeTruthy();
      expect(screen.getByText(t.screens.notFoundText)).toBeTruthy();
    },
  );

  it.each([
    ['/user/login', t.auth.loginTitle],
    ['/user/register', t.auth.registerTitle],
    ['/user/password', t.auth.resetTitle],
    ['/registerGuide', t.auth.guideTitle],
  ])('%s renders its own screen, not a pending page', async (path, title) => {
    expect(NOT_YET_BUILT).not.toContain(path);
    renderApp(path);
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(within(main).queryByText(t.screens.pendingText)).toBeNull();
  });

  it('/help/about shows the help topic title', async () => {
    renderApp('/help/about');
    expect(await screen.findByRole('heading', { level: 1, name: t.helpTopics.about! })).toBeTruthy();
    expect(pageTitle('/help/about')).toBe('关于我们');
  });
});

// ───────────── issue 8 §5: routes that exist ─────────────

/** What a path shows once the router settled on it: the pending card, or a real page. */
async function visit(view: ReturnType<typeof renderApp>, path: string) {
  await act(async () => {
    await view.router.navigate(path);
  });
  const main = await screen.findByRole('main');
  await waitFor(() => {
    expect(view.router.state.location.pathname).toBe(path);
    expect(main.querySelector('h1')).not.toBeNull();
  });
  const pending = main.querySelector('[data-pending]') !== null;
  return { pending, heading: main.querySelector('h1')!.textContent };
}

/** Visits every path in one app (one render a session kind keeps ~90 paths fast) and lists what is wrong. */
async function walk(start: string, paths: string[], input: Parameters<typeof renderApp>[1] = {}) {
  const view = renderApp(start, input);
  await screen.findByRole('main');
  await waitFor(() => expect(screen.getByRole('main').querySelector('h1')).not.toBeNull());
  const wrong: string[] = [];
  for (const path of paths) {
    const { pending, heading } = await visit(view, path);
    const listed = NOT_YET_BUILT.includes(path);
    if (listed && !pending) wrong.push(`${path}: in NOT_YET_BUILT but renders a real page`);
    if (!listed && pending) wrong.push(`${path}: not in NOT_YET_BUILT but renders the pending card`);
    if (pending && heading !== pageTitle(path)) wrong.push(`${path}: pending card titled ${heading}`);
  }
  return wrong;
}

describe('routes that exist (issue 8 §5)', () => {
  // Pages bound to a condition are visited in that condition (the policy sends the player home otherwise).
  const bound = ROUTE_TABLE.filter((r) => r.onlyWhen).map((r) => r.path);
  const publicPaths = ROUTE_TABLE.filter((r) => r.access !== 'member' && !r.onlyWhen).map((r) => r.path);
  const memberPaths = ROUTE_TABLE.filter((r) => r.access === 'member').map((r) => r.path);

  it('every public path renders its page, or the pending card exactly when NOT_YET_BUILT lists it', async () => {
    expect(await walk('/', publicPaths)).toEqual([]);
  }, 120_000);

  it('every member path (logged in) renders its page, or the pending card exactly when listed', async () => {
    expect(await walk('/', memberPaths, { input: { session: LOGGED_IN } })).toEqual([]);
  }, 120_000);

  it('the maintenance page, while maintained (spec §4), is a real page', async () => {
    expect(bound).toContain('/other/maintenance');
    const effects = fakeEffects({
      preInfo: preInfo({ maintainConfig: { status: 0, startTime: null, endTime: null, notice: '' } }),
    });
    renderApp('/other/maintenance', { effects });
    const main = await screen.findByRole('main');
    await waitFor(() => expect(main.querySelector('h1')).not.toBeNull());
    expect(main.querySelector('[data-pending]')).toBeNull();
    expect(NOT_YET_BUILT.includes('/other/maintenance')).toBe(false);
  });

  it('the restriction page, while an access alert holds (spec §8 6032), is a real page', async () => {
    expect(bound).toContain('/other/restrictionIp');
    const effects = fakeEffects();
    effects.loadPreInfo.mockResolvedValue({ preInfo: preInfo(), alert: true });
    const view = renderApp('/other/restrictionIp?name=access-alert', { effects });
    const main = await screen.findByRole('main');
    await waitFor(() => expect(main.querySelector('h1')).not.toBeNull());
    expect(view.router.state.location.pathname).toBe('/other/restrictionIp');
    expect(main.querySelector('[data-pending]')).toBeNull();
    expect(NOT_YET_BUILT.includes('/other/restrictionIp')).toBe(false);
  });
});
