// The VIP area's words (issue 13 §3 VIP, §6 the gift record; docs/vip.md). Play money only.
import type { Platform } from '../protocol/venues.ts';
import type { VipRewardKind } from '../protocol/vip.ts';

export const vipText = {
  vipTitle: 'VIP 特权',
  detailsTitle: 'VIP 等级详情',
  giftsTitle: '礼金记录',
  level: (l: number) => `VIP${l}`,
  currentLevel: '当前等级',
  levelBadge: (l: number) => `当前等级 VIP${l}`,
  topLevel: '您已达到最高等级 VIP10',
  // Progress.
  progressHeading: (next: number) => `距离 VIP${next} 还需`,
  deposit: '累计存款',
  validBet: '累计有效投注',
  progressValue: (have: string, need: string) => `¥${have} / ¥${need}`,
  stillNeeded: (yuan: string) => `还差 ¥${yuan}`,
  reached: '已达成',
  upgradeRule: '两项同时达标即可晋级，每天最多晋升一级（北京时间）。',
  // Keep.
  keepHeading: '保级要求',
  keepValue: (have: string, need: string) => `近 90 天有效投注 ¥${have} / ¥${need}`,
  keepNone: 'VIP0 无需保级',
  keepRule: '达到当前等级满 90 天后，若近 90 天有效投注未达到保级要求，将下降一级。',
  keepMet: '已满足保级要求',
  keepShort: (yuan: string) => `还差 ¥${yuan} 保级`,
  // Rewards.
  rewardsHeading: '可领奖励',
  noRewards: '暂无可领取的奖励',
  kind: {
    upgrade: '晋级礼金',
    birthday: '生日礼金',
    monthly: '月度红包',
  } satisfies Record<VipRewardKind, string>,
  rewardName: (kind: VipRewardKind, level: number, period: string | null) =>
    kind === 'upgrade'
      ? `VIP${level} 晋级礼金`
      : kind === 'birthday'
        ? `${period ?? ''} 年生日礼金`
        : `${period ? `${period.slice(0, 4)} 年 ${Number(period.slice(4))} 月` : ''}月度红包`,
  claim: '领取',
  claimFor: (name: string) => `领取 ${name}`,
  claiming: '领取中…',
  claimed: '已领取',
  paid: (name: string, yuan: string) => `${name} ¥${yuan} 已存入中心钱包`,
  notDue: '该奖励当前不可领取',
  alreadyClaimed: '该奖励已领取',
  noAnswer: '网络异常，已重新查询领取结果（不会重复发放）',
  dismiss: '知道了',
  // Privileges.
  privilegesHeading: (l: number) => `VIP${l} 专属特权`,
  upgradeBonus: '晋级礼金',
  birthdayGift: '生日礼金',
  monthlyRedPacket: '月度红包',
  withdrawalsPerDay: '每日提现次数',
  withdrawalPerDay: '每日提现额度',
  times: (n: number) => `${n} 次`,
  rebateHeading: '返水比例',
  rebateCap: '每日返水上限',
  platform: {
    TY: '体育',
    DZ: '电子',
    DJ: '电竞',
    ZR: '真人',
    CP: '彩票',
    QP: '棋牌',
    BY: '捕鱼',
  } satisfies Record<Platform, string>,
  none: '—',
  rewardRules: [
    '晋级礼金：每个等级首次达到时可领取一次。',
    '生日礼金：VIP1 及以上且已设置生日的会员，生日当月可领取一次（每年一次）。',
    '月度红包：VIP1 及以上且上个自然月有成功存款的会员，每月可领取一次。',
    '所有奖励直接存入中心钱包；日期以北京时间为准。',
  ],
  seeDetails: '查看全部等级',
  seeGifts: '礼金记录',
  // The details table.
  detailsIntro: '晋级需同时满足累计存款与累计有效投注；保级按近 90 天有效投注计算。',
  pickLevel: '选择等级',
  levelCard: '所选等级的门槛与特权',
  tableCaption: '各等级门槛与特权',
  thresholdDeposit: '晋级累计存款',
  thresholdBet: '晋级累计有效投注',
  keepBet: '保级有效投注（90 天）',
  yourLevel: '（当前）',
  // The gift record.
  from: '开始日期',
  to: '结束日期',
  kindLabel: '类型',
  allKinds: '全部',
  search: '查询',
  badRange: '结束日期不能早于开始日期',
  empty: '暂无礼金记录',
  paidAt: '发放时间',
  amount: '金额',
  loadFailed: '加载失败',
  retry: '重试',
  prev: '上一页',
  next: '下一页',
  pageOf: (page: number, pages: number) => `第 ${page} / ${pages} 页`,
  pager: '礼金记录分页',
} as const;
