import { useSelector } from '@xstate/react';
import { useCallback, useEffect, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { deductionOf, feeOf, usdtMicroOf } from '../../../machines/payout/common.ts';
import { addPathOf, BIND_BANK_CARD_PATH, KYC_PATH, WITHDRAWAL_PATH } from '../../../machines/payout/paths.ts';
import { chosenAccount, methodOf, withdrawalProblem } from '../../../machines/payout/withdrawal.machine.ts';
import { formatFen, yuanToFen } from '../../protocol/money.ts';
import type {
  PayoutAccount,
  Withdrawal,
  WithdrawalMethod,
  WithdrawalOptions,
} from '../../protocol/payout.ts';
import { useSystemActor } from '../../app/system.ts';
import { t } from '../../i18n/zh-CN.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { FundPasswordPanel } from './fund-password.tsx';
import { FundPasswordField, LoadFailed, PageHeader, RefusalAlert, clock, pageTitle, yuan } from './parts.tsx';
import { usePayoutChild } from './use-payout.ts';

const w = t.payout.withdrawal;
const percent = (bp: number) => (bp / 100).toFixed(bp % 100 ? 2 : 0);
/** micro-USDT shown with two decimals, cut. */
const usdtText = (micro: number) => formatFen(Math.floor(micro / 10_000));

const accountName = (a: PayoutAccount) =>
  a.kind === 'bank'
    ? `${a.bankName ?? t.payout.kinds['bank']} ${a.masked}`
    : a.kind === 'usdt'
      ? `USDT ${a.network ?? ''} ${a.label ?? ''} ${a.masked}`
      : `${t.payout.kinds[a.kind]} ${a.masked}`;

/**
 * The central wallet's available balance, as the server counts it (balance less held withdrawals). A balance push
 * (msgId 20002) carries the balance without the holds, so it is not shown here: pushes make the flow read the
 * options again instead.
 */
function useAvailable(options: WithdrawalOptions | null): number | null {
  return options?.available ?? null;
}

/**
 * A withdrawal push (msgId 20005: every state change, issue 10 §3), or a balance push that names a withdrawal,
 * asks the flow to read the withdrawals again at once instead of at its next 5 s poll.
 */
function useWithdrawalPushes(onPush: () => void) {
  const socket = useSystemActor('socket');
  const at = useSelector(socket, (s) =>
    s.context.lastBalance?.reason === 'withdrawal' ? s.context.lastBalance.at : null,
  );
  // Every state change of a withdrawal (msgId 20005): approvals and rejections move no balance.
  const changed = useSelector(socket, (s) => s.context.lastWithdrawal?.at ?? null);
  useEffect(() => {
    if (at) onPush();
  }, [at, onPush]);
  useEffect(() => {
    if (changed) onPush();
  }, [changed, onPush]);
}

/** What the withdrawal costs and brings (issue 10 §3), shown before confirming. */
function Figures({
  options,
  method,
  amount,
}: {
  options: WithdrawalOptions;
  method: WithdrawalMethod;
  amount: number;
}) {
  const fee = feeOf(method, amount);
  const deduction = deductionOf(options, amount);
  const arrives = Math.max(0, amount - fee - deduction);
  return (
    <dl className="wallet-figures">
      <div>
        <dt>{w.amount}</dt>
        <dd>{yuan(amount)}</dd>
      </div>
      <div>
        <dt>{w.fee}</dt>
        <dd>{fee > 0 ? yuan(fee) : w.noFee}</dd>
      </div>
      {deduction > 0 && (
        <div>
          <dt>{w.deduction}</dt>
          <dd>{yuan(deduction)}</dd>
        </div>
      )}
      <div>
        <dt>{w.arrives}</dt>
        <dd>
          {yuan(arrives)}
          {method.kind === 'usdt' && ` · ${w.usdtArrives(usdtText(usdtMicroOf(arrives, options.usdtRate)))}`}
        </dd>
      </div>
      {method.kind === 'usdt' && (
        <div>
          <dt>{w.usdtRate(formatFen(options.usdtRate))}</dt>
          <dd />
        </div>
      )}
    </dl>
  );
}

function History({
  items,
  onCancel,
  busy,
}: {
  items: Withdrawal[];
  onCancel: (id: string) => void;
  busy: boolean;
}) {
  return (
    <section aria-labelledby="withdrawal-history">
      <h2 id="withdrawal-history" className="section__title">
        {w.historyTitle}
      </h2>
      {items.length === 0 ? (
        <p className="field__hint">{w.historyEmpty}</p>
      ) : (
        <ul style={{ listStyle: 'none', padding: 0, display: 'grid', gap: '0.5rem' }}>
          {items.map((i) => (
            <li key={i.id} className="card payout-card" style={{ overflowWrap: 'anywhere' }}>
              <p>
                <strong>{yuan(i.amount)}</strong> · {w.states[i.state]}
              </p>
              <p className="field__hint">
                {accountName(i.account)} · {clock(i.createdAt)}
              </p>
              {i.reason && <p className="field__hint">{w.reason(i.reason)}</p>}
              {i.state === 'pending' && (
                <button
                  type="button"
                  className="btn btn--small btn--ghost"
                  disabled={busy}
                  onClick={() => onCancel(i.id)}
                >
                  {w.cancel}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /mine/finance/withdrawal (issue 10 §3). */
export function WithdrawalPage() {
  const flow = usePayoutChild('withdrawal');
  const state = useSelector(flow, (s) => (s ? JSON.stringify(s.value) : '"loading"'));
  const ctx = useSelector(flow, (s) => s?.context);
  const available = useAvailable(ctx?.options ?? null);
  const refresh = useCallback(() => flow?.send({ type: 'withdrawal.refresh' }), [flow]);
  useWithdrawalPushes(refresh);
  const header = (
    <PageHeader title={pageTitle(WITHDRAWAL_PATH)}>
      <p className="field__hint">{w.sandbox}</p>
    </PageHeader>
  );
  if (!flow || !ctx || state === '"loading"' || state === '"deciding"')
    return (
      <>
        {header}
        <LoadingScreen />
      </>
    );
  const send = flow.send.bind(flow);
  const reload = () => send({ type: 'withdrawal.reload' });
  if (state === '"loadFailed"')
    return (
      <>
        {header}
        <LoadFailed onRetry={reload} />
      </>
    );
  const history = (
    <History
      items={ctx.items}
      busy={state !== '"choosing"'}
      onCancel={(id) => send({ type: 'withdrawal.cancel', id })}
    />
  );
  if (state === '"needKyc"')
    return (
      <>
        {header}
        <section className="card payout-card">
          <p>{w.needKyc}</p>
          <Link className="btn" to={KYC_PATH}>
            {w.toKyc}
          </Link>
        </section>
      </>
    );
  if (state === '"needAccount"')
    return (
      <>
        {header}
        <section className="card payout-card">
          <p>{w.needAccount}</p>
          <div className="wallet-links">
            <Link className="btn" to={BIND_BANK_CARD_PATH}>
              {t.payout.kinds['bank']}
            </Link>
            {(['alipay', 'wechat', 'usdt'] as const).map((k) => (
              <Link key={k} className="btn btn--ghost" to={addPathOf(k)}>
                {t.payout.kinds[k]}
              </Link>
            ))}
          </div>
        </section>
      </>
    );
  if (state === '"needFundPassword"' || state === '"locked"')
    return (
      <>
        {header}
        <RefusalAlert refusal={ctx.refusal} />
        <FundPasswordPanel />
        {history}
      </>
    );

  const options = ctx.options!;
  const account = chosenAccount(ctx);
  const method = methodOf(ctx);
  const amount = yuanToFen(ctx.amountText);
  const current = ctx.current;

  if (
    current &&
    (state === '"pending"' ||
      state === '"refreshing"' ||
      state === '"settling"' ||
      state === '"cancellingCurrent"' ||
      state.startsWith('{"ended"'))
  ) {
    const ended = state.startsWith('{"ended"');
    const title =
      current.state === 'paid'
        ? w.paidTitle
        : current.state === 'rejected'
          ? w.rejectedTitle
          : current.state === 'cancelled'
            ? w.cancelledTitle
            : w.submittedTitle;
    return (
      <>
        {header}
        <section className="card payout-card" aria-labelledby="withdrawal-result" role="status">
          <h2 id="withdrawal-result" className="section__title">
            {title}
          </h2>
          <p>
            {yuan(current.amount)} → {accountName(current.account)}
          </p>
          <p aria-live="polite">
            {w.states[current.state]} ·{' '}
            {current.state === 'pending'
              ? w.pendingText
              : current.state === 'approved'
                ? w.approvedText
                : current.state === 'paid'
                  ? `${w.arrives} ${yuan(current.payout)}${current.usdtMicro !== null ? ` · ${w.usdtArrives(usdtText(current.usdtMicro))}` : ''}`
                  : w.returnedText}
          </p>
          {current.reason && <p>{w.reason(current.reason)}</p>}
          <RefusalAlert refusal={ctx.refusal} />
          <div className="wallet-links">
            {!ended && current.state === 'pending' && (
              <button
                type="button"
                className="btn btn--ghost"
                disabled={state === '"cancellingCurrent"'}
                onClick={() => send({ type: 'withdrawal.cancel', id: current.id })}
              >
                {w.cancel}
              </button>
            )}
            {!ended && (
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => send({ type: 'withdrawal.refresh' })}
              >
                {w.refresh}
              </button>
            )}
            {ended && (
              <button type="button" className="btn" onClick={() => send({ type: 'withdrawal.again' })}>
                {w.again}
              </button>
            )}
          </div>
        </section>
        {history}
      </>
    );
  }

  const reviewing = state.startsWith('{"review"') || state === '"submitting"' || state === '"submitUnsure"';
  if (reviewing && method && amount !== null) {
    if (state === '{"review":"auditRefused"}') {
      const a = options.audit;
      return (
        <>
          {header}
          <section
            className="card payout-card"
            role="alertdialog"
            aria-modal="false"
            aria-labelledby="audit-title"
            aria-describedby="audit-text"
          >
            <h2 id="audit-title" className="section__title">
              {w.auditTitle}
            </h2>
            <p id="audit-text">{w.auditRefuse}</p>
            <dl className="wallet-figures">
              <div>
                <dt>{w.auditRequired}</dt>
                <dd>{yuan(a.required)}</dd>
              </div>
              <div>
                <dt>{w.auditDone}</dt>
                <dd>{yuan(a.done)}</dd>
              </div>
              <div>
                <dt>{w.auditOutstanding}</dt>
                <dd>{yuan(a.outstanding)}</dd>
              </div>
            </dl>
            <div className="wallet-links">
              <Link className="btn" to="/mine/audit">
                {w.toAudit}
              </Link>
              <button
                type="button"
                className="btn btn--ghost"
                autoFocus
                onClick={() => send({ type: 'withdrawal.back' })}
              >
                {t.payout.back}
              </button>
            </div>
          </section>
        </>
      );
    }
    const deduction = deductionOf(options, amount);
    const busy = state === '"submitting"';
    const unsure = state === '"submitUnsure"';
    const confirm = (e: FormEvent) => {
      e.preventDefault();
      send({ type: 'withdrawal.confirm' });
    };
    return (
      <>
        {header}
        <form
          className="card payout-card auth__form"
          noValidate
          onSubmit={confirm}
          aria-labelledby="withdrawal-review"
          aria-busy={busy || undefined}
        >
          <h2 id="withdrawal-review" className="section__title">
            {w.reviewTitle}
          </h2>
          {account && <p>{accountName(account)}</p>}
          <Figures options={options} method={method} amount={amount} />
          {deduction > 0 && (
            <div className={`field${ctx.deductionProblem ? ' field--invalid' : ''}`}>
              <p role="note">{w.auditDeduct(percent(options.audit.deductionBp))}</p>
              <label>
                <input
                  type="checkbox"
                  checked={ctx.acceptDeduction}
                  disabled={busy || unsure}
                  onChange={(e) => send({ type: 'withdrawal.acceptDeduction', accepted: e.target.checked })}
                />{' '}
                {w.acceptDeduction}
              </label>
              {ctx.deductionProblem && (
                <p className="field__error" role="alert">
                  {w.deductionProblem}
                </p>
              )}
            </div>
          )}
          <FundPasswordField
            value={ctx.fundPassword}
            error={ctx.fundPasswordProblem ? t.payout.form.fundPasswordProblem : undefined}
            onChange={(text) => send({ type: 'withdrawal.fundPassword', text })}
          />
          <RefusalAlert refusal={ctx.refusal} />
          {unsure ? (
            <p className="form-alert form-alert--error" role="alert">
              {w.unsure}{' '}
              <button
                type="button"
                className="btn btn--small"
                onClick={() => send({ type: 'withdrawal.retry' })}
              >
                {t.payout.retry}
              </button>{' '}
              <button type="button" className="btn btn--small btn--ghost" onClick={reload}>
                {w.giveUp}
              </button>
            </p>
          ) : (
            <div className="wallet-links">
              <button
                type="button"
                className="btn btn--ghost"
                disabled={busy}
                onClick={() => send({ type: 'withdrawal.back' })}
              >
                {t.payout.back}
              </button>
              <button type="submit" className="btn" disabled={busy} aria-busy={busy || undefined}>
                {busy ? w.submitting : w.confirm}
              </button>
            </div>
          )}
        </form>
      </>
    );
  }

  // choosing (and the list's cancel under way)
  const problem = ctx.problem ? w.problems[ctx.problem] : null;
  const busy = state !== '"choosing"';
  const next = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'withdrawal.next' });
  };
  const shownProblem = amount !== null && amount > 0 ? withdrawalProblem(ctx) : null;
  return (
    <>
      {header}
      <section className="card payout-card wallet-totals" aria-label={w.balance}>
        <dl className="wallet-figures">
          <div>
            <dt>{w.balance}</dt>
            <dd>{available === null ? '—' : yuan(available)}</dd>
          </div>
        </dl>
        <p className="field__hint">{w.today(options.today.countLeft, formatFen(options.today.amountLeft))}</p>
      </section>
      <form className="card payout-card auth__form" noValidate onSubmit={next} aria-busy={busy || undefined}>
        <fieldset className="field" disabled={busy} style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className="field__label">{w.account}</legend>
          <div className="deposit-channels">
            {ctx.accounts.map((a) => {
              const m = options.methods.find((x) => x.kind === a.kind);
              return (
                <label key={a.id} className="deposit-channel">
                  <input
                    type="radio"
                    name="account"
                    value={a.id}
                    checked={ctx.accountId === a.id}
                    onChange={() => send({ type: 'withdrawal.account', id: a.id })}
                  />
                  <span className="deposit-channel__name">{accountName(a)}</span>
                  {m && (
                    <span className="field__hint">
                      {w.limits(formatFen(m.min), formatFen(m.max))} · {w.fee}{' '}
                      {m.feeBp > 0
                        ? w.feeRule(percent(m.feeBp), m.feeCap > 0 ? formatFen(m.feeCap) : null)
                        : w.noFee}
                    </span>
                  )}
                </label>
              );
            })}
          </div>
          <Link to="/mine/addBankCard">{w.addAccount}</Link>
        </fieldset>
        <div className={`field${problem ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor="withdrawal-amount">
            {w.amount}
          </label>
          <div className="field__row">
            <input
              id="withdrawal-amount"
              className="field__input"
              inputMode="decimal"
              autoComplete="off"
              placeholder={w.amountPlaceholder}
              value={ctx.amountText}
              disabled={busy}
              aria-invalid={problem ? true : undefined}
              aria-describedby="withdrawal-limits withdrawal-problem"
              onChange={(e) => send({ type: 'withdrawal.amount', text: e.target.value })}
            />
            <button
              type="button"
              className="btn btn--ghost field__action"
              disabled={busy || !method}
              onClick={() => send({ type: 'withdrawal.max' })}
            >
              {w.max}
            </button>
          </div>
          <p id="withdrawal-limits" className="field__hint">
            {method ? w.limits(formatFen(method.min), formatFen(method.max)) : ''}
          </p>
          <p id="withdrawal-problem" className="field__error" role={problem ? 'alert' : undefined}>
            {problem ?? (shownProblem ? w.problems[shownProblem] : null)}
          </p>
        </div>
        {method && amount !== null && amount > 0 && shownProblem === null && (
          <Figures options={options} method={method} amount={amount} />
        )}
        <RefusalAlert refusal={ctx.refusal} />
        <button type="submit" className="btn btn--block" disabled={busy}>
          {w.next}
        </button>
      </form>
      <FundPasswordPanel />
      {history}
    </>
  );
}
