// Money as the site writes it (spec §5 amount input, §9 amounts): integer minor units (fen) everywhere, yuan
// text only at the edges. Shared by the pages and the server (pure, no floats in the arithmetic).

/** Fen per yuan. */
export const FEN_PER_YUAN = 100;
/** spec §5: amounts are cut (never rounded) to two decimals. */
export const AMOUNT_DECIMALS = 2;

/**
 * spec §5 amount input: non-numeric characters removed, only the first decimal point kept, cut to two
 * decimals, leading zeros handled ('00' → '0', '007' → '7', '0.5' stays); '.' alone becomes empty.
 */
export function cleanAmountInput(raw: string, decimals = AMOUNT_DECIMALS): string {
  let text = raw.replace(/[^\d.]/g, '');
  const dot = text.indexOf('.');
  if (dot !== -1) text = text.slice(0, dot + 1) + text.slice(dot + 1).replace(/\./g, '');
  if (text === '.') return '';
  const [rawWhole = '', fraction] = text.split('.') as [string, string | undefined];
  let whole = rawWhole.replace(/^0+(?=\d)/, '');
  if (fraction === undefined) return whole;
  if (whole === '') whole = '0';
  return `${whole}.${fraction.slice(0, decimals)}`;
}

/** Yuan text (as cleanAmountInput leaves it, or an operator's '12.5') as fen; null when it is not an amount. */
export function yuanToFen(text: string): number | null {
  const m = /^(\d{1,13})(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!m) return null;
  const fen = Number(m[1]) * FEN_PER_YUAN + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(fen) ? fen : null;
}

/** spec §9: two decimals with thousands separators ('1,234,567.80', '-12.00'). */
export function formatFen(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new Error(`not an amount in fen: ${fen}`);
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  const whole = Math.floor(abs / FEN_PER_YUAN)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (abs % FEN_PER_YUAN).toString().padStart(2, '0');
  return `${sign}${whole}.${fraction}`;
}
