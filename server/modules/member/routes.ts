import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CODE } from '../../../src/protocol/api.ts';
import { USER_HASH_HEADER } from '../../../src/protocol/member.ts';
import type { Db } from '../../db/db.ts';
import { deviceOf } from '../../http/device.ts';
import { ApiError, ok } from '../../http/envelope.ts';
import { memberScope, sessionOf } from '../../http/member-scope.ts';
import { deriveJwtKey, signJwt } from '../../security/jwt.ts';
import { balanceOf } from '../ledger/ledger.ts';
import { MEMBER_JWT_TTL_S } from './limits.ts';
import {
  hashUserName,
  loginMember,
  memberInfo,
  registerMember,
  resetPassword,
  sendSmsCode,
} from './members.ts';
import {
  loginSchema,
  logoutSchema,
  memberInfoSchema,
  memberJwtSchema,
  registerSchema,
  resetPasswordSchema,
  smsSendSchema,
} from './schemas.ts';
import { revokeSession, SESSION_MESSAGE } from './sessions.ts';
import type { SmsGateway } from './sms.ts';

const USER_HASH = USER_HASH_HEADER.toLowerCase();

export interface MemberModuleOptions {
  db: Db;
  secret: string;
  sms: SmsGateway;
}

/** Accounts (/site/api/v1/user/...): the public calls, then the member area inside memberScope. */
export const memberModule: FastifyPluginAsyncTypebox<MemberModuleOptions> = async (app, deps) => {
  const { db } = deps;
  const jwtKey = deriveJwtKey(deps.secret);

  app.post('/site/api/v1/user/sms/send', { schema: smsSendSchema }, async (req) =>
    ok(await sendSmsCode(db, deps.sms, { ...req.body, ip: req.ip })),
  );

  app.post('/site/api/v1/user/register', { schema: registerSchema }, async (req) =>
    ok(
      await registerMember(db, {
        ...req.body,
        ip: req.ip,
        deviceUuid: deviceOf(req),
        userAgent: req.headers['user-agent'],
      }),
    ),
  );

  app.post('/site/api/v1/user/login', { schema: loginSchema }, async (req) =>
    ok(
      await loginMember(db, {
        ...req.body,
        ip: req.ip,
        deviceUuid: deviceOf(req),
        userAgent: req.headers['user-agent'],
      }),
    ),
  );

  app.post('/site/api/v1/user/password/reset', { schema: resetPasswordSchema }, async (req) => {
    await resetPassword(db, { ...req.body, ip: req.ip });
    return ok(null);
  });

  // spec §6: a token is required from here on; the scope checks it before every handler.
  await app.register(
    memberScope(db, async (member) => {
      member.post('/site/api/v1/user/logout', { schema: logoutSchema }, async (req) => {
        await revokeSession(db, sessionOf(req).tokenHash, 'logout');
        return ok(null);
      });

      member.post('/site/api/v1/user/member/info', { schema: memberInfoSchema }, async (req) => {
        const info = await memberInfo(db, sessionOf(req).memberId);
        // spec §7: the hashed user name must name the token's own member.
        const given = req.headers[USER_HASH];
        if (typeof given === 'string' && given && given !== hashUserName(info.userName)) {
          throw new ApiError(CODE.tokenInvalid, SESSION_MESSAGE.invalid);
        }
        // spec §7 withLockMoney: 1 — the central wallet's balance and the amount locked in it (fen, issue 9 §2).
        if (req.body?.withLockMoney !== 1) return ok(info);
        const money = await balanceOf(db, { memberId: info.userId, kind: 'central' });
        return ok({ ...info, balance: money.balance, lockMoney: money.held });
      });

      member.get('/site/api/v1/user/member/jwt', { schema: memberJwtSchema }, async (req) =>
        ok({
          jwt: signJwt({ sub: sessionOf(req).memberId }, jwtKey, MEMBER_JWT_TTL_S),
          expiresIn: MEMBER_JWT_TTL_S,
        }),
      );
    }),
  );
};
