import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { t } from '../../../src/i18n/zh-CN.ts';
import type { PopInfo } from '../../../src/protocol/site.ts';
import { fakeEffects, homeContent, popSeenStored, preInfo, renderApp, TODAY } from '../app/harness.tsx';

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
    for (const n of [8, 5, 31, 7, 3]) expect(within(section).getByText(t.categories.venues(n))).toBeTruthy();
    expect(within(section).getAllByText(/个平台$/)).toHaveLength(6);
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
