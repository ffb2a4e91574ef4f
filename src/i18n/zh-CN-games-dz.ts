// The slot games (issue 12 §1 "Slots (DZ)"; src/games-h5/dz/, docs/games-dz.md): every string their player reads,
// the bet record's words the server writes included. PLAY MONEY only. Issue 12 §2 (UK RTS 14): a spin always
// shows its stake beside its win; a win smaller than the stake is said to be a net loss, plainly, with no
// fanfare; there is no autoplay.

const yuan = (fen: number): string => (fen / 100).toFixed(2);
const money = (fen: number): string => `¥${yuan(fen)}`;

/** Each game's symbols (ids of src/games-core/dz/games.ts: A…H plain, W wild, S scatter). */
export const SLOT_SYMBOLS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'fortune-god': {
    W: '财神',
    S: '聚宝盆',
    A: '金元宝',
    B: '金蟾',
    C: '福袋',
    D: '鞭炮',
    E: '灯笼',
    F: '红包',
    G: '铜钱',
    H: '橘子',
  },
  'golden-dragon': {
    W: '金龙',
    S: '龙珠',
    A: '玉玺',
    B: '凤凰',
    C: '麒麟',
    D: '锦鲤',
    E: '祥云',
    F: '如意',
    G: '玉佩',
    H: '铜锣',
  },
  'fruit-party': {
    W: '彩虹',
    S: '派对星',
    A: '西瓜',
    B: '葡萄',
    C: '菠萝',
    D: '橙子',
    E: '柠檬',
    F: '草莓',
    G: '樱桃',
    H: '苹果',
  },
  'gem-rush': {
    W: '钻石',
    S: '宝箱',
    A: '红宝石',
    B: '蓝宝石',
    C: '祖母绿',
    D: '紫水晶',
    E: '黄玉',
    F: '珍珠',
    G: '琥珀',
    H: '水晶',
  },
};

export const symbolName = (game: string, id: string): string => SLOT_SYMBOLS[game]?.[id] ?? id;

const percent = (fraction: number): string => `${(fraction * 100).toFixed(2)}%`;

