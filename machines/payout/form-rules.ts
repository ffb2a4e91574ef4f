// The payout forms' checks in the browser (issue 10 §1–2), from the shared pure rules of
// src/protocol/payout-rules.ts (GB 11643 check digit, Luhn, base58check, EIP-55, names, wallet ids) and the
// region list. The age check needs today's date and stays with the server (30024).
import {
  checkIdNumber,
  CN_MOBILE_PATTERN,
  isEmail,
  isValidCardNumber,
  isValidRealName,
  isValidUsdtAddress,
  normaliseCardNumber,
  USDT_LABEL_MAX,
  WALLET_ID_PATTERN,
  WECHAT_ID_PATTERN,
} from '../../src/protocol/payout-rules.ts';
import type { PayoutKind, UsdtNetwork } from '../../src/protocol/payout.ts';
import { isRegion } from '../../src/protocol/regions.ts';

/** Chinese names (2–20 characters, foreign and minority names joined with ·). */
export const isRealName = (name: string) => isValidRealName(name);

/** The ID number's shape, region, check character and birth date (not the age: that needs today). */
export function idNumberProblem(id: string): 'idFormat' | 'idInvalid' | null {
  const check = checkIdNumber(id, { year: 9999, month: 12, day: 31 });
  if (check.ok) return null;
  return check.reason === 'format' ? 'idFormat' : 'idInvalid';
}

export type AccountField = 'account' | 'bankCode' | 'province' | 'city' | 'label' | 'qrImage';
export type AccountProblem =
  | 'required'
  | 'cardNumber'
  | 'alipay'
  | 'wechat'
  | 'ebpay'
  | 'koipay'
  | 'sharelife'
  | 'digital'
  | 'trc20'
  | 'erc20'
  | 'region'
  | 'label'
  | 'qrType'
  | 'qrSize';

export interface AccountFields {
  account: string;
  bankCode: string;
  province: string;
  city: string;
  branch: string;
  network: UsdtNetwork;
  label: string;
  qrImage: string | null;
}

/** The account as it is sent: a card without its spaces, a wallet id upper-cased. */
export function normaliseAccount(kind: PayoutKind, account: string): string {
  const a = account.trim();
  if (kind === 'bank') return normaliseCardNumber(a);
  if (kind === 'ebpay' || kind === 'koipay' || kind === 'sharelife' || kind === 'digital')
    return a.toUpperCase();
  return a;
}

function accountProblem(kind: PayoutKind, account: string, network: UsdtNetwork): AccountProblem | null {
  if (!account) return 'required';
  switch (kind) {
    case 'bank':
      return isValidCardNumber(account) ? null : 'cardNumber';
    case 'alipay':
      return CN_MOBILE_PATTERN.test(account) || isEmail(account) ? null : 'alipay';
    case 'wechat':
      return WECHAT_ID_PATTERN.test(account) || CN_MOBILE_PATTERN.test(account) ? null : 'wechat';
    case 'usdt':
      return isValidUsdtAddress(network, account) ? null : network === 'TRC20' ? 'trc20' : 'erc20';
    default:
      return WALLET_ID_PATTERN[kind].test(account) ? null : kind;
  }
}

/** What is wrong with each field of an account of `kind`, or an empty object. */
export function accountProblems(
  kind: PayoutKind,
  f: AccountFields,
): Partial<Record<AccountField, AccountProblem>> {
  const out: Partial<Record<AccountField, AccountProblem>> = {};
  const account = accountProblem(kind, normaliseAccount(kind, f.account), f.network);
  if (account) out.account = account;
  if (kind === 'bank') {
    if (!f.bankCode) out.bankCode = 'required';
    if (!f.province) out.province = 'required';
    if (!f.city) out.city = 'required';
    else if (f.province && !isRegion(f.province, f.city)) out.city = 'region';
  }
  if (kind === 'usdt') {
    const n = [...f.label.trim()].length;
    if (n < 1 || n > USDT_LABEL_MAX) out.label = 'label';
  }
  return out;
}
