import type { HomeContent, HomeLoad } from '../../../machines/home/home-content.machine.ts';
import { fetchPopInfo } from '../../api/act/pop-info.ts';
import { fetchStationAds } from '../../api/act/station-ads.ts';
import { fetchSuspensionIcons } from '../../api/act/suspension-icon.ts';
import { fetchPlatformCounts } from '../../api/game/platform-count.ts';
import { fetchNoticeList } from '../../api/site/notice-list.ts';
import { isMobileDevice, localDay } from '../../platform/page.ts';
import { DISPLAY_EQUIPMENT, NOTICE_CATEGORY } from '../../protocol/site.ts';

/** The home page's content: each call may fail alone (its part stays empty); all failing is a failure. */
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
  const value = <T>(r: PromiseSettledResult<T>, fallback: T) =>
    r.status === 'fulfilled' ? r.value : fallback;
  const content: HomeContent = {
    notices: value(notices, []),
    ads: value(ads, []),
    icons: value(icons, []),
    pop: value(pop, null),
    counts: value(counts, null),
  };
  return { content, today: localDay() };
}
