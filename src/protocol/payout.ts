// The payout side of money (issue 10): real-name verification, payout accounts, the fund password and
// withdrawals. Wire shapes shared by the pages and the reference back end; docs/api.md "Payout" and
// "Withdrawals" list the endpoints, docs/payout.md the design where the spec says "not shown".
// Amounts are integer fen on the wire.

// ——— Endpoints (member only, the /fd/api signature group, spec §7) ———
export const PAYOUT_PATH = {
  kycStatus: '/fd/api/v1/kyc/status',
  kycVerify: '/fd/api/v1/kyc/verify',
  banks: '/fd/api/v1/payout/banks',
  accounts: '/fd/api/v1/payout/accounts',
  addAccount: '/fd/api/v1/payout/accounts/add',
  deleteAccount: '/fd/api/v1/payout/accounts/delete',
  fundPasswordStatus: '/fd/api/v1/fundPassword/status',
  fundPasswordSet: '/fd/api/v1/fundPassword/set',
  fundPasswordChange: '/fd/api/v1/fundPassword/change',
  withdrawalOptions: '/fd/api/v1/withdrawal/options',
  withdrawalCreate: '/fd/api/v1/withdrawal/create',
  withdrawalList: '/fd/api/v1/withdrawal/list',
  withdrawalCancel: '/fd/api/v1/withdrawal/cancel',
} as const;

// ——— Real-name verification (issue 10 §1) ———
/** A player must be this old to verify (issue 10 §1). */
export const KYC_MIN_AGE_YEARS = 18;
/** GB 11643: 17 digits and a check character (0–9 or X). */
export const ID_NUMBER_LENGTH = 18;

export interface KycStatus {
  verified: boolean;
  /** The verified real name (shown to the player; the holder of every payout account). */
  realName: string | null;
  /** The ID number masked: first 3 and last 4 shown, e.g. 110***********123X. */
  idMasked: string | null;
  /** ISO time of verification. */
  verifiedAt: string | null;
}

export interface KycVerifyRequest {
  realName: string;
  idNumber: string;
}

// ——— Payout accounts (issue 10 §2) ———
export const PAYOUT_KINDS = [
  'bank',
  'alipay',
  'wechat',
  'ebpay',
  'koipay',
  'sharelife',
  'digital',
  'usdt',
] as const;
export type PayoutKind = (typeof PAYOUT_KINDS)[number];
/** The e-wallet kinds: one add page and one list page each (spec §2). */
export const EWALLET_KINDS = ['ebpay', 'koipay', 'alipay', 'sharelife', 'wechat', 'digital'] as const;
export type EwalletKind = (typeof EWALLET_KINDS)[number];

/** How many accounts of a kind one member may bind (issue 10 §2: 5 bank cards; the rest is design). */
export const PAYOUT_ACCOUNT_LIMIT: Readonly<Record<PayoutKind, number>> = {
  bank: 5,
  alipay: 3,
  wechat: 3,
  ebpay: 3,
  koipay: 3,
  sharelife: 3,
  digital: 3,
  usdt: 5,
};

export const USDT_NETWORKS = ['TRC20', 'ERC20'] as const;
export type UsdtNetwork = (typeof USDT_NETWORKS)[number];

/** The WeChat receiving QR code: PNG or JPEG, at most this many bytes (design). */
export const WECHAT_QR_MAX_BYTES = 200 * 1024;
export const WECHAT_QR_TYPES = ['image/png', 'image/jpeg'] as const;

export interface Bank {
  /** Short code, e.g. ICBC. */
  code: string;
  /** Chinese name, e.g. 中国工商银行. */
  name: string;
}

/** What a player submits to bind an account; the fields that apply depend on `kind`. */
export interface PayoutAccountInput {
  kind: PayoutKind;
  /**
   * The account itself: the card number (bank), phone or e-mail (alipay), the WeChat account, the wallet id
   * (ebpay, koipay, sharelife, digital) or the address (usdt).
   */
  account: string;
  /** bank only. */
  bankCode?: string;
  province?: string;
  city?: string;
  /** bank only, optional: the branch name. */
  branch?: string;
  /** usdt only. */
  network?: UsdtNetwork;
  /** usdt only: the player's own name for the address (1–20 characters). */
  label?: string;
  /** wechat only, optional: the receiving QR code as a data: URL (PNG or JPEG, ≤ WECHAT_QR_MAX_BYTES). */
  qrImage?: string;
}

