import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { addPathOf, BANK_PATH, USDT_PATH, USDT_TUTORIAL_PATH } from '../../../machines/payout/paths.ts';
import type { PayoutAccount, PayoutKind } from '../../protocol/payout.ts';
import { t } from '../../i18n/zh-CN.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { AccountFormView } from './account-form.tsx';
import { BankIcon } from './bank-icon.tsx';
import { FundPasswordField, LoadFailed, PageHeader, RefusalAlert, pageTitle } from './parts.tsx';
import { usePayoutChild } from './use-payout.ts';

const l = t.payout.list;

function AccountItem({
  account,
  onDelete,
  busy,
}: {
  account: PayoutAccount;
  onDelete: () => void;
  busy: boolean;
}) {
  const title =
    account.kind === 'bank'
      ? `${account.bankName ?? ''} ${account.masked}`
      : account.kind === 'usdt'
        ? `${account.network ?? ''} ${account.label ?? ''}`
        : account.masked;
  return (
    <li
      className="card payout-card"
      style={{ display: 'flex', gap: '0.75rem', alignItems: 'center', flexWrap: 'wrap' }}
    >
      {account.kind === 'bank' && <BankIcon code={account.bankCode} name={account.bankName} />}
      <div style={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}>
        <p>
          <strong>{title}</strong>
        </p>
        {account.kind === 'usdt' && <p className="field__hint">{account.masked}</p>}
        {account.holder && <p className="field__hint">{account.holder}</p>}
        {account.kind === 'bank' && account.province && (
          <p className="field__hint">
            {l.branch(account.province, account.city ?? '', account.branch ?? '')}
          </p>
        )}
        {account.hasQr && <p className="field__hint">{l.qr}</p>}
      </div>
      <button
        type="button"
        className="btn btn--small btn--ghost"
        disabled={busy}
        aria-label={l.deleteLabel(account.masked)}
        onClick={onDelete}
      >
        {l.delete}
      </button>
    </li>
  );
}

/** The bound accounts of the kind the area runs the list for; delete with confirmation (issue 10 §2). */
export function AccountsListView({ addLink }: { addLink: boolean }) {
  const accounts = usePayoutChild('accounts');
  const state = useSelector(accounts, (s) => (s ? String(s.value) : 'loading'));
  const ctx = useSelector(accounts, (s) => s?.context);
  if (!accounts || !ctx || (state === 'loading' && !ctx.list)) return <LoadingScreen />;
  if (state === 'loadFailed') return <LoadFailed onRetry={() => accounts.send({ type: 'accounts.retry' })} />;
  const kind = ctx.kind;
  const mine = ctx.list?.accounts.filter((a) => a.kind === kind) ?? [];
  const max = ctx.list?.limits[kind] ?? 0;
  const busy = state !== 'ready';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    accounts.send({ type: 'accounts.submit' });
  };
  return (
    <section
      aria-labelledby="payout-list-title"
      aria-busy={state === 'deleting' || state === 'loading' || undefined}
    >
      <h2 id="payout-list-title" className="section__title">
        {t.payout.kinds[kind]} <span className="field__hint">{l.count(mine.length, max)}</span>
      </h2>
      {ctx.deleted && (
        <p className="form-alert form-alert--info" role="status">
          {l.deleted}
        </p>
      )}
      {state !== 'password' && <RefusalAlert refusal={ctx.refusal} />}
      {mine.length === 0 ? (
        <p className="field__hint">{l.empty}</p>
      ) : (
        <ul style={{ listStyle: 'none', padding: 0, display: 'grid', gap: '0.5rem' }}>
          {mine.map((a) => (
            <AccountItem
              key={a.id}
              account={a}
              busy={busy}
              onDelete={() => accounts.send({ type: 'accounts.delete', id: a.id })}
            />
          ))}
        </ul>
      )}
      {state === 'password' && (
        <form
          className="card payout-card auth__form"
          noValidate
          onSubmit={submit}
          aria-label={l.fundPasswordTitle}
        >
          <h3 className="section__title">{l.fundPasswordTitle}</h3>
          <FundPasswordField
            value={ctx.fundPassword}
            error={ctx.fundPasswordProblem ? t.payout.form.fundPasswordProblem : undefined}
            onChange={(text) => accounts.send({ type: 'accounts.fundPassword', text })}
          />
          <RefusalAlert refusal={ctx.refusal} />
          <div className="wallet-links">
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => accounts.send({ type: 'accounts.keep' })}
            >
              {t.payout.fund.cancel}
            </button>
            <button type="submit" className="btn">
              {l.deleteConfirm}
            </button>
          </div>
        </form>
      )}
      {addLink && mine.length < max && (
        <Link className="btn" to={addPathOf(kind)}>
          {l.add}
        </Link>
      )}
    </section>
  );
}

/** The six e-wallet list pages (spec §2 ebpayAcount, koipayAcount, alipayAcount, …). */
export function accountListPage(path: string) {
  return function AccountListPage() {
    return (
      <>
        <PageHeader title={pageTitle(path)} />
        <AccountsListView addLink />
      </>
    );
  };
}

/** The six e-wallet add pages (spec §2 addEBpayCard, …). */
export function addAccountPage(path: string) {
  return function AddAccountPage() {
    return (
      <>
        <PageHeader title={pageTitle(path)} />
        <AccountFormView />
      </>
    );
  };
}

/** The list with its add form on one page: /mine/addBankCard and /mine/virtualCoinCard (issue 10 §2). */
function ListWithForm({ path, kind }: { path: string; kind: PayoutKind }) {
  const [adding, setAdding] = useState(false);
  return (
    <>
      <PageHeader title={pageTitle(path)}>
        {kind === 'usdt' && (
          <p className="field__hint">
            <Link to={USDT_TUTORIAL_PATH}>{pageTitle(USDT_TUTORIAL_PATH)}</Link>
          </p>
        )}
      </PageHeader>
      <AccountsListView addLink={false} />
      {adding ? (
        <section aria-labelledby="payout-add-title">
          <h2 id="payout-add-title" className="section__title">
            {t.payout.form.addTitle}
          </h2>
          <AccountFormView />
        </section>
      ) : (
        <button type="button" className="btn" aria-expanded={false} onClick={() => setAdding(true)}>
          {l.add}
        </button>
      )}
    </>
  );
}

export const BankCardsPage = () => <ListWithForm path={BANK_PATH} kind="bank" />;
export const UsdtAddressesPage = () => <ListWithForm path={USDT_PATH} kind="usdt" />;
