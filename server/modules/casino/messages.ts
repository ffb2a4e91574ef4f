// The words a player reads from the sandbox games' refusals (their envelopes' message). Chinese, as the site.
import { EXPIRED_MESSAGE } from '../../../src/protocol/venues.ts';

export const GAMES_MESSAGE = {
  /** spec §8: the expired message, as every venue answers a dead credential. */
  expired: EXPIRED_MESSAGE,
  insufficientBalance: '场馆余额不足，请先转入',
  invalidBet: '投注内容无效，请重新选择',
  duplicateRequest: '该笔注单已提交过且内容不同，请刷新后重试',
  bettingClosed: '本局已停止下注，请等待下一局',
  notFound: '游戏不存在',
  stakeOutOfRange: '投注金额不在限额范围内',
  wrongState: '当前牌局状态不能进行此操作',
  transferRefused: '转入失败：中心钱包余额不足或场馆暂不可用',
  badRequest: '请求参数不正确',
} as const;
