import { AxiosError } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_TIMEOUT_MS,
  apiGet,
  apiPost,
  setExtraHeaders,
  setHttpAdapter,
  setTextReplacements,
} from '../../../src/api/client.ts';
import { subscribeApiErrors, type ApiErrorEvent } from '../../../src/api/error-bus.ts';
import { BusinessError, NetworkError, TransportError } from '../../../src/api/errors.ts';
import { getCookie, setCookie } from '../../../src/platform/cookies.ts';
import { DEV_SIGNING_SECRET, deriveSignMap } from '../../../server/security/signing.ts';
import { fail, fakeHttp, ok, type FakeHandler } from './fake-http.ts';

const DEV_MAP = deriveSignMap(DEV_SIGNING_SECRET);

let published: ApiErrorEvent[] = [];
let unsubscribe: () => void = () => {};

function serve(handler: FakeHandler): ReturnType<typeof fakeHttp> {
  const fake = fakeHttp(handler);
  setHttpAdapter(fake.adapter);
  return fake;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

beforeEach(() => {
  published = [];
  unsubscribe = subscribeApiErrors((event) => published.push(event));
});

afterEach(() => {
  unsubscribe();
  setHttpAdapter();
  setExtraHeaders({});
  setTextReplacements([]);
  vi.restoreAllMocks();
});

describe('headers (spec §7)', () => {
  it('sends the fixed set, a signature and a persisted device id, and no token when logged out', async () => {
    vi.spyOn(crypto, 'randomUUID').mockReturnValue('aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee');
    const { requests } = serve(() => ok(null));
    await apiGet('/site/api/v1/configuration/preInfo');
    const headers = requests[0]?.headers ?? {};
    expect(headers['x-api-client']).toBe('web');
    expect(headers['x-api-version']).toBe('2.0.0');
    expect(headers['x-api-site']).toBe('10001');
    expect(headers['x-api-uuid']).toBe('aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee');
    expect(headers['x-api-xxx']).toBe(DEV_MAP['/site/api']);
    expect(headers).not.toHaveProperty('x-api-token');
    expect(getCookie('X-API-UUID')).toBe('aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee');

    await apiGet('/act/api/v1/x');
    expect(requests[1]?.headers['x-api-uuid']).toBe('aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee');
    expect(requests[1]?.headers['x-api-xxx']).toBe(DEV_MAP['/act/api']);
  });

  it('reads the token from the X-API-TOKEN cookie by default', async () => {
    setCookie('X-API-TOKEN', 'cookie-token');
    const { requests } = serve(() => ok(null));
    await apiGet('/site/api/v1/user/member/jwt');
    expect(requests[0]?.headers['x-api-token']).toBe('cookie-token');
  });

  it('signs by group: /component as /site/api, /page/fd as /fd/api, nothing outside the groups', async () => {
    const { requests } = serve(() => ok(null));
    await apiGet('/act/api/component/banner');
    await apiGet('/page/fd/api/v1/deposit');
    await apiGet('/game/api/v1/venue/list');
    await apiGet('/agent/api/v1/team');
    await apiGet('/api/json-cache/k');
    await apiGet('/site/api/v1/sec/Hf6dtBdmHx');
    expect(requests.map((r) => r.headers['x-api-xxx'])).toEqual([
      DEV_MAP['/site/api'],
      DEV_MAP['/fd/api'],
      DEV_MAP['/game/api'],
      DEV_MAP['/agent/api'],
      undefined,
      undefined,
    ]);
  });

  it('adds extra headers such as agent_verify', async () => {
    setExtraHeaders({ agent_verify: 'v-123' });
    const { requests } = serve(() => ok(null));
    await apiGet('/agent/api/v1/team');
    setExtraHeaders({});
    await apiGet('/agent/api/v1/team');
    expect(requests[0]?.headers['agent_verify']).toBe('v-123');
    expect(requests[1]?.headers).not.toHaveProperty('agent_verify');
  });

  it('posts JSON and applies the 20 s default timeout unless the caller overrides it', async () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(20_000);
    const { requests } = serve(() => ok(null));
    await apiPost('/site/api/v1/x', { a: 1 });
    await apiGet('/site/api/v1/x', { timeout: 100_000 });
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: '/site/api/v1/x',
      body: { a: 1 },
      timeout: 20_000,
    });
    expect(requests[0]?.headers['content-type']).toContain('application/json');
    expect(requests[1]).toMatchObject({ method: 'GET', timeout: 100_000 });
  });
});

