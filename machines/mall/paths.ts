import type { RecordsWhich } from './records.machine.ts';

// The mall area's pages (spec §2; issue 13 §6) and which flow each runs.
export const MALL_PAGE_PATHS = {
  currency: '/mine/currency',
  record: '/mine/mall/record',
  coinRecord: '/mine/mall/coinRecord',
  currencyRecord: '/mine/record/currencyRecord',
  welfare: '/mine/record/welfare',
} as const;

export const RECORDS_OF: Readonly<Record<string, RecordsWhich>> = {
  [MALL_PAGE_PATHS.record]: 'records',
  [MALL_PAGE_PATHS.coinRecord]: 'coinRecords',
  [MALL_PAGE_PATHS.currencyRecord]: 'currencyRecords',
  [MALL_PAGE_PATHS.welfare]: 'welfareRecords',
};
