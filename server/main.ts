import { randomBytes } from 'node:crypto';
import { buildApp } from './app.ts';
import { configFromEnv } from './config.ts';
import { openDatabase } from './db/open.ts';
import { seedDemo } from './db/seed.ts';
import { CACHE_SWEEP_INTERVAL_MS, sweepExpiredCaches, sweepOldRecords } from './modules/cache/sweep.ts';
import { processAlive, readOpsFile, removeOpsFile, writeOpsFile } from './ops/ops-file.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const started = performance.now();
  const config = configFromEnv();
  const embedded = !config.databaseUrl;

  if (embedded) {
    const running = await readOpsFile(config.dataDir);
    if (running && running.pid !== process.pid && processAlive(running.pid)) {
      console.error(
        `Another server (pid ${running.pid}) is using ${config.dataDir}; stop it or set DATA_DIR.`,
      );
      process.exit(1);
    }
  }

  const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  if (config.seedDemo && (await seedDemo(db))) console.log('Seeded demo content.');

  const opsSecret = randomBytes(24).toString('hex');
  const app = await buildApp(config, { db, opsSecret: embedded ? opsSecret : null });
  await app.listen({ host: config.host, port: config.port });
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
  if (embedded) await writeOpsFile(config.dataDir, { url, secret: opsSecret, pid: process.pid });
  console.log(
    `Site and API ready at ${url}/ (${Math.round(performance.now() - started)} ms, ${embedded ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
  );

  const sweep = setInterval(() => {
    Promise.all([sweepExpiredCaches(db), sweepOldRecords(db)]).catch((err: unknown) =>
      app.log.warn({ err }, 'sweep failed'),
    );
  }, CACHE_SWEEP_INTERVAL_MS).unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    clearInterval(sweep);
    try {
      await app.close();
      if (embedded) await removeOpsFile(config.dataDir);
      await db.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
