// Coins and the mall (issue 13 §6; docs/api.md "Mall"): coins are whole coins, money fen. The redeem call carries
// the caller-made requestId the redeem machine keeps until the answer.
import { CODE } from '../../protocol/api.ts';
import {
  MALL_PATH,
  type MallOverview,
  type Paged,
  type RecordQuery,
  type Redemption,
  type RedeemRequest,
} from '../../protocol/mall.ts';
import { apiGet, apiPost, type ApiCallConfig } from '../client.ts';

/** The mall's own refusals (31061–31065, 30002 and 10003) are shown by its page. */
const ownErrors: ApiCallConfig = {
  handles: (e) =>
    e.type === 'business' &&
    ((typeof e.code === 'number' && e.code >= CODE.mallItemNotFound && e.code <= CODE.coinsInsufficient) ||
      e.code === CODE.duplicateRequest ||
      e.code === CODE.validation),
};

export const fetchMall = () => apiGet<MallOverview>(MALL_PATH.items);
export const redeemItem = (req: RedeemRequest) => apiPost<Redemption>(MALL_PATH.redeem, req, ownErrors);

export type RecordsPath = 'records' | 'coinRecords' | 'currencyRecords' | 'welfareRecords';

export function fetchMallRecords<T>(which: RecordsPath, query: RecordQuery<string>): Promise<Paged<T>> {
  return apiPost<Paged<T>>(MALL_PATH[which], query);
}
