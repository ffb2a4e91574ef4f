import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { t } from '../../../src/i18n/zh-CN.ts';
import type { HotGame, RecentWin } from '../../../src/protocol/showcase.ts';
import type { PopInfo } from '../../../src/protocol/site.ts';
import {
  fakeEffects,
  homeContent,
  LOGGED_IN,
  member,
  popSeenStored,
  preInfo,
  renderApp,
  TODAY,
} from '../app/harness.tsx';

afterEach(cleanup);

const POP: PopInfo = {
  id: 31,
  title: '双十一狂欢',
  content: '存款即送彩金',
  imageUrl: '/media/pop.png',
  linkUrl: '/activity/discount',
};

/** Renders / and waits for the home content to show. */
async function renderHome(opts: Parameters<typeof fakeEffects>[0] & { popSeenOn?: string | null } = {}) {
  const { popSeenOn, ...fx } = opts;
  const view = renderApp('/', { effects: fakeEffects(fx), input: { popSeenOn: popSeenOn ?? null } });
  await screen.findByRole('link', { name: t.home.floating('幸运翻牌') });
  return view;
}

describe('home page', () => {
  it('loads the home content once and titles the page with the site title', async () => {
    const { effects } = await renderHome();
    expect(effects.loadHome).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('星耀棋牌官网');
  });

  it('shows every notice in the notice bar, the looping copy hidden from readers', async () => {
    await renderHome();
    const bar = screen.getByRole('region', { name: t.home.notices });
    const items = within(bar).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['公告一系统升级完成', '公告二新游戏上线']);
    const all = within(bar).getAllByRole('listitem', { hidden: true });
    expect(all).toHaveLength(4);
    expect(all.map((li) => li.getAttribute('aria-hidden'))).toEqual([null, null, 'true', 'true']);
    expect(all.slice(2).map((li) => li.textContent)).toEqual(['公告一系统升级完成', '公告二新游戏上线']);
  });

  it('shows three banners with the ad titles as alt text and their sizes', async () => {
    await renderHome();
    const carousel = screen.getByRole('region', { name: t.home.banners });
    const images = within(carousel).getAllByRole('img');
    expect(
      images.map((img) => [img.getAttribute('alt'), img.getAttribute('width'), img.getAttribute('height')]),
    ).toEqual([
      ['首充豪礼', '1200', '400'],
      ['周末返水', '1200', '401'],
      ['邀请有礼', '1199', '402'],
    ]);
    expect(within(carousel).getByRole('link', { name: '首充豪礼' }).getAttribute('href')).toBe(
      '/activity/discount',
    );
    expect(within(carousel).getByRole('link', { name: '邀请有礼' }).getAttribute('href')).toBe('/');
    expect(within(carousel).getByRole('button', { name: t.home.goToBanner(3) })).toBeTruthy();
  });

  it('shows the platform count of each category', async () => {
    await renderHome();
    const section = screen.getByRole('region', { name: t.categories.heading });
    expect(
      within(section).getByRole('link', { name: new RegExp(`^${t.categories.QP}`) }).textContent,
    ).toContain(t.categories.venues(12));
    for (const n of [8, 5, 31, 7, 3, 2]) expect(within(section).getByText(t.categories.venues(n))).toBeTruthy();
    // Every one of the seven tiles, 捕鱼 included (issue 19 §2).
    expect(within(section).getAllByText(/个平台$/)).toHaveLength(7);
  });

  it('shows the pop-up activity when it was not seen today; closing it remembers the day', async () => {
    await renderHome({ content: homeContent({ pop: POP }), popSeenOn: '2026-11-20' });
    const dialog = await screen.findByRole('dialog', { name: POP.title });
    expect(within(dialog).getByText(POP.content)).toBeTruthy();
    // The footer's 关闭 (the close icon has the same name).
    const close = within(dialog)
      .getAllByRole('button', { name: t.home.popClose })
      .find((b) => b.textContent === t.home.popClose)!;
    await userEvent.click(close);
    expect(popSeenStored()).toBe(TODAY);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('立即参与 on the pop-up activity goes to its link and counts as seen', async () => {
    const { router } = await renderHome({ content: homeContent({ pop: POP }) });
    const dialog = await screen.findByRole('dialog', { name: POP.title });
    await userEvent.click(within(dialog).getByRole('button', { name: t.home.popGo }));
    expect(popSeenStored()).toBe(TODAY);
    await waitFor(() => expect(router.state.location.pathname).toBe(POP.linkUrl));
  });

  it('shows the pop-up activity on a first visit', async () => {
    await renderHome({ content: homeContent({ pop: POP }) });
    expect(await screen.findByRole('dialog', { name: POP.title })).toBeTruthy();
  });

  it('does not show the pop-up activity when it was already seen today', async () => {
    await renderHome({ content: homeContent({ pop: POP }), popSeenOn: TODAY });
    expect(screen.queryByRole('dialog')).toBeNull();
    // Still the day it was stored with: nothing closed it again.
    expect(popSeenStored()).toBe(TODAY);
  });

  it('shows the floating icon as a named link', async () => {
    await renderHome();
    const link = screen.getByRole('link', { name: t.home.floating('幸运翻牌') });
    expect(link.getAttribute('href')).toBe('/activity/luckyFlip');
  });

  it('shows the live video block only when the video skin is on', async () => {
    await renderHome({
      preInfo: preInfo({ siteVideoSkinOpen: true, siteVideoActiveUrl: '/media/live.m3u8' }),
    });
    expect(screen.getByRole('heading', { level: 2, name: t.home.live })).toBeTruthy();
    expect(screen.getByText(t.home.liveHint)).toBeTruthy();
    expect(document.querySelector('video')?.getAttribute('src')).toBe('/media/live.m3u8');
    cleanup();

    await renderHome({
      preInfo: preInfo({ siteVideoSkinOpen: false, siteVideoActiveUrl: '/media/live.m3u8' }),
    });
    expect(screen.queryByRole('heading', { name: t.home.live })).toBeNull();
    expect(document.querySelector('video')).toBeNull();
  });

  it('shows the festival banner when a festival skin is set', async () => {
    await renderHome({ preInfo: preInfo({ siteFestivalSkin: 'spring' }) });
    expect(screen.getByText(`${t.home.festival} · spring`)).toBeTruthy();
    cleanup();

    await renderHome();
    expect(screen.queryByText(new RegExp(t.home.festival))).toBeNull();
  });

  it('shows a retry when the home content fails to load; the retry loads it again', async () => {
    const effects = fakeEffects();
    effects.loadHome.mockRejectedValueOnce(new Error('offline'));
    renderApp('/', { effects });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(t.home.loadFailed)).toBeTruthy();
    expect(effects.loadHome).toHaveBeenCalledTimes(1);

    await userEvent.click(within(alert).getByRole('button', { name: t.home.retry }));
    expect(effects.loadHome).toHaveBeenCalledTimes(2);
    expect(await screen.findByRole('link', { name: t.home.floating('幸运翻牌') })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

// ───── issue 19 §2: the showcase (docs/home.md) ─────

/** What the player reads (src/i18n/zh-CN-home.ts), written out. */
const SHOWCASE_TEXT = {
  hot: '热门游戏',
  wins: '最新中奖',
  jackpot: '电子奖池',
  visitor: '加入我们',
  member: '我的账户',
  money: '资金操作',
};
const HOT: HotGame[] = [
  {
    code: 'fortune-god',
    name: '财神到',
    platform: 'DZ',
    lobby: 'egame',
    venue: 'PGDZ',
    venueName: 'PG 电子',
    game: 'fortune-god',
    image: '/media/games/fortune-god.webp',
    width: 320,
    height: 240,
  },
  {
    code: 'baccarat-1',
    name: '百家乐 1 号桌',
    platform: 'ZR',
    lobby: 'realbet',
    venue: 'AGZR',
    venueName: 'AG 真人',
    game: null,
    image: '/media/games/baccarat-1.webp',
    width: 320,
    height: 240,
  },
];
const WINS: RecentWin[] = [
  { id: 2, player: '13**02', game: '极速快三', amount: 96_000, settledAt: '2026-11-21T10:01:00Z' },
  { id: 1, player: '13**01', game: '财神到', amount: 1_000, settledAt: '2026-11-21T10:00:00Z' },
];
const JACKPOT = {
  pool: 123_456_789,
  seed: 1_000_000,
  lastWin: { userName: '13**09', game: '金龙献瑞', amount: 2_500_000, at: '2026-11-20T09:00:00Z' },
};
const SHOWCASE = homeContent({
  counts: { QP: 12, TY: 8, ZR: 5, DZ: 31, CP: 7, DJ: 3, BY: 2 },
  hot: HOT,
  wins: WINS,
  jackpot: JACKPOT,
});

describe('home page showcase (issue 19 §2)', () => {
  it('shows 捕鱼 with its count: seven categories, seven counts', async () => {
    await renderHome({ content: SHOWCASE });
    const section = screen.getByRole('region', { name: t.categories.heading });
    expect(
      within(section)
        .getByRole('link', { name: /捕鱼\s*2 个平台/ })
        .getAttribute('href'),
    ).toBe('/game/fishing');
    expect(within(section).getAllByText(/个平台$/)).toHaveLength(7);
  });

  it('shows the hot games with their art, sized and lazy, each a link that launches it from its lobby', async () => {
    await renderHome({ content: SHOWCASE });
    const grid = screen.getByRole('region', { name: SHOWCASE_TEXT.hot });
    const links = within(grid).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/game/egame?play=PGDZ&game=fortune-god',
      '/game/realbet?play=AGZR',
    ]);
    const imgs = within(grid).getAllByRole('img');
    expect(
      imgs.map((i) => [
        i.getAttribute('alt'),
        i.getAttribute('src'),
        i.getAttribute('width'),
        i.getAttribute('height'),
      ]),
    ).toEqual([
      ['财神到', '/media/games/fortune-god.webp', '320', '240'],
      ['百家乐 1 号桌', '/media/games/baccarat-1.webp', '320', '240'],
    ]);
    for (const i of imgs) expect(i.getAttribute('loading')).toBe('lazy');
    expect(links[0]!.textContent).toContain('PG 电子');
  });

  it('shows the recent wins newest first (the looping copy hidden) and the jackpot pool with its last win', async () => {
    await renderHome({ content: SHOWCASE });
    const wins = screen.getByRole('region', { name: SHOWCASE_TEXT.wins });
    expect(
      within(wins)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['13**02 在 极速快三 赢得 ¥960.00', '13**01 在 财神到 赢得 ¥10.00']);
    expect(within(wins).getAllByRole('listitem', { hidden: true })).toHaveLength(4);
    const jackpot = screen.getByRole('region', { name: SHOWCASE_TEXT.jackpot });
    expect(jackpot.textContent).toContain('¥1,234,567.89');
    expect(jackpot.textContent).toContain('13**09 在 金龙献瑞 赢走 ¥25,000.00');
    expect(within(jackpot).getByRole('link').getAttribute('href')).toBe('/game/egame');
  });

  it('leaves out a part whose call failed (null) or has nothing, the rest shown', async () => {
    await renderHome({ content: { ...SHOWCASE, hot: null, wins: [], jackpot: null } });
    expect(screen.queryByRole('region', { name: SHOWCASE_TEXT.hot })).toBeNull();
    expect(screen.queryByRole('region', { name: SHOWCASE_TEXT.wins })).toBeNull();
    expect(screen.queryByRole('region', { name: SHOWCASE_TEXT.jackpot })).toBeNull();
    expect(screen.getByRole('region', { name: t.categories.heading })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers a visitor register and log in', async () => {
    await renderHome({ content: SHOWCASE });
    const strip = screen.getByRole('region', { name: SHOWCASE_TEXT.visitor });
    expect(
      within(strip)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/user/register', '/user/login']);
    expect(screen.queryByRole('region', { name: SHOWCASE_TEXT.member })).toBeNull();
  });

  it('shows a member their masked name, VIP badge, balance and the money links', async () => {
    const effects = fakeEffects({ content: SHOWCASE });
    effects.fetchMember.mockResolvedValue(member({ vipLevel: 3, balance: 1_234_500 }));
    renderApp('/', { effects, input: { session: LOGGED_IN } });
    const strip = await screen.findByRole('region', { name: SHOWCASE_TEXT.member });
    await waitFor(() => expect(strip.textContent).toContain('¥12,345.00'));
    expect(strip.textContent).toContain('您好，13**00');
    expect(strip.textContent).toContain('VIP3');
    const money = within(strip).getByRole('navigation', { name: SHOWCASE_TEXT.money });
    expect(
      within(money)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['充值', '/mine/finance/deposit'],
      ['提现', '/mine/finance/withdrawal'],
      ['转账', '/mine/finance/transfer'],
    ]);
    expect(screen.queryByRole('region', { name: SHOWCASE_TEXT.visitor })).toBeNull();
  });
});
