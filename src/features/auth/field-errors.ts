// Which error an auth form shows where (issue 4): its own checks per field, the server's answer placed on the
// field it is about (or above the button when it is about none), and the SMS button's own error. Pure.
import type { SessionError } from '../../../machines/session.machine.ts';
import { sameTarget, type SmsCodeError } from '../../../machines/sms-code.machine.ts';
import { t } from '../../i18n/zh-CN.ts';
import type { SmsSendRequest } from '../../protocol/member.ts';
import { fieldOfCode, type Field, type FieldErrors } from './validation.ts';

export interface ShownErrors {
  /** Per field: the form's own error, replaced by the server's when the server's is about that field. */
  shown: FieldErrors;
  /** The server's answer when it is about no field (shown above the button), else null. */
  formError: string | null;
}

export function shownErrors(own: FieldErrors, server: SessionError | null): ShownErrors {
  const serverField = server ? fieldOfCode(server.code) : null;
  return {
    shown: { ...own, ...(serverField && server ? { [serverField]: server.message } : {}) },
    formError: server && !serverField ? server.message : null,
  };
}

export interface EditOutcome {
  /** The form's own errors after the edit (the same object when the field had none). */
  errors: FieldErrors;
  /** Whether the server's answer is dismissed (editing any field clears it). */
  dismissServer: boolean;
}

/** Editing a field clears its own error and the server's answer. */
export function afterEdit(own: FieldErrors, field: Field, server: SessionError | null): EditOutcome {
  return {
    errors: own[field] ? { ...own, [field]: undefined } : own,
    dismissServer: server !== null,
  };
}

/** The form's errors with one field's error set (e.g. why no code can be sent to the phone). */
export function withFieldError(own: FieldErrors, field: Field, message: string): FieldErrors {
  return { ...own, [field]: message };
}

/** Whether a check found anything (then the form is not sent). */
export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** What the SMS code field shows, from the smsCode actor's state and what this form would send to. */
export interface SmsFieldState {
  counting: boolean;
  sending: boolean;
  /** The field's own error wins; else the send error, if the last send was for this phone and purpose. */
  error: string | undefined;
  /** The send button's label. */
  label: string;
}

export function smsFieldState(o: {
  sms:
    | { value: unknown; remaining: number; error: SmsCodeError | null; sentTo: SmsSendRequest | null }
    | undefined;
  target: SmsSendRequest;
  fieldError: string | undefined;
}): SmsFieldState {
  const { sms } = o;
  // The countdown and the send error belong to the phone and purpose the code was sent to.
  const mine = sameTarget(sms?.sentTo ?? null, o.target);
  const counting = mine && sms?.value === 'counting';
  const sending = mine && sms?.value === 'sending';
  const sendError = mine ? sms?.error?.message : undefined;
  return {
    counting,
    sending,
    error: o.fieldError ?? sendError,
    label: sending ? t.auth.sendingCode : counting ? t.auth.resendIn(sms?.remaining ?? 0) : t.auth.sendCode,
  };
}
