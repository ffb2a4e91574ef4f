// What the mall says to a player (zh-CN; alerts show the server's message, spec §8).

export const MALL_MESSAGE = {
  itemNotFound: '该商品不存在或已下架',
  soldOut: '该商品已兑完',
  limitReached: (limit: number) => `该商品每人限兑 ${limit} 次，您已达上限`,
  vipRequired: (level: number) => `该商品需要 VIP${level} 及以上才能兑换`,
  coinsInsufficient: (price: number, coins: number) => `金币不足：需要 ${price} 金币，您当前有 ${coins} 金币`,
  duplicateRequest: '该兑换请求已用于其他商品，请重新兑换',
  badRange: '查询的日期范围不正确',
} as const;

/** The memo of a sandbox prize's redemption: nothing is shipped. */
export const PRIZE_NOTE = '沙盒奖品：仅作展示，不发货';
