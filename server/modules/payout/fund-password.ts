import { CODE } from '../../../src/protocol/api.ts';
import {
  FUND_PASSWORD_LOCK_MS,
  FUND_PASSWORD_MAX_TRIES,
  FUND_PASSWORD_PATTERN,
  type FundPasswordStatus,
} from '../../../src/protocol/payout.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { ApiError } from '../../http/envelope.ts';
import { hashPassword, verifyPassword } from '../../security/password.ts';
import { consumeSmsCode, recordWrongSmsAttempt, SmsWrongCode } from '../member/sms.ts';
import { PAYOUT_MESSAGE } from './messages.ts';
import {
  claimFundPasswordTry,
  insertFundPassword,
  replaceFundPassword,
  resetFundPasswordTries,
  selectFundPassword,
  selectMemberPhone,
} from './repository.ts';

// The fund password (issue 10 §3, docs/payout.md "The fund password"): 6 digits, scrypt-hashed; every wrong
// try counts, FUND_PASSWORD_MAX_TRIES of them lock it for FUND_PASSWORD_LOCK_MS. Withdrawing, binding and
// deleting payout accounts ask for it once it is set.

function statusOf(
  row: { wrong_tries: number; locked_until_ms: number | null } | null,
  now: number,
): FundPasswordStatus {
  if (!row) return { set: false, triesLeft: FUND_PASSWORD_MAX_TRIES, lockedUntil: null };
  if (row.locked_until_ms !== null) {
    // A lock that ran out leaves nothing behind: the next try starts the count over.
    if (row.locked_until_ms > now) return { set: true, triesLeft: 0, lockedUntil: row.locked_until_ms };
    return { set: true, triesLeft: FUND_PASSWORD_MAX_TRIES, lockedUntil: null };
  }
  return {
    set: true,
    triesLeft: Math.max(0, FUND_PASSWORD_MAX_TRIES - row.wrong_tries),
    lockedUntil: null,
  };
}

export async function fundPasswordStatus(
  q: Queryable,
  memberId: number,
  now: number = Date.now(),
): Promise<FundPasswordStatus> {
  return statusOf(await selectFundPassword(q, memberId), now);
}

const lockedError = (lockedUntil: number) =>
  new ApiError(CODE.fundPasswordLocked, PAYOUT_MESSAGE.fundPasswordLocked(lockedUntil), 200, { lockedUntil });

/**
 * When the member has a fund password: refuses a missing/wrong one (30042 with data {triesLeft}, counting the
 * try; 30043 with data {lockedUntil} when locked — the try that uses up the last one answers 30043 too). When
 * none is set: `required: true` refuses with 30041, `required: false` passes. A right password resets the count.
 *
 * Transactions: the try is claimed (counted) by one atomic UPDATE *before* the slow hash is checked, so N
 * parallel guesses claim N tries and at most FUND_PASSWORD_MAX_TRIES of them are ever checked. That write must
 * outlive the refusal, so `q` must be the Db itself, not a transaction: call this before (outside) your own
 * transaction. Passing a transaction throws a plain Error (a 5xx in tests, loud on purpose) — on PGlite a
 * nested query would deadlock, and on PostgreSQL the caller's rollback would erase the count.
 * `opts.now` (epoch ms) is for tests.
 */
export async function checkFundPassword(
  q: Queryable,
  memberId: number,
  password: string | undefined,
  opts: { required: boolean; now?: number },
): Promise<void> {
  if (typeof (q as Partial<Db>).transaction !== 'function') {
    throw new Error(
      'checkFundPassword needs the Db, outside any transaction (the wrong-try count must persist)',
    );
  }
  const now = opts.now ?? Date.now();
  const row = await selectFundPassword(q, memberId);
  if (!row) {
    if (opts.required) throw new ApiError(CODE.fundPasswordNotSet, PAYOUT_MESSAGE.fundPasswordNotSet);
    return;
  }
  if (row.locked_until_ms !== null && row.locked_until_ms > now) throw lockedError(row.locked_until_ms);

  const claim = await claimFundPasswordTry(
    q,
    memberId,
    now,
    FUND_PASSWORD_MAX_TRIES,
    now + FUND_PASSWORD_LOCK_MS,
  );
  if (!claim) {
    // Locked by a parallel try between the read and the claim (the row cannot vanish: it is never deleted).
    const again = await selectFundPassword(q, memberId);
    throw lockedError(again?.locked_until_ms ?? now + FUND_PASSWORD_LOCK_MS);
  }
  const right =
    password !== undefined &&
    FUND_PASSWORD_PATTERN.test(password) &&
    (await verifyPassword(password, claim.hash));
  if (right) {
    await resetFundPasswordTries(q, memberId);
    return;
  }
  if (claim.lockedUntil !== null) throw lockedError(claim.lockedUntil);
  const triesLeft = Math.max(0, FUND_PASSWORD_MAX_TRIES - claim.wrongTries);
  throw new ApiError(CODE.fundPasswordWrong, PAYOUT_MESSAGE.fundPasswordWrong(triesLeft), 200, { triesLeft });
}

function checkFormat(password: string): void {
  if (!FUND_PASSWORD_PATTERN.test(password)) {
    throw new ApiError(CODE.validation, PAYOUT_MESSAGE.fundPasswordFormat);
  }
}

/** Sets the first fund password (30044 when one is set: change it with the SMS code). */
export async function setFundPassword(
  db: Db,
  memberId: number,
  password: string,
): Promise<FundPasswordStatus> {
  checkFormat(password);
  if (await selectFundPassword(db, memberId)) {
    throw new ApiError(CODE.fundPasswordAlreadySet, PAYOUT_MESSAGE.fundPasswordAlreadySet);
  }
  const hash = await hashPassword(password);
  // Two parallel sets: the primary key lets one in; the other hears 30044.
  if (!(await insertFundPassword(db, memberId, hash))) {
    throw new ApiError(CODE.fundPasswordAlreadySet, PAYOUT_MESSAGE.fundPasswordAlreadySet);
  }
  return fundPasswordStatus(db, memberId);
}

/**
 * Changes it with the SMS code sent for purpose 'fundPassword' to the member's own phone; the wrong tries and
 * any lock are cleared (the code proved the phone: this is also how a forgotten fund password is replaced).
 * 30041 when none is set yet (set it first), 10409 / 6038 for a wrong or expired code.
 */
export async function changeFundPassword(
  db: Db,
  memberId: number,
  input: { smsCode: string; password: string; now?: number },
): Promise<FundPasswordStatus> {
  checkFormat(input.password);
  if (!(await selectFundPassword(db, memberId))) {
    throw new ApiError(CODE.fundPasswordNotSet, PAYOUT_MESSAGE.fundPasswordNotSet);
  }
  const phone = await selectMemberPhone(db, memberId);
  if (!phone) throw new ApiError(CODE.fundPasswordNotSet, PAYOUT_MESSAGE.fundPasswordNotSet);
  const hash = await hashPassword(input.password);
  try {
    await db.transaction(async (tx) => {
      await consumeSmsCode(tx, {
        phone,
        purpose: 'fundPassword',
        code: input.smsCode,
        ...(input.now === undefined ? {} : { now: input.now }),
      });
      await replaceFundPassword(tx, memberId, hash);
    });
  } catch (err) {
    // The wrong code counts against the code, after the transaction rolled back.
    if (err instanceof SmsWrongCode) await recordWrongSmsAttempt(db, err.smsId);
    throw err;
  }
  return fundPasswordStatus(db, memberId);
}
