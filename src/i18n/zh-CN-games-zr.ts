// The live casino's tables (issue 12 §1 "Live casino"; src/games-h5/zr/, server/modules/casino/zr/): every string
// its player reads, also the bet record's words the server writes. Not attached to zh-CN.ts: the games page
// imports it. PLAY MONEY only; nothing here celebrates a win smaller than the stake or invites chasing a loss.
import type { ZrKind, ZrPick } from '../games-core/zr/table.ts';
import type { RoadWinner } from '../games-core/zr/roads.ts';

const yuan = (fen: number) => (fen / 100).toLocaleString('zh-CN', { maximumFractionDigits: 2 });

export const zrText = {
  kinds: { baccarat: '百家乐', 'dragon-tiger': '龙虎' } satisfies Record<ZrKind, string>,
  /** The bet record's play (its game's words). */
  play: { baccarat: '百家乐', 'dragon-tiger': '龙虎' } satisfies Record<ZrKind, string>,
  picks: {
    banker: '庄',
    player: '闲',
    tie: '和',
    'banker-pair': '庄对',
    'player-pair': '闲对',
    dragon: '龙',
    tiger: '虎',
    'dragon-odd': '龙单',
    'dragon-even': '龙双',
    'tiger-odd': '虎单',
    'tiger-even': '虎双',
  } satisfies Record<ZrPick, string>,
  /** How each pick pays, as the board and the rules write it. */
  pays: {
    banker: '1:0.95',
    player: '1:1',
    tie: '1:8',
    'banker-pair': '1:11',
    'player-pair': '1:11',
    dragon: '1:1',
    tiger: '1:1',
    'dragon-odd': '1:0.75',
    'dragon-even': '1:1.05',
    'tiger-odd': '1:0.75',
    'tiger-even': '1:1.05',
  } satisfies Record<ZrPick, string>,
  winners: {
    banker: '庄',
    player: '闲',
    tie: '和',
    dragon: '龙',
    tiger: '虎',
  } satisfies Record<RoadWinner, string>,
  winnerLine: (w: string) => `${w}赢`,
  tieLine: '和局',
  hands: { player: '闲', banker: '庄', dragon: '龙', tiger: '虎' },
  points: (n: number) => `${n} 点`,
  pairMark: { banker: '庄对', player: '闲对' },
  lobby: {
    title: '真人视讯 · 牌桌',
    enter: (name: string) => `进入${name}`,
    betting: (s: number) => `下注中 ${s} 秒`,
    dealing: '开牌中',
    recent: '近期结果',
  },
  table: {
    retry: '重新加载',
    round: (no: number) => `第 ${no} 局`,
    seedHash: '本局种子哈希',
    phase: {
      loading: '正在连接牌桌…',
      betting: '请下注',
      closed: '停止下注，等待开牌',
      dealing: '开牌',
      result: '本局结果',
    },
    countdown: (s: number) => `剩余 ${s} 秒`,
    countdownLabel: '下注倒计时',
    chips: '筹码',
    chip: (fen: number) => `${fen / 100} 元筹码`,
    chipShort: (fen: number) => `${fen / 100}`,
    board: '下注区',
    betOn: (pick: string, pays: string) => `${pick}（赔率 ${pays}）`,
    pending: (fen: number) => `待确认 ${yuan(fen)} 元`,
    placed: (fen: number) => `已下注 ${yuan(fen)} 元`,
    confirm: '确认下注',
    clear: '清除',
    placing: '正在提交…',
    placedOk: '下注成功',
    myBets: '本局我的注单',
    noBets: '本局未下注',
    /** issue 12 §2 / RTS 14: a payout below the stake is a net loss, said plainly; no celebration. */
    net: (fen: number) =>
      fen > 0 ? `本局净赢 ${yuan(fen)} 元` : fen < 0 ? `本局净输 ${yuan(-fen)} 元` : '本局不输不赢',
    limits: (min: number, max: number) => `限额 ${yuan(min)} – ${yuan(max)} 元`,
    history: '牌桌历史',
    lastRound: '上局结果',
    historyCaption: '最近的牌局：局号、结果、牌与公开的种子',
    historyCols: { no: '局号', result: '结果', cards: '牌', seed: '服务器种子' },
    bigRoad: '大路',
    beadPlate: '珠盘路',
    roadCell: (no: number, w: string, ties: number, pairs: string) =>
      `第 ${no} 局 ${w}${ties > 0 ? `，和 ${ties} 次` : ''}${pairs}`,
    roadEmpty: '空',
    noHistory: '暂无开牌记录',
  },
  errors: {
    closed: '本局已停止下注，请等待下一局',
    limit: (min: number, max: number) => `投注金额须在 ${yuan(min)} – ${yuan(max)} 元之间`,
    invalid: '投注内容无效，请重新选择',
    duplicate: '该笔注单已提交过且内容不同，请刷新后重试',
    funds: '场馆余额不足，请先转入',
    network: '网络异常，请稍后重试',
    notFound: '牌桌不存在',
    expired: '会话已过期，请返回网站重新进入场馆',
  },
  rules: {
    title: (name: string) => `${name} 玩法规则`,
    shoe: '每局使用 8 副牌（416 张）的新牌靴，由本局公开承诺的服务器种子洗牌（客户端种子为局号，nonce 为 0），从牌靴顶端发牌。',
    schedule: (period: number, betting: number) =>
      `每 ${period} 秒一局，所有玩家共享：前 ${betting} 秒下注，随后开牌并显示结果。`,
    baccarat: [
      '闲、庄各发两张牌，A 为 1 点，2–9 按牌面，10、J、Q、K 为 0 点，点数取个位。',
      '任一方首两张为 8 或 9 点（例牌）时双方均不补牌。',
      '闲家 0–5 点补牌，6–7 点停牌。闲家停牌时，庄家 0–5 点补牌，6–7 点停牌。',
      '闲家补牌时，庄家按第三张牌规则：0–2 点补牌；3 点除闲第三张为 8 外补牌；4 点在闲第三张为 2–7 时补牌；5 点在 4–7 时补牌；6 点在 6–7 时补牌；7 点停牌。',
      '点数大者赢；点数相同为和局，庄、闲注退回本金。',
      '庄对 / 闲对：该方首两张牌点数相同（同一牌面，如两张 7 或两张 K）。',
    ],
    dragonTiger: [
      '龙、虎各发一张牌，比牌面大小：A 最小，K 最大，不比花色。',
      '牌面相同为和局：押龙或虎输一半本金（退回一半）。',
      '龙单 / 虎单：该方的牌为 A、3、5、7、9、J、K 时赢，赔 1:0.75；龙双 / 虎双：该方的牌为 2、4、6、8、10、Q 时赢，赔 1:1.05（与和局无关）。',
    ],
    validBet:
      '有效投注：和局退回本金的庄 / 闲注不计；同一局同时押庄和闲（或龙和虎）只计两边差额；龙虎和局时龙 / 虎注按输掉的一半计。',
    tableHead: { pick: '投注', pays: '赔率', rtp: '返还率', limits: '限额（元）' },
    rtp: (pct: number) => `${pct.toFixed(2)}%`,
    rtpNote: '返还率按 8 副牌精确计算（枚举每一种发牌的概率），测试逐项核对。',
    limitsRange: (min: number, max: number) => `${yuan(min)} – ${yuan(max)}`,
  },
  verify: {
    cards: (hand: string, cards: string, pts: string) => `${hand}：${cards}${pts ? `（${pts}）` : ''}`,
    result: (w: string) => `结果：${w}`,
    mismatch: '重新计算的结果与记录不一致',
    noSeed: '本局种子尚未公开',
  },
} as const;
