// spec §8 10108: the signing secret was rotated; the client fetches the server's map and retries once.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signGroupOf } from '../../../src/protocol/api.ts';
import {
  DEV_SIGNING_SECRET,
  deriveMapCipher,
  deriveSignMap,
  encryptSignMap,
} from '../../../server/security/signing.ts';
import { fail, fakeHttp, ok, type FakeReply, type FakeRequest } from './fake-http.ts';

import type * as ClientModule from '../../../src/api/client.ts';
import type * as BusModule from '../../../src/api/error-bus.ts';

type Client = typeof ClientModule;
type Bus = typeof BusModule;

const ROTATED = 'rotated-secret';

/** A back end that checks X-API-XXX against the current secret and serves the map encrypted under it. */
function backEnd(secretOf: () => string, options: { failBootstrap?: boolean } = {}) {
  return (request: FakeRequest): FakeReply => {
    const secret = secretOf();
    const cipher = deriveMapCipher(secret);
    if (request.url === '/site/api/v1/sec/Hf6dtBdmHx') {
      if (options.failBootstrap) return { status: 500, statusText: 'Internal Server Error' };
      return ok({ k: cipher.key.toString('base64'), v: cipher.iv.toString('base64') });
    }
    if (request.url === '/site/api/v1/configuration/vvPretty')
      return ok(encryptSignMap(deriveSignMap(secret), cipher));
    const group = signGroupOf(request.url);
    if (group && request.headers['x-api-xxx'] !== deriveSignMap(secret)[group])
      return fail(10108, '接口鉴权失败');
    return ok({ served: request.url });
  };
}

let client: Client;
let published: string[];

beforeEach(async () => {
  // A fresh client each test: the signer remembers a refreshed map.
  vi.resetModules();
  client = await import('../../../src/api/client.ts');
  const bus: Bus = await import('../../../src/api/error-bus.ts');
  published = [];
  bus.subscribeApiErrors((event) => published.push(event.name));
});

describe('10108 refresh and retry', () => {
  it('uses the compiled map while the secret is unchanged', async () => {
    const fake = fakeHttp(backEnd(() => DEV_SIGNING_SECRET));
    client.setHttpAdapter(fake.adapter);
    await expect(client.apiGet('/act/api/v1/x')).resolves.toEqual({ served: '/act/api/v1/x' });
    expect(fake.requests.map((r) => r.url)).toEqual(['/act/api/v1/x']);
  });

  it('fetches the rotated map (unsigned) and retries once with it', async () => {
    const fake = fakeHttp(backEnd(() => ROTATED));
    client.setHttpAdapter(fake.adapter);
    await expect(
      client.apiPost('/act/api/v1/activityShow/suspensionIcon', { displayEquipment: '1' }),
    ).resolves.toEqual({
      served: '/act/api/v1/activityShow/suspensionIcon',
    });
    const calls = fake.requests.map((r) => `${r.method} ${r.url}`);
    expect(calls[0]).toBe('POST /act/api/v1/activityShow/suspensionIcon');
    expect(calls.slice(1, 3).sort()).toEqual([
      'GET /site/api/v1/configuration/vvPretty',
      'GET /site/api/v1/sec/Hf6dtBdmHx',
    ]);
    expect(calls[3]).toBe('POST /act/api/v1/activityShow/suspensionIcon');
    expect(calls).toHaveLength(4);
    expect(fake.requests[1]?.headers).not.toHaveProperty('x-api-xxx');
    expect(fake.requests[2]?.headers).not.toHaveProperty('x-api-xxx');
    expect(fake.requests[3]?.headers['x-api-xxx']).toBe(deriveSignMap(ROTATED)['/act/api']);
    expect(fake.requests[3]?.body).toEqual({ displayEquipment: '1' });
    expect(published).toEqual([]);

    // Later calls sign with the refreshed map straight away.
    await client.apiGet('/site/api/v1/y');
    expect(fake.requests).toHaveLength(5);
    expect(fake.requests[4]?.headers['x-api-xxx']).toBe(deriveSignMap(ROTATED)['/site/api']);
  });

  it('retries only once, then rejects with the 10108 and publishes it once', async () => {
    let secret = ROTATED;
    const serve = backEnd(() => secret);
    const fake = fakeHttp((request) => {
      const reply = serve(request);
      // The secret rotates again right after the map was handed out.
      if (request.url === '/site/api/v1/configuration/vvPretty') secret = 'rotated-again';
      return reply;
    });
    client.setHttpAdapter(fake.adapter);
    await expect(client.apiGet('/game/api/v1/x')).rejects.toMatchObject({ type: 'business', code: 10108 });
    expect(fake.requests.filter((r) => r.url === '/game/api/v1/x')).toHaveLength(2);
    expect(fake.requests).toHaveLength(4);
    expect(published).toEqual(['business:10108']);
  });

  it('keeps the 10108 when the map cannot be fetched, without retrying and without publishing the bootstrap error', async () => {
    const fake = fakeHttp(backEnd(() => ROTATED, { failBootstrap: true }));
    client.setHttpAdapter(fake.adapter);
    await expect(client.apiGet('/fd/api/v1/x')).rejects.toMatchObject({
      code: 10108,
      message: '接口鉴权失败',
    });
    expect(fake.requests.filter((r) => r.url === '/fd/api/v1/x')).toHaveLength(1);
    expect(published).toEqual(['business:10108']);
  });

  it('does not retry a 10108 on a path that carries no signature', async () => {
    const fake = fakeHttp(() => fail(10108, 'x'));
    client.setHttpAdapter(fake.adapter);
    await expect(client.apiGet('/api/json-cache/k')).rejects.toMatchObject({ code: 10108 });
    expect(fake.requests).toHaveLength(1);
  });
});
