import { BET_RECORD_MAX_DAYS } from '../../../src/protocol/bets.ts';
import { formatFen } from '../../../src/protocol/money.ts';
import { chinaTime } from '../payout/messages.ts';

// What the venue area says to a player (zh-CN; alerts show the server's message, spec §8).

export const VENUE_MESSAGE = {
  venueNotFound: '场馆不存在或已下线',
  gameNotFound: '该游戏不存在或已下线',
  maintenance: (until: Date | null) =>
    until
      ? `该场馆正在维护，预计 ${chinaTime(until.getTime())}（北京时间）恢复`
      : '该场馆正在维护，请稍后再试',
  notPlayable: '该场馆暂未开放，请先体验其他场馆',
  gameRequired: '请选择要进入的游戏',
  walletEmpty: (central: number) =>
    `场馆钱包余额为 0，中心钱包有 ${formatFen(central)} 元可转入，确定直接进入吗？`,
  dateRange: `查询时间跨度不能超过 ${BET_RECORD_MAX_DAYS} 天`,
  dateOrder: '开始日期不能晚于结束日期',
  dateInvalid: '日期不正确',
} as const;
