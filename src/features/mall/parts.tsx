import { Link } from 'react-router-dom';
import { MALL_PAGE_PATHS } from '../../../machines/mall/paths.ts';
import { t } from '../../i18n/zh-CN.ts';
import { mallText as m } from '../../i18n/zh-CN-mall.ts';

/** The title of a spec §2 page. */
export const pageTitle = (path: string): string => (t.pages as Record<string, string>)[path] ?? '';

/** A time as the player reads it (zh-CN, 24 h). */
export const clock = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });

export function PageHeader({ path }: { path: string }) {
  return (
    <header className="page-header mall-header">
      <h1>{pageTitle(path)}</h1>
      <p className="field__hint">{m.sandbox}</p>
    </header>
  );
}

/** The mall's pages, one hop from each other. */
export function MallLinks({ here }: { here: string }) {
  const links: Array<[string, string]> = [
    [MALL_PAGE_PATHS.currency, pageTitle(MALL_PAGE_PATHS.currency)],
    [MALL_PAGE_PATHS.record, m.toRecords],
    [MALL_PAGE_PATHS.coinRecord, m.toCoinRecords],
    [MALL_PAGE_PATHS.currencyRecord, m.toCurrencyRecords],
    [MALL_PAGE_PATHS.welfare, m.toWelfare],
  ];
  return (
    <nav className="mall-links" aria-label={pageTitle(MALL_PAGE_PATHS.currency)}>
      {links.map(([to, name]) =>
        to === here ? (
          <span key={to} className="mall-links__here" aria-current="page">
            {name}
          </span>
        ) : (
          <Link key={to} to={to}>
            {name}
          </Link>
        ),
      )}
    </nav>
  );
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <p className="form-alert form-alert--error" role="alert">
      {m.loadFailed}{' '}
      <button type="button" className="btn btn--small" onClick={onRetry}>
        {m.retry}
      </button>
    </p>
  );
}
