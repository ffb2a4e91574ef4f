// Run by tests/support/ui-backend.ts before the UI tests' server starts (`node --import tsx`, its own process:
// the embedded database allows one process per data directory): creates the database as the server would on its
// first start — migrated, the demo content seeded — then runs the SQL a UI test gives for the data the demo seed
// lacks (UI_BACKEND_SQL, a JSON list of statements). The server then finds the seed done and keeps those rows.
import { openDatabase } from '../../server/db/open.ts';
import { seedDemo } from '../../server/db/seed.ts';

const dataDir = process.env['DATA_DIR'];
if (!dataDir) throw new Error('DATA_DIR is not set');
const statements = JSON.parse(process.env['UI_BACKEND_SQL'] ?? '[]') as string[];

const db = await openDatabase({ dataDir });
try {
  await seedDemo(db);
  for (const sql of statements) await db.query(sql);
} finally {
  await db.close();
}
