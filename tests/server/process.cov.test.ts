// The server process (server/main.ts) and the operator command line (server/ops/cli.ts), run inside the test
// process: each entry module is imported afresh with its environment and argv, process.exit is recorded
// instead of taken, and the server's SIGTERM handler is called directly. Both use the embedded database in a
// folder of their own (DATABASE_URL is cleared), whichever driver the other server tests use.
// Behaviour: README "Configuration (environment)", "Operator commands"; docs/api.md "Operator endpoint";
// docs/architecture.md "Back end" (main: listen, seed, ops file, graceful shutdown).
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configFromEnv, DEFAULT_HOST, DEFAULT_PORT } from '../../server/config.ts';
import { MEMORY_DATA_DIR, openDatabase } from '../../server/db/open.ts';
import { OPS_USAGE } from '../../server/ops/commands.ts';
import {
  opsFilePath,
  processAlive,
  readOpsFile,
  removeOpsFile,
  writeOpsFile,
} from '../../server/ops/ops-file.ts';
import { DEV_SIGNING_SECRET } from '../../server/security/signing.ts';
import { CODE } from '../../src/protocol/api.ts';
import { clientHeaders } from '../support/test-app.ts';

const PRE_INFO = '/site/api/v1/configuration/preInfo';
const NOTICES = '/site/api/v1/advertising/queryNoticeList';
const SECRET = 'process-test-signing-secret';

/** A port nothing listens on right now (main.ts prints and records the port it was given). */
async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as { port: number };
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

/** A pid no process has: a short-lived child that already exited. */
async function deadPid(): Promise<number> {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, ['-e', '0']);
  const pid = child.pid!;
  await new Promise((resolve) => child.once('exit', resolve));
  return pid;
}

class ExitCalled extends Error {}

interface Run {
  exits: number[];
  out: string[];
  err: string[];
}

/**
 * Imports an entry module afresh with this environment and argv. process.exit is recorded; with
 * `stopAtFirstExit` the first call throws (as a real exit would stop the code there).
 */
async function runEntry(
  load: () => Promise<unknown>,
  env: Record<string, string>,
  argv: string[] = [],
  opts: { stopAtFirstExit?: boolean } = {},
): Promise<Run> {
  const run: Run = { exits: [], out: [], err: [] };
  vi.resetModules();
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
  vi.spyOn(console, 'log').mockImplementation(
    (...a: unknown[]) => void run.out.push(a.map(String).join(' ')),
  );
  vi.spyOn(console, 'error').mockImplementation(
    (...a: unknown[]) => void run.err.push(a.map(String).join(' ')),
  );
  vi.spyOn(process, 'exit').mockImplementation(((code?: number) => {
    run.exits.push(code ?? 0);
    if (opts.stopAtFirstExit && run.exits.length === 1) throw new ExitCalled(`exit ${code}`);
  }) as never);
  const argvBefore = process.argv;
  process.argv = [process.execPath, 'entry.ts', ...argv];
  try {
    await load();
  } finally {
    process.argv = argvBefore;
  }
  return run;
}

const untilExit = (run: Run) =>
  vi.waitFor(() => expect(run.exits.length).toBeGreaterThan(0), { timeout: 30_000, interval: 20 });

const cli = async (dataDir: string, ...argv: string[]) => {
  const run = await runEntry(
    () => import('../../server/ops/cli.ts'),
    { DATA_DIR: dataDir, DATABASE_URL: '' },
    argv,
  );
  await untilExit(run);
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  return run;
};

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'qp-process-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('configFromEnv (README: Configuration)', () => {
  it('has the documented defaults', () => {
    const c = configFromEnv({});
    expect(c).toEqual({
      host: '127.0.0.1',
      port: 8080,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      signingSecret: DEV_SIGNING_SECRET,
      staticDir: path.resolve('dist'),
      seedDemo: true,
      logLevel: 'info',
      trustProxy: false,
    });
    expect([DEFAULT_HOST, DEFAULT_PORT]).toEqual(['127.0.0.1', 8080]);
  });

  it('reads every variable', () => {
    const c = configFromEnv({
      HOST: '0.0.0.0',
      PORT: '9090',
      DATA_DIR: 'some/dir',
      DATABASE_URL: 'postgres://db/x',
      API_SIGNING_SECRET: 'own',
      SERVE_STATIC: '0',
      SEED_DEMO: '0',
      LOG_LEVEL: 'silent',
      TRUST_PROXY: 'true',
    });
    expect(c).toEqual({
      host: '0.0.0.0',
      port: 9090,
      dataDir: path.resolve('some/dir'),
      databaseUrl: 'postgres://db/x',
      signingSecret: 'own',
      staticDir: null,
      seedDemo: false,
      logLevel: 'silent',
      trustProxy: true,
    });
  });

  it('takes a proxy list for TRUST_PROXY and reads an empty DATABASE_URL as none', () => {
    const c = configFromEnv({ TRUST_PROXY: '10.0.0.1,10.0.0.2', DATABASE_URL: '', SERVE_STATIC: '1' });
    expect(c.trustProxy).toBe('10.0.0.1,10.0.0.2');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.staticDir).toBe(path.resolve('dist'));
    expect(c.seedDemo).toBe(true);
  });
});