export const dzText = {
  yuan,
  money,
  percent,
  /** The bet record's play (bets.play) and pick (bets.pick). */
  record: {
    play: (lineBet: number, lines: number) => `每线 ${yuan(lineBet)} 元 × ${lines} 线`,
    pick: (freeSpins: number, jackpot = false) =>
      (freeSpins > 0 ? `旋转 1 次，含免费旋转 ${freeSpins} 次` : '旋转 1 次') + (jackpot ? '，赢得奖池' : ''),
  },
  view: {
    reels: (name: string) => `${name} 转轴（5 轴 × 3 行）`,
    cell: (reel: number, row: number, symbol: string) => `第 ${reel} 轴第 ${row} 行：${symbol}`,
    rows: ['上', '中', '下'] as const,
    lineBet: '每线投注',
    lineBetOption: (fen: number) => `${money(fen)}`,
    stake: (lineBet: number, lines: number, stake: number) =>
      `本局投注 ${money(stake)}（每线 ${money(lineBet)} × ${lines} 线）`,
    spin: (stake: number) => `旋转（投注 ${money(stake)}）`,
    spinning: '旋转中…',
    skip: '立即显示结果',
    noAutoplay: '每次旋转需手动点击，本游戏不提供自动旋转。',
    idleHint: '选择每线投注后点击旋转。',
    /** The result, said plainly (issue 12 §2): a win is the payout with the stake beside it. */
    resultWin: (payout: number, stake: number) =>
      `赢得 ${money(payout)}（本局投注 ${money(stake)}，净赢 ${money(payout - stake)}）`,
    resultEven: (payout: number) => `赢得 ${money(payout)}（与投注持平，本局净输赢 ¥0.00）`,
    resultSmall: (payout: number, stake: number) =>
      `赢得 ${money(payout)}（本局净输 ${money(stake - payout)}）`,
    resultLoss: (stake: number) => `未中奖（本局净输 ${money(stake)}）`,
    lineWin: (line: number, symbol: string, count: number, win: number) =>
      `第 ${line} 线：${symbol} × ${count}，${money(win)}`,
    scatterWin: (symbol: string, count: number, win: number) =>
      `${symbol} × ${count}（任意位置）：${money(win)}`,
    awarded: (n: number) => `获得免费旋转 ${n} 次`,
    freeSpins: (done: number, total: number) => `免费旋转 ${done} / ${total}`,
    freeSpinsNote: (multiplier: number) => `免费旋转不另收投注，奖金 × ${multiplier}`,
    freeTotal: (win: number) => `免费旋转合计 ${money(win)}`,
    baseSpin: '本次旋转',
    next: '继续',
    showAll: '显示全部免费旋转',
    noFunds: '场馆余额不足以支付本局投注，请先转入。',
    failed: '旋转未完成，请重试。',
    retry: '重试',
    lastOrder: (orderNo: string) => `注单号 ${orderNo}`,
    dismiss: '知道了',
    reelHeader: (reel: number) => `第 ${reel} 轴`,
    rowHeader: (row: string) => `${row}行`,
    winningCell: '（中奖）',
    lineWins: '本次旋转中奖',
    noLineWins: '本次旋转没有中奖线',
    spinWin: (win: number) => `派彩 ${money(win)}`,
    nextFree: (k: number, n: number) => `下一次免费旋转（${k} / ${n}）`,
    turning: '转动中',
    rowColumn: '行',
    levels: '每线投注（固定 20 线）',
    /** The progressive jackpot (issue 19 §2; docs/games-dz.md "Jackpot"). */
    jackpot: '累积奖池',
    jackpotReading: '读取中…',
    jackpotStale: '暂时无法读取，稍后自动重试',
    jackpotNote: (share: string) =>
      `全站电子游戏共享，每局投注的 ${share} 计入；任何一局都有机会赢得整个奖池。`,
    jackpotLast: (user: string, game: string, amount: number) =>
      `最近一次：${user} 在${game}赢得 ${money(amount)}。`,
    jackpotNever: '奖池尚未被赢走。',
    /** A spin that won the pool: said plainly, as part of the round's payout. */
    jackpotWon: (amount: number) => `本局赢得累积奖池 ${money(amount)}（已计入本局派彩）`,
  },
  rules: {
    title: (name: string) => `${name} 玩法规则`,
    rtp: (fraction: number) => `理论返还率（RTP）：${percent(fraction)}（不含累积奖池）`,
    rtpHow:
      '返还率由转轴带精确计算：每条转轴 32 个位置，停止位置均匀随机（每个位置机会相等），统计全部 32⁵ 种停止组合的线奖与分散奖，免费旋转（可再次触发）按几何级数计入。',
    layout: (lines: number) => `5 轴 × 3 行，固定 ${lines} 条支付线，每次旋转投注 = 每线投注 × ${lines}。`,
    lines: '支付线从最左轴开始连续 3、4、5 个相同符号中奖，每条线只付最高一个奖；不同支付线的奖金相加。',
    wild: (wild: string) =>
      `${wild} 为百搭，只出现在第 2、3、4 轴，可替代除分散符号外的任何符号，本身不单独派奖。`,
    scatter: (scatter: string, trigger: number) =>
      `${scatter} 为分散符号，出现在任意位置即计数：${trigger} 个或以上按总投注派奖并触发免费旋转。`,
    free: (n: number, multiplier: number) =>
      `免费旋转 ${n} 次，使用相同转轴，所有奖金 × ${multiplier}；免费旋转中再出现 3 个或以上分散符号可再获得 ${n} 次。`,
    payTable: '赔付表（线奖按每线投注的倍数，分散奖按总投注的倍数）',
    symbol: '符号',
    ofAKind: (n: number) => `${n} 个`,
    times: (n: number) => `×${n}`,
    lineBets: (list: string) => `每线投注：${list}`,
    scatterRow: (scatter: string) => `${scatter}（任意位置）`,
    paylines: '支付线（每轴经过的行：上/中/下）',
    line: (n: number) => `第 ${n} 线`,
    honest:
      '每个停止位置的机会相等，不会在支付线附近刻意放置高价值符号；结果在服务器由承诺的种子生成，可在“公平验证”中复核。',
    noAutoplay: '本游戏不提供自动旋转；每次旋转都显示投注与奖金，小于投注的奖金显示为净输。',
    jackpotTitle: '累积奖池',
    jackpotShare: (share: string, games: number) =>
      `全站 ${games} 款电子游戏共享一个累积奖池。每局付费旋转的投注中有 ${share} 由平台计入奖池（不从玩家奖金中扣除，不足 1 分的部分累计到下一局）。`,
    jackpotDraw: (odds: string) =>
      `每局付费旋转（连同其免费旋转）结束后，用同一公平随机流再抽取一个数：在 0 至 ${odds} − 1 之间均匀抽取，小于本局投注（分）即赢得整个奖池，中奖机会 = 投注 ÷ ${odds}，与投注成正比，每分钱的机会相同。`,
    jackpotChances: '各档投注赢得奖池的机会',
    jackpotChance: (stake: string, odds: string) => `投注 ${stake}：约 ${odds} 分之一`,
    jackpotSeed: (seed: string) =>
      `奖池被赢走后，平台立即放入 ${seed} 作为新的起始金额；奖池金额不会低于 ${seed}。`,
    jackpotRtp: (rtp: string, total: string) =>
      `奖池的长期返还率为 ${rtp}（计入比例加上每次重新放入的起始金额），另加在上面的游戏返还率之上，合计约 ${total}。单局的奖池价值随奖池金额变化：奖池越大，价值越高。`,
    jackpotVerify:
      '奖池抽取与转轴使用同一种子，可在“公平验证”中复核；奖池金额本身取决于当时的奖池，不由种子决定。',
  },
  verify: {
    stops: (stops: readonly number[]) => `停止位置：${stops.join(', ')}`,
    freeStops: (i: number, stops: readonly number[]) => `免费旋转 ${i}：停止位置 ${stops.join(', ')}`,
    window: (rows: string) => `画面：${rows}`,
    payout: (payout: number, stake: number) => `派彩 ${money(payout)}（投注 ${money(stake)}）`,
    mismatch: '重算结果与记录不一致',
    notSlot: '不是本游戏的注单',
    notRevealed: '服务器种子尚未公开：更换种子后即可验证本局',
    jackpotDraw: (draw: number, odds: number, stake: number, hit: boolean) =>
      `奖池抽取：${draw}（0 至 ${odds} − 1），${hit ? '小于' : '不小于'}投注 ${stake} 分：${hit ? '赢得奖池' : '未中奖池'}`,
    jackpotPaid: (amount: number) => `奖池派彩 ${money(amount)}`,
    noJackpot: '本局在累积奖池推出之前，没有奖池抽取',
    total: (payout: number) => `本局派彩合计 ${money(payout)}`,
  },
  errors: {
    invalidLineBet: '每线投注无效，请重新选择',
  },
} as const;
