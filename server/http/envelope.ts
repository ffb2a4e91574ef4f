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
} as const;
