import type { FastifyRequest } from 'fastify';
import { CODE, HEADER } from '../../../src/protocol/api.ts';
import type { Db } from '../../db/db.ts';
import { ApiError } from '../../http/envelope.ts';
import { resolveSession, SESSION_MESSAGE, type Session } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
}

/** A preHandler for member routes (spec §6: a token is required for member areas). */
export function requireMember(db: Db) {
  return async (req: FastifyRequest) => {
    const token = req.headers[HEADER.token.toLowerCase()];
    if (typeof token !== 'string' || !token) throw new ApiError(CODE.tokenInvalid, SESSION_MESSAGE.invalid);
    req.session = await resolveSession(db, token);
  };
}

export function deviceOf(req: FastifyRequest): string | null {
  const uuid = req.headers[HEADER.uuid.toLowerCase()];
  return typeof uuid === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(uuid) ? uuid : null;
}
