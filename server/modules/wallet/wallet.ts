// The wallet (issue 9 §2): the central wallet and one wallet per venue, transfers between them, 一键回收
// (recall), the 免转 switch and the venue-refresh lock. Every movement is a ledger transfer
// (server/modules/ledger): this module only decides which, with ids derived from the caller's request id.
import { CODE } from '../../../src/protocol/api.ts';
import {
  VENUE_REFRESH_LOCK_MS,
  type RecallResult,
  type RecordPage,
  type VenueRefresh,
  type VenueStatus,
  type VenueWallet,
  type WalletSummary,
  type WalletTransferRequest,
  type WalletTransferResult,
} from '../../../src/protocol/wallet.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { ApiError, SERVER_MESSAGE } from '../../http/envelope.ts';
import { balanceOf, LedgerError, transfer, type AccountRef } from '../ledger/ledger.ts';

interface VenueRow {
  code: string;
  name: string;
  platform: string;
  status: VenueStatus;
}

const central = (memberId: number): AccountRef => ({ memberId, kind: 'central' });
const venueAccount = (memberId: number, venue: string): AccountRef => ({ memberId, kind: 'venue', venue });

/** A ledger refusal as the API's coded error. */
export function ledgerToApi(err: unknown): never {
  if (err instanceof LedgerError) {
    switch (err.refusal) {
      case 'insufficient':
        throw new ApiError(CODE.insufficientBalance, SERVER_MESSAGE.insufficientBalance);
      case 'idempotencyConflict':
        throw new ApiError(CODE.duplicateRequest, SERVER_MESSAGE.duplicateRequest);
      default:
        throw new ApiError(CODE.validation, SERVER_MESSAGE.validation);
    }
  }
  throw err;
}

async function venuesOf(q: Queryable): Promise<VenueRow[]> {
  const { rows } = await q.query<VenueRow>(
    'SELECT code, name, platform, status FROM venues ORDER BY platform, sort, code',
  );
  return rows;
}

async function venueRow(q: Queryable, code: string): Promise<VenueRow> {
  const { rows } = await q.query<VenueRow>(
    'SELECT code, name, platform, status FROM venues WHERE code = $1',
    [code],
  );
  if (!rows[0]) throw new ApiError(CODE.validation, SERVER_MESSAGE.validation);
  return rows[0];
}

/** Every venue-wallet balance of a member (fen), by venue code. */
async function venueBalances(q: Queryable, memberId: number): Promise<Map<string, number>> {
  const { rows } = await q.query<{ venue: string; balance: string }>(
    `SELECT venue, balance FROM ledger_accounts WHERE member_id = $1 AND kind = 'venue'`,
    [memberId],
  );
  return new Map(rows.map((r) => [r.venue, Number(r.balance)]));
}

async function autoTransferOn(q: Queryable, memberId: number): Promise<boolean> {
  const { rows } = await q.query<{ auto_transfer: boolean }>(
    'SELECT auto_transfer FROM wallet_settings WHERE member_id = $1',
    [memberId],
  );
  return rows[0]?.auto_transfer ?? false;
}

const toWallet = (v: VenueRow, balance: number): VenueWallet => ({
  venue: v.code,
  name: v.name,
  platform: v.platform,
  status: v.status,
  balance,
});

/** The wallet at a glance (/mine/balance, /mine/finance/wallet). */
export async function walletSummary(db: Db, memberId: number): Promise<WalletSummary> {
  const [money, venues, balances, autoTransfer] = await Promise.all([
    balanceOf(db, central(memberId)),
    venuesOf(db),
    venueBalances(db, memberId),
    autoTransferOn(db, memberId),
  ]);
  const wallets = venues.map((v) => toWallet(v, balances.get(v.code) ?? 0));
  const inVenues = wallets.reduce((sum, w) => sum + w.balance, 0);
  return {
    central: money,
    venues: wallets,
    total: money.balance + inVenues,
    locked: money.held,
    autoTransfer,
  };
}

/** The central balance and locked amount for member info (spec §7 withLockMoney: 1). */
export async function lockMoneyOf(
  q: Queryable,
  memberId: number,
): Promise<{ balance: number; lockMoney: number }> {
  const money = await balanceOf(q, central(memberId));
  return { balance: money.balance, lockMoney: money.held };
}

