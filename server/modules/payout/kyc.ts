import { CODE } from '../../../src/protocol/api.ts';
import {
  checkIdNumber,
  chinaToday,
  isValidRealName,
  maskIdNumber,
  normaliseRealName,
} from '../../../src/protocol/payout-rules.ts';
import type { KycStatus, KycVerifyRequest } from '../../../src/protocol/payout.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { ApiError } from '../../http/envelope.ts';
import { hmacSha256 } from '../../security/hmac.ts';
import { PAYOUT_MESSAGE } from './messages.ts';
import { insertKyc, isUniqueViolation, selectKyc } from './repository.ts';

// Real-name verification (issue 10 §1, docs/payout.md "Real name").

export async function kycStatus(q: Queryable, memberId: number): Promise<KycStatus> {
  const row = await selectKyc(q, memberId);
  if (!row) return { verified: false, realName: null, idMasked: null, verifiedAt: null };
  return {
    verified: true,
    realName: row.real_name,
    idMasked: row.id_masked,
    verifiedAt: new Date(row.verified_at).toISOString(),
  };
}

/** The key the ID numbers are hashed under: derived from the server secret, never stored. */
export function kycIdKey(secret: string): Buffer {
  return hmacSha256(secret, 'kyc:id');
}

/** The keyed hash that makes an ID number unique on the site without keeping it (hex). */
export function idNumberHash(secret: string, id: string): string {
  return hmacSha256(kycIdKey(secret), id).toString('hex');
}

/**
 * Verifies the member's real name once (issue 10 §1): 30022 when verified already, 30023 for a name or ID
 * number that fails the rules, 30024 under 18, 30025 when the ID is verified on another account. `now` is for
 * tests (age and the birth date are counted on China's date).
 */
export async function verifyKyc(
  db: Db,
  secret: string,
  memberId: number,
  input: KycVerifyRequest,
  now: number = Date.now(),
): Promise<KycStatus> {
  if (await selectKyc(db, memberId)) {
    throw new ApiError(CODE.kycAlreadyVerified, PAYOUT_MESSAGE.kycAlreadyVerified);
  }
  const realName = normaliseRealName(input.realName);
  if (!isValidRealName(realName)) throw new ApiError(CODE.kycInvalid, PAYOUT_MESSAGE.kycNameInvalid);
  const id = checkIdNumber(input.idNumber, chinaToday(now));
  if (!id.ok) {
    if (id.reason === 'underAge') throw new ApiError(CODE.kycUnderAge, PAYOUT_MESSAGE.kycUnderAge);
    throw new ApiError(CODE.kycInvalid, PAYOUT_MESSAGE.kycIdInvalid);
  }
  let inserted: boolean;
  try {
    inserted = await insertKyc(db, {
      memberId,
      realName,
      idHash: idNumberHash(secret, id.id),
      idMasked: maskIdNumber(id.id),
    });
  } catch (err) {
    // The unique index on id_hash decides between parallel verifications of one ID (no read-then-write).
    if (isUniqueViolation(err)) throw new ApiError(CODE.kycTaken, PAYOUT_MESSAGE.kycTaken);
    throw err;
  }
  // A parallel verification of the same member got in first.
  if (!inserted) throw new ApiError(CODE.kycAlreadyVerified, PAYOUT_MESSAGE.kycAlreadyVerified);
  return kycStatus(db, memberId);
}
