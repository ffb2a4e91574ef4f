import { randomInt } from 'node:crypto';
import { MEMBER_CODE, SMS_CODE_LENGTH, type AnySmsPurpose } from '../../../src/protocol/member.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { ApiError } from '../../http/envelope.ts';
import {
  SMS_CODE_TTL_MS,
  SMS_MAX_ATTEMPTS,
  SMS_MAX_PER_IP_PER_HOUR,
  SMS_MAX_PER_PHONE_PER_DAY,
  SMS_RESEND_COOLDOWN_MS,
} from './limits.ts';
import {
  countRecentSms,
  incrementSmsAttempts,
  insertSmsCode,
  lockName,
  markSmsCodeUsed,
  selectLatestSmsCode,
  selectLatestSmsCodeForUpdate,
  selectLatestSmsSentAt,
} from './repository.ts';

export const SMS_MESSAGE = {
  tooSoon: (s: number) => `验证码发送过于频繁，请 ${s} 秒后再试`,
  dailyLimit: '该手机号今日获取验证码次数已达上限',
  ipLimit: '当前网络获取验证码过于频繁，请稍后再试',
  wrong: '验证码错误',
  expired: '验证码已过期，请重新获取',
} as const;

/**
 * Where a code goes. The sandbox gateway keeps it in the database only (read with `npm run ops -- sms
 * <phone>`); a real gateway would implement the same interface. It never moves money.
 */
export interface SmsGateway {
  send(phone: string, text: string): Promise<void>;
}
export const sandboxSmsGateway: SmsGateway = { send: async () => {} };

export async function issueSmsCode(
  db: Db,
  gateway: SmsGateway,
  req: { phone: string; purpose: AnySmsPurpose; ip: string; now?: number },
): Promise<{ resendAfter: number }> {
  const now = req.now ?? Date.now();
  const code = await db.transaction(async (tx) => {
    // One sender per phone at a time: parallel requests cannot all pass the cooldown and the limits.
    await lockName(tx, `sms:${req.phone}`);
    const last = await selectLatestSmsSentAt(tx, req.phone);
    const since = last ? now - last.getTime() : Infinity;
    if (since < SMS_RESEND_COOLDOWN_MS) {
      throw new ApiError(
        MEMBER_CODE.smsTooSoon,
        SMS_MESSAGE.tooSoon(Math.ceil((SMS_RESEND_COOLDOWN_MS - since) / 1000)),
      );
    }
    const c = await countRecentSms(tx, req.phone, req.ip, now);
    if (c.phone_day >= SMS_MAX_PER_PHONE_PER_DAY)
      throw new ApiError(MEMBER_CODE.smsDailyLimit, SMS_MESSAGE.dailyLimit);
    if (c.ip_hour >= SMS_MAX_PER_IP_PER_HOUR)
      throw new ApiError(MEMBER_CODE.tooManyFromIp, SMS_MESSAGE.ipLimit);
    const value = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
    await insertSmsCode(tx, {
      phone: req.phone,
      purpose: req.purpose,
      code: value,
      ip: req.ip,
      createdAtMs: now,
      expiresAtMs: now + SMS_CODE_TTL_MS,
    });
    return value;
  });
  await gateway.send(req.phone, `【星耀棋牌】您的验证码是 ${code}，5 分钟内有效，请勿告诉他人。`);
  return { resendAfter: SMS_RESEND_COOLDOWN_MS / 1000 };
}

/**
 * Checks and spends the latest code for phone and purpose inside the caller's transaction, so a code is
 * used once and only together with what it authorises. Wrong guesses count; after the limit it is void.
 */
export async function consumeSmsCode(
  tx: Queryable,
  req: { phone: string; purpose: AnySmsPurpose; code: string; now?: number },
): Promise<void> {
  const now = req.now ?? Date.now();
  const row = await selectLatestSmsCodeForUpdate(tx, req.phone, req.purpose);
  if (!row || row.used_at || row.attempts >= SMS_MAX_ATTEMPTS)
    throw new ApiError(MEMBER_CODE.smsCodeWrong, SMS_MESSAGE.wrong);
  if (row.expires_at.getTime() <= now) throw new ApiError(MEMBER_CODE.smsCodeExpired, SMS_MESSAGE.expired);
  if (row.code !== req.code) {
    // Counted outside the caller's transaction (which rolls back on this error).
    throw new SmsWrongCode(row.id);
  }
  await markSmsCodeUsed(tx, row.id);
}

/** A wrong code: the caller records the attempt after its transaction rolled back. */
export class SmsWrongCode extends ApiError {
  constructor(readonly smsId: number) {
    super(MEMBER_CODE.smsCodeWrong, SMS_MESSAGE.wrong);
  }
}

export function recordWrongSmsAttempt(db: Queryable, smsId: number): Promise<void> {
  return incrementSmsAttempts(db, smsId);
}

/** The newest code sent to a phone (the sandbox's stand-in for reading the SMS). */
export async function latestSmsCode(
  db: Queryable,
  phone: string,
): Promise<{ code: string; purpose: string; expiresAt: Date } | null> {
  const r = await selectLatestSmsCode(db, phone);
  return r ? { code: r.code, purpose: r.purpose, expiresAt: r.expires_at } : null;
}
