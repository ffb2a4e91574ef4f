import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useSystemActor } from '../../app/system.ts';
import { t } from '../../i18n/zh-CN.ts';
import { DEFAULT_COUNTRY_CODE } from '../../protocol/member.ts';
import { AuthCard, FormAlert } from './auth-card.tsx';
import { NewPasswordFields, PhoneWithCodeFields } from './fields.tsx';
import { hasErrors } from './field-errors.ts';
import { useFieldErrors } from './use-field-errors.ts';
import { useSession } from './use-session.ts';
import { sendCodeProblem, validateNewAccount } from './validation.ts';

export function PasswordPage() {
  const sessionActor = useSystemActor('session');
  const session = useSession();
  const { shown, setErrors, setFieldError, edit, formError } = useFieldErrors(session.error);
  const [countryCode, setCountry] = useState(DEFAULT_COUNTRY_CODE);
  const [phone, setPhone] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const busy = session.state === 'resettingPassword';
  const done = session.notice === 'passwordReset';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found = validateNewAccount({ countryCode, phone, smsCode, password, confirmPassword });
    setErrors(found);
    if (hasErrors(found)) return;
    sessionActor.send({
      type: 'session.resetPassword',
      request: { countryCode, phone, smsCode, password, confirmPassword },
    });
  };

  return (
    <AuthCard
      title={t.auth.resetTitle}
      subtitle={t.auth.resetSubtitle}
      footer={<Link to="/user/login">{t.auth.toLogin}</Link>}
    >
      {done ? (
        <div className="auth__form">
          <FormAlert tone="info" message={t.auth.resetDone} />
          <Link className="btn btn--block" to="/user/login">
            {t.auth.login}
          </Link>
        </div>
      ) : (
        <form className="auth__form" noValidate onSubmit={submit}>
          <PhoneWithCodeFields
            purpose="reset"
            countryCode={countryCode}
            phone={phone}
            smsCode={smsCode}
            errors={shown}
            onCountry={setCountry}
            onPhone={(v) => {
              setPhone(v);
              edit('phone');
            }}
            onSmsCode={(v) => {
              setSmsCode(v);
              edit('smsCode');
            }}
            phoneProblem={() => sendCodeProblem({ countryCode, phone })}
            onPhoneProblem={(message) => setFieldError('phone', message)}
          />
          <NewPasswordFields
            label={t.auth.newPassword}
            password={password}
            confirm={confirmPassword}
            errors={shown}
            onPassword={(v) => {
              setPassword(v);
              edit('password');
            }}
            onConfirm={(v) => {
              setConfirm(v);
              edit('confirmPassword');
            }}
          />
          <FormAlert message={formError} />
          <button type="submit" className="btn btn--block" aria-busy={busy || undefined}>
            {busy ? t.auth.resetting : t.auth.resetSubmit}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
