import { configFromEnv } from '../config.ts';
import { openDatabase } from '../db/open.ts';
import { OPS_USAGE, OpsUsageError, runOpsCommand } from './commands.ts';
import { OPS_PATH, OPS_SECRET_HEADER } from './endpoint.ts';
import { processAlive, readOpsFile } from './ops-file.ts';

// `npm run ops -- <command>`: through the running server when there is one (PGlite is one process a
// data directory), otherwise straight against the database.
async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help') {
    console.log(OPS_USAGE);
    return argv.length === 0 ? 2 : 0;
  }
  const config = configFromEnv();
  const running = config.databaseUrl ? null : await readOpsFile(config.dataDir);
  if (running && processAlive(running.pid)) {
    const res = await fetch(running.url + OPS_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [OPS_SECRET_HEADER]: running.secret },
      body: JSON.stringify({ argv }),
    });
    const body = (await res.json()) as { ok: boolean; output: string };
    (body.ok ? console.log : console.error)(body.output);
    if (res.status === 400) console.error(OPS_USAGE);
    return body.ok ? 0 : 2;
  }
  const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    console.log(await runOpsCommand(db, argv));
    return 0;
  } catch (err) {
    if (err instanceof OpsUsageError) {
      console.error(err.message + '\n' + OPS_USAGE);
      return 2;
    }
    throw err;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
