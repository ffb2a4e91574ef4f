import { formatFen } from '../../../src/protocol/money.ts';

// What the rebate and audit area says to a player (zh-CN; alerts show the server's message, spec §8).

const yuan = (fen: number) => `¥${formatFen(fen)}`;

export const REBATE_MESSAGE = {
  nothing: '暂无可领取的返水',
  belowMinimum: (total: number, minimum: number) =>
    `当前可领返水 ${yuan(total)}，满 ${yuan(minimum)} 才可领取`,
  capReached: (cap: number) => `今日返水已达上限（${yuan(cap)}），请明日再领取`,
  auditNotFound: '该稽核记录不存在或已重置',
} as const;
