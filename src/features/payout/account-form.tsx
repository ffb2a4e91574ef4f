import { useSelector } from '@xstate/react';
import type { ChangeEvent, FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { USDT_NETWORKS, WECHAT_QR_MAX_BYTES, WECHAT_QR_TYPES } from '../../protocol/payout.ts';
import { listPathOf } from '../../../machines/payout/paths.ts';
import { citiesOf, PROVINCES } from '../../protocol/regions.ts';
import { t } from '../../i18n/zh-CN.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { BankIcon } from './bank-icon.tsx';
import { Field, FundPasswordField, LoadFailed, RefusalAlert } from './parts.tsx';
import { usePayoutChild } from './use-payout.ts';

const f = t.payout.form;

/** A labelled select with its error (the error is announced). */
function Select(props: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  options: readonly string[];
  error: string | undefined;
  onChange: (v: string) => void;
}) {
  return (
    <div className={`field${props.error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={props.id}>
        {props.label}
      </label>
      <select
        id={props.id}
        className="field__select"
        style={{ maxWidth: 'none', width: '100%' }}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${props.id}-error` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      >
        <option value="">{props.placeholder}</option>
        {props.options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
      {props.error && (
        <p id={`${props.id}-error`} className="field__error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}

/** Reads a chosen file as a data: URL (the machine checks its type and size first). */
function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** The form binding one payout account of the kind the area runs it for (issue 10 §2). */
export function AccountFormView() {
  const form = usePayoutChild('accountForm');
  const state = useSelector(form, (s) => (s ? JSON.stringify(s.value) : '"loading"'));
  const ctx = useSelector(form, (s) => s?.context);
  if (!form || !ctx || state === '"loading"' || state === '"deciding"') return <LoadingScreen />;
  if (state === '"loadFailed"') return <LoadFailed onRetry={() => form.send({ type: 'form.retry' })} />;
  const kind = ctx.kind;
  if (state === '"needKyc"')
    return (
      <section className="card payout-card" aria-label={f.needKyc}>
        <RefusalAlert refusal={ctx.refusal} />
        <p>{f.needKyc}</p>
        <Link className="btn" to="/mine/userInfo/authentication/bindBankCard">
          {f.toKyc}
        </Link>
      </section>
    );
  if (state === '"full"')
    return (
      <p className="form-alert form-alert--info" role="status">
        {f.full(ctx.list?.limits[kind] ?? 0)}
      </p>
    );
  if (state === '"done"') return <LoadingScreen />;

  const asking = state === '{"password":"asking"}';
  const busy = state === '"submitting"';
  const problem = (field: keyof typeof ctx.problems) => {
    const code = ctx.problems[field];
    return code ? f.problems[code] : undefined;
  };
  const field =
    (name: 'account' | 'bankCode' | 'province' | 'city' | 'branch' | 'label') => (value: string) =>
      form.send({ type: 'form.field', field: name, value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.send({ type: asking ? 'form.confirm' : 'form.submit' });
  };
  const onQr = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    const typeOk = (WECHAT_QR_TYPES as readonly string[]).includes(file.type);
    // The size and type are checked before anything is read or sent (issue 10 §2).
    const dataUrl = typeOk && file.size <= WECHAT_QR_MAX_BYTES ? await readDataUrl(file) : '';
    form.send({ type: 'form.qr', mime: file.type, bytes: file.size, dataUrl });
  };
  const bank = ctx.banks.find((b) => b.code === ctx.fields.bankCode) ?? null;

  return (
    <form className="card payout-card auth__form" noValidate onSubmit={submit} aria-busy={busy || undefined}>
      <fieldset className="field" disabled={asking || busy} style={{ border: 0, padding: 0, margin: 0 }}>
        <legend className="visually-hidden">{t.payout.kinds[kind]}</legend>
        {kind === 'bank' && (
          <>
            <div className={`field${problem('bankCode') ? ' field--invalid' : ''}`}>
              <label className="field__label" htmlFor="payout-bank">
                {f.bank}
              </label>
              <div className="field__row">
                <BankIcon code={bank?.code ?? null} name={bank?.name ?? null} />
                <select
                  id="payout-bank"
                  className="field__select"
                  style={{ maxWidth: 'none', flex: 1 }}
                  value={ctx.fields.bankCode}
                  aria-invalid={problem('bankCode') ? true : undefined}
                  aria-describedby={problem('bankCode') ? 'payout-bank-error' : undefined}
                  onChange={(e) => field('bankCode')(e.target.value)}
                >
                  <option value="">{f.chooseBank}</option>
                  {ctx.banks.map((b) => (
                    <option key={b.code} value={b.code}>
                      {b.name}
                    </option>
                  ))}
                </select>
              </div>
              {problem('bankCode') && (
                <p id="payout-bank-error" className="field__error" role="alert">
                  {problem('bankCode')}
                </p>
              )}
            </div>
            <Field
              label={f.holder}
              value={ctx.holder ?? ''}
              hint={f.holderHint}
              disabled
              onChange={() => {}}
            />
            <Field
              label={f.cardNumber}
              inputMode="numeric"
              maxLength={23}
              placeholder={f.cardPlaceholder}
              value={ctx.fields.account}
              error={problem('account')}
              onChange={(v) => field('account')(v.replace(/[^\d ]/g, ''))}
            />
            <Select
              id="payout-province"
              label={f.province}
              placeholder={f.provincePlaceholder}
              value={ctx.fields.province}
              options={PROVINCES.map((p) => p.name)}
              error={problem('province')}
              onChange={field('province')}
            />
            <Select
              id="payout-city"
              label={f.city}
              placeholder={f.cityPlaceholder}
              value={ctx.fields.city}
              options={citiesOf(ctx.fields.province)}
              error={problem('city')}
              onChange={field('city')}
            />
            <Field
              label={f.branch}
              placeholder={f.branchPlaceholder}
              maxLength={40}
              value={ctx.fields.branch}
              onChange={field('branch')}
            />
          </>
        )}
        {kind === 'usdt' && (
          <>
            <div className="field" role="radiogroup" aria-labelledby="payout-network">
              <span id="payout-network" className="field__label">
                {f.network}
              </span>
              <div className="wallet-links">
                {USDT_NETWORKS.map((n) => (
                  <label key={n} className="deposit-channel">
                    <input
                      type="radio"
                      name="network"
                      value={n}
                      checked={ctx.fields.network === n}
                      onChange={() => form.send({ type: 'form.network', network: n })}
                    />{' '}
                    {n}
                  </label>
                ))}
              </div>
              <p className="field__hint">{f.networkHint}</p>
            </div>
            <Field
              label={f.address}
              placeholder={f.addressPlaceholder}
              maxLength={64}
              value={ctx.fields.account}
              error={problem('account')}
              onChange={(v) => field('account')(v.trim())}
            />
            <Field
              label={f.label}
              placeholder={f.labelPlaceholder}
              maxLength={20}
              value={ctx.fields.label}
              error={problem('label')}
              onChange={field('label')}
            />
          </>
        )}
        {kind !== 'bank' && kind !== 'usdt' && (
          <>
            <Field
              label={f.holder}
              value={ctx.holder ?? ''}
              hint={f.holderHint}
              disabled
              onChange={() => {}}
            />
            <Field
              label={f.account[kind] ?? ''}
              placeholder={f.accountPlaceholder[kind]}
              maxLength={64}
              value={ctx.fields.account}
              error={problem('account')}
              onChange={field('account')}
            />
          </>
        )}
        {kind === 'wechat' && (
          <div className={`field${problem('qrImage') ? ' field--invalid' : ''}`}>
            <label className="field__label" htmlFor="payout-qr">
              {f.qr}
            </label>
            <input
              id="payout-qr"
              type="file"
              accept={WECHAT_QR_TYPES.join(',')}
              aria-describedby="payout-qr-hint"
              onChange={(e) => void onQr(e)}
            />
            <p id="payout-qr-hint" className="field__hint">
              {f.qrHint(WECHAT_QR_MAX_BYTES / 1024)}
            </p>
            {ctx.fields.qrImage && (
              <p className="field__hint">
                <img src={ctx.fields.qrImage} alt={f.qrChosen} width={96} height={96} />{' '}
                <button
                  type="button"
                  className="btn btn--small btn--ghost"
                  onClick={() => form.send({ type: 'form.qrClear' })}
                >
                  {f.qrRemove}
                </button>
              </p>
            )}
            {problem('qrImage') && (
              <p className="field__error" role="alert">
                {problem('qrImage')}
              </p>
            )}
          </div>
        )}
      </fieldset>
      {asking && (
        <section aria-label={f.fundPasswordTitle}>
          <h2 className="section__title">{f.fundPasswordTitle}</h2>
          <FundPasswordField
            value={ctx.fundPassword}
            error={ctx.fundPasswordProblem ? f.fundPasswordProblem : undefined}
            onChange={(text) => form.send({ type: 'form.fundPassword', text })}
          />
        </section>
      )}
      <RefusalAlert refusal={ctx.refusal} />
      <div className="wallet-links">
        {asking && (
          <button type="button" className="btn btn--ghost" onClick={() => form.send({ type: 'form.back' })}>
            {t.payout.back}
          </button>
        )}
        <button type="submit" className="btn btn--block" disabled={busy} aria-busy={busy || undefined}>
          {busy ? f.submitting : asking ? f.confirm : f.submit}
        </button>
      </div>
      {kind !== 'bank' && kind !== 'usdt' && (
        <p>
          <Link to={listPathOf(kind)}>{f.toList}</Link>
        </p>
      )}
    </form>
  );
}
