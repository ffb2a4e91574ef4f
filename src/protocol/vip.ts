// The VIP programme's table (issue 13 §3; design in docs/vip.md). The spec shows no tiers (§9 "VIP tiers: not
// shown"): this table is the site's design, written once here and read by the reference back end (level
// computation, rewards, withdrawal limits, rebate rates) and the pages (/mine/vip, /mine/vip/details, /mine/rebate).
// Amounts are yuan in the table (as players read them); code converts with FEN_PER_YUAN. Rates are basis points
// (1 bp = 0.01 %). Pure data: no DOM, no Node APIs.

import { FEN_PER_YUAN } from './money.ts';
import type { Platform } from './venues.ts';

export interface VipLevel {
  level: number;
  /** Cumulative credited deposits (yuan) needed to reach this level (both measures are needed). */
  depositYuan: number;
  /** Cumulative valid bet (yuan) needed to reach this level. */
  validBetYuan: number;
  /** Valid bet (yuan) within the last KEEP_WINDOW_DAYS needed to keep this level; otherwise down one level. */
  keepValidBetYuan: number;
  /** Paid once, the first time the level is reached (claimed on /mine/vip). */
  upgradeBonusYuan: number;
  /** Once a year, in the member's birthday month. */
  birthdayGiftYuan: number;
  /** Once a month, for a member who made a credited deposit in the previous calendar month. */
  monthlyRedPacketYuan: number;
  /** Withdrawals a day. */
  withdrawalsPerDay: number;
  /** Withdrawal amount a day (yuan). */
  withdrawalYuanPerDay: number;
  /** Rebate (返水) on settled valid bets per category, basis points. */
  rebateBp: Readonly<Record<Platform, number>>;
  /** The most rebate paid a day (yuan), all categories together. */
  rebateDailyCapYuan: number;
}

/** Levels VIP0–VIP10 (issue 13 §3). */
export const VIP_MAX_LEVEL = 10;
/** The keep-level window (issue 13 §3: "a keep-level requirement over 90 days"). */
export const KEEP_WINDOW_DAYS = 90;
/** At most one level up a day (issue 13 §3). */
export const VIP_LEVELS_UP_PER_DAY = 1;
/** The smallest rebate a claim pays (yuan; issue 13 §4 "a minimum applies"). */
export const REBATE_MIN_CLAIM_YUAN = 1;

const rates = (TY: number, DZ: number, DJ: number, ZR: number, CP: number, QP: number, BY: number) => ({
  TY,
  DZ,
  DJ,
  ZR,
  CP,
  QP,
  BY,
});

