// The sandbox sportsbook (issue 11 §3, §4; docs/sportsbook.md, docs/api.md "Sandbox sportsbook"): its native API
// (the venue page's calls), the counts URL of spec §7, the three provider faces, the venue page itself, and the
// settlement sweep of the running server. PLAY MONEY only.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CODE, MERCHANT_CODE } from '../../../src/protocol/api.ts';
import { REQUEST_ID_HEADER } from '../../../src/protocol/providers.ts';
import { SPORTSBOOK_API } from '../../../src/protocol/sportsbook.ts';
import { SPORT_COUNT_PREFIX } from '../../../src/protocol/venues.ts';
import type { Db } from '../../db/db.ts';
import { fail, ok, SERVER_MESSAGE } from '../../http/envelope.ts';
import { headerOf } from './faces/common.ts';
import { providerOneFace } from './faces/provider-one.ts';
import { providerThreeFace } from './faces/provider-three.ts';
import { providerTwoFace } from './faces/provider-two.ts';
import { SPORTSBOOK_MESSAGE } from './messages.ts';
import {
  betsSchema,
  countsSchema,
  matchesSchema,
  matchSchema,
  placeBetSchema,
  sessionSchema,
  settingsSchema,
} from './schemas.ts';
import {
  callerOf,
  countsView,
  listBets,
  listMatches,
  matchOf,
  placeBet,
  sessionView,
  setOddsType,
  sportsbookError,
  type Caller,
  type Ctx,
} from './service.ts';
import { sweep } from './settlement.ts';
import { sportsbookConfig, type SportsbookConfig } from './settings.ts';

export interface SportsbookModuleOptions {
  db: Db;
  /** The engine's seed, the clock's speed, the sweep's interval; from the environment or the defaults otherwise. */
  config?: Partial<SportsbookConfig>;
}

/** The counts URL's own envelope (docs/api.md): `code` 0 on success (and status_code 6000 for the site's reader). */
export const COUNTS_CODE = { success: 0, expired: 40001, bad: CODE.validation } as const;

/**
 * Routes outside the site's API groups, each with why (tests/server/route-schemas.test.ts checks that every route
 * is either an API route or listed): the sportsbook's native API, counts URL, provider faces and venue page.
 */
export const SPORTSBOOK_ROUTE_NOTES: Readonly<Record<string, string>> = {
  [`GET ${SPORT_COUNT_PREFIX}:token`]: 'spec §7 counts URL ({code, message, data} envelope)',
  'POST /improxy/api/mobile/GetSportCount': 'provider one face (its envelope)',
  'POST /improxy/api/mobile/GetMatches': 'provider one face',
  'POST /improxy/api/mobile/GetMatch': 'provider one face',
  'POST /improxy/api/mobile/GetBalance': 'provider one face',
  'POST /improxy/api/mobile/GetBets': 'provider one face',
  'GET /yewu11/v1/m/sportCount': 'provider two face (its envelope)',
  'GET /yewu11/v1/m/matches': 'provider two face',
  'GET /yewu11/v1/m/match': 'provider two face',
  'GET /yewu11/v1/m/balance': 'provider two face',
  'GET /v1/sport/count': 'provider three face (its envelope)',
  'GET /v1/match/list': 'provider three face',
  'GET /v1/match/detail': 'provider three face',
  'GET /v1/member/info': 'provider three face',
  'POST /v1/member/oddsType': 'provider three face (success 350)',
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The native API's caller (a live venue session of a sportsbook venue). */
    sportsbookCaller: Caller | null;
  }
}

const bearer = (req: FastifyRequest) =>
  headerOf(req.headers, 'authorization')
    ?.replace(/^Bearer\s+/i, '')
    .trim();

