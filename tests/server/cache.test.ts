import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, HEADER } from '../../src/protocol/api.ts';
import { SERVER_MESSAGE } from '../../server/http/envelope.ts';
import { seedDemo } from '../../server/db/seed.ts';
import { JSON_CACHE_MAX_BYTES, JSON_CACHE_MAX_TTL_S } from '../../server/modules/cache/schemas.ts';
import { sweepExpiredCaches, sweepOldRecords } from '../../server/modules/cache/sweep.ts';
import { clientHeaders, createTestApp, type TestApp } from '../support/test-app.ts';

const ADS = '/act/api/v1/advertising/queryStationAdList';
const POP = '/act/api/v1/memberTopActivity/popInfo';
const cached = (path: string) => `/api/api-cache/${encodeURIComponent(path)}`;
const jsonKey = (key: string) => `/api/json-cache/${key}`;
const OTHER_DEVICE = { [HEADER.uuid]: 'other-device-0002' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db);
});
afterAll(() => t.close());

/** Seconds from the database's now() to a row's expires_at. */
async function secondsLeft(sql: string, params: unknown[]): Promise<number> {
  const { rows } = await t.db.query<{ s: number }>(
    `SELECT extract(epoch FROM expires_at - now())::float8 AS s FROM ${sql}`,
    params,
  );
  expect(rows).toHaveLength(1);
  return rows[0]!.s;
}

describe('GET /api/api-cache/{encoded path}', () => {
  it('answers the same envelope as the direct call, without a signature', async () => {
    const direct = await t.call({ method: 'GET', url: ADS });
    expect(direct.body.data).toHaveLength(3);
    const viaCache = await t.app.inject({ method: 'GET', url: cached(ADS) }); // no client headers at all
    expect(viaCache.statusCode).toBe(200);
    expect(viaCache.json()).toEqual(direct.body);
  });

  it('answers the cached copy until the entry expires, then the fresh answer', async () => {
    const first = await t.call({ method: 'GET', url: cached(ADS) });
    expect(first.body.data).toHaveLength(3);
    const left = await secondsLeft('api_cache WHERE path = $1', [ADS]);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(30);

    await t.db.query('DELETE FROM station_ads');
    expect((await t.call({ method: 'GET', url: ADS })).body.data).toEqual([]); // the direct call sees the change
    const hit = await t.call({ method: 'GET', url: cached(ADS) });
    expect(hit.body).toEqual(first.body); // the cache does not, yet

    await t.db.query(`UPDATE api_cache SET expires_at = now() - interval '1 second' WHERE path = $1`, [ADS]);
    const fresh = await t.call({ method: 'GET', url: cached(ADS) });
    expect(fresh.body).toEqual({ status_code: CODE.success, message: 'success', data: [] });
    expect(await secondsLeft('api_cache WHERE path = $1', [ADS])).toBeGreaterThan(0); // refilled
  });

  it('caches a null answer (popInfo with nothing active)', async () => {
    await t.db.query('UPDATE pop_activities SET active = false');
    const { body } = await t.call({ method: 'GET', url: cached(POP) });
    expect(body).toEqual({ status_code: CODE.success, message: 'success', data: null });
    await t.db.query('UPDATE pop_activities SET active = true');
    expect((await t.call({ method: 'GET', url: cached(POP) })).body.data).toBeNull();
    expect((await t.call({ method: 'GET', url: POP })).body.data.title).toBe('签到日历 天天有礼');
  });

  it('answers a coded error for a path it does not cache', async () => {
    for (const path of [
      '/site/api/v1/configuration/preInfo',
      '/act/api/v1/nothing',
      'nothing',
      `/act/api/v1/${'x'.repeat(150)}`,
    ]) {
      const { status, body } = await t.call({ method: 'GET', url: cached(path) });
      expect(status).toBe(200);
      expect(body).toEqual({
        status_code: CODE.validation,
        message: SERVER_MESSAGE.cacheReadFailed,
        data: null,
      });
    }
  });

  it('refuses an encoded path over 512 characters with 10003', async () => {
    const { status, body } = await t.call({ method: 'GET', url: cached(`/act/api/${'x'.repeat(520)}`) });
    expect(status).toBe(200);
    expect(body.status_code).toBe(CODE.validation);
    expect(body.message).toBe(SERVER_MESSAGE.validation);
  });
});

