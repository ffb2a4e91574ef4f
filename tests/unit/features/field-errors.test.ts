// Where an auth form shows an error (issue 4): its own checks per field, the server's answer on the field it
// is about (codes from docs/api.md "Account codes", spec §8 login-related codes), or above the button.
import { describe, expect, it } from 'vitest';
import {
  afterEdit,
  hasErrors,
  shownErrors,
  smsFieldState,
  withFieldError,
} from '../../../src/features/auth/field-errors.ts';
import { t } from '../../../src/i18n/zh-CN.ts';

const REGISTER = { countryCode: '86', phone: '13800138000', purpose: 'register' } as const;
const RESET = { countryCode: '86', phone: '13800138000', purpose: 'reset' } as const;
const OTHER_PHONE = { countryCode: '86', phone: '13900139000', purpose: 'register' } as const;

describe('shownErrors: the server answer goes on its field', () => {
  it.each([
    // docs/api.md: 6021 phone taken, 6029 phone format, 6026 disabled prefix, 6035 too soon → the phone
    [6021, 'phone'],
    [6029, 'phone'],
    [6026, 'phone'],
    [6035, 'phone'],
    ['6022', 'phone'],
    // 10409 wrong code, 6038 expired code → the code
    [10409, 'smsCode'],
    [6038, 'smsCode'],
    // 6002 wrong credentials, 6028 password format → the password; 6027 mismatch → the confirmation
    [6002, 'password'],
    [6028, 'password'],
    [6027, 'confirmPassword'],
    // 22007 the invite code names no member
    [22007, 'inviteCode'],
  ])('code %s shows on %s, over the form’s own error there, next to the others', (code, field) => {
    const own = { phone: 'own phone', password: 'own password' };
    const { shown, formError } = shownErrors(own, { code, message: '服务端' });
    expect(shown).toEqual({ ...own, [field]: '服务端' });
    expect(formError).toBeNull();
  });

  it.each([6008, 6024, 6039, 6501, 10001, 'unknown'])(
    'code %s is about no field: above the button, the fields keep their own',
    (code) => {
      const own = { phone: 'own phone' };
      expect(shownErrors(own, { code, message: '账户已锁定' })).toEqual({
        shown: { phone: 'own phone' },
        formError: '账户已锁定',
      });
    },
  );

  it('no server answer: the own errors as they are, nothing above the button', () => {
    expect(shownErrors({ smsCode: 'x' }, null)).toEqual({ shown: { smsCode: 'x' }, formError: null });
    expect(shownErrors({}, null)).toEqual({ shown: {}, formError: null });
  });
});

describe('afterEdit: editing a field clears its error and the server’s', () => {
  it('clears only the edited field', () => {
    const own = { phone: 'p', password: 'w' };
    const { errors, dismissServer } = afterEdit(own, 'phone', null);
    expect(errors.phone).toBeUndefined();
    expect(errors.password).toBe('w');
    expect(dismissServer).toBe(false);
    expect(own).toEqual({ phone: 'p', password: 'w' });
  });

  it('leaves the errors as they are (the same object) when the field had none', () => {
    const own = { password: 'w' };
    expect(afterEdit(own, 'phone', null).errors).toBe(own);
  });

  it('dismisses a server answer whatever field is edited', () => {
    expect(afterEdit({}, 'inviteCode', { code: 6021, message: 'x' }).dismissServer).toBe(true);
    expect(afterEdit({}, 'smsCode', { code: 6008, message: 'x' }).dismissServer).toBe(true);
  });
});

describe('small rules', () => {
  it('withFieldError sets one field and keeps the rest', () => {
    expect(withFieldError({ password: 'w' }, 'phone', 'no code')).toEqual({
      password: 'w',
      phone: 'no code',
    });
  });

  it('hasErrors: a form is sent only when its check found nothing', () => {
    expect(hasErrors({})).toBe(false);
    expect(hasErrors({ phone: 'x' })).toBe(true);
  });
});

describe('smsFieldState: the countdown and the send error belong to the phone and purpose the code went to', () => {
  const sms = (value: string, over: object = {}) => ({
    value,
    remaining: 42,
    error: null,
    sentTo: REGISTER,
    ...over,
  });

  it('counts down for its own phone and purpose (issue 4 §1)', () => {
    expect(smsFieldState({ sms: sms('counting'), target: REGISTER, fieldError: undefined })).toEqual({
      counting: true,
      sending: false,
      error: undefined,
      label: t.auth.resendIn(42),
    });
  });

  it('another purpose or another phone does not count down and may send', () => {
    for (const target of [RESET, OTHER_PHONE])
      expect(smsFieldState({ sms: sms('counting'), target, fieldError: undefined })).toEqual({
        counting: false,
        sending: false,
        error: undefined,
        label: t.auth.sendCode,
      });
  });

  it('sending shows the sending label', () => {
    expect(smsFieldState({ sms: sms('sending'), target: REGISTER, fieldError: undefined })).toMatchObject({
      sending: true,
      label: t.auth.sendingCode,
    });
  });

  it('the send error shows on its own target only, and the field’s own error wins', () => {
    const failed = sms('idle', { error: { code: 6035, message: '请求过于频繁' } });
    expect(smsFieldState({ sms: failed, target: REGISTER, fieldError: undefined }).error).toBe(
      '请求过于频繁',
    );
    expect(smsFieldState({ sms: failed, target: RESET, fieldError: undefined }).error).toBeUndefined();
    expect(smsFieldState({ sms: failed, target: REGISTER, fieldError: '请输入验证码' }).error).toBe(
      '请输入验证码',
    );
  });

  it('before the SMS actor exists: nothing counts, the button offers a code', () => {
    expect(smsFieldState({ sms: undefined, target: REGISTER, fieldError: undefined })).toEqual({
      counting: false,
      sending: false,
      error: undefined,
      label: t.auth.sendCode,
    });
  });
});
