import type { Db } from '../../db/db.ts';

export const WITHDRAWAL_OPS_USAGE = 'withdrawal list [count] | withdrawal approve|reject|pay <id> [reason]';
export type WithdrawalOpsResult = { text: string } | { usage: string };

/** `npm run ops -- withdrawal list|approve|reject|pay <id> [reason]` (issue 10 §3). */
export async function withdrawalOps(
  _db: Db,
  _action: string | undefined,
  _rest: string[],
): Promise<WithdrawalOpsResult> {
  return { usage: WITHDRAWAL_OPS_USAGE };
}
