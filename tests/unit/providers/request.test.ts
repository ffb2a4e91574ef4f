// Provider calls (spec §7 "Provider paths"): shared parameters merged into every non-GET JSON body with body
// values winning, provider two's GET extras (cuid, a random number) and requestId header, provider three's
// Authorization header; the envelopes read into the one error model (spec §8) and the expiry rule (spec §4).
import { afterEach, describe, expect, it } from 'vitest';
import { setHttpAdapter } from '../../../src/api/client.ts';
import { subscribeApiErrors, type ApiErrorEvent } from '../../../src/api/error-bus.ts';
import { BusinessError, NetworkError } from '../../../src/api/errors.ts';
import * as oldPath from '../../../src/api/providers.ts';
import {
  isParamsExpiredError,
  mergeBody,
  normalizeProviderTwo,
  prepareProviderCall,
  providerRequest,
  unwrapProvider,
} from '../../../src/api/providers/index.ts';
import { fakeHttp, type FakeReply } from '../api/fake-http.ts';
import { ONE, THREE, TWO } from './fixtures.ts';

const one = { apiUrl: '/improxy/api/mobile', params: ONE };
const two = { apiUrl: '/yewu11', params: TWO };
const three = { apiUrl: '/v1', params: THREE };
const random = () => 0.25;

function serve(reply: FakeReply | ((url: string) => FakeReply)) {
  const fake = fakeHttp((req) => (typeof reply === 'function' ? reply(req.url) : reply));
  setHttpAdapter(fake.adapter);
  return fake.requests;
}

function published(): ApiErrorEvent[] {
  const events: ApiErrorEvent[] = [];
  subscribeApiErrors((e) => void events.push(e));
  return events;
}

afterEach(() => setHttpAdapter());

