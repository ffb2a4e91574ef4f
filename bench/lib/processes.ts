import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';

/** Every child the bench started; stopAll() (and the exit hook) ends whichever are still running. */
const children = new Set<ChildProcess>();

export function progress(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

export interface Spawned {
  child: ChildProcess;
  /** Milliseconds (performance.now) when spawn() was called. */
  spawnedAt: number;
  /** Resolves with the first stdout line that matches, and the time it was read. */
  waitForLine(pattern: RegExp, timeoutMs: number): Promise<{ line: string; at: number }>;
  /** Output kept for error messages (last lines of stdout and stderr). */
  tail(): string;
  stop(timeoutMs?: number): Promise<void>;
}

/** Spawns `node --import tsx <args>` in the repository, draining its output so it never blocks. */
export function spawnTsx(args: string[], env: NodeJS.ProcessEnv): Spawned {
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: process.cwd(),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      children.delete(child);
      resolve();
    });
  });
  const lines: string[] = [];
  type Waiter = { pattern: RegExp; resolve: (v: { line: string; at: number }) => void };
  const waiters: Waiter[] = [];
  const keep = (line: string) => {
    lines.push(line);
    if (lines.length > 40) lines.shift();
  };
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const at = performance.now();
    keep(line);
    for (const w of [...waiters]) {
      if (w.pattern.test(line)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve({ line, at });
      }
    }
  });
  createInterface({ input: child.stderr! }).on('line', (line) => keep(`stderr: ${line}`));
  const tail = () => lines.slice(-15).join('\n');

  return {
    child,
    spawnedAt,
    tail,
    waitForLine(pattern, timeoutMs) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          fail(new Error(`no line matching ${pattern} within ${timeoutMs} ms\n${tail()}`));
        }, timeoutMs);
        const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
          fail(new Error(`process exited (${code ?? signal}) before printing ${pattern}\n${tail()}`));
        const fail = (err: Error) => {
          clearTimeout(timer);
          child.off('exit', onExit);
          const i = waiters.indexOf(waiter);
          if (i >= 0) waiters.splice(i, 1);
          reject(err);
        };
        const waiter: Waiter = {
          pattern,
          resolve: (v) => {
            clearTimeout(timer);
            child.off('exit', onExit);
            resolve(v);
          },
        };
        waiters.push(waiter);
        child.once('exit', onExit);
      });
    },
    async stop(timeoutMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Ends every child still running: SIGTERM, then SIGKILL after a grace period. */
export async function stopAll(timeoutMs = 10_000): Promise<void> {
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}

/** Last resort on process exit: synchronous SIGKILL of anything left. */
export function killAllNow(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

/** A port that was free on 127.0.0.1 a moment ago (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen({ host: '127.0.0.1', port: 0 }, () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error('no port'))));
    });
  });
}

/** The environment for a real-server child: the caller's, minus settings that would change what is measured. */
export function serverEnv(over: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'PORT', 'HOST', 'DATA_DIR', 'SEED_DEMO', 'SERVE_STATIC', 'LOG_LEVEL']) {
    delete env[key];
  }
  return { ...env, ...over };
}
