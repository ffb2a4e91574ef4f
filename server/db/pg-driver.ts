import pg from 'pg';
import {
  checkChannel,
  notifyOn,
  physicalChannel,
  type Db,
  type Queryable,
  type QueryOptions,
  type QueryResult,
} from './db.ts';

// int8 as number: money is integer minor units well inside 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

/** A statement for node-pg: named when the caller asks for a prepared one. */
const statement = (sql: string, params: unknown[], options?: QueryOptions): pg.QueryConfig =>
  options?.prepare ? { name: options.prepare, text: sql, values: params } : { text: sql, values: params };

function wrap(c: pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<QueryResult<T>> {
      const r = await c.query(statement(sql, params, options));
      return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
    },
  };
}

/**
 * An error the database answered (a refused constraint, a raised exception): the connection is fine and goes
 * back to the pool. Anything else (a socket error, a protocol error) may have broken it: it is closed.
 */
const connectionStillGood = (err: unknown) => err instanceof pg.DatabaseError;

/**
 * One statement on a pooled connection. Not `pool.query`: that closes the connection after *any* error, so
 * every refused statement (a transfer the wallet cannot afford, a duplicate key) cost a new connection — a
 * TCP connect, authentication and a server process, ~4 ms, measured in the ledger bench.
 */
function poolQueryable(pool: pg.Pool): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<QueryResult<T>> {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        const r = await client.query(statement(sql, params, options));
        return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
      } catch (err) {
        if (!connectionStillGood(err)) broken = err instanceof Error ? err : new Error(String(err));
        throw err;
      } finally {
        client.release(broken);
      }
    },
  };
}

const LISTEN_RETRY_MIN_MS = 500;
const LISTEN_RETRY_MAX_MS = 30_000;

type Handler = (payload: string) => void;

/**
 * LISTEN needs a connection of its own that stays open (a pooled one would be handed to queries). One client
 * per Db, connected on the first listen; when it drops it reconnects with backoff and listens again.
 */
function pgListener(config: pg.ClientConfig) {
  const handlers = new Map<string, Set<Handler>>(); // by physical channel
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let schema: string | null = null;
  let closed = false;
  let retryMs = LISTEN_RETRY_MIN_MS;
  let retryTimer: NodeJS.Timeout | null = null;
  // One statement at a time on the listener's connection (pg does not queue them for us much longer).
  let chain: Promise<unknown> = Promise.resolve();
  const run = (c: pg.Client, sql: string): Promise<unknown> => {
    const next = chain.then(() => c.query(sql));
    chain = next.catch(() => {});
    return next;
  };

  const dispatch = (channel: string, payload: string) => {
    for (const handler of [...(handlers.get(channel) ?? [])]) {
      try {
        handler(payload);
      } catch (err) {
        console.error('notification handler failed', err);
      }
    }
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer || handlers.size === 0) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().catch(() => scheduleReconnect());
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MAX_MS);
  };

  const lost = (c: pg.Client, err?: Error) => {
    if (closed || c !== client) return;
    client = null;
    connecting = null;
    console.warn(`database listener lost${err ? `: ${err.message}` : ''}; reconnecting`);
    scheduleReconnect();
  };

  const connect = (): Promise<pg.Client> =>
    (connecting ??= (async () => {
      const c = new pg.Client(config);
      c.on('error', (err) => lost(c, err));
      c.on('end', () => lost(c));
      c.on('notification', (msg) => dispatch(msg.channel, msg.payload ?? ''));
      try {
        await c.connect();
        schema ??= (await c.query<{ s: string }>('SELECT current_schema() AS s')).rows[0]!.s;
        for (const name of handlers.keys()) await run(c, `LISTEN ${name}`);
      } catch (err) {
        connecting = null;
        c.removeAllListeners();
        c.on('error', () => {});
        await c.end().catch(() => {});
        throw err;
      }
      if (closed) {
        await c.end().catch(() => {});
        throw new Error('database closed');
      }
      client = c;
      retryMs = LISTEN_RETRY_MIN_MS;
      return c;
    })());

  return {
    async listen(channel: string, handler: Handler): Promise<() => Promise<void>> {
      checkChannel(channel);
      if (closed) throw new Error('database closed');
      const c = await connect();
      const name = physicalChannel(schema!, channel);
      let set = handlers.get(name);
      if (!set) handlers.set(name, (set = new Set()));
      set.add(handler);
      if (set.size === 1) await run(c, `LISTEN ${name}`);
      return async () => {
        const current = handlers.get(name);
        if (!current?.delete(handler) || current.size > 0) return;
        handlers.delete(name);
        if (client && !closed) await run(client, `UNLISTEN ${name}`).catch(() => {});
      };
    },
    async close(): Promise<void> {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const c = client ?? (connecting ? await connecting.catch(() => null) : null);
      client = null;
      if (c) await c.end().catch(() => {});
    },
  };
}

/** schema: every connection uses it as search_path (tests isolate each file in its own schema). */
export async function openPg(url: string, schema?: string): Promise<Db> {
  const options = schema ? { options: `-c search_path=${schema}` } : {};
  const pool = new pg.Pool({ connectionString: url, max: 10, ...options });
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  const base = poolQueryable(pool);
  const listener = pgListener({ connectionString: url, keepAlive: true, ...options });
  return {
    driver: 'pg',
    query: base.query,
    async exec(sql) {
      await base.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        // A rollback that fails leaves the connection in an unknown state: it is closed, not pooled.
        await client.query('ROLLBACK').catch((rollbackErr: unknown) => {
          broken = rollbackErr instanceof Error ? rollbackErr : new Error(String(rollbackErr));
        });
        throw err;
      } finally {
        client.release(broken);
      }
    },
    listen: listener.listen,
    notify(channel, payload) {
      return notifyOn(base, channel, payload);
    },
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}
