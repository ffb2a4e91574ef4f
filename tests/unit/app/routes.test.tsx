import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PENDING_PATHS } from '../../../src/app/routes.tsx';
import { pageTitle } from '../../../src/features/other/pending-area-page.tsx';
import { t } from '../../../src/i18n/zh-CN.ts';
import { renderApp } from './harness.tsx';

afterEach(cleanup);

describe('routes (spec §2)', () => {
  it('registers every pending path once', () => {
    expect(PENDING_PATHS.length).toBe(88);
    expect(new Set(PENDING_PATHS).size).toBe(PENDING_PATHS.length);
  });

  it.each(PENDING_PATHS.map((path) => [path]))(
    '%s renders its own title, not the 404 screen',
    async (path) => {
      const title = pageTitle(path);
      // Its own title: a path missing from t.pages / t.helpTopics would fall back to the brand.
      expect(title).not.toBe(t.site.brand);
      renderApp(path);
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
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: t.screens.notFoundTitle })).toBeTruthy();
      expect(screen.getByText(t.screens.notFoundText)).toBeTruthy();
    },
  );

  it('/help/about shows the help topic title', async () => {
    renderApp('/help/about');
    expect(await screen.findByRole('heading', { level: 1, name: t.helpTopics.about! })).toBeTruthy();
    expect(pageTitle('/help/about')).toBe('关于我们');
  });
});
