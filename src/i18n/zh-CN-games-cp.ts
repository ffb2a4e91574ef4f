// The lottery venues' page (issue 12 §1 "Lottery (CP)"; src/games-h5/cp/): every string its player reads, and the
// words of the plays and picks the bet record keeps. Not attached to zh-CN.ts: the games page imports it. PLAY
// MONEY only; nothing here celebrates a win smaller than the stake or invites a player to chase a loss.

/** The plays' and picks' words (games-core/cp: the server writes them into the bet record). */
export const cpWords = {
  big: '大',
  small: '小',
  odd: '单',
  even: '双',
  anyTriple: '三同号通选',
  positions: ['万位', '千位', '百位', '十位', '个位'] as readonly string[],
  plays: {
    bs: '大小',
    oe: '单双',
    sum: '和值',
    triple: '三同号',
    pair: '二同号复选',
    pairExact: '二同号单选',
    total: '总和大小单双',
    position: '定位大小单双',
    digit: '定位胆',
  },
  /** The bet record's pick: the pick and its period. */
  recordPick: (pick: string, period: string) => `${pick} · 第${period}期`,
} as const;

const yuan = (fen: number) => (fen / 100).toFixed(2);

export const cpText = {
  lotteries: '彩种',
  period: (label: string) => `第 ${label} 期`,
  phase: {
    loading: '正在读取本期…',
    open: '投注中',
    closed: '已封盘，等待开奖',
    drawing: '开奖中…',
    result: '本期开奖',
    failed: '读取失败',
  },
  countdown: (mmss: string) => `距封盘 ${mmss}`,
  nextIn: (mmss: string) => `下期开盘 ${mmss}`,
  closesAtNote: (seconds: number) => `每期在结束前 ${seconds} 秒封盘，封盘时由服务器开奖`,
  retry: '重新读取',
  playTabs: '玩法',
  pickBoard: '选号',
  odds: (odds100: number) => `赔率 ${(odds100 / 100).toFixed(2)}`,
  amount: '每注金额（元）',
  amountChips: [2, 10, 50, 100] as readonly number[],
  amountChipsLabel: '快捷金额',
  chip: (yuan: number) => `${yuan} 元`,
  amountHint: (min: number, max: number) => `每注 ${min}–${max} 元，整数元`,
  picked: (n: number) => `已选 ${n} 注`,
  total: (fen: number) => `合计 ¥${yuan(fen)}`,
  clear: '清空',
  place: '投注',
  confirmTitle: '确认投注',
  confirmPeriod: (label: string) => `期号 ${label}`,
  confirm: '确认',
  cancel: '取消',
  placing: '正在提交…',
  placed: (n: number) => `已投注 ${n} 注，开奖后自动结算`,
  closedRefused: '本期已封盘，注单未提交，请在下一期投注',
  refused: (message: string) => `投注未成功：${message}`,
  failedNetwork: '网络异常，注单未确认；同一注单重新提交不会重复扣款',
  resend: '重新提交',
  needFunds: '场馆余额不足，请先转入',
  myTickets: '本期我的注单',
  noTickets: '本期暂无注单',
  ticketStatus: { open: '待开奖', won: '中奖', lost: '未中奖', push: '退还', void: '无效' } as Record<
    string,
    string
  >,
  /** RTS 14: a ticket's result is stated as its net; nothing celebrates. */
  ticketNet: (fen: number) => (fen >= 0 ? `净 +¥${yuan(fen)}` : `净 −¥${yuan(-fen)}`),
  stake: (fen: number) => `¥${yuan(fen)}`,
  history: '开奖历史',
  historyCaption: (name: string) => `${name} 最近开奖`,
  historyCols: {
    period: '期号',
    result: '开奖号码',
    sum: '和值',
    shape: '形态',
    seed: '服务器种子',
    check: '本机验证',
  },
  /** A history row recomputed in the browser from its revealed seed (hash and draw). */
  historyCheck: (ok: boolean) => (ok ? '一致' : '不一致'),
  historyEmpty: '暂无开奖记录',
  seedHidden: '开奖后公布',
  diceLabel: (dice: readonly number[]) => `骰子 ${dice.join('、')}`,
  digitsLabel: (digits: readonly number[]) => `号码 ${digits.join('、')}`,
  shapeTriple: '豹子',
  rules: {
    title: (name: string) => `${name} 玩法规则`,
    k3Intro:
      '每分钟一期：每期 60 秒，前 50 秒可投注，封盘时服务器用本期预先承诺的种子掷出三颗骰子（1–6）。赔率含本金。',
    sscIntro:
      '每五分钟一期：每期 300 秒，前 280 秒可投注，封盘时服务器用本期预先承诺的种子开出五位数字（万千百十个，0–9）。赔率含本金。',
    k3Notes: [
      '大小：和值 11–17 为大，4–10 为小；开出豹子（三同号）大小均不中。',
      '单双：和值为单或双；开出豹子单双均不中。',
      '和值：三颗骰子点数之和 4–17（和值 3 与 18 即 111、666，请投三同号）。',
      '三同号单选：指定豹子；三同号通选：任意豹子。',
      '二同号复选：至少两颗骰子为所选点数（含该点数的豹子）。二同号单选：恰为所选对子加所选另一点数，顺序不限。',
    ] as readonly string[],
    sscNotes: [
      '总和大小单双：五位数字之和 0–45，23–45 为大、0–22 为小，大小各占一半；单双按总和。',
      '定位大小单双：所选位置的数字 5–9 为大、0–4 为小，单双按该数字。',
      '定位胆：所选位置开出所选数字（十分之一）。',
    ] as readonly string[],
    rtpNote: (outcomes: number) =>
      `返还率 = 中奖结果数 × 赔率 ÷ ${outcomes}（全部等可能结果逐一精确计算）。长期而言每注平均返还该比例，结果随机，请理性娱乐。`,
    cols: { play: '玩法', pick: '选项', odds: '赔率', ways: '中奖结果数', rtp: '返还率' },
    stakes: (min: number, max: number) =>
      `每注 ${min}–${max} 元（整数元）；多个选项各为一注，各有注单号；一张投注单在同一事务中全部成功或全部不提交。`,
    leave: '离开页面不影响注单：到期由服务器开奖并结算，结果见投注记录。',
  },
  verify: {
    period: (label: string) => `期号 ${label}`,
    dice: (dice: readonly number[]) =>
      `重算骰子：${dice.join(' ')}（和值 ${dice.reduce((a, b) => a + b, 0)}）`,
    digits: (digits: readonly number[]) =>
      `重算号码：${digits.join(' ')}（总和 ${digits.reduce((a, b) => a + b, 0)}）`,
    matches: '与服务器开奖结果一致',
    differs: '与服务器开奖结果不一致',
    pick: (label: string, win: boolean) => `注单选项 ${label}：${win ? '中奖' : '未中奖'}`,
    unrevealed: '本期尚未开奖，种子未公布',
    hashOk: '种子哈希与开奖前公布的承诺一致',
    hashBad: '种子哈希与承诺不符',
  },
} as const;
