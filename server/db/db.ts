// One database interface, two drivers (PGlite embedded, pg for DATABASE_URL). Repositories see only this.

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface QueryOptions {
  /**
   * A name for the statement: on PostgreSQL each connection parses and plans it once and then only binds it (the
   * ledger's writes; a few tens of microseconds each). One name, one SQL text, for the life of the process.
   */
  prepare?: string;
}

export interface Queryable {
  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult<T>>;
}

export interface Db extends Queryable {
  readonly driver: 'pglite' | 'pg';
  /** Runs several statements (migrations). No parameters. */
  exec(sql: string): Promise<void>;
  /** Runs fn in one transaction; rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Subscribes to a notification channel (PostgreSQL LISTEN) of this database and schema; answers the
   * unsubscribe. Every node on the database hears every notification, its own included. Handlers must not
   * throw; a notification sent while a pg listener reconnects is lost.
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  /** Sends a notification now. Inside a transaction use `notifyOn(tx, ...)`: it is then sent on commit. */
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

/** Logical channel names: lower-case words, as LISTEN takes them without quoting. */
export const CHANNEL_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;

export function checkChannel(channel: string): void {
  if (!CHANNEL_PATTERN.test(channel)) throw new Error(`bad notification channel ${JSON.stringify(channel)}`);
}

/**
 * The database-wide channel of a logical channel: PostgreSQL channels are per database, not per schema, so a
 * schema other than public (test files sharing one PostgreSQL) gets its own prefix. The SQL and the JS forms
 * must agree: notify computes it in SQL (it works inside any transaction), listen in JS from current_schema().
 */
export const physicalChannel = (schema: string, channel: string) =>
  schema === 'public' ? channel : `${schema}__${channel}`;
const PHYSICAL_CHANNEL_SQL = `CASE WHEN current_schema() = 'public' THEN $1::text ELSE current_schema() || '__' || $1::text END`;

/** Sends a notification through q; inside a transaction PostgreSQL delivers it on commit (and never on rollback). */
export async function notifyOn(q: Queryable, channel: string, payload: string): Promise<void> {
  checkChannel(channel);
  await q.query(`SELECT pg_notify(${PHYSICAL_CHANNEL_SQL}, $2::text)`, [channel, payload]);
}
