import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { CODE } from '../../../src/protocol/api.ts';
import type { Db } from '../../db/db.ts';
import { deviceOf } from '../../http/device.ts';
import { ApiError, ok, SERVER_MESSAGE } from '../../http/envelope.ts';
import {
  selectApiCacheBody,
  selectJsonCacheData,
  upsertApiCacheBody,
  upsertJsonCacheData,
} from './repository.ts';
import {
  apiCacheSchema,
  JSON_CACHE_DEFAULT_TTL_S,
  JSON_CACHE_MAX_BYTES,
  jsonCacheReadSchema,
  jsonCacheWriteSchema,
} from './schemas.ts';

/** How long the cached variant keeps a public GET answer. */
export const API_CACHE_TTL_MS = 30_000;

/** The json-cache is scoped to the device (X-API-UUID, required) so one device cannot read another's. */
function requiredDevice(req: FastifyRequest): string {
  const uuid = deviceOf(req);
  if (!uuid) throw new ApiError(CODE.validation, SERVER_MESSAGE.validation);
  return uuid;
}

export interface CacheModuleOptions {
  db: Db;
  /** The public GET calls the api-cache may answer, by path. */
  cacheable: Record<string, () => Promise<unknown>>;
}

/** /api/api-cache and /api/json-cache (spec §7, §9). */
export const cacheModule: FastifyPluginAsyncTypebox<CacheModuleOptions> = async (app, { db, cacheable }) => {
  // GET /api/api-cache/{encoded path}: a public GET answered from a shared cache with an expiry (spec §7).
  app.get('/api/api-cache/:path', { schema: apiCacheSchema }, async (req) => {
    const path = req.params.path; // Fastify has already decoded the one encoded segment
    // Own keys only: '/api/api-cache/constructor' must not reach Object.prototype.
    const load = Object.hasOwn(cacheable, path) ? cacheable[path] : undefined;
    if (!load) throw new ApiError(CODE.validation, SERVER_MESSAGE.cacheReadFailed);
    const hit = await selectApiCacheBody(db, path);
    if (hit) return ok(hit.body);
    const body = await load();
    await upsertApiCacheBody(db, path, body, API_CACHE_TTL_MS);
    return ok(body);
  });

  app.get('/api/json-cache/:key', { schema: jsonCacheReadSchema }, async (req) => {
    const data = await selectJsonCacheData(db, `${requiredDevice(req)}/${req.params.key}`);
    if (data === null) throw new ApiError(CODE.common, SERVER_MESSAGE.cacheReadFailed);
    return ok(data);
  });

  app.post(
    '/api/json-cache/:key',
    { bodyLimit: JSON_CACHE_MAX_BYTES + 1024, schema: jsonCacheWriteSchema },
    async (req) => {
      const scoped = `${requiredDevice(req)}/${req.params.key}`;
      const expiresAt = await upsertJsonCacheData(
        db,
        scoped,
        req.body.data,
        req.body.ttl ?? JSON_CACHE_DEFAULT_TTL_S,
      );
      return ok({ expiresAt: expiresAt.toISOString() });
    },
  );
};
