import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../src/protocol/api.ts';
import { buildApp } from '../../server/app.ts';
import { SERVER_MESSAGE } from '../../server/http/envelope.ts';
import {
  addRestriction,
  isNetwork,
  listRestrictions,
  normalizeIp,
  removeRestriction,
  restrictionFor,
} from '../../server/modules/access/restrictions.ts';
import { writeSiteConfig } from '../../server/modules/site/config.ts';
import { PRE_INFO_MARKER } from '../../server/web/site.ts';
import { clientHeaders, createTestApp, testConfig, type TestApp } from '../support/test-app.ts';

const PRE_INFO = '/site/api/v1/configuration/preInfo';
const NOTICES = '/site/api/v1/advertising/queryNoticeList';
const ADS = '/act/api/v1/advertising/queryStationAdList';
const SEC = '/site/api/v1/sec/Hf6dtBdmHx';
const VV = '/site/api/v1/configuration/vvPretty';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await writeSiteConfig(t.db, 'title', '限制测试站');
});
afterAll(() => t.close());
afterEach(async () => {
  await t.db.query('DELETE FROM access_restrictions');
});

const preInfoFrom = (remoteAddress: string) =>
  t.call({ method: 'POST', url: PRE_INFO, payload: {}, remoteAddress });
const noticesFrom = (remoteAddress: string) =>
  t.call({ method: 'POST', url: NOTICES, payload: { category: 1 }, remoteAddress });
const adsFrom = (remoteAddress: string) => t.call({ method: 'GET', url: ADS, remoteAddress });

