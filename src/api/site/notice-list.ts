// Notices of one category: marquee or announcement (spec §7 queryNoticeList).
import type { Notice } from '../../protocol/site.ts';
import { apiPost, type ApiCallConfig } from '../client.ts';

export const NOTICE_LIST_PATH = '/site/api/v1/advertising/queryNoticeList';

/** `category` is one of NOTICE_CATEGORY (protocol/site.ts). */
export function fetchNoticeList(category: number, config?: ApiCallConfig): Promise<Notice[]> {
  return apiPost<Notice[]>(NOTICE_LIST_PATH, { category }, config);
}
