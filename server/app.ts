import compress from '@fastify/compress';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CODE } from '../src/protocol/api.ts';
import type { ServerConfig } from './config.ts';
import type { Db } from './db/db.ts';
import { listenForChanges } from './db/hot-cache.ts';
import { registerApiGuard } from './http/api-guard.ts';
import { ApiError, fail, SERVER_MESSAGE } from './http/envelope.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { restrictionFor } from './modules/access/restrictions.ts';
import { actModule, cacheableActCalls } from './modules/act/routes.ts';
import { cacheModule } from './modules/cache/routes.ts';
import { depositModule } from './modules/deposit/routes.ts';
import { gameModule, platformCounts, PLATFORM_COUNT_PATH } from './modules/game/routes.ts';
import { memberModule } from './modules/member/routes.ts';
import { sandboxSmsGateway, type SmsGateway } from './modules/member/sms.ts';
import { readPreInfo } from './modules/site/config.ts';
import { siteModule } from './modules/site/routes.ts';
import { publicOriginOf, venueOriginsOf } from './modules/venue/origin.ts';
import { venueModule } from './modules/venue/routes.ts';
import { opsEndpoint } from './ops/endpoint.ts';
import { deriveSignMap } from './security/signing.ts';
import type { StreamOptions } from './stream/options.ts';
import { streamRoutes } from './stream/routes.ts';
import { walletModule } from './modules/wallet/routes.ts';
import { payoutModule } from './modules/payout/routes.ts';
import { withdrawalModule } from './modules/withdrawal/routes.ts';
import { sportsbookModule } from './modules/sportsbook/routes.ts';
import { gamesModule } from './modules/casino/routes.ts';
import { jackpotModule } from './modules/casino/jackpot.ts';
import { vipModule } from './modules/vip/routes.ts';
import { rebateModule } from './modules/rebate/routes.ts';
import { mallModule } from './modules/mall/routes.ts';
import { mailModule } from './modules/mail/routes.ts';
import { profileModule } from './modules/profile/routes.ts';
import { siteRoutes as webRoutes } from './web/site.ts';

export interface AppDeps {
  db: Db;
  /** Where SMS codes go (the sandbox keeps them in the database only). */
  sms?: SmsGateway;
  /** The operator endpoint's secret; null leaves the endpoint off. */
  opsSecret?: string | null;
  /** Socket timings and limits (tests shorten the heartbeat); the protocol's constants by default. */
  stream?: Partial<StreamOptions>;
  /** Sees every route as it is registered (tests walk the route table with it). */
  onRoute?: (route: RouteOptions) => void;
}

const REDACT = ['req.headers["x-api-token"]', 'req.headers.authorization', '*.password', '*.token'];

/** JSON answers above this many bytes are compressed (br, else gzip) when the caller accepts it. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Strips token-like query values from logged URLs (appdown-token / token log the player in, spec §2). */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:appdown-token|token|password)=)[^&]*/gi, '$1[redacted]');
}

export async function buildApp(config: ServerConfig, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: REDACT,
            serializers: {
              req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
            },
          },
    // A malformed URL or body still answers the envelope (spec §7), never Fastify's own error shape.
    frameworkErrors: (_err, _req, reply) => {
      void (reply as FastifyReply).code(400).send(fail(CODE.validation, SERVER_MESSAGE.validation));
    },
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    // Fastify's default (100) is shorter than the json-cache key (128) and the encoded api-cache path (512)
    // that the routes' schemas allow; longer params would be refused with a bare 414.
    routerOptions: { maxParamLength: 1024 },
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);

  await registerSecurityHeaders(app);

  app.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    reply.serializer(JSON.stringify);
    if (err instanceof ApiError)
      return reply.code(err.httpStatus).send(fail(err.code, err.message, err.data));
    if ((err as FastifyError).validation) {
      return reply.code(200).send(
        fail(CODE.validation, SERVER_MESSAGE.validation, {
          fields: (err as FastifyError).validation?.map((v) => v.instancePath || v.params),
        }),
      );
    }
    const status = (err as FastifyError).statusCode ?? 500;
    if (status === 429) return reply.code(429).send(fail(CODE.common, SERVER_MESSAGE.tooManyRequests));
    if (status >= 400 && status < 500)
      return reply.code(status).send(fail(CODE.validation, SERVER_MESSAGE.validation));
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send(fail(CODE.common, SERVER_MESSAGE.internal));
  });

  // Other nodes' writes to the cached tables reach this node's hot caches (server/db/hot-cache.ts).
  const stopListening = await listenForChanges(deps.db);
  app.addHook('onClose', async () => {
    await stopListening();
  });

  const signMap = deriveSignMap(config.signingSecret);
  const { db } = deps;
  registerApiGuard(app, { db, signMap });

  // The API groups, each module an encapsulated plugin. Answers over 1 KB are compressed in this context only
  // (pages and assets are served precompressed by web/site.ts); request bodies are never compressed.
  await app.register(async (api) => {
    await api.register(compress, {
      threshold: COMPRESS_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      globalDecompression: false,
    });
    await api.register(siteModule, {
      db,
      secret: config.signingSecret,
      signMap,
      publicOrigin: config.publicOrigin ?? null,
    });
    await api.register(actModule, { db });
    await api.register(memberModule, {
      db,
      secret: config.signingSecret,
      sms: deps.sms ?? sandboxSmsGateway,
    });
    await api.register(gameModule, { db });
    await api.register(jackpotModule, { db });
    await api.register(sportsbookModule, { db });
    await api.register(gamesModule, { db });
    await api.register(walletModule, { db });
    await api.register(depositModule, { db, secret: config.signingSecret });
    await api.register(payoutModule, { db, secret: config.signingSecret });
    await api.register(withdrawalModule, { db, secret: config.signingSecret });
    // The member centre (issue 13): profile, VIP, rebate and the audit, coins and the mall, mail and feedback.
    await api.register(profileModule, { db });
    await api.register(vipModule, { db });
    await api.register(rebateModule, { db });
    await api.register(mallModule, { db });
    await api.register(mailModule, { db });
    await api.register(venueModule, {
      db,
      publicOrigin: config.publicOrigin ?? null,
      staticDir: config.staticDir,
    });
    await api.register(cacheModule, {
      db,
      cacheable: { ...cacheableActCalls(db), [PLATFORM_COUNT_PATH]: () => platformCounts(db) },
    });
  });

  // The socket and its info call (server/stream); every route there declares its own schemas.
  await app.register(async (stream) => {
    await streamRoutes(stream, { db, secret: config.signingSecret, options: deps.stream });
  });
  if (deps.opsSecret) opsEndpoint(app, { db, secret: deps.opsSecret });

  if (config.staticDir && existsSync(path.join(config.staticDir, 'index.html'))) {
    // The guard only classifies API paths, so page requests look up the caller's restriction here: a restricted
    // caller gets no embedded pre-info, so the page calls preInfo and meets 6031/6033, or 6032 with the pre-info
    // as data (an embedded copy would hide the access alert until the next poll).
    const pagePreInfo = async (req: FastifyRequest) =>
      (await restrictionFor(db, req.ip))
        ? null
        : readPreInfo(db, req.ip, venueOriginsOf(publicOriginOf(req, config.publicOrigin)));
    await webRoutes(app, { staticDir: config.staticDir, preInfo: pagePreInfo });
  } else {
    app.setNotFoundHandler((_req, reply) => reply.code(404).send(fail(CODE.common, SERVER_MESSAGE.notFound)));
  }
  return app;
}
