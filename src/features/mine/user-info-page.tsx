import { useSelector } from '@xstate/react';
import { useId, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { DraftName, ProfileField } from '../../../machines/mine/field-form.machine.ts';
import { t } from '../../i18n/zh-CN.ts';
import { mineText } from '../../i18n/zh-CN-mine.ts';
import { AVATARS, avatarUrl, NICKNAME_MAX, type Profile } from '../../protocol/profile.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { clock, LoadFailed, RefusalAlert, useMine, useMineChild } from './parts.tsx';

const i = mineText.info;
const l = mineText.logins;

/** A labelled input with its hint and error (the error is announced). */
function Field(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  type?: 'text' | 'password' | 'date';
  autoComplete?: string;
  maxLength?: number;
  disabled?: boolean;
  autoFocus?: boolean;
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
        autoComplete={props.autoComplete ?? 'off'}
        maxLength={props.maxLength}
        value={props.value}
        disabled={props.disabled}
        // The field opens because the player asked to edit it: the cursor goes there.
        autoFocus={props.autoFocus}
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

/** A field's form state and its sender, from its child of the mine actor. */
function useField(field: ProfileField) {
  const ref = useMineChild(field);
  const state = useSelector(ref, (s) => (s ? String(s.value) : 'idle'));
  const ctx = useSelector(ref, (s) => s?.context);
  const send = (e: Parameters<NonNullable<typeof ref>['send']>[0]) => ref?.send(e);
  const input = (name: DraftName) => (text: string) => send({ type: 'field.input', name, text });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'field.save' });
  };
  const open = state === 'editing' || state === 'saving' || state === 'refused';
  return { ref, state, ctx, send, input, submit, open, busy: state === 'saving' };
}

