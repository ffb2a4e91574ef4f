import { useSelector } from '@xstate/react';
import { useId, type FormEvent } from 'react';
import { sameTarget } from '../../../machines/sms-code.machine.ts';
import { parseStoredPhone, type FundPasswordSmsSendRequest } from '../../protocol/member.ts';
import { t } from '../../i18n/zh-CN.ts';
import { useSystemActor } from '../../app/system.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { FundPasswordField, LoadFailed, RefusalAlert, clock } from './parts.tsx';
import { usePayoutChild } from './use-payout.ts';

const fp = t.payout.fund;

/**
 * The code for changing the fund password goes to the member's own phone with purpose 'fundPassword' (issue 10
 * §3). member/info answers the phone in its stored form '(86)13800138000' (spec §3); sms/send takes the digits.
 */
const fundPasswordTarget = (storedPhone: string): FundPasswordSmsSendRequest => {
  const { countryCode, number } = parseStoredPhone(storedPhone);
  return { countryCode, phone: number, purpose: 'fundPassword' };
};

/** The SMS code field with the shell's smsCode actor behind its button (60 s countdown, as on the auth pages). */
function SmsCodeInput({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const id = useId();
  const session = useSystemActor('session');
  const smsRef = useSystemActor('smsCode');
  const member = useSelector(session, (s) => s.context.member);
  const target = member ? fundPasswordTarget(member.phone) : null;
  const sms = useSelector(smsRef, (s) => ({
    value: String(s.value),
    remaining: s.context.remaining,
    sentTo: s.context.sentTo,
    error: s.context.error,
  }));
  const mine = sameTarget(sms.sentTo, target);
  const counting = mine && sms.value === 'counting';
  const sending = mine && sms.value === 'sending';
  const error = mine ? sms.error?.message : undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {fp.smsCode}
      </label>
      <div className="field__row">
        <input
          id={id}
          className="field__input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint`}
          onChange={(e) => onChange(e.target.value)}
        />
        <button
          type="button"
          className="btn btn--ghost field__action"
          disabled={!target || counting || sending}
          aria-live="polite"
          onClick={() => target && smsRef.send({ type: 'sms.send', request: target })}
        >
          {sending ? fp.sending : counting ? fp.resendIn(sms.remaining) : fp.sendCode}
        </button>
      </div>
      <p id={`${id}-hint`} className="field__hint">
        {fp.changeIntro}
      </p>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The fund password (issue 10 §3): set it (twice), change it with the SMS code, or the lock said plainly. */
export function FundPasswordPanel() {
  const fund = usePayoutChild('fundPassword');
  const state = useSelector(fund, (s) => (s ? String(s.value) : 'loading'));
  const ctx = useSelector(fund, (s) => s?.context);
  if (!fund || !ctx || state === 'loading' || state === 'deciding') return <LoadingScreen />;
  if (state === 'loadFailed') return <LoadFailed onRetry={() => fund.send({ type: 'fund.reload' })} />;
  if (state === 'locked')
    return (
      <section className="card payout-card" aria-labelledby="fund-locked">
        <p id="fund-locked" className="form-alert form-alert--error" role="alert">
          {fp.locked(clock(ctx.status?.lockedUntil ?? 0))}
        </p>
        <p className="field__hint">{fp.unlockByChange}</p>
        <button
          type="button"
          className="btn btn--small btn--ghost"
          onClick={() => fund.send({ type: 'fund.change' })}
        >
          {fp.change}
        </button>
      </section>
    );
  const problem = ctx.problem ? fp.problems[ctx.problem] : undefined;
  if (state === 'set')
    return (
      <section className="card payout-card" aria-labelledby="fund-set">
        <h2 id="fund-set" className="section__title">
          {fp.isSet}
        </h2>
        {ctx.saved && (
          <p className="form-alert form-alert--info" role="status">
            {fp.saved}
          </p>
        )}
        <button
          type="button"
          className="btn btn--small btn--ghost"
          onClick={() => fund.send({ type: 'fund.change' })}
        >
          {fp.change}
        </button>
      </section>
    );
  const changing = state === 'changing' || state === 'submittingChange';
  const busy = state === 'setting' || state === 'submittingChange';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    fund.send({ type: 'fund.submit' });
  };
  return (
    <form
      className="card payout-card auth__form"
      noValidate
      onSubmit={submit}
      aria-labelledby="fund-title"
      aria-busy={busy || undefined}
    >
      <h2 id="fund-title" className="section__title">
        {changing ? fp.changeTitle : fp.setTitle}
      </h2>
      {!changing && <p className="field__hint">{fp.setIntro}</p>}
      {changing && (
        <SmsCodeInput value={ctx.smsCode} onChange={(text) => fund.send({ type: 'fund.smsCode', text })} />
      )}
      <FundPasswordField
        label={changing ? fp.newPassword : fp.password}
        autoComplete="new-password"
        value={ctx.password}
        error={ctx.problem === 'format' ? problem : undefined}
        onChange={(text) => fund.send({ type: 'fund.password', text })}
      />
      <FundPasswordField
        label={fp.confirm}
        autoComplete="new-password"
        value={ctx.confirm}
        error={ctx.problem === 'mismatch' ? problem : undefined}
        onChange={(text) => fund.send({ type: 'fund.confirm', text })}
      />
      {ctx.problem === 'smsCode' && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
      <RefusalAlert refusal={ctx.refusal} />
      <div className="wallet-links">
        {changing && (
          <button type="button" className="btn btn--ghost" onClick={() => fund.send({ type: 'fund.cancel' })}>
            {fp.cancel}
          </button>
        )}
        <button type="submit" className="btn" disabled={busy} aria-busy={busy || undefined}>
          {busy ? fp.saving : fp.submit}
        </button>
      </div>
    </form>
  );
}
