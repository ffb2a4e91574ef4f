// The wallet calls (issue 9 §2, §4; docs/api.md "Wallet"): amounts in fen, every money-moving call carries the
// caller-made requestId the wallet machines keep until the answer.
import type {
  RecallResult,
  RecordKind,
  RecordPage,
  VenueRefresh,
  WalletSummary,
  WalletTransferRequest,
  WalletTransferResult,
} from '../../protocol/wallet.ts';
import { isMoneyCode } from '../../protocol/api.ts';
import { apiGet, apiPost, type ApiCallConfig } from '../client.ts';

export const WALLET_PATH = {
  summary: '/fd/api/v1/wallet/summary',
  transfer: '/fd/api/v1/wallet/transfer',
  recall: '/fd/api/v1/wallet/recall',
  autoTransfer: '/fd/api/v1/wallet/autoTransfer',
  refresh: '/fd/api/v1/wallet/venue/refresh',
  records: '/fd/api/v1/wallet/records',
} as const;

export const fetchWallet = () => apiGet<WalletSummary>(WALLET_PATH.summary);

/**
 * The wallet shows its own refusals (30001–30099, on the form or the card), so the error bus does not raise them
 * again; every other code (a session that ended, a restriction) still reaches the app's error catalogue.
 */
const ownErrors: ApiCallConfig = { handles: (e) => e.type === 'business' && isMoneyCode(e.code) };

export const transferFunds = (req: WalletTransferRequest) =>
  apiPost<WalletTransferResult>(WALLET_PATH.transfer, req, ownErrors);

export const recallFunds = (requestId: string) =>
  apiPost<RecallResult>(WALLET_PATH.recall, { requestId }, ownErrors);

export const switchAutoTransfer = (enabled: boolean, requestId: string) =>
  apiPost<{ autoTransfer: boolean; recall: RecallResult | null }>(
    WALLET_PATH.autoTransfer,
    { enabled, requestId },
    ownErrors,
  );

export const refreshVenueWallet = (venue: string) =>
  apiPost<VenueRefresh>(WALLET_PATH.refresh, { venue }, ownErrors);

export interface RecordQuery {
  kind?: RecordKind | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  pageSize: number;
}

export const fetchRecords = (q: RecordQuery) =>
  apiPost<RecordPage>(
    WALLET_PATH.records,
    Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')),
  );
