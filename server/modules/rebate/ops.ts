import type { Db } from '../../db/db.ts';

// SCAFFOLD (issue 13, replaced by the module's owner): `npm run ops -- rebate …`.
export const REBATE_OPS_USAGE = 'rebate …';
export type RebateOpsResult = { text: string } | { usage: string };

export async function rebateOps(_db: Db, _action: string | undefined, _rest: string[]): Promise<RebateOpsResult> {
  return { usage: REBATE_OPS_USAGE };
}