/** The ledger id of a wallet request's movement: one per request (and venue, for recall). */
const transferId = (memberId: number, requestId: string, part?: string) =>
  `w:${memberId}:${requestId}${part ? `:${part}` : ''}`;

/** Moves money between the central wallet and a venue's (once per request id). */
export async function walletTransfer(
  db: Db,
  memberId: number,
  req: WalletTransferRequest,
): Promise<WalletTransferResult> {
  const venue = await venueRow(db, req.venue);
  if (venue.status !== 'open') throw new ApiError(CODE.venueUnavailable, SERVER_MESSAGE.venueUnavailable);
  const into = req.direction === 'in';
  try {
    await transfer(db, {
      id: transferId(memberId, req.requestId),
      from: into ? central(memberId) : venueAccount(memberId, venue.code),
      to: into ? venueAccount(memberId, venue.code) : central(memberId),
      amount: req.amount,
      kind: into ? 'transfer_in' : 'transfer_out',
    });
  } catch (err) {
    ledgerToApi(err);
  }
  const [c, v] = await Promise.all([
    balanceOf(db, central(memberId)),
    balanceOf(db, venueAccount(memberId, venue.code)),
  ]);
  return { requestId: req.requestId, central: c.balance, venue: toWallet(venue, v.balance) };
}

/**
 * 一键回收: every open venue's balance back to the central wallet, one ledger transfer per venue with an id
 * derived from the request, so a retry moves nothing twice (a venue emptied meanwhile is simply skipped).
 */
export async function recallAll(db: Db, memberId: number, requestId: string): Promise<RecallResult> {
  const [venues, balances] = await Promise.all([venuesOf(db), venueBalances(db, memberId)]);
  const recalled: RecallResult['recalled'] = [];
  const skipped: string[] = [];
  for (const v of venues) {
    const id = transferId(memberId, requestId, v.code);
    // A retry answers what the first call moved, even if that venue's balance is now 0.
    const { rows } = await db.query<{ amount: string }>('SELECT amount FROM ledger_transfers WHERE id = $1', [
      id,
    ]);
    if (rows[0]) {
      recalled.push({ venue: v.code, amount: Number(rows[0].amount) });
      continue;
    }
    const amount = balances.get(v.code) ?? 0;
    if (amount <= 0) continue;
    if (v.status !== 'open') {
      skipped.push(v.code);
      continue;
    }
    try {
      await transfer(db, {
        id,
        from: venueAccount(memberId, v.code),
        to: central(memberId),
        amount,
        kind: 'transfer_out',
      });
      recalled.push({ venue: v.code, amount });
    } catch (err) {
      // The venue's balance moved since it was read (another tab): not an error of the recall, skip it.
      if (err instanceof LedgerError && err.refusal === 'insufficient') continue;
      ledgerToApi(err);
    }
  }
  const c = await balanceOf(db, central(memberId));
  return { recalled, skipped, central: c.balance };
}

/** The 免转 switch; switching it on recalls every venue balance at once (issue 9 §2). */
export async function setAutoTransfer(
  db: Db,
  memberId: number,
  enabled: boolean,
  requestId: string,
): Promise<{ autoTransfer: boolean; recall: RecallResult | null }> {
  await db.query(
    `INSERT INTO wallet_settings (member_id, auto_transfer) VALUES ($1, $2)
     ON CONFLICT (member_id) DO UPDATE SET auto_transfer = EXCLUDED.auto_transfer, updated_at = now()`,
    [memberId, enabled],
  );
  return { autoTransfer: enabled, recall: enabled ? await recallAll(db, memberId, requestId) : null };
}

/**
 * 免转 at a venue launch (the venues issue calls it): with the switch on, the previous venues' balances come
 * back and the whole central balance goes into the launched venue. Answers the amount moved in (fen).
 */
export async function autoTransferOnLaunch(
  db: Db,
  memberId: number,
  venue: string,
  requestId: string,
): Promise<number> {
  if (!(await autoTransferOn(db, memberId))) return 0;
  await recallAll(db, memberId, `${requestId}-back`);
  const { available } = await balanceOf(db, central(memberId));
  if (available <= 0) return 0;
  const moved = await walletTransfer(db, memberId, { requestId, direction: 'in', venue, amount: available });
  return moved.venue.balance;
}

