import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useSystemActor } from '../../app/system.ts';
import { t } from '../../i18n/zh-CN.ts';
import { DEFAULT_COUNTRY_CODE } from '../../protocol/member.ts';
import { AuthCard, FormAlert } from './auth-card.tsx';
import { hasErrors } from './field-errors.ts';
import { PhoneField, TextField } from './fields.tsx';
import { LOGIN_PASSWORD_INPUT_MAX } from './input-rules.ts';
import { usePreInfo, useSession } from './use-session.ts';
import { useFieldErrors } from './use-field-errors.ts';
import { validateLogin } from './validation.ts';

export function LoginPage() {
  const sessionActor = useSystemActor('session');
  const session = useSession();
  const preInfo = usePreInfo();
  const { shown, setErrors, edit, formError } = useFieldErrors(session.error);
  const [countryCode, setCountry] = useState(DEFAULT_COUNTRY_CODE);
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(session.rememberLogin);
  const busy = session.state === 'loggingIn' || session.state === 'loadingMember';
  const stopped = preInfo?.stopLogin === true;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || stopped) return;
    const found = validateLogin({ countryCode, phone, password });
    setErrors(found);
    if (hasErrors(found)) return;
    sessionActor.send({ type: 'session.login', request: { countryCode, phone, password, remember } });
  };

  return (
    <AuthCard
      title={t.auth.loginTitle}
      subtitle={t.auth.loginSubtitle}
      footer={
        <>
          <Link to="/user/register">{t.auth.toRegister}</Link>
          <Link to="/user/password">{t.auth.forgot}</Link>
        </>
      }
    >
      <form className="auth__form" noValidate onSubmit={submit}>
        {stopped && <FormAlert message={t.auth.loginStopped} />}
        {session.notice === 'passwordReset' && <FormAlert tone="info" message={t.auth.resetDone} />}
        <PhoneField
          countryCode={countryCode}
          phone={phone}
          error={shown.phone}
          onCountry={setCountry}
          onPhone={(v) => {
            setPhone(v);
            edit('phone');
          }}
        />
        <TextField
          label={t.auth.password}
          type="password"
          autoComplete="current-password"
          maxLength={LOGIN_PASSWORD_INPUT_MAX}
          placeholder={t.auth.loginPasswordPlaceholder}
          value={password}
          error={shown.password}
          onChange={(e) => {
            setPassword(e.target.value);
            edit('password');
          }}
        />
        <label className="checkbox">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          <span>{t.auth.remember}</span>
          <span className="checkbox__hint">{t.auth.rememberHint}</span>
        </label>
        <FormAlert message={formError} />
        <button type="submit" className="btn btn--block" disabled={stopped} aria-busy={busy || undefined}>
          {busy ? t.auth.loggingIn : t.auth.login}
        </button>
      </form>
    </AuthCard>
  );
}
