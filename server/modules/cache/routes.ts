import type { FastifyInstance } from 'fastify';
import { CODE, HEADER } from '../../../src/protocol/api.ts';
import type { Db } from '../../db/db.ts';
import { ApiError, ok, SERVER_MESSAGE } from '../../http/envelope.ts';

/** How long the cached variant keeps a public GET answer. */
export const API_CACHE_TTL_MS = 30_000;
/** spec §9: json-cache ttl defaults to 1 h; a client may ask for up to 7 days. */
export const JSON_CACHE_DEFAULT_TTL_S = 3600;
export const JSON_CACHE_MAX_TTL_S = 7 * 24 * 3600;
export const JSON_CACHE_MAX_BYTES = 64 * 1024;
const KEY_PATTERN = '^[A-Za-z0-9_.:-]{1,128}$';

export function cacheRoutes(
  app: FastifyInstance,
  deps: { db: Db; cacheable: Record<string, () => Promise<unknown>> },
): void {
  const { db, cacheable } = deps;

  // GET /api/api-cache/{encoded path}: a public GET answered from a shared cache with an expiry (spec §7).
  app.get<{ Params: { path: string } }>(
    '/api/api-cache/:path',
    { schema: { params: { type: 'object', properties: { path: { type: 'string', maxLength: 512 } } } } },
    async (req) => {
      const path = req.params.path; // Fastify has already decoded the one encoded segment
      // Own keys only: '/api/api-cache/constructor' must not reach Object.prototype.
      const load = Object.hasOwn(cacheable, path) ? cacheable[path] : undefined;
      if (!load) throw new ApiError(CODE.validation, SERVER_MESSAGE.cacheReadFailed);
      const hit = await db.query<{ body: unknown }>(
        'SELECT body FROM api_cache WHERE path = $1 AND expires_at > now()',
        [path],
      );
      if (hit.rows[0]) return ok(hit.rows[0].body);
      const body = await load();
      await db.query(
        `INSERT INTO api_cache (path, body, expires_at) VALUES ($1, $2::jsonb, now() + $3 * interval '1 millisecond')
         ON CONFLICT (path) DO UPDATE SET body = EXCLUDED.body, expires_at = EXCLUDED.expires_at`,
        [path, JSON.stringify(body), API_CACHE_TTL_MS],
      );
      return ok(body);
    },
  );

  // The json-cache: client-encrypted blobs, scoped to the device (X-API-UUID) so one device cannot read another's.
  const deviceOf = (headers: Record<string, unknown>): string => {
    const uuid = headers[HEADER.uuid.toLowerCase()];
    if (typeof uuid !== 'string' || !/^[A-Za-z0-9-]{8,64}$/.test(uuid)) {
      throw new ApiError(CODE.validation, SERVER_MESSAGE.validation);
    }
    return uuid;
  };
  const keySchema = {
    type: 'object',
    required: ['key'],
    properties: { key: { type: 'string', pattern: KEY_PATTERN } },
  } as const;

  app.get<{ Params: { key: string } }>(
    '/api/json-cache/:key',
    { schema: { params: keySchema } },
    async (req) => {
      const scoped = `${deviceOf(req.headers)}/${req.params.key}`;
      const { rows } = await db.query<{ data: string }>(
        'SELECT data FROM json_cache WHERE key = $1 AND expires_at > now()',
        [scoped],
      );
      if (!rows[0]) throw new ApiError(CODE.common, SERVER_MESSAGE.cacheReadFailed);
      return ok(rows[0].data);
    },
  );

  app.post<{ Params: { key: string }; Body: { data: string; ttl?: number } }>(
    '/api/json-cache/:key',
    {
      bodyLimit: JSON_CACHE_MAX_BYTES + 1024,
      schema: {
        params: keySchema,
        body: {
          type: 'object',
          required: ['data'],
          properties: {
            data: { type: 'string', minLength: 1, maxLength: JSON_CACHE_MAX_BYTES },
            ttl: {
              type: 'integer',
              minimum: 1,
              maximum: JSON_CACHE_MAX_TTL_S,
              default: JSON_CACHE_DEFAULT_TTL_S,
            },
          },
          additionalProperties: false,
        },
      },
    },
    async (req) => {
      const scoped = `${deviceOf(req.headers)}/${req.params.key}`;
      const ttl = req.body.ttl ?? JSON_CACHE_DEFAULT_TTL_S;
      const { rows } = await db.query<{ expires_at: Date }>(
        `INSERT INTO json_cache (key, data, expires_at) VALUES ($1, $2, now() + $3 * interval '1 second')
         ON CONFLICT (key) DO UPDATE SET data = EXCLUDED.data, expires_at = EXCLUDED.expires_at RETURNING expires_at`,
        [scoped, req.body.data, ttl],
      );
      return ok({ expiresAt: rows[0]!.expires_at.toISOString() });
    },
  );
}
