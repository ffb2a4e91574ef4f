// The ledger (issue 9 §1; docs/decisions/0017-ledger.md): the only code that changes a balance.
//
// - Double entry: a transfer moves an amount (integer fen) from one account to another; when posted it writes
//   two entries that sum to zero, and both accounts' balances move in the same transaction.
// - The caller makes the transfer's id, its idempotency key: the same id with the same fields answers the first
//   result, with other fields the `idempotencyConflict` refusal; a refused or failed write stores nothing.
// - A member account cannot go below zero: the database refuses it (the CHECK ledger_member_not_negative on
//   balance - held), so concurrent spenders cannot both pass a read-then-write.
// - Two-phase: a pending transfer holds the amount on its debit account (held counts against the balance) and
//   is later posted or voided, at most once.
// - A change of a member's central wallet publishes the balance push (msgId 20002) after its commit, never on
//   rollback (pushes.ts says how).
// - Each write is one call of a database function (migration 009: ledger_transfer, ledger_settle), one
//   statement and one round trip; this module validates the request and maps the answer to LedgerError.
import type { Db, Queryable } from '../../db/db.ts';
import { publishAfterCommit, publishWithin, pushesOf } from './pushes.ts';

export type AccountKind =
  | 'central'
  | 'venue'
  | 'bonus'
  | 'locked'
  | 'cash_in'
  | 'cash_out'
  | 'house'
  | 'promotions'
  | 'fees'
  /** The slots' progressive jackpot pool (migration 018; never below zero, never below its seed at commit). */
  | 'jackpot'
  /** A member's coins (migration 022; whole coins, never mixed with money: docs/mall.md). */
  | 'coins'
  /** The house's coins issuer: coins come from it and mall purchases return to it (may go below zero). */
  | 'coins_issuer';

/** Accounts of the house (no member): they may go below zero (cash comes in from outside the ledger). */
export const SYSTEM_KINDS: ReadonlySet<AccountKind> = new Set([
  'cash_in',
  'cash_out',
  'house',
  'promotions',
  'fees',
  'jackpot',
  'coins_issuer',
]);

export type AccountRef =
  | { memberId: number; kind: 'central' | 'bonus' | 'locked' }
  | { memberId: number; kind: 'venue'; venue: string }
  | { memberId: number; kind: 'coins' }
  | { kind: 'cash_in' | 'cash_out' | 'promotions' | 'fees' | 'jackpot' | 'coins_issuer' }
  | { kind: 'house'; venue: string };

export type TransferState = 'pending' | 'posted' | 'voided';

export interface TransferRequest {
  /** The caller-made id (8–80 of A–Z a–z 0–9 _ . : -): the idempotency key. */
  id: string;
  from: AccountRef;
  to: AccountRef;
  /** Integer minor units (fen), > 0. */
  amount: number;
  /** What kind of movement (deposit, transfer_in, adjustment…): lower-case words. */
  kind: string;
  memo?: Record<string, unknown>;
  /** Hold the amount now; post or void later (withdrawals, unconfirmed venue transfers). */
  pending?: boolean;
}

export interface Transfer {
  id: string;
  debitAccount: number;
  creditAccount: number;
  amount: number;
  kind: string;
  state: TransferState;
  memo: Record<string, unknown>;
  createdAt: string;
  settledAt: string | null;
}

export type LedgerRefusal =
  /** The debit member account cannot afford it. */
  | 'insufficient'
  /** The id was used before for a different transfer. */
  | 'idempotencyConflict'
  /** Post or void of a transfer that is not pending (it was settled the other way). */
  | 'notPending'
  /** Post or void of an unknown transfer. */
  | 'unknownTransfer'
  /** A bad id, amount or account. */
  | 'invalid';

export class LedgerError extends Error {
  constructor(
    readonly refusal: LedgerRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'LedgerError';
  }
}

