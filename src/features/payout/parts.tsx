import { useId, type ReactNode } from 'react';
import type { PayoutRefusal } from '../../../machines/payout/common.ts';
import { formatFen } from '../../protocol/money.ts';
import { t } from '../../i18n/zh-CN.ts';

const p = t.payout;

/** An amount as the site writes it (spec §9: two decimals, thousands separators), e.g. ¥1,234.50. */
export const yuan = (fen: number) => p.yuan(formatFen(fen));

/** A time as the player reads it (zh-CN, 24 h). */
export const clock = (ms: number | string) => new Date(ms).toLocaleString('zh-CN', { hour12: false });

/**
 * What a refusal says to the player: the server's message (it already names the tries left of 30042 and the
 * time of 30043's lock); when it came without one, the tries left or the lock time from the data it carries.
 */
export function refusalText(r: PayoutRefusal): string {
  if (r.code === 'noAnswer') return p.noAnswer;
  if (r.message) return r.message;
  if (r.code === 30042 && r.triesLeft !== null) return p.triesLeft(r.triesLeft);
  if (r.code === 30043 && r.lockedUntil !== null) return p.lockedUntil(clock(r.lockedUntil));
  return p.noAnswer;
}

export function RefusalAlert({ refusal }: { refusal: PayoutRefusal | null }) {
  return (
    <div aria-live="polite">
      {refusal && (
        <p className="form-alert form-alert--error" role="alert">
          {refusalText(refusal)}
        </p>
      )}
    </div>
  );
}

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="page-header payout-header">
      <h1>{title}</h1>
      {children}
    </header>
  );
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <p className="form-alert form-alert--error" role="alert">
      {p.loadFailed}{' '}
      <button type="button" className="btn btn--small" onClick={onRetry}>
        {p.retry}
      </button>
    </p>
  );
}

/** A labelled text input with its hint and error (the error is announced). */
export function Field(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  placeholder?: string | undefined;
  type?: 'text' | 'password';
  inputMode?: 'numeric' | 'text' | 'decimal' | 'email';
  autoComplete?: string;
  maxLength?: number;
  disabled?: boolean;
}) {
  const id = useId();
  const describedBy = [props.hint ? `${id}-hint` : '', props.error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`field${props.error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {props.label}
      </label>
      <input
        id={id}
        className="field__input"
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        autoComplete={props.autoComplete ?? 'off'}
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        value={props.value}
        disabled={props.disabled}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.hint && (
        <p id={`${id}-hint`} className="field__hint">
          {props.hint}
        </p>
      )}
      {props.error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}

/** The 6-digit fund password field (issue 10 §3). */
export function FundPasswordField(props: {
  label?: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
  autoComplete?: string;
}) {
  return (
    <Field
      label={props.label ?? t.payout.form.fundPassword}
      type="password"
      inputMode="numeric"
      autoComplete={props.autoComplete ?? 'off'}
      maxLength={6}
      hint={t.payout.form.fundPasswordHint}
      value={props.value}
      error={props.error}
      onChange={props.onChange}
    />
  );
}

/** The title of a spec §2 page. */
export const pageTitle = (path: string): string => (t.pages as Record<string, string>)[path] ?? '';
