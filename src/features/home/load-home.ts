import type { HomeContent, HomeLoad, HomeShowcase } from '../../../machines/home/home-content.machine.ts';
import { fetchPopInfo } from '../../api/act/pop-info.ts';
import { fetchStationAds } from '../../api/act/station-ads.ts';
import { fetchSuspensionIcons } from '../../api/act/suspension-icon.ts';
import { fetchJackpotPool } from '../../api/game/home-jackpot.ts';
import { fetchPlatformCounts } from '../../api/game/platform-count.ts';
import { fetchHotGames, fetchRecentWins } from '../../api/game/showcase.ts';
import { fetchNoticeList } from '../../api/site/notice-list.ts';
import { isMobileDevice, localDay } from '../../platform/page.ts';
import { DISPLAY_EQUIPMENT, NOTICE_CATEGORY } from '../../protocol/site.ts';

const value = <T>(r: PromiseSettledResult<T>, fallback: T) => (r.status === 'fulfilled' ? r.value : fallback);

/** The home page's content (issue 8 §1): each call may fail alone (its part stays empty); all failing is a failure. */
export async function loadHome(): Promise<HomeLoad> {
  const equipment = isMobileDevice() ? DISPLAY_EQUIPMENT.h5 : DISPLAY_EQUIPMENT.web;
  const [notices, ads, icons, pop, counts] = await Promise.allSettled([
    fetchNoticeList(NOTICE_CATEGORY.marquee),
    fetchStationAds(),
    fetchSuspensionIcons(equipment),
    fetchPopInfo(),
    fetchPlatformCounts(),
  ]);
  const settled = [notices, ads, icons, pop, counts];
  if (settled.every((r) => r.status === 'rejected')) throw (notices as PromiseRejectedResult).reason;
  const content: HomeContent = {
    notices: value(notices, []),
    ads: value(ads, []),
    icons: value(icons, []),
    pop: value(pop, null),
    counts: value(counts, null),
  };
  return { content, today: localDay() };
}

/** Resolves at the browser's next idle moment (at most IDLE_WAIT_MS away; at once without requestIdleCallback). */
const IDLE_WAIT_MS = 1_000;
function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: IDLE_WAIT_MS });
    else resolve();
  });
}

/**
 * issue 19 §2's showcase, asked for once the content is shown (the banner and the pop-up never wait for it): the
 * hot games, the recent wins and the jackpot pool, each null when its call failed. Never rejects.
 */
export async function loadShowcase(): Promise<HomeShowcase> {
  // After the first paint has settled: its calls and pictures never compete with the banner's and the pop-up's
  // (Lighthouse on /: the pop-up's picture is the page's largest paint).
  await whenIdle();
  const [hot, wins, jackpot] = await Promise.allSettled([
    fetchHotGames(),
    fetchRecentWins(),
    fetchJackpotPool(),
  ]);
  return {
    hot: hot.status === 'fulfilled' ? hot.value.games : null,
    wins: wins.status === 'fulfilled' ? wins.value.wins : null,
    jackpot: value(jackpot, null),
  };
}
