// Shared data of the payout model tests (issue 10), written from the issue and src/protocol/payout.ts shapes.
import type { PayoutAccount, PayoutKind } from '../../../src/protocol/payout.ts';

/** A coded refusal as the API client raises it (a BusinessError: type 'business', code, message, data). */
export const refused = (code: number, message: string, data: unknown = null) =>
  Object.assign(new Error(message), { type: 'business', code, data });
/** No answer (a TransportError). */
export const NO_ANSWER = Object.assign(new Error('timeout'), { type: 'transport', kind: 'timeout' });

export const account = (id: string, kind: PayoutKind, masked: string): PayoutAccount => ({
  id,
  kind,
  masked,
  holder: kind === 'usdt' ? null : '张三',
  bankCode: kind === 'bank' ? 'ICBC' : null,
  bankName: kind === 'bank' ? '中国工商银行' : null,
  province: kind === 'bank' ? '广东省' : null,
  city: kind === 'bank' ? '深圳市' : null,
  branch: null,
  network: kind === 'usdt' ? 'TRC20' : null,
  label: kind === 'usdt' ? '冷钱包' : null,
  hasQr: false,
  createdAt: '2026-11-25T10:00:00.000Z',
});

/** issue 10 §2: 5 bank cards; the other kinds (design) 3, USDT 5 — written here as the issue and design say. */
export const LIMITS = {
  bank: 5,
  alipay: 3,
  wechat: 3,
  ebpay: 3,
  koipay: 3,
  sharelife: 3,
  digital: 3,
  usdt: 5,
};