describe('restriction helpers', () => {
  it('normalizes IPv4-mapped IPv6 to IPv4 and leaves other addresses alone', () => {
    expect(normalizeIp('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(normalizeIp('::FFFF:10.1.2.3')).toBe('10.1.2.3');
    expect(normalizeIp('10.1.2.3')).toBe('10.1.2.3');
    expect(normalizeIp('2001:db8::1')).toBe('2001:db8::1');
  });

  it('recognizes addresses and ranges', () => {
    expect(isNetwork('10.0.0.0/8')).toBe(true);
    expect(isNetwork('10.1.2.3')).toBe(true);
    expect(isNetwork('2001:db8::/32')).toBe(true);
    expect(isNetwork('10.0.0.0/33')).toBe(false);
    expect(isNetwork('10.0.0.0/8/1')).toBe(false);
    expect(isNetwork('10.0.0.0/x')).toBe(false);
    expect(isNetwork('300.0.0.1')).toBe(false);
    expect(isNetwork('')).toBe(false);
  });

  it('lists, replaces and removes restrictions', async () => {
    const r = await addRestriction(t.db, '10.1.2.3', 'caveat', 'first');
    expect(r).toMatchObject({ network: '10.1.2.3/32', kind: 'caveat', note: 'first' });
    await addRestriction(t.db, '10.1.2.3/32', 'blocked', 'second');
    expect(await listRestrictions(t.db)).toEqual([
      { id: r.id, network: '10.1.2.3/32', kind: 'blocked', note: 'second' },
    ]);
    expect(await restrictionFor(t.db, '10.1.2.3')).toBe('blocked');
    expect(await removeRestriction(t.db, '10.1.2.3')).toBe(true);
    expect(await removeRestriction(t.db, '10.1.2.3')).toBe(false);
    expect(await listRestrictions(t.db)).toEqual([]);
  });

  it('answers null for an address that is no IP', async () => {
    await addRestriction(t.db, '0.0.0.0/0', 'blocked');
    expect(await restrictionFor(t.db, 'not-an-ip')).toBeNull();
    expect(await restrictionFor(t.db, '')).toBeNull();
  });
});

describe('restricted callers', () => {
  it('a caveat range answers 6031 on preInfo and on other calls', async () => {
    await addRestriction(t.db, '203.0.113.0/24', 'caveat');
    const pre = await preInfoFrom('203.0.113.9');
    expect(pre.status).toBe(200);
    expect(pre.body).toEqual({
      status_code: CODE.accessCaveat,
      message: SERVER_MESSAGE.accessCaveat,
      data: null,
    });
    expect((await noticesFrom('203.0.113.9')).body.status_code).toBe(CODE.accessCaveat);
    expect((await adsFrom('203.0.113.200')).body.status_code).toBe(CODE.accessCaveat);
  });

  it('a blocked address answers 6033 everywhere', async () => {
    await addRestriction(t.db, '198.51.100.7', 'blocked');
    const pre = await preInfoFrom('198.51.100.7');
    expect(pre.body).toEqual({
      status_code: CODE.accessBlocked,
      message: SERVER_MESSAGE.accessBlocked,
      data: null,
    });
    expect((await noticesFrom('198.51.100.7')).body.status_code).toBe(CODE.accessBlocked);
    expect((await adsFrom('198.51.100.7')).body.status_code).toBe(CODE.accessBlocked);
    // Its neighbour is not blocked.
    expect((await preInfoFrom('198.51.100.8')).body.status_code).toBe(CODE.success);
  });

  it('an alert answers preInfo with 6032 and the pre-info as data; other calls succeed', async () => {
    await addRestriction(t.db, '192.0.2.0/24', 'alert');
    const pre = await preInfoFrom('192.0.2.50');
    expect(pre.status).toBe(200);
    expect(pre.body.status_code).toBe(CODE.accessAlert);
    expect(pre.body.message).toBe(SERVER_MESSAGE.accessAlert);
    expect(pre.body.data.SiteBaseConfigVo.title).toBe('限制测试站');
    expect(pre.body.data.ip).toBe('192.0.2.50');
    expect(pre.body.data.maintainConfig.status).toBe(1);

    const notices = await noticesFrom('192.0.2.50');
    expect(notices.body).toEqual({ status_code: CODE.success, message: 'success', data: [] });
    expect((await adsFrom('192.0.2.50')).body.status_code).toBe(CODE.success);
  });

  it('the most specific range wins: a /32 alert inside a /8 block', async () => {
    await addRestriction(t.db, '10.0.0.0/8', 'blocked');
    await addRestriction(t.db, '10.9.9.9/32', 'alert');
    await addRestriction(t.db, '10.9.0.0/16', 'caveat');
    expect((await preInfoFrom('10.9.9.9')).body.status_code).toBe(CODE.accessAlert);
    expect((await noticesFrom('10.9.9.9')).body.status_code).toBe(CODE.success);
    expect((await preInfoFrom('10.9.1.1')).body.status_code).toBe(CODE.accessCaveat);
    expect((await preInfoFrom('10.1.1.1')).body.status_code).toBe(CODE.accessBlocked);
  });

  it('leaves unrestricted callers alone', async () => {
    await addRestriction(t.db, '10.0.0.0/8', 'blocked');
    await addRestriction(t.db, '2001:db8::/32', 'caveat');
    const pre = await preInfoFrom('11.0.0.1');
    expect(pre.body.status_code).toBe(CODE.success);
    expect(pre.body.data.ip).toBe('11.0.0.1');
    expect((await noticesFrom('127.0.0.1')).body.status_code).toBe(CODE.success);
    expect((await adsFrom('2001:db9::1')).body.status_code).toBe(CODE.success);
  });

  it('matches IPv6 callers against IPv6 ranges', async () => {
    await addRestriction(t.db, '2001:db8::/32', 'caveat');
    expect((await preInfoFrom('2001:db8::42')).body.status_code).toBe(CODE.accessCaveat);
  });

  it('matches an IPv4-mapped IPv6 caller (::ffff:10.1.2.3) against 10.0.0.0/8', async () => {
    await addRestriction(t.db, '10.0.0.0/8', 'blocked');
    expect((await preInfoFrom('::ffff:10.1.2.3')).body.status_code).toBe(CODE.accessBlocked);
    expect((await adsFrom('::ffff:10.1.2.3')).body.status_code).toBe(CODE.accessBlocked);
    expect((await preInfoFrom('::ffff:11.1.2.3')).body.status_code).toBe(CODE.success);
  });

  it('removeRestriction lifts it at once', async () => {
    await addRestriction(t.db, '10.0.0.0/8', 'blocked');
    expect((await preInfoFrom('10.1.2.3')).body.status_code).toBe(CODE.accessBlocked);
    expect(await removeRestriction(t.db, '10.0.0.0/8')).toBe(true);
    expect((await preInfoFrom('10.1.2.3')).body.status_code).toBe(CODE.success);
  });

  it.each(['caveat', 'blocked', 'alert'] as const)(
    'the bootstrap calls still answer a %s caller',
    async (kind) => {
      await addRestriction(t.db, '10.0.0.0/8', kind);
      for (const url of [SEC, VV]) {
        const { status, body } = await t.call({ method: 'GET', url, remoteAddress: '10.1.2.3' });
        expect(status).toBe(200);
        expect(body.status_code).toBe(CODE.success);
        expect(body.data).toBeTruthy();
      }
    },
  );

  it('also covers the cache paths', async () => {
    await addRestriction(t.db, '10.0.0.0/8', 'caveat');
    const cached = await t.call({
      method: 'GET',
      url: `/api/api-cache/${encodeURIComponent(ADS)}`,
      remoteAddress: '10.1.2.3',
    });
    expect(cached.body.status_code).toBe(CODE.accessCaveat);
    const json = await t.call({ method: 'GET', url: '/api/json-cache/k1', remoteAddress: '10.1.2.3' });
    expect(json.body.status_code).toBe(CODE.accessCaveat);
  });

  it('cannot be skipped by percent-encoding the path', async () => {
    await addRestriction(t.db, '10.0.0.0/8', 'blocked');
    const pre = await t.call({
      method: 'POST',
      url: '/%73ite/api/v1/configuration/preInfo',
      payload: {},
      remoteAddress: '10.1.2.3',
      headers: clientHeaders(PRE_INFO),
    });
    expect(pre.body.status_code).toBe(CODE.accessBlocked);
    const json = await t.call({ method: 'GET', url: '/%61pi/json-cache/k1', remoteAddress: '10.1.2.3' });
    expect(json.body.status_code).toBe(CODE.accessBlocked);
  });

  it('is checked after the signature: a restricted caller with a bad signature gets 10108', async () => {
    await addRestriction(t.db, '10.0.0.0/8', 'blocked');
    const { body } = await t.call({
      method: 'POST',
      url: PRE_INFO,
      payload: {},
      remoteAddress: '10.1.2.3',
      headers: { 'X-API-XXX': 'bad' },
    });
    expect(body.status_code).toBe(CODE.apiAuth);
  });
});

describe('the page with embedded pre-info', () => {
  let dir: string;
  let web: FastifyInstance;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'qp-web-'));
    await writeFile(
      path.join(dir, 'index.html'),
      `<!doctype html><html><head><title>x</title></head><body>${PRE_INFO_MARKER}<div id="root"></div></body></html>`,
    );
    web = await buildApp(testConfig({ staticDir: dir }), { db: t.db });
    await web.ready();
  });
  afterAll(async () => {
    await web.close();
    await rm(dir, { recursive: true, force: true });
  });

  const page = async (remoteAddress: string, url = '/') => {
    const res = await web.inject({ method: 'GET', url, remoteAddress });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('embeds the pre-info for an unrestricted caller', async () => {
    const html = await page('11.0.0.1');
    expect(html).toContain('<script type="application/json" id="pre-info">');
    expect(html).toContain('"ip":"11.0.0.1"');
    expect(html).toContain('<title>限制测试站</title>');
  });

  // An embedded copy would let the site skip preInfo and never meet the 6032 (found in review): the page must ask.
  it('leaves it out for an alert caller, whose preInfo call then answers 6032 with the pre-info', async () => {
    await addRestriction(t.db, '10.0.0.0/8', 'alert');
    expect(await page('10.1.2.3')).not.toContain('id="pre-info"');
    const res = await t.call({
      method: 'POST',
      url: '/site/api/v1/configuration/preInfo',
      payload: {},
      remoteAddress: '10.1.2.3',
    });
    expect(res.body.status_code).toBe(6032);
    expect(res.body.data.maintainConfig.status).toBe(1);
  });

  it.each(['caveat', 'blocked'] as const)(
    'leaves it out for a %s caller, on / and on client routes',
    async (kind) => {
      await addRestriction(t.db, '10.0.0.0/8', kind);
      for (const url of ['/', '/index.html', '/activity/discount']) {
        const html = await page('10.1.2.3', url);
        expect(html).toContain('<div id="root">');
        expect(html).not.toContain('id="pre-info"');
        expect(html).not.toContain(PRE_INFO_MARKER);
        expect(html).not.toContain('限制测试站');
      }
    },
  );
});
