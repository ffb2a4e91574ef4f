import { CODE } from '../../../src/protocol/api.ts';
import { BANKS, checkPayoutAccount, type AccountField } from '../../../src/protocol/payout-rules.ts';
import {
  PAYOUT_ACCOUNT_LIMIT,
  type AddPayoutAccountRequest,
  type DeletePayoutAccountRequest,
  type PayoutAccount,
  type PayoutAccountList,
  type PayoutKind,
} from '../../../src/protocol/payout.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { ApiError } from '../../http/envelope.ts';
import { hmacSha256 } from '../../security/hmac.ts';
import { checkFundPassword } from './fund-password.ts';
import { FIELD_NAME, KIND_NAME, PAYOUT_MESSAGE } from './messages.ts';
import {
  countAccounts,
  insertAccount,
  isUniqueViolation,
  lockMember,
  markAccountDeleted,
  selectAccount,
  selectAccounts,
  selectFundPassword,
  selectKyc,
  type AccountRow,
} from './repository.ts';

// Payout accounts (issue 10 §2, docs/payout.md "Payout accounts").

const ID_PATTERN = /^[1-9]\d{0,17}$/;

export function toPayoutAccount(r: AccountRow): PayoutAccount {
  return {
    id: r.id,
    kind: r.kind,
    masked: r.masked,
    holder: r.holder,
    bankCode: r.bank_code,
    bankName: r.bank_code ? (BANKS.find((b) => b.code === r.bank_code)?.name ?? r.bank_code) : null,
    province: r.province,
    city: r.city,
    branch: r.branch,
    network: r.network,
    label: r.label,
    hasQr: r.has_qr,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/** The member's live (not deleted) account with that id, or null. */
export async function findPayoutAccount(
  q: Queryable,
  memberId: number,
  id: string,
): Promise<PayoutAccount | null> {
  if (!ID_PATTERN.test(id)) return null;
  const row = await selectAccount(q, memberId, id);
  return row ? toPayoutAccount(row) : null;
}

/**
 * For the payout itself (withdrawals, operators): the account with its full number/address, deleted or not
 * (a withdrawal keeps pointing at the account it was made to). Never answer `account` to the site.
 */
export async function payoutAccountForPayout(
  q: Queryable,
  memberId: number,
  id: string,
): Promise<(PayoutAccount & { account: string; deleted: boolean }) | null> {
  if (!ID_PATTERN.test(id)) return null;
  const row = await selectAccount(q, memberId, id, true);
  return row
    ? { ...toPayoutAccount(row), account: row.account_full, deleted: row.deleted_at !== null }
    : null;
}

/** The key account numbers are hashed under for the unique indexes: derived from the server secret. */
export function accountKey(secret: string): Buffer {
  return hmacSha256(secret, 'payout:account');
}

export function accountHash(secret: string, kind: PayoutKind, account: string): string {
  return hmacSha256(accountKey(secret), `${kind}:${account}`).toString('hex');
}

export async function listPayoutAccounts(q: Queryable, memberId: number): Promise<PayoutAccountList> {
  const [rows, kyc, fund] = [
    await selectAccounts(q, memberId),
    await selectKyc(q, memberId),
    await selectFundPassword(q, memberId),
  ];
  return {
    accounts: rows.map(toPayoutAccount),
    limits: { ...PAYOUT_ACCOUNT_LIMIT },
    kycVerified: kyc !== null,
    fundPasswordSet: fund !== null,
  };
}

const FIELD_MESSAGE: Record<AccountField, (kind: PayoutKind) => string> = {
  account: (kind) =>
    ({
      bank: FIELD_NAME.card,
      alipay: FIELD_NAME.alipay,
      wechat: FIELD_NAME.wechat,
      ebpay: FIELD_NAME.ebpay,
      koipay: FIELD_NAME.koipay,
      sharelife: FIELD_NAME.sharelife,
      digital: FIELD_NAME.digital,
      usdt: FIELD_NAME.trc20,
    })[kind],
  bankCode: () => FIELD_NAME.bankCode,
  region: () => FIELD_NAME.region,
  branch: () => FIELD_NAME.branch,
  network: () => FIELD_NAME.network,
  label: () => FIELD_NAME.label,
  qrImage: () => FIELD_NAME.qr,
};

function invalid(kind: PayoutKind, field: AccountField, network?: string): ApiError {
  const what =
    kind === 'usdt' && field === 'account' && network === 'ERC20'
      ? FIELD_NAME.erc20
      : FIELD_MESSAGE[field](kind);
  return new ApiError(CODE.payoutAccountInvalid, PAYOUT_MESSAGE.accountInvalid(what), 200, { field });
}

/**
 * Binds an account (issue 10 §2): 30031 (data {field}) when it fails its kind's rules, 30021 without real-name
 * verification (every kind but usdt), the fund password once it is set (30042/30043), 30032 at the kind's
 * limit, 30033 when the card is bound anywhere on the site or the member has that account already.
 */
export async function addPayoutAccount(
  db: Db,
  secret: string,
  memberId: number,
  req: AddPayoutAccountRequest,
): Promise<PayoutAccount> {
  const checked = checkPayoutAccount(req);
  if (!checked.ok) throw invalid(req.kind, checked.field, req.network);
  const a = checked.value;
  let holder: string | null = null;
  if (a.kind !== 'usdt') {
    const kyc = await selectKyc(db, memberId);
    if (!kyc) throw new ApiError(CODE.kycRequired, PAYOUT_MESSAGE.kycRequired);
    holder = kyc.real_name;
  }
  // Before the transaction: a wrong try must stay counted (fund-password.ts).
  await checkFundPassword(db, memberId, req.fundPassword, { required: false });
  const limit = PAYOUT_ACCOUNT_LIMIT[a.kind];
  try {
    const row = await db.transaction(async (tx) => {
      await lockMember(tx, memberId);
      if ((await countAccounts(tx, memberId, a.kind)) >= limit) {
        throw new ApiError(
          CODE.payoutAccountLimit,
          PAYOUT_MESSAGE.accountLimit(KIND_NAME[a.kind], limit),
          200,
          {
            limit,
          },
        );
      }
      return insertAccount(tx, {
        memberId,
        kind: a.kind,
        accountFull: a.account,
        accountHash: accountHash(secret, a.kind, a.account),
        masked: a.masked,
        holder,
        bankCode: a.bankCode,
        province: a.province,
        city: a.city,
        branch: a.branch,
        network: a.network,
        label: a.label,
        qrImage: a.qrImage,
      });
    });
    return toPayoutAccount(row);
  } catch (err) {
    // The unique indexes decide, not a read-then-write: parallel binds of one card let exactly one in.
    if (isUniqueViolation(err, 'payout_accounts_card_key')) {
      throw new ApiError(CODE.payoutAccountTaken, PAYOUT_MESSAGE.cardTaken);
    }
    if (isUniqueViolation(err)) throw new ApiError(CODE.payoutAccountTaken, PAYOUT_MESSAGE.accountTaken);
    throw err;
  }
}

/** Deletes (marks) one of the member's accounts; the fund password once it is set. 30034 when not theirs. */
export async function deletePayoutAccount(
  db: Db,
  memberId: number,
  req: DeletePayoutAccountRequest,
): Promise<{ id: string }> {
  if (!(await findPayoutAccount(db, memberId, req.id))) {
    throw new ApiError(CODE.payoutAccountNotFound, PAYOUT_MESSAGE.accountNotFound);
  }
  await checkFundPassword(db, memberId, req.fundPassword, { required: false });
  if (!(await markAccountDeleted(db, memberId, req.id))) {
    throw new ApiError(CODE.payoutAccountNotFound, PAYOUT_MESSAGE.accountNotFound);
  }
  return { id: req.id };
}
