import type { Db } from '../../db/db.ts';

// SCAFFOLD (issue 13, replaced by the module's owner): `npm run ops -- feedback …`.
export const FEEDBACK_OPS_USAGE = 'feedback …';
export type FeedbackOpsResult = { text: string } | { usage: string };

export async function feedbackOps(_db: Db, _action: string | undefined, _rest: string[]): Promise<FeedbackOpsResult> {
  return { usage: FEEDBACK_OPS_USAGE };
}
