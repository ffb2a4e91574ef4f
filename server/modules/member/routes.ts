import type { FastifyInstance } from 'fastify';
import { CODE } from '../../../src/protocol/api.ts';
import {
  COUNTRIES,
  formatStoredPhone,
  isValidPhone,
  MEMBER_CODE,
  INVITE_CODE_PATTERN,
  PASSWORD_MAX,
  SMS_CODE_PATTERN,
  USER_HASH_HEADER,
  type LoginRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
  type SmsSendRequest,
} from '../../../src/protocol/member.ts';
import type { Db } from '../../db/db.ts';
import { ApiError, ok } from '../../http/envelope.ts';
import { deriveJwtKey, signJwt } from '../../security/jwt.ts';
import { cachedSiteConfig } from '../site/config.ts';
import { deviceOf, requireMember } from './auth.ts';
import { MEMBER_JWT_TTL_S } from './limits.ts';
import {
  checkPhoneAllowed,
  hashUserName,
  loginMember,
  MEMBER_MESSAGE,
  memberInfo,
  registerMember,
  resetPassword,
} from './members.ts';
import { revokeSession, SESSION_MESSAGE } from './sessions.ts';
import { issueSmsCode, type SmsGateway } from './sms.ts';

const countryCode = { type: 'string', enum: COUNTRIES.map((c) => c.code) } as const;
// Shapes only; the business rules (format, mismatch...) answer their own codes from the service.
const phone = { type: 'string', minLength: 1, maxLength: 20, pattern: '^[0-9]+$' } as const;
const password = { type: 'string', minLength: 1, maxLength: PASSWORD_MAX * 4 } as const;
const smsCode = { type: 'string', pattern: SMS_CODE_PATTERN.source } as const;
const optionalCode = { type: 'string', maxLength: 32 } as const;

export function memberRoutes(app: FastifyInstance, deps: { db: Db; secret: string; sms: SmsGateway }): void {
  const { db } = deps;
  const jwtKey = deriveJwtKey(deps.secret);
  const auth = requireMember(db);
  app.decorateRequest('session', null);

  app.post<{ Body: SmsSendRequest }>(
    '/site/api/v1/user/sms/send',
    {
      schema: {
        body: {
          type: 'object',
          required: ['countryCode', 'phone', 'purpose'],
          properties: { countryCode, phone, purpose: { type: 'string', enum: ['register', 'reset'] } },
          additionalProperties: false,
        },
      },
    },
    async (req) => {
      const { countryCode: cc, phone: number, purpose } = req.body;
      if (!isValidPhone(cc, number)) throw new ApiError(MEMBER_CODE.phoneFormat, MEMBER_MESSAGE.phoneFormat);
      const stored = formatStoredPhone(cc, number);
      const config = await cachedSiteConfig(db);
      if (purpose === 'register' && config.stopRegister) {
        throw new ApiError(MEMBER_CODE.registerStopped, MEMBER_MESSAGE.registerStopped);
      }
      // A number the site will not register gets no code either (no SMS spent on it).
      if (purpose === 'register') checkPhoneAllowed(config, number);
      const exists = (await db.query('SELECT 1 FROM members WHERE phone = $1', [stored])).rows.length > 0;
      if (purpose === 'register' && exists)
        throw new ApiError(MEMBER_CODE.phoneTaken, MEMBER_MESSAGE.phoneTaken);
      if (purpose === 'reset' && !exists)
        throw new ApiError(MEMBER_CODE.phoneUnknown, MEMBER_MESSAGE.phoneUnknown);
      return ok(await issueSmsCode(db, deps.sms, { phone: stored, purpose, ip: req.ip }));
    },
  );

  app.post<{ Body: RegisterRequest }>(
    '/site/api/v1/user/register',
    {
      schema: {
        body: {
          type: 'object',
          required: ['countryCode', 'phone', 'smsCode', 'password', 'confirmPassword'],
          properties: {
            countryCode,
            phone,
            smsCode,
            password,
            confirmPassword: password,
            inviteCode: {
              type: 'string',
              maxLength: 16,
              anyOf: [{ const: '' }, { pattern: INVITE_CODE_PATTERN.source }],
            },
            referral: {
              type: 'object',
              properties: {
                i_code: optionalCode,
                r_code: optionalCode,
                r_bet: optionalCode,
                invite_code: optionalCode,
              },
              additionalProperties: false,
            },
          },
          additionalProperties: false,
        },
      },
    },
    async (req) => ok(await registerMember(db, { ...req.body, ip: req.ip, deviceUuid: deviceOf(req) })),
  );

  app.post<{ Body: LoginRequest }>(
    '/site/api/v1/user/login',
    {
      schema: {
        body: {
          type: 'object',
          required: ['countryCode', 'phone', 'password', 'remember'],
          properties: { countryCode, phone, password, remember: { type: 'boolean' } },
          additionalProperties: false,
        },
      },
    },
    async (req) => ok(await loginMember(db, { ...req.body, ip: req.ip, deviceUuid: deviceOf(req) })),
  );

  app.post<{ Body: ResetPasswordRequest }>(
    '/site/api/v1/user/password/reset',
    {
      schema: {
        body: {
          type: 'object',
          required: ['countryCode', 'phone', 'smsCode', 'password', 'confirmPassword'],
          properties: { countryCode, phone, smsCode, password, confirmPassword: password },
          additionalProperties: false,
        },
      },
    },
    async (req) => {
      await resetPassword(db, { ...req.body, ip: req.ip });
      return ok(null);
    },
  );

  app.post('/site/api/v1/user/logout', { preHandler: auth }, async (req) => {
    await revokeSession(db, req.session!.tokenHash, 'logout');
    return ok(null);
  });

  app.post<{ Body: { withLockMoney?: number } | undefined }>(
    '/site/api/v1/user/member/info',
    {
      preHandler: auth,
      schema: {
        body: {
          type: ['object', 'null'],
          properties: { withLockMoney: { type: 'integer', enum: [0, 1] } },
          additionalProperties: false,
        },
      },
    },
    async (req) => {
      const info = await memberInfo(db, req.session!.memberId);
      // spec §7: the hashed user name must name the token's own member.
      const given = req.headers[USER_HASH_HEADER.toLowerCase()];
      if (typeof given === 'string' && given && given !== hashUserName(info.userName)) {
        throw new ApiError(CODE.tokenInvalid, SESSION_MESSAGE.invalid);
      }
      return ok(info);
    },
  );

  app.get('/site/api/v1/user/member/jwt', { preHandler: auth }, async (req) =>
    ok({
      jwt: signJwt({ sub: req.session!.memberId }, jwtKey, MEMBER_JWT_TTL_S),
      expiresIn: MEMBER_JWT_TTL_S,
    }),
  );
}
