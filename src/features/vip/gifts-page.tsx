import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { lastPage, type GiftFilter } from '../../../machines/vip/common.ts';
import { vipText as v } from '../../i18n/zh-CN-vip.ts';
import { VIP_REWARD_KINDS } from '../../protocol/vip.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { Card, Failed, Header, when, yuan } from './parts.tsx';
import { useVipChild } from './use-vip.ts';

/** /mine/record/giftRecord (issue 13 §6): the VIP gifts paid, filtered by day range and kind, paged. */
export function GiftRecordPage() {
  const flow = useVipChild('gifts');
  const state = useSelector(flow, (s) => (s ? String(s.value) : 'loading'));
  const ctx = useSelector(flow, (s) => s?.context);
  const [draft, setDraft] = useState<GiftFilter>({ from: '', to: '', kind: '' });
  const search = (e: FormEvent) => {
    e.preventDefault();
    flow?.send({ type: 'gifts.filter', filter: draft });
  };
  const list = ctx?.list ?? null;
  const pages = lastPage(list);
  const page = ctx?.page ?? 1;
  return (
    <div className="vip-page">
      <Header title={v.giftsTitle} />
      <Card label={v.giftsTitle}>
        <form className="records-filter vip-filter" onSubmit={search} noValidate>
          <div className="field">
            <label className="field__label" htmlFor="gift-from">
              {v.from}
            </label>
            <input
              id="gift-from"
              className="field__input"
              type="date"
              value={draft.from}
              onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="gift-to">
              {v.to}
            </label>
            <input
              id="gift-to"
              className="field__input"
              type="date"
              value={draft.to}
              onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="gift-kind">
              {v.kindLabel}
            </label>
            <select
              id="gift-kind"
              className="field__input"
              value={draft.kind}
              onChange={(e) => setDraft({ ...draft, kind: e.target.value as GiftFilter['kind'] })}
            >
              <option value="">{v.allKinds}</option>
              {VIP_REWARD_KINDS.map((k) => (
                <option key={k} value={k}>
                  {v.kind[k]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn">
            {v.search}
          </button>
          {ctx?.problem === 'badRange' && (
            <p className="form-alert form-alert--error" role="alert">
              {v.badRange}
            </p>
          )}
        </form>
        {state === 'loadFailed' && <Failed onRetry={() => flow?.send({ type: 'gifts.retry' })} />}
        {!list ? (
          state !== 'loadFailed' && <LoadingScreen />
        ) : list.items.length === 0 ? (
          <p data-testid="gifts-empty">{v.empty}</p>
        ) : (
          <ul className="records" aria-busy={state === 'loading' || undefined}>
            {list.items.map((g) => (
              <li key={g.id} className="record vip-gift" data-kind={g.kind}>
                <span className="record__kind">{v.rewardName(g.kind, g.level, g.period)}</span>
                <span className="record__amount">¥{yuan(g.amount)}</span>
                <span className="record__time">
                  {v.paidAt} <time dateTime={g.createdAt}>{when(g.createdAt)}</time>
                </span>
              </li>
            ))}
          </ul>
        )}
        <nav className="pager" aria-label={v.pager}>
          <button
            type="button"
            className="btn btn--small btn--ghost"
            disabled={page <= 1 || state !== 'ready'}
            onClick={() => flow?.send({ type: 'gifts.page', page: page - 1 })}
          >
            {v.prev}
          </button>
          <span>{v.pageOf(page, pages)}</span>
          <button
            type="button"
            className="btn btn--small btn--ghost"
            disabled={page >= pages || state !== 'ready'}
            onClick={() => flow?.send({ type: 'gifts.page', page: page + 1 })}
          >
            {v.next}
          </button>
        </nav>
      </Card>
    </div>
  );
}
