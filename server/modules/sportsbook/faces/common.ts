// What the three provider faces share (issue 11 §3; docs/api.md "Sandbox sportsbook"): a face is an
// encapsulated plugin answering in its own envelope, also for mistakes the framework finds (bad JSON, a value
// of the wrong type): never the site's envelope, never a 5xx the caller cannot read.
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ODDS_TYPE, type OddsType } from '../../../../src/protocol/venues.ts';
import type { ApiError } from '../../../http/envelope.ts';

/** Why a face refuses: a dead credential, a request it cannot read, an unknown match. */
export type FaceRefusal = 'expired' | 'bad' | 'notFound';

export class FaceError extends Error {
  constructor(readonly refusal: FaceRefusal) {
    super(refusal);
  }
}

/** The face's answer for a refusal (its envelope, its codes). */
export type RefusalAnswer = (refusal: FaceRefusal) => Record<string, unknown>;

/** Installs the face's error handler in its own context: every error answers the face's envelope (HTTP 200). */
export function faceErrors(app: FastifyInstance, answer: RefusalAnswer): void {
  app.setErrorHandler((err: FastifyError | ApiError | FaceError, req, reply: FastifyReply) => {
    reply.serializer(JSON.stringify);
    if (err instanceof FaceError) return reply.code(200).send(answer(err.refusal));
    const status = (err as FastifyError).statusCode ?? 500;
    if ((err as FastifyError).validation || (status >= 400 && status < 500))
      return reply.code(200).send(answer('bad'));
    req.log.error({ err }, 'sportsbook face error');
    return reply.code(500).send(answer('bad'));
  });
}

const ODDS_TYPES: readonly number[] = Object.values(ODDS_TYPE);

/** The odds type asked (a number or numeric text 1–4), else the member's own. */
export function oddsTypeAsked(asked: unknown, own: OddsType): OddsType {
  const n = typeof asked === 'string' && /^[1-4]$/.test(asked) ? Number(asked) : asked;
  return typeof n === 'number' && ODDS_TYPES.includes(n) ? (n as OddsType) : own;
}

/** A header's single value. */
export function headerOf(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}
