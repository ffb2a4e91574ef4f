import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useSystemActor } from '../../app/system.ts';
import { t } from '../../i18n/zh-CN.ts';
import { DEFAULT_COUNTRY_CODE } from '../../protocol/member.ts';
import { AuthCard, FormAlert } from './auth-card.tsx';
import { NewPasswordFields, PhoneWithCodeFields, TextField } from './fields.tsx';
import { hasErrors } from './field-errors.ts';
import { INVITE_CODE_INPUT_MAX, keepInviteCode, prefilledInviteCode } from './input-rules.ts';
import { useFieldErrors } from './use-field-errors.ts';
import { usePreInfo, useSession } from './use-session.ts';
import { sendCodeProblem, validateNewAccount } from './validation.ts';

export function RegisterPage() {
  const sessionActor = useSystemActor('session');
  const session = useSession();
  const preInfo = usePreInfo();
  const { shown, setErrors, setFieldError, edit, formError } = useFieldErrors(session.error);
  const [countryCode, setCountry] = useState(DEFAULT_COUNTRY_CODE);
  const [phone, setPhone] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const [inviteCode, setInviteCode] = useState(() => prefilledInviteCode(session.inviteCodes));
  const busy = session.state === 'registering' || session.state === 'loadingMember';
  const stopped = preInfo?.stopRegister === true;
  const disablePhones = preInfo?.disablePhones ?? [];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || stopped) return;
    const found = validateNewAccount(
      { countryCode, phone, smsCode, password, confirmPassword, inviteCode },
      disablePhones,
    );
    setErrors(found);
    if (hasErrors(found)) return;
    sessionActor.send({
      type: 'session.register',
      request: {
        countryCode,
        phone,
        smsCode,
        password,
        confirmPassword,
        inviteCode,
        referral: session.inviteCodes,
      },
    });
  };

  return (
    <AuthCard
      title={t.auth.registerTitle}
      subtitle={t.auth.registerSubtitle}
      footer={<Link to="/user/login">{t.auth.toLogin}</Link>}
    >
      <form className="auth__form" noValidate onSubmit={submit}>
        {stopped && <FormAlert message={t.auth.registerStopped} />}
        <PhoneWithCodeFields
          purpose="register"
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
          phoneProblem={() =>
            sendCodeProblem({ countryCode, phone, disablePhones, registerStopped: stopped })
          }
          onPhoneProblem={(message) => setFieldError('phone', message)}
        />
        <NewPasswordFields
          label={t.auth.password}
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
        <TextField
          label={t.auth.inviteCode}
          placeholder={t.auth.inviteCodeOptional}
          autoComplete="off"
          maxLength={INVITE_CODE_INPUT_MAX}
          value={inviteCode}
          error={shown.inviteCode}
          onChange={(e) => {
            setInviteCode(keepInviteCode(e.target.value));
            edit('inviteCode');
          }}
        />
        <FormAlert message={formError} />
        <button type="submit" className="btn btn--block" disabled={stopped} aria-busy={busy || undefined}>
          {busy ? t.auth.registering : t.auth.register}
        </button>
      </form>
    </AuthCard>
  );
}
