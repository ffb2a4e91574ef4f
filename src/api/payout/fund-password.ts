// The fund password (issue 10 §3; docs/api.md "Payout").
import {
  PAYOUT_PATH,
  type FundPasswordChangeRequest,
  type FundPasswordSetRequest,
  type FundPasswordStatus,
} from '../../protocol/payout.ts';
import { apiGet, apiPost } from '../client.ts';
import { ownErrors } from './own-errors.ts';

export const fetchFundPasswordStatus = () => apiGet<FundPasswordStatus>(PAYOUT_PATH.fundPasswordStatus);
export const setFundPassword = (req: FundPasswordSetRequest) =>
  apiPost<FundPasswordStatus>(PAYOUT_PATH.fundPasswordSet, req, ownErrors);
export const changeFundPassword = (req: FundPasswordChangeRequest) =>
  apiPost<FundPasswordStatus>(PAYOUT_PATH.fundPasswordChange, req, ownErrors);
