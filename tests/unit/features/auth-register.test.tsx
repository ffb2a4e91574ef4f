import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionInput } from '../../../machines/session.machine.ts';
import { BusinessError } from '../../../src/api/errors.ts';
import { t } from '../../../src/i18n/zh-CN.ts';
import type { InviteParams, SmsSendResponse } from '../../../src/protocol/member.ts';
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
  inviteInput,
  passwordInput,
  phoneInput,
  smsInput,
} from './auth-support.ts';

afterEach(cleanup);

const REGISTER = '/user/register';
const PHONE = '13912345678';
const PASSWORD = 'abc12345';
const CODE = '123456';

async function renderRegister(opts: { effects?: FakeEffects; session?: Partial<SessionInput> } = {}) {
  const view = renderApp(REGISTER, {
    effects: opts.effects ?? fakeEffects(),
    input: { session: opts.session ?? {} },
  });
  await screen.findByRole('heading', { level: 1, name: t.auth.registerTitle });
  return { ...view, user: userEvent.setup({ delay: null }) };
}

type User = ReturnType<typeof userEvent.setup>;
const sendCodeButton = () => inForm().getByRole('button', { name: t.auth.sendCode });
const registerButton = () => inForm().getByRole('button', { name: t.auth.register });
const confirmInput = () => passwordInput(t.auth.confirmPassword);

async function fill(
  user: User,
  f: { phone?: string; sms?: string; password?: string; confirm?: string; invite?: string } = {},
) {
  if (f.phone ?? PHONE) await enter(user, phoneInput(), f.phone ?? PHONE);
  if (f.sms ?? CODE) await enter(user, smsInput(), f.sms ?? CODE);
  if (f.password ?? PASSWORD) await enter(user, passwordInput(), f.password ?? PASSWORD);
  if (f.confirm ?? f.password ?? PASSWORD)
    await enter(user, confirmInput(), f.confirm ?? f.password ?? PASSWORD);
  if (f.invite !== undefined) {
    await user.clear(inviteInput());
    if (f.invite) await enter(user, inviteInput(), f.invite);
  }
}

describe('register page: the form', () => {
  it('names every control by its visible label', async () => {
    await renderRegister();
    expectEveryControlNamed(authForm());
    expect(phoneInput()).toBeTruthy();
    expect(countryPicker()).toBeTruthy();
    expect(smsInput()).toBeTruthy();
    expect(passwordInput().getAttribute('type')).toBe('password');
    expect(confirmInput().getAttribute('type')).toBe('password');
    expect(inviteInput()).toBeTruthy();
    expect(sendCodeButton()).toBeTruthy();
  });

  it.each<[string, InviteParams, string]>([
    [
      'r_code wins over i_code and invite_code',
      { r_code: 'RCODE1', i_code: 'ICODE1', invite_code: 'INV001' },
      'RCODE1',
    ],
    ['i_code wins over invite_code', { i_code: 'ICODE1', invite_code: 'INV001' }, 'ICODE1'],
    ['invite_code when alone', { invite_code: 'INV001' }, 'INV001'],
    ['empty codes are skipped', { r_code: '', i_code: '', invite_code: 'INV001' }, 'INV001'],
    ['nothing without codes', {}, ''],
  ])('prefills the invite code: %s', async (_, inviteCodes, expected) => {
    await renderRegister({ session: { inviteCodes } });
    expect((inviteInput() as HTMLInputElement).value).toBe(expected);
  });
});

