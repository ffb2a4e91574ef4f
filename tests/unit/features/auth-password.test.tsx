import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { BusinessError } from '../../../src/api/errors.ts';
import { t } from '../../../src/i18n/zh-CN.ts';
import { deferred, fakeEffects, renderApp, type FakeEffects } from '../app/harness.tsx';
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
  smsInput,
} from './auth-support.ts';

afterEach(cleanup);

const RESET = '/user/password';
const PHONE = '13912345678';
const PASSWORD = 'newpass88';
const CODE = '654321';

async function renderReset(effects: FakeEffects = fakeEffects()) {
  const view = renderApp(RESET, { effects });
  await screen.findByRole('heading', { level: 1, name: t.auth.resetTitle });
  return { ...view, user: userEvent.setup({ delay: null }) };
}

type User = ReturnType<typeof userEvent.setup>;
const newPasswordInput = () => passwordInput(t.auth.newPassword);
const confirmInput = () => passwordInput(t.auth.confirmPassword);
const sendCodeButton = () => inForm().getByRole('button', { name: t.auth.sendCode });
const submitButton = () => inForm().getByRole('button', { name: t.auth.resetSubmit });
const card = () => screen.getByRole('region', { name: t.auth.resetTitle });

async function fill(
  user: User,
  f: { phone?: string; sms?: string; password?: string; confirm?: string } = {},
) {
  await enter(user, phoneInput(), f.phone ?? PHONE);
  await enter(user, smsInput(), f.sms ?? CODE);
  await enter(user, newPasswordInput(), f.password ?? PASSWORD);
  await enter(user, confirmInput(), f.confirm ?? f.password ?? PASSWORD);
}

describe('password page: the form', () => {
  it('names every control by its visible label, and has no invite field', async () => {
    await renderReset();
    expectEveryControlNamed(authForm());
    expect(countryPicker()).toBeTruthy();
    expect(newPasswordInput().getAttribute('type')).toBe('password');
    expect(confirmInput().getAttribute('type')).toBe('password');
    expect(inForm().queryByRole('textbox', { name: t.auth.inviteCode })).toBeNull();
    expect(within(card()).getByRole('link', { name: t.auth.toLogin }).getAttribute('href')).toBe(
      '/user/login',
    );
  });
});

