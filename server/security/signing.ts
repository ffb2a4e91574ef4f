import { createCipheriv } from 'node:crypto';
import { SIGN_GROUPS, type SignGroup } from '../../src/protocol/api.ts';
import { hmacSha256, safeEqual } from './hmac.ts';

export type SignMap = Record<SignGroup, string>;

/** Used when API_SIGNING_SECRET is not set: fine for a sandbox, never for a public deployment. */
export const DEV_SIGNING_SECRET = 'sandbox-signing-secret-change-me';

/** Each signature group's X-API-XXX value, derived from the secret so every node agrees without sharing state. */
export function deriveSignMap(secret: string): SignMap {
  const map = {} as SignMap;
  for (const group of SIGN_GROUPS)
    map[group] = hmacSha256(secret, `sign:${group}`).toString('hex').slice(0, 32);
  return map;
}

/** Key and IV that encrypt the fallback copy of the map (spec §7 vvPretty / Hf6dtBdmHx). */
export function deriveMapCipher(secret: string): { key: Buffer; iv: Buffer } {
  return {
    key: hmacSha256(secret, 'vv:key').subarray(0, 16),
    iv: hmacSha256(secret, 'vv:iv').subarray(0, 16),
  };
}

/** AES-128-CBC with PKCS7 padding, base64: what the client decrypts with crypto-js. */
export function encryptSignMap(map: SignMap, cipher: { key: Buffer; iv: Buffer }): string {
  const c = createCipheriv('aes-128-cbc', cipher.key, cipher.iv);
  return Buffer.concat([c.update(JSON.stringify(map), 'utf8'), c.final()]).toString('base64');
}

export function signatureMatches(expected: string, given: string | undefined): boolean {
  return !!given && safeEqual(expected, given);
}
