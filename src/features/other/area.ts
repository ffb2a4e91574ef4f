import type { AreaModule } from '../../app/area-module.ts';
import { MaintenancePage } from './maintenance-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RestrictionPage } from './restriction-page.tsx';

// The site's own screens (spec §2): maintenance, access restriction, not found. The site gate is their state.
export const area: AreaModule = {
  pages: {
    '/other/maintenance': MaintenancePage,
    '/other/restrictionIp': RestrictionPage,
    '/404': NotFoundPage,
  },
};
