// Shared data of the VIP model tests (issue 13 §3, §6), written from the issue and docs/vip.md's table (amounts
// in fen, literals with their source), never read from the machines.
import type { VipGiftList, VipOverview, VipReward } from '../../../src/protocol/vip.ts';

/** A coded refusal as the API client raises it (a BusinessError: type 'business', code, message, data). */
export const refused = (code: number, message: string) =>
  Object.assign(new Error(message), { type: 'business', code, data: null });
/** No answer (a TransportError). */
export const NO_ANSWER = Object.assign(new Error('timeout'), { type: 'transport', kind: 'timeout' });

/** 31021 / 31022 with the server's messages (server/modules/vip/messages.ts; issue 13 §3 "paid once"). */
export const NOT_DUE = refused(31021, '该奖励当前不可领取（未达到等级、不在发放月份或未满足条件）');
export const CLAIMED = refused(31022, '该奖励已领取，每项奖励仅发放一次');

export const UP1 = 'vip-up:7:1';
export const UP2 = 'vip-up:7:2';
export const BDAY = 'vip-bday:7:2026';

/** VIP2's upgrade bonus ¥58 (docs/vip.md "The table"), claimable; VIP1's ¥18 paid already. */
const upgrade = (level: number, amount: number, state: VipReward['state']): VipReward => ({
  id: `vip-up:7:${level}`,
  kind: 'upgrade',
  level,
  amount,
  period: null,
  state,
  claimedAt: state === 'claimed' ? '2026-11-20T04:00:00.000Z' : null,
});

/** A VIP2 member (issue 13 §3: both measures toward VIP3: ¥20,000 deposit and ¥100,000 valid bet). */
export const OVERVIEW: VipOverview = {
  status: {
    level: 2,
    deposit: 800_000,
    validBet: 4_000_000,
    next: { level: 3, deposit: 2_000_000, validBet: 10_000_000 },
    keep: { validBet: 300_000, required: 500_000 },
  },
  rewards: [
    upgrade(1, 1_800, 'claimed'),
    upgrade(2, 5_800, 'claimable'),
    // VIP2's birthday gift ¥38 (docs/vip.md).
    {
      id: BDAY,
      kind: 'birthday',
      level: 2,
      amount: 3_800,
      period: '2026',
      state: 'claimable',
      claimedAt: null,
    },
  ],
  levelSince: '2026-11-20T04:00:00.000Z',
  withdrawal: { perDay: 6, amountPerDay: 50_000_000 },
};

/** The same member once VIP2's bonus was paid. */
export const OVERVIEW_PAID: VipOverview = {
  ...OVERVIEW,
  rewards: [upgrade(1, 1_800, 'claimed'), upgrade(2, 5_800, 'claimed'), OVERVIEW.rewards[2]!],
};

/** A VIP0 member: nothing to claim. */
export const OVERVIEW_NONE: VipOverview = {
  status: {
    level: 0,
    deposit: 0,
    validBet: 0,
    next: { level: 1, deposit: 100_000, validBet: 500_000 },
    keep: { validBet: 0, required: 0 },
  },
  rewards: [],
  levelSince: null,
  withdrawal: { perDay: 5, amountPerDay: 50_000_000 },
};

export const PAID: VipReward = { ...upgrade(2, 5_800, 'claimed'), claimedAt: '2026-11-26T04:00:00.000Z' };

const gift = (i: number) => ({
  id: `vip-up:7:${(i % 10) + 1}`,
  kind: 'upgrade' as const,
  level: (i % 10) + 1,
  amount: 1_800,
  period: null,
  createdAt: '2026-11-20T04:00:00.000Z',
});

/** 45 gifts, 20 a page (VIP_GIFT_PAGE_SIZE) → 3 pages. */
export const GIFTS: VipGiftList = {
  items: Array.from({ length: 20 }, (_, i) => gift(i)),
  total: 45,
  page: 1,
  size: 20,
};
export const GIFTS_PAGE_2: VipGiftList = { ...GIFTS, page: 2 };
export const NO_GIFTS: VipGiftList = { items: [], total: 0, page: 1, size: 20 };
