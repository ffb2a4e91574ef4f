import type { AreaModule } from '../../app/area-module.ts';

// SCAFFOLD (issue 13, replaced by the area's owner): no page yet.
export const area: AreaModule = { pages: {} };
