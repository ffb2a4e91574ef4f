// The deposit calls (issue 9 §3; docs/api.md "Deposits"): amounts in fen; the order carries the sandbox
// cashier's link.
import { isMoneyCode } from '../../protocol/api.ts';
import type { DepositChannels, DepositOrder, NewDepositOrder } from '../../protocol/deposit.ts';
import { apiGet, apiPost, type ApiCallConfig } from '../client.ts';

export const DEPOSIT_PATH = {
  channels: '/fd/api/v1/deposit/channels',
  order: '/fd/api/v1/deposit/order',
  detail: '/fd/api/v1/deposit/order/detail',
  cancel: '/fd/api/v1/deposit/order/cancel',
} as const;

/** The deposit page shows its own refusals (30001–30099); every other code reaches the app's catalogue. */
const ownErrors: ApiCallConfig = { handles: (e) => e.type === 'business' && isMoneyCode(e.code) };

export const fetchDepositChannels = () => apiGet<DepositChannels>(DEPOSIT_PATH.channels);
export const createDepositOrder = (order: NewDepositOrder) =>
  apiPost<DepositOrder>(DEPOSIT_PATH.order, order, ownErrors);
export const readDepositOrder = (orderId: string) =>
  apiPost<DepositOrder>(DEPOSIT_PATH.detail, { orderId }, ownErrors);
export const cancelDepositOrder = (orderId: string) =>
  apiPost<DepositOrder>(DEPOSIT_PATH.cancel, { orderId }, ownErrors);
