import AES from 'crypto-js/aes';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_TTL_MS, cachedGet, jsonCacheGet, jsonCacheSet } from '../../../src/api/cache.ts';
import { setHttpAdapter } from '../../../src/api/client.ts';
import { subscribeApiErrors } from '../../../src/api/error-bus.ts';
import { fail, fakeHttp, ok, type FakeRequest } from './fake-http.ts';

let published: string[] = [];
let unsubscribe: () => void = () => {};

beforeEach(() => {
  published = [];
  unsubscribe = subscribeApiErrors((event) => published.push(event.name));
});

afterEach(() => {
  unsubscribe();
  setHttpAdapter();
});

/** A json-cache back end holding what was POSTed, answering '读取缓存失败' for unknown keys. */
function jsonCacheServer() {
  const stored = new Map<string, string>();
  const fake = fakeHttp((request: FakeRequest) => {
    if (request.method === 'POST') {
      const body = request.body as { data: string; ttl: number };
      stored.set(request.url, body.data);
      return ok(null);
    }
    const data = stored.get(request.url);
    return data === undefined ? fail(10001, '读取缓存失败') : ok(data);
  });
  setHttpAdapter(fake.adapter);
  return { ...fake, stored };
}

describe('cachedGet (spec §7 api-cache)', () => {
  it('GETs the encoded path under /api/api-cache and unwraps the envelope', async () => {
    const fake = fakeHttp(() => ok([{ id: 1 }]));
    setHttpAdapter(fake.adapter);
    await expect(cachedGet('/act/api/v1/advertising/queryStationAdList')).resolves.toEqual([{ id: 1 }]);
    expect(fake.requests[0]).toMatchObject({
      method: 'GET',
      url: '/api/api-cache/%2Fact%2Fapi%2Fv1%2Fadvertising%2FqueryStationAdList',
    });
    expect(fake.requests[0]?.headers).not.toHaveProperty('x-api-xxx');
  });
});

describe('json cache (spec §7, §9)', () => {
  it('sends the ttl in seconds, 1 h by default', async () => {
    expect(CACHE_TTL_MS).toBe(3_600_000);
    const { requests } = jsonCacheServer();
    await jsonCacheSet('user', { a: 1 });
    await jsonCacheSet('short', 1, 90_000);
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/json-cache/user' });
    expect((requests[0]?.body as { ttl: number }).ttl).toBe(3600);
    expect((requests[1]?.body as { ttl: number }).ttl).toBe(90);
  });

  it('stores ciphertext, not the JSON, and reads back the value', async () => {
    const { requests } = jsonCacheServer();
    const value = { name: '玩家', balance: '1,234.50', list: [1, 2] };
    await jsonCacheSet('a/b c', value);
    const data = (requests[0]?.body as { data: string }).data;
    expect(requests[0]?.url).toBe('/api/json-cache/a%2Fb%20c');
    expect(typeof data).toBe('string');
    expect(data).not.toContain('玩家');
    expect(data.startsWith('U2FsdGVkX1')).toBe(true); // crypto-js passphrase output: base64 of 'Salted__'
    await expect(jsonCacheGet('a/b c')).resolves.toEqual(value);
  });

  it("resolves null on '读取缓存失败' without publishing it", async () => {
    jsonCacheServer();
    await expect(jsonCacheGet('missing')).resolves.toBeNull();
    expect(published).toEqual([]);
  });

  it('resolves null for an empty or undecryptable entry (spec §5)', async () => {
    const other = AES.encrypt('{"x":1}', 'another passphrase').toString();
    let reply = ok<unknown>('');
    setHttpAdapter(fakeHttp(() => reply).adapter);
    await expect(jsonCacheGet('k')).resolves.toBeNull();
    reply = ok(null);
    await expect(jsonCacheGet('k')).resolves.toBeNull();
    reply = ok(other);
    await expect(jsonCacheGet('k')).resolves.toBeNull();
  });

  it('accepts the ciphertext wrapped as { data }', async () => {
    const { stored, requests } = jsonCacheServer();
    await jsonCacheSet('k', [1, 2, 3]);
    const cipher = stored.get('/api/json-cache/k') ?? '';
    setHttpAdapter(fakeHttp(() => ok({ data: cipher, ttl: 3600 })).adapter);
    await expect(jsonCacheGet('k')).resolves.toEqual([1, 2, 3]);
    expect(requests).toHaveLength(1);
  });

  it('rejects, and publishes, any other failure', async () => {
    setHttpAdapter(fakeHttp(() => ({ status: 500, statusText: 'Internal Server Error' })).adapter);
    await expect(jsonCacheGet('k')).rejects.toMatchObject({ type: 'network', status: 500 });
    expect(published).toEqual(['network:500']);
  });
});
