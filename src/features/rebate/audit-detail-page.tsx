import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AUDIT_ID_PARAM, AUDIT_PAGE, lastPage } from '../../../machines/rebate/common.ts';
import { rebateText as r } from '../../i18n/zh-CN-rebate.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { Card, Failed, Money, Pager, when, yuan } from './parts.tsx';
import { useRebateChild } from './use-rebate.ts';

/** /mine/infoAudit?id=… (issue 13 §5): one requirement and the bets that counted toward it, when; paged. */
export function AuditDetailPage() {
  const flow = useRebateChild('auditDetail');
  const [params] = useSearchParams();
  const id = params.get(AUDIT_ID_PARAM) ?? '';
  useEffect(() => {
    flow?.send({ type: 'detail.show', id });
  }, [flow, id]);
  const state = useSelector(flow, (s) => (s ? String(s.value) : 'idle'));
  const ctx = useSelector(flow, (s) => s?.context);
  const header = (
    <header className="page-header">
      <h1>{r.detailTitle}</h1>
      <Link className="btn btn--small btn--ghost" to={AUDIT_PAGE}>
        {r.backToAudit}
      </Link>
    </header>
  );
  if (state === 'notFound')
    return (
      <>
        {header}
        <p className="form-alert form-alert--error" role="alert">
          {r.notFound}
        </p>
      </>
    );
  if (state === 'failed')
    return (
      <>
        {header}
        <Failed onRetry={() => flow?.send({ type: 'detail.retry' })} />
      </>
    );
  const detail = ctx?.detail;
  if (!detail)
    return (
      <>
        {header}
        <LoadingScreen />
      </>
    );
  const q = detail.requirement;
  const pages = lastPage(detail);
  return (
    <>
      {header}
      <Card label={r.detailTitle}>
        <p className="rebate-requirement__head">
          <span>{r.depositLine(yuan(q.amount), q.multiple)}</span>
          <span className={q.met ? 'rebate-badge rebate-badge--met' : 'rebate-badge'}>
            {q.met ? r.met : r.notMet}
          </span>
        </p>
        {q.bonus > 0 && <p className="rebate-card__note">{r.bonusLine(yuan(q.bonus), q.bonusMultiple)}</p>}
        <dl className="rebate-sums">
          <div>
            <dt>{r.required}</dt>
            <dd>
              <Money fen={q.required} />
            </dd>
          </div>
          <div>
            <dt>{r.counted}</dt>
            <dd data-testid="detail-counted">
              <Money fen={q.counted} />
            </dd>
          </div>
        </dl>
        <p className="rebate-card__note">
          {r.createdAt} <time dateTime={q.createdAt}>{when(q.createdAt)}</time>
        </p>
      </Card>
      <Card label={r.bets}>
        <h2 className="rebate-card__title">{r.bets}</h2>
        {detail.bets.length === 0 ? (
          <p>{r.noBets}</p>
        ) : (
          <ul className="records" aria-busy={state === 'loading' || undefined}>
            {detail.bets.map((b) => (
              <li key={`${b.venue}:${b.betId}`} className="record">
                <span className="record__kind">
                  {r.venue} {b.venue}
                </span>
                <span className="record__amount">
                  {r.countedPart} <Money fen={b.counted} />
                </span>
                <span className="record__time">
                  {r.settledAt} <time dateTime={b.settledAt}>{when(b.settledAt)}</time>
                </span>
                <span className="record__wallet">
                  {r.betAmount} <Money fen={b.amount} />
                </span>
                <span className="record__id">
                  {r.betId} {b.betId}
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
          onPage={(page) => flow?.send({ type: 'detail.page', page })}
        />
      </Card>
    </>
  );
}