describe('the ops file (README: DATA_DIR/server.json)', () => {
  it('is written owner-only, read back, and removed; a missing or broken file reads as none', async () => {
    const dir = await mkdtemp(path.join(tmp, 'ops-'));
    expect(opsFilePath(dir)).toBe(path.join(dir, 'server.json'));
    expect(await readOpsFile(dir)).toBeNull();
    await writeOpsFile(dir, { url: 'http://127.0.0.1:1', secret: 'abc', pid: 42 });
    expect(await readOpsFile(dir)).toEqual({ url: 'http://127.0.0.1:1', secret: 'abc', pid: 42 });
    expect((await stat(opsFilePath(dir))).mode & 0o777).toBe(0o600);
    await removeOpsFile(dir);
    expect(await readOpsFile(dir)).toBeNull();
    await removeOpsFile(dir); // nothing to remove: no error
    await writeFile(opsFilePath(dir), '{ not json');
    expect(await readOpsFile(dir)).toBeNull();
  });

  it('tells a live process from one that has gone', async () => {
    expect(processAlive(process.pid)).toBe(true);
    expect(processAlive(await deadPid())).toBe(false);
  });
});

// Opening an embedded database takes seconds on a busy machine.
describe('openDatabase', { timeout: 60_000 }, () => {
  it('memory:// opens an in-memory embedded database with every migration applied', async () => {
    expect(MEMORY_DATA_DIR).toBe('memory://');
    const db = await openDatabase({ dataDir: MEMORY_DATA_DIR });
    try {
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
      const files = (await readdir(path.resolve('server/db/migrations'))).filter((f) => f.endsWith('.sql'));
      expect(files.length).toBeGreaterThanOrEqual(5);
      expect(rows[0]!.n).toBe(files.length);
      expect(db.driver).toBe('pglite');
    } finally {
      await db.close();
    }
  });
});

