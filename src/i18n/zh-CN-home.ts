// What the home page's showcase says (issue 19 §2; docs/home.md): the hot games, the recent wins, the jackpot
// pool, the player's strip and the app-install strip. zh-CN, imported by the home area's files directly.
export const homeText = {
  hot: {
    heading: '热门游戏',
    /** The tile's caption: the venue it launches at. */
    at: (venue: string) => `${venue} · 立即开玩`,
  },
  wins: {
    heading: '最新中奖',
    line: (player: string, game: string, amount: string) => `${player} 在 ${game} 赢得 ¥${amount}`,
  },
  jackpot: {
    heading: '电子奖池',
    label: '当前奖池（游戏币）',
    amount: (yuan: string) => `¥${yuan}`,
    lastWin: (player: string, game: string, amount: string) =>
      `最近一次：${player} 在 ${game} 赢走 ¥${amount}`,
    play: '去电子游戏',
  },
  player: {
    region: '我的账户',
    hello: (name: string) => `您好，${name}`,
    vip: (level: number) => `VIP${level}`,
    balance: '中心钱包',
    amount: (yuan: string) => `¥${yuan}`,
    balanceUnknown: '—',
    deposit: '充值',
    withdraw: '提现',
    transfer: '转账',
    actions: '资金操作',
  },
  visitor: {
    region: '加入我们',
    pitch: '注册即可畅玩棋牌、电子、真人、彩票、捕鱼与体育（演示沙盒，只使用虚拟游戏币）',
    register: '免费注册',
    login: '登录',
  },
  install: {
    region: '安装应用',
    text: '把星耀棋牌添加到主屏幕，一键打开，更快更方便',
    install: '安装',
    close: '关闭安装提示',
  },
} as const;
