import type { Queryable } from '../../db/db.ts';
import type { PayoutKind, UsdtNetwork } from '../../../src/protocol/payout.ts';

// SQL of the payout area (migration 011): real-name verification, the fund password, payout accounts.

/** PostgreSQL's unique_violation. */
export const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e.code !== UNIQUE_VIOLATION) return false;
  if (!constraint) return true;
  // pg names the constraint; PGlite may only put it in the message.
  return e.constraint === constraint || (typeof e.message === 'string' && e.message.includes(constraint));
}

// ——— Real-name verification ———

export interface KycRow {
  real_name: string;
  id_masked: string;
  verified_at: Date;
}

export async function selectKyc(q: Queryable, memberId: number): Promise<KycRow | null> {
  const r = await q.query<KycRow>(
    'SELECT real_name, id_masked, verified_at FROM kyc_verifications WHERE member_id = $1',
    [memberId],
  );
  return r.rows[0] ?? null;
}

/** Inserts the verification; answers false when the member is verified already. A taken ID throws 23505. */
export async function insertKyc(
  q: Queryable,
  row: { memberId: number; realName: string; idHash: string; idMasked: string },
): Promise<boolean> {
  const r = await q.query(
    `INSERT INTO kyc_verifications (member_id, real_name, id_hash, id_masked) VALUES ($1, $2, $3, $4)
     ON CONFLICT (member_id) DO NOTHING`,
    [row.memberId, row.realName, row.idHash, row.idMasked],
  );
  return r.rowCount > 0;
}

export async function deleteKyc(q: Queryable, memberId: number): Promise<boolean> {
  const r = await q.query('DELETE FROM kyc_verifications WHERE member_id = $1', [memberId]);
  return r.rowCount > 0;
}

export async function selectMemberIdByPhone(q: Queryable, phone: string): Promise<number | null> {
  const r = await q.query<{ id: number | string }>('SELECT id FROM members WHERE phone = $1', [phone]);
  return r.rows[0] ? Number(r.rows[0].id) : null;
}

export async function selectMemberPhone(q: Queryable, memberId: number): Promise<string | null> {
  const r = await q.query<{ phone: string }>('SELECT phone FROM members WHERE id = $1', [memberId]);
  return r.rows[0]?.phone ?? null;
}

/** Serialises one member's payout-account changes (the per-kind limit is a count, then an insert). */
export async function lockMember(q: Queryable, memberId: number): Promise<void> {
  await q.query('SELECT id FROM members WHERE id = $1 FOR UPDATE', [memberId]);
}

// ——— The fund password ———

export interface FundPasswordRow {
  password_hash: string;
  wrong_tries: number;
  locked_until_ms: number | null;
}

export async function selectFundPassword(q: Queryable, memberId: number): Promise<FundPasswordRow | null> {
  const r = await q.query<{
    password_hash: string;
    wrong_tries: number;
    locked_until_ms: string | number | null;
  }>('SELECT password_hash, wrong_tries, locked_until_ms FROM fund_passwords WHERE member_id = $1', [
    memberId,
  ]);
  const row = r.rows[0];
  if (!row) return null;
  return {
    password_hash: row.password_hash,
    wrong_tries: Number(row.wrong_tries),
    locked_until_ms: row.locked_until_ms === null ? null : Number(row.locked_until_ms),
  };
}

/** Answers false when one is set already. */
export async function insertFundPassword(q: Queryable, memberId: number, hash: string): Promise<boolean> {
  const r = await q.query(
    `INSERT INTO fund_passwords (member_id, password_hash) VALUES ($1, $2) ON CONFLICT (member_id) DO NOTHING`,
    [memberId, hash],
  );
  return r.rowCount > 0;
}

/** Replaces it and clears the wrong tries and the lock (the SMS code proved the phone). False when none. */
export async function replaceFundPassword(q: Queryable, memberId: number, hash: string): Promise<boolean> {
  const r = await q.query(
    `UPDATE fund_passwords SET password_hash = $2, wrong_tries = 0, locked_until_ms = NULL, updated_at = now()
     WHERE member_id = $1`,
    [memberId, hash],
  );
  return r.rowCount > 0;
}

/**
 * Claims one try, atomically, before the password is checked: when the row is not locked at `now`, adds one
 * wrong try (starting over from 1 when an old lock has run out) and locks until `lockUntil` when that try
 * is the last. Answers the row after the claim, or null when it is locked (nothing claimed) or missing.
 */
