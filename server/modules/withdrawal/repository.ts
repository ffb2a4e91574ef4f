import type { PayoutAccount, PayoutKind, WithdrawalState } from '../../../src/protocol/payout.ts';
import type { Queryable } from '../../db/db.ts';

// SQL of the withdrawal area (migration 012; docs/withdrawals.md): methods, withdrawals, the turnover audit's
// sums. Amounts are integer fen.

// ---- methods -----------------------------------------------------------------------------------------------

export interface MethodRow {
  kind: PayoutKind;
  minFen: number;
  maxFen: number;
  feeBp: number;
  feeCapFen: number;
  open: boolean;
}

interface RawMethod {
  kind: PayoutKind;
  min_fen: string | number;
  max_fen: string | number;
  fee_bp: number;
  fee_cap_fen: string | number;
  open: boolean;
}

const toMethod = (r: RawMethod): MethodRow => ({
  kind: r.kind,
  minFen: Number(r.min_fen),
  maxFen: Number(r.max_fen),
  feeBp: Number(r.fee_bp),
  feeCapFen: Number(r.fee_cap_fen),
  open: r.open,
});

export async function selectMethods(q: Queryable): Promise<MethodRow[]> {
  const { rows } = await q.query<RawMethod>(
    'SELECT kind, min_fen, max_fen, fee_bp, fee_cap_fen, open FROM withdrawal_methods ORDER BY sort, kind',
  );
  return rows.map(toMethod);
}

/** fen per USDT: the deposit side's USDT channel rate (migration 007), null when there is none. */
export async function selectUsdtRate(q: Queryable): Promise<number | null> {
  const { rows } = await q.query<{ usdt_rate_fen: number | null }>(
    `SELECT usdt_rate_fen FROM deposit_channels WHERE kind = 'usdt' ORDER BY sort, code LIMIT 1`,
  );
  return rows[0]?.usdt_rate_fen ?? null;
}

// ---- withdrawals -------------------------------------------------------------------------------------------

export interface WithdrawalRow {
  id: string;
  memberId: number;
  requestId: string;
  accountId: string;
  accountKind: PayoutKind;
  account: PayoutAccount;
  amount: number;
  fee: number;
  deduction: number;
  turnoverOutstanding: number;
  usdtRateFen: number | null;
  usdtMicro: number | null;
  state: WithdrawalState;
  reason: string | null;
  holdId: string;
  createdAt: Date;
  updatedAt: Date;
  approvedAt: Date | null;
  settledAt: Date | null;
}

interface RawWithdrawal {
  id: string;
  member_id: string | number;
  request_id: string;
  account_id: string;
  account_kind: PayoutKind;
  account: PayoutAccount | string;
  amount: string | number;
  fee: string | number;
  deduction: string | number;
  turnover_outstanding: string | number;
  usdt_rate_fen: number | null;
  usdt_micro: string | number | null;
  state: WithdrawalState;
  reason: string | null;
  hold_id: string;
  created_at: Date | string;
  updated_at: Date | string;
  approved_at: Date | string | null;
  settled_at: Date | string | null;
}

const maybeDate = (v: Date | string | null) => (v === null ? null : new Date(v));
const maybeNum = (v: string | number | null) => (v === null ? null : Number(v));

function toWithdrawal(r: RawWithdrawal): WithdrawalRow {
  return {
    id: r.id,
    memberId: Number(r.member_id),
    requestId: r.request_id,
    accountId: r.account_id,
    accountKind: r.account_kind,
    account: typeof r.account === 'string' ? (JSON.parse(r.account) as PayoutAccount) : r.account,
    amount: Number(r.amount),
    fee: Number(r.fee),
    deduction: Number(r.deduction),
    turnoverOutstanding: Number(r.turnover_outstanding),
    usdtRateFen: maybeNum(r.usdt_rate_fen),
    usdtMicro: maybeNum(r.usdt_micro),
    state: r.state,
    reason: r.reason,
    holdId: r.hold_id,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
    approvedAt: maybeDate(r.approved_at),
    settledAt: maybeDate(r.settled_at),
  };
}

