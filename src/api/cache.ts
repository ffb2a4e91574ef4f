// The cached GET variant and the json-cache store (spec §7 /api/api-cache, /api/json-cache; spec §9 ttl 1 h).
import { t } from '../i18n/zh-CN.ts';
import { apiGet, apiPost, type ApiCallConfig } from './client.ts';
import { BusinessError } from './errors.ts';

/** spec §9: cache ttl 1 h. */
export const CACHE_TTL_MS = 60 * 60 * 1000;
const MS_PER_SECOND = 1000;

const API_CACHE_PREFIX = '/api/api-cache/';
const JSON_CACHE_PREFIX = '/api/json-cache/';

// Obfuscation, not secrecy: the passphrase ships in the bundle, so anyone can decrypt. It only keeps cached
// values from being readable at a glance in the store and in request logs. Never cache secrets here.
const JSON_CACHE_PASSPHRASE = 'qipai-json-cache-v1';

/** A main-API GET answered from the server's cache; same envelope as the direct call. */
export function cachedGet<T>(path: string, config?: ApiCallConfig): Promise<T> {
  return apiGet<T>(`${API_CACHE_PREFIX}${encodeURIComponent(path)}`, config);
}

/** Stores `value` under `key` for `ttlMs` (sent to the server in whole seconds). */
export async function jsonCacheSet(key: string, value: unknown, ttlMs: number = CACHE_TTL_MS): Promise<void> {
  const { encryptWithPassphrase } = await import('../lib/aes.ts'); // on demand: keeps crypto-js off the first load
  const data = encryptWithPassphrase(JSON.stringify(value) ?? 'null', JSON_CACHE_PASSPHRASE);
  await apiPost<unknown>(jsonCachePath(key), { data, ttl: Math.ceil(ttlMs / MS_PER_SECOND) });
}

/** The value stored under `key`, or null when it is absent, expired, empty or unreadable (spec §5). */
export async function jsonCacheGet<T>(key: string): Promise<T | null> {
  let stored: unknown;
  try {
    stored = await apiGet<unknown>(jsonCachePath(key), { handles: isCacheMiss });
  } catch (error) {
    if (isCacheMiss(error)) return null;
    throw error;
  }
  const cipherText = cipherTextOf(stored);
  if (!cipherText) return null;
  const { decryptWithPassphrase } = await import('../lib/aes.ts');
  try {
    return JSON.parse(decryptWithPassphrase(cipherText, JSON_CACHE_PASSPHRASE)) as T;
  } catch {
    // Written with another passphrase or damaged: as good as absent for a cache.
    return null;
  }
}

/** spec §8: the server answers a business error '读取缓存失败' when the key is absent or expired. */
function isCacheMiss(error: unknown): boolean {
  return error instanceof BusinessError && error.message === t.apiErrors.cacheReadFailed;
}

function jsonCachePath(key: string): string {
  return `${JSON_CACHE_PREFIX}${encodeURIComponent(key)}`;
}

/** The server returns the stored ciphertext, either bare or as the `data` it was stored under. */
function cipherTextOf(stored: unknown): string | null {
  if (typeof stored === 'string') return stored;
  if (typeof stored === 'object' && stored !== null && 'data' in stored && typeof stored.data === 'string') {
    return stored.data;
  }
  return null;
}
