import { formatFen } from '../../../src/protocol/money.ts';

// What the withdrawal area says to a player (zh-CN; alerts show the server's message, spec §8).

const yuan = (fen: number) => `¥${formatFen(fen)}`;
const percent = (bp: number) => `${(bp / 100).toFixed(bp % 100 === 0 ? 0 : 2)}%`;

export const WITHDRAWAL_MESSAGE = {
  kycRequired: '提现前请先完成实名认证',
  accountNotFound: '收款账户不存在或已删除，请重新选择',
  methodClosed: '该提现方式暂不可用，请选择其他收款账户',
  amountOutOfRange: (min: number, max: number) => `单笔提现金额须在 ${yuan(min)} 至 ${yuan(max)} 之间`,
  nothingToPay: '扣除手续费和行政费后实际到账金额为 0，请提高提现金额',
  dailyCount: (limit: number) => `今日提现次数已达上限（${limit} 次），请明日再试`,
  dailyAmount: (left: number) => `超出今日剩余可提现额度，今日还可提现 ${yuan(left)}`,
  turnoverRefused: (outstanding: number) =>
    `您还需完成 ${yuan(outstanding)} 有效投注（流水）才能提现，请前往稽核页面查看详情`,
  turnoverDeduct: (outstanding: number, bp: number) =>
    `您还有 ${yuan(outstanding)} 流水未完成，继续提现将扣除提现金额的 ${percent(bp)} 作为行政费，请确认后再提交`,
  notFound: '提现记录不存在',
  settled: '该笔提现已处理，无法再取消或变更',
} as const;
