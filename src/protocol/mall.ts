// Coins and the mall (issue 13 §6; docs/mall.md, the endpoints in docs/api.md "Mall"). Wire shapes shared by the
// pages and the reference back end. Coins are whole coins (their own currency); money is integer fen.

// ——— Endpoints (member only, the /site/api signature group) ———
export const MALL_PATH = {
  /** GET: the member's coins, VIP level, the earning rate and the items (with what the member already took). */
  items: '/site/api/v1/mall/items',
  /** POST: redeem one item (idempotent by the caller's requestId). */
  redeem: '/site/api/v1/mall/redeem',
  /** POST: the member's redemptions (filtered, paged). */
  records: '/site/api/v1/mall/records',
  /** POST: the coins account's movements (earned and spent). */
  coinRecords: '/site/api/v1/mall/coinRecords',
  /** POST: every reward movement of both currencies, each with its currency. */
  currencyRecords: '/site/api/v1/mall/currencyRecords',
  /** POST: activity rewards and operator adjustments (welfare). */
  welfareRecords: '/site/api/v1/mall/welfareRecords',
} as const;

// ——— The pages (spec §2) ———
export const MALL_PAGE = {
  currency: '/mine/currency',
  record: '/mine/mall/record',
  coinRecord: '/mine/mall/coinRecord',
  currencyRecord: '/mine/record/currencyRecord',
  welfare: '/mine/record/welfare',
} as const;

/** The site config key of the earning rate: whole coins per 100 yuan (10 000 fen) of valid bet (docs/mall.md). */
export const COINS_RATE_KEY = 'coinsPer100Yuan';
/** Its default: 10 coins per ¥100 of valid bet (design, docs/mall.md). */
export const COINS_PER_100_YUAN_DEFAULT = 10;
/** Fen of valid bet per rate unit: the rate is per 100 yuan. */
export const FEN_PER_RATE_UNIT = 10_000;

export const MALL_ITEM_KINDS = ['bonus', 'vip_exp', 'prize'] as const;
export type MallItemKind = (typeof MALL_ITEM_KINDS)[number];

export interface MallItem {
  id: string;
  kind: MallItemKind;
  name: string;
  description: string;
  /** Which drawn picture the page shows. */
  art: string;
  /** Whole coins. */
  price: number;
  stock: number;
  /** How many one member may redeem in all. */
  limit: number;
  /** How many this member already redeemed. */
  redeemed: number;
  /** The VIP level needed (members.vip_level ≥ this). */
  vipMin: number;
  /** Fen: the bonus credited ('bonus'), the VIP valid-bet credit ('vip_exp'), the nominal price ('prize'). */
  value: number;
}

export interface MallOverview {
  coins: number;
  vipLevel: number;
  /** Coins per 100 yuan of valid bet. */
  rate: number;
  items: MallItem[];
}

export interface RedeemRequest {
  /** The caller-made idempotency key (8–48 of A–Z a–z 0–9 _ -): the same id redeems once. */
  requestId: string;
  itemId: string;
}

export interface Redemption {
  id: string;
  requestId: string;
  itemId: string;
  kind: MallItemKind;
  itemName: string;
  price: number;
  value: number;
  createdAt: string;
  /** The member's coins after it (the current balance when the same request is asked again). */
  coinsAfter: number;
}

// ——— Records: each filtered by date range (China days, YYYY-MM-DD, inclusive) and kind, paged ———
export const RECORD_SIZE_DEFAULT = 20;
export const RECORD_SIZE_MAX = 50;

export interface RecordQuery<K extends string> {
  page?: number;
  size?: number;
  /** First China day, YYYY-MM-DD. */
  from?: string;
  /** Last China day, YYYY-MM-DD. */
  to?: string;
  kind?: K;
}

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  size: number;
}

export const REDEMPTION_FILTERS = ['all', ...MALL_ITEM_KINDS] as const;
export type RedemptionFilter = (typeof REDEMPTION_FILTERS)[number];

export const COIN_FILTERS = ['all', 'earn', 'spend'] as const;
export type CoinFilter = (typeof COIN_FILTERS)[number];

/** One entry of the coins account. */
export interface CoinEntry {
  id: string;
  /** Signed whole coins: + earned, − spent. */
  amount: number;
  balanceAfter: number;
  /** The ledger transfer kind: coins_bet, coins_activity…, coins_adjustment, mall_redeem. */
  kind: string;
  /** A readable reason (the item's name, the operator's reason). */
  memo: string | null;
  at: string;
}

export const CURRENCIES = ['money', 'coins'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const CURRENCY_FILTERS = ['all', ...CURRENCIES] as const;
export type CurrencyFilter = (typeof CURRENCY_FILTERS)[number];

/** One reward movement: money from the promotions account, or any coins movement. */
export interface CurrencyEntry {
  id: string;
  currency: Currency;
  /** Signed: fen for money, whole coins for coins. */
  amount: number;
  kind: string;
  memo: string | null;
  at: string;
}

export const WELFARE_FILTERS = ['all', 'activity', 'adjustment'] as const;
export type WelfareFilter = (typeof WELFARE_FILTERS)[number];

export interface WelfareEntry {
  id: string;
  currency: Currency;
  amount: number;
  kind: string;
  memo: string | null;
  at: string;
}

export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const MALL_REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{8,48}$/;
export const ITEM_ID_PATTERN = /^[a-z0-9-]{2,40}$/;
