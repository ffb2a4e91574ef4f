import type { Db } from '../../db/db.ts';

// SCAFFOLD (issue 13, replaced by the module's owner): `npm run ops -- vip …`.
export const VIP_OPS_USAGE = 'vip …';
export type VipOpsResult = { text: string } | { usage: string };

export async function vipOps(_db: Db, _action: string | undefined, _rest: string[]): Promise<VipOpsResult> {
  return { usage: VIP_OPS_USAGE };
}
