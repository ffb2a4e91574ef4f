// The words a player reads from the sandbox sportsbook's refusals (its envelopes' message), and the words the
// bet record shows for a sportsbook bet (game, play, pick). Chinese, as the site.
import { EXPIRED_MESSAGE } from '../../../src/protocol/venues.ts';

export const SPORTSBOOK_MESSAGE = {
  /** spec §8: the expired message, as the counts call and the site's retry rule expect it. */
  expired: EXPIRED_MESSAGE,
  success: 'success',
  selectionSuspended: '所选盘口暂停投注，请稍后再试',
  matchStarted: '比赛已开始，赛前赔率已失效，请选择滚球盘口',
  sameMatch: '串关不能包含同一场比赛的两个选项',
  stakeOutOfRange: '投注金额不在限额范围内',
  payoutTooHigh: '超过单注最高派彩，请降低投注金额',
  oddsChanged: '赔率已变化，请确认新赔率后再投注',
  insufficientBalance: '场馆余额不足，请先转入',
  duplicateRequest: '该笔注单已提交过且内容不同，请刷新后重试',
  invalidSlip: '注单内容无效，请重新选择',
  badRequest: '请求参数不正确',
  matchNotFound: '比赛不存在',
  notFound: '比赛不存在',
} as const;

export const MARKET_NAME = { '1x2': '独赢', ah: '让球', ou: '大小', oe: '单双' } as const;
export const PICK_NAME = { draw: '和局', over: '大', under: '小', odd: '单', even: '双' } as const;
export const PARLAY_GAME = '串关';
export const parlayPlay = (legs: number) => `${legs}串1`;