export interface AddPayoutAccountRequest extends PayoutAccountInput {
  /** Required once the fund password is set (issue 10 §2). */
  fundPassword?: string;
}

export interface PayoutAccount {
  id: string;
  kind: PayoutKind;
  /** The account masked for display: last 4 of a card, the middle of a phone, e-mail or address hidden. */
  masked: string;
  /** The verified real name (bank, alipay, wechat, ebpay, koipay, sharelife, digital); null for usdt. */
  holder: string | null;
  bankCode: string | null;
  bankName: string | null;
  province: string | null;
  city: string | null;
  branch: string | null;
  network: UsdtNetwork | null;
  label: string | null;
  hasQr: boolean;
  createdAt: string;
}

export interface PayoutAccountList {
  accounts: PayoutAccount[];
  /** PAYOUT_ACCOUNT_LIMIT, as the server applies it. */
  limits: Record<PayoutKind, number>;
  kycVerified: boolean;
  fundPasswordSet: boolean;
}

export interface DeletePayoutAccountRequest {
  id: string;
  fundPassword?: string;
}

// ——— The fund password (issue 10 §3) ———
export const FUND_PASSWORD_PATTERN = /^\d{6}$/;
/** Wrong tries before withdrawals lock (issue 10 §3). */
export const FUND_PASSWORD_MAX_TRIES = 5;
/** How long they stay locked (design). */
export const FUND_PASSWORD_LOCK_MS = 30 * 60_000;

export interface FundPasswordStatus {
  set: boolean;
  /** Wrong tries left before the lock. */
  triesLeft: number;
  /** Epoch ms until which the fund password (and so withdrawing and binding) is locked; null when not. */
  lockedUntil: number | null;
}

export interface FundPasswordSetRequest {
  password: string;
}

/** Changing it needs the SMS code sent for purpose 'fundPassword' (POST /site/api/v1/user/sms/send). */
export interface FundPasswordChangeRequest {
  smsCode: string;
  password: string;
}

// ——— Withdrawals (issue 10 §3) ———
export type WithdrawalState = 'pending' | 'approved' | 'paid' | 'rejected' | 'cancelled';

export interface WithdrawalMethod {
  kind: PayoutKind;
  /** Per withdrawal, fen. */
  min: number;
  max: number;
  /** Fee in basis points of the amount, capped (fen; 0 = no cap). */
  feeBp: number;
  feeCap: number;
}

export interface TurnoverAudit {
  /** Turnover the credited deposits and bonuses require (fen). */
  required: number;
  /** Valid bets counted so far (fen). */
  done: number;
  /** max(0, required - done). */
  outstanding: number;
  /**
   * What the site does while turnover is outstanding: 'refuse' the withdrawal, or 'deduct' an administrative
   * deduction of `deductionBp` of the amount (the site configuration says which).
   */
  policy: 'refuse' | 'deduct';
  deductionBp: number;
}

export interface WithdrawalOptions {
  methods: WithdrawalMethod[];
  /** The central wallet's available balance (fen). */
  available: number;
  today: { count: number; amount: number; countLeft: number; amountLeft: number };
  limits: { dailyCount: number; dailyAmount: number };
  audit: TurnoverAudit;
  /** CNY fen per 1 USDT (the deposit side's rate). */
  usdtRate: number;
  fundPassword: FundPasswordStatus;
  kycVerified: boolean;
}

export interface WithdrawalCreateRequest {
  /** The caller-made idempotency key (REQUEST_ID_PATTERN of src/protocol/wallet.ts). */
  requestId: string;
  accountId: string;
  amount: number;
  fundPassword: string;
  /** The player saw and accepted the administrative deduction (required when the audit's policy deducts). */
  acceptDeduction?: boolean;
}

export interface Withdrawal {
  id: string;
  requestId: string;
  state: WithdrawalState;
  /** Held from the central wallet (fen). */
  amount: number;
  fee: number;
  /** The administrative deduction for outstanding turnover (fen). */
  deduction: number;
  /** What reaches the payout account: amount - fee - deduction (fen). */
  payout: number;
  /** usdt only: the payout in micro-USDT at the rate of the moment, and that rate. */
  usdtMicro: number | null;
  usdtRate: number | null;
  account: PayoutAccount;
  reason: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface WithdrawalListRequest {
  page?: number;
  size?: number;
}

export interface WithdrawalList {
  items: Withdrawal[];
  total: number;
  page: number;
  size: number;
}

export interface WithdrawalCancelRequest {
  id: string;
}