export const TRANSFER_ID_PATTERN = /^[A-Za-z0-9_.:-]{8,80}$/;
const KIND_PATTERN = /^[a-z][a-z_]{1,31}$/;
/** The largest amount one transfer may move: 10^13 fen (a hundred billion yuan), far inside a bigint. */
export const MAX_TRANSFER_FEN = 10_000_000_000_000;

// ---- accounts ----------------------------------------------------------------------------------------------

function refParts(ref: AccountRef): { memberId: number | null; kind: AccountKind; venue: string | null } {
  return {
    memberId: 'memberId' in ref ? ref.memberId : null,
    kind: ref.kind,
    venue: 'venue' in ref ? ref.venue : null,
  };
}

export interface Balance {
  /** Integer fen on the account. */
  balance: number;
  /** Held by pending transfers out. */
  held: number;
  /** What can be spent: balance - held. */
  available: number;
}

/** The account's balance (zero for an account never used). */
export async function balanceOf(q: Queryable, ref: AccountRef): Promise<Balance> {
  const { memberId, kind, venue } = refParts(ref);
  const { rows } = await q.query<{ balance: string; held: string }>(
    `SELECT balance, held FROM ledger_accounts
      WHERE coalesce(member_id, 0) = coalesce($1::bigint, 0) AND kind = $2 AND coalesce(venue, '') = coalesce($3::text, '')`,
    [memberId, kind, venue],
  );
  const balance = Number(rows[0]?.balance ?? 0);
  const held = Number(rows[0]?.held ?? 0);
  return { balance, held, available: balance - held };
}

// ---- transfers ---------------------------------------------------------------------------------------------

