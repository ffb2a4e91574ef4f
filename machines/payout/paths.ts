// The payout area's pages (spec §2; issue 10): which page each path is, and for the account pages which kind.
import type { PayoutKind } from '../../src/protocol/payout.ts';

export const KYC_PATH = '/mine/userInfo/authentication';
export const BIND_BANK_CARD_PATH = '/mine/userInfo/authentication/bindBankCard';
export const WITHDRAWAL_PATH = '/mine/finance/withdrawal';
export const BANK_PATH = '/mine/addBankCard';
export const USDT_PATH = '/mine/virtualCoinCard';
export const USDT_TUTORIAL_PATH = '/help/xnbcqkjc';

/** spec §2: the add page and the list page of each e-wallet kind (the spellings are the spec's). */
export const EWALLET_PATHS = {
  ebpay: { add: '/mine/addEBpayCard', list: '/mine/ebpayAcount' },
  koipay: { add: '/mine/addKOIpayCard', list: '/mine/koipayAcount' },
  alipay: { add: '/mine/addAlipayCard', list: '/mine/alipayAcount' },
  sharelife: { add: '/mine/addSharelifeCard', list: '/mine/sharelifeAcount' },
  wechat: { add: '/mine/addwechatCard', list: '/mine/wechatAcount' },
  digital: { add: '/mine/addDigitalCard', list: '/mine/digitalAcount' },
} as const;

export type PayoutPage =
  | { page: 'kyc' }
  | { page: 'bindBankCard' }
  | { page: 'withdrawal' }
  /** The list with its add form on the same page (bank cards, USDT addresses). */
  | { page: 'accountsWithForm'; kind: PayoutKind }
  | { page: 'add'; kind: PayoutKind }
  | { page: 'list'; kind: PayoutKind }
  | { page: 'static' };

export function payoutPageOf(path: string): PayoutPage {
  if (path === KYC_PATH) return { page: 'kyc' };
  if (path === BIND_BANK_CARD_PATH) return { page: 'bindBankCard' };
  if (path === WITHDRAWAL_PATH) return { page: 'withdrawal' };
  if (path === BANK_PATH) return { page: 'accountsWithForm', kind: 'bank' };
  if (path === USDT_PATH) return { page: 'accountsWithForm', kind: 'usdt' };
  for (const [kind, p] of Object.entries(EWALLET_PATHS) as Array<
    [PayoutKind, { add: string; list: string }]
  >) {
    if (path === p.add) return { page: 'add', kind };
    if (path === p.list) return { page: 'list', kind };
  }
  return { page: 'static' };
}

/** Where the player sees the accounts of a kind (after binding one). */
export function listPathOf(kind: PayoutKind): string {
  if (kind === 'bank') return BANK_PATH;
  if (kind === 'usdt') return USDT_PATH;
  return EWALLET_PATHS[kind].list;
}

/** Where the player binds an account of a kind. */
export function addPathOf(kind: PayoutKind): string {
  if (kind === 'bank') return BANK_PATH;
  if (kind === 'usdt') return USDT_PATH;
  return EWALLET_PATHS[kind].add;
}
