// The tutorial pages' words (issue 9 §4: /mine/finance/introTutorial and …/platformTutorials). Labels of other
// pages are taken from the main catalogue, so a tutorial always names a button exactly as the page shows it.
// PLAY MONEY only: the tutorials describe the sandbox cashier and never suggest a real payment.
import { zhCN as t } from './zh-CN.ts';

/** A link inside a line of text (rendered with react-router's Link). */
export interface TutorialLink {
  readonly to: string;
  readonly label: string;
}
/** A line of text with links in it. */
export type Rich = ReadonlyArray<string | TutorialLink>;

/** The deposit channels seeded by server/db/migrations/007-deposits.sql, by code. */
export type ChannelCode =
  'bank' | 'alipay' | 'wechat' | 'ebpay' | 'koipay' | 'sharelife' | 'digital_rmb' | 'usdt';

export interface ChannelText {
  /** As the channel is named in deposit_channels (the deposit page and the cashier show this name). */
  readonly name: string;
  readonly lead: string;
  /** The steps proper to this channel, in the sandbox cashier. */
  readonly steps: readonly string[];
  readonly note?: string;
}

const link = (to: string, label: string = t.pages[to] ?? to): TutorialLink => ({ to, label });
/** A label as the page shows it, quoted the Chinese way. */
const q = (label: string) => `「${label}」`;

const DEPOSIT = link('/mine/finance/deposit');
const WALLET = link('/mine/finance/wallet');
const TRANSFER = link('/mine/finance/transfer');
const RECORDS = link('/mine/record/transRecord');
const BALANCE = link('/mine/balance');
const SUPPORT = link('/customer/main');

// The sandbox cashier's own labels (server/modules/deposit/cashier.ts renders them).
const CASHIER = '沙盒收银台';
const PAY = '支付';
const CANCEL = '取消';
const PAID = '支付成功';
const PENDING = '待支付';
const EXPIRED = '订单已过期';
const CANCELLED = '订单已取消';
const TIME_LEFT = '剩余时间';
const CONFIRMING = '已收到转账，区块确认中…';

const PAY_STEP = `点${q(PAY)}模拟付款，收银台随即显示${q(PAID)}；不想充值就点${q(CANCEL)}。`;

