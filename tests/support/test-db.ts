import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { Db } from '../../server/db/db.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openPg } from '../../server/db/pg-driver.ts';
import { openPglite } from '../../server/db/pglite-driver.ts';

/**
 * A fresh, migrated database for one test file: a copy of the migrated PGlite dump, or (TEST_DB_DRIVER=pg)
 * a new schema on DATABASE_URL that is dropped on close.
 */
export async function createTestDb(): Promise<Db> {
  if (process.env.TEST_DB_DRIVER === 'pg') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('TEST_DB_DRIVER=pg needs DATABASE_URL');
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const db = await openPg(url, schema);
    await migrate(db);
    const close = db.close.bind(db);
    return {
      ...db,
      async close() {
        await db.exec(`DROP SCHEMA ${schema} CASCADE`);
        await close();
      },
    };
  }
  const dump = await readFile(inject('pgliteDump'));
  const db = await openPglite(undefined, new Blob([dump]));
  await migrate(db);
  return db;
}
