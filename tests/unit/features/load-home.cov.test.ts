// The home page's content calls (spec §7 queryNoticeList, queryStationAdList, suspensionIcon, popInfo; spec §3
// platform count keys) and the member info call (spec §7 member/info: withLockMoney 1, hashed user name header).
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setHttpAdapter } from '../../../src/api/client.ts';
import { resetApiErrorBus, subscribeApiErrors } from '../../../src/api/error-bus.ts';
import { fetchPlatformCounts, PLATFORM_COUNT_PATH } from '../../../src/api/game/platform-count.ts';
import { fetchMemberInfo, hashUserName, MEMBER_INFO_PATH } from '../../../src/api/user/member-info.ts';
import { loadHome, loadShowcase } from '../../../src/features/home/load-home.ts';
import { fail, fakeHttp, ok, type FakeHandler, type FakeReply } from '../api/fake-http.ts';

const NOTICES = [{ id: 1, category: 1, title: '公告', content: '系统升级完成', createdAt: '2026-11-20' }];
const ADS = [{ id: 11, title: '首充豪礼', imageUrl: '/a.png', linkUrl: '/x', width: 1200, height: 400 }];
const ICONS = [{ id: 21, title: '红包', imageUrl: '/i.png', linkUrl: '/y' }];
const POP = { id: 31, title: '活动', imageUrl: '/p.png', linkUrl: '/z' };
const COUNTS = { TY: 3, DZ: 120, DJ: 4, ZR: 9, CP: 12, QP: 40, BY: 2 };
/** issue 19 §2: the hot games, the recent wins, the jackpot pool. */
const HOT = [
  {
    code: 'k3',
    name: '极速快三',
    platform: 'CP',
    lobby: 'lottery',
    venue: 'SYCP',
    venueName: '双赢彩票',
    game: null,
    image: '/media/games/k3.webp',
    width: 320,
    height: 240,
  },
];
const WINS = [
  { id: 3, player: '13**01', game: '极速快三', amount: 960, settledAt: '2026-11-21T10:00:00.000Z' },
];
const JACKPOT = { pool: 1_234_500, seed: 1_000_000, lastWin: null };

const REPLIES: Record<string, () => FakeReply> = {
  '/site/api/v1/advertising/queryNoticeList': () => ok(NOTICES),
  '/act/api/v1/advertising/queryStationAdList': () => ok(ADS),
  '/act/api/v1/activityShow/suspensionIcon': () => ok(ICONS),
  '/act/api/v1/memberTopActivity/popInfo': () => ok(POP),
  '/game/api/v1/venue/platformCount': () => ok(COUNTS),
  '/game/api/v1/home/hotGames': () => ok({ games: HOT }),
  '/game/api/v1/home/recentWins': () => ok({ wins: WINS }),
  '/game/api/v1/jackpot/pool': () => ok(JACKPOT),
};

function serve(handler: FakeHandler) {
  const fake = fakeHttp(handler);
  setHttpAdapter(fake.adapter);
  return fake;
}

