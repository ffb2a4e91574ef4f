// Payout accounts (issue 10 §2; docs/api.md "Payout"): the bank list, the bound accounts, add and delete.
import {
  PAYOUT_PATH,
  type AddPayoutAccountRequest,
  type Bank,
  type DeletePayoutAccountRequest,
  type PayoutAccount,
  type PayoutAccountList,
} from '../../protocol/payout.ts';
import { apiGet, apiPost } from '../client.ts';
import { ownErrors } from './own-errors.ts';

export const fetchBanks = () => apiGet<{ banks: Bank[] }>(PAYOUT_PATH.banks);
export const fetchPayoutAccounts = () => apiGet<PayoutAccountList>(PAYOUT_PATH.accounts);
export const addPayoutAccount = (req: AddPayoutAccountRequest) =>
  apiPost<PayoutAccount>(PAYOUT_PATH.addAccount, req, ownErrors);
export const deletePayoutAccount = (req: DeletePayoutAccountRequest) =>
  apiPost<{ id: string }>(PAYOUT_PATH.deleteAccount, req, ownErrors);
