import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { PreInfoResult } from '../../../machines/site-gate.machine.ts';
import { t } from '../../../src/i18n/zh-CN.ts';
import { deferred, fakeEffects, LOGGED_IN, preInfo, renderApp } from './harness.tsx';

afterEach(cleanup);

// A pending area anyone may visit (no login needed).
const PAGE = '/activity/discount';
const PAGE_TITLE = t.pages[PAGE]!;

describe('root layout: the site gate decides what the page shows', () => {
  it('shows the cookies screen, and no route, when cookies are disabled', async () => {
    const { effects } = renderApp(PAGE, { input: { cookiesEnabled: false } });
    expect(await screen.findByRole('heading', { level: 1, name: t.screens.cookiesTitle })).toBeTruthy();
    expect(screen.getByText(t.screens.cookiesText)).toBeTruthy();
    expect(screen.getByRole('button', { name: t.screens.reload })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: PAGE_TITLE })).toBeNull();
    expect(screen.queryByText(t.screens.pendingText)).toBeNull();
    expect(effects.loadPreInfo).not.toHaveBeenCalled();
  });

  it('shows the loading placeholder inside the chrome while pre-info is pending, then the route', async () => {
    const effects = fakeEffects();
    const pending = deferred<PreInfoResult>();
    effects.loadPreInfo.mockReturnValueOnce(pending.promise);
    renderApp(PAGE, { effects });

    const main = await screen.findByRole('main');
    const status = within(main).getByRole('status');
    expect(status.textContent).toBe(t.site.loading);
    expect(screen.queryByRole('heading', { name: PAGE_TITLE })).toBeNull();

    await act(async () => pending.resolve({ preInfo: preInfo(), alert: false }));
    expect(await within(main).findByRole('heading', { level: 1, name: PAGE_TITLE })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the failure screen when pre-info fails, and its retry loads pre-info again', async () => {
    const effects = fakeEffects();
    effects.loadPreInfo.mockRejectedValueOnce(new Error('offline'));
    renderApp(PAGE, { effects });

    expect(await screen.findByRole('heading', { level: 1, name: t.gate.failedTitle })).toBeTruthy();
    expect(screen.getByText(t.gate.failedText)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: PAGE_TITLE })).toBeNull();
    expect(effects.loadPreInfo).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: t.gate.retry }));
    expect(effects.loadPreInfo).toHaveBeenCalledTimes(2);
    expect(await screen.findByRole('heading', { level: 1, name: PAGE_TITLE })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: t.gate.failedTitle })).toBeNull();
  });

  it('renders the route inside the chrome once the gate is open', async () => {
    renderApp(PAGE);
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: PAGE_TITLE })).toBeTruthy();
    expect(within(main).getByText(t.screens.pendingText)).toBeTruthy();
    expect(screen.getByRole('contentinfo').textContent).toContain(t.site.copyright);
  });
});

describe('chrome', () => {
  it('has the top navigation and the tab bar with the five tabs', async () => {
    renderApp(PAGE);
    await screen.findByRole('heading', { level: 1, name: PAGE_TITLE });

    const top = screen.getByRole('navigation', { name: t.nav.main });
    const topLinks = within(top).getAllByRole('link');
    expect(topLinks.map((a) => a.textContent)).toEqual([
      t.nav.home,
      t.categories.QP,
      t.categories.TY,
      t.categories.ZR,
      t.categories.DZ,
      t.categories.CP,
      t.categories.DJ,
      t.categories.BY,
      t.nav.activity,
      t.nav.vip,
    ]);

    const tabs = within(screen.getByRole('navigation', { name: t.nav.tabs })).getAllByRole('link');
    expect(tabs.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      [t.nav.home, '/'],
      [t.nav.activity, '/activity/discount'],
      [t.nav.customer, '/customer/main'],
      [t.nav.wallet, '/mine/finance/wallet'],
      [t.nav.mine, '/mine'],
    ]);
    for (const name of [t.nav.home, t.nav.activity, t.nav.customer, t.nav.wallet, t.nav.mine]) {
      expect(
        within(screen.getByRole('navigation', { name: t.nav.tabs })).getByRole('link', { name }),
      ).toBeTruthy();
    }
  });

  it('marks the current tab', async () => {
    renderApp('/mine/finance/wallet', { input: { session: LOGGED_IN } });
    await screen.findByRole('heading', { level: 1, name: t.pages['/mine/finance/wallet']! });
    const tabs = within(screen.getByRole('navigation', { name: t.nav.tabs }));
    expect(tabs.getByRole('link', { name: t.nav.wallet }).getAttribute('aria-current')).toBe('page');
    expect(tabs.getByRole('link', { name: t.nav.mine }).getAttribute('aria-current')).toBeNull();
    expect(tabs.getByRole('link', { name: t.nav.home }).getAttribute('aria-current')).toBeNull();
  });

  it('gives every link and button an accessible name', async () => {
    renderApp(PAGE);
    await screen.findByRole('heading', { level: 1, name: PAGE_TITLE });
    const links = screen.getAllByRole('link');
    const buttons = screen.getAllByRole('button');
    expect(links.length).toBeGreaterThanOrEqual(18);
    expect(buttons.length).toBeGreaterThanOrEqual(1);
    expect(screen.getAllByRole('link', { name: /\S/ })).toHaveLength(links.length);
    expect(screen.getAllByRole('button', { name: /\S/ })).toHaveLength(buttons.length);
    expect(screen.getByRole('link', { name: `${t.site.brand} ${t.nav.home}` }).getAttribute('href')).toBe(
      '/',
    );
    expect(screen.getByRole('link', { name: t.site.skipToContent }).getAttribute('href')).toBe('#main');
    expect(screen.getByRole('link', { name: t.nav.login }).getAttribute('href')).toBe('/user/login');
    expect(screen.getByRole('link', { name: t.nav.register }).getAttribute('href')).toBe('/user/register');
  });

  it('the theme toggle selects the space theme, and back', async () => {
    const { effects } = renderApp(PAGE);
    await screen.findByRole('heading', { level: 1, name: PAGE_TITLE });
    expect(effects.applyTheme.mock.calls).toEqual([['default']]);

    await userEvent.click(screen.getByRole('button', { name: t.nav.themeToggle(false) }));
    expect(effects.applyTheme).toHaveBeenLastCalledWith('space');
    expect(effects.persistTheme).toHaveBeenLastCalledWith('space');

    await userEvent.click(screen.getByRole('button', { name: t.nav.themeToggle(true) }));
    expect(effects.applyTheme.mock.calls).toEqual([['default'], ['space'], ['default']]);
    expect(effects.persistTheme).toHaveBeenLastCalledWith('default');
    expect(screen.getByRole('button', { name: t.nav.themeToggle(false) })).toBeTruthy();
  });
});