const COLUMNS = `id, member_id, request_id, account_id, account_kind, account, amount, fee, deduction,
  turnover_outstanding, usdt_rate_fen, usdt_micro, state, reason, hold_id, created_at, updated_at, approved_at,
  settled_at`;

export interface NewWithdrawal {
  id: string;
  memberId: number;
  requestId: string;
  accountId: string;
  accountKind: PayoutKind;
  account: PayoutAccount;
  amount: number;
  fee: number;
  deduction: number;
  turnoverOutstanding: number;
  audit: object;
  usdtRateFen: number | null;
  usdtMicro: number | null;
  holdId: string;
}

/** Inserts the withdrawal unless the member used the request id before; answers whether it was inserted. */
export async function insertWithdrawal(q: Queryable, w: NewWithdrawal): Promise<boolean> {
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO withdrawals (id, member_id, request_id, account_id, account_kind, account, amount, fee, deduction,
       turnover_outstanding, audit, usdt_rate_fen, usdt_micro, hold_id)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11::jsonb, $12, $13, $14)
     ON CONFLICT (member_id, request_id) DO NOTHING RETURNING id`,
    [
      w.id,
      w.memberId,
      w.requestId,
      w.accountId,
      w.accountKind,
      JSON.stringify(w.account),
      w.amount,
      w.fee,
      w.deduction,
      w.turnoverOutstanding,
      JSON.stringify(w.audit),
      w.usdtRateFen,
      w.usdtMicro,
      w.holdId,
    ],
  );
  return rows.length > 0;
}

export async function selectWithdrawal(q: Queryable, id: string): Promise<WithdrawalRow | null> {
  const { rows } = await q.query<RawWithdrawal>(`SELECT ${COLUMNS} FROM withdrawals WHERE id = $1`, [id]);
  return rows[0] ? toWithdrawal(rows[0]) : null;
}

export async function selectWithdrawalByRequest(
  q: Queryable,
  memberId: number,
  requestId: string,
): Promise<WithdrawalRow | null> {
  const { rows } = await q.query<RawWithdrawal>(
    `SELECT ${COLUMNS} FROM withdrawals WHERE member_id = $1 AND request_id = $2`,
    [memberId, requestId],
  );
  return rows[0] ? toWithdrawal(rows[0]) : null;
}

/** A member's withdrawals newest first (or everyone's, for operators), with the total. */
export async function selectWithdrawals(
  q: Queryable,
  opts: { memberId?: number; states?: WithdrawalState[]; limit: number; offset: number },
): Promise<{ rows: WithdrawalRow[]; total: number }> {
  const params = [opts.memberId ?? null, opts.states ?? null];
  const where = `($1::bigint IS NULL OR member_id = $1) AND ($2::text[] IS NULL OR state = ANY($2::text[]))`;
  const [page, count] = await Promise.all([
    q.query<RawWithdrawal>(
      `SELECT ${COLUMNS} FROM withdrawals WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
      [...params, opts.limit, opts.offset],
    ),
    q.query<{ n: string | number }>(`SELECT count(*) AS n FROM withdrawals WHERE ${where}`, params),
  ]);
  return { rows: page.rows.map(toWithdrawal), total: Number(count.rows[0]!.n) };
}

/**
 * Moves a withdrawal from one of `from` to `to`, only if it is still in one of them (and the member's, when
 * memberId is given): the conditional UPDATE is the race's referee. Answers the row as moved, or null when
 * another call moved it first (or it is not there).
 */
export async function moveWithdrawal(
  q: Queryable,
  id: string,
  from: WithdrawalState[],
  to: WithdrawalState,
  opts: { memberId?: number; reason?: string | null } = {},
): Promise<WithdrawalRow | null> {
  const { rows } = await q.query<RawWithdrawal>(
    `UPDATE withdrawals SET state = $3, reason = coalesce($5, reason), updated_at = now(),
       approved_at = CASE WHEN $3 = 'approved' THEN now() ELSE approved_at END,
       settled_at = CASE WHEN $3 IN ('paid', 'rejected', 'cancelled') THEN now() ELSE settled_at END
      WHERE id = $1 AND state = ANY($2::text[]) AND ($4::bigint IS NULL OR member_id = $4)
      RETURNING ${COLUMNS}`,
    [id, from, to, opts.memberId ?? null, opts.reason ?? null],
  );
  return rows[0] ? toWithdrawal(rows[0]) : null;
}

