import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** `npm run ops -- ...` against the server under test (it reaches the running server through DATA_DIR). */
export async function ops(dataDir: string, ...argv: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/ops/cli.ts', ...argv], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  });
  return stdout.trim();
}