export const VIP_LEVELS: ReadonlyArray<VipLevel> = [
  {
    level: 0,
    depositYuan: 0,
    validBetYuan: 0,
    keepValidBetYuan: 0,
    upgradeBonusYuan: 0,
    birthdayGiftYuan: 0,
    monthlyRedPacketYuan: 0,
    withdrawalsPerDay: 5,
    withdrawalYuanPerDay: 50_000,
    rebateBp: rates(30, 40, 30, 30, 20, 30, 40),
    rebateDailyCapYuan: 500,
  },
  {
    level: 1,
    depositYuan: 1_000,
    validBetYuan: 5_000,
    keepValidBetYuan: 1_000,
    upgradeBonusYuan: 18,
    birthdayGiftYuan: 18,
    monthlyRedPacketYuan: 8,
    withdrawalsPerDay: 5,
    withdrawalYuanPerDay: 100_000,
    rebateBp: rates(35, 45, 35, 35, 25, 35, 45),
    rebateDailyCapYuan: 1_000,
  },
  {
    level: 2,
    depositYuan: 5_000,
    validBetYuan: 30_000,
    keepValidBetYuan: 5_000,
    upgradeBonusYuan: 58,
    birthdayGiftYuan: 38,
    monthlyRedPacketYuan: 18,
    withdrawalsPerDay: 6,
    withdrawalYuanPerDay: 200_000,
    rebateBp: rates(40, 50, 40, 40, 30, 40, 50),
    rebateDailyCapYuan: 2_000,
  },
  {
    level: 3,
    depositYuan: 20_000,
    validBetYuan: 100_000,
    keepValidBetYuan: 15_000,
    upgradeBonusYuan: 188,
    birthdayGiftYuan: 88,
    monthlyRedPacketYuan: 38,
    withdrawalsPerDay: 8,
    withdrawalYuanPerDay: 300_000,
    rebateBp: rates(45, 55, 45, 45, 35, 45, 55),
    rebateDailyCapYuan: 5_000,
  },
  {
    level: 4,
    depositYuan: 50_000,
    validBetYuan: 300_000,
    keepValidBetYuan: 40_000,
    upgradeBonusYuan: 388,
    birthdayGiftYuan: 188,
    monthlyRedPacketYuan: 88,
    withdrawalsPerDay: 10,
    withdrawalYuanPerDay: 500_000,
    rebateBp: rates(50, 60, 50, 50, 40, 50, 60),
    rebateDailyCapYuan: 10_000,
  },
  {
    level: 5,
    depositYuan: 100_000,
    validBetYuan: 800_000,
    keepValidBetYuan: 100_000,
    upgradeBonusYuan: 888,
    birthdayGiftYuan: 388,
    monthlyRedPacketYuan: 188,
    withdrawalsPerDay: 10,
    withdrawalYuanPerDay: 800_000,
    rebateBp: rates(55, 70, 55, 55, 45, 55, 70),
    rebateDailyCapYuan: 20_000,
  },
  {
    level: 6,
    depositYuan: 300_000,
    validBetYuan: 2_000_000,
    keepValidBetYuan: 250_000,
    upgradeBonusYuan: 1_888,
    birthdayGiftYuan: 888,
    monthlyRedPacketYuan: 388,
    withdrawalsPerDay: 15,
    withdrawalYuanPerDay: 1_000_000,
    rebateBp: rates(60, 80, 60, 60, 50, 60, 80),
    rebateDailyCapYuan: 50_000,
  },
  {
    level: 7,
    depositYuan: 800_000,
    validBetYuan: 5_000_000,
    keepValidBetYuan: 600_000,
    upgradeBonusYuan: 3_888,
    birthdayGiftYuan: 1_888,
    monthlyRedPacketYuan: 888,
    withdrawalsPerDay: 15,
    withdrawalYuanPerDay: 2_000_000,
    rebateBp: rates(65, 90, 65, 65, 55, 65, 90),
    rebateDailyCapYuan: 100_000,
  },
  {
    level: 8,
    depositYuan: 2_000_000,
    validBetYuan: 12_000_000,
    keepValidBetYuan: 1_500_000,
    upgradeBonusYuan: 8_888,
    birthdayGiftYuan: 3_888,
    monthlyRedPacketYuan: 1_888,
    withdrawalsPerDay: 20,
    withdrawalYuanPerDay: 3_000_000,
    rebateBp: rates(70, 100, 70, 70, 60, 70, 100),
    rebateDailyCapYuan: 200_000,
  },
  {
    level: 9,
    depositYuan: 5_000_000,
    validBetYuan: 30_000_000,
    keepValidBetYuan: 4_000_000,
    upgradeBonusYuan: 18_888,
    birthdayGiftYuan: 8_888,
    monthlyRedPacketYuan: 3_888,
    withdrawalsPerDay: 20,
    withdrawalYuanPerDay: 5_000_000,
    rebateBp: rates(75, 110, 75, 75, 65, 75, 110),
    rebateDailyCapYuan: 500_000,
  },
  {
    level: 10,
    depositYuan: 10_000_000,
    validBetYuan: 60_000_000,
    keepValidBetYuan: 8_000_000,
    upgradeBonusYuan: 38_888,
    birthdayGiftYuan: 18_888,
    monthlyRedPacketYuan: 8_888,
    withdrawalsPerDay: 30,
    withdrawalYuanPerDay: 10_000_000,
    rebateBp: rates(80, 120, 80, 80, 70, 80, 120),
    rebateDailyCapYuan: 1_000_000,
  },
];

/** The table row of a level (clamped to VIP0–VIP10). */
export function vipLevel(level: number): VipLevel {
  return VIP_LEVELS[Math.min(Math.max(Math.trunc(level), 0), VIP_MAX_LEVEL)]!;
}

/**
 * A member's standing (the contract between the VIP module and the pages that show it: /mine, /mine/vip). Amounts
 * in fen. `next` is null at VIP10.
 */
