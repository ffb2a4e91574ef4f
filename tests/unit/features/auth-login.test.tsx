import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppEffects } from '../../../machines/app.machine.ts';
import type { SessionInput } from '../../../machines/session.machine.ts';
import { BusinessError } from '../../../src/api/errors.ts';
import { t } from '../../../src/i18n/zh-CN.ts';
import { COUNTRIES } from '../../../src/protocol/member.ts';
import { deferred, fakeEffects, NEW_TOKEN, preInfo, renderApp, type FakeEffects } from '../app/harness.tsx';
import {
  authForm,
  enter,
  countryPicker,
  expectEveryControlNamed,
  expectFieldError,
  expectNoFieldError,
  fieldError,
  inForm,
  passwordInput,
  phoneInput,
} from './auth-support.ts';

afterEach(cleanup);

const LOGIN = '/user/login';
const PHONE = '13912345678';
const PASSWORD = 'abc12345';

async function renderLogin(
  opts: { path?: string; effects?: FakeEffects; session?: Partial<SessionInput> } = {},
) {
  const view = renderApp(opts.path ?? LOGIN, {
    effects: opts.effects ?? fakeEffects(),
    input: { session: opts.session ?? {} },
  });
  await screen.findByRole('heading', { level: 1, name: t.auth.loginTitle });
  return { ...view, user: userEvent.setup({ delay: null }) };
}

const loginButton = () => inForm().getByRole('button', { name: t.auth.login });
const rememberBox = () => inForm().getByRole('checkbox', { name: new RegExp(`^${t.auth.remember}`) });

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, phone = PHONE, password = PASSWORD) {
  await enter(user, phoneInput(), phone);
  await enter(user, passwordInput(), password);
  await user.click(loginButton());
}

describe('login page: the form', () => {
  it('names every control by its visible label', async () => {
    await renderLogin();
    expectEveryControlNamed(authForm());
    expect(phoneInput().getAttribute('type')).toBe('tel');
    expect(passwordInput().getAttribute('type')).toBe('password');
    expect(countryPicker().tagName).toBe('SELECT');
    expect(rememberBox()).toBeTruthy();
    const card = screen.getByRole('region', { name: t.auth.loginTitle });
    expect(within(card).getByRole('link', { name: t.auth.toRegister }).getAttribute('href')).toBe(
      '/user/register',
    );
    expect(within(card).getByRole('link', { name: t.auth.forgot }).getAttribute('href')).toBe(
      '/user/password',
    );
  });

  it('offers +86 first, then every other country', async () => {
    await renderLogin();
    const options = within(countryPicker()).getAllByRole('option') as HTMLOptionElement[];
    expect(options[0]!.value).toBe('86');
    expect(options[0]!.textContent).toBe(t.auth.countryOption('中国大陆', '86'));
    expect((countryPicker() as HTMLSelectElement).value).toBe('86');
    expect(options.map((o) => o.value)).toEqual(COUNTRIES.map((c) => c.code));
  });

  it('keeps only digits in the phone field', async () => {
    const { user } = await renderLogin();
    await user.type(phoneInput(), '139-1234 5678');
    expect((phoneInput() as HTMLInputElement).value).toBe(PHONE);
  });
});

describe('login page: client checks', () => {
  it('an empty submit shows both required errors next to their fields and does not log in', async () => {
    const { effects, user } = await renderLogin();
    await user.click(loginButton());
    expectFieldError(phoneInput(), t.auth.errors.phoneRequired);
    expectFieldError(passwordInput(), t.auth.errors.passwordRequired);
    expect(effects.login).not.toHaveBeenCalled();
  });

  it('a bad phone shows the format error, and editing the field clears it', async () => {
    const { effects, user } = await renderLogin();
    await fillAndSubmit(user, '12345');
    expectFieldError(phoneInput(), t.auth.errors.phoneFormat);
    expectNoFieldError(passwordInput());
    expect(effects.login).not.toHaveBeenCalled();

    await user.type(phoneInput(), '6');
    expectNoFieldError(phoneInput());
  });

  it('a phone valid for another country is not valid for +86', async () => {
    const { effects, user } = await renderLogin();
    await fillAndSubmit(user, '91234567'); // a Hong Kong number
    expectFieldError(phoneInput(), t.auth.errors.phoneFormat);
    expect(effects.login).not.toHaveBeenCalled();
  });
});

