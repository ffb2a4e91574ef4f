import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../src/protocol/api.ts';
import { SERVER_MESSAGE } from '../../server/http/envelope.ts';
import { seedDemo } from '../../server/db/seed.ts';
import { clientHeaders, createTestApp, type TestApp } from '../support/test-app.ts';

const NOTICES = '/site/api/v1/advertising/queryNoticeList';
const ADS = '/act/api/v1/advertising/queryStationAdList';
const ICON = '/act/api/v1/activityShow/suspensionIcon';
const POP = '/act/api/v1/memberTopActivity/popInfo';
const PLATFORM_COUNT = '/game/api/v1/venue/platformCount';

const SEEDED_MARQUEE = ['新会员专享', '防骗提醒', '系统维护通知'];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemo(t.db)).toBe(true);
});
afterAll(() => t.close());

const countOf = async (table: string) =>
  Number((await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n);

describe('seedDemo', () => {
  const TABLES = ['notices', 'station_ads', 'suspension_icons', 'pop_activities', 'site_config', 'venues'];
  const counts = async () =>
    Object.fromEntries(await Promise.all(TABLES.map(async (tb) => [tb, await countOf(tb)])));

  it('seeds once: a second run answers false and adds no rows', async () => {
    const before = await counts();
    expect(before).toEqual({
      notices: 5,
      station_ads: 3,
      suspension_icons: 2,
      pop_activities: 1,
      site_config: 5,
      venues: 23,
    });
    expect(await seedDemo(t.db)).toBe(false);
    expect(await seedDemo(t.db)).toBe(false);
    expect(await counts()).toEqual(before);
  });
});

describe('POST queryNoticeList', () => {
  it('answers the live notices of the category in sort order', async () => {
    const { status, body } = await t.call({ method: 'POST', url: NOTICES, payload: { category: 1 } });
    expect(status).toBe(200);
    expect(body.status_code).toBe(CODE.success);
    expect(body.data.map((n: { title: string }) => n.title)).toEqual(SEEDED_MARQUEE);
    for (const n of body.data) {
      expect(Object.keys(n).sort()).toEqual(['category', 'content', 'createdAt', 'id', 'title']);
      expect(n.category).toBe(1);
      expect(Number.isInteger(n.id)).toBe(true);
      expect(new Date(n.createdAt).toISOString()).toBe(n.createdAt);
    }
    const two = await t.call({ method: 'POST', url: NOTICES, payload: { category: 2 } });
    expect(two.body.data.map((n: { title: string }) => n.title)).toEqual([
      'VIP 晋级礼金升级',
      '世界杯专题上线',
    ]);
    const none = await t.call({ method: 'POST', url: NOTICES, payload: { category: 7 } });
    expect(none.body).toEqual({ status_code: CODE.success, message: 'success', data: [] });
  });

  it('leaves out expired and future notices and honours sort', async () => {
    await t.db.query(
      `INSERT INTO notices (category, title, content, sort, starts_at, ends_at) VALUES
         (1, '已过期', 'x', -10, now() - interval '2 days', now() - interval '1 day'),
         (1, '未开始', 'x', -10, now() + interval '1 day', NULL),
         (1, '置顶', 'x', -5, now() - interval '1 minute', now() + interval '1 day'),
         (1, '最后', 'x', 99, now() - interval '1 minute', NULL)`,
    );
    const { body } = await t.call({ method: 'POST', url: NOTICES, payload: { category: 1 } });
    expect(body.data.map((n: { title: string }) => n.title)).toEqual(['置顶', ...SEEDED_MARQUEE, '最后']);
  });

  it('answers 10003 without a category, or with a bad one', async () => {
    for (const payload of [
      {},
      { category: '1' },
      { category: 1.5 },
      { category: -1 },
      { category: 1, extra: true },
    ]) {
      const { status, body } = await t.call({ method: 'POST', url: NOTICES, payload });
      expect(status).toBe(200);
      expect(body.status_code).toBe(CODE.validation);
      expect(body.message).toBe(SERVER_MESSAGE.validation);
    }
    expect((await t.call({ method: 'POST', url: NOTICES })).body.status_code).toBe(CODE.validation);
  });
});

describe('GET queryStationAdList', () => {
  it('answers the seeded banners with their size, in order', async () => {
    const { status, body } = await t.call({ method: 'GET', url: ADS });
    expect(status).toBe(200);
    expect(body.status_code).toBe(CODE.success);
    expect(body.data).toHaveLength(3);
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      title: '新人首存礼 最高送 888',
      imageUrl: '/media/banner-welcome.svg',
      linkUrl: '/activity/discount',
      width: 1200,
      height: 400,
    });
    expect(body.data.map((a: { imageUrl: string }) => a.imageUrl)).toEqual([
      '/media/banner-welcome.svg',
      '/media/banner-sport.svg',
      '/media/banner-invite.svg',
    ]);
    for (const ad of body.data) expect([ad.width, ad.height]).toEqual([1200, 400]);
  });

  it('leaves out inactive banners', async () => {
    await t.db.query(`UPDATE station_ads SET active = false WHERE image_url = '/media/banner-sport.svg'`);
    try {
      const { body } = await t.call({ method: 'GET', url: ADS });
      expect(body.data.map((a: { title: string }) => a.title)).toEqual([
        '新人首存礼 最高送 888',
        '邀请好友 共享佣金',
      ]);
    } finally {
      await t.db.query('UPDATE station_ads SET active = true');
    }
  });
});

