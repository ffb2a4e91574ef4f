import type { ReactNode } from 'react';
import { vipText as v } from '../../i18n/zh-CN-vip.ts';
import { formatFen } from '../../protocol/money.ts';

// Small pieces the VIP area's pages share.

export const yuan = (fen: number) => formatFen(fen);
/** Basis points as a percentage (30 bp → 0.30%). */
export const percent = (bp: number) => `${(bp / 100).toFixed(2)}%`;
export const when = (iso: string) =>
  new Date(iso).toLocaleString('zh-CN', { hour12: false, timeZone: 'Asia/Shanghai' });
/** Whole yuan of the table as the site writes money (¥1,000.00). */
export const tableYuan = (y: number) => `¥${formatFen(y * 100)}`;

export function Card({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`card vip-card${className ? ` ${className}` : ''}`} aria-label={label}>
      {children}
    </section>
  );
}

export function Failed({ onRetry }: { onRetry: () => void }) {
  return (
    <p className="form-alert form-alert--error" role="alert">
      {v.loadFailed}{' '}
      <button type="button" className="btn btn--small" onClick={onRetry}>
        {v.retry}
      </button>
    </p>
  );
}

export function Header({ title }: { title: string }) {
  return (
    <header className="page-header">
      <h1>{title}</h1>
    </header>
  );
}

/** One measure toward a threshold: its name, a bar and the numbers. */
export function Progress(props: { label: string; have: number; need: number; testId: string }) {
  const { label, have, need } = props;
  const done = have >= need;
  const max = Math.max(need, 1);
  return (
    <div className="vip-progress" data-testid={props.testId}>
      <div className="vip-progress__head">
        <span>{label}</span>
        <span className="vip-progress__value">{v.progressValue(yuan(have), yuan(need))}</span>
      </div>
      <progress className="vip-progress__bar" max={max} value={Math.min(have, max)} aria-label={label} />
      <span className="vip-progress__left">{done ? v.reached : v.stillNeeded(yuan(need - have))}</span>
    </div>
  );
}