function Actions({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  return (
    <div className="mine-form__actions">
      <button type="button" className="btn btn--ghost btn--small" onClick={onCancel} disabled={busy}>
        {i.cancel}
      </button>
      <button type="submit" className="btn btn--small" disabled={busy} aria-busy={busy || undefined}>
        {busy ? i.saving : i.save}
      </button>
    </div>
  );
}

function Saved({ show }: { show: boolean }) {
  return (
    <span className="mine-saved" role="status">
      {show ? i.saved : ''}
    </span>
  );
}

function NicknameRow({ profile }: { profile: Profile }) {
  const f = useField('nickname');
  const problem = f.ctx?.problem;
  return (
    <div className="mine-row">
      <div className="mine-row__head">
        <span className="mine-row__label" id="mine-nickname-label">
          {i.nickname}
        </span>
        {!f.open && (
          <>
            <span className="mine-row__value">{profile.nickname ?? i.nicknameUnset}</span>
            <Saved show={f.state === 'saved'} />
            <button
              type="button"
              className="btn btn--small btn--ghost"
              aria-label={`${profile.nickname ? i.edit : i.set} ${i.nickname}`}
              onClick={() => f.send({ type: 'field.edit' })}
            >
              {profile.nickname ? i.edit : i.set}
            </button>
          </>
        )}
      </div>
      {f.open && f.ctx && (
        <form className="mine-form" noValidate onSubmit={f.submit} aria-labelledby="mine-nickname-label">
          <Field
            label={i.nickname}
            value={f.ctx.draft.value}
            onChange={f.input('value')}
            hint={i.nicknameHint}
            maxLength={NICKNAME_MAX * 2}
            disabled={f.busy}
            autoFocus
            error={problem ? i.problems[problem] : undefined}
          />
          <RefusalAlert refusal={f.ctx.refusal} />
          <Actions busy={f.busy} onCancel={() => f.send({ type: 'field.cancel' })} />
        </form>
      )}
    </div>
  );
}

function AvatarRow({ profile }: { profile: Profile }) {
  const f = useField('avatar');
  const chosen = f.ctx?.draft.value ?? profile.avatar;
  return (
    <div className="mine-row">
      <div className="mine-row__head">
        <span className="mine-row__label" id="mine-avatar-label">
          {i.avatar}
        </span>
        {!f.open && (
          <>
            <img className="mine-avatar mine-avatar--small" src={avatarUrl(profile.avatar)} alt={i.avatar} />
            <Saved show={f.state === 'saved'} />
            <button
              type="button"
              className="btn btn--small btn--ghost"
              aria-label={`${i.edit} ${i.avatar}`}
              onClick={() => f.send({ type: 'field.edit' })}
            >
              {i.edit}
            </button>
          </>
        )}
      </div>
      {f.open && f.ctx && (
        <form className="mine-form" noValidate onSubmit={f.submit}>
          <fieldset className="mine-avatars" disabled={f.busy}>
            <legend>{i.avatarChoose}</legend>
            {AVATARS.map((a, n) => (
              <label key={a} className={`mine-avatar-choice${chosen === a ? ' mine-avatar-choice--on' : ''}`}>
                <input
                  type="radio"
                  name="mine-avatar"
                  value={a}
                  checked={chosen === a}
                  onChange={() => f.send({ type: 'field.input', name: 'value', text: a })}
                />
                <img src={avatarUrl(a)} alt={i.avatarOption(n + 1)} width={48} height={48} />
              </label>
            ))}
          </fieldset>
          {f.ctx.problem && (
            <p className="field__error" role="alert">
              {i.problems[f.ctx.problem]}
            </p>
          )}
          <RefusalAlert refusal={f.ctx.refusal} />
          <Actions busy={f.busy} onCancel={() => f.send({ type: 'field.cancel' })} />
        </form>
      )}
    </div>
  );
}

function BirthdayRow({ profile }: { profile: Profile }) {
  const f = useField('birthday');
  const locked = f.state === 'locked';
  return (
    <div className="mine-row">
      <div className="mine-row__head">
        <span className="mine-row__label" id="mine-birthday-label">
          {i.birthday}
        </span>
        {!f.open && (
          <>
            <span className="mine-row__value">{profile.birthday ?? i.birthdayUnset}</span>
            {locked ? (
              <span className="field__hint">{i.birthdayLocked}</span>
            ) : (
              <button
                type="button"
                className="btn btn--small btn--ghost"
                aria-label={`${i.set} ${i.birthday}`}
                onClick={() => f.send({ type: 'field.edit' })}
              >
                {i.set}
              </button>
            )}
          </>
        )}
      </div>
      {f.open && f.ctx && (
        <form className="mine-form" noValidate onSubmit={f.submit}>
          <Field
            label={i.birthday}
            type="date"
            value={f.ctx.draft.value}
            onChange={f.input('value')}
            hint={i.birthdayHint}
            disabled={f.busy}
            autoFocus
            error={f.ctx.problem ? i.problems[f.ctx.problem] : undefined}
          />
          <RefusalAlert refusal={f.ctx.refusal} />
          <Actions busy={f.busy} onCancel={() => f.send({ type: 'field.cancel' })} />
        </form>
      )}
    </div>
  );
}

function PasswordRow() {
  const f = useField('password');
  const d = f.ctx?.draft;
  const p = f.ctx?.problem;
  return (
    <div className="mine-row">
      <div className="mine-row__head">
        <span className="mine-row__label" id="mine-password-label">
          {i.loginPassword}
        </span>
        {!f.open && (
          <>
            <span className="mine-row__value">••••••</span>
            <button
              type="button"
              className="btn btn--small btn--ghost"
              aria-label={`${i.loginPasswordChange} ${i.loginPassword}`}
              onClick={() => f.send({ type: 'field.edit' })}
            >
              {i.loginPasswordChange}
            </button>
          </>
        )}
      </div>
      {f.open && d && (
        <form className="mine-form" noValidate onSubmit={f.submit}>
          <p className="field__hint">{i.passwordNote}</p>
          <Field
            label={i.oldPassword}
            type="password"
            autoComplete="current-password"
            value={d.oldPassword}
            onChange={f.input('oldPassword')}
            disabled={f.busy}
            autoFocus
            error={p === 'oldRequired' ? i.problems[p] : undefined}
          />
          <Field
            label={i.newPassword}
            type="password"
            autoComplete="new-password"
            value={d.password}
            onChange={f.input('password')}
            hint={i.passwordHint}
            disabled={f.busy}
            error={p === 'passwordFormat' || p === 'same' ? i.problems[p] : undefined}
          />
          <Field
            label={i.confirmPassword}
            type="password"
            autoComplete="new-password"
            value={d.confirmPassword}
            onChange={f.input('confirmPassword')}
            disabled={f.busy}
            error={p === 'mismatch' ? i.problems[p] : undefined}
          />
          <RefusalAlert refusal={f.ctx?.refusal ?? null} />
          <Actions busy={f.busy} onCancel={() => f.send({ type: 'field.cancel' })} />
        </form>
      )}
    </div>
  );
}

function Logins() {
  const ref = useMineChild('logins');
  const state = useSelector(ref, (s) => (s ? String(s.value) : 'loading'));
  const ctx = useSelector(ref, (s) => s?.context);
  const others = ctx?.list?.items.some((x) => x.live && !x.current) ?? false;
  const busy = state === 'loggingOut' || state === 'confirming';
  return (
    <section className="card mine-card" aria-labelledby="mine-logins-title">
      <h2 id="mine-logins-title" className="section__title">
        {l.heading}
      </h2>
      <p className="field__hint">{l.intro}</p>
      {state === 'failed' && (
        <LoadFailed text={l.loadFailed} onRetry={() => ref?.send({ type: 'logins.retry' })} />
      )}
      {state === 'loading' && <LoadingScreen />}
      {ctx?.list && state !== 'loading' && (
        <>
          {ctx.list.items.length === 0 ? (
            <p className="field__hint">{l.none}</p>
          ) : (
            <ul className="mine-logins">
              {ctx.list.items.map((x) => (
                <li key={x.id} className="mine-login">
                  <span className="mine-login__device">{x.device}</span>
                  <span className="mine-login__status">
                    {x.current ? l.current : x.live ? l.live : l.ended}
                  </span>
                  <span className="field__hint">
                    {clock(x.at)} · {l.ip} {x.ip}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <RefusalAlert refusal={ctx.refusal} />
          {state === 'done' ? (
            <p className="form-alert form-alert--info" role="status">
              {l.done}
            </p>
          ) : (
            <button
              type="button"
              className="btn btn--small"
              disabled={busy}
              aria-busy={state === 'loggingOut' || undefined}
              data-others={others ? 'yes' : 'no'}
              onClick={() => ref?.send({ type: 'logins.logoutOthers' })}
            >
              {state === 'loggingOut' ? l.loggingOut : l.logoutOthers}
            </button>
          )}
        </>
      )}
    </section>
  );
}

function ProfileView({ profile }: { profile: Profile }) {
  return (
    <>
      <section className="card mine-card" aria-labelledby="mine-account-title">
        <h2 id="mine-account-title" className="section__title">
          {i.account}
        </h2>
        <AvatarRow profile={profile} />
        <NicknameRow profile={profile} />
        <BirthdayRow profile={profile} />
        <div className="mine-row">
          <div className="mine-row__head">
            <span className="mine-row__label">{i.phone}</span>
            <span className="mine-row__value">{profile.phoneMasked}</span>
          </div>
        </div>
      </section>
      <section className="card mine-card" aria-labelledby="mine-security-title">
        <h2 id="mine-security-title" className="section__title">
          {i.security}
        </h2>
        <div className="mine-row">
          <div className="mine-row__head">
            <span className="mine-row__label" id="mine-realname-label">
              {i.realName}
            </span>
            <span className="mine-row__value">
              {profile.realName.verified ? i.realNameDone(profile.realName.name ?? '') : i.realNameTodo}
            </span>
            <Link
              className="btn btn--small btn--ghost"
              to="/mine/userInfo/authentication"
              aria-label={`${profile.realName.verified ? i.realNameView : i.realNameGo} ${i.realName}`}
            >
              {profile.realName.verified ? i.realNameView : i.realNameGo}
            </Link>
          </div>
        </div>
        <PasswordRow />
        <div className="mine-row">
          <div className="mine-row__head">
            <span className="mine-row__label" id="mine-fund-label">
              {i.fundPassword}
            </span>
            <span className="mine-row__value">
              {profile.fundPasswordSet ? i.fundPasswordSet : i.fundPasswordUnset}
            </span>
            <Link
              className="btn btn--small btn--ghost"
              to="/mine/finance/withdrawal"
              aria-label={`${i.fundPasswordGo} ${i.fundPassword}`}
            >
              {i.fundPasswordGo}
            </Link>
          </div>
        </div>
      </section>
      <Logins />
    </>
  );
}

/** /mine/userInfo (issue 13 §1): the profile, the account's security and its logins. */
export function UserInfoPage() {
  const mine = useMine();
  const state = useSelector(mine, (s) => (s ? (s.value as { profile: string }).profile : 'loading'));
  const profile = useSelector(mine, (s) => s?.context.profile ?? null);
  return (
    <div className="mine-page">
      <header className="page-header">
        <h1>{(t.pages as Record<string, string>)['/mine/userInfo']}</h1>
        <Link className="btn btn--small btn--ghost" to="/mine">
          {i.back}
        </Link>
      </header>
      {state === 'failed' && (
        <LoadFailed text={i.loadFailed} onRetry={() => mine?.send({ type: 'mine.retry' })} />
      )}
      {state === 'ready' && profile ? (
        <ProfileView profile={profile} />
      ) : (
        state !== 'failed' && <LoadingScreen />
      )}
    </div>
  );
}
