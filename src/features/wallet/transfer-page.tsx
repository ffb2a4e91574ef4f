import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { sourceAvailable } from '../../../machines/wallet/transfer-form.machine.ts';
import { formatFen } from '../../protocol/money.ts';
import { t } from '../../i18n/zh-CN.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { Yuan } from './money.tsx';
import { useTransferForm, useWallet } from './use-wallet.ts';

/** /mine/finance/transfer (issue 9 §2): move money between the central wallet and a venue, once per submit. */
export function TransferPage() {
  const wallet = useWallet();
  const form = useTransferForm();
  const summary = useSelector(wallet, (s) => s?.context.summary ?? null);
  const state = useSelector(form, (s) => (s ? String(s.value) : 'editing'));
  const ctx = useSelector(form, (s) => s?.context);
  const header = (
    <header className="page-header wallet-header">
      <h1>{t.pages['/mine/finance/transfer']}</h1>
    </header>
  );
  if (!summary || !ctx || !form)
    return (
      <>
        {header}
        <LoadingScreen />
      </>
    );

  const submitting = state === 'submitting';
  const unsure = state === 'unsure';
  const problem = ctx.problem ? t.transfer.problems[ctx.problem] : null;
  const done = ctx.done;
  const doneName = done ? (summary.venues.find((v) => v.venue === done.venue)?.name ?? done.venue) : '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.send({ type: 'transfer.submit' });
  };
  return (
    <>
      {header}
      <form
        className="card wallet-card auth__form transfer-form"
        noValidate
        onSubmit={submit}
        aria-busy={submitting || undefined}
      >
        <fieldset className="field" disabled={submitting || unsure}>
          <legend className="field__label">{t.transfer.direction}</legend>
          <div className="field__row">
            {(['in', 'out'] as const).map((direction) => (
              <label key={direction} className="checkbox">
                <input
                  type="radio"
                  name="direction"
                  checked={ctx.direction === direction}
                  onChange={() => form.send({ type: 'transfer.direction', direction })}
                />
                <span>{direction === 'in' ? t.transfer.into : t.transfer.outOf}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor="transfer-venue">
            {t.transfer.venue}
          </label>
          <select
            id="transfer-venue"
            className="field__select"
            value={ctx.venue ?? ''}
            disabled={submitting || unsure}
            onChange={(e) => form.send({ type: 'transfer.venue', venue: e.target.value })}
          >
            <option value="" disabled>
              {t.transfer.chooseVenue}
            </option>
            {summary.venues.map((v) => (
              <option key={v.venue} value={v.venue} disabled={v.status !== 'open'}>
                {v.name}
                {v.status !== 'open' ? `（${t.wallet.maintenance}）` : ` ¥${formatFen(v.balance)}`}
              </option>
            ))}
          </select>
        </div>
        <div className={`field${problem ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor="transfer-amount">
            {t.transfer.amount}
          </label>
          <div className="field__row">
            <input
              id="transfer-amount"
              className="field__input"
              inputMode="decimal"
              autoComplete="off"
              placeholder={t.transfer.amountPlaceholder}
              value={ctx.amountText}
              disabled={submitting || unsure}
              aria-invalid={problem ? true : undefined}
              aria-describedby="transfer-available transfer-problem"
              onChange={(e) => form.send({ type: 'transfer.amount', text: e.target.value })}
            />
            <button
              type="button"
              className="btn btn--small btn--ghost field__action"
              disabled={submitting || unsure}
              onClick={() => form.send({ type: 'transfer.all' })}
            >
              {t.transfer.all}
            </button>
          </div>
          <p id="transfer-available" className="field__hint">
            {t.transfer.availableFrom(formatFen(sourceAvailable(ctx)))}
          </p>
          <p id="transfer-problem" className="field__error" role={problem ? 'alert' : undefined}>
            {problem}
          </p>
        </div>
        <div aria-live="polite">
          {ctx.refusal && <p className="form-alert form-alert--error">{ctx.refusal.message}</p>}
          {done && (
            <p className="form-alert form-alert--info">
              {t.transfer.done(formatFen(done.amount), doneName, done.direction === 'in')}
            </p>
          )}
        </div>
        {unsure ? (
          <p className="form-alert form-alert--error" role="alert">
            {t.wallet.retryUnsure}{' '}
            <button
              type="button"
              className="btn btn--small"
              onClick={() => form.send({ type: 'transfer.submit' })}
            >
              {t.wallet.retry}
            </button>{' '}
            <button
              type="button"
              className="btn btn--small btn--ghost"
              onClick={() => form.send({ type: 'transfer.abandon' })}
            >
              {t.wallet.giveUp}
            </button>
          </p>
        ) : (
          <button type="submit" className="btn btn--block" aria-busy={submitting || undefined}>
            {submitting ? t.transfer.submitting : t.transfer.submit}
          </button>
        )}
        <p className="field__hint">
          {t.wallet.central} <Yuan fen={summary.central.available} />
        </p>
      </form>
    </>
  );
}