/** Serialises one member's withdrawal requests (the daily limits are sums, then an insert). */
export async function lockMemberForWithdrawal(q: Queryable, memberId: number): Promise<void> {
  // NO KEY UPDATE: inserts that reference the member (deposit_turnover, new ledger accounts) still pass, so a
  // deposit being credited and a withdrawal being made cannot deadlock on the member and the wallet.
  await q.query('SELECT id FROM members WHERE id = $1 FOR NO KEY UPDATE', [memberId]);
}

/**
 * Today's withdrawals of a member (Beijing time, UTC+8, whatever the server's zone): how many and how much.
 * Rejected and cancelled ones give their count and amount back.
 */
export async function selectToday(
  q: Queryable,
  memberId: number,
): Promise<{ count: number; amount: number }> {
  const { rows } = await q.query<{ n: string | number; total: string | number | null }>(
    `SELECT count(*) AS n, sum(amount) AS total FROM withdrawals
      WHERE member_id = $1 AND state IN ('pending', 'approved', 'paid')
        AND created_at >= (date_trunc('day', (now() AT TIME ZONE 'UTC') + interval '8 hours') - interval '8 hours')
                          AT TIME ZONE 'UTC'`,
    [memberId],
  );
  return { count: Number(rows[0]!.n), amount: Number(rows[0]!.total ?? 0) };
}

/**
 * Withdrawals in a final state whose ledger movements are not all made yet (a crash between the state change
 * and the ledger's steps): the hold still pending, or a paid one's fee or deduction transfer missing.
 */
export async function selectUnfinished(q: Queryable, limit: number): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `SELECT w.id FROM withdrawals w JOIN ledger_transfers t ON t.id = w.hold_id
      WHERE (w.state IN ('paid', 'rejected', 'cancelled') AND t.state = 'pending')
         OR (w.state = 'paid' AND w.fee > 0
             AND NOT EXISTS (SELECT 1 FROM ledger_transfers f WHERE f.id = 'wd-fee:' || w.id))
         OR (w.state = 'paid' AND w.deduction > 0
             AND NOT EXISTS (SELECT 1 FROM ledger_transfers d WHERE d.id = 'wd-deduct:' || w.id))
      ORDER BY w.settled_at LIMIT $1`,
    [limit],
  );
  return rows.map((r) => r.id);
}

// ---- the turnover audit ------------------------------------------------------------------------------------

/**
 * When the member's audit last started again (docs/withdrawals.md "The audit"): the later of the last paid
 * withdrawal that had no turnover outstanding and the last ledger movement after which the member's whole
 * balance (central, venues, bonus, locked; a movement between two of them counts as one) was below
 * `belowFen`. Null: never.
 */
export async function selectAuditStart(
  q: Queryable,
  memberId: number,
  belowFen: number,
): Promise<Date | null> {
  const { rows } = await q.query<{ at: Date | string | null }>(
    `WITH moves AS (
       SELECT max(e.id) AS last_entry, max(e.created_at) AS at, sum(e.amount) AS delta
         FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
        WHERE a.member_id = $1
        GROUP BY e.transfer_id
     ), totals AS (
       SELECT at, sum(delta) OVER (ORDER BY last_entry) AS total FROM moves
     )
     SELECT greatest(
       (SELECT max(at) FROM totals WHERE total < $2),
       (SELECT max(settled_at) FROM withdrawals WHERE member_id = $1 AND state = 'paid' AND turnover_outstanding = 0)
     ) AS at`,
    [memberId, belowFen],
  );
  return maybeDate(rows[0]?.at ?? null);
}