export const tutorials = {
  sandboxLabel: '沙盒说明：',
  sandbox:
    '本站是演示沙盒，只使用虚拟游戏币。充值通过“沙盒收银台”完成：它只模拟付款流程，不连接任何银行、支付宝、微信、钱包或区块链，不会扣除您的任何真实资金，您也不需要、不应该支付任何真实款项。请勿向任何人转账真实资金。',
  toc: '本页目录',
  related: '相关页面',
  relatedLinks: {
    intro: link('/mine/finance/introTutorial'),
    platform: link('/mine/finance/introTutorial/platformTutorials'),
    deposit: DEPOSIT,
    wallet: WALLET,
    transfer: TRANSFER,
    records: RECORDS,
    balance: BALANCE,
  },
  faqTitle: '常见问题',

  intro: {
    lead: [
      '充值的游戏币会进入中心钱包。下面先介绍所有渠道通用的步骤，再逐一说明每个渠道的限额、优惠和收银台上的操作。想了解中心钱包与场馆钱包之间怎么转账，请看',
      link('/mine/finance/introTutorial/platformTutorials'),
      '。',
    ] as Rich,
    generalTitle: '充值通用步骤',
    general: [
      ['登录后打开', DEPOSIT, `页面（也可以在`, WALLET, `页面点${q(t.wallet.toDeposit)}进入）。`],
      [
        `页面会先弹出${q(t.deposit.warningTitle)}：官方充值只在本站${q(t.wallet.toDeposit)}页面进行，任何人私下提供的银行卡号都不要转账。读完后点${q(t.deposit.understood)}。`,
      ],
      ['选择充值渠道，输入金额或点选一个快捷金额；金额不在该渠道的单笔限额内时无法提交。'],
      [`核对页面显示的赠送彩金、手续费和实际到账金额，确认后提交订单，页面随即打开${q(CASHIER)}。`],
      [`在沙盒收银台核对订单号、充值金额和${q(TIME_LEFT)}，点${q(PAY)}模拟付款；不想充值就点${q(CANCEL)}。`],
      [
        `收银台显示${q(PAID)}后，游戏币已进入中心钱包，网站顶部的余额会自动更新；这笔充值可在`,
        RECORDS,
        '中查到。',
      ],
    ] as readonly Rich[],
    channelsTitle: '各渠道充值步骤',
    figures: {
      limit: '单笔限额',
      presets: '快捷金额',
      bonus: '赠送彩金',
      fee: '手续费',
      rate: '汇率',
      example: '举例',
    },
    none: '无',
    range: (min: string, max: string) => `¥${min} – ¥${max}`,
    preset: (yuan: string) => `¥${yuan}`,
    presetSeparator: '、',
    presetUsdt: (yuan: string, usdt: string) => `¥${yuan}（${usdt} USDT）`,
    share: (percent: string, cap: string | null) =>
      cap === null ? `充值金额的 ${percent}%` : `充值金额的 ${percent}%，单笔最高 ¥${cap}`,
    rateText: (yuan: string) => `1 USDT = ${yuan} 元`,
    example: (amount: string, bonus: string, fee: string, credit: string) =>
      `充值 ¥${amount}：赠送彩金 ¥${bonus}，手续费 ¥${fee}，实际到账 ¥${credit}（含彩金）`,
    stepChoose: (name: string) => `打开${q(t.wallet.toDeposit)}页面，在充值渠道中选择${q(name)}。`,
    stepAmount: (min: string, max: string) =>
      `输入 ${min} 至 ${max} 元之间的金额（最多两位小数），或直接点选一个快捷金额。`,
    stepReview: `核对赠送彩金、手续费和实际到账金额，确认后提交订单，页面打开${q(CASHIER)}。`,
    stepDone: `收银台显示${q(PAID)}后，游戏币进入中心钱包；在${q(t.pages['/mine/record/transRecord'] ?? '')}中类型为${q(t.records.kinds.deposit ?? '')}。`,
    channels: {
      bank: {
        name: '银行卡转账',
        lead: '模拟通过网银或手机银行转账充值，每笔赠送彩金。沙盒中没有真实的收款账户，您也无需操作任何银行卡。',
        steps: [`沙盒收银台只显示订单信息，不提供任何收款银行卡号；${PAY_STEP}`],
        note: `本站客服不会私下提供银行卡号。如有人以客服名义给您卡号并引导转账，请不要转账，并联系${t.pages['/customer/main']}。`,
      },
      alipay: {
        name: '支付宝',
        lead: '模拟支付宝付款。沙盒收银台不会唤起支付宝 App，不需要扫码，也不会动用您的支付宝余额。',
        steps: [`在沙盒收银台核对“充值渠道”为${q('支付宝')}、金额无误。`, PAY_STEP],
      },
      wechat: {
        name: '微信支付',
        lead: '模拟微信支付付款。沙盒收银台不会唤起微信，不需要扫码，也不会动用您的微信零钱。',
        steps: [`在沙盒收银台核对“充值渠道”为${q('微信支付')}、金额无误。`, PAY_STEP],
      },
      ebpay: {
        name: 'EBpay 钱包',
        lead: '模拟 EBpay 钱包付款，每笔赠送彩金。沙盒中无需登录或绑定 EBpay 账户。',
        steps: ['在沙盒收银台核对“赠送彩金”和“实际到账”（含彩金）。', PAY_STEP],
        note: `赠送的彩金单独记入交易记录，类型为${q(t.records.kinds.deposit_bonus ?? '')}，并有流水要求（见下方“订单与到账规则”）。`,
      },
      koipay: {
        name: 'KOIpay 钱包',
        lead: '模拟 KOIpay 钱包付款。该渠道收取手续费，同时赠送彩金。沙盒中无需登录或绑定 KOIpay 账户。',
        steps: [
          '在沙盒收银台核对“手续费”：手续费从充值金额中扣除，实际到账 = 充值金额 − 手续费 + 赠送彩金。',
          PAY_STEP,
        ],
      },
      sharelife: {
        name: '分享生活',
        lead: '模拟“分享生活”钱包付款，不赠送彩金，也不收手续费。沙盒中无需登录或绑定账户。',
        steps: [`在沙盒收银台核对“充值渠道”为${q('分享生活')}、金额无误。`, PAY_STEP],
      },
      digital_rmb: {
        name: '数字人民币',
        lead: '模拟数字人民币钱包付款。沙盒收银台不会打开任何数字人民币 App，也不会扣除您的数字人民币。',
        steps: [`在沙盒收银台核对“充值渠道”为${q('数字人民币')}、金额无误。`, PAY_STEP],
      },
      usdt: {
        name: 'USDT (TRC20)',
        lead: '模拟在 TRC20 网络上转账 USDT，每笔赠送彩金。金额按人民币输入，收银台按汇率换算成应付的 USDT 数量。',
        steps: [
          '在沙盒收银台核对“收款地址 (TRC20)”“汇率”和“应付 USDT”。这个地址是沙盒生成的演示地址，请勿向它转入任何真实 USDT。',
          `点${q(PAY)}模拟链上转账：收银台先显示${q(CONFIRMING)}，约 20 秒后（模拟区块确认）自动变为${q(PAID)}。`,
          '进入区块确认后，订单不会再过期，也不能再取消；请保持页面打开，或稍后回来查看。',
        ],
      },
    } satisfies Record<ChannelCode, ChannelText>,
    rulesTitle: '订单与到账规则',
    rules: {
      expiry: (minutes: number) =>
        `订单有效期 ${minutes} 分钟：收银台显示${q(TIME_LEFT)}倒计时，${q(PENDING)}的订单超时后显示${q(EXPIRED)}，不能再支付，请回到${q(t.wallet.toDeposit)}页面重新下单。`,
      cancel: `在收银台点${q(CANCEL)}后，订单显示${q(CANCELLED)}，不会到账。`,
      once: '每笔订单最多到账一次：重复点击、网络中断后重试，都不会重复下单或重复到账。',
      record: [
        '到账后，在',
        RECORDS,
        `中类型为${q(t.records.kinds.deposit ?? '')}，赠送的彩金单独记为${q(t.records.kinds.deposit_bonus ?? '')}；每条记录都有${q(t.records.id)}，咨询客服时请提供。`,
      ] as Rich,
      turnover: (amountTimes: number, bonusTimes: number) =>
        `流水要求：每笔到账的充值，提现前需要完成充值金额 ${amountTimes} 倍的有效投注；有赠送彩金的，另需完成彩金 ${bonusTimes} 倍的有效投注。`,
      current: `各渠道的限额、快捷金额和优惠可能调整，请以${q(t.wallet.toDeposit)}页面显示为准；暂停的渠道无法选择。`,
    },
    faq: [
      {
        q: '为什么充值没有扣我的钱？',
        a: '本站是演示沙盒，收银台只是模拟付款，充值增加的是虚拟游戏币，不涉及任何真实资金。',
      },
      {
        q: '点了支付，余额却没有变化？',
        a: `请看收银台上的状态：${q(PENDING)}表示还没有支付；USDT 显示${q(CONFIRMING)}时请稍等片刻；显示${q(PAID)}后余额会自动更新，也可以打开${q(t.pages['/mine/finance/wallet'] ?? '')}页面查看。仍有疑问时，请带上订单号联系在线客服。`,
      },
      {
        q: '有人发给我一个收款卡号或地址，让我转账充值，怎么办？',
        a: `${t.deposit.warningText}${t.deposit.warningHint}`,
      },
    ],
  },

  platform: {
    lead: [
      '充值的游戏币先进入中心钱包。每个游戏场馆都有自己的场馆钱包，在场馆里游戏使用的是该场馆钱包的余额：进场馆前把额度转进去，离开后再转回中心钱包。还没有充值？请看',
      link('/mine/finance/introTutorial'),
      '。',
    ] as Rich,
    sections: {
      wallets: {
        title: '中心钱包与场馆钱包',
        points: [
          [
            '在',
            BALANCE,
            `页面可一次看到${q(t.wallet.total)}${q(t.wallet.available)}${q(t.wallet.locked)}和每个场馆的余额。`,
          ],
          [
            `${q(t.wallet.total)}是中心钱包与所有场馆钱包的合计；${q(t.wallet.locked)}是处理中的款项，暂时不能使用。`,
          ],
          [
            '在',
            WALLET,
            `页面可以充值、转账、${q(t.wallet.recall)}、开关${q(t.wallet.auto)}和刷新各场馆余额。`,
          ],
        ] as readonly Rich[],
      },
      transfer: {
        title: `${t.wallet.toTransfer}（手动转账）`,
        steps: [
          ['打开', TRANSFER, `页面（也可以在`, WALLET, `页面点${q(t.wallet.toTransfer)}进入）。`],
          [
            `在${q(t.transfer.direction)}中选择${q(t.transfer.into)}（中心钱包 → 场馆）或${q(t.transfer.outOf)}（场馆 → 中心钱包）。`,
          ],
          [`在${q(t.transfer.venue)}中选择场馆；标着${q(t.wallet.maintenance)}的场馆不能选择。`],
          [
            `在${q(t.transfer.amount)}中输入金额（最多两位小数），或点${q(t.transfer.all)}填入可转的全部余额；输入框下方显示${q(t.transfer.availableFrom('…'))}。`,
          ],
          [
            `点${q(t.transfer.submit)}，页面提示${q(t.transfer.done('…', '场馆', true))}或${q(t.transfer.done('…', '场馆', false))}即完成。`,
          ],
        ] as readonly Rich[],
        note: `如果提示${q(t.wallet.retryUnsure)}，点${q(t.wallet.retry)}即可，同一笔转账只会执行一次；也可以点${q(t.wallet.giveUp)}查看实际结果。`,
      },
      recall: {
        title: t.wallet.recall,
        steps: [
          ['打开', WALLET, '页面。'],
          [`在${q(t.wallet.central)}中点${q(t.wallet.recall)}，按钮显示${q(t.wallet.recalling)}。`],
          [
            `完成后页面提示${q(t.wallet.recalled('…'))}；各场馆都没有余额时提示${q(t.wallet.recallNothing)}。`,
          ],
          [
            `维护中的场馆余额不会被回收，页面提示${q(t.wallet.recallSkipped('某场馆'))}，维护结束后再回收即可。`,
          ],
        ] as readonly Rich[],
      },
      auto: {
        title: t.wallet.auto,
        steps: [
          ['在', WALLET, `页面打开${q(t.wallet.auto)}开关。`],
          ['开启时，所有场馆的余额会先回收到中心钱包（维护中的场馆除外）。'],
          [
            `之后每次进入场馆，中心钱包的全部可用余额会自动转入该场馆；进入另一个场馆时，之前场馆的余额先自动转回中心钱包，再一起转入新场馆。随时点${q(t.wallet.recall)}也能把余额转回中心钱包。`,
          ],
          ['关闭开关即恢复手动转账，各钱包的余额留在原处，不会移动。'],
        ] as readonly Rich[],
      },
      refresh: {
        title: '刷新场馆余额',
        steps: (seconds: number): readonly Rich[] => [
          [
            '在',
            WALLET,
            `页面的${q(t.wallet.venues)}列表中，点场馆右侧的${q('↻')}按钮（读屏软件读作${q(t.wallet.refresh('××'))}）。`,
          ],
          [`刷新时按钮显示${q(t.wallet.refreshing)}，完成后显示该场馆的最新余额；同一时间只能刷新一个场馆。`],
          [
            `为避免频繁请求，同一场馆刷新后 ${seconds} 秒内按钮不可用（提示${q(t.wallet.refreshLocked)}），${seconds} 秒后自动恢复。`,
          ],
        ],
      },
      maintenance: {
        title: `场馆${t.wallet.maintenance}是什么意思`,
        points: [
          [
            `标着${q(t.wallet.maintenance)}的场馆正在维护，暂时无法进入游戏，也不能转入或转出额度；标着${q(t.wallet.closed)}的场馆同样不可用。`,
          ],
          [
            `维护期间，该场馆钱包里的余额仍保留在您的账户中，计入${q(t.wallet.total)}，只是暂时不能转出，${q(t.wallet.recall)}也会跳过它。`,
          ],
          [
            `维护中的场馆没有刷新按钮；在`,
            TRANSFER,
            `页面也无法选择它（显示为“场馆名（${t.wallet.maintenance}）”）。`,
          ],
          ['维护结束后场馆恢复正常，再转出或回收即可。'],
        ] as readonly Rich[],
      },
      records: {
        title: t.pages['/mine/record/transRecord'] ?? '',
        steps: [
          ['打开', RECORDS, '页面，最新的记录排在最前面。'],
          [
            `按${q(t.records.kind)}筛选（如${q(t.records.kinds.deposit ?? '')}${q(t.records.kinds.transfer_in ?? '')}${q(t.records.kinds.transfer_out ?? '')}），或填写${q(t.records.from)}和${q(t.records.to)}，然后点${q(t.records.search)}。`,
          ],
          [
            `每条记录显示类型、钱包、金额（+ 为转入，- 为转出）、变动后的${q(t.records.balanceAfter)}和时间；一次额度转换会在中心钱包和场馆钱包各记一条。`,
          ],
          ['每条记录底部的', `${q(t.records.id)}是这笔交易的编号，联系`, SUPPORT, '时请提供它。'],
          [`记录较多时，用${q(t.records.prev)}${q(t.records.next)}翻页。`],
        ] as readonly Rich[],
      },
    },
    faq: [
      {
        q: '转账后场馆余额没有变化？',
        a: (seconds: number) =>
          `点该场馆的${q('↻')}按钮刷新余额；刚刷新过的场馆需要等 ${seconds} 秒。仍不一致时，请带上${q(t.pages['/mine/record/transRecord'] ?? '')}里的${q(t.records.id)}联系在线客服。`,
      },
      {
        q: `为什么${q(t.wallet.recall)}后还有场馆有余额？`,
        a: () =>
          `维护中的场馆暂时不能转出，${q(t.wallet.recall)}会跳过它们；维护结束后再回收即可，余额不会丢失。`,
      },
      {
        q: '转账时提示网络异常，会不会扣两次？',
        a: () => `不会。每笔转账都有唯一编号，点${q(t.wallet.retry)}只会完成同一笔转账，不会重复扣款。`,
      },
    ],
  },
} as const;