describe('POST suspensionIcon', () => {
  const webIcon = {
    id: expect.any(Number),
    title: '幸运翻牌',
    imageUrl: '/media/float-lucky-flip.svg',
    linkUrl: '/activity/luckyFlip',
    displayEquipment: '1',
  };

  it("defaults displayEquipment to '1' with no body or an empty one", async () => {
    const noBody = await t.call({ method: 'POST', url: ICON });
    expect(noBody.body.status_code).toBe(CODE.success);
    expect(noBody.body.data).toEqual([webIcon]);
    const empty = await t.call({ method: 'POST', url: ICON, payload: {} });
    expect(empty.body.data).toEqual([webIcon]);
  });

  it("answers the h5 icon for '2'", async () => {
    const { body } = await t.call({ method: 'POST', url: ICON, payload: { displayEquipment: '2' } });
    expect(body.status_code).toBe(CODE.success);
    expect(body.data).toEqual([{ ...webIcon, displayEquipment: '2' }]);
  });

  it("answers 10003 for '9', a number, or an unknown field", async () => {
    for (const payload of [
      { displayEquipment: '9' },
      { displayEquipment: 2 },
      { displayEquipment: '1', x: 1 },
    ]) {
      const { body } = await t.call({ method: 'POST', url: ICON, payload });
      expect(body.status_code).toBe(CODE.validation);
    }
  });
});

describe('GET popInfo', () => {
  it('answers the active pop', async () => {
    const { status, body } = await t.call({ method: 'GET', url: POP });
    expect(status).toBe(200);
    expect(body.status_code).toBe(CODE.success);
    expect(body.data).toEqual({
      id: expect.any(Number),
      title: '签到日历 天天有礼',
      content: '每日签到领取彩金，连续签到 7 天额外赠送神秘大奖。',
      imageUrl: '/media/pop-calendar.svg',
      linkUrl: '/activity/calendar',
    });
  });

  it('prefers the most recently started live pop, ignoring future and ended ones', async () => {
    await t.db.query(
      `INSERT INTO pop_activities (title, content, starts_at, ends_at) VALUES
         ('新弹窗', 'new', now(), now() + interval '1 hour'),
         ('未开始', 'future', now() + interval '1 hour', NULL),
         ('已结束', 'ended', now() - interval '2 hours' + interval '1 minute', now() - interval '1 minute')`,
    );
    const { body } = await t.call({ method: 'GET', url: POP });
    expect(body.data.title).toBe('新弹窗');
    await t.db.query(`DELETE FROM pop_activities WHERE title IN ('新弹窗', '未开始', '已结束')`);
  });

  it('answers null when none is active', async () => {
    await t.db.query('UPDATE pop_activities SET active = false');
    try {
      const { status, body } = await t.call({ method: 'GET', url: POP });
      expect(status).toBe(200);
      expect(body).toEqual({ status_code: CODE.success, message: 'success', data: null });
    } finally {
      await t.db.query('UPDATE pop_activities SET active = true');
    }
  });
});

describe('GET platformCount', () => {
  // spec §3's count keys, and BY (捕鱼: issue 19 §2, every home tile has its count).
  const SEEDED = { TY: 4, DZ: 5, DJ: 3, ZR: 3, CP: 2, QP: 4, BY: 2 };

  it('counts the seeded venues by platform (spec §3 count keys and 捕鱼)', async () => {
    const { status, body } = await t.call({ method: 'GET', url: PLATFORM_COUNT });
    expect(status).toBe(200);
    expect(body).toEqual({ status_code: CODE.success, message: 'success', data: SEEDED });
  });

  it('counts venues in maintenance but not closed ones', async () => {
    await t.db.query(`UPDATE venues SET status = 'maintenance' WHERE code = 'KYQP'`);
    await t.db.query(`UPDATE venues SET status = 'closed' WHERE code IN ('PGDZ', 'SYCP', 'TCCP')`);
    try {
      const { body } = await t.call({ method: 'GET', url: PLATFORM_COUNT });
      expect(body.data).toEqual({ ...SEEDED, DZ: 4, CP: 0 });
    } finally {
      await t.db.query(`UPDATE venues SET status = 'open'`);
    }
  });

  it('needs the /game/api signature', async () => {
    const { body } = await t.call({
      method: 'GET',
      url: PLATFORM_COUNT,
      headers: { 'X-API-XXX': clientHeaders('/site/api/x')['X-API-XXX']! },
    });
    expect(body.status_code).toBe(CODE.apiAuth);
  });

  it('is served by the cached variant too', async () => {
    const { body } = await t.call({
      method: 'GET',
      url: `/api/api-cache/${encodeURIComponent(PLATFORM_COUNT)}`,
    });
    expect(body).toEqual({ status_code: CODE.success, message: 'success', data: SEEDED });
  });
});
