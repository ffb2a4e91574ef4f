import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { chosenChannel, type depositMachine } from '../../../machines/wallet/deposit.machine.ts';
import { applyRate, type DepositChannel } from '../../protocol/deposit.ts';
import { formatFen, yuanToFen } from '../../protocol/money.ts';
import { t } from '../../i18n/zh-CN.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { useWallet } from './use-wallet.ts';

const d = t.depositPage;
const percent = (bp: number) => (bp / 100).toFixed(bp % 100 ? 2 : 0);
const capText = (cap: number | null) => (cap === null ? null : formatFen(cap));
const clock = (ms: number) => new Date(ms).toLocaleTimeString('zh-CN', { hour12: false });

/** What the player will get, shown before confirming (issue 9 §3): credit, bonus, fee, turnover. */
function Preview({ channel, amount }: { channel: DepositChannel; amount: number }) {
  const bonus = applyRate(amount, channel.bonus);
  const fee = applyRate(amount, channel.fee);
  const turnover = amount * channel.turnoverMultiple + bonus * channel.bonusTurnoverMultiple;
  return (
    <section className="deposit-preview" aria-label={d.summary}>
      <dl className="wallet-figures">
        <div>
          <dt>{d.willCredit}</dt>
          <dd>¥{formatFen(amount - fee + bonus)}</dd>
        </div>
        {bonus > 0 && (
          <div>
            <dt>{d.bonusAmount}</dt>
            <dd>¥{formatFen(bonus)}</dd>
          </div>
        )}
        {fee > 0 && (
          <div>
            <dt>{d.feeAmount}</dt>
            <dd>¥{formatFen(fee)}</dd>
          </div>
        )}
        <div>
          <dt>{d.turnover}</dt>
          <dd>¥{formatFen(turnover)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** /mine/finance/deposit (issue 9 §3): channel, amount, order, the sandbox cashier, the result. */
export function DepositPage() {
  const wallet = useWallet();
  const flow = useSelector(wallet, (s) => s?.children['deposit']) as
    ActorRefFrom<typeof depositMachine> | undefined;
  const state = useSelector(flow, (s) => (s ? JSON.stringify(s.value) : '"loadingChannels"'));
  const ctx = useSelector(flow, (s) => s?.context);
  const header = (
    <header className="page-header wallet-header">
      <h1>{t.pages['/mine/finance/deposit']}</h1>
      <p className="field__hint">{d.sandbox}</p>
    </header>
  );
  if (!flow || !ctx || state === '"loadingChannels"')
    return (
      <>
        {header}
        <LoadingScreen />
      </>
    );
  if (state === '"channelsFailed"')
    return (
      <>
        {header}
        <p className="form-alert form-alert--error" role="alert">
          {d.loadFailed}{' '}
          <button
            type="button"
            className="btn btn--small"
            onClick={() => flow.send({ type: 'deposit.retry' })}
          >
            {d.retry}
          </button>
        </p>
      </>
    );

  const order = ctx.order;
  if (state.startsWith('{"settled"') && order) {
    const paid = order.state === 'paid';
    const title = paid ? d.paid : order.state === 'expired' ? d.expired : d.cancelled;
    const text = paid
      ? d.paidText(formatFen(order.credit + order.bonus))
      : order.state === 'expired'
        ? d.expiredText
        : d.cancelledText;
    return (
      <>
        {header}
        <section className="card wallet-card deposit-result" aria-labelledby="deposit-result" role="status">
          <h2 id="deposit-result" className="section__title">
            {title}
          </h2>
          <p>{text}</p>
          <p className="field__hint">
            {d.orderId} {order.orderId}
          </p>
          <div className="wallet-links">
            <button type="button" className="btn" onClick={() => flow.send({ type: 'deposit.again' })}>
              {d.again}
            </button>
            <Link className="btn btn--ghost" to="/mine/finance/wallet">
              {d.toWallet}
            </Link>
          </div>
        </section>
      </>
    );
  }

  if (order && (state === '"waiting"' || state === '"polling"' || state === '"cancelling"')) {
    return (
      <>
        {header}
        <section className="card wallet-card" aria-labelledby="deposit-order">
          <h2 id="deposit-order" className="section__title">
            {d.orderTitle}
          </h2>
          <p>
            {d.orderId} {order.orderId}
          </p>
          <p>
            {order.channelName} ¥{formatFen(order.amount)}
          </p>
          {order.usdt && <p>{d.usdt(order.usdt.amount, order.usdt.address)}</p>}
          <p aria-live="polite">{order.confirming ? d.confirming : d.expiresAt(clock(order.expiresAt))}</p>
          <p className="field__hint">{d.waiting}</p>
          {ctx.refusal && <p className="form-alert form-alert--error">{ctx.refusal.message}</p>}
          <div className="wallet-links">
            <a className="btn" href={order.cashierUrl} target="_blank" rel="noopener">
              {d.openCashier}
            </a>
            <button
              type="button"
              className="btn btn--ghost"
              disabled={state === '"cancelling"' || order.confirming}
              onClick={() => flow.send({ type: 'deposit.cancel' })}
            >
              {d.cancel}
            </button>
          </div>
        </section>
      </>
    );
  }

  const channel = chosenChannel(ctx);
  const fen = yuanToFen(ctx.amountText);
  const busy = state === '"ordering"';
  const unsure = state === '"orderUnsure"';
  const problem = ctx.problem ? d.problems[ctx.problem] : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    flow.send({ type: 'deposit.submit' });
  };
  return (
    <>
      {header}
      <form
        className="card wallet-card auth__form"
        noValidate
        onSubmit={submit}
        aria-busy={busy || undefined}
      >
        <fieldset className="field" disabled={busy || unsure}>
          <legend className="field__label">{d.channel}</legend>
          <div className="deposit-channels">
            {ctx.channels.map((c) => (
              <label key={c.code} className={`deposit-channel${c.open ? '' : ' is-down'}`}>
                <input
                  type="radio"
                  name="channel"
                  value={c.code}
                  checked={ctx.channel === c.code}
                  disabled={!c.open}
                  onChange={() => flow.send({ type: 'deposit.channel', channel: c.code })}
                />
                <span className="deposit-channel__name">{c.name}</span>
                <span className="field__hint">
                  {c.open ? d.limits(formatFen(c.min), formatFen(c.max)) : d.closed}
                  {c.bonus && ` · ${d.bonus(percent(c.bonus.percentBp), capText(c.bonus.cap))}`}
                  {c.fee && ` · ${d.fee(percent(c.fee.percentBp), capText(c.fee.cap))}`}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {channel && channel.presets.length > 0 && (
          <div className="field">
            <span className="field__label" id="deposit-presets">
              {d.presets}
            </span>
            <div className="wallet-links" role="group" aria-labelledby="deposit-presets">
              {channel.presets.map((p) => (
                <button
                  key={p}
                  type="button"
                  className="btn btn--small btn--ghost"
                  aria-pressed={fen === p}
                  disabled={busy || unsure}
                  onClick={() => flow.send({ type: 'deposit.preset', amount: p })}
                >
                  ¥{formatFen(p)}
                </button>
              ))}
            </div>
          </div>
        )}
        <div className={`field${problem ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor="deposit-amount">
            {d.amount}
          </label>
          <input
            id="deposit-amount"
            className="field__input"
            inputMode="decimal"
            autoComplete="off"
            placeholder={d.amountPlaceholder}
            value={ctx.amountText}
            disabled={busy || unsure}
            aria-invalid={problem ? true : undefined}
            aria-describedby="deposit-problem"
            onChange={(e) => flow.send({ type: 'deposit.amount', text: e.target.value })}
          />
          <p id="deposit-problem" className="field__error" role={problem ? 'alert' : undefined}>
            {problem}
          </p>
        </div>
        {channel && fen !== null && fen >= channel.min && fen <= channel.max && (
          <Preview channel={channel} amount={fen} />
        )}
        <div aria-live="polite">
          {ctx.refusal && <p className="form-alert form-alert--error">{ctx.refusal.message}</p>}
        </div>
        {unsure ? (
          <p className="form-alert form-alert--error" role="alert">
            {d.unsure}{' '}
            <button
              type="button"
              className="btn btn--small"
              onClick={() => flow.send({ type: 'deposit.retry' })}
            >
              {d.retry}
            </button>
          </p>
        ) : (
          <button type="submit" className="btn btn--block" aria-busy={busy || undefined}>
            {busy ? d.submitting : d.submit}
          </button>
        )}
      </form>
    </>
  );
}
