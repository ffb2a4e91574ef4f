// What the VIP programme says to a player (zh-CN; alerts show the server's message, spec §8).

export const VIP_MESSAGE = {
  rewardNotDue: '该奖励当前不可领取（未达到等级、不在发放月份或未满足条件）',
  rewardClaimed: '该奖励已领取，每项奖励仅发放一次',
  badDate: '日期格式应为 yyyy-mm-dd',
  badRange: '开始日期不能晚于结束日期',
} as const;

/** The memo text of each reward (the transaction record shows it). */
export const VIP_REWARD_TITLE = {
  upgrade: (level: number) => `VIP${level} 晋级礼金`,
  birthday: (year: string) => `${year} 年生日礼金`,
  monthly: (period: string) => `${period.slice(0, 4)} 年 ${Number(period.slice(4))} 月月度红包`,
} as const;
