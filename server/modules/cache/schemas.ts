import { Type } from 'typebox';
import { Envelope, NoQuery } from '../../http/schemas.ts';

/** spec §9: json-cache ttl defaults to 1 h; a client may ask for up to 7 days. */
export const JSON_CACHE_DEFAULT_TTL_S = 3600;
export const JSON_CACHE_MAX_TTL_S = 7 * 24 * 3600;
export const JSON_CACHE_MAX_BYTES = 64 * 1024;

const Key = Type.Object({ key: Type.String({ pattern: '^[A-Za-z0-9_.:-]{1,128}$' }) });

export const apiCacheSchema = {
  querystring: NoQuery,
  params: Type.Object({ path: Type.String({ maxLength: 512 }) }),
  // data is whatever the cached call answers (each call's own schema describes it).
  response: { 200: Envelope(Type.Unknown()) },
};

export const jsonCacheReadSchema = {
  querystring: NoQuery,
  params: Key,
  response: { 200: Envelope(Type.String()) },
};

export const jsonCacheWriteSchema = {
  params: Key,
  body: Type.Object(
    {
      // Client-encrypted text (crypto-js AES, base64). No control characters: PostgreSQL text refuses NUL.
      data: Type.String({ minLength: 1, maxLength: JSON_CACHE_MAX_BYTES, pattern: '^[^\\u0000-\\u001f]*$' }),
      ttl: Type.Optional(
        Type.Integer({ minimum: 1, maximum: JSON_CACHE_MAX_TTL_S, default: JSON_CACHE_DEFAULT_TTL_S }),
      ),
    },
    { additionalProperties: false },
  ),
  response: { 200: Envelope(Type.Object({ expiresAt: Type.String() })) },
};