describe('register page: the SMS code button', () => {
  it('checks the phone first: no send for an empty or a bad phone', async () => {
    const { effects, user } = await renderRegister();
    await user.click(sendCodeButton());
    expectFieldError(phoneInput(), t.auth.errors.phoneRequired);

    await user.type(phoneInput(), '12345');
    await user.click(sendCodeButton());
    expectFieldError(phoneInput(), t.auth.errors.phoneFormat);
    expect(effects.sendSms).not.toHaveBeenCalled();
    expect(sendCodeButton()).toBeTruthy();
  });

  it('sends the code for a valid phone, then counts down from 60 with the button disabled', async () => {
    const effects = fakeEffects();
    const sms = deferred<SmsSendResponse>();
    effects.sendSms.mockReturnValueOnce(sms.promise);
    const { user } = await renderRegister({ effects });
    await user.type(phoneInput(), PHONE);
    await user.click(sendCodeButton());

    expect(effects.sendSms).toHaveBeenCalledExactlyOnceWith({
      countryCode: '86',
      phone: PHONE,
      purpose: 'register',
    });
    const sending = inForm().getByRole('button', { name: t.auth.sendingCode });
    expect((sending as HTMLButtonElement).disabled).toBe(true);

    sms.resolve({ resendAfter: 60 });
    const counting = await inForm().findByRole('button', { name: t.auth.resendIn(60) });
    expect((counting as HTMLButtonElement).disabled).toBe(true);
    expect(inForm().getByText(t.auth.codeSent)).toBeTruthy();
    expectNoFieldError(phoneInput());
    await user.click(counting);
    expect(effects.sendSms).toHaveBeenCalledTimes(1);
  });

  it('counts down from what the server says', async () => {
    const effects = fakeEffects();
    effects.sendSms.mockResolvedValueOnce({ resendAfter: 42 });
    const { user } = await renderRegister({ effects });
    await user.type(phoneInput(), PHONE);
    await user.click(sendCodeButton());
    expect(await inForm().findByRole('button', { name: t.auth.resendIn(42) })).toBeTruthy();
  });

  it('sends the chosen country', async () => {
    const { effects, user } = await renderRegister();
    await user.selectOptions(countryPicker(), '852');
    await user.type(phoneInput(), '91234567');
    await user.click(sendCodeButton());
    expect(effects.sendSms).toHaveBeenCalledExactlyOnceWith({
      countryCode: '852',
      phone: '91234567',
      purpose: 'register',
    });
  });

  it('a refused send shows the message and the button comes back', async () => {
    const effects = fakeEffects();
    effects.sendSms.mockRejectedValueOnce(new BusinessError(6036, '今日验证码发送次数已达上限'));
    const { user } = await renderRegister({ effects });
    await user.type(phoneInput(), PHONE);
    await user.click(sendCodeButton());
    expect((await inForm().findByRole('alert')).textContent).toBe('今日验证码发送次数已达上限');
    expect((sendCodeButton() as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('register page: client checks', () => {
  it('an empty submit marks every required field and does not register', async () => {
    const { effects, user } = await renderRegister();
    await user.click(registerButton());
    expectFieldError(phoneInput(), t.auth.errors.phoneRequired);
    expectFieldError(smsInput(), t.auth.errors.smsRequired);
    expectFieldError(passwordInput(), t.auth.errors.passwordRequired);
    expectFieldError(confirmInput(), t.auth.errors.confirmRequired);
    expectNoFieldError(inviteInput());
    expect(effects.register).not.toHaveBeenCalled();
  });

  it('the SMS code must be 6 digits', async () => {
    const { effects, user } = await renderRegister();
    await fill(user, { sms: '12345' });
    await user.click(registerButton());
    expectFieldError(smsInput(), t.auth.errors.smsFormat);
    expectNoFieldError(phoneInput());
    expectNoFieldError(passwordInput());
    expect(effects.register).not.toHaveBeenCalled();
  });

  it('the SMS field takes digits only, at most 6', async () => {
    const { user } = await renderRegister();
    await user.type(smsInput(), 'a1b2c3d4e5f6g7h8');
    expect((smsInput() as HTMLInputElement).value).toBe('123456');
  });

  it.each([
    ['letters only', 'abcdefgh'],
    ['digits only', '12345678'],
    ['too short', 'ab123'],
  ])('the password must follow the rule (%s)', async (_, password) => {
    const { effects, user } = await renderRegister();
    await fill(user, { password });
    await user.click(registerButton());
    expectFieldError(passwordInput(), t.auth.errors.passwordFormat);
    expect(effects.register).not.toHaveBeenCalled();
  });

  it('shows the password rule as the password hint until there is an error', async () => {
    const { user } = await renderRegister();
    const hint = inForm().getByText(t.auth.passwordRule);
    expect(passwordInput().getAttribute('aria-describedby')).toBe(hint.id);
    await fill(user, { password: 'abcdefgh' });
    await user.click(registerButton());
    expect(inForm().queryByText(t.auth.passwordRule)).toBeNull();
  });

  it('the two passwords must match', async () => {
    const { effects, user } = await renderRegister();
    await fill(user, { confirm: 'abc12346' });
    await user.click(registerButton());
    expectFieldError(confirmInput(), t.auth.errors.confirmMismatch);
    expectNoFieldError(passwordInput());
    expect(effects.register).not.toHaveBeenCalled();
  });

  it('a malformed invite code is refused before sending', async () => {
    const { effects, user } = await renderRegister();
    await fill(user, { invite: 'ab' });
    await user.click(registerButton());
    expectFieldError(inviteInput(), t.auth.errors.inviteFormat);
    expect(effects.register).not.toHaveBeenCalled();
  });

  it('a phone in a disabled range (disablePhones) is refused, for the code and for the submit', async () => {
    const effects = fakeEffects({ preInfo: preInfo({ disablePhones: ['170', '171'] }) });
    const { user } = await renderRegister({ effects });
    await user.type(phoneInput(), '17012345678');
    await user.click(sendCodeButton());
    expectFieldError(phoneInput(), t.auth.errors.phoneDisabled);
    expect(effects.sendSms).not.toHaveBeenCalled();

    await fill(user, { phone: '' });
    await user.click(registerButton());
    expectFieldError(phoneInput(), t.auth.errors.phoneDisabled);
    expect(effects.register).not.toHaveBeenCalled();
  });
});

describe('register page: registering', () => {
  const CODES: InviteParams = { r_code: 'RCODE1', r_bet: '5', i_code: 'ICODE1' };

  it('sends the form with the live invite codes as the referral, then goes home logged in', async () => {
    const { effects, user, router } = await renderRegister({ session: { inviteCodes: CODES } });
    await fill(user);
    await user.click(registerButton());
    expect(effects.register).toHaveBeenCalledExactlyOnceWith({
      countryCode: '86',
      phone: PHONE,
      smsCode: CODE,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      inviteCode: 'RCODE1',
      referral: CODES,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(effects.persistToken).toHaveBeenCalledWith(NEW_TOKEN, false, PHONE);
    expect(await screen.findByRole('button', { name: t.auth.logout })).toBeTruthy();
  });

  it('sends the invite code the player typed over the prefilled one', async () => {
    const { effects, user } = await renderRegister({ session: { inviteCodes: CODES } });
    await fill(user, { invite: 'MINE99' });
    await user.click(registerButton());
    expect(effects.register).toHaveBeenCalledWith(
      expect.objectContaining({ inviteCode: 'MINE99', referral: CODES }),
    );
  });

  it('while registering the button reads 注册中… and is busy', async () => {
    const effects = fakeEffects();
    const pending = deferred<Awaited<ReturnType<FakeEffects['register']>>>();
    effects.register.mockReturnValueOnce(pending.promise);
    const { user } = await renderRegister({ effects });
    await fill(user);
    await user.click(registerButton());
    const busy = inForm().getByRole('button', { name: t.auth.registering });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    await user.click(busy);
    expect(effects.register).toHaveBeenCalledTimes(1);
    pending.reject(new BusinessError(6037, '操作过于频繁'));
    expect(await inForm().findByRole('button', { name: t.auth.register })).toBeTruthy();
  });

  it('a refused invite code (22007) shows on the invite field', async () => {
    const effects = fakeEffects();
    effects.register.mockRejectedValueOnce(new BusinessError(22007, '邀请码不存在'));
    const { user, router } = await renderRegister({
      effects,
      session: { inviteCodes: { i_code: 'NOPE99' } },
    });
    await fill(user);
    await user.click(registerButton());
    await waitFor(() => expect(fieldError(inviteInput())).toBe('邀请码不存在'));
    expectFieldError(inviteInput(), '邀请码不存在');
    expectNoFieldError(phoneInput());
    expect(router.state.location.pathname).toBe(REGISTER);
  });

  it('a taken phone (6021) shows on the phone field; a code about no field shows above the button', async () => {
    const effects = fakeEffects();
    effects.register
      .mockRejectedValueOnce(new BusinessError(6021, '该手机号已注册'))
      .mockRejectedValueOnce(new BusinessError(6037, '操作过于频繁'));
    const { user } = await renderRegister({ effects });
    await fill(user);
    await user.click(registerButton());
    await waitFor(() => expect(fieldError(phoneInput())).toBe('该手机号已注册'));

    await user.click(registerButton());
    await waitFor(() => expect(fieldError(phoneInput())).toBeNull());
    const alert = inForm().getByRole('alert');
    expect(alert.textContent).toBe('操作过于频繁');
    expect(alert.compareDocumentPosition(registerButton()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('stopRegister disables the button and the code, and says so', async () => {
    const effects = fakeEffects({ preInfo: preInfo({ stopRegister: true }) });
    const { user } = await renderRegister({ effects });
    expect(within(authForm()).getAllByText(t.auth.registerStopped).length).toBeGreaterThan(0);
    expect((registerButton() as HTMLButtonElement).disabled).toBe(true);

    await fill(user);
    await user.click(sendCodeButton());
    expect(effects.sendSms).not.toHaveBeenCalled();
    await user.type(confirmInput(), '{Enter}');
    await user.click(registerButton());
    expect(effects.register).not.toHaveBeenCalled();
  });
});

describe('regressions (bugs these tests found, now fixed)', () => {
  // BUG src/features/auth/*-page.tsx + machines/session.machine.ts: the session's last error outlives the page
  // it answered. A failed login (6002 → the password field) shows up on the register form's password field
  // after following 还没有账号？立即注册; nothing clears session.error when a form mounts or the route changes.
  it('a failed login does not leave its error on the register form', async () => {
    const effects = fakeEffects();
    effects.login.mockRejectedValueOnce(new BusinessError(6002, '手机号或密码错误'));
    const { router } = renderApp('/user/login', { effects });
    await screen.findByRole('heading', { level: 1, name: t.auth.loginTitle });
    const user = userEvent.setup({ delay: null });
    await user.type(phoneInput(), PHONE);
    await user.type(passwordInput(), PASSWORD);
    await user.click(inForm().getByRole('button', { name: t.auth.login }));
    await waitFor(() => expect(fieldError(passwordInput())).toBe('手机号或密码错误'));

    await user.click(screen.getByRole('link', { name: t.auth.toRegister }));
    await waitFor(() => expect(router.state.location.pathname).toBe(REGISTER));
    await screen.findByRole('heading', { level: 1, name: t.auth.registerTitle });
    // The clearing may land a tick after the heading (seen under load): wait for it; with the bug it never comes.
    await waitFor(() => expect(fieldError(passwordInput())).toBeNull());
  });

  // BUG src/features/auth/fields.tsx SmsCodeField: the countdown shows for any phone and any purpose, though
  // machines/sms-code.machine.ts keeps `sentTo` so that "the page shows the countdown only for the same phone
  // and purpose". A player who corrects a mistyped number must wait 60 s before a code goes to the right one.
  it('the countdown belongs to the phone the code went to', async () => {
    const { effects, user } = await renderRegister();
    await user.type(phoneInput(), PHONE);
    await user.click(sendCodeButton());
    await inForm().findByRole('button', { name: t.auth.resendIn(60) });

    await user.clear(phoneInput());
    await user.type(phoneInput(), '13912345670');
    await user.click(inForm().getByRole('button', { name: t.auth.sendCode }));
    expect(effects.sendSms).toHaveBeenLastCalledWith({
      countryCode: '86',
      phone: '13912345670',
      purpose: 'register',
    });
  });
});
