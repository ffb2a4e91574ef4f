import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { DateFilter } from '../../../machines/rebate/common.ts';
import { lastPage, NO_ANSWER_CODE } from '../../../machines/rebate/common.ts';
import { useSystemActor } from '../../app/system.ts';
import { rebateText as r } from '../../i18n/zh-CN-rebate.ts';
import { CODE } from '../../protocol/api.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { Card, Failed, Money, Pager, percent, when, yuan } from './parts.tsx';
import { useRebateArea, useRebateChild } from './use-rebate.ts';

/** A rebate push (msgId 20006, topic 'rebate': a payment made elsewhere or by the end-of-day job) reads again. */
function useRebatePushes(onPush: () => void) {
  const socket = useSystemActor('socket');
  const at = useSelector(socket, (s) => s.context.memberChanges.rebate?.at ?? null);
  const first = useRef(at);
  useEffect(() => {
    if (at && at !== first.current) onPush();
  }, [at, onPush]);
}

/** /mine/rebate (issue 13 §4): what is claimable now per category, the claim, and the history. */
export function RebatePage() {
  const area = useRebateArea();
  const flow = useRebateChild('rebate');
  const state = useSelector(flow, (s) => (s ? String(s.value) : 'loading'));
  const ctx = useSelector(flow, (s) => s?.context);
  const [draft, setDraft] = useState<DateFilter>({ from: '', to: '' });
  const push = useCallback(() => area?.send({ type: 'rebate.pushed' }), [area]);
  useRebatePushes(push);

  if (state === 'loadFailed' && !ctx?.summary)
    return (
      <>
        <Header />
        <Failed onRetry={() => flow?.send({ type: 'rebate.retry' })} />
      </>
    );
  if (!ctx?.summary || !ctx.history)
    return (
      <>
        <Header />
        <LoadingScreen />
      </>
    );
  const s = ctx.summary;
  const claiming = state === 'claiming';
  const search = (e: FormEvent) => {
    e.preventDefault();
    flow?.send({ type: 'rebate.filter', filter: draft });
  };
  const outcome = ctx.outcome;
  const why =
    s.total === 0
      ? r.nothingToClaim
      : s.total < s.minimum
        ? r.belowMinimum
        : s.capLeft === 0
          ? r.capUsed
          : null;
  const pages = lastPage(ctx.history);
  return (
    <>
      <Header />
      {state === 'loadFailed' && <Failed onRetry={() => flow?.send({ type: 'rebate.retry' })} />}
      <Card label={r.claimableHeading}>
        <h2 className="rebate-card__title">{r.claimableHeading}</h2>
        <p className="rebate-card__note">{r.level(s.level)}</p>
        <table className="rebate-table">
          <thead>
            <tr>
              <th scope="col">{r.category}</th>
              <th scope="col">{r.validBet}</th>
              <th scope="col">{r.rate}</th>
              <th scope="col">{r.amount}</th>
            </tr>
          </thead>
          <tbody>
            {s.lines.map((l) => (
              <tr key={l.platform} data-platform={l.platform}>
                <th scope="row">{r.platform[l.platform]}</th>
                <td>
                  <Money fen={l.validBet} />
                </td>
                <td>{percent(l.rateBp)}</td>
                <td>
                  <Money fen={l.amount} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="rebate-sums">
          <div>
            <dt>{r.total}</dt>
            <dd data-testid="rebate-total">
              <Money fen={s.total} />
            </dd>
          </div>
          <div>
            <dt>{r.payable}</dt>
            <dd data-testid="rebate-payable">
              <Money fen={s.payable} />
            </dd>
          </div>
        </dl>
        <p className="rebate-card__note">
          {r.minimum(yuan(s.minimum))}；{r.cap(yuan(s.cap), yuan(s.capLeft))}
        </p>
        <button
          type="button"
          className="btn btn--block"
          disabled={s.payable <= 0 || claiming || state === 'loading'}
          aria-busy={claiming || undefined}
          onClick={() => flow?.send({ type: 'rebate.claim' })}
        >
          {claiming ? r.claiming : r.claim}
        </button>
        {why && !outcome && <p className="rebate-card__note">{why}</p>}
        {outcome?.kind === 'paid' && (
          <p className="form-alert form-alert--info" role="status">
            {r.paid(yuan(outcome.payment.amount))}{' '}
            <button
              type="button"
              className="btn btn--small btn--ghost"
              onClick={() => flow?.send({ type: 'rebate.dismiss' })}
            >
              {r.dismiss}
            </button>
          </p>
        )}
        {outcome?.kind === 'refused' && (
          <p className="form-alert form-alert--error" role="alert">
            {outcome.refusal.code === NO_ANSWER_CODE
              ? r.noAnswer
              : outcome.refusal.message ||
                (outcome.refusal.code === CODE.rebateCapReached ? r.capUsed : r.nothingToClaim)}{' '}
            <button
              type="button"
              className="btn btn--small btn--ghost"
              onClick={() => flow?.send({ type: 'rebate.dismiss' })}
            >
              {r.dismiss}
            </button>
          </p>
        )}
        <ul className="rebate-rules">
          {r.rules.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </Card>
      <Card label={r.historyHeading}>
        <h2 className="rebate-card__title">{r.historyHeading}</h2>
        <form className="records-filter" onSubmit={search} noValidate>
          <div className="field">
            <label className="field__label" htmlFor="rebate-from">
              {r.from}
            </label>
            <input
              id="rebate-from"
              className="field__input"
              type="date"
              value={draft.from}
              onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="rebate-to">
              {r.to}
            </label>
            <input
              id="rebate-to"
              className="field__input"
              type="date"
              value={draft.to}
              onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            />
          </div>
          <button type="submit" className="btn">
            {r.search}
          </button>
          {ctx.problem === 'badRange' && (
            <p className="form-alert form-alert--error" role="alert">
              {r.badRange}
            </p>
          )}
        </form>
        {ctx.history.items.length === 0 ? (
          <p>{r.empty}</p>
        ) : (
          <ul className="records" aria-busy={state === 'historyLoading' || undefined}>
            {ctx.history.items.map((p) => (
              <li key={p.id} className="record rebate-record" data-source={p.source}>
                <span className="record__kind">
                  {r.source[p.source]}
                  {p.amount < p.computed ? r.capped(yuan(p.computed)) : ''}
                </span>
                <span className="record__amount">
                  <Money fen={p.amount} />
                </span>
                <span className="record__time">
                  {r.period} {when(p.periodFrom)} – {when(p.periodTo)}
                </span>
                <span className="record__wallet">
                  {r.validBet} <Money fen={p.validBet} /> ·{' '}
                  {p.lines.map((l) => `${r.platform[l.platform]} ${percent(l.rateBp)}`).join('，')}
                </span>
                <span className="record__id">
                  {r.paidAt} <time dateTime={p.createdAt}>{when(p.createdAt)}</time>
                </span>
              </li>
            ))}
          </ul>
        )}
        <Pager
          page={ctx.page}
          pages={pages}
          busy={state !== 'ready'}
          label={r.pageOf(ctx.page, pages)}
          onPage={(page) => flow?.send({ type: 'rebate.page', page })}
        />
      </Card>
    </>
  );
}

function Header() {
  return (
    <header className="page-header">
      <h1>{r.rebateTitle}</h1>
    </header>
  );
}