describe('merging the shared parameters (spec §7)', () => {
  it('provider one: every shared parameter into a POST body; the body wins', () => {
    const call = prepareProviderCall(one, {
      method: 'POST',
      path: '/GetMatches',
      body: { SportId: 1, OddsType: 1, LanguageCode: 'ENG' },
    });
    expect(call).toEqual({
      method: 'POST',
      url: '/improxy/api/mobile/GetMatches',
      headers: {},
      body: {
        LanguageCode: 'ENG',
        OddsType: 1,
        TimeStamp: 1_767_225_600_000,
        origin: 'https://site.test',
        Token: 'tok-one',
        MemberCode: 'm-1001',
        SportId: 1,
      },
    });
  });

  it('provider one: a GET carries no body and nothing extra', () => {
    expect(prepareProviderCall(one, { method: 'GET', path: 'Sports', query: { a: 1 } })).toEqual({
      method: 'GET',
      url: '/improxy/api/mobile/Sports?a=1',
      headers: {},
    });
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('every non-GET (%s) gets the parameters', (method) => {
    expect(prepareProviderCall(three, { method, path: '/x', body: { a: 1 } }).body).toEqual({
      origin: 'https://site.test',
      languageType: 'CMN',
      Authorization: 'Bearer three-abc',
      a: 1,
    });
  });

  it('a missing body becomes the parameters; a body that is not a plain object is sent as it is', () => {
    expect(prepareProviderCall(three, { method: 'POST', path: '/x' }).body).toEqual(THREE.values);
    expect(mergeBody(THREE, null)).toEqual(THREE.values);
    expect(mergeBody(THREE, [1, 2])).toEqual([1, 2]);
    expect(mergeBody(THREE, 'raw')).toBe('raw');
    // A body value of undefined still wins over the parameter (body values win, whatever they are).
    expect(mergeBody(THREE, { languageType: undefined })).toEqual({
      ...THREE.values,
      languageType: undefined,
    });
  });

  it('provider two: a GET gets cuid and a random number, and the requestId header', () => {
    expect(
      prepareProviderCall(two, { method: 'GET', path: '/v1/matches', query: { sport: 'football' } }, random),
    ).toEqual({
      method: 'GET',
      url: '/yewu11/v1/matches?cuid=cuid-22&rnd=0.25&sport=football',
      headers: { requestId: 'req-22' },
    });
  });

  it('provider two: the random number changes from call to call; the caller’s own query values win', () => {
    const a = prepareProviderCall(two, { method: 'GET', path: '/m' });
    const b = prepareProviderCall(two, { method: 'GET', path: '/m' });
    const rnd = (url: string) => new URL(url, 'https://x.test').searchParams.get('rnd');
    expect(Number.isFinite(Number(rnd(a.url)))).toBe(true);
    expect(rnd(a.url)).not.toBe(rnd(b.url));
    expect(prepareProviderCall(two, { method: 'GET', path: '/m', query: { cuid: 'mine' } }, random).url).toBe(
      '/yewu11/m?cuid=mine&rnd=0.25',
    );
  });

  it('provider two: a POST gets the parameters in its body and the requestId header, no query extras', () => {
    expect(prepareProviderCall(two, { method: 'POST', path: '/bet', body: { stake: 10 } }, random)).toEqual({
      method: 'POST',
      url: '/yewu11/bet',
      headers: { requestId: 'req-22' },
      body: { ...TWO.values, stake: 10 },
    });
  });

  it('provider three: the Authorization header on every call; the caller’s own header is kept', () => {
    expect(prepareProviderCall(three, { method: 'GET', path: '/events' }).headers).toEqual({
      Authorization: 'Bearer three-abc',
    });
    expect(
      prepareProviderCall(three, { method: 'GET', path: '/events', headers: { Authorization: 'mine' } })
        .headers,
    ).toEqual({ Authorization: 'mine' });
  });

  it('joins the base and the path with one slash; a full URL and an existing query are kept', () => {
    const base = { apiUrl: '/v1/', params: ONE };
    expect(prepareProviderCall(base, { method: 'GET', path: 'a' }).url).toBe('/v1/a');
    expect(prepareProviderCall(base, { method: 'GET', path: '//a' }).url).toBe('/v1/a');
    expect(prepareProviderCall(base, { method: 'GET', path: 'https://p.test/a' }).url).toBe(
      'https://p.test/a',
    );
    expect(prepareProviderCall(base, { method: 'GET', path: '' }).url).toBe('/v1/');
    expect(prepareProviderCall({ apiUrl: '', params: ONE }, { method: 'GET', path: '/a' }).url).toBe('/a');
    expect(prepareProviderCall(two, { method: 'GET', path: '/m?x=1' }, random).url).toBe(
      '/yewu11/m?x=1&cuid=cuid-22&rnd=0.25',
    );
  });
});

describe('a provider call on the wire', () => {
  it('sends the prepared request with the site headers and answers the data on each success code (spec §8)', async () => {
    const requests = serve((url) =>
      url.startsWith('/improxy')
        ? { body: { StatusCode: 100, StatusDesc: 'ok', ServerTime: 1, Matches: [1] } }
        : url.startsWith('/yewu11')
          ? { body: { code: '0000000', msg: 'ok', data: { two: true } } }
          : { body: { code: 0, message: 'ok', data: 'three' } },
    );
    await expect(providerRequest(one, { method: 'POST', path: '/m', body: { a: 1 } })).resolves.toEqual({
      Matches: [1],
    });
    await expect(providerRequest(two, { method: 'GET', path: '/m' }, { random })).resolves.toEqual({
      two: true,
    });
    await expect(providerRequest(three, { method: 'POST', path: '/m' })).resolves.toBe('three');
    expect(requests.map((r) => [r.method, r.url])).toEqual([
      ['POST', '/improxy/api/mobile/m'],
      ['GET', '/yewu11/m?cuid=cuid-22&rnd=0.25'],
      ['POST', '/v1/m'],
    ]);
    expect(requests[0]!.body).toEqual({ ...ONE.values, a: 1 });
    expect(requests[1]!.headers['requestid']).toBe('req-22');
    expect(requests[1]!.body).toBeUndefined();
    expect(requests[2]!.headers['authorization']).toBe('Bearer three-abc');
    expect(requests[2]!.body).toEqual(THREE.values);
    // The site's own headers go too (spec §7: every request).
    expect(requests[2]!.headers['x-api-site']).toBe('10001');
  });

  it.each([
    [one, { StatusCode: 612, StatusDesc: '会员不存在' }, 612, '会员不存在', 'provider-one'],
    [two, { code: '0400401', msg: '令牌过期', data: null }, '0400401', '令牌过期', 'provider-two'],
    [three, { code: 14010, message: 'token expired', data: null }, 14010, 'token expired', 'provider-three'],
    // spec §8: 350 is success for provider three, 100 (and 0 read as 100) too; 200 is not.
    [three, { code: 200, message: 'no', data: null }, 200, 'no', 'provider-three'],
  ])(
    'maps a refusal to a BusinessError of its provider, kept from the app’s catalogue',
    async (session, body, code, message, source) => {
      const events = published();
      serve({ body });
      const error = await providerRequest(session, { method: 'GET', path: '/m' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BusinessError);
      expect(error).toMatchObject({ code, message, source });
      expect(events).toEqual([]);
    },
  );

  it('a provider code the caller marks is published (e.g. to end a session)', async () => {
    const events = published();
    serve({ body: { code: 6001, message: 'elsewhere', data: null } });
    await providerRequest(
      three,
      { method: 'GET', path: '/m' },
      { publishes: (e) => e.type === 'business' },
    ).catch(() => {});
    expect(events.map((e) => e.name)).toEqual(['business:6001']);
  });

  it('a non-OK HTTP status is a NetworkError and reaches the catalogue', async () => {
    const events = published();
    serve({ status: 502, body: 'bad gateway' });
    const error = await providerRequest(two, { method: 'GET', path: '/m' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ status: 502 });
    expect(events.map((e) => e.name)).toEqual(['network:502']);
  });

  it('a body that is not the envelope is a refusal with no code (never read as success)', async () => {
    serve({ body: '<html>' });
    await expect(providerRequest(two, { method: 'GET', path: '/m' })).rejects.toMatchObject({
      code: '',
      source: 'provider-two',
    });
  });
});

describe('expired shared parameters (spec §4)', () => {
  const err = (code: number | string, source: 'main' | 'provider-one' | 'provider-two' | 'provider-three') =>
    new BusinessError(code, 'x', source);

  it.each([
    ['400401', 'provider-two', true],
    ['E400401', 'provider-two', true],
    ['4004011', 'provider-two', true],
    [400401, 'provider-two', true],
    ['400402', 'provider-two', false],
    ['40040', 'provider-two', false],
    [14010, 'provider-two', false],
    [14010, 'provider-three', true],
    ['14010', 'provider-three', true],
    [140100, 'provider-three', false],
    [1401, 'provider-three', false],
    ['400401', 'provider-three', false],
    [14010, 'provider-one', false],
    ['400401', 'provider-one', false],
    [14010, 'main', false],
  ] as const)('code %s from %s: expired %s', (code, source, expired) => {
    expect(isParamsExpiredError(err(code, source))).toBe(expired);
  });

  it('only a business error can say so', () => {
    expect(isParamsExpiredError(new NetworkError(401, '14010'))).toBe(false);
    expect(isParamsExpiredError(new Error('400401'))).toBe(false);
    expect(isParamsExpiredError({ code: 14010, source: 'provider-three' })).toBe(false);
  });
});

describe('the old import path', () => {
  it('still exports the envelope readers', () => {
    expect(oldPath.unwrapProvider).toBe(unwrapProvider);
    expect(oldPath.normalizeProviderTwo).toBe(normalizeProviderTwo);
  });
});
