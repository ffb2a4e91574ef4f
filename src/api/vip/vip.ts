// The VIP programme (issue 13 §3; docs/api.md "Member centre", docs/vip.md): amounts in fen; a claim names the
// reward's id (its reason), so repeating it can never pay twice.
import { CODE } from '../../protocol/api.ts';
import {
  VIP_PATH,
  type VipGiftList,
  type VipGiftQuery,
  type VipOverview,
  type VipReward,
} from '../../protocol/vip.ts';
import { apiGet, apiPost, type ApiCallConfig } from '../client.ts';

/** The VIP pages show their own refusals (31021–31039 and 10003); every other code reaches the app's catalogue. */
const ownErrors: ApiCallConfig = {
  handles: (e) =>
    e.type === 'business' &&
    ((typeof e.code === 'number' && e.code >= 31021 && e.code <= 31039) || e.code === CODE.validation),
};

export const fetchVipOverview = () => apiGet<VipOverview>(VIP_PATH.status);
export const claimVipReward = (id: string) => apiPost<VipReward>(VIP_PATH.claim, { id }, ownErrors);
export const fetchVipGifts = (query: VipGiftQuery) => apiPost<VipGiftList>(VIP_PATH.gifts, query, ownErrors);
