import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, HEADER } from '../../src/protocol/api.ts';
import { writeSiteConfig } from '../../server/modules/site/config.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const PRE_INFO = '/site/api/v1/configuration/preInfo';

describe('POST preInfo', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers every field of the spec with defaults and the caller ip', async () => {
    const { status, body } = await t.call({ method: 'POST', url: PRE_INFO, payload: {} });
    expect(status).toBe(200);
    expect(body.status_code).toBe(CODE.success);
    expect(Object.keys(body.data).sort()).toEqual(
      [
        'SiteBaseConfigVo',
        'address',
        'disablePhones',
        'globePhoneNumber',
        'ip',
        'maintainConfig',
        'siteFestivalSkin',
        'siteVideoActiveUrl',
        'siteVideoSkinOpen',
        'stopLogin',
        'stopRegister',
        'venueOrigins',
      ].sort(),
    );
    expect(body.data.ip).toBe('127.0.0.1');
    expect(body.data.maintainConfig.status).toBe(1);
  });

  it('reads the configuration from the database', async () => {
    await writeSiteConfig(t.db, 'title', '测试站点');
    await writeSiteConfig(t.db, 'maintainStatus', 0);
    await writeSiteConfig(t.db, 'disablePhones', ['170', '171']);
    const { body } = await t.call({ method: 'POST', url: PRE_INFO, payload: { platformType: 6 } });
    expect(body.data.SiteBaseConfigVo.title).toBe('测试站点');
    expect(body.data.maintainConfig.status).toBe(0);
    expect(body.data.disablePhones).toEqual(['170', '171']);
  });

  it('accepts a missing body and rejects a bad platformType with 10003', async () => {
    expect((await t.call({ method: 'POST', url: PRE_INFO })).body.status_code).toBe(CODE.success);
    const bad = await t.call({ method: 'POST', url: PRE_INFO, payload: { platformType: 'x' } });
    expect(bad.body.status_code).toBe(CODE.validation);
  });

  it('refuses a wrong signature with 10108 and an old version with 10009', async () => {
    const sig = await t.call({
      method: 'POST',
      url: PRE_INFO,
      payload: {},
      headers: { [HEADER.signature]: 'nope' },
    });
    expect(sig.body.status_code).toBe(CODE.apiAuth);
    const old = await t.call({
      method: 'POST',
      url: PRE_INFO,
      payload: {},
      headers: { [HEADER.version]: '1.9.9' },
    });
    expect(old.body.status_code).toBe(CODE.oldVersion);
  });
});
