import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_VERSION, CODE, HEADER, SIGN_GROUPS, signGroupOf } from '../../src/protocol/api.ts';
import { SERVER_MESSAGE } from '../../server/http/envelope.ts';
import { deriveSignMap, DEV_SIGNING_SECRET } from '../../server/security/signing.ts';
import { clientHeaders, createTestApp, type TestApp } from '../support/test-app.ts';

const PRE_INFO = '/site/api/v1/configuration/preInfo';
const NOTICES = '/site/api/v1/advertising/queryNoticeList';
const ADS = '/act/api/v1/advertising/queryStationAdList';
const SEC = '/site/api/v1/sec/Hf6dtBdmHx';
const VV = '/site/api/v1/configuration/vvPretty';
const SIGNS = deriveSignMap(DEV_SIGNING_SECRET);

/** inject() with the client headers minus the named ones (call() can only override, not drop, a header). */
async function injectWithout(
  t: TestApp,
  opts: { method: 'GET' | 'POST'; url: string; payload?: unknown },
  omit: string[],
) {
  const headers = clientHeaders(opts.url);
  for (const name of omit) delete headers[name];
  const res = await t.app.inject({
    method: opts.method,
    url: opts.url,
    headers,
    ...(opts.payload === undefined ? {} : { payload: opts.payload as object }),
  });
  return {
    status: res.statusCode,
    body: res.json() as { status_code: number; message: string; data: unknown },
  };
}

describe('signGroupOf (spec §7)', () => {
  it('takes the first two path segments of a known group', () => {
    expect(signGroupOf('/site/api/v1/configuration/preInfo')).toBe('/site/api');
    expect(signGroupOf('/act/api/v1/advertising/queryStationAdList?x=1')).toBe('/act/api');
    expect(signGroupOf('/game/api/v1/venue/launch')).toBe('/game/api');
    expect(signGroupOf('/agent/api/v1/x')).toBe('/agent/api');
    expect(signGroupOf('/fd/api/v1/x')).toBe('/fd/api');
  });

  it('signs /component paths as /site/api and /page/fd paths as /fd/api', () => {
    expect(signGroupOf('/act/api/v1/component/list')).toBe('/site/api');
    expect(signGroupOf('/game/api/component/x')).toBe('/site/api');
    expect(signGroupOf('/page/fd/api/v1/x')).toBe('/fd/api');
    expect(signGroupOf('/act/api/page/fd/x')).toBe('/fd/api');
  });

  it('answers null outside every group, and ignores the query string', () => {
    expect(signGroupOf('/api/api-cache/x')).toBeNull();
    expect(signGroupOf('/stream/ws/v1/handshake')).toBeNull();
    expect(signGroupOf('/')).toBeNull();
    expect(signGroupOf('/other/api/x?next=/component')).toBeNull();
  });

  it('derives a distinct 32-hex signature for each of the six groups', () => {
    expect(Object.keys(SIGNS).sort()).toEqual([...SIGN_GROUPS].sort());
    for (const v of Object.values(SIGNS)) expect(v).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(Object.values(SIGNS)).size).toBe(6);
  });
});