/** Turnover required by credited deposits (and their bonuses) and valid bets made, both after `since`. */
export async function selectTurnoverSums(
  q: Queryable,
  memberId: number,
  since: Date | null,
): Promise<{ required: number; done: number }> {
  const { rows } = await q.query<{ required: string | number | null; done: string | number | null }>(
    `SELECT
       (SELECT sum(required) FROM deposit_turnover
         WHERE member_id = $1 AND ($2::timestamptz IS NULL OR created_at > $2)) AS required,
       (SELECT sum(amount) FROM valid_bets
         WHERE member_id = $1 AND ($2::timestamptz IS NULL OR settled_at > $2)) AS done`,
    [memberId, since?.toISOString() ?? null],
  );
  return { required: Number(rows[0]?.required ?? 0), done: Number(rows[0]?.done ?? 0) };
}

/** Records a valid bet once per (venue, bet id); answers whether it was new. */
export async function insertValidBet(
  q: Queryable,
  b: { memberId: number; venue: string; betId: string; amount: number; settledAt?: Date },
): Promise<boolean> {
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO valid_bets (member_id, venue, bet_id, amount, settled_at)
     VALUES ($1, $2, $3, $4, coalesce($5::timestamptz, now()))
     ON CONFLICT (venue, bet_id) DO NOTHING RETURNING id`,
    [b.memberId, b.venue, b.betId, b.amount, b.settledAt?.toISOString() ?? null],
  );
  return rows.length > 0;
}

/** Many settled bets' valid amounts in one statement (each counts once per venue and bet id). Answers how many were new. */
export async function insertValidBets(
  q: Queryable,
  bets: ReadonlyArray<{ memberId: number; venue: string; betId: string; amount: number }>,
): Promise<number> {
  if (bets.length === 0) return 0;
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO valid_bets (member_id, venue, bet_id, amount)
     SELECT m, v, b, a FROM jsonb_to_recordset($1::jsonb) AS u(m bigint, v text, b text, a bigint)
     ON CONFLICT (venue, bet_id) DO NOTHING RETURNING id`,
    [JSON.stringify(bets.map((b) => ({ m: b.memberId, v: b.venue, b: b.betId, a: b.amount })))],
  );
  return rows.length;
}

// ---- reconciliation ----------------------------------------------------------------------------------------

/** Withdrawals whose ledger transfers do not match their state (checkWithdrawals). */
export async function selectMismatches(
  q: Queryable,
): Promise<Array<{ id: string; state: string; problem: string }>> {
  const { rows } = await q.query<{ id: string; state: string; problem: string }>(
    `SELECT w.id, w.state,
            CASE
              WHEN h.id IS NULL THEN 'no hold transfer'
              WHEN h.amount <> w.amount OR h.kind <> 'withdrawal' THEN 'hold of ' || h.amount || ' (' || h.kind || ')'
              WHEN w.state IN ('pending', 'approved') AND h.state <> 'pending' THEN 'hold ' || h.state
              WHEN w.state = 'paid' AND h.state <> 'posted' THEN 'hold ' || h.state
              WHEN w.state IN ('rejected', 'cancelled') AND h.state <> 'voided' THEN 'hold ' || h.state
              WHEN w.state = 'paid' AND w.fee > 0 AND (f.id IS NULL OR f.state <> 'posted' OR f.amount <> w.fee)
                THEN 'fee transfer missing or wrong'
              WHEN w.state = 'paid' AND w.deduction > 0
                   AND (d.id IS NULL OR d.state <> 'posted' OR d.amount <> w.deduction)
                THEN 'deduction transfer missing or wrong'
              WHEN w.state <> 'paid' AND (f.id IS NOT NULL OR d.id IS NOT NULL) THEN 'fee or deduction moved'
            END AS problem
       FROM withdrawals w
       LEFT JOIN ledger_transfers h ON h.id = w.hold_id
       LEFT JOIN ledger_transfers f ON f.id = 'wd-fee:' || w.id
       LEFT JOIN ledger_transfers d ON d.id = 'wd-deduct:' || w.id`,
  );
  return rows.filter((r) => r.problem !== null);
}

/** Withdrawal holds in the ledger with no withdrawal row (a hold must never exist without its withdrawal). */
export async function selectOrphanHolds(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `SELECT t.id FROM ledger_transfers t LEFT JOIN withdrawals w ON w.hold_id = t.id
      WHERE t.kind = 'withdrawal' AND w.id IS NULL`,
  );
  return rows.map((r) => r.id);
}
