import { PGlite, types } from '@electric-sql/pglite';
import { checkChannel, notifyOn, physicalChannel, type Db, type Queryable, type QueryResult } from './db.ts';

// int8 as number: money is integer minor units well inside 2^53.
const parsers = { [types.INT8]: (v: string) => Number(v) };

function wrap(q: Pick<PGlite, 'query'>): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const r = await q.query<T>(sql, params);
      // rowCount as node-pg reports it (the command tag): rows returned by a SELECT, rows changed by DML.
      // affectedRows is 0 for a SELECT, which made `SELECT ... rowCount > 0` checks always false.
      return { rows: r.rows, rowCount: r.rowCount ?? r.affectedRows ?? r.rows.length };
    },
  };
}

/** A handler that throws must not break the driver's message loop. */
function guarded(handler: (payload: string) => void): (payload: string) => void {
  return (payload) => {
    try {
      handler(payload);
    } catch (err) {
      console.error('notification handler failed', err);
    }
  };
}

export function pgliteDb(pg: PGlite): Db {
  const base = wrap(pg);
  let schema: Promise<string> | null = null;
  const currentSchema = () =>
    (schema ??= pg.query<{ s: string }>('SELECT current_schema() AS s').then((r) => r.rows[0]!.s));
  return {
    driver: 'pglite',
    query: base.query,
    async exec(sql) {
      await pg.exec(sql);
    },
    transaction(fn) {
      return pg.transaction((tx) => fn(wrap(tx)));
    },
    async listen(channel, handler) {
      checkChannel(channel);
      // One process, one connection: LISTEN and NOTIFY share it, and a notification sent inside a transaction
      // arrives when it commits, as on PostgreSQL.
      const unlisten = await pg.listen(physicalChannel(await currentSchema(), channel), guarded(handler));
      return async () => {
        if (!pg.closed) await unlisten();
      };
    },
    notify(channel, payload) {
      return notifyOn(base, channel, payload);
    },
    async close() {
      if (!pg.closed) await pg.close();
    },
  };
}

/** dataDir: a folder, or undefined for memory. loadDataDir: a dump made by `dumpDataDir` (tests start from one). */
export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Db> {
  const pg = await PGlite.create(dataDir ? `file://${dataDir}` : undefined, { parsers, loadDataDir });
  return pgliteDb(pg);
}
