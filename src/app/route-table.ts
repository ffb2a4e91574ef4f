import type { Access, OnlyWhen } from '../../machines/navigation-policy.ts';
import { EMBEDDED_VENUE_PAGES } from '../protocol/venues.ts';
import { HELP_TOPICS } from './help-topics.ts';

// Every route of spec §2 with its access and the area that serves it (issue 8 §1, §2). The area registry
// (areas.ts) turns this table into the router's routes; the checks of issue 8 §5 walk it.

export type { Access, OnlyWhen };

export interface RouteEntry {
  /** The path as the player types it (spec §2). */
  path: string;
  /** Who may see it (machines/navigation-policy.ts decides from it). */
  access: Access;
  /** The area (src/features/<area>/) whose page renders it. */
  area: string;
  onlyWhen?: OnlyWhen;
}

const MINE_PAGES = [
  'audit',
  'userInfo',
  'mail',
  'feedback',
  'vip',
  'vip/details',
  'record/transRecord',
  'record/betRecord',
  'record/giftRecord',
  'record/welfare',
  'currency',
  'mall/record',
  'mall/coinRecord',
  'record/currencyRecord',
  'finance/wallet',
  'finance/deposit',
  'finance/transfer',
  'finance/withdrawal',
  'addBankCard',
  'virtualCoinCard',
  'finance/introTutorial',
  'finance/introTutorial/platformTutorials',
  'balance',
  'rebate',
  'infoAudit',
  'userInfo/authentication',
  'userInfo/authentication/bindBankCard',
  // spec §2 payment accounts: add / list of each kind
  'addEBpayCard',
  'ebpayAcount',
  'addKOIpayCard',
  'koipayAcount',
  'addAlipayCard',
  'alipayAcount',
  'addSharelifeCard',
  'sharelifeAcount',
  'addwechatCard',
  'wechatAcount',
  'addDigitalCard',
  'digitalAcount',
] as const;

/** The payout area's /mine pages (issue 10): verification, payout accounts, withdrawals. */
const PAYOUT_PAGES: ReadonlySet<string> = new Set([
  'finance/withdrawal',
  'addBankCard',
  'virtualCoinCard',
  'userInfo/authentication',
  'userInfo/authentication/bindBankCard',
  'addEBpayCard',
  'ebpayAcount',
  'addKOIpayCard',
  'koipayAcount',
  'addAlipayCard',
  'alipayAcount',
  'addSharelifeCard',
  'sharelifeAcount',
  'addwechatCard',
  'wechatAcount',
  'addDigitalCard',
  'digitalAcount',
]);

/** The member centre's /mine pages (issue 13), by the area that serves them; the rest of /mine is 'mine'. */
const MEMBER_CENTRE_AREA: Readonly<Record<string, string>> = {
  vip: 'vip',
  'vip/details': 'vip',
  'record/giftRecord': 'vip',
  rebate: 'rebate',
  audit: 'rebate',
  infoAudit: 'rebate',
  currency: 'mall',
  'mall/record': 'mall',
  'mall/coinRecord': 'mall',
  'record/currencyRecord': 'mall',
  'record/welfare': 'mall',
  mail: 'mail',
  feedback: 'mail',
};

const pub = (path: string, area: string, onlyWhen?: OnlyWhen): RouteEntry =>
  onlyWhen ? { path, access: 'public', area, onlyWhen } : { path, access: 'public', area };

/** spec §2, every path. */
export const ROUTE_TABLE: ReadonlyArray<RouteEntry> = [
  pub('/other/maintenance', 'other', 'maintenance'),
  pub('/other/restrictionIp', 'other', 'restricted'),
  pub('/404', 'other'),
  { path: '/user/login', access: 'guestOnly', area: 'auth' },
  { path: '/user/register', access: 'guestOnly', area: 'auth' },
  pub('/user/password', 'auth'),
  pub('/registerGuide', 'auth'),
  pub('/', 'home'),
  pub('/demo', 'demo'),
  pub('/customer/main', 'customer'),
  pub('/customer/instead', 'customer'),
  ...['chess', 'egame', 'gaming', 'lottery', 'realbet', 'sport', 'fishing'].map((g) =>
    pub(`/game/${g}`, 'venues'),
  ),
  ...['discount', 'friendInvitation', 'friendPeakBet', 'luckyFlip', 'calendar'].map((a) =>
    pub(`/activity/${a}`, 'activity'),
  ),
  { path: '/mine', access: 'member', area: 'mine' },
  ...MINE_PAGES.map((p): RouteEntry => ({
    path: `/mine/${p}`,
    access: 'member',
    area: PAYOUT_PAGES.has(p)
      ? 'payout'
      : p.startsWith('finance/') || p === 'balance' || p === 'record/transRecord'
        ? 'wallet'
        : p === 'record/betRecord'
          ? 'venues'
          : (MEMBER_CENTRE_AREA[p] ?? 'mine'),
  })),
  pub('/download', 'download'),
  pub('/download-page', 'download'),
  pub('/sponsor/0', 'sponsor'),
  pub('/agent', 'agent'),
  pub('/help/xnbcqkjc', 'payout'),
  ...HELP_TOPICS.map((topic) => pub(`/help/${topic}`, 'help')),
];

/**
 * The honest map of what is left (issue 8 §5): spec §2 paths whose page is still the under-construction
 * screen. Each later issue removes its rows; a test fails when a listed path has a real page, or an unlisted
 * path shows the under-construction screen.
 */
export const NOT_YET_BUILT: ReadonlyArray<string> = [
  '/customer/main',
  '/customer/instead',
  '/activity/discount',
  '/activity/friendInvitation',
  '/activity/friendPeakBet',
  '/activity/luckyFlip',
  '/activity/calendar',
  '/download',
  '/download-page',
  '/sponsor/0',
  '/agent',
  '/help/about',
  '/help/terms',
  '/help/privacy',
  '/help/responsible',
  '/help/register',
  '/help/login',
  '/help/password',
  '/help/security',
  '/help/deposit',
  '/help/withdrawal',
  '/help/transfer',
  '/help/bankcard',
  '/help/wallet',
  '/help/vip',
  '/help/rebate',
  '/help/activity',
  '/help/agent',
  '/help/sport',
  '/help/lottery',
  '/help/realbet',
  '/help/egame',
  '/help/chess',
  '/help/fishing',
  '/help/contact',
];

/**
 * The embedded venue pages (issue 11 §2; spec §2 names them in its session-error rule: `sport/V188?url=`,
 * `sport/im?url=`...): full-screen pages of the venues area framing a launched venue. They are not among the
 * screens of spec §2's table, so they are not in ROUTE_TABLE (whose checks count that table's paths); the router
 * mounts them beside it (MOUNTED_ROUTES). A member page: a visitor logs in first and comes back.
 */
export const EMBEDDED_ROUTES: ReadonlyArray<RouteEntry> = EMBEDDED_VENUE_PAGES.map((p): RouteEntry => ({
  path: p.path,
  access: 'member',
  area: 'venues',
}));

/** Every route the router mounts: the spec §2 table and the embedded venue pages. */
export const MOUNTED_ROUTES: ReadonlyArray<RouteEntry> = [...ROUTE_TABLE, ...EMBEDDED_ROUTES];

/** The route of a path, when spec §2 has one. */
export function routeOf(path: string): RouteEntry | undefined {
  return ROUTE_TABLE.find((r) => r.path === path);
}