describe('/api/json-cache/{key}', () => {
  it('stores and reads back a value for the device', async () => {
    const put = await t.call({ method: 'POST', url: jsonKey('k1'), payload: { data: 'abc' } });
    expect(put.status).toBe(200);
    expect(put.body.status_code).toBe(CODE.success);
    const expiresAt = Date.parse(put.body.data.expiresAt);
    expect(Math.abs(expiresAt - (Date.now() + 3600_000))).toBeLessThan(60_000);

    const got = await t.call({ method: 'GET', url: jsonKey('k1') });
    expect(got.body).toEqual({ status_code: CODE.success, message: 'success', data: 'abc' });
  });

  it('keeps a value one hour by default (spec §9)', async () => {
    await t.call({ method: 'POST', url: jsonKey('ttl-default'), payload: { data: 'default-ttl' } });
    const left = await secondsLeft('json_cache WHERE data = $1', ['default-ttl']);
    expect(left).toBeGreaterThan(3600 - 30);
    expect(left).toBeLessThanOrEqual(3600);
  });

  it('honours a given ttl, up to seven days', async () => {
    await t.call({ method: 'POST', url: jsonKey('ttl-60'), payload: { data: 'sixty', ttl: 60 } });
    const left = await secondsLeft('json_cache WHERE data = $1', ['sixty']);
    expect(left).toBeGreaterThan(30);
    expect(left).toBeLessThanOrEqual(60);
    const max = await t.call({
      method: 'POST',
      url: jsonKey('ttl-max'),
      payload: { data: 'max', ttl: JSON_CACHE_MAX_TTL_S },
    });
    expect(max.body.status_code).toBe(CODE.success);
  });

  it('overwrites a key', async () => {
    await t.call({ method: 'POST', url: jsonKey('k2'), payload: { data: 'one' } });
    await t.call({ method: 'POST', url: jsonKey('k2'), payload: { data: 'two' } });
    expect((await t.call({ method: 'GET', url: jsonKey('k2') })).body.data).toBe('two');
  });

  it("answers 10001 '读取缓存失败' once the value has expired", async () => {
    const put = await t.call({ method: 'POST', url: jsonKey('short'), payload: { data: 'brief', ttl: 1 } });
    expect(put.body.status_code).toBe(CODE.success);
    await t.db.query(`UPDATE json_cache SET expires_at = now() - interval '1 second' WHERE data = $1`, [
      'brief',
    ]);
    const { status, body } = await t.call({ method: 'GET', url: jsonKey('short') });
    expect(status).toBe(200);
    expect(body).toEqual({ status_code: CODE.common, message: '读取缓存失败', data: null });
  });

  it('answers 10001 for a key never written', async () => {
    const { body } = await t.call({ method: 'GET', url: jsonKey('never-written') });
    expect(body.status_code).toBe(CODE.common);
    expect(body.message).toBe(SERVER_MESSAGE.cacheReadFailed);
  });

  it("keeps one device's keys from another", async () => {
    await t.call({ method: 'POST', url: jsonKey('mine'), payload: { data: 'first-device' } });
    const other = await t.call({ method: 'GET', url: jsonKey('mine'), headers: OTHER_DEVICE });
    expect(other.body.status_code).toBe(CODE.common);
    expect(other.body.data).toBeNull();

    await t.call({
      method: 'POST',
      url: jsonKey('mine'),
      payload: { data: 'second-device' },
      headers: OTHER_DEVICE,
    });
    expect((await t.call({ method: 'GET', url: jsonKey('mine') })).body.data).toBe('first-device');
    expect((await t.call({ method: 'GET', url: jsonKey('mine'), headers: OTHER_DEVICE })).body.data).toBe(
      'second-device',
    );
  });

  it.each([
    ['a bad key character', jsonKey('k%24'), { data: 'x' }],
    ['a key with a space', jsonKey('a%20b'), { data: 'x' }],
    ['an over-long key', jsonKey('k'.repeat(129)), { data: 'x' }],
    ['over-long data', jsonKey('big'), { data: 'x'.repeat(JSON_CACHE_MAX_BYTES + 1) }],
    ['empty data', jsonKey('empty'), { data: '' }],
    ['no data', jsonKey('none'), { ttl: 60 }],
    ['data that is no string', jsonKey('obj'), { data: { a: 1 } }],
    ['ttl 0', jsonKey('ttl0'), { data: 'x', ttl: 0 }],
    ['a negative ttl', jsonKey('ttlneg'), { data: 'x', ttl: -5 }],
    ['a ttl over seven days', jsonKey('ttlbig'), { data: 'x', ttl: JSON_CACHE_MAX_TTL_S + 1 }],
    ['a ttl as text', jsonKey('ttltext'), { data: 'x', ttl: '60' }],
    ['an unknown field', jsonKey('extra'), { data: 'x', extra: 1 }],
  ])('POST refuses %s with 10003', async (_what, url, payload) => {
    const { status, body } = await t.call({ method: 'POST', url, payload });
    expect(status).toBe(200);
    expect(body.status_code).toBe(CODE.validation);
    expect(body.message).toBe(SERVER_MESSAGE.validation);
  });

  it('accepts data of exactly the maximum length', async () => {
    const { body } = await t.call({
      method: 'POST',
      url: jsonKey('biggest'),
      payload: { data: 'y'.repeat(JSON_CACHE_MAX_BYTES) },
    });
    expect(body.status_code).toBe(CODE.success);
    expect((await t.call({ method: 'GET', url: jsonKey('biggest') })).body.data).toHaveLength(
      JSON_CACHE_MAX_BYTES,
    );
  });

  it('accepts a key of 128 characters of the allowed set', async () => {
    const key = 'Ab0_.:-'.repeat(18) + 'x'.repeat(2); // 128
    expect(key).toHaveLength(128);
    const put = await t.call({ method: 'POST', url: jsonKey(key), payload: { data: 'long-key' } });
    expect(put.status).toBe(200);
    expect(put.body.status_code).toBe(CODE.success);
    expect((await t.call({ method: 'GET', url: jsonKey(key) })).body.data).toBe('long-key');
  });

  it('GET refuses a bad key with 10003', async () => {
    expect((await t.call({ method: 'GET', url: jsonKey('k%24') })).body.status_code).toBe(CODE.validation);
    expect((await t.call({ method: 'GET', url: jsonKey('k'.repeat(129)) })).body.status_code).toBe(
      CODE.validation,
    );
  });

  it('refuses a missing or malformed X-API-UUID with 10003', async () => {
    const headers = clientHeaders(jsonKey('k1'));
    delete headers[HEADER.uuid];
    const post = await t.app.inject({
      method: 'POST',
      url: jsonKey('k1'),
      headers,
      payload: { data: 'abc' },
    });
    expect(post.json()).toEqual({
      status_code: CODE.validation,
      message: SERVER_MESSAGE.validation,
      data: null,
    });
    const get = await t.app.inject({ method: 'GET', url: jsonKey('k1'), headers });
    expect(get.json().status_code).toBe(CODE.validation);
    for (const uuid of ['short', 'has space in it', 'x'.repeat(65)]) {
      const bad = await t.call({ method: 'GET', url: jsonKey('k1'), headers: { [HEADER.uuid]: uuid } });
      expect(bad.body.status_code).toBe(CODE.validation);
    }
  });
});

