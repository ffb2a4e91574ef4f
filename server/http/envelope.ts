import { CODE, type Envelope } from '../../src/protocol/api.ts';
import { t } from '../../src/i18n/zh-CN.ts';

/** The message of every success (6000). */
export const SUCCESS_MESSAGE = 'success';

export function ok<T>(data: T): Envelope<T> {
  return { status_code: CODE.success, message: SUCCESS_MESSAGE, data };
}

/** A coded business error: answered as HTTP 200 with the envelope (spec §7), the message in Chinese for the player. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus = 200,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** A coded answer; data is null unless the code carries some (6032 carries the pre-info, 10003 the fields). */
export function fail<T = null>(code: number, message: string, data: T = null as T): Envelope<T> {
  return { status_code: code, message, data };
}

/** Server-side messages a player may read (alerts show the server's message, spec §8). */
export const SERVER_MESSAGE = {
  validation: '提交的内容不正确',
  apiAuth: '接口签名无效，请刷新页面后重试',
  siteMismatch: '站点标识无效',
  oldVersion: '当前版本过旧，请刷新页面更新',
  accessCaveat: '很抱歉，您所在的地区暂不提供服务',
  accessBlocked: '您的访问已被限制，如有疑问请联系客服',
  accessAlert: '检测到您的网络环境存在风险，请注意账户安全',
  // The client recognises a cache miss by this text: one source for both sides.
  cacheReadFailed: t.apiErrors.cacheReadFailed,
  notFound: '接口不存在',
  internal: '系统异常，请稍后重试或联系客服',
  tooManyRequests: '操作过于频繁，请稍后再试',
  deviceBlocked: '您的设备已被限制访问，如有疑问请联系客服',
  insufficientBalance: '余额不足',
  duplicateRequest: '该笔请求已提交过且内容不同，请刷新页面后重试',
  venueUnavailable: '该场馆维护中，暂时无法转账',
  refreshLocked: '刷新过于频繁，请稍后再试',
  channelUnavailable: '该充值渠道暂不可用，请选择其他渠道',
  amountOutOfRange: '充值金额不在该渠道的限额范围内',
  orderExpired: '订单已过期，请重新下单',
  orderNotFound: '订单不存在',
  orderSettled: '订单已完成或已取消',
} as const;