export async function claimFundPasswordTry(
  q: Queryable,
  memberId: number,
  now: number,
  maxTries: number,
  lockUntil: number,
): Promise<{ wrongTries: number; lockedUntil: number | null; hash: string } | null> {
  const r = await q.query<{
    wrong_tries: number;
    locked_until_ms: string | number | null;
    password_hash: string;
  }>(
    `UPDATE fund_passwords SET
       wrong_tries = CASE WHEN locked_until_ms IS NOT NULL THEN 1 ELSE wrong_tries + 1 END,
       locked_until_ms = CASE
         WHEN (CASE WHEN locked_until_ms IS NOT NULL THEN 1 ELSE wrong_tries + 1 END) >= $3 THEN $4::bigint
         ELSE NULL END,
       updated_at = now()
     WHERE member_id = $1 AND (locked_until_ms IS NULL OR locked_until_ms <= $2::bigint)
     RETURNING wrong_tries, locked_until_ms, password_hash`,
    [memberId, now, maxTries, lockUntil],
  );
  const row = r.rows[0];
  if (!row) return null;
  return {
    wrongTries: Number(row.wrong_tries),
    lockedUntil: row.locked_until_ms === null ? null : Number(row.locked_until_ms),
    hash: row.password_hash,
  };
}

/** A right password: the count starts over and any lock its own claim set is lifted. */
export async function resetFundPasswordTries(q: Queryable, memberId: number): Promise<void> {
  await q.query(
    `UPDATE fund_passwords SET wrong_tries = 0, locked_until_ms = NULL, updated_at = now() WHERE member_id = $1`,
    [memberId],
  );
}

// ——— Payout accounts ———

export interface AccountRow {
  id: string;
  kind: PayoutKind;
  account_full: string;
  masked: string;
  holder: string | null;
  bank_code: string | null;
  province: string | null;
  city: string | null;
  branch: string | null;
  network: UsdtNetwork | null;
  label: string | null;
  has_qr: boolean;
  created_at: Date;
  deleted_at: Date | null;
}

const ACCOUNT_COLUMNS = `id::text AS id, kind, account_full, masked, holder, bank_code, province, city, branch,
  network, label, (qr_image IS NOT NULL) AS has_qr, created_at, deleted_at`;

export async function selectAccounts(q: Queryable, memberId: number): Promise<AccountRow[]> {
  const r = await q.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM payout_accounts WHERE member_id = $1 AND deleted_at IS NULL
     ORDER BY id`,
    [memberId],
  );
  return r.rows;
}

export async function selectAccount(
  q: Queryable,
  memberId: number,
  id: string,
  includeDeleted = false,
): Promise<AccountRow | null> {
  const r = await q.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM payout_accounts
     WHERE id = $2::bigint AND member_id = $1 ${includeDeleted ? '' : 'AND deleted_at IS NULL'}`,
    [memberId, id],
  );
  return r.rows[0] ?? null;
}

export async function selectQrImage(q: Queryable, memberId: number, id: string): Promise<string | null> {
  const r = await q.query<{ qr_image: string | null }>(
    'SELECT qr_image FROM payout_accounts WHERE id = $2::bigint AND member_id = $1',
    [memberId, id],
  );
  return r.rows[0]?.qr_image ?? null;
}

export async function countAccounts(q: Queryable, memberId: number, kind: PayoutKind): Promise<number> {
  const r = await q.query<{ n: string | number }>(
    'SELECT count(*) AS n FROM payout_accounts WHERE member_id = $1 AND kind = $2 AND deleted_at IS NULL',
    [memberId, kind],
  );
  return Number(r.rows[0]?.n ?? 0);
}

export interface NewAccount {
  memberId: number;
  kind: PayoutKind;
  accountFull: string;
  accountHash: string;
  masked: string;
  holder: string | null;
  bankCode: string | null;
  province: string | null;
  city: string | null;
  branch: string | null;
  network: UsdtNetwork | null;
  label: string | null;
  qrImage: string | null;
}

/** Inserts it; a card bound anywhere or an account the member has throws 23505 (the unique indexes). */
export async function insertAccount(q: Queryable, a: NewAccount): Promise<AccountRow> {
  const r = await q.query<AccountRow>(
    `INSERT INTO payout_accounts (member_id, kind, account_full, account_hash, masked, holder, bank_code,
       province, city, branch, network, label, qr_image)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     RETURNING ${ACCOUNT_COLUMNS}`,
    [
      a.memberId,
      a.kind,
      a.accountFull,
      a.accountHash,
      a.masked,
      a.holder,
      a.bankCode,
      a.province,
      a.city,
      a.branch,
      a.network,
      a.label,
      a.qrImage,
    ],
  );
  return r.rows[0]!;
}

export async function markAccountDeleted(q: Queryable, memberId: number, id: string): Promise<boolean> {
  const r = await q.query(
    `UPDATE payout_accounts SET deleted_at = now()
     WHERE id = $2::bigint AND member_id = $1 AND deleted_at IS NULL`,
    [memberId, id],
  );
  return r.rowCount > 0;
}

/** An operator's KYC reset: the accounts bound under that real name go with it. Answers how many. */
export async function markHolderAccountsDeleted(q: Queryable, memberId: number): Promise<number> {
  const r = await q.query(
    `UPDATE payout_accounts SET deleted_at = now()
     WHERE member_id = $1 AND holder IS NOT NULL AND deleted_at IS NULL`,
    [memberId],
  );
  return r.rowCount;
}
