import type { Db } from '../../db/db.ts';

export const KYC_OPS_USAGE = 'kyc reset <phone>';
export type KycOpsResult = { text: string } | { usage: string };

/** `npm run ops -- kyc reset <phone>` (issue 10 §1). */
export async function kycOps(_db: Db, _action: string | undefined, _rest: string[]): Promise<KycOpsResult> {
  return { usage: KYC_OPS_USAGE };
}
