import type { Db } from '../../db/db.ts';

// SCAFFOLD (issue 13, replaced by the module's owner): `npm run ops -- mall …`.
export const MALL_OPS_USAGE = 'mall …';
export type MallOpsResult = { text: string } | { usage: string };

export async function mallOps(_db: Db, _action: string | undefined, _rest: string[]): Promise<MallOpsResult> {
  return { usage: MALL_OPS_USAGE };
}
