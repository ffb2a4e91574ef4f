import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, progress, serverEnv, spawnTsx, type Spawned } from './processes.ts';

export const READY_LINE = /Site and API ready at (http:\/\/\S+?)\/? \((\d+) ms/;

export interface ColdStartRun {
  /** spawn() → the "ready at" line on stdout, as seen by the bench. */
  wallMs: number;
  /** The time main.ts itself reports in that line (from its first statement). */
  reportedMs: number;
}

export interface ColdStartResult {
  newDataDir: ColdStartRun;
  existingDataDir: ColdStartRun;
}

/** Starts `node --import tsx server/main.ts` on a free port and waits for its ready line. */
export async function startRealServer(
  dataDir: string,
): Promise<{ server: Spawned; url: string; run: ColdStartRun }> {
  const port = await freePort();
  const server = spawnTsx(
    ['server/main.ts'],
    serverEnv({ HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir }),
  );
  try {
    const { line, at } = await server.waitForLine(READY_LINE, 120_000);
    const m = READY_LINE.exec(line)!;
    return {
      server,
      url: m[1]!,
      run: { wallMs: at - server.spawnedAt, reportedMs: Number(m[2]) },
    };
  } catch (err) {
    await server.stop();
    throw err;
  }
}

/** The real server's start with an empty data directory (migrations + demo seed), then with that directory again. */
export async function measureColdStart(): Promise<ColdStartResult> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-cold-'));
  try {
    progress(`cold start: new data dir ${dataDir}`);
    const first = await startRealServer(dataDir);
    await first.server.stop();
    progress(`cold start: existing data dir`);
    const second = await startRealServer(dataDir);
    await second.server.stop();
    return { newDataDir: first.run, existingDataDir: second.run };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