describe('password page: the SMS code', () => {
  it('checks the phone first: no send for a bad phone', async () => {
    const { effects, user } = await renderReset();
    await user.type(phoneInput(), '2345');
    await user.click(sendCodeButton());
    expectFieldError(phoneInput(), t.auth.errors.phoneFormat);
    expect(effects.sendSms).not.toHaveBeenCalled();
  });

  it('asks for a reset code, then counts down with the button disabled', async () => {
    const { effects, user } = await renderReset();
    await user.selectOptions(countryPicker(), '853');
    await user.type(phoneInput(), '61234567');
    await user.click(sendCodeButton());
    expect(effects.sendSms).toHaveBeenCalledExactlyOnceWith({
      countryCode: '853',
      phone: '61234567',
      purpose: 'reset',
    });
    const counting = await inForm().findByRole('button', { name: t.auth.resendIn(60) });
    expect((counting as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('password page: client checks', () => {
  it('an empty submit marks every field and sends nothing', async () => {
    const { effects, user } = await renderReset();
    await user.click(submitButton());
    expectFieldError(phoneInput(), t.auth.errors.phoneRequired);
    expectFieldError(smsInput(), t.auth.errors.smsRequired);
    expectFieldError(newPasswordInput(), t.auth.errors.passwordRequired);
    expectFieldError(confirmInput(), t.auth.errors.confirmRequired);
    expect(effects.resetPassword).not.toHaveBeenCalled();
  });

  it('the code must be 6 digits, the password must follow the rule, the two must match', async () => {
    const { effects, user } = await renderReset();
    await fill(user, { sms: '1234', password: 'onlyletters', confirm: 'different1' });
    await user.click(submitButton());
    expectNoFieldError(phoneInput());
    expectFieldError(smsInput(), t.auth.errors.smsFormat);
    expectFieldError(newPasswordInput(), t.auth.errors.passwordFormat);
    expectFieldError(confirmInput(), t.auth.errors.confirmMismatch);
    expect(effects.resetPassword).not.toHaveBeenCalled();
  });
});

describe('password page: resetting', () => {
  it('sends the form, then says the password was reset and links to the login', async () => {
    const { effects, user, router } = await renderReset();
    await fill(user);
    await user.click(submitButton());
    expect(effects.resetPassword).toHaveBeenCalledExactlyOnceWith({
      countryCode: '86',
      phone: PHONE,
      smsCode: CODE,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });

    const done = await within(card()).findByRole('status');
    expect(done.textContent).toBe(t.auth.resetDone);
    expect(screen.queryByRole('main')!.querySelector('form')).toBeNull();
    // A reset does not log the player in.
    expect(effects.persistToken).not.toHaveBeenCalled();
    expect(effects.login).not.toHaveBeenCalled();

    const toLogin = within(card()).getByRole('link', { name: t.auth.login });
    expect(toLogin.getAttribute('href')).toBe('/user/login');
    await user.click(toLogin);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
    // The login page repeats the notice.
    expect(await screen.findByRole('heading', { level: 1, name: t.auth.loginTitle })).toBeTruthy();
    expect(within(authForm()).getByRole('status').textContent).toBe(t.auth.resetDone);
  });

  it('while resetting the button reads 提交中… and is busy', async () => {
    const effects = fakeEffects();
    const pending = deferred<void>();
    effects.resetPassword.mockReturnValueOnce(pending.promise);
    const { user } = await renderReset(effects);
    await fill(user);
    await user.click(submitButton());
    const busy = inForm().getByRole('button', { name: t.auth.resetting });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    await user.click(busy);
    expect(effects.resetPassword).toHaveBeenCalledTimes(1);
    pending.resolve();
    expect(await within(card()).findByRole('status')).toBeTruthy();
  });

  it('a wrong code (10409) shows on the code field; an unknown phone (6022) on the phone field', async () => {
    const effects = fakeEffects();
    effects.resetPassword
      .mockRejectedValueOnce(new BusinessError(10409, '验证码错误'))
      .mockRejectedValueOnce(new BusinessError(6022, '该手机号未注册'));
    const { user } = await renderReset(effects);
    await fill(user);
    await user.click(submitButton());
    await waitFor(() => expect(fieldError(smsInput())).toBe('验证码错误'));
    expectFieldError(smsInput(), '验证码错误');
    expectNoFieldError(phoneInput());

    await user.click(submitButton());
    await waitFor(() => expect(fieldError(phoneInput())).toBe('该手机号未注册'));
    expectNoFieldError(smsInput());
    expect(screen.queryByText(t.auth.resetDone)).toBeNull();
  });
});

describe('regressions (bugs these tests found, now fixed)', () => {
  // BUG src/features/auth/password-page.tsx: `done` is session.notice === 'passwordReset', which only a later
  // login, register or reset clears. After one reset the page never shows its form again in this visit: a
  // player who comes back to 忘记密码？ (e.g. to reset another account) gets "密码已重置" and no form.
  it('the page offers the form again on a later visit', async () => {
    const { user, router } = await renderReset();
    await fill(user);
    await user.click(submitButton());
    await within(card()).findByRole('status');

    await user.click(within(card()).getByRole('link', { name: t.auth.login }));
    await screen.findByRole('heading', { level: 1, name: t.auth.loginTitle });
    await user.click(screen.getByRole('link', { name: t.auth.forgot }));
    await waitFor(() => expect(router.state.location.pathname).toBe(RESET));
    await screen.findByRole('heading', { level: 1, name: t.auth.resetTitle });
    expect(screen.getByRole('main').querySelector('form')).not.toBeNull();
  });

  // BUG src/features/auth/fields.tsx SmsCodeField: a register code's countdown disables the reset page's
  // button too (the machine's sentTo records the purpose; the field ignores it).
  it('a code sent for registering does not hold back a reset code', async () => {
    const effects = fakeEffects();
    const { user, router } = await (async () => {
      const view = renderApp('/user/register', { effects });
      await screen.findByRole('heading', { level: 1, name: t.auth.registerTitle });
      return { ...view, user: userEvent.setup({ delay: null }) };
    })();
    await user.type(phoneInput(), PHONE);
    await user.click(sendCodeButton());
    await inForm().findByRole('button', { name: t.auth.resendIn(60) });

    await act(() => router.navigate(RESET));
    await screen.findByRole('heading', { level: 1, name: t.auth.resetTitle });
    await user.type(phoneInput(), PHONE);
    await user.click(inForm().getByRole('button', { name: t.auth.sendCode }));
    expect(effects.sendSms).toHaveBeenLastCalledWith({ countryCode: '86', phone: PHONE, purpose: 'reset' });
  });
});
