import { hmacSha256, safeEqual } from './hmac.ts';

// A minimal HS256 JWT for the socket login (spec §4: fetch a member jwt, then log in over the socket).

const b64url = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');

export function deriveJwtKey(secret: string): Buffer {
  return hmacSha256(secret, 'jwt:member');
}

export function signJwt(
  payload: Record<string, unknown>,
  key: Buffer,
  ttlSeconds: number,
  now = Date.now(),
): string {
  const iat = Math.floor(now / 1000);
  const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify({ ...payload, iat, exp: iat + ttlSeconds }));
  const sig = hmacSha256(key, `${header}.${body}`).toString('base64url');
  return `${header}.${body}.${sig}`;
}

/** The payload when the signature is right and it has not expired; null otherwise. */
export function verifyJwt(token: string, key: Buffer, now = Date.now()): Record<string, unknown> | null {
  const [header, body, sig] = token.split('.');
  if (!header || !body || !sig) return null;
  if (!safeEqual(hmacSha256(key, `${header}.${body}`).toString('base64url'), sig)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof payload.exp !== 'number' || payload.exp * 1000 <= now) return null;
    return payload;
  } catch {
    return null;
  }
}
