import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { BANK_PATH, KYC_PATH } from '../../../machines/payout/paths.ts';
import { t } from '../../i18n/zh-CN.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { AccountFormView } from './account-form.tsx';
import { Field, LoadFailed, PageHeader, RefusalAlert, clock, pageTitle } from './parts.tsx';
import { usePayoutChild } from './use-payout.ts';

const k = t.payout.kyc;

/** The verification form, or the verified name and ID read-only (issue 10 §1). */
export function KycView({ linkToCards = false }: { linkToCards?: boolean }) {
  const kyc = usePayoutChild('kyc');
  const state = useSelector(kyc, (s) => (s ? String(s.value) : 'loading'));
  const ctx = useSelector(kyc, (s) => s?.context);
  if (!kyc || !ctx || state === 'loading') return <LoadingScreen />;
  if (state === 'loadFailed') return <LoadFailed onRetry={() => kyc.send({ type: 'kyc.retry' })} />;
  if (state === 'verified' && ctx.status) {
    return (
      <section className="card payout-card" aria-labelledby="kyc-verified" role="status">
        <h2 id="kyc-verified" className="section__title">
          {k.verifiedTitle}
        </h2>
        <dl className="wallet-figures">
          <div>
            <dt>{k.realName}</dt>
            <dd>{ctx.status.realName}</dd>
          </div>
          <div>
            <dt>{k.idNumber}</dt>
            <dd>{ctx.status.idMasked}</dd>
          </div>
        </dl>
        {ctx.status.verifiedAt && <p className="field__hint">{k.verifiedAt(clock(ctx.status.verifiedAt))}</p>}
        <p className="field__hint">{k.verifiedText}</p>
        {linkToCards && (
          <Link className="btn btn--small" to={BANK_PATH}>
            {k.toBindCard}
          </Link>
        )}
      </section>
    );
  }
  const busy = state === 'submitting';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    kyc.send({ type: 'kyc.submit' });
  };
  return (
    <form className="card payout-card auth__form" noValidate onSubmit={submit} aria-busy={busy || undefined}>
      <p className="field__hint">{k.intro}</p>
      <Field
        label={k.realName}
        autoComplete="name"
        placeholder={k.realNamePlaceholder}
        hint={k.realNameHint}
        maxLength={20}
        value={ctx.realName}
        disabled={busy}
        error={ctx.problems.realName && k.problems[ctx.problems.realName]}
        onChange={(text) => kyc.send({ type: 'kyc.name', text })}
      />
      <Field
        label={k.idNumber}
        placeholder={k.idPlaceholder}
        hint={k.idHint}
        maxLength={18}
        value={ctx.idNumber}
        disabled={busy}
        error={ctx.problems.idNumber && k.problems[ctx.problems.idNumber]}
        onChange={(text) => kyc.send({ type: 'kyc.id', text })}
      />
      <RefusalAlert refusal={ctx.refusal} />
      <button type="submit" className="btn btn--block" disabled={busy} aria-busy={busy || undefined}>
        {busy ? k.submitting : k.submit}
      </button>
    </form>
  );
}

/** /mine/userInfo/authentication (issue 10 §1). */
export function KycPage() {
  return (
    <>
      <PageHeader title={pageTitle(KYC_PATH)} />
      <KycView linkToCards />
    </>
  );
}

/** /mine/userInfo/authentication/bindBankCard: verify, then straight into binding the first bank card. */
export function BindBankCardPage() {
  const form = usePayoutChild('accountForm');
  return (
    <>
      <PageHeader title={pageTitle('/mine/userInfo/authentication/bindBankCard')} />
      {form ? (
        <>
          <p className="form-alert form-alert--info" role="status">
            {k.bindNext}
          </p>
          <AccountFormView />
        </>
      ) : (
        <KycView />
      )}
    </>
  );
}
