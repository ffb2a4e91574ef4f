import type { HomeContent, HomeLoad } from '../../../machines/home/home-content.machine.ts';
import { fetchPopInfo } from '../../api/act/pop-info.ts';
import { fetchStationAds } from '../../api/act/station-ads.ts';
import { fetchSuspensionIcons } from '../../api/act/suspension-icon.ts';
import { fetchJackpotPool } from '../../api/game/home-jackpot.ts';
import { fetchPlatformCounts } from '../../api/game/platform-count.ts';
import { fetchHotGames, fetchRecentWins } from '../../api/game/showcase.ts';
import { fetchNoticeList } from '../../api/site/notice-list.ts';
import { isMobileDevice, localDay } from '../../platform/page.ts';
import { DISPLAY_EQUIPMENT, NOTICE_CATEGORY } from '../../protocol/site.ts';

/**
 * The home page's content (issue 8 §1; issue 19 §2): each call may fail alone (its part stays empty); all failing
 * is a failure.
 */
export async function loadHome(): Promise<HomeLoad> {
  const equipment = isMobileDevice() ? DISPLAY_EQUIPMENT.h5 : DISPLAY_EQUIPMENT.web;
  const [notices, ads, icons, pop, counts, hot, wins, jackpot] = await Promise.allSettled([
    fetchNoticeList(NOTICE_CATEGORY.marquee),
    fetchStationAds(),
    fetchSuspensionIcons(equipment),
    fetchPopInfo(),
    fetchPlatformCounts(),
    fetchHotGames(),
    fetchRecentWins(),
    fetchJackpotPool(),
  ]);
  const settled = [notices, ads, icons, pop, counts, hot, wins, jackpot];
  if (settled.every((r) => r.status === 'rejected')) throw (notices as PromiseRejectedResult).reason;
  const value = <T>(r: PromiseSettledResult<T>, fallback: T) =>
    r.status === 'fulfilled' ? r.value : fallback;
  const content: HomeContent = {
    notices: value(notices, []),
    ads: value(ads, []),
    icons: value(icons, []),
    pop: value(pop, null),
    counts: value(counts, null),
    hot: hot.status === 'fulfilled' ? hot.value.games : null,
    wins: wins.status === 'fulfilled' ? wins.value.wins : null,
    jackpot: value(jackpot, null),
  };
  return { content, today: localDay() };
}
