// The fault tests' harness (issue 9 §6 approach; tests/server/*-crash.test.ts): a writer script (a module written
// to a temporary directory, run with tsx as its own process) works on a PGlite data directory or, in server-pg,
// a PostgreSQL schema of its own; it is killed with SIGKILL once it has printed `count` lines starting with
// `marker`; then the same script runs in `check` mode on the same data and prints one JSON line, which is answered.
// (Not a test file: vitest runs *.test.ts only.)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { openPg } from '../../server/db/pg-driver.ts';

const root = path.resolve('.');
/** A repository file as an import specifier for the writer's source. */
export const src = (p: string): string => JSON.stringify(pathToFileURL(path.join(root, p)).href);

function run(script: string, args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  return { child, stderr: () => err };
}

export interface CrashRun {
  /** The writer's source: `write` and `check` modes, argv [mode, where] (a data dir, or `url#schema`). */
  writer: string;
  /** A name for the temporary directory and schema. */
  name: string;
  /** Kill once this many lines starting with `marker` were printed. */
  marker: string;
  count: number;
  /** A line that means the work ended before the kill (the test then fails). */
  doneLine: string;
}

/** Writes, kills, checks; answers the check's JSON and cleans up after itself. */
export async function crashAndCheck<T>(o: CrashRun): Promise<T> {
  const cleanups: Array<() => Promise<void>> = [];
  try {
    const dir = await mkdtemp(path.join(tmpdir(), `qp-${o.name}-`));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const script = path.join(dir, `${o.name}-writer.mts`);
    await writeFile(script, o.writer);
    let data = path.join(dir, 'data');
    if (process.env.TEST_DB_DRIVER === 'pg') {
      const schema = `t_${o.name.replace(/\W/g, '')}_${randomBytes(4).toString('hex')}`;
      cleanups.push(async () => {
        const db = await openPg(process.env.DATABASE_URL!);
        await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await db.close();
      });
      data = `${process.env.DATABASE_URL}#${schema}`;
    }
    const writer = run(script, ['write', data]);
    const exited = new Promise<void>((resolve) => writer.child.on('exit', () => resolve()));
    let seen = 0;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`writer stalled:\n${writer.stderr()}`)), 200_000);
      writer.child.once('exit', () => reject(new Error(`writer ended early:\n${writer.stderr()}`)));
      createInterface({ input: writer.child.stdout! }).on('line', (line) => {
        if (line === o.doneLine) reject(new Error('the work finished before the kill'));
        if (!line.startsWith(o.marker)) return;
        seen++;
        if (seen === o.count) {
          clearTimeout(timer);
          writer.child.kill('SIGKILL');
          resolve();
        }
      });
    });
    await exited;
    const checker = run(script, ['check', data]);
    const out = await new Promise<string>((resolve, reject) => {
      let text = '';
      checker.child.stdout!.on('data', (c: Buffer) => (text += c.toString()));
      checker.child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(checker.stderr()))));
    });
    return JSON.parse(out.trim().split('\n').at(-1)!) as T;
  } finally {
    for (const c of cleanups.reverse()) await c();
  }
}