/** Re-reads one venue wallet; refused (30004) within VENUE_REFRESH_LOCK_MS of the last refresh. */
export async function refreshVenue(db: Db, memberId: number, code: string): Promise<VenueRefresh> {
  const venue = await venueRow(db, code);
  // The lock is taken atomically: the row is written only when absent or run out (several nodes, one database).
  const { rows } = await db.query<{ locked_until: Date | string }>(
    `INSERT INTO wallet_refresh_locks (member_id, venue, locked_until)
     VALUES ($1, $2, now() + make_interval(secs => $3::double precision / 1000))
     ON CONFLICT (member_id, venue) DO UPDATE SET locked_until = EXCLUDED.locked_until
       WHERE wallet_refresh_locks.locked_until <= now()
     RETURNING locked_until`,
    [memberId, code, VENUE_REFRESH_LOCK_MS],
  );
  if (!rows[0]) {
    const held = await db.query<{ ms: string }>(
      `SELECT ceil(extract(epoch FROM locked_until - now()) * 1000) AS ms FROM wallet_refresh_locks
        WHERE member_id = $1 AND venue = $2`,
      [memberId, code],
    );
    throw new ApiError(CODE.refreshLocked, SERVER_MESSAGE.refreshLocked, 200, {
      retryAfterMs: Math.max(0, Number(held.rows[0]?.ms ?? VENUE_REFRESH_LOCK_MS)),
    });
  }
  const { balance } = await balanceOf(db, venueAccount(memberId, code));
  return { venue: toWallet(venue, balance), lockedUntil: new Date(rows[0].locked_until).getTime() };
}

/** The transaction record (/mine/record/transRecord): every movement of the member's wallets, newest first. */
export async function records(
  db: Db,
  memberId: number,
  q: {
    kind?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
    page: number;
    pageSize: number;
  },
): Promise<RecordPage> {
  // Movements (one row per entry on the member's accounts) and holds that moved nothing yet or never will
  // (pending or voided two-phase transfers out of the member's accounts: a withdrawal waiting, rejected or
  // cancelled), newest first. A posted hold shows as its entry.
  const params: unknown[] = [memberId];
  const where: string[] = [];
  if (q.kind) {
    params.push(q.kind);
    where.push(`r.kind = $${params.length}`);
  }
  if (q.from) {
    params.push(q.from);
    where.push(`r.at >= $${params.length}::date`);
  }
  if (q.to) {
    // Inclusive of the whole last day.
    params.push(q.to);
    where.push(`r.at < $${params.length}::date + 1`);
  }
  const from = `FROM (
      SELECT t.id, t.kind, coalesce(a.venue, a.kind) AS wallet, e.amount, e.balance_after, e.created_at AS at,
             NULL::text AS hold, e.id AS seq
        FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
        JOIN ledger_transfers t ON t.id = e.transfer_id
       WHERE a.member_id = $1
      UNION ALL
      SELECT t.id, t.kind, coalesce(a.venue, a.kind), -t.amount, NULL, coalesce(t.settled_at, t.created_at),
             CASE t.state WHEN 'pending' THEN 'held' ELSE 'released' END, NULL
        FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.debit_account
       WHERE a.member_id = $1 AND t.state IN ('pending', 'voided')
    ) r ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
  const total = await db.query<{ n: string }>(`SELECT count(*) AS n ${from}`, params);
  const offset = (q.page - 1) * q.pageSize;
  const { rows } = await db.query<{
    id: string;
    kind: string;
    wallet: string;
    amount: string;
    balance_after: string | null;
    at: Date | string;
    hold: 'held' | 'released' | null;
  }>(
    `SELECT r.id, r.kind, r.wallet, r.amount, r.balance_after, r.at, r.hold
       ${from} ORDER BY r.at DESC, r.seq DESC NULLS FIRST, r.id DESC LIMIT ${q.pageSize} OFFSET ${offset}`,
    params,
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      wallet: r.wallet,
      amount: Number(r.amount),
      balanceAfter: r.balance_after === null ? null : Number(r.balance_after),
      at: new Date(r.at).toISOString(),
      ...(r.hold ? { hold: r.hold } : {}),
    })),
    total: Number(total.rows[0]!.n),
    page: q.page,
    pageSize: q.pageSize,
  };
}
