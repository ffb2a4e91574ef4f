import { depositWarningMachine } from '../../../machines/wallet/deposit-warning.machine.ts';
import type { AreaModule } from '../../app/area-module.ts';

// The wallet area (spec §2 /mine/finance/*, /mine/balance). Its pages come with the money issues (they are in
// NOT_YET_BUILT); its actor already carries the deposit-safety warning rule (issue 5 §1, spec §2).
export const area: AreaModule = {
  pages: {},
  actor: { logic: depositWarningMachine, input: (path) => ({ path }) },
};