describe(
  'the server process (server/main.ts) and npm run ops (server/ops/cli.ts)',
  { timeout: 60_000 },
  () => {
    let dataDir: string;
    let port: number;
    let server: Run;
    let sigterm: (() => void) | undefined;
    let sigint: (() => void) | undefined;
    const handlersBefore = { SIGINT: [] as unknown[], SIGTERM: [] as unknown[] };
    const addedHandlers = () => ({
      SIGINT: process.listeners('SIGINT').filter((l) => !handlersBefore.SIGINT.includes(l)),
      SIGTERM: process.listeners('SIGTERM').filter((l) => !handlersBefore.SIGTERM.includes(l)),
    });

    beforeAll(async () => {
      dataDir = path.join(tmp, 'data');
      port = await freePort();
      handlersBefore.SIGINT = process.listeners('SIGINT');
      handlersBefore.SIGTERM = process.listeners('SIGTERM');
    });
    afterAll(async () => {
      // Whatever happened above: stop the server if it still runs, and leave no handler behind.
      const added = addedHandlers();
      if (sigterm && (await readOpsFile(dataDir))) {
        vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
        sigterm();
        await vi.waitFor(async () => expect(await readOpsFile(dataDir)).toBeNull(), { timeout: 20_000 });
        vi.restoreAllMocks();
      }
      for (const l of added.SIGINT) process.off('SIGINT', l as () => void);
      for (const l of added.SIGTERM) process.off('SIGTERM', l as () => void);
      vi.useRealTimers();
    });

    it('starts: migrates and seeds a new DATA_DIR, listens on HOST:PORT and writes the ops file', async () => {
      // Only the intervals are simulated (the 10-minute cache sweep below); nothing else here uses one.
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      server = await runEntry(() => import('../../server/main.ts'), {
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        HOST: '127.0.0.1',
        PORT: String(port),
        API_SIGNING_SECRET: SECRET,
        SERVE_STATIC: '0',
        SEED_DEMO: '1',
        LOG_LEVEL: 'silent',
      });
      await vi.waitFor(async () => expect(await readOpsFile(dataDir)).not.toBeNull(), {
        timeout: 40_000,
        interval: 50,
      });
      const added = addedHandlers();
      expect(added.SIGINT).toHaveLength(1);
      expect(added.SIGTERM).toHaveLength(1);
      sigterm = added.SIGTERM[0] as () => void;
      sigint = added.SIGINT[0] as () => void;
      vi.restoreAllMocks(); // the server keeps running; console and exit are the test's again
      vi.unstubAllEnvs();

      const ops = (await readOpsFile(dataDir))!;
      expect(ops.url).toBe(`http://127.0.0.1:${port}`);
      expect(ops.pid).toBe(process.pid);
      expect(ops.secret).toMatch(/^[0-9a-f]{48}$/);
      expect((await stat(opsFilePath(dataDir))).mode & 0o777).toBe(0o600);
      expect(server.exits).toEqual([]);
      expect(server.out).toContain('Seeded demo content.');
      expect(server.out.find((l) => l.startsWith('Site and API ready at'))).toMatch(
        new RegExp(
          `^Site and API ready at http://127\\.0\\.0\\.1:${port}/ \\(\\d+ ms, embedded database in ${dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\)$`,
        ),
      );

      // It answers with the configured signing secret, and the demo content is there.
      const res = await fetch(ops.url + PRE_INFO, {
        method: 'POST',
        headers: { ...clientHeaders(PRE_INFO, SECRET), 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as {
        status_code: number;
        data: { SiteBaseConfigVo: { title: string } };
      };
      expect(body.status_code).toBe(CODE.success);
      expect(body.data.SiteBaseConfigVo.title).toBe('星耀棋牌 · 棋牌 体育 真人 电子 彩票');
      const devSigned = await fetch(ops.url + PRE_INFO, {
        method: 'POST',
        headers: { ...clientHeaders(PRE_INFO, DEV_SIGNING_SECRET), 'content-type': 'application/json' },
        body: '{}',
      });
      expect(((await devSigned.json()) as { status_code: number }).status_code).toBe(CODE.apiAuth);
      const notices = await fetch(ops.url + NOTICES, {
        method: 'POST',
        headers: { ...clientHeaders(NOTICES, SECRET), 'content-type': 'application/json' },
        body: JSON.stringify({ category: 1 }),
      });
      expect(((await notices.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    });

    it('ops goes through the running server: output on stdout, exit 0', async () => {
      const run = await cli(dataDir, 'maintenance', 'on');
      expect(run.exits).toEqual([0]);
      expect(run.out).toEqual(['maintenance on: maintainConfig.status = 0']);
      const ops = (await readOpsFile(dataDir))!;
      const res = await fetch(ops.url + PRE_INFO, {
        method: 'POST',
        headers: { ...clientHeaders(PRE_INFO, SECRET), 'content-type': 'application/json' },
        body: '{}',
      });
      expect(
        ((await res.json()) as { data: { maintainConfig: { status: number } } }).data.maintainConfig.status,
      ).toBe(0);
      expect((await cli(dataDir, 'maintenance', 'off')).out).toEqual([
        'maintenance off: maintainConfig.status = 1',
      ]);
    });

    it('ops through the server: a usage error prints the message and the usage on stderr, exit 2', async () => {
      const run = await cli(dataDir, 'maintenance', 'maybe');
      expect(run.exits).toEqual([2]);
      expect(run.out).toEqual([]);
      expect(run.err).toEqual(['maintenance takes on, off or status', OPS_USAGE]);
    });

    it('a second server on a DATA_DIR that another live process holds refuses to start (exit 1)', async () => {
      const held = await mkdtemp(path.join(tmp, 'held-'));
      await writeOpsFile(held, { url: 'http://127.0.0.1:1', secret: 'x', pid: process.ppid });
      const run = await runEntry(
        () => import('../../server/main.ts'),
        { DATA_DIR: held, DATABASE_URL: '', PORT: String(port), SERVE_STATIC: '0', LOG_LEVEL: 'silent' },
        [],
        { stopAtFirstExit: true },
      );
      await untilExit(run);
      expect(run.exits[0]).toBe(1);
      expect(run.err[0]).toBe(
        `Another server (pid ${process.ppid}) is using ${held}; stop it or set DATA_DIR.`,
      );
      // It opened nothing: the running server's ops file and port are untouched.
      expect((await readOpsFile(held))!.pid).toBe(process.ppid);
      expect(addedHandlers().SIGTERM).toHaveLength(1);
    });

    it('sweeps expired json-cache rows every 10 minutes (CACHE_SWEEP_INTERVAL_MS) and keeps live ones', async () => {
      const ops = (await readOpsFile(dataDir))!;
      const put = async (key: string, ttl: number) => {
        const url = `/api/json-cache/${key}`;
        const res = await fetch(ops.url + url, {
          method: 'POST',
          headers: { ...clientHeaders(url, SECRET), 'content-type': 'application/json' },
          body: JSON.stringify({ data: 'U2FsdGVkX1+abc', ttl }),
        });
        expect(((await res.json()) as { status_code: number }).status_code).toBe(CODE.success);
      };
      await put('short', 1);
      await put('long', 3600);
      await new Promise((r) => setTimeout(r, 1_200)); // the short one expires (1 s)
      vi.advanceTimersByTime(10 * 60_000);
      // The sweep is two DELETEs fired by the interval; give them time before the server closes the database.
      await new Promise((r) => setTimeout(r, 1_500));
      expect(server.exits).toEqual([]);
    });

    it('SIGINT closes the server, removes the ops file and exits 0 (a later SIGTERM does nothing more)', async () => {
      expect(sigint).toBeDefined();
      const exits: number[] = [];
      vi.spyOn(process, 'exit').mockImplementation(((code?: number) => void exits.push(code ?? 0)) as never);
      const ops = (await readOpsFile(dataDir))!;
      sigint!();
      sigterm!();
      await vi.waitFor(() => expect(exits).toEqual([0]), { timeout: 20_000, interval: 20 });
      expect(await readOpsFile(dataDir)).toBeNull();
      await expect(fetch(ops.url + PRE_INFO, { method: 'POST' })).rejects.toThrow();
      expect(exits).toEqual([0]);
      vi.useRealTimers();

      // What the server stored is on disk; the sweep above removed the expired row only.
      const db = await openDatabase({ dataDir });
      try {
        const { rows } = await db.query<{ key: string }>('SELECT key FROM json_cache ORDER BY key');
        expect(rows.map((r) => r.key)).toEqual(['test-device-0001/long']);
      } finally {
        await db.close();
      }
    });

    it('ops without a running server opens the database itself (what the server stored is there)', async () => {
      const run = await cli(dataDir, 'config', 'get', 'title');
      expect(run.exits).toEqual([0]);
      expect(run.out).toEqual(['title = "星耀棋牌 · 棋牌 体育 真人 电子 彩票"']);
    });

    it('ops ignores an ops file left by a process that has gone', async () => {
      await writeOpsFile(dataDir, { url: 'http://127.0.0.1:1', secret: 'x', pid: await deadPid() });
      const run = await cli(dataDir, 'maintenance', 'status');
      expect(run.exits).toEqual([0]);
      expect(run.out).toEqual(['maintenance is off']);
      await removeOpsFile(dataDir);
    });

    it('ops straight against the database: a usage error prints the message and the usage, exit 2', async () => {
      const run = await cli(dataDir, 'restrict', 'add', 'nope');
      expect(run.exits).toEqual([2]);
      expect(run.err).toEqual([`restrict add needs an IP address or CIDR range\n${OPS_USAGE}`]);
    });
  },
);

describe('npm run ops without a command, or help', () => {
  it('no command prints the usage and exits 2; help and --help exit 0', async () => {
    const none = await cli(path.join(tmp, 'unused'));
    expect(none).toMatchObject({ exits: [2], out: [OPS_USAGE], err: [] });
    expect(await cli(path.join(tmp, 'unused'), 'help')).toMatchObject({ exits: [0], out: [OPS_USAGE] });
    expect(await cli(path.join(tmp, 'unused'), '--help')).toMatchObject({ exits: [0], out: [OPS_USAGE] });
  });

  it('a failure that is no usage error prints its message and exits 1', async () => {
    // The recorded server is not there: the command cannot reach it.
    const dir = await mkdtemp(path.join(tmp, 'gone-'));
    await writeOpsFile(dir, { url: `http://127.0.0.1:${await freePort()}`, secret: 'x', pid: process.pid });
    const run = await cli(dir, 'maintenance', 'status');
    expect(run.exits).toEqual([1]);
    expect(run.err).toEqual(['fetch failed']);
  });
});