describe('login page: logging in', () => {
  it('sends the country, phone, password and the remember tick (ticked when the device remembered)', async () => {
    const { effects, user } = await renderLogin({ session: { rememberLogin: true } });
    expect((rememberBox() as HTMLInputElement).checked).toBe(true);
    await fillAndSubmit(user);
    expect(effects.login).toHaveBeenCalledExactlyOnceWith({
      countryCode: '86',
      phone: PHONE,
      password: PASSWORD,
      remember: true,
    });
    await waitFor(() => expect(effects.persistToken).toHaveBeenCalledWith(NEW_TOKEN, true, PHONE));
  });

  it('starts unticked when the device did not remember, and sends what the player ticks', async () => {
    const { effects, user } = await renderLogin({ session: { rememberLogin: false } });
    expect((rememberBox() as HTMLInputElement).checked).toBe(false);
    await fillAndSubmit(user);
    expect(effects.login).toHaveBeenLastCalledWith(expect.objectContaining({ remember: false }));
  });

  it('ticking remember sends remember: true', async () => {
    const effects = fakeEffects();
    effects.login.mockRejectedValue(new BusinessError(6039, '尝试次数过多'));
    const { user } = await renderLogin({ effects });
    await user.click(rememberBox());
    await fillAndSubmit(user);
    expect(effects.login).toHaveBeenLastCalledWith(expect.objectContaining({ remember: true }));
  });

  it('changing the country to 852 sends countryCode 852', async () => {
    const { effects, user } = await renderLogin();
    await user.selectOptions(countryPicker(), '852');
    await fillAndSubmit(user, '91234567');
    expect(effects.login).toHaveBeenCalledExactlyOnceWith({
      countryCode: '852',
      phone: '91234567',
      password: PASSWORD,
      remember: false,
    });
  });

  it('while the login is pending the button reads 登录中… and is busy; a second submit sends nothing', async () => {
    const effects = fakeEffects();
    const pending = deferred<Awaited<ReturnType<AppEffects['login']>>>();
    effects.login.mockReturnValueOnce(pending.promise);
    const { user } = await renderLogin({ effects });
    await fillAndSubmit(user);

    const busy = inForm().getByRole('button', { name: t.auth.loggingIn });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(inForm().queryByRole('button', { name: t.auth.login })).toBeNull();
    await user.click(busy);
    expect(effects.login).toHaveBeenCalledTimes(1);

    pending.reject(new BusinessError(6039, '尝试次数过多'));
    const idle = await inForm().findByRole('button', { name: t.auth.login });
    expect(idle.getAttribute('aria-busy')).toBeNull();
  });

  it('a wrong password (6002) shows the server message on the password field', async () => {
    const effects = fakeEffects();
    effects.login.mockRejectedValueOnce(new BusinessError(6002, '手机号或密码错误'));
    const { user, router } = await renderLogin({ effects });
    await fillAndSubmit(user);

    await waitFor(() => expect(fieldError(passwordInput())).toBe('手机号或密码错误'));
    expectFieldError(passwordInput(), '手机号或密码错误');
    expectNoFieldError(phoneInput());
    expect(router.state.location.pathname).toBe(LOGIN);
    expect(effects.persistToken).not.toHaveBeenCalled();

    // Editing the password clears the server's answer.
    await user.type(passwordInput(), 'x');
    expect(fieldError(passwordInput())).toBeNull();
    expect(screen.queryByText('手机号或密码错误')).toBeNull();
  });

  it('a code about no field (6039) shows above the button, on no field', async () => {
    const effects = fakeEffects();
    effects.login.mockRejectedValueOnce(new BusinessError(6039, '登录尝试过于频繁，请稍后再试'));
    const { user } = await renderLogin({ effects });
    await fillAndSubmit(user);

    const alert = await inForm().findByRole('alert');
    expect(alert.textContent).toBe('登录尝试过于频繁，请稍后再试');
    expectNoFieldError(phoneInput());
    expectNoFieldError(passwordInput());
    // Above the button: the alert comes before it in the form.
    expect(alert.compareDocumentPosition(loginButton()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(alert.compareDocumentPosition(passwordInput()) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
  });

  it('stopLogin disables the button, says so, and Enter in a field sends nothing', async () => {
    const effects = fakeEffects({ preInfo: preInfo({ stopLogin: true }) });
    const { user } = await renderLogin({ effects });
    expect(inForm().getByRole('alert').textContent).toBe(t.auth.loginStopped);
    expect((loginButton() as HTMLButtonElement).disabled).toBe(true);

    await user.type(phoneInput(), PHONE);
    await user.type(passwordInput(), `${PASSWORD}{Enter}`);
    await user.click(loginButton());
    expect(effects.login).not.toHaveBeenCalled();
  });

  it('an open site shows no stop notice and an enabled button', async () => {
    await renderLogin();
    expect(screen.queryByText(t.auth.loginStopped)).toBeNull();
    expect((loginButton() as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('login page: where a login leads', () => {
  it('goes to the ?redirect target', async () => {
    const { user, router, effects } = await renderLogin({ path: `${LOGIN}?redirect=%2Fmine%2Fvip` });
    await fillAndSubmit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/mine/vip'));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('heading', { level: 1, name: t.pages['/mine/vip']! })).toBeTruthy();
    expect(effects.fetchMember).toHaveBeenCalledWith(PHONE);
  });

  it('goes home without a redirect', async () => {
    const { user, router } = await renderLogin();
    await fillAndSubmit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('region', { name: t.home.notices })).toBeTruthy();
  });

  it('goes home, not off the site, for a redirect to another origin', async () => {
    const { user, router } = await renderLogin({
      path: `${LOGIN}?redirect=${encodeURIComponent('//evil.example/x')}`,
    });
    await fillAndSubmit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the player in the chrome once logged in', async () => {
    const { user } = await renderLogin();
    await fillAndSubmit(user);
    expect(await screen.findByRole('button', { name: t.auth.logout })).toBeTruthy();
    expect(screen.queryByRole('link', { name: t.nav.login })).toBeNull();
  });
});
