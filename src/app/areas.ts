import type { AreaModule } from './area-module.ts';

// The area registry (issue 8 §1): one line an area, its entry module loaded lazily (its own chunk). Which
// routes belong to an area is said by the route table (route-table.ts). An area of the route table without a
// line here is not built yet: its routes show the under-construction page.
export const AREAS: Readonly<Record<string, () => Promise<{ area: AreaModule }>>> = {
  home: () => import('../features/home/area.ts'),
  auth: () => import('../features/auth/area.ts'),
  other: () => import('../features/other/area.ts'),
  demo: () => import('../features/demo/area.ts'),
  wallet: () => import('../features/wallet/area.ts'),
  payout: () => import('../features/payout/area.ts'),
  venues: () => import('../features/venues/area.ts'),
  mine: () => import('../features/mine/area.ts'),
  vip: () => import('../features/vip/area.ts'),
  rebate: () => import('../features/rebate/area.ts'),
  mall: () => import('../features/mall/area.ts'),
  mail: () => import('../features/mail/area.ts'),
};
