// Client-side checks with the same rules the server applies (src/protocol/member.ts), in the player's words.
import { t } from '../../i18n/zh-CN.ts';
import {
  INVITE_CODE_PATTERN,
  isValidPhone,
  MEMBER_CODE,
  PASSWORD_PATTERN,
  SMS_CODE_PATTERN,
} from '../../protocol/member.ts';

export type Field = 'phone' | 'smsCode' | 'password' | 'confirmPassword' | 'inviteCode';
export type FieldErrors = Partial<Record<Field, string>>;

const e = t.auth.errors;

export function checkPhone(
  countryCode: string,
  phone: string,
  disablePhones: string[] = [],
): string | undefined {
  if (!phone) return e.phoneRequired;
  if (!isValidPhone(countryCode, phone)) return e.phoneFormat;
  if (disablePhones.some((p) => p && phone.startsWith(p))) return e.phoneDisabled;
  return undefined;
}

export function validateLogin(f: { countryCode: string; phone: string; password: string }): FieldErrors {
  const errors: FieldErrors = {};
  const phone = checkPhone(f.countryCode, f.phone);
  if (phone) errors.phone = phone;
  if (!f.password) errors.password = e.passwordRequired;
  return errors;
}

export function validateNewAccount(
  f: {
    countryCode: string;
    phone: string;
    smsCode: string;
    password: string;
    confirmPassword: string;
    inviteCode?: string;
  },
  disablePhones: string[] = [],
): FieldErrors {
  const errors: FieldErrors = {};
  const phone = checkPhone(f.countryCode, f.phone, disablePhones);
  if (phone) errors.phone = phone;
  if (!f.smsCode) errors.smsCode = e.smsRequired;
  else if (!SMS_CODE_PATTERN.test(f.smsCode)) errors.smsCode = e.smsFormat;
  if (!f.password) errors.password = e.passwordRequired;
  else if (!PASSWORD_PATTERN.test(f.password)) errors.password = e.passwordFormat;
  if (!f.confirmPassword) errors.confirmPassword = e.confirmRequired;
  else if (f.password !== f.confirmPassword) errors.confirmPassword = e.confirmMismatch;
  if (f.inviteCode && !INVITE_CODE_PATTERN.test(f.inviteCode)) errors.inviteCode = e.inviteFormat;
  return errors;
}

/** Which field a server code is about; the rest show above the button. */
export function fieldOfCode(code: number | string): Field | null {
  switch (Number(code)) {
    case MEMBER_CODE.phoneFormat:
    case MEMBER_CODE.phoneTaken:
    case MEMBER_CODE.phoneUnknown:
    case MEMBER_CODE.phoneDisabled:
    case MEMBER_CODE.smsTooSoon:
    case MEMBER_CODE.smsDailyLimit:
      return 'phone';
    case MEMBER_CODE.smsCodeWrong:
    case MEMBER_CODE.smsCodeExpired:
      return 'smsCode';
    case MEMBER_CODE.passwordFormat:
    case MEMBER_CODE.wrongCredentials:
      return 'password';
    case MEMBER_CODE.passwordMismatch:
      return 'confirmPassword';
    case MEMBER_CODE.inviteCodeInvalid:
      return 'inviteCode';
    default:
      return null;
  }
}

/**
 * Why no SMS code can be asked for now (shown on the phone field), or undefined. Registering may be stopped
 * (pre-info stopRegister); the phone must pass its own check first.
 */
export function sendCodeProblem(o: {
  countryCode: string;
  phone: string;
  disablePhones?: string[];
  registerStopped?: boolean;
}): string | undefined {
  if (o.registerStopped) return t.auth.registerStopped;
  return checkPhone(o.countryCode, o.phone, o.disablePhones);
}