interface TransferRow {
  id: string;
  debit_account: string;
  credit_account: string;
  amount: string;
  kind: string;
  state: TransferState;
  memo: Record<string, unknown>;
  created_at: Date | string;
  settled_at: Date | string | null;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function toTransfer(r: TransferRow): Transfer {
  return {
    id: r.id,
    debitAccount: Number(r.debit_account),
    creditAccount: Number(r.credit_account),
    amount: Number(r.amount),
    kind: r.kind,
    state: r.state,
    memo: r.memo,
    createdAt: iso(r.created_at)!,
    settledAt: iso(r.settled_at),
  };
}

const TRANSFER_COLUMNS =
  'id, debit_account, credit_account, amount, kind, state, memo, created_at, settled_at';

function validate(req: TransferRequest): void {
  if (!TRANSFER_ID_PATTERN.test(req.id))
    throw new LedgerError('invalid', `bad transfer id ${JSON.stringify(req.id)}`);
  if (!Number.isSafeInteger(req.amount) || req.amount <= 0 || req.amount > MAX_TRANSFER_FEN)
    throw new LedgerError('invalid', `bad amount ${String(req.amount)}`);
  if (!KIND_PATTERN.test(req.kind)) throw new LedgerError('invalid', `bad kind ${JSON.stringify(req.kind)}`);
  for (const ref of [req.from, req.to]) {
    if ('memberId' in ref && (!Number.isSafeInteger(ref.memberId) || ref.memberId <= 0))
      throw new LedgerError('invalid', 'bad member id');
  }
}

const isCheckViolation = (err: unknown, constraint: string) =>
  typeof err === 'object' &&
  err !== null &&
  (err as { code?: string }).code === '23514' &&
  String((err as { constraint?: string }).constraint ?? (err as Error).message).includes(constraint);

/** What the database functions ledger_transfer and ledger_settle answer (migration 009). */
interface WriteRow {
  r_outcome: 'created' | 'same' | 'conflict' | 'invalid' | 'settled' | 'notPending' | 'unknown';
  r_id: string;
  r_debit: string | number;
  r_credit: string | number;
  r_amount: string | number;
  r_kind: string;
  r_state: TransferState;
  r_memo: Record<string, unknown>;
  r_created: Date | string;
  r_settled: Date | string | null;
  /** The balance pushes of this call (pushes.ts). */
  r_pushes: unknown;
}

const written = (r: WriteRow): Transfer =>
  toTransfer({
    id: r.r_id,
    debit_account: String(r.r_debit),
    credit_account: String(r.r_credit),
    amount: String(r.r_amount),
    kind: r.r_kind,
    state: r.r_state,
    memo: r.r_memo,
    created_at: r.r_created,
    settled_at: r.r_settled,
  });

/**
 * One write function, one statement: the database refuses a member account below zero (the CHECK
 * ledger_member_not_negative), which aborts the statement and everything it wrote.
 */
async function callWrite(q: Queryable, sql: string, params: unknown[], name: string): Promise<WriteRow> {
  try {
    const { rows } = await q.query<WriteRow>(sql, params, { prepare: name });
    return rows[0]!;
  } catch (err) {
    if (isCheckViolation(err, 'ledger_member_not_negative'))
      throw new LedgerError('insufficient', 'the account cannot afford it');
    throw err;
  }
}

// Account ids never change and accounts are never removed, so a node remembers the ids its committed writes
// used and passes them in (the function then skips two lookups). Only writes that are their own transaction
// fill it: an account created inside a caller's transaction may still roll back.
const ACCOUNT_CACHE_MAX = 50_000;
const accountCaches = new WeakMap<Db, Map<string, number>>();

const refKey = (r: { memberId: number | null; kind: AccountKind; venue: string | null }) =>
  `${r.memberId ?? ''}:${r.kind}:${r.venue ?? ''}`;

function remember(cache: Map<string, number>, key: string, id: number): void {
  if (cache.has(key)) return;
  if (cache.size >= ACCOUNT_CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(key, id);
}

const TRANSFER_SQL =
  'SELECT * FROM ledger_transfer($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13)';

async function write(q: Queryable, req: TransferRequest, cache: Map<string, number> | null) {
  validate(req);
  const from = refParts(req.from);
  const to = refParts(req.to);
  const fromKey = refKey(from);
  const toKey = refKey(to);
  const row = await callWrite(
    q,
    TRANSFER_SQL,
    [
      req.id,
      from.memberId,
      from.kind,
      from.venue,
      to.memberId,
      to.kind,
      to.venue,
      req.amount,
      req.kind,
      JSON.stringify(req.memo ?? {}),
      req.pending === true,
      cache?.get(fromKey) ?? null,
      cache?.get(toKey) ?? null,
    ],
    'ledger_transfer',
  );
  if (row.r_outcome === 'invalid') throw new LedgerError('invalid', 'a transfer needs two accounts');
  if (row.r_outcome === 'conflict')
    throw new LedgerError('idempotencyConflict', `transfer ${req.id} was made with other fields`);
  const t = written(row);
  if (cache && row.r_outcome === 'created') {
    remember(cache, fromKey, t.debitAccount);
    remember(cache, toKey, t.creditAccount);
  }
  return { transfer: t, pushes: pushesOf(row.r_pushes, req.kind) };
}

/**
 * Makes a transfer, once per id. Answers the transfer as stored (the first result when the id was used before
 * with the same fields). Throws LedgerError: insufficient (nothing stored), idempotencyConflict, invalid.
 * One statement (the database function ledger_transfer), atomic on its own: no transaction around it.
 */
export async function transfer(db: Db, req: TransferRequest): Promise<Transfer> {
  let cache = accountCaches.get(db);
  if (!cache) accountCaches.set(db, (cache = new Map()));
  const done = await write(db, req, cache);
  publishAfterCommit(db, done.pushes);
  return done.transfer;
}

/** `transfer` inside the caller's transaction (an order and its credit commit together). */
export async function transferIn(tx: Queryable, req: TransferRequest): Promise<Transfer> {
  const done = await write(tx, req, null);
  await publishWithin(tx, done.pushes);
  return done.transfer;
}

/**
 * Many transfers inside the caller's transaction in ONE statement: each row is the same database function
 * `ledger_transfer` as `transferIn` (the same checks, idempotency by id and refusal of a member account below
 * zero, which aborts the statement and the caller's transaction). For settlements that pay hundreds of bets at
 * once (a live table's draw). Posted transfers only. Answers the transfers in the order given.
 */
export async function transferManyIn(tx: Queryable, reqs: readonly TransferRequest[]): Promise<Transfer[]> {
  if (reqs.length === 0) return [];
  for (const req of reqs) {
    validate(req);
    if (req.pending) throw new LedgerError('invalid', 'transferManyIn posts; a pending transfer goes alone');
  }
  const items = reqs.map((req) => {
    const from = refParts(req.from);
    const to = refParts(req.to);
    return {
      id: req.id,
      fm: from.memberId,
      fk: from.kind,
      fv: from.venue,
      tm: to.memberId,
      tk: to.kind,
      tv: to.venue,
      amount: req.amount,
      kind: req.kind,
      memo: req.memo ?? {},
    };
  });
  let rows: Array<WriteRow & { ord: string | number }>;
  try {
    ({ rows } = await tx.query<WriteRow & { ord: string | number }>(
      `SELECT u.ord, t.* FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS (id text, fm bigint, fk text, fv text,
              tm bigint, tk text, tv text, amount bigint, kind text, memo jsonb)) WITH ORDINALITY AS u(id, fm, fk, fv,
              tm, tk, tv, amount, kind, memo, ord)
         CROSS JOIN LATERAL ledger_transfer(u.id, u.fm, u.fk, u.fv, u.tm, u.tk, u.tv, u.amount, u.kind, u.memo,
              false, NULL, NULL) t
        ORDER BY u.ord`,
      [JSON.stringify(items)],
    ));
  } catch (err) {
    if (isCheckViolation(err, 'ledger_member_not_negative'))
      throw new LedgerError('insufficient', 'an account cannot afford it');
    throw err;
  }
  const out: Transfer[] = [];
  const pushes = [];
  for (const [i, row] of rows.entries()) {
    if (row.r_outcome === 'invalid') throw new LedgerError('invalid', 'a transfer needs two accounts');
    if (row.r_outcome === 'conflict')
      throw new LedgerError('idempotencyConflict', `transfer ${reqs[i]!.id} was made with other fields`);
    out.push(written(row));
    pushes.push(...pushesOf(row.r_pushes, reqs[i]!.kind));
  }
  await publishWithin(tx, pushes);
  return out;
}

/**
 * Settles a pending transfer: posted (the held amount moves) or voided (it is released), at most once. Asking
 * again for the outcome it already has answers it; asking for the other is `notPending`.
 */
export async function settle(db: Db, id: string, outcome: 'posted' | 'voided'): Promise<Transfer> {
  if (!TRANSFER_ID_PATTERN.test(id))
    throw new LedgerError('invalid', `bad transfer id ${JSON.stringify(id)}`);
  const row = await callWrite(db, 'SELECT * FROM ledger_settle($1, $2)', [id, outcome], 'ledger_settle');
  if (row.r_outcome === 'unknown') throw new LedgerError('unknownTransfer', `no transfer ${id}`);
  if (row.r_outcome === 'notPending') throw new LedgerError('notPending', `transfer ${id} is ${row.r_state}`);
  publishAfterCommit(db, pushesOf(row.r_pushes, row.r_kind));
  return written(row);
}

export async function findTransfer(q: Queryable, id: string): Promise<Transfer | null> {
  const { rows } = await q.query<TransferRow>(
    `SELECT ${TRANSFER_COLUMNS} FROM ledger_transfers WHERE id = $1`,
    [id],
  );
  return rows[0] ? toTransfer(rows[0]) : null;
}

// ---- reconciliation ----------------------------------------------------------------------------------------

export interface LedgerCheck {
  ok: boolean;
  accounts: number;
  transfers: number;
  entries: number;
  /** Every problem found, one line each (empty when ok). */
  problems: string[];
}

/**
 * The reconciliation check (`npm run ops -- ledger check`): every account's balance is the sum of its entries
 * and its held amount the sum of its pending transfers out; every posted transfer has two entries summing to
 * zero and the others none; all entries sum to zero; every entry and transfer names accounts (and a transfer)
 * that exist; no member account is below zero.
 */
export async function checkLedger(q: Queryable): Promise<LedgerCheck> {
  const problems: string[] = [];
  const counts = await q.query<{
    accounts: string;
    transfers: string;
    entries: string;
    total: string | null;
  }>(
    `SELECT (SELECT count(*) FROM ledger_accounts) AS accounts, (SELECT count(*) FROM ledger_transfers) AS transfers,
            (SELECT count(*) FROM ledger_entries) AS entries, (SELECT sum(amount) FROM ledger_entries) AS total`,
  );
  const c = counts.rows[0]!;
  if (Number(c.total ?? 0) !== 0) problems.push(`entries sum to ${c.total}, not 0`);
  const drift = await q.query<{ id: string; balance: string; sum: string }>(
    `SELECT a.id, a.balance, coalesce(e.sum, 0) AS sum FROM ledger_accounts a
       LEFT JOIN (SELECT account_id, sum(amount) AS sum FROM ledger_entries GROUP BY account_id) e ON e.account_id = a.id
      WHERE a.balance <> coalesce(e.sum, 0)`,
  );
  for (const r of drift.rows) problems.push(`account ${r.id}: balance ${r.balance}, entries ${r.sum}`);
  const held = await q.query<{ id: string; held: string; pending: string }>(
    `SELECT a.id, a.held, coalesce(p.sum, 0) AS pending FROM ledger_accounts a
       LEFT JOIN (SELECT debit_account, sum(amount) AS sum FROM ledger_transfers WHERE state = 'pending'
                   GROUP BY debit_account) p ON p.debit_account = a.id
      WHERE a.held <> coalesce(p.sum, 0)`,
  );
  for (const r of held.rows) problems.push(`account ${r.id}: held ${r.held}, pending transfers ${r.pending}`);
  const shapes = await q.query<{ id: string; state: string; n: string; sum: string | null }>(
    `SELECT t.id, t.state, count(e.id) AS n, sum(e.amount) AS sum FROM ledger_transfers t
       LEFT JOIN ledger_entries e ON e.transfer_id = t.id GROUP BY t.id, t.state
      HAVING (t.state = 'posted' AND (count(e.id) <> 2 OR sum(e.amount) <> 0))
          OR (t.state <> 'posted' AND count(e.id) <> 0)`,
  );
  for (const r of shapes.rows)
    problems.push(`transfer ${r.id} (${r.state}): ${r.n} entries summing to ${r.sum ?? 0}`);
  // No foreign keys on the hot path (migration 010): every reference is checked here instead.
  const orphans = await q.query<{ what: string; id: string }>(
    `SELECT 'entry' AS what, e.id::text AS id FROM ledger_entries e
       LEFT JOIN ledger_transfers t ON t.id = e.transfer_id LEFT JOIN ledger_accounts a ON a.id = e.account_id
      WHERE t.id IS NULL OR a.id IS NULL
     UNION ALL
     SELECT 'transfer', t.id FROM ledger_transfers t
       LEFT JOIN ledger_accounts d ON d.id = t.debit_account LEFT JOIN ledger_accounts c ON c.id = t.credit_account
      WHERE d.id IS NULL OR c.id IS NULL`,
  );
  for (const r of orphans.rows)
    problems.push(`${r.what} ${r.id} names a transfer or account that does not exist`);
  const negative = await q.query<{ id: string }>(
    'SELECT id FROM ledger_accounts WHERE member_id IS NOT NULL AND balance - held < 0',
  );
  for (const r of negative.rows) problems.push(`member account ${r.id} below zero`);
  return {
    ok: problems.length === 0,
    accounts: Number(c.accounts),
    transfers: Number(c.transfers),
    entries: Number(c.entries),
    problems,
  };
}
