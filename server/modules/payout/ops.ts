import { formatStoredPhone, parseStoredPhone } from '../../../src/protocol/member.ts';
import type { Db } from '../../db/db.ts';
import { deleteKyc, markHolderAccountsDeleted, selectKyc, selectMemberIdByPhone } from './repository.ts';

export const KYC_OPS_USAGE = 'kyc reset <phone>';
export type KycOpsResult = { text: string } | { usage: string };

/**
 * `npm run ops -- kyc reset <phone>` (issue 10 §1): clears the member's real-name verification so they can
 * verify again; the payout accounts bound under that name (every kind but usdt) are deleted with it.
 */
export async function kycOps(db: Db, action: string | undefined, rest: string[]): Promise<KycOpsResult> {
  if (action !== 'reset' || rest.length !== 1) return { usage: KYC_OPS_USAGE };
  const { countryCode, number } = parseStoredPhone(rest[0]!);
  if (!/^\d{5,15}$/.test(number)) return { usage: `${KYC_OPS_USAGE} (e.g. 13800138000 or (852)91234567)` };
  const phone = formatStoredPhone(countryCode, number);
  const memberId = await selectMemberIdByPhone(db, phone);
  if (memberId === null) return { text: `no member with phone ${phone}: nothing reset` };
  const result = await db.transaction(async (tx) => {
    const kyc = await selectKyc(tx, memberId);
    if (!kyc) return null;
    const accounts = await markHolderAccountsDeleted(tx, memberId);
    await deleteKyc(tx, memberId);
    return { name: kyc.real_name, accounts };
  });
  if (!result) return { text: `member ${memberId} (${phone}) is not verified: nothing reset` };
  return {
    text: `reset real-name verification of member ${memberId} (${phone}); ${result.accounts} payout account(s) bound under that name deleted`,
  };
}
