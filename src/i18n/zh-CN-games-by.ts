// The fishing games (issue 12 §1 "Fishing"; src/games-h5/by/, docs/games-by.md): every string their player reads,
// the bet record's words the server writes included. PLAY MONEY only; nothing here celebrates a hit beyond a
// plain "+¥x", and a shot's stake is always shown beside what it paid (issue 12 §2).

/** The fish of the three games (src/games-core/by/fish.ts ids). */
export const FISH_NAMES: Readonly<Record<string, string>> = {
  clownfish: '小丑鱼',
  angelfish: '神仙鱼',
  pufferfish: '河豚',
  lionfish: '狮子鱼',
  turtle: '海龟',
  stingray: '魔鬼鱼',
  swordfish: '剑鱼',
  shark: '大白鲨',
  whale: '座头鲸',
  lanternfish: '灯笼鱼',
  jellyfish: '水母',
  squid: '乌贼',
  octopus: '章鱼',
  anglerfish: '鮟鱇鱼',
  'giant-squid': '大王乌贼',
  megalodon: '巨齿鲨',
  goldfish: '金鱼',
  carp: '鲤鱼',
  koi: '锦鲤',
  'gold-turtle': '金龟',
  'dragon-carp': '龙鲤',
  'golden-dragon': '金龙',
  'golden-toad': '金蟾',
};

export const fishName = (id: string): string => FISH_NAMES[id] ?? id;

const yuan = (fen: number): string => (fen / 100).toFixed(2);

export const byText = {
  /** The bet record's play (bets.play) and pick (bets.pick). */
  record: {
    play: (stake: number) => `炮台 ${yuan(stake)} 元`,
    pick: (fish: string, multiplier: number) => `${fishName(fish)} ×${multiplier}`,
  },
  rateLimited: '开炮太快了，请稍候再试',
  yuan,
  money: (fen: number) => `¥${yuan(fen)}`,
  view: {
    canvasLabel: (n: number) => `海底鱼群，屏幕上有 ${n} 条鱼；可在下方列表中选择目标开炮`,
    fishList: '屏幕上的鱼（方向键选择，回车或空格开炮）',
    fishButton: (name: string, multiplier: number, count: number) =>
      `向${name}开炮（×${multiplier}，屏幕上 ${count} 条）`,
    noFish: '鱼群游来中…',
    levels: '炮台等级（每炮）',
    level: (fen: number) => `${yuan(fen)} 元`,
    lastShots: '最近射击',
    noShots: '还没有射击记录',
    shotHit: (name: string, stake: number, payout: number) =>
      `${name}：每炮 ¥${yuan(stake)}，命中，派彩 ¥${yuan(payout)}`,
    shotMiss: (name: string, stake: number) => `${name}：每炮 ¥${yuan(stake)}，未命中，派彩 ¥0.00`,
    /** The plain result of the last shot: no fanfare (issue 12 §2). */
    won: (payout: number) => `+¥${yuan(payout)}`,
    missed: (stake: number) => `未命中 −¥${yuan(stake)}`,
    firing: '开炮中…',
    ready: '点击或轻触鱼开炮，每次一炮',
    stakeLine: (fen: number) => `每炮 ¥${yuan(fen)}`,
    noFunds: '场馆余额不足，请先转入',
    failed: '网络异常，射击结果未知',
    retry: '重试（同一炮，不会重复扣款）',
    dismiss: '知道了',
    slowMotion: '已按系统设置减弱动画',
  },
  rules: {
    title: (name: string) => `${name} · 玩法规则`,
    intro:
      '每一炮都是一注：按所选炮台等级扣除一炮的金额，瞄准一种鱼。是否命中由服务器按公平种子决定；命中即按该鱼的倍数派彩（含本金），未命中不派彩。',
    rtp: (pct: string) =>
      `每种鱼的理论返还率（RTP）均为 ${pct}：命中概率 = RTP ÷ 倍数，命中概率 × 倍数 = RTP。`,
    table: '鱼种与赔付',
    fish: '鱼',
    multiplier: '倍数',
    probability: '命中概率',
    levels: (list: string) => `炮台等级（每炮）：${list}`,
    limit: (n: number) => `每秒最多 ${n} 炮，每次点击、轻触或按键只开一炮，没有自动开炮。`,
    fair: '每一炮的结果来自服务器种子、客户端种子和序号（nonce）的第一个随机数；更换种子后可在「公平验证」中核对每一炮。',
    responsible: '娱乐币，非真实资金。理性娱乐，未满 18 周岁禁止参与。',
  },
  verify: {
    line: (name: string, multiplier: number, stake: number) =>
      `目标 ${name} ×${multiplier}，每炮 ¥${yuan(stake)}`,
    roll: (roll: number, threshold: number) => `随机数 ${roll}，命中阈值 ${threshold}（小于阈值即命中）`,
    hit: (payout: number) => `命中，派彩 ¥${yuan(payout)}`,
    miss: '未命中，派彩 ¥0.00',
    notRevealed: '服务器种子尚未公开，更换种子后可验证',
    mismatch: '重新计算的结果与记录不一致',
  },
} as const;
