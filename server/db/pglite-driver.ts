import { PGlite, types } from '@electric-sql/pglite';
import type { Db, Queryable, QueryResult } from './db.ts';

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

export function pgliteDb(pg: PGlite): Db {
  const base = wrap(pg);
  return {
    driver: 'pglite',
    query: base.query,
    async exec(sql) {
      await pg.exec(sql);
    },
    transaction(fn) {
      return pg.transaction((tx) => fn(wrap(tx)));
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
