import type { RouteObject } from 'react-router-dom';
import { HELP_TOPICS } from './help-topics.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from '../ui/route-error.tsx';

// Every route of spec §2, each area lazy-loaded as its own chunk. Paths that are not built yet render the
// page chrome with their title (PendingAreaPage) until their own issue lands.

const home = () => import('../features/home/home-page.tsx').then((m) => ({ Component: m.HomePage }));
const maintenance = () =>
  import('../features/other/maintenance-page.tsx').then((m) => ({ Component: m.MaintenancePage }));
const restriction = () =>
  import('../features/other/restriction-page.tsx').then((m) => ({ Component: m.RestrictionPage }));
const notFound = () =>
  import('../features/other/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage }));
/** The auth area is one chunk (src/features/auth/auth-area.ts); the four screens share their form code. */
const auth = (name: 'LoginPage' | 'RegisterPage' | 'PasswordPage' | 'RegisterGuidePage') => () =>
  import('../features/auth/auth-area.ts').then((m) => ({ Component: m[name] }));
const demo = () => import('../features/demo/demo-page.tsx').then((m) => ({ Component: m.DemoPage }));
const pending = () =>
  import('../features/other/pending-area-page.tsx').then((m) => ({ Component: m.PendingAreaPage }));

/** spec §2 paths whose screens later issues build. */
export const PENDING_PATHS = [
  '/customer/main',
  '/customer/instead',
  '/game/chess',
  '/game/egame',
  '/game/gaming',
  '/game/lottery',
  '/game/realbet',
  '/game/sport',
  '/game/fishing',
  '/activity/discount',
  '/activity/friendInvitation',
  '/activity/friendPeakBet',
  '/activity/luckyFlip',
  '/activity/calendar',
  '/mine',
  ...[
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
  ].map((p) => `/mine/${p}`),
  '/download',
  '/download-page',
  '/sponsor/0',
  '/agent',
  '/help/xnbcqkjc',
  ...HELP_TOPICS.map((topic) => `/help/${topic}`),
] as const;

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    children: [
      { index: true, lazy: home },
      { path: 'other/maintenance', lazy: maintenance },
      { path: 'other/restrictionIp', lazy: restriction },
      { path: '404', lazy: notFound },
      { path: 'demo', lazy: demo },
      { path: 'user/login', lazy: auth('LoginPage') },
      { path: 'user/register', lazy: auth('RegisterPage') },
      { path: 'user/password', lazy: auth('PasswordPage') },
      { path: 'registerGuide', lazy: auth('RegisterGuidePage') },
      ...PENDING_PATHS.map((path) => ({ path: path.slice(1), lazy: pending })),
      { path: '*', lazy: notFound },
    ],
  },
];
