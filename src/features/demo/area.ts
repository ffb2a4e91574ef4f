import type { AreaModule } from '../../app/area-module.ts';
import { DemoPage } from './demo-page.tsx';

// spec §2 /demo: every kind of dialog, through the shell's modal host.
export const area: AreaModule = { pages: { '/demo': DemoPage } };
