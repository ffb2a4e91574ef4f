import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { AUDIT_DETAIL_PAGE, AUDIT_ID_PARAM } from '../../../machines/rebate/common.ts';
import { rebateText as r } from '../../i18n/zh-CN-rebate.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { Card, Failed, Money, percent, when, yuan } from './parts.tsx';
import { useRebateChild } from './use-rebate.ts';

/** /mine/audit (issue 13 §5): every turnover requirement, the total missing, what a withdrawal would cost now. */
export function AuditPage() {
  const flow = useRebateChild('audit');
  const state = useSelector(flow, (s) => (s ? String(s.value) : 'loading'));
  const view = useSelector(flow, (s) => s?.context.view ?? null);
  const header = (
    <header className="page-header">
      <h1>{r.auditTitle}</h1>
      <button
        type="button"
        className="btn btn--small btn--ghost"
        disabled={state !== 'ready'}
        onClick={() => flow?.send({ type: 'audit.reload' })}
      >
        {r.refresh}
      </button>
    </header>
  );
  if (state === 'failed')
    return (
      <>
        {header}
        <Failed onRetry={() => flow?.send({ type: 'audit.retry' })} />
      </>
    );
  if (!view)
    return (
      <>
        {header}
        <LoadingScreen />
      </>
    );
  return (
    <>
      {header}
      <Card label={r.outstanding}>
        <p className="rebate-card__note">{r.auditIntro}</p>
        <dl className="rebate-sums">
          <div>
            <dt>{r.outstanding}</dt>
            <dd data-testid="audit-outstanding">
              <Money fen={view.outstanding} />
            </dd>
          </div>
          <div>
            <dt>{r.required}</dt>
            <dd>
              <Money fen={view.required} />
            </dd>
          </div>
          <div>
            <dt>{r.done}</dt>
            <dd>
              <Money fen={view.done} />
            </dd>
          </div>
        </dl>
        <p className="rebate-card__note" data-testid="audit-cost">
          {view.outstanding === 0
            ? view.items.length === 0
              ? r.noRequirements
              : r.allMet
            : view.policy === 'deduct'
              ? r.policyDeduct(percent(view.deductionBp), yuan(view.deduction))
              : r.policyRefuse}
        </p>
        {view.since && <p className="rebate-card__note">{r.since(when(view.since))}</p>}
      </Card>
      {view.items.length > 0 && (
        <ul className="rebate-requirements" aria-label={r.auditTitle}>
          {view.items.map((item) => (
            <li key={item.id} className="card rebate-card rebate-requirement" data-met={item.met}>
              <p className="rebate-requirement__head">
                <span>{r.depositLine(yuan(item.amount), item.multiple)}</span>
                <span className={item.met ? 'rebate-badge rebate-badge--met' : 'rebate-badge'}>
                  {item.met ? r.met : r.notMet}
                </span>
              </p>
              {item.bonus > 0 && (
                <p className="rebate-card__note">{r.bonusLine(yuan(item.bonus), item.bonusMultiple)}</p>
              )}
              <progress
                className="rebate-progress"
                max={Math.max(item.required, 1)}
                value={item.required === 0 ? 1 : item.counted}
                aria-label={`${r.counted} ${yuan(item.counted)} / ${r.required} ${yuan(item.required)}`}
              />
              <dl className="rebate-sums">
                <div>
                  <dt>{r.required}</dt>
                  <dd>
                    <Money fen={item.required} />
                  </dd>
                </div>
                <div>
                  <dt>{r.counted}</dt>
                  <dd>
                    <Money fen={item.counted} />
                  </dd>
                </div>
              </dl>
              <p className="rebate-card__note">
                {r.createdAt} <time dateTime={item.createdAt}>{when(item.createdAt)}</time>
              </p>
              <Link
                className="btn btn--small btn--ghost"
                to={`${AUDIT_DETAIL_PAGE}?${AUDIT_ID_PARAM}=${encodeURIComponent(item.id)}`}
                aria-label={`${r.details} ${r.depositLine(yuan(item.amount), item.multiple)} ${when(item.createdAt)}`}
              >
                {r.details}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
