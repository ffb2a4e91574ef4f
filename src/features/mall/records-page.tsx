import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { MALL_PAGE_PATHS } from '../../../machines/mall/paths.ts';
import type { RecordsWhich } from '../../../machines/mall/records.machine.ts';
import { mallText as m } from '../../i18n/zh-CN-mall.ts';
import type { CoinEntry, CurrencyEntry, MallItemKind } from '../../protocol/mall.ts';
import { formatFen } from '../../protocol/money.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { clock, LoadFailed, MallLinks, PageHeader } from './parts.tsx';
import { useCoinsPushes, useMallChild } from './use-mall.ts';

interface RedemptionRecord {
  id: string;
  itemName: string;
  kind: MallItemKind;
  price: number;
  note: string;
  createdAt: string;
}

const FILTERS: Record<RecordsWhich, Record<string, string>> = {
  records: m.redemptionFilters,
  coinRecords: m.coinFilters,
  currencyRecords: m.currencyFilters,
  welfareRecords: m.welfareFilters,
};

const signed = (n: number, text: string) => (n > 0 ? `+${text}` : text);
const amountText = (e: { currency: 'money' | 'coins'; amount: number }) =>
  e.currency === 'coins'
    ? signed(e.amount, m.coinsUnit(e.amount))
    : signed(e.amount, `¥${formatFen(e.amount)}`);

function Rows({ which, items }: { which: RecordsWhich; items: unknown[] }) {
  const c = m.columns;
  if (which === 'records') {
    const rows = items as RedemptionRecord[];
    return (
      <table className="mall-table">
        <thead>
          <tr>
            <th scope="col">{c.time}</th>
            <th scope="col">{c.item}</th>
            <th scope="col">{c.price}</th>
            <th scope="col">{c.result}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td>{clock(r.createdAt)}</td>
              <td>
                {r.itemName} <span className={`mall-tag mall-tag--${r.kind}`}>{m.kinds[r.kind]}</span>
              </td>
              <td>{m.coinsUnit(r.price)}</td>
              <td>{r.note}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  if (which === 'coinRecords') {
    const rows = items as CoinEntry[];
    return (
      <table className="mall-table">
        <thead>
          <tr>
            <th scope="col">{c.time}</th>
            <th scope="col">{c.kind}</th>
            <th scope="col">{c.amount}</th>
            <th scope="col">{c.balance}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td>{clock(r.at)}</td>
              <td>
                {m.movement(r.kind)}
                {r.memo ? ` · ${r.memo}` : ''}
              </td>
              <td className={r.amount > 0 ? 'mall-plus' : 'mall-minus'}>
                {amountText({ currency: 'coins', amount: r.amount })}
              </td>
              <td>{m.coinsUnit(r.balanceAfter)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  const rows = items as CurrencyEntry[];
  return (
    <table className="mall-table">
      <thead>
        <tr>
          <th scope="col">{c.time}</th>
          <th scope="col">{c.currency}</th>
          <th scope="col">{c.kind}</th>
          <th scope="col">{c.amount}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id}>
            <td>{clock(r.at)}</td>
            <td>{m.currency[r.currency]}</td>
            <td>
              {m.movement(r.kind)}
              {r.memo ? ` · ${r.memo}` : ''}
            </td>
            <td className={r.amount > 0 ? 'mall-plus' : 'mall-minus'}>{amountText(r)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A record page of the mall area (issue 13 §6): filtered by kind and China days, paged. */
function RecordsPage({ path, which }: { path: string; which: RecordsWhich }) {
  useCoinsPushes();
  const flow = useMallChild('records');
  const state = useSelector(flow, (s) => (s ? String(s.value) : 'loading'));
  const ctx = useSelector(flow, (s) => s?.context);
  const [draft, setDraft] = useState({ from: '', to: '' });
  const header = (
    <>
      <PageHeader path={path} />
      <MallLinks here={path} />
    </>
  );
  // Moving from one record page to another, the flow of the page left may still answer for a moment.
  if (!flow || !ctx || ctx.which !== which)
    return (
      <>
        {header}
        <LoadingScreen />
      </>
    );
  const send = flow.send.bind(flow);
  const search = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'records.range', from: draft.from, to: draft.to });
  };
  const data = ctx.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.size)) : 1;
  const page = ctx.filter.page;
  return (
    <>
      {header}
      <form className="card mall-filter" onSubmit={search} aria-label={m.search}>
        <label className="field">
          <span className="field__label">{m.filterKind}</span>
          <select
            className="field__input"
            value={ctx.filter.kind}
            onChange={(e) => send({ type: 'records.kind', kind: e.target.value })}
          >
            {Object.entries(FILTERS[which]).map(([k, name]) => (
              <option key={k} value={k}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{m.from}</span>
          <input
            className="field__input"
            type="date"
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </label>
        <label className="field">
          <span className="field__label">{m.to}</span>
          <input
            className="field__input"
            type="date"
            value={draft.to}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </label>
        <button type="submit" className="btn">
          {m.search}
        </button>
      </form>
      {state === 'failed' ? (
        <LoadFailed onRetry={() => send({ type: 'records.retry' })} />
      ) : !data ? (
        <LoadingScreen />
      ) : (
        <section
          className="card mall-records"
          aria-busy={state === 'loading' || undefined}
          aria-label={m.total(data.total)}
        >
          {data.items.length === 0 ? (
            <p className="mall-empty" role="status">
              {which === 'welfareRecords' ? m.welfareEmpty : m.empty}
            </p>
          ) : (
            <Rows which={which} items={data.items} />
          )}
          <nav className="mall-pager" aria-label={m.pageOf(page, pages)}>
            <span>{m.total(data.total)}</span>
            <button
              type="button"
              className="btn btn--small btn--ghost"
              disabled={page <= 1 || state !== 'shown'}
              onClick={() => send({ type: 'records.page', page: page - 1 })}
            >
              {m.prev}
            </button>
            <span>{m.pageOf(page, pages)}</span>
            <button
              type="button"
              className="btn btn--small btn--ghost"
              disabled={page >= pages || state !== 'shown'}
              onClick={() => send({ type: 'records.page', page: page + 1 })}
            >
              {m.next}
            </button>
          </nav>
        </section>
      )}
    </>
  );
}

export const RedemptionRecordPage = () => <RecordsPage path={MALL_PAGE_PATHS.record} which="records" />;
export const CoinRecordPage = () => <RecordsPage path={MALL_PAGE_PATHS.coinRecord} which="coinRecords" />;
export const CurrencyRecordPage = () => (
  <RecordsPage path={MALL_PAGE_PATHS.currencyRecord} which="currencyRecords" />
);
export const WelfarePage = () => <RecordsPage path={MALL_PAGE_PATHS.welfare} which="welfareRecords" />;
