import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../server/db/migrate.ts';
import { PGlite } from '@electric-sql/pglite';
import { pgliteDb } from '../../server/db/pglite-driver.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
  }
}

// A new PGlite database costs seconds: create and migrate one once, and let each test file start from a
// copy of its data directory (architecture notes).
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'qp-test-db-'));
  const pg = await PGlite.create();
  await migrate(pgliteDb(pg));
  const dump = await pg.dumpDataDir('none');
  const file = path.join(dir, 'migrated.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await pg.close();
  project.provide('pgliteDump', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