describe('envelope (spec §8)', () => {
  it('resolves with data on 6000 and publishes nothing', async () => {
    serve(() => ok({ title: '星耀' }));
    await expect(apiGet('/site/api/v1/x')).resolves.toEqual({ title: '星耀' });
    expect(published).toEqual([]);
  });

  it('rejects any other code as a BusinessError and publishes business:<code>', async () => {
    serve(() => fail(6001, '您的账号已在别处登录'));
    const error = await rejection(apiGet('/site/api/v1/x'));
    expect(error).toBeInstanceOf(BusinessError);
    expect(error).toMatchObject({ code: 6001, message: '您的账号已在别处登录', source: 'main' });
    expect(published.map((e) => e.name)).toEqual(['business:6001']);
    expect(published[0]?.error).toBe(error);
  });

  it('falls back to system abnormal for an empty business message', async () => {
    serve(() => fail(10001, ''));
    expect(await rejection(apiGet('/site/api/v1/x'))).toMatchObject({
      message: '系统异常，请稍后重试或联系客服',
    });
  });

  it('rejects a non-2xx status as a NetworkError and publishes network:<status>', async () => {
    serve(() => ({ status: 502, statusText: 'Bad Gateway', body: '<html>' }));
    const error = await rejection(apiGet('/site/api/v1/x'));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ status: 502, message: '网络错误（502）' });
    expect(published.map((e) => e.name)).toEqual(['network:502']);
  });

  it('maps a Forbidden status to network abnormal', async () => {
    serve(() => ({ status: 403, statusText: 'Forbidden', body: '' }));
    expect(await rejection(apiGet('/site/api/v1/x'))).toMatchObject({
      status: 403,
      message: '网络异常，请稍后重试',
    });
  });

  it('rejects a 2xx that is not an envelope', async () => {
    serve(() => ({ body: '<!doctype html>' }));
    expect(await rejection(apiGet('/site/api/v1/x'))).toMatchObject({
      type: 'network',
      status: 200,
      message: '系统异常，请稍后重试或联系客服',
    });
  });

  it('rejects transport failures as TransportError and publishes transport:<kind>', async () => {
    serve(() => {
      throw new AxiosError('timeout of 20000ms exceeded', AxiosError.ECONNABORTED);
    });
    const error = await rejection(apiGet('/site/api/v1/x'));
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ kind: 'timeout', status: 0, message: '请求超时' });
    expect(published.map((e) => e.name)).toEqual(['transport:timeout']);
  });

  it('rejects an aborted call as cancelled', async () => {
    serve(() => ok(null));
    const controller = new AbortController();
    controller.abort();
    const error = await rejection(apiGet('/site/api/v1/x', { signal: controller.signal }));
    expect(error).toMatchObject({ kind: 'cancelled', message: '请求已取消，请稍后再试' });
    expect(published.map((e) => e.name)).toEqual(['transport:cancelled']);
  });

  it('does not publish errors the caller says it handles', async () => {
    serve(() => fail(6002, 'x'));
    const handles = (e: { type: string }): boolean => e.type === 'business';
    await rejection(apiGet('/site/api/v1/x', { handles }));
    expect(published).toEqual([]);
  });

  it('unwraps provider envelopes on request', async () => {
    serve((request) =>
      request.url.startsWith('/improxy')
        ? { body: { StatusCode: 100, StatusDesc: 'ok', ServerTime: 't', Balance: 12 } }
        : { body: { code: '0000001', msg: '参数错误', data: null } },
    );
    await expect(apiGet('/improxy/api/mobile/GetBalance', { envelope: 'provider-one' })).resolves.toEqual({
      Balance: 12,
    });
    const error = await rejection(apiPost('/yewu11/v1/bet', {}, { envelope: 'provider-two' }));
    expect(error).toMatchObject({ code: '0000001', message: '参数错误', source: 'provider-two' });
    expect(published.map((e) => e.name)).toEqual(['business:0000001']);
  });
});

describe('text replacements (spec §7)', () => {
  it('replaces in every string value of the response, not in keys, literally and in order', async () => {
    setTextReplacements([
      { from: '旧站', to: '新站' },
      { from: 'old.example', to: 'cdn.example/$&' },
    ]);
    serve(() =>
      ok({
        旧站: '旧站公告',
        nested: [{ url: 'https://old.example/a.png', n: 3 }, '旧站旧站'],
        flag: true,
        none: null,
      }),
    );
    await expect(apiGet('/site/api/v1/x')).resolves.toEqual({
      旧站: '新站公告',
      nested: [{ url: 'https://cdn.example/$&/a.png', n: 3 }, '新站新站'],
      flag: true,
      none: null,
    });
  });

  it('applies to the envelope message too, and stops when cleared', async () => {
    setTextReplacements([{ from: 'A', to: 'B' }]);
    serve(() => fail(6002, 'A错误'));
    expect(await rejection(apiGet('/site/api/v1/x'))).toMatchObject({ message: 'B错误' });
    setTextReplacements([]);
    serve(() => ok('A'));
    await expect(apiGet('/site/api/v1/x')).resolves.toBe('A');
  });
});

describe('a late answer about a login the device left (spec §8)', () => {
  it('a session-ending code for a call made with another token is not published; for the current one it is', async () => {
    setCookie('X-API-TOKEN', 'token-left-behind');
    let answer: () => void = () => {};
    serve(() => new Promise((resolve) => (answer = () => resolve(fail(10105, '登录已失效')))));
    const late = rejection(apiPost('/site/api/v1/user/member/info', {}));
    await new Promise((r) => setTimeout(r, 0));
    // The player logged in again meanwhile: the device holds another token now.
    setCookie('X-API-TOKEN', 'token-of-now');
    answer();
    expect(await late).toBeInstanceOf(BusinessError);
    expect(published).toEqual([]);

    serve(() => fail(10105, '登录已失效'));
    await rejection(apiPost('/site/api/v1/user/member/info', {}));
    expect(published.map((e) => e.name)).toEqual(['business:10105']);
  });
});
