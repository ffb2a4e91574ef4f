import { afterEach, describe, expect, it } from 'vitest';
import { fetchPopInfo } from '../../../src/api/act/pop-info.ts';
import { fetchStationAds } from '../../../src/api/act/station-ads.ts';
import { fetchSuspensionIcons } from '../../../src/api/act/suspension-icon.ts';
import { setHttpAdapter } from '../../../src/api/client.ts';
import { fetchNoticeList } from '../../../src/api/site/notice-list.ts';
import { fetchPreInfo } from '../../../src/api/site/pre-info.ts';
import { NOTICE_CATEGORY } from '../../../src/protocol/site.ts';
import { fakeHttp, ok, type FakeReply } from './fake-http.ts';

function serve(reply: FakeReply) {
  const fake = fakeHttp(() => reply);
  setHttpAdapter(fake.adapter);
  return fake.requests;
}

afterEach(() => {
  setHttpAdapter();
});

describe('API operations (spec §7)', () => {
  it('preInfo POSTs platformType 6 by default', async () => {
    const requests = serve(ok({ ip: '1.2.3.4' }));
    await expect(fetchPreInfo()).resolves.toEqual({ ip: '1.2.3.4' });
    await fetchPreInfo({ platformType: 2 });
    expect(requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ['POST', '/site/api/v1/configuration/preInfo', { platformType: 6 }],
      ['POST', '/site/api/v1/configuration/preInfo', { platformType: 2 }],
    ]);
  });

  it('queryNoticeList POSTs the category', async () => {
    const requests = serve(ok([{ id: 1 }]));
    await expect(fetchNoticeList(NOTICE_CATEGORY.marquee)).resolves.toEqual([{ id: 1 }]);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: '/site/api/v1/advertising/queryNoticeList',
      body: { category: 1 },
    });
  });

  it('queryStationAdList GETs', async () => {
    const requests = serve(ok([]));
    await expect(fetchStationAds()).resolves.toEqual([]);
    expect(requests[0]).toMatchObject({ method: 'GET', url: '/act/api/v1/advertising/queryStationAdList' });
  });

  it("suspensionIcon POSTs displayEquipment '1' by default", async () => {
    const requests = serve(ok([]));
    await fetchSuspensionIcons();
    await fetchSuspensionIcons('2');
    expect(requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ['POST', '/act/api/v1/activityShow/suspensionIcon', { displayEquipment: '1' }],
      ['POST', '/act/api/v1/activityShow/suspensionIcon', { displayEquipment: '2' }],
    ]);
  });

  it('popInfo GETs and reads an empty answer as null', async () => {
    const pop = { id: 7, title: '活动', content: '', imageUrl: '', linkUrl: '' };
    const requests = serve(ok(pop));
    await expect(fetchPopInfo()).resolves.toEqual(pop);
    expect(requests[0]).toMatchObject({ method: 'GET', url: '/act/api/v1/memberTopActivity/popInfo' });
    serve(ok(null));
    await expect(fetchPopInfo()).resolves.toBeNull();
    serve(ok({}));
    await expect(fetchPopInfo()).resolves.toBeNull();
  });

  it('passes caller config through (timeout override)', async () => {
    const requests = serve(ok([]));
    await fetchStationAds({ timeout: 100_000 });
    expect(requests[0]?.timeout).toBe(100_000);
  });
});
