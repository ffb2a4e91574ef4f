import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { CODE, HEADER } from '../../src/protocol/api.ts';
import type { Db } from '../db/db.ts';
import { resolveSession, SESSION_MESSAGE, type Session } from '../modules/member/sessions.ts';
import { ApiError } from './envelope.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session; set for every route inside memberScope, null elsewhere. */
    session: Session | null;
  }
}

const TOKEN_HEADER = HEADER.token.toLowerCase();

/**
 * The member area (spec §6: a token is required): routes registered inside get the session check as a
 * preHandler of their encapsulated context, so a member route cannot forget it. Codes: 10004 (no or unknown
 * token), 6001, 10104, 10105 from resolveSession.
 */
export function memberScope(db: Db, routes: FastifyPluginAsyncTypebox): FastifyPluginAsyncTypebox {
  return async (scope) => {
    scope.decorateRequest('session', null);
    scope.addHook('preHandler', async (req) => {
      const token = req.headers[TOKEN_HEADER];
      if (typeof token !== 'string' || !token) throw new ApiError(CODE.tokenInvalid, SESSION_MESSAGE.invalid);
      req.session = await resolveSession(db, token);
    });
    await scope.register(routes);
  };
}

/** The session of a request inside memberScope (the scope's preHandler set it before the handler runs). */
export function sessionOf(req: FastifyRequest): Session {
  if (!req.session) throw new ApiError(CODE.tokenInvalid, SESSION_MESSAGE.invalid);
  return req.session;
}