export interface VipStatus {
  level: number;
  /** Cumulative credited deposits and valid bet (fen), the two measures of the thresholds. */
  deposit: number;
  validBet: number;
  next: { level: number; deposit: number; validBet: number } | null;
  /** Valid bet within the last KEEP_WINDOW_DAYS (fen), and what keeping the level needs. */
  keep: { validBet: number; required: number };
}

// ---- the VIP API (docs/vip.md, /tmp/api-vip.md) ----------------------------------------------------------------

export const VIP_PATH = {
  /** GET: the member's standing (recomputed on demand) and the rewards due or paid (VipOverview). */
  status: '/site/api/v1/vip/status',
  /** POST { id }: claim one reward by its id (31021 not due, 31022 paid already). */
  claim: '/site/api/v1/vip/claim',
  /** POST { from?, to?, kind?, page?, size? }: the VIP gifts paid to the member, newest first (VipGiftList). */
  gifts: '/site/api/v1/vip/gifts',
} as const;

/** The three rewards of the programme (issue 13 §3). */
export const VIP_REWARD_KINDS = ['upgrade', 'birthday', 'monthly'] as const;
export type VipRewardKind = (typeof VIP_REWARD_KINDS)[number];

/** The ledger transfer kind of each reward (the gift record lists these). */
export const VIP_TRANSFER_KIND: Readonly<Record<VipRewardKind, string>> = {
  upgrade: 'vip_upgrade',
  birthday: 'vip_birthday',
  monthly: 'vip_monthly',
};

/** A reward id: the ledger transfer id and the reason (`vip-up:<member>:<level>`, `vip-bday:<member>:<yyyy>`, `vip-month:<member>:<yyyymm>`). */
export const VIP_REWARD_ID_PATTERN = '^vip-(up|bday|month):[0-9]{1,18}:[0-9]{1,6}$';

export interface VipReward {
  id: string;
  kind: VipRewardKind;
  /** upgrade: the level reached; birthday and monthly: the level whose amount it pays. */
  level: number;
  /** fen */
  amount: number;
  /** birthday: yyyy; monthly: yyyymm (the month it is paid in, for deposits of the month before); upgrade: null. */
  period: string | null;
  state: 'claimable' | 'claimed';
  claimedAt: string | null;
}

export interface VipOverview {
  status: VipStatus;
  /** Due rewards (claimable) and the ones paid for the same reasons (claimed), upgrade bonuses by level. */
  rewards: VipReward[];
  /** When the level last changed (null: never). */
  levelSince: string | null;
  /** The withdrawal limits the member has now (their level's, never below the site's baseline). */
  withdrawal: { perDay: number; amountPerDay: number };
}

export interface VipClaimRequest {
  id: string;
}

export interface VipGiftQuery {
  /** Asia/Shanghai days, inclusive (yyyy-mm-dd). */
  from?: string;
  to?: string;
  kind?: VipRewardKind;
  page?: number;
  size?: number;
}

export interface VipGift {
  id: string;
  kind: VipRewardKind;
  level: number;
  amount: number;
  period: string | null;
  createdAt: string;
}

export interface VipGiftList {
  items: VipGift[];
  total: number;
  page: number;
  size: number;
}

export const VIP_GIFT_PAGE_SIZE = 20;
export const VIP_GIFT_PAGE_SIZE_MAX = 50;

/**
 * The daily withdrawal limits of a level (docs/vip.md "Withdrawal limits"): the site configuration's
 * withdrawalDailyCount / withdrawalDailyAmountYuan are VIP0's limits (the operator's knob, as before the VIP
 * programme) and everyone's baseline; from VIP1 up a level raises them to its table values, never lowers them.
 * Amount in fen.
 */
export function withdrawalLimitsOf(
  level: number,
  baseline: { perDay: number; amountPerDay: number },
): { perDay: number; amountPerDay: number } {
  if (level < 1) return { ...baseline };
  const row = vipLevel(level);
  return {
    perDay: Math.max(baseline.perDay, row.withdrawalsPerDay),
    amountPerDay: Math.max(baseline.amountPerDay, row.withdrawalYuanPerDay * FEN_PER_YUAN),
  };
}
