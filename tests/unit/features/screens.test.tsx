import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publishApiError } from '../../../src/api/error-bus.ts';
import { BusinessError } from '../../../src/api/errors.ts';
import { t } from '../../../src/i18n/zh-CN.ts';
import { ErrorBoundary } from '../../../src/ui/error-boundary.tsx';
import { fakeEffects, preInfo, renderApp } from '../app/harness.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const MAINTENANCE = '/other/maintenance';

function down(maintainConfig: Partial<ReturnType<typeof preInfo>['maintainConfig']> = {}) {
  return preInfo({
    globePhoneNumber: '400-800-1234',
    maintainConfig: { status: 0, startTime: null, endTime: null, notice: '', ...maintainConfig },
  });
}

describe('maintenance page', () => {
  it('shows the title, the notice, the window and the phone number', async () => {
    const info = down({
      notice: '服务器升级中，预计两小时',
      startTime: '2026-11-21 02:00',
      endTime: '2026-11-21 04:00',
    });
    renderApp(MAINTENANCE, { effects: fakeEffects({ preInfo: info }) });
    const heading = await screen.findByRole('heading', { level: 1, name: t.screens.maintenanceTitle });
    const page = heading.closest('section')!;
    expect(within(page).getByText('服务器升级中，预计两小时')).toBeTruthy();
    expect(within(page).queryByText(t.screens.maintenanceText)).toBeNull();
    expect(
      within(page).getByText(t.screens.maintenanceWindow('2026-11-21 02:00', '2026-11-21 04:00')),
    ).toBeTruthy();
    expect(within(page).getByText(`${t.screens.maintenanceContact} 400-800-1234`)).toBeTruthy();
    // While the site is down there is nowhere to go back to.
    expect(within(page).queryByRole('link', { name: t.screens.backHome })).toBeNull();
  });

  it('shows the default text and no window line when the notice and times are unset', async () => {
    renderApp(MAINTENANCE, { effects: fakeEffects({ preInfo: down() }) });
    const heading = await screen.findByRole('heading', { level: 1, name: t.screens.maintenanceTitle });
    const page = heading.closest('section')!;
    expect(within(page).getByText(t.screens.maintenanceText)).toBeTruthy();
    expect(within(page).queryByText(/^维护时间/)).toBeNull();
    expect(within(page).getByText(`${t.screens.maintenanceContact} 400-800-1234`)).toBeTruthy();
  });

  it('sends a visitor of another page to the maintenance page', async () => {
    const { router } = renderApp('/user/login', { effects: fakeEffects({ preInfo: down() }) });
    expect(await screen.findByRole('heading', { level: 1, name: t.screens.maintenanceTitle })).toBeTruthy();
    expect(router.state.location.pathname).toBe(MAINTENANCE);
  });
});

describe('maintenance page while the site is up', () => {
  it('goes home (issue 8 §2)', async () => {
    const { router } = renderApp(MAINTENANCE);
    expect(await screen.findByRole('region', { name: t.home.notices })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('heading', { name: t.screens.maintenanceTitle })).toBeNull();
  });
});

describe('restriction page', () => {
  it('access-caveat (a call refused with 6031) shows the restriction title and the caller IP', async () => {
    const { router, bridged } = renderApp('/', {
      effects: fakeEffects({ preInfo: preInfo({ ip: '198.51.100.23' }) }),
    });
    await screen.findByRole('region', { name: t.home.notices });
    await bridged();
    act(() => publishApiError(new BusinessError(6031, '访问受限')));
    expect(await screen.findByRole('heading', { level: 1, name: t.screens.caveatTitle })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/other/restrictionIp');
    expect(router.state.location.search).toBe('?name=access-caveat');
    expect(screen.getByText(t.screens.caveatText)).toBeTruthy();
    expect(screen.getByText(t.screens.yourIp('198.51.100.23'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.screens.alertContinue })).toBeNull();
  });

  it('access-caveat while nothing restricts the caller goes home (issue 8 §2)', async () => {
    const { router } = renderApp('/other/restrictionIp?name=access-caveat');
    expect(await screen.findByRole('region', { name: t.home.notices })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('heading', { name: t.screens.caveatTitle })).toBeNull();
  });

  // Regression (fixed, see tests/machines/app.machine.test.ts): the policy used to leave the alert page at once.
  it('a 6032 on a call shows the access alert (spec §8)', async () => {
    const { router, bridged } = renderApp('/');
    await screen.findByRole('region', { name: t.home.notices });
    await bridged();
    act(() => publishApiError(new BusinessError(6032, '访问提醒')));
    expect(await screen.findByRole('heading', { level: 1, name: t.screens.alertTitle })).toBeTruthy();
    expect(router.state.location.search).toBe('?name=access-alert');
  });

  it('access-alert shows the alert; continuing keeps the skip and goes home', async () => {
    const effects = fakeEffects();
    // spec §8 6032: the pre-info came with an access alert.
    effects.loadPreInfo.mockResolvedValue({ preInfo: preInfo(), alert: true });
    const { router } = renderApp('/other/restrictionIp?name=access-alert', { effects });
    expect(await screen.findByRole('heading', { level: 1, name: t.screens.alertTitle })).toBeTruthy();
    expect(screen.getByText(t.screens.alertText)).toBeTruthy();
    expect(screen.getByText(t.screens.yourIp('203.0.113.7'))).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: t.screens.alertContinue }));
    expect(effects.persistAlertSkip).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('region', { name: t.home.notices })).toBeTruthy();
  });
});

describe('not-found page', () => {
  it('links back home', async () => {
    const { router } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: t.screens.notFoundTitle })).toBeTruthy();
    const home = screen.getByRole('link', { name: t.screens.backHome });
    expect(home.getAttribute('href')).toBe('/');
    await userEvent.click(home);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('region', { name: t.home.notices })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: t.screens.notFoundTitle })).toBeNull();
  });
});

describe('error boundary', () => {
  function Boom({ explode }: { explode: boolean }): React.ReactNode {
    if (explode) throw new Error('render failure');
    return <p>渲染正常</p>;
  }

  it('renders its children while they render', () => {
    render(
      <ErrorBoundary>
        <Boom explode={false} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('渲染正常')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: t.screens.crashTitle })).toBeNull();
  });

  it('renders the crash screen when a child throws', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    act(() => {
      render(
        <ErrorBoundary>
          <Boom explode />
        </ErrorBoundary>,
      );
    });
    expect(screen.getByRole('heading', { level: 1, name: t.screens.crashTitle })).toBeTruthy();
    expect(screen.getByText(t.screens.crashText)).toBeTruthy();
    expect(screen.getByRole('button', { name: t.screens.reload })).toBeTruthy();
    expect(screen.getByRole('link', { name: t.screens.backHome }).getAttribute('href')).toBe('/');
    expect(screen.queryByText('渲染正常')).toBeNull();
    expect(consoleError).toHaveBeenCalled();
  });
});
