// The counts call (spec §7 `GET {token}?merchantCode=` with header requestId, data decoded; spec §9 merchant code
// Y; spec §4, §8 the expired message), and the re-fetch of provider parameters (spec §4, §7 "path not shown").
import { afterEach, describe, expect, it } from 'vitest';
import { setHttpAdapter } from '../../../src/api/client.ts';
import { subscribeApiErrors, type ApiErrorEvent } from '../../../src/api/error-bus.ts';
import { BusinessError, NetworkError, TransportError } from '../../../src/api/errors.ts';
import {
  countsUrl,
  decodeSportCounts,
  encodeSportCounts,
  fetchProviderParams,
  fetchSportCounts,
  isCountsExpired,
  sportCountOutcome,
  UnreadableCountsError,
} from '../../../src/api/providers/index.ts';
import { fakeHttp, fail, ok, type FakeReply } from '../api/fake-http.ts';
import { COUNTS, encoded, TWO } from './fixtures.ts';

const TOKEN = '/sandbox/sportsbook/count/tok-1';

function serve(reply: FakeReply) {
  const fake = fakeHttp(() => reply);
  setHttpAdapter(fake.adapter);
  return fake.requests;
}

function published(): ApiErrorEvent[] {
  const events: ApiErrorEvent[] = [];
  subscribeApiErrors((e) => void events.push(e));
  return events;
}

afterEach(() => setHttpAdapter());

describe('the counts call', () => {
  it('GETs {token}?merchantCode=Y with a requestId header and decodes the data', async () => {
    const requests = serve(ok(encoded(COUNTS)));
    await expect(fetchSportCounts(TOKEN, { requestId: 'rq-1' })).resolves.toEqual(COUNTS);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'GET', url: `${TOKEN}?merchantCode=Y` });
    expect(requests[0]!.headers['requestid']).toBe('rq-1');
  });

  it('a new requestId per request by default', async () => {
    const requests = serve(ok(encoded(COUNTS)));
    await fetchSportCounts(TOKEN);
    await fetchSportCounts(TOKEN);
    const [a, b] = requests.map((r) => r.headers['requestid']);
    expect(a).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(a).not.toBe(b);
  });

  it('adds merchantCode to a token URL that has a query already', () => {
    expect(countsUrl('https://v.test/count/t?x=1')).toBe('https://v.test/count/t?x=1&merchantCode=Y');
    expect(countsUrl('/count/t')).toBe('/count/t?merchantCode=Y');
  });

  it('the expired message is told apart, and kept from the app’s error catalogue', async () => {
    const events = published();
    serve(fail(40001, 'expired'));
    const error = await fetchSportCounts(TOKEN).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BusinessError);
    expect(isCountsExpired(error)).toBe(true);
    expect(events).toEqual([]);
  });

  it.each([
    [new BusinessError(40001, 'expired'), true],
    // spec §4: the message is what says it; the sandbox's own code says it too.
    [new BusinessError(10001, 'expired'), true],
    [new BusinessError(40001, '登录过期'), true],
    [new BusinessError(10001, 'Expired'), false],
    [new BusinessError(10001, 'expired', 'provider-two'), false],
    [new NetworkError(401, 'expired'), false],
    [new Error('expired'), false],
  ])('isCountsExpired(%s) is %s', (error, expired) => {
    expect(isCountsExpired(error)).toBe(expired);
  });

  it('answers each outcome as the sport-count machine reads it', async () => {
    serve(ok(encoded(COUNTS)));
    await expect(sportCountOutcome(TOKEN)).resolves.toEqual({ kind: 'ok', counts: COUNTS });
    serve(fail(40001, 'expired'));
    await expect(sportCountOutcome(TOKEN)).resolves.toEqual({ kind: 'expired' });
    serve(fail(10001, '系统繁忙'));
    await expect(sportCountOutcome(TOKEN)).resolves.toEqual({ kind: 'failed', reason: '系统繁忙' });
    serve({ status: 503 });
    await expect(sportCountOutcome(TOKEN)).resolves.toMatchObject({ kind: 'failed' });
    serve(ok('%%%'));
    await expect(sportCountOutcome(TOKEN)).resolves.toMatchObject({ kind: 'failed' });
  });
});

describe('decoding the counts (base64 of the UTF-8 JSON)', () => {
  it('reads Chinese names through UTF-8', () => {
    expect(decodeSportCounts(encoded(COUNTS)).sports[0]!.name).toBe('足球');
    expect(decodeSportCounts(` ${encoded(COUNTS)}\n`)).toEqual(COUNTS);
  });

  it('the encoder is its inverse', () => {
    expect(encodeSportCounts(COUNTS)).toBe(encoded(COUNTS));
    expect(decodeSportCounts(encodeSportCounts(COUNTS))).toEqual(COUNTS);
  });

  it('reads data that is the JSON object already', () => {
    expect(decodeSportCounts(structuredClone(COUNTS))).toEqual(COUNTS);
  });

  const b64 = (bytes: number[]) => Buffer.from(bytes).toString('base64');
  const withSport = (change: Record<string, unknown>) => ({
    ...COUNTS,
    sports: [{ ...COUNTS.sports[0], ...change }],
  });
  it.each([
    ['not base64', '%%%'],
    ['not UTF-8', b64([0x7b, 0xff, 0xfe, 0x7d])],
    ['not JSON', Buffer.from('{"venue":', 'utf8').toString('base64')],
    ['an array', encoded([COUNTS])],
    ['null', encoded(null)],
    ['no venue', encoded({ ...COUNTS, venue: undefined })],
    ['a negative count', encoded(withSport({ live: -1 }))],
    ['a fractional count', encoded(withSport({ today: 1.5 }))],
    ['a count as text', encoded(withSport({ early: '3' }))],
    ['a sport without a name', encoded(withSport({ name: null }))],
    ['a sport that is not an object', encoded({ ...COUNTS, sports: [1] })],
    ['no total', encoded({ ...COUNTS, total: undefined })],
    ['a time that is not one', encoded({ ...COUNTS, at: 'yesterday' })],
    ['sports not a list', encoded({ ...COUNTS, sports: {} })],
    ['a number', 42],
    ['nothing', undefined],
  ])('says it cannot read %s', (_, data) => {
    const error = (() => {
      try {
        decodeSportCounts(data);
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(UnreadableCountsError);
    // One error model: an unreadable answer is a network-kind error with a player-facing message.
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ reason: 'unreadable', status: 200, type: 'network' });
    expect((error as Error).message).toBe('系统异常，请稍后重试或联系客服');
  });
});

describe('fetching the shared parameters again', () => {
  it('POSTs the provider to /game/api/v1/venue/providerParams and answers its parameters', async () => {
    const requests = serve(ok(TWO));
    await expect(fetchProviderParams('two')).resolves.toEqual(TWO);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: '/game/api/v1/venue/providerParams',
      body: { provider: 'two' },
    });
  });

  it('a transport failure rejects with the one error model', async () => {
    const fake = fakeHttp(() => {
      throw new Error('boom');
    });
    setHttpAdapter(fake.adapter);
    await expect(fetchProviderParams('three', { handles: () => true })).rejects.toBeInstanceOf(
      TransportError,
    );
  });
});
