import { createHmac } from 'node:crypto';

// The one HMAC of the server: signature groups, the map cipher, the jwt key and jwt signatures all use it.

/** HMAC-SHA256 of data under key. */
export function hmacSha256(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/**
 * Compares a secret-derived value with what a caller sent, in time that depends only on the lengths (which are
 * public: hex or base64url of a fixed size). Without allocating: it runs on every API call (docs/decisions/0013).
 */
export function safeEqual(expected: string, given: string | undefined): boolean {
  if (given === undefined || given.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ given.charCodeAt(i);
  return diff === 0;
}
