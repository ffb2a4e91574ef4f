import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../src/protocol/api.ts';
import { cached, HOT_CACHE_CHANNEL, HOT_CACHE_TTL_MS } from '../../server/db/hot-cache.ts';
import { addRestriction } from '../../server/modules/access/restrictions.ts';
import { setDeviceBlocked } from '../../server/modules/member/devices.ts';
import { writeSiteConfig } from '../../server/modules/site/config.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const PRE_INFO = '/site/api/v1/configuration/preInfo';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const title = async () =>
  (await t.call({ method: 'POST', url: PRE_INFO, payload: {} })).body.data.SiteBaseConfigVo.title;

describe('hot caches of the request path', () => {
  it('serve from memory: a write behind the repository is not seen until a notification or the ttl', async () => {
    await writeSiteConfig(t.db, 'title', '第一版');
    expect(await title()).toBe('第一版');
    // Another program writes straight to the table (no notification yet): the cache still answers.
    await t.db.query(`UPDATE site_config SET value = '"第二版"' WHERE key = 'title'`);
    expect(await title()).toBe('第一版');
    // Another node's write arrives as NOTIFY on commit: the cache is dropped.
    await t.db.notify(HOT_CACHE_CHANNEL, '');
    await expect.poll(() => title()).toBe('第二版');
  });

  it("this process's writes are seen at once", async () => {
    await writeSiteConfig(t.db, 'title', '第三版');
    expect(await title()).toBe('第三版');
    await addRestriction(t.db, '203.0.113.0/24', 'blocked');
    const refused = await t.call({
      method: 'POST',
      url: PRE_INFO,
      payload: {},
      remoteAddress: '203.0.113.9',
    });
    expect(refused.body.status_code).toBe(CODE.accessBlocked);
    await setDeviceBlocked(t.db, 'test-device-0001', true);
    expect((await t.call({ method: 'POST', url: PRE_INFO, payload: {} })).body.status_code).toBe(
      CODE.deviceBlocked,
    );
    await setDeviceBlocked(t.db, 'test-device-0001', false);
    expect((await t.call({ method: 'POST', url: PRE_INFO, payload: {} })).body.status_code).toBe(
      CODE.success,
    );
  });

  it('an entry older than the ttl is loaded again; a failed load is not kept', async () => {
    const owner = {};
    let loads = 0;
    const load = async () => ++loads;
    expect(await cached(owner, 'x', load, 1000)).toBe(1);
    expect(await cached(owner, 'x', load, 1000 + HOT_CACHE_TTL_MS - 1)).toBe(1);
    expect(await cached(owner, 'x', load, 1000 + HOT_CACHE_TTL_MS)).toBe(2);
    await expect(cached(owner, 'y', () => Promise.reject(new Error('down')), 5000)).rejects.toThrow('down');
    expect(await cached(owner, 'y', async () => 'up', 5001)).toBe('up');
  });
});
