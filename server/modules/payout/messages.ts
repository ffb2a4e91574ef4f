import { FUND_PASSWORD_LOCK_MS, KYC_MIN_AGE_YEARS } from '../../../src/protocol/payout.ts';

// What the payout area says to a player (zh-CN; alerts show the server's message, spec §8).

/** '2026-11-25 21:30' in China time (UTC+8, no daylight saving), for "locked until". */
export function chinaTime(ms: number): string {
  const d = new Date(ms + 8 * 3_600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
}

export const PAYOUT_MESSAGE = {
  kycRequired: '请先完成实名认证',
  kycAlreadyVerified: '您已完成实名认证，真实姓名不可修改，如需更正请联系客服',
  kycNameInvalid: '请输入正确的真实姓名（2–20 个汉字，少数民族姓名可用“·”分隔）',
  kycIdInvalid: '身份证号码不正确，请核对后重新输入',
  kycUnderAge: `未满 ${KYC_MIN_AGE_YEARS} 周岁不能进行实名认证`,
  kycTaken: '该身份证号码已在其他账号完成实名认证',

  accountInvalid: (what: string) => `${what}不正确，请核对后重新输入`,
  accountLimit: (kindName: string, limit: number) => `${kindName}最多可绑定 ${limit} 个`,
  cardTaken: '该银行卡已被绑定，不能重复绑定',
  accountTaken: '该账户已绑定，请勿重复添加',
  accountNotFound: '收款账户不存在或已删除',

  fundPasswordNotSet: '请先设置资金密码',
  fundPasswordWrong: (triesLeft: number) => `资金密码错误，还可以尝试 ${triesLeft} 次`,
  fundPasswordLocked: (until: number) =>
    `资金密码错误次数过多，已锁定 ${Math.round(FUND_PASSWORD_LOCK_MS / 60_000)} 分钟，请于 ${chinaTime(until)}（北京时间）后再试，或通过短信验证码重置资金密码`,
  fundPasswordAlreadySet: '资金密码已设置，如需修改请通过短信验证码修改',
  fundPasswordFormat: '资金密码须为 6 位数字',
} as const;

/** The Chinese name of each kind, for messages. */
export const KIND_NAME = {
  bank: '银行卡',
  alipay: '支付宝账户',
  wechat: '微信账户',
  ebpay: 'EBpay 钱包',
  koipay: 'KOIpay 钱包',
  sharelife: '分享生活钱包',
  digital: '数字人民币钱包',
  usdt: 'USDT 地址',
} as const;

/** What is wrong, named per field, for 30031. */
export const FIELD_NAME = {
  card: '银行卡号',
  bankCode: '开户银行',
  region: '开户省市',
  branch: '开户支行（最多 40 个字）',
  alipay: '支付宝账号（手机号或邮箱）',
  wechat: '微信号（6–20 位，字母开头）或手机号',
  qr: '收款二维码（PNG 或 JPEG，不超过 200 KB）',
  ebpay: 'EBpay 钱包地址',
  koipay: 'KOIpay 钱包账号',
  sharelife: '分享生活钱包账号',
  digital: '数字人民币钱包编号（16 位数字）',
  network: 'USDT 网络',
  trc20: 'TRC20 地址',
  erc20: 'ERC20 地址',
  label: '地址备注（1–20 个字）',
  fields: '该类型不需要的字段',
} as const;
