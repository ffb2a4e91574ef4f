// The real app (buildApp) on an in-memory PGlite database seeded with the demo content, API only.
import { buildApp } from '../../server/app.ts';
import type { ServerConfig } from '../../server/config.ts';
import { MEMORY_DATA_DIR, openDatabase } from '../../server/db/open.ts';
import { seedDemo } from '../../server/db/seed.ts';
import { DEV_SIGNING_SECRET } from '../../server/security/signing.ts';

const config: ServerConfig = {
  host: '127.0.0.1',
  port: 0,
  dataDir: MEMORY_DATA_DIR,
  databaseUrl: undefined,
  signingSecret: DEV_SIGNING_SECRET,
  staticDir: null,
  seedDemo: true,
  logLevel: 'silent',
  trustProxy: false,
};

const db = await openDatabase({ dataDir: config.dataDir });
await seedDemo(db);
const app = await buildApp(config, { db, opsSecret: null });
const address = await app.listen({ host: config.host, port: config.port });
console.log(`LISTENING ${new URL(address).port}`);

const stop = () =>
  void app
    .close()
    .then(() => db.close())
    .finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
