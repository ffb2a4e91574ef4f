import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Written into DATA_DIR while a server runs: how the operator command line reaches it. */
export interface OpsFile {
  url: string;
  secret: string;
  pid: number;
}

export const opsFilePath = (dataDir: string) => path.join(dataDir, 'server.json');

export async function readOpsFile(dataDir: string): Promise<OpsFile | null> {
  try {
    return JSON.parse(await readFile(opsFilePath(dataDir), 'utf8')) as OpsFile;
  } catch {
    return null;
  }
}

export async function writeOpsFile(dataDir: string, file: OpsFile): Promise<void> {
  await writeFile(opsFilePath(dataDir), JSON.stringify(file), { mode: 0o600 });
}

export async function removeOpsFile(dataDir: string): Promise<void> {
  await rm(opsFilePath(dataDir), { force: true });
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