describe('API guard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lets a call with the client headers through', async () => {
    const { status, body } = await t.call({ method: 'POST', url: NOTICES, payload: { category: 1 } });
    expect(status).toBe(200);
    expect(body.status_code).toBe(CODE.success);
    expect(body.data).toEqual([]);
  });

  describe('X-API-SITE', () => {
    it('refuses a missing site id with 10108', async () => {
      const { status, body } = await injectWithout(t, { method: 'POST', url: PRE_INFO, payload: {} }, [
        HEADER.site,
      ]);
      expect(status).toBe(200);
      expect(body).toEqual({ status_code: CODE.apiAuth, message: SERVER_MESSAGE.siteMismatch, data: null });
    });

    it('refuses a wrong site id with 10108', async () => {
      const { body } = await t.call({
        method: 'POST',
        url: PRE_INFO,
        payload: {},
        headers: { [HEADER.site]: '10002' },
      });
      expect(body.status_code).toBe(CODE.apiAuth);
      expect(body.message).toBe(SERVER_MESSAGE.siteMismatch);
    });

    it('is checked on the bootstrap calls too', async () => {
      const { body } = await injectWithout(t, { method: 'GET', url: SEC }, [HEADER.site]);
      expect(body.status_code).toBe(CODE.apiAuth);
    });
  });

  describe('X-API-VERSION', () => {
    it('refuses a missing version with 10009', async () => {
      const { body } = await injectWithout(t, { method: 'POST', url: PRE_INFO, payload: {} }, [
        HEADER.version,
      ]);
      expect(body).toEqual({ status_code: CODE.oldVersion, message: SERVER_MESSAGE.oldVersion, data: null });
    });

    it.each(['1.9.9', '1.99.0', '0.0.1', 'x'])('refuses the older version %s with 10009', async (version) => {
      const { body } = await t.call({
        method: 'POST',
        url: PRE_INFO,
        payload: {},
        headers: { [HEADER.version]: version },
      });
      expect(body.status_code).toBe(CODE.oldVersion);
    });

    it.each([API_VERSION, '2.0.1', '2.1.0', '3.0.0'])('accepts the version %s', async (version) => {
      const { body } = await t.call({
        method: 'POST',
        url: PRE_INFO,
        payload: {},
        headers: { [HEADER.version]: version },
      });
      expect(body.status_code).toBe(CODE.success);
    });
  });

  describe('X-API-XXX', () => {
    it('refuses a missing signature with 10108', async () => {
      const { body } = await injectWithout(t, { method: 'POST', url: PRE_INFO, payload: {} }, [
        HEADER.signature,
      ]);
      expect(body).toEqual({ status_code: CODE.apiAuth, message: SERVER_MESSAGE.apiAuth, data: null });
    });

    it('refuses a wrong signature with 10108, on both groups', async () => {
      const site = await t.call({
        method: 'POST',
        url: PRE_INFO,
        payload: {},
        headers: { [HEADER.signature]: 'f'.repeat(32) },
      });
      expect(site.body.status_code).toBe(CODE.apiAuth);
      const act = await t.call({ method: 'GET', url: ADS, headers: { [HEADER.signature]: '' } });
      expect(act.body.status_code).toBe(CODE.apiAuth);
    });

    it("refuses another group's signature", async () => {
      const actOnSite = await t.call({
        method: 'POST',
        url: PRE_INFO,
        payload: {},
        headers: { [HEADER.signature]: SIGNS['/act/api'] },
      });
      expect(actOnSite.body.status_code).toBe(CODE.apiAuth);
      const siteOnAct = await t.call({
        method: 'GET',
        url: ADS,
        headers: { [HEADER.signature]: SIGNS['/site/api'] },
      });
      expect(siteOnAct.body.status_code).toBe(CODE.apiAuth);
      // The right one for the act group passes.
      const right = await t.call({
        method: 'GET',
        url: ADS,
        headers: { [HEADER.signature]: SIGNS['/act/api'] },
      });
      expect(right.body.status_code).toBe(CODE.success);
    });

    it('checks a /component path against the /site/api signature', async () => {
      const url = '/act/api/v1/component/nothing';
      const withAct = await t.call({
        method: 'GET',
        url,
        headers: { [HEADER.signature]: SIGNS['/act/api'] },
      });
      expect(withAct.status).toBe(200);
      expect(withAct.body.status_code).toBe(CODE.apiAuth);
      // Signed as /site/api the guard lets it through to the router, which has no such route.
      const withSite = await t.call({
        method: 'GET',
        url,
        headers: { [HEADER.signature]: SIGNS['/site/api'] },
      });
      expect(withSite.status).toBe(404);
      expect(withSite.body.status_code).toBe(CODE.common);
    });

    it('checks a /page/fd path against the /fd/api signature', async () => {
      const url = '/page/fd/api/v1/nothing';
      const withPageFd = await t.call({
        method: 'GET',
        url,
        headers: { [HEADER.signature]: SIGNS['/page/fd/api'] },
      });
      expect(withPageFd.body.status_code).toBe(CODE.apiAuth);
      const withFd = await t.call({ method: 'GET', url, headers: { [HEADER.signature]: SIGNS['/fd/api'] } });
      expect(withFd.status).toBe(404);
      expect(withFd.body.status_code).toBe(CODE.common);
    });

    it('cannot be skipped by percent-encoding the path the router decodes', async () => {
      // /%73ite is /site to the router: the guard must see it the same way.
      const url = '/%73ite/api/v1/configuration/preInfo';
      const unsigned = await injectWithout(t, { method: 'POST', url, payload: {} }, [
        HEADER.signature,
        HEADER.site,
      ]);
      expect(unsigned.body.status_code).toBe(CODE.apiAuth);
      const signed = await t.app.inject({
        method: 'POST',
        url,
        payload: {},
        headers: clientHeaders(PRE_INFO),
      });
      expect(signed.json().status_code).toBe(CODE.success);
      const act = await injectWithout(
        t,
        { method: 'GET', url: '/act/api/v1/advertising/queryStationAd%4Cist' },
        [HEADER.signature],
      );
      expect(act.body.status_code).toBe(CODE.apiAuth);
    });
  });

  describe('bootstrap calls', () => {
    it.each([SEC, VV])('%s answers without a signature', async (url) => {
      const { status, body } = await injectWithout(t, { method: 'GET', url }, [HEADER.signature]);
      expect(status).toBe(200);
      expect(body.status_code).toBe(CODE.success);
      expect(body.data).toBeTruthy();
    });

    it('still needs a current version', async () => {
      const { body } = await t.call({ method: 'GET', url: VV, headers: { [HEADER.version]: '1.0.0' } });
      expect(body.status_code).toBe(CODE.oldVersion);
    });
  });
});

describe('API guard with another signing secret', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ signingSecret: 'other' });
  });
  afterAll(() => t.close());

  it('refuses the default client signatures with 10108', async () => {
    expect((await t.call({ method: 'POST', url: PRE_INFO, payload: {} })).body.status_code).toBe(
      CODE.apiAuth,
    );
    expect((await t.call({ method: 'GET', url: ADS })).body.status_code).toBe(CODE.apiAuth);
  });

  it('accepts the signatures derived from its own secret', async () => {
    const { body } = await t.call({
      method: 'POST',
      url: PRE_INFO,
      payload: {},
      headers: clientHeaders(PRE_INFO, 'other'),
    });
    expect(body.status_code).toBe(CODE.success);
    const ads = await t.call({ method: 'GET', url: ADS, headers: clientHeaders(ADS, 'other') });
    expect(ads.body.status_code).toBe(CODE.success);
  });

  it('still answers the unsigned bootstrap calls', async () => {
    expect((await t.call({ method: 'GET', url: SEC })).body.status_code).toBe(CODE.success);
    expect((await t.call({ method: 'GET', url: VV })).body.status_code).toBe(CODE.success);
  });
});
