// How the games page writes amounts and the visit's result (spec §9's formatFen; a net result signed, so a loss
// is never dressed as a win: issue 12 §2).
import { formatFen } from '../protocol/money.ts';

/** ¥1,234.50 */
export const yuan = (fen: number): string => (fen < 0 ? `−¥${formatFen(-fen)}` : `¥${formatFen(fen)}`);

/** The visit's net result: "+¥12.00" / "−¥3.50" / "¥0.00". */
export const signedYuan = (fen: number): string => (fen > 0 ? `+${yuan(fen)}` : yuan(fen));
