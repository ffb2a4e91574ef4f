import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { pagesOf, type RecordFilter } from '../../../machines/wallet/records.machine.ts';
import { RECORD_KINDS, type RecordKind } from '../../protocol/wallet.ts';
import { t } from '../../i18n/zh-CN.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { Yuan } from './money.tsx';
import { useRecords, useWallet } from './use-wallet.ts';

const time = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });

/** /mine/record/transRecord (issue 9 §4): every movement, by kind and date range, paged, newest first. */
export function RecordsPage() {
  const records = useRecords();
  const wallet = useWallet();
  const venues = useSelector(wallet, (s) => s?.context.summary?.venues ?? []);
  const state = useSelector(records, (s) => (s ? String(s.value) : 'loading'));
  const ctx = useSelector(records, (s) => s?.context);
  // The filter being typed (a form's draft): sent to the machine on 查询.
  const [draft, setDraft] = useState<RecordFilter>({ kind: '', from: '', to: '' });
  const search = (e: FormEvent) => {
    e.preventDefault();
    records?.send({ type: 'records.filter', filter: draft });
  };
  const walletName = (w: string) =>
    w === 'central' ? t.wallet.central : (venues.find((v) => v.venue === w)?.name ?? w);
  const pages = pagesOf(ctx?.result ?? null);
  return (
    <>
      <header className="page-header wallet-header">
        <h1>{t.pages['/mine/record/transRecord']}</h1>
      </header>
      <form className="card wallet-card records-filter" onSubmit={search} noValidate>
        <div className="field">
          <label className="field__label" htmlFor="records-kind">
            {t.records.kind}
          </label>
          <select
            id="records-kind"
            className="field__select"
            value={draft.kind}
            onChange={(e) => setDraft({ ...draft, kind: e.target.value as RecordKind | '' })}
          >
            <option value="">{t.records.allKinds}</option>
            {RECORD_KINDS.map((k) => (
              <option key={k} value={k}>
                {t.records.kinds[k]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="records-from">
            {t.records.from}
          </label>
          <input
            id="records-from"
            className="field__input"
            type="date"
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="records-to">
            {t.records.to}
          </label>
          <input
            id="records-to"
            className="field__input"
            type="date"
            value={draft.to}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </div>
        <button type="submit" className="btn">
          {t.records.search}
        </button>
        {ctx?.problem === 'badRange' && (
          <p className="form-alert form-alert--error" role="alert">
            {t.records.badRange}
          </p>
        )}
      </form>
      {state === 'failed' ? (
        <p className="form-alert form-alert--error" role="alert">
          {t.records.loadFailed}{' '}
          <button
            type="button"
            className="btn btn--small"
            onClick={() => records?.send({ type: 'records.retry' })}
          >
            {t.wallet.retry}
          </button>
        </p>
      ) : !ctx?.result ? (
        <LoadingScreen />
      ) : ctx.result.items.length === 0 ? (
        <p className="card wallet-card">{t.records.empty}</p>
      ) : (
        <section className="card wallet-card" aria-busy={state === 'loading' || undefined}>
          <ul className="records">
            {ctx.result.items.map((r) => (
              <li key={`${r.id}:${r.wallet}`} className="record">
                <span className="record__kind">{t.records.kinds[r.kind] ?? r.kind}</span>
                <span className="record__wallet">{walletName(r.wallet)}</span>
                <span className="record__amount">
                  <Yuan fen={r.amount} signed />
                </span>
                <span className="record__after">
                  {r.hold || r.balanceAfter === null ? (
                    t.records.hold[r.hold ?? 'held']
                  ) : (
                    <>
                      {t.records.balanceAfter} <Yuan fen={r.balanceAfter} />
                    </>
                  )}
                </span>
                <time className="record__time" dateTime={r.at}>
                  {time(r.at)}
                </time>
                <span className="record__id">
                  {t.records.id} {r.id}
                </span>
              </li>
            ))}
          </ul>
          <nav className="pager" aria-label={t.records.pageOf(ctx.page, pages)}>
            <button
              type="button"
              className="btn btn--small btn--ghost"
              disabled={ctx.page <= 1 || state === 'loading'}
              onClick={() => records?.send({ type: 'records.page', page: ctx.page - 1 })}
            >
              {t.records.prev}
            </button>
            <span>{t.records.pageOf(ctx.page, pages)}</span>
            <button
              type="button"
              className="btn btn--small btn--ghost"
              disabled={ctx.page >= pages || state === 'loading'}
              onClick={() => records?.send({ type: 'records.page', page: ctx.page + 1 })}
            >
              {t.records.next}
            </button>
          </nav>
        </section>
      )}
    </>
  );
}
