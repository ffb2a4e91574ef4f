import type { ReactNode } from 'react';
import { formatFen } from '../../protocol/money.ts';
import { rebateText as r } from '../../i18n/zh-CN-rebate.ts';

// Small pieces the rebate area's pages share.

export const yuan = (fen: number) => formatFen(fen);
/** Basis points as a percentage (30 bp → 0.30%). */
export const percent = (bp: number) => `${(bp / 100).toFixed(2)}%`;
export const when = (iso: string) =>
  new Date(iso).toLocaleString('zh-CN', { hour12: false, timeZone: 'Asia/Shanghai' });

export function Money({ fen }: { fen: number }) {
  return <span className="rebate-money">¥{yuan(fen)}</span>;
}

export function Pager(props: {
  page: number;
  pages: number;
  busy: boolean;
  label: string;
  onPage: (page: number) => void;
}) {
  const { page, pages, busy, onPage } = props;
  return (
    <nav className="pager" aria-label={props.label}>
      <button
        type="button"
        className="btn btn--small btn--ghost"
        disabled={page <= 1 || busy}
        onClick={() => onPage(page - 1)}
      >
        {r.prev}
      </button>
      <span>{r.pageOf(page, pages)}</span>
      <button
        type="button"
        className="btn btn--small btn--ghost"
        disabled={page >= pages || busy}
        onClick={() => onPage(page + 1)}
      >
        {r.next}
      </button>
    </nav>
  );
}

export function Failed({ onRetry }: { onRetry: () => void }) {
  return (
    <p className="form-alert form-alert--error" role="alert">
      {r.loadFailed}{' '}
      <button type="button" className="btn btn--small" onClick={onRetry}>
        {r.retry}
      </button>
    </p>
  );
}

export function Card({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section className="card rebate-card" aria-label={label}>
      {children}
    </section>
  );
}
