import { randomInt } from 'node:crypto';
import { MEMBER_CODE, SMS_CODE_LENGTH, type SmsPurpose } from '../../../src/protocol/member.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { ApiError } from '../../http/envelope.ts';
import {
  SMS_CODE_TTL_MS,
  SMS_MAX_ATTEMPTS,
  SMS_MAX_PER_IP_PER_HOUR,
  SMS_MAX_PER_PHONE_PER_DAY,
  SMS_RESEND_COOLDOWN_MS,
} from './limits.ts';

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
  req: { phone: string; purpose: SmsPurpose; ip: string; now?: number },
): Promise<{ resendAfter: number }> {
  const now = req.now ?? Date.now();
  const code = await db.transaction(async (tx) => {
    // One sender per phone at a time: parallel requests cannot all pass the cooldown and the limits.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`sms:${req.phone}`]);
    const last = await tx.query<{ created_at: Date }>(
      `SELECT created_at FROM sms_codes WHERE phone = $1 ORDER BY created_at DESC LIMIT 1`,
      [req.phone],
    );
    const since = last.rows[0] ? now - last.rows[0].created_at.getTime() : Infinity;
    if (since < SMS_RESEND_COOLDOWN_MS) {
      throw new ApiError(
        MEMBER_CODE.smsTooSoon,
        SMS_MESSAGE.tooSoon(Math.ceil((SMS_RESEND_COOLDOWN_MS - since) / 1000)),
      );
    }
    const counts = await tx.query<{ phone_day: number; ip_hour: number }>(
      `SELECT
         (SELECT count(*)::int FROM sms_codes WHERE phone = $1 AND created_at > to_timestamp($3 / 1000.0) - interval '1 day') AS phone_day,
         (SELECT count(*)::int FROM sms_codes WHERE ip = $2 AND created_at > to_timestamp($3 / 1000.0) - interval '1 hour') AS ip_hour`,
      [req.phone, req.ip, now],
    );
    const c = counts.rows[0]!;
    if (c.phone_day >= SMS_MAX_PER_PHONE_PER_DAY)
      throw new ApiError(MEMBER_CODE.smsDailyLimit, SMS_MESSAGE.dailyLimit);
    if (c.ip_hour >= SMS_MAX_PER_IP_PER_HOUR)
      throw new ApiError(MEMBER_CODE.tooManyFromIp, SMS_MESSAGE.ipLimit);
    const value = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
    await tx.query(
      `INSERT INTO sms_codes (phone, purpose, code, ip, created_at, expires_at)
       VALUES ($1, $2, $3, $4, to_timestamp($5 / 1000.0), to_timestamp($6 / 1000.0))`,
      [req.phone, req.purpose, value, req.ip, now, now + SMS_CODE_TTL_MS],
    );
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
  req: { phone: string; purpose: SmsPurpose; code: string; now?: number },
): Promise<void> {
  const now = req.now ?? Date.now();
  const { rows } = await tx.query<{
    id: number;
    code: string;
    expires_at: Date;
    attempts: number;
    used_at: Date | null;
  }>(
    `SELECT id, code, expires_at, attempts, used_at FROM sms_codes
      WHERE phone = $1 AND purpose = $2 ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
    [req.phone, req.purpose],
  );
  const row = rows[0];
  if (!row || row.used_at || row.attempts >= SMS_MAX_ATTEMPTS)
    throw new ApiError(MEMBER_CODE.smsCodeWrong, SMS_MESSAGE.wrong);
  if (row.expires_at.getTime() <= now) throw new ApiError(MEMBER_CODE.smsCodeExpired, SMS_MESSAGE.expired);
  if (row.code !== req.code) {
    // Counted outside the caller's transaction (which rolls back on this error).
    throw new SmsWrongCode(row.id);
  }
  await tx.query('UPDATE sms_codes SET used_at = now() WHERE id = $1', [row.id]);
}

/** A wrong code: the caller records the attempt after its transaction rolled back. */
export class SmsWrongCode extends ApiError {
  constructor(readonly smsId: number) {
    super(MEMBER_CODE.smsCodeWrong, SMS_MESSAGE.wrong);
  }
}

export async function recordWrongSmsAttempt(db: Queryable, smsId: number): Promise<void> {
  await db.query('UPDATE sms_codes SET attempts = attempts + 1 WHERE id = $1', [smsId]);
}

/** The newest code sent to a phone (the sandbox's stand-in for reading the SMS). */
export async function latestSmsCode(
  db: Queryable,
  phone: string,
): Promise<{ code: string; purpose: string; expiresAt: Date } | null> {
  const { rows } = await db.query<{ code: string; purpose: string; expires_at: Date }>(
    'SELECT code, purpose, expires_at FROM sms_codes WHERE phone = $1 ORDER BY created_at DESC LIMIT 1',
    [phone],
  );
  const r = rows[0];
  return r ? { code: r.code, purpose: r.purpose, expiresAt: r.expires_at } : null;
}