describe('expired cache sweep', () => {
  it('removes only expired api-cache and json-cache rows', async () => {
    const t = await createTestApp();
    try {
      await t.db.query(
        `INSERT INTO api_cache (path, body, expires_at) VALUES ('/old', '1', now() - interval '1 minute'), ('/new', '2', now() + interval '1 minute')`,
      );
      await t.db.query(
        `INSERT INTO json_cache (key, data, expires_at) VALUES ('d/old', 'x', now() - interval '1 second'), ('d/new', 'y', now() + interval '1 hour')`,
      );
      expect(await sweepExpiredCaches(t.db)).toBe(2);
      expect(
        (await t.db.query<{ path: string }>('SELECT path FROM api_cache')).rows.map((r) => r.path),
      ).toEqual(['/new']);
      expect(
        (await t.db.query<{ key: string }>('SELECT key FROM json_cache')).rows.map((r) => r.key),
      ).toEqual(['d/new']);
    } finally {
      await t.close();
    }
  });
});

describe('old rate-limit records', () => {
  it('login attempts past 30 days and SMS codes past 7 days go; recent ones stay', async () => {
    const t = await createTestApp();
    try {
      await t.db.query(
        `INSERT INTO login_attempts (phone, ip, success, at) VALUES ('(86)1', '1.1.1.1', false, now() - interval '31 days'), ('(86)2', '1.1.1.1', false, now() - interval '29 days')`,
      );
      await t.db.query(
        `INSERT INTO sms_codes (phone, purpose, code, ip, created_at, expires_at) VALUES
           ('(86)1', 'register', '111111', '1.1.1.1', now() - interval '8 days', now() - interval '8 days'),
           ('(86)2', 'register', '222222', '1.1.1.1', now() - interval '6 days', now() - interval '6 days')`,
      );
      expect(await sweepOldRecords(t.db)).toBe(2);
      expect(
        (await t.db.query<{ phone: string }>('SELECT phone FROM login_attempts')).rows.map((r) => r.phone),
      ).toEqual(['(86)2']);
      expect(
        (await t.db.query<{ phone: string }>('SELECT phone FROM sms_codes')).rows.map((r) => r.phone),
      ).toEqual(['(86)2']);
    } finally {
      await t.close();
    }
  });
});
