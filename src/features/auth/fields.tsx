import { useSelector } from '@xstate/react';
import { useId, type InputHTMLAttributes } from 'react';
import { useSystemActor } from '../../app/system.ts';
import { t } from '../../i18n/zh-CN.ts';
import {
  COUNTRIES,
  countryOf,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SMS_CODE_LENGTH,
  type SmsSendRequest,
} from '../../protocol/member.ts';
import { smsFieldState } from './field-errors.ts';
import {
  keepPhone,
  keepSmsCode,
  NEW_PASSWORD_INPUT_MAX,
  PHONE_INPUT_MAX,
  phoneLengthOf,
  SMS_CODE_INPUT_MAX,
} from './input-rules.ts';

/** The phone field's placeholder: how many digits the chosen country's number has (issue 19 §1 finding 2). */
function phonePlaceholder(countryCode: string): string | undefined {
  const country = countryOf(countryCode);
  if (!country) return undefined;
  const { min, max } = phoneLengthOf(country.pattern);
  return t.auth.phonePlaceholder(min, max);
}

/** A labelled input: the visible label is its accessible name; the error sits next to it and is announced. */
export function TextField(
  props: { label: string; error?: string | undefined; hint?: string } & InputHTMLAttributes<HTMLInputElement>,
) {
  const { label, error, hint, ...input } = props;
  const id = useId();
  const describedBy =
    [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint && !error && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The phone number with its country code picker (default China, 86). */
export function PhoneField(props: {
  countryCode: string;
  phone: string;
  error?: string | undefined;
  onCountry: (code: string) => void;
  onPhone: (phone: string) => void;
}) {
  const id = useId();
  return (
    <div className={`field${props.error ? ' field--invalid' : ''}`}>
      <label htmlFor={`${id}-phone`} className="field__label">
        {t.auth.phone}
      </label>
      <div className="field__row">
        <select
          aria-label={t.auth.country}
          className="field__select"
          value={props.countryCode}
          onChange={(e) => props.onCountry(e.target.value)}
        >
          {COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {t.auth.countryOption(c.name, c.code)}
            </option>
          ))}
        </select>
        <input
          id={`${id}-phone`}
          className="field__input"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={PHONE_INPUT_MAX}
          placeholder={phonePlaceholder(props.countryCode)}
          value={props.phone}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? `${id}-error` : undefined}
          onChange={(e) => props.onPhone(keepPhone(e.target.value))}
        />
      </div>
      {props.error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}

/** The SMS code with its send button; the countdown lives in the smsCode machine (60 s, one tick a second). */
export function SmsCodeField(props: {
  value: string;
  error?: string | undefined;
  onChange: (v: string) => void;
  /** What this form would send a code to now (the countdown shows only for that phone and purpose). */
  target: SmsSendRequest;
  /** Why no code can be sent to the phone now (shown on the phone field), or undefined. */
  phoneProblem: () => string | undefined;
  onPhoneProblem: (message: string) => void;
}) {
  const id = useId();
  const smsRef = useSystemActor('smsCode');
  const sms = useSelector(
    smsRef,
    (s) =>
      s && {
        value: s.value,
        remaining: s.context.remaining,
        error: s.context.error,
        sentTo: s.context.sentTo,
      },
  );
  const { counting, sending, error, label } = smsFieldState({
    sms,
    target: props.target,
    fieldError: props.error,
  });
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {t.auth.smsCode}
      </label>
      <div className="field__row">
        <input
          id={id}
          className="field__input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={SMS_CODE_INPUT_MAX}
          placeholder={t.auth.smsPlaceholder(SMS_CODE_LENGTH)}
          value={props.value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : counting ? `${id}-sent` : undefined}
          onChange={(e) => props.onChange(keepSmsCode(e.target.value))}
        />
        <button
          type="button"
          className="btn btn--ghost field__action"
          disabled={counting || sending}
          aria-live="polite"
          onClick={() => {
            const problem = props.phoneProblem();
            if (problem) props.onPhoneProblem(problem);
            else smsRef.send({ type: 'sms.send', request: props.target });
          }}
        >
          {label}
        </button>
      </div>
      {counting && !error && (
        <p id={`${id}-sent`} className="field__hint">
          {t.auth.codeSent}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The new password and its confirmation (register, reset). */
export function NewPasswordFields(props: {
  label: string;
  password: string;
  confirm: string;
  errors: { password?: string | undefined; confirmPassword?: string | undefined };
  onPassword: (v: string) => void;
  onConfirm: (v: string) => void;
}) {
  return (
    <>
      <TextField
        label={props.label}
        type="password"
        autoComplete="new-password"
        maxLength={NEW_PASSWORD_INPUT_MAX}
        hint={t.auth.passwordRule}
        placeholder={t.auth.newPasswordPlaceholder(PASSWORD_MIN, PASSWORD_MAX)}
        value={props.password}
        error={props.errors.password}
        onChange={(e) => props.onPassword(e.target.value)}
      />
      <TextField
        label={t.auth.confirmPassword}
        type="password"
        autoComplete="new-password"
        maxLength={NEW_PASSWORD_INPUT_MAX}
        placeholder={t.auth.confirmPasswordPlaceholder}
        value={props.confirm}
        error={props.errors.confirmPassword}
        onChange={(e) => props.onConfirm(e.target.value)}
      />
    </>
  );
}

/** The phone number and the SMS code that proves it (register, reset): one block, one purpose. */
export function PhoneWithCodeFields(props: {
  purpose: SmsSendRequest['purpose'];
  countryCode: string;
  phone: string;
  smsCode: string;
  errors: { phone?: string | undefined; smsCode?: string | undefined };
  onCountry: (code: string) => void;
  onPhone: (phone: string) => void;
  onSmsCode: (code: string) => void;
  phoneProblem: () => string | undefined;
  onPhoneProblem: (message: string) => void;
}) {
  return (
    <>
      <PhoneField
        countryCode={props.countryCode}
        phone={props.phone}
        error={props.errors.phone}
        onCountry={props.onCountry}
        onPhone={props.onPhone}
      />
      <SmsCodeField
        target={{ countryCode: props.countryCode, phone: props.phone, purpose: props.purpose }}
        value={props.smsCode}
        error={props.errors.smsCode}
        onChange={props.onSmsCode}
        phoneProblem={props.phoneProblem}
        onPhoneProblem={props.onPhoneProblem}
      />
    </>
  );
}
