import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.ts';
import { safeEqual } from '../security/hmac.ts';
import { OpsUsageError, runOpsCommand } from './commands.ts';

export const OPS_PATH = '/__ops';
export const OPS_SECRET_HEADER = 'x-ops-secret';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * The operator command line reaches a running server here, because PGlite allows one process per data
 * directory. Loopback only, guarded by a secret the server writes into DATA_DIR at start.
 */
export function opsEndpoint(app: FastifyInstance, deps: { db: Db; secret: string }): void {
  app.post<{ Body: { argv: string[] } }>(
    OPS_PATH,
    {
      schema: {
        body: {
          type: 'object',
          required: ['argv'],
          properties: { argv: { type: 'array', maxItems: 32, items: { type: 'string', maxLength: 2000 } } },
          additionalProperties: false,
        },
      },
    },
    async (req, reply) => {
      const given = req.headers[OPS_SECRET_HEADER];
      const remote = req.socket.remoteAddress ?? '';
      if (!LOOPBACK.test(remote) || typeof given !== 'string' || !safeEqual(deps.secret, given)) {
        return reply.code(403).send({ ok: false, output: 'forbidden' });
      }
      try {
        const output = await runOpsCommand(deps.db, req.body.argv);
        req.log.info({ ops: req.body.argv[0] }, 'operator command');
        return { ok: true, output };
      } catch (err) {
        if (err instanceof OpsUsageError) return reply.code(400).send({ ok: false, output: err.message });
        throw err;
      }
    },
  );
}
