import { mkdir } from 'node:fs/promises';
import type { Db } from './db.ts';
import { migrate } from './migrate.ts';
import { openPg } from './pg-driver.ts';
import { openPglite } from './pglite-driver.ts';

export const MEMORY_DATA_DIR = 'memory://';

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(opts: { dataDir: string; databaseUrl?: string | undefined }): Promise<Db> {
  let db: Db;
  if (opts.databaseUrl) {
    db = await openPg(opts.databaseUrl);
  } else if (opts.dataDir === MEMORY_DATA_DIR) {
    db = await openPglite(undefined);
  } else {
    await mkdir(opts.dataDir, { recursive: true });
    db = await openPglite(opts.dataDir);
  }
  await migrate(db);
  return db;
}
