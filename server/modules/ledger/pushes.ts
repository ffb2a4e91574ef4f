// The balance pushes of the ledger's writes (msgId 20002; docs/decisions/0017-ledger.md, "Live balance").
//
// The write functions of migration 009 answer, for each member central wallet they moved, [member, balance
// after, change, entry id]; they do not NOTIFY themselves. PostgreSQL holds one lock for every transaction that
// notifies, from its commit until the commit is on disk, so a NOTIFY inside each money write made every money
// commit on every node wait in one line (measured in the bench: 1,214 → 1,744 transfers/s without it).
// - A write inside a caller's transaction (`transferIn`) publishes inside it: the pushes go out on that
//   transaction's commit, never on a rollback.
// - A write that is its own transaction (`transfer`, `settle`) hands its pushes to this node's batch for the
//   database once it has committed: one NOTIFY per turn of the event loop carries every push of the writes
//   that finished in it. A node that dies between a commit and that NOTIFY loses those pushes (the balance is
//   in the ledger; the page reads it again on its next load or refresh); a rolled-back write has none.
// Receivers drop a push older than one already sent (`BalanceEvent.seq`), so batches of several nodes may
// arrive in any order.
import type { Db, Queryable } from '../../db/db.ts';
import { publishBalanceChanges, type BalanceEvent } from '../../stream/channels.ts';

/** [member, balance after, change, entry id], as the write functions answer it. */
type RawPush = [number, number, number, number];

const isRawPush = (v: unknown): v is RawPush =>
  Array.isArray(v) && v.length === 4 && v.every((n) => Number.isSafeInteger(n));

/** The pushes of one write, with the transfer's kind as the reason. */
export function pushesOf(raw: unknown, reason: string): BalanceEvent[] {
  if (!Array.isArray(raw)) return [];
  const at = new Date().toISOString();
  return raw.filter(isRawPush).map(([memberId, balance, change, seq]) => ({
    memberId,
    balance,
    change,
    reason,
    at,
    seq,
  }));
}

/** Inside the caller's transaction: sent on its commit. */
export function publishWithin(tx: Queryable, events: readonly BalanceEvent[]): Promise<void> {
  return events.length ? publishBalanceChanges(tx, events) : Promise.resolve();
}

interface Batch {
  events: BalanceEvent[];
  scheduled: boolean;
}

const batches = new WeakMap<Db, Batch>();

/** After a committed write: joins this turn's batch for the database, sent at the end of the turn. */
export function publishAfterCommit(db: Db, events: readonly BalanceEvent[]): void {
  if (!events.length) return;
  let batch = batches.get(db);
  if (!batch) batches.set(db, (batch = { events: [], scheduled: false }));
  batch.events.push(...events);
  if (batch.scheduled) return;
  batch.scheduled = true;
  const b = batch;
  setImmediate(() => {
    const out = b.events;
    b.events = [];
    b.scheduled = false;
    publishBalanceChanges(db, out).catch((err: unknown) => {
      // The database went away (shutdown) or refused: the balances are in the ledger; only the pushes are lost.
      console.warn(
        `balance pushes not sent (${out.length}): ${err instanceof Error ? err.message : String(err)}`,
      );
    });
  });
}
