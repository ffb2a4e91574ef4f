// The sandbox games (issue 12; docs/games.md, docs/api.md "Sandbox games"): the native API their page calls
// under GAMES_API with the launch's venue credential (Bearer), the common calls (session, transfer in, seed,
// rounds), each category's own calls, and the sweep of the running server. PLAY MONEY only.
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CODE } from '../../../src/protocol/api.ts';
import { GAMES_API } from '../../../src/protocol/games.ts';
import type { Db } from '../../db/db.ts';
import { fail, ok, SERVER_MESSAGE } from '../../http/envelope.ts';
import { GAME_CATEGORIES } from './categories.ts';
import { callerOfRequest, type GamesCtx } from './context.ts';
import { gamesError } from './errors.ts';
import { rotateSeed, seedCommitOf } from './fair.ts';
import { roundsSchema, seedRotateSchema, seedSchema, sessionSchema, transferInSchema } from './schemas.ts';
import { gamesCallerOf, roundsOf, sessionView, transferInto } from './service.ts';

/** How often the running server draws closed rounds and finishes abandoned hands. */
export const GAMES_SWEEP_MS = 1_000;

/** GAMES_SWEEP_MS from the environment (0 turns the sweep off: tests sweep by hand), or null when unset or bad. */
export function sweepMsFromEnv(env: NodeJS.ProcessEnv = process.env): number | null {
  const raw = env['GAMES_SWEEP_MS'];
  if (raw === undefined || !/^\d{1,7}$/.test(raw)) return null;
  return Number(raw);
}

export interface GamesModuleOptions {
  db: Db;
  /** The shared rounds' clock (tests move it). */
  now?: () => number;
  /** 0 turns the background sweep off (tests sweep by hand). */
  sweepMs?: number;
}

export { callerOfRequest } from './context.ts';

const bearer = (req: FastifyRequest): string | undefined => {
  const h = req.headers.authorization;
  return typeof h === 'string' ? h.replace(/^Bearer\s+/i, '').trim() : undefined;
};

async function nativeApi(app: FastifyInstance, ctx: GamesCtx): Promise<void> {
  app.decorateRequest('gamesCaller', null);
  // After validation (a malformed request answers 10003 whatever its credential), before the handler.
  app.addHook('preHandler', async (req) => {
    req.gamesCaller = await gamesCallerOf(ctx.db, bearer(req));
    if (!req.gamesCaller) throw gamesError('expired');
  });
  app.setNotFoundHandler((_req, reply) => reply.code(404).send(fail(CODE.common, SERVER_MESSAGE.notFound)));
  const t = app.withTypeProvider<TypeBoxTypeProvider>();

  t.get('/session', { schema: sessionSchema }, async (req) =>
    ok(await sessionView(ctx, callerOfRequest(req))),
  );
  t.post('/transfer-in', { schema: transferInSchema }, async (req) =>
    ok(await transferInto(ctx, callerOfRequest(req), req.body)),
  );
  t.get('/seed', { schema: seedSchema }, async (req) => {
    const c = callerOfRequest(req);
    return ok(await seedCommitOf(ctx.db, c.memberId, c.venue.code));
  });
  t.post('/seed/rotate', { schema: seedRotateSchema }, async (req) => {
    const c = callerOfRequest(req);
    const rotation = await rotateSeed(ctx.db, c.memberId, c.venue.code, req.body.clientSeed);
    if (!rotation) throw gamesError('wrongState');
    return ok(rotation);
  });
  t.get('/rounds', { schema: roundsSchema }, async (req) =>
    ok({ rounds: await roundsOf(ctx, callerOfRequest(req), req.query.game) }),
  );

  for (const category of GAME_CATEGORIES) await category.routes(app, ctx);
}

/** One pass of every category's background work (answers how many things were done). */
export async function sweepGames(ctx: GamesCtx): Promise<number> {
  let done = 0;
  for (const category of GAME_CATEGORIES) if (category.sweep) done += await category.sweep(ctx);
  return done;
}

export const gamesModule: FastifyPluginAsyncTypebox<GamesModuleOptions> = async (app, opts) => {
  const ctx: GamesCtx = { db: opts.db, now: opts.now ?? Date.now };
  await app.register(async (native) => nativeApi(native, ctx), { prefix: GAMES_API });

  const sweepMs = opts.sweepMs ?? sweepMsFromEnv() ?? GAMES_SWEEP_MS;
  if (sweepMs > 0) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      sweepGames(ctx)
        .catch((err: unknown) => app.log.error({ err }, 'games sweep failed'))
        .finally(() => {
          running = false;
        });
    }, sweepMs);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      while (running) await new Promise((r) => setTimeout(r, 20));
    });
  }
};
