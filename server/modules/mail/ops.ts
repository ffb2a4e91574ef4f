import type { Db } from '../../db/db.ts';

// SCAFFOLD (issue 13, replaced by the module's owner): `npm run ops -- mail …`.
export const MAIL_OPS_USAGE = 'mail …';
export type MailOpsResult = { text: string } | { usage: string };

export async function mailOps(_db: Db, _action: string | undefined, _rest: string[]): Promise<MailOpsResult> {
  return { usage: MAIL_OPS_USAGE };
}
