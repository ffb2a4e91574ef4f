// Withdrawals (issue 10 §3; docs/api.md "Withdrawals"): amounts in fen; the create call carries the caller-made
// requestId the withdrawal machine keeps until the answer.
import {
  PAYOUT_PATH,
  type Withdrawal,
  type WithdrawalCreateRequest,
  type WithdrawalList,
  type WithdrawalListRequest,
  type WithdrawalOptions,
} from '../../protocol/payout.ts';
import { apiGet, apiPost } from '../client.ts';
import { ownErrors } from './own-errors.ts';

export const fetchWithdrawalOptions = () => apiGet<WithdrawalOptions>(PAYOUT_PATH.withdrawalOptions);
export const createWithdrawal = (req: WithdrawalCreateRequest) =>
  apiPost<Withdrawal>(PAYOUT_PATH.withdrawalCreate, req, ownErrors);
export const fetchWithdrawals = (req: WithdrawalListRequest = { page: 1, size: 20 }) =>
  apiPost<WithdrawalList>(PAYOUT_PATH.withdrawalList, req);
export const cancelWithdrawal = (id: string) =>
  apiPost<Withdrawal>(PAYOUT_PATH.withdrawalCancel, { id }, ownErrors);
