// Real-name verification (issue 10 §1; docs/api.md "Payout").
import { PAYOUT_PATH, type KycStatus, type KycVerifyRequest } from '../../protocol/payout.ts';
import { apiGet, apiPost } from '../client.ts';
import { ownErrors } from './own-errors.ts';

export const fetchKycStatus = () => apiGet<KycStatus>(PAYOUT_PATH.kycStatus);
export const verifyKyc = (req: KycVerifyRequest) => apiPost<KycStatus>(PAYOUT_PATH.kycVerify, req, ownErrors);