/** The native API (registered under SPORTSBOOK_API): every call needs the venue credential (Bearer); a dead one answers 40001 'expired'. */
async function nativeApi(app: FastifyInstance, ctx: Ctx): Promise<void> {
  app.decorateRequest('sportsbookCaller', null);
  // After validation (a malformed request answers 10003 whatever its credential), before the handler.
  app.addHook('preHandler', async (req) => {
    req.sportsbookCaller = await callerOf(ctx.db, bearer(req));
    if (!req.sportsbookCaller) throw sportsbookError('expired', null, SPORTSBOOK_MESSAGE.expired);
  });
  const t = app.withTypeProvider<TypeBoxTypeProvider>();
  const caller = (req: FastifyRequest) => req.sportsbookCaller!;
  // Any other path under the API (or one the router cannot match, e.g. an over-long id) answers the envelope.
  app.setNotFoundHandler((_req, reply) => reply.code(404).send(fail(CODE.common, SERVER_MESSAGE.notFound)));

  t.get(`/session`, { schema: sessionSchema }, async (req) => ok(await sessionView(ctx, caller(req))));

  t.get(`/matches`, { schema: matchesSchema }, async (req) =>
    ok(await listMatches(ctx, caller(req), req.query.sport, req.query.phase ?? 'live')),
  );

  t.get(`/matches/:id`, { schema: matchSchema }, async (req) => {
    const m = await matchOf(ctx, caller(req), req.params.id);
    if (!m) throw sportsbookError('matchNotFound');
    return ok(m);
  });

  t.post(`/bets`, { schema: placeBetSchema }, async (req) => ok(await placeBet(ctx, caller(req), req.body)));

  t.get(`/bets`, { schema: betsSchema }, async (req) =>
    ok({ bets: await listBets(ctx, caller(req), req.query.status) }),
  );

  t.put(`/settings`, { schema: settingsSchema }, async (req) =>
    ok(await setOddsType(ctx.db, caller(req).memberId, req.body.oddsType)),
  );
}

/**
 * spec §7 counts call: GET {token}?merchantCode=Y with a requestId header → { code: 0, message: 'success', data:
 * base64(UTF-8 JSON of SportCounts) }; a dead credential → { code: 40001, message: 'expired' }. Every answer
 * also carries status_code (6000 on success) so a reader of the site's envelope reads it too.
 */
async function countsUrl(app: FastifyInstance, ctx: Ctx): Promise<void> {
  const answer = (code: number, message: string, data: string | null = null) => ({
    code,
    status_code: code === COUNTS_CODE.success ? CODE.success : code,
    message,
    data,
  });
  app.setErrorHandler((err, req, reply) => {
    reply.serializer(JSON.stringify);
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) req.log.error({ err }, 'sportsbook counts error');
    return reply.code(status >= 500 ? 500 : 200).send(answer(COUNTS_CODE.bad, SPORTSBOOK_MESSAGE.badRequest));
  });
  const t = app.withTypeProvider<TypeBoxTypeProvider>();
  t.get(`${SPORT_COUNT_PREFIX}:token`, { schema: countsSchema }, async (req) => {
    const c = await callerOf(ctx.db, req.params.token);
    if (!c) return answer(COUNTS_CODE.expired, SPORTSBOOK_MESSAGE.expired);
    if (req.query.merchantCode !== MERCHANT_CODE || !headerOf(req.headers, REQUEST_ID_HEADER))
      return answer(COUNTS_CODE.bad, SPORTSBOOK_MESSAGE.badRequest);
    const json = JSON.stringify(await countsView(ctx, c));
    return answer(
      COUNTS_CODE.success,
      SPORTSBOOK_MESSAGE.success,
      Buffer.from(json, 'utf8').toString('base64'),
    );
  });
}

export const sportsbookModule: FastifyPluginAsyncTypebox<SportsbookModuleOptions> = async (app, opts) => {
  const ctx: Ctx = { db: opts.db, config: sportsbookConfig(opts.config) };

  await app.register(async (native) => nativeApi(native, ctx), { prefix: SPORTSBOOK_API });
  await app.register(async (counts) => countsUrl(counts, ctx));
  await app.register(providerOneFace, { ctx });
  await app.register(providerTwoFace, { ctx });
  await app.register(providerThreeFace, { ctx });

  // Settlement: the clock's results and the ready bets, every sweepMs (one sweep at a time on this node; others
  // may sweep at once: each bet settles once whoever gets there, settlement.ts).
  if (ctx.config.sweepMs > 0) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      sweep(ctx)
        .catch((err: unknown) => app.log.error({ err }, 'sportsbook settlement sweep failed'))
        .finally(() => {
          running = false;
        });
    }, ctx.config.sweepMs);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      // Let a sweep in flight finish before the database closes.
      while (running) await new Promise((r) => setTimeout(r, 20));
    });
  }
};
