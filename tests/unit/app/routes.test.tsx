import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router-dom';
import { HELP_TOPICS } from '../../../src/app/help-topics.ts';
import { PENDING_PATHS, routes } from '../../../src/app/routes.tsx';
import { pageTitle } from '../../../src/features/other/pending-area-page.tsx';
import { t } from '../../../src/i18n/zh-CN.ts';
import { LOGGED_IN, renderApp } from './harness.tsx';

/** spec §6: member areas need a login, so a logged-in device visits them. */
const sessionFor = (path: string) => (path.startsWith('/mine') ? { session: LOGGED_IN } : {});

afterEach(cleanup);

describe('routes (spec §2)', () => {
  it('registers every pending path once', () => {
    expect(new Set(PENDING_PATHS).size).toBe(PENDING_PATHS.length);
  });

  // Screens move out of PENDING_PATHS as their issues land, so no count here: every titled spec §2 path must
  // still reach a route of its own (pending or built), never the catch-all.
  it.each([...Object.keys(t.pages), ...HELP_TOPICS.map((topic) => `/help/${topic}`)].map((path) => [path]))(
    '%s is routed',
    (path) => {
      const leaf = matchRoutes(routes, path)?.at(-1)?.route;
      expect(leaf).toBeDefined();
      expect(leaf!.path).not.toBe('*');
    },
  );

  it.each(PENDING_PATHS.map((path) => [path]))(
    '%s renders its own title, not the 404 screen',
    async (path) => {
      const title = pageTitle(path);
      // Its own title: a path missing from t.pages / t.helpTopics would fall back to the brand.
      expect(title).not.toBe(t.site.brand);
      renderApp(path, { input: sessionFor(path) });
      const main = await screen.findByRole('main');
      const heading = await within(main).findByRole('heading', { level: 1 });
      expect(heading.textContent).toBe(title);
      expect(within(main).getByText(t.screens.pendingText)).toBeTruthy();
      expect(screen.queryByRole('heading', { name: t.screens.notFoundTitle })).toBeNull();
    },
  );

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
    expect(PENDING_PATHS).not.toContain(path);
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