afterEach(() => {
  setHttpAdapter();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('loadHome', () => {
  it("loads every part of the home page and today's local date", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 21, 23, 30));
    const { requests } = serve((r) => REPLIES[r.url]!());
    await expect(loadHome()).resolves.toEqual({
      content: { notices: NOTICES, ads: ADS, icons: ICONS, pop: POP, counts: COUNTS },
      today: '2026-11-21',
    });
    const byUrl = Object.fromEntries(requests.map((r) => [r.url, r]));
    expect(byUrl['/site/api/v1/advertising/queryNoticeList']).toMatchObject({
      method: 'POST',
      body: { category: 1 },
    });
    // spec §7: displayEquipment default '1' (the desktop site).
    expect(byUrl['/act/api/v1/activityShow/suspensionIcon']).toMatchObject({
      method: 'POST',
      body: { displayEquipment: '1' },
    });
  });

  it('asks for the mobile icons on a mobile device', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Linux; Android 14) Mobile');
    const { requests } = serve((r) => REPLIES[r.url]!());
    await loadHome();
    expect(requests.find((r) => r.url === '/act/api/v1/activityShow/suspensionIcon')!.body).toEqual({
      displayEquipment: '2',
    });
  });

  it('leaves a part empty when its call fails alone', async () => {
    serve((r) =>
      r.url === '/act/api/v1/advertising/queryStationAdList' || r.url === PLATFORM_COUNT_PATH
        ? fail(10001, '失败')
        : REPLIES[r.url]!(),
    );
    const { content } = await loadHome();
    expect(content).toEqual({ notices: NOTICES, ads: [], icons: ICONS, pop: POP, counts: null });
  });

  it('does not wait for the showcase: the content asks for none of it (issue 19 §2)', async () => {
    const { requests } = serve((r) => REPLIES[r.url]!());
    await loadHome();
    expect(requests.map((r) => r.url).sort()).toEqual([
      '/act/api/v1/activityShow/suspensionIcon',
      '/act/api/v1/advertising/queryStationAdList',
      '/act/api/v1/memberTopActivity/popInfo',
      '/game/api/v1/venue/platformCount',
      '/site/api/v1/advertising/queryNoticeList',
    ]);
  });

  it('loads the showcase: the hot games, the recent wins and the jackpot pool', async () => {
    const { requests } = serve((r) => REPLIES[r.url]!());
    await expect(loadShowcase()).resolves.toEqual({ hot: HOT, wins: WINS, jackpot: JACKPOT });
    expect(requests.map((r) => [r.method, r.url])).toEqual([
      ['GET', '/game/api/v1/home/hotGames'],
      ['GET', '/game/api/v1/home/recentWins'],
      ['GET', '/game/api/v1/jackpot/pool'],
    ]);
  });

  it.each(['/game/api/v1/home/hotGames', '/game/api/v1/home/recentWins', '/game/api/v1/jackpot/pool'])(
    'leaves only its part empty when %s fails (issue 19 §2), without raising it on the error bus',
    async (failing) => {
      resetApiErrorBus();
      const raised: unknown[] = [];
      const stop = subscribeApiErrors((e) => void raised.push(e));
      serve((r) => (r.url === failing ? fail(10001, '失败') : REPLIES[r.url]!()));
      const content = await loadShowcase();
      stop();
      expect(raised).toEqual([]);
      const part = { '/game/api/v1/home/hotGames': 'hot', '/game/api/v1/home/recentWins': 'wins' }[
        failing as string
      ];
      expect(content).toEqual({
        hot: part === 'hot' ? null : HOT,
        wins: part === 'wins' ? null : WINS,
        jackpot: failing.endsWith('pool') ? null : JACKPOT,
      });
    },
  );

  it('has no pop-up when the server answers an empty one', async () => {
    serve((r) => (r.url === '/act/api/v1/memberTopActivity/popInfo' ? ok({}) : REPLIES[r.url]!()));
    expect((await loadHome()).content.pop).toBeNull();
  });

  it('fails when every call fails', async () => {
    serve(() => fail(10001, '系统繁忙'));
    await expect(loadHome()).rejects.toMatchObject({ code: 10001, message: '系统繁忙' });
  });
});

describe('fetchPlatformCounts', () => {
  it('returns the venue counts by platform', async () => {
    const { requests } = serve(() => ok(COUNTS));
    await expect(fetchPlatformCounts()).resolves.toEqual(COUNTS);
    expect(requests[0]).toMatchObject({ method: 'GET', url: '/game/api/v1/venue/platformCount' });
  });
});

describe('fetchMemberInfo', () => {
  const MEMBER = { userId: 7, userName: 'player007' };
  const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

  it('hashes the user name with SHA-256 (hex)', async () => {
    await expect(hashUserName('player007')).resolves.toBe(sha256('player007'));
    await expect(hashUserName('玩家')).resolves.toBe(sha256('玩家'));
  });

  it('posts withLockMoney 1 with the hashed user name in X-API-USER', async () => {
    const { requests } = serve(() => ok(MEMBER));
    await expect(fetchMemberInfo('player007')).resolves.toEqual(MEMBER);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: MEMBER_INFO_PATH,
      body: { withLockMoney: 1 },
    });
    expect(MEMBER_INFO_PATH).toBe('/site/api/v1/user/member/info');
    expect(requests[0]!.headers['x-api-user']).toBe(sha256('player007'));
  });

  it('sends no user header when the user name is not known', async () => {
    const { requests } = serve(() => ok(MEMBER));
    await fetchMemberInfo(null);
    expect(requests[0]!.headers['x-api-user']).toBeUndefined();
  });
});
