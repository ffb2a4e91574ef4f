// The home page's station-ad carousel (spec §7 queryStationAdList): swipeable slides with previous/next
// buttons and one dot per slide; only the current slide's link is in the tab order.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BannerCarousel } from '../../../src/features/home/banner-carousel.tsx';
import { t } from '../../../src/i18n/zh-CN.ts';
import type { StationAd } from '../../../src/protocol/site.ts';

const SLIDE_WIDTH = 600;

const ads: StationAd[] = [
  {
    id: 1,
    title: '首充豪礼',
    imageUrl: '/media/ad-1.png',
    linkUrl: '/activity/discount',
    width: 1200,
    height: 400,
  },
  { id: 2, title: '周末返水', imageUrl: '/media/ad-2.png', linkUrl: '', width: 1200, height: 400 },
  {
    id: 3,
    title: '好友邀请',
    imageUrl: '/media/ad-3.png',
    linkUrl: '/activity/friendInvitation',
    width: 1200,
    height: 400,
  },
];

let scrolledTo: number[] = [];
const originalScrollTo = Element.prototype.scrollTo;

beforeEach(() => {
  scrolledTo = [];
  // jsdom lays nothing out: each slide is SLIDE_WIDTH wide and scrolling records where it went.
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(SLIDE_WIDTH);
  Element.prototype.scrollTo = function (this: Element, options?: ScrollToOptions | number) {
    const left = typeof options === 'object' ? (options.left ?? 0) : 0;
    scrolledTo.push(left);
    this.scrollLeft = left;
  } as Element['scrollTo'];
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  Element.prototype.scrollTo = originalScrollTo;
});

function show(list: StationAd[], loading = false) {
  return render(
    <MemoryRouter>
      <BannerCarousel ads={list} loading={loading} />
    </MemoryRouter>,
  );
}

const dot = (i: number) => screen.getByRole('button', { name: t.home.goToBanner(i) });
const current = () => [1, 2, 3].filter((i) => dot(i).getAttribute('aria-current') === 'true');
const focusable = () =>
  screen
    .getAllByRole('link')
    .filter((a) => a.getAttribute('tabindex') === '0')
    .map((a) => a.getAttribute('aria-label'));

describe('BannerCarousel', () => {
  it('shows every ad as a numbered slide linking to its page (home when it has none)', () => {
    show(ads);
    expect(screen.getByRole('region', { name: t.home.banners })).toBeTruthy();
    const slides = screen.getAllByRole('group');
    expect(slides.map((s) => s.getAttribute('aria-label'))).toEqual(['1 / 3', '2 / 3', '3 / 3']);
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/activity/discount',
      '/',
      '/activity/friendInvitation',
    ]);
    expect(screen.getByRole('img', { name: '周末返水' }).getAttribute('src')).toBe('/media/ad-2.png');
    expect(current()).toEqual([1]);
    expect(focusable()).toEqual(['首充豪礼']);
  });

  it('moves to the next slide and wraps around from the last to the first', async () => {
    const user = userEvent.setup({ delay: null });
    show(ads);
    const next = screen.getByRole('button', { name: t.home.nextBanner });
    await user.click(next);
    expect(current()).toEqual([2]);
    expect(focusable()).toEqual(['周末返水']);
    await user.click(next);
    await user.click(next);
    expect(current()).toEqual([1]);
    expect(scrolledTo).toEqual([SLIDE_WIDTH, 2 * SLIDE_WIDTH, 0]);
  });

  it('moves back from the first slide to the last', async () => {
    const user = userEvent.setup({ delay: null });
    show(ads);
    await user.click(screen.getByRole('button', { name: t.home.prevBanner }));
    expect(current()).toEqual([3]);
    expect(scrolledTo).toEqual([2 * SLIDE_WIDTH]);
  });

  it('jumps to the slide of a dot', async () => {
    const user = userEvent.setup({ delay: null });
    show(ads);
    await user.click(dot(3));
    expect(current()).toEqual([3]);
    expect(focusable()).toEqual(['好友邀请']);
  });

  it('follows a swipe: the dot of the slide scrolled into view becomes current', () => {
    const { container } = show(ads);
    const track = container.querySelector('.carousel__track')!;
    track.scrollLeft = SLIDE_WIDTH * 2 - 100;
    fireEvent.scroll(track);
    expect(current()).toEqual([3]);
  });

  it('has no buttons for a single ad', () => {
    show(ads.slice(0, 1));
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('reserves its space as a skeleton while loading', () => {
    const { container } = show([], true);
    expect(container.querySelector('.carousel__track')!.classList.contains('skeleton')).toBe(true);
    expect(screen.queryAllByRole('group')).toEqual([]);
  });
});
