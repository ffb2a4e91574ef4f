import { formatFen } from '../../protocol/money.ts';
import { t } from '../../i18n/zh-CN.ts';

/** An amount as the site writes it (spec §9: two decimals, thousands separators), e.g. ¥1,234.50. */
export function Yuan({ fen, signed = false }: { fen: number; signed?: boolean }) {
  const text = t.wallet.yuan(formatFen(Math.abs(fen)));
  const sign = signed ? (fen > 0 ? '+' : fen < 0 ? '-' : '') : fen < 0 ? '-' : '';
  return (
    <span className={`money${signed && fen < 0 ? ' money--out' : signed && fen > 0 ? ' money--in' : ''}`}>
      {sign + text}
    </span>
  );
}
