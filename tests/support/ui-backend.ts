// The reference back end for the UI model tests (issue 18 §2): the real server process (`server/main.ts`, what
// `npm start` runs, API only here) on an embedded database of its own, an operator channel to change what it
// answers (maintenance, restrictions, configuration, the sandbox SMS), and an axios adapter that sends the API
// client's calls to it, records what travelled and can hold a call until a model step lets it through.
import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OPS_PATH, OPS_SECRET_HEADER } from '../../server/ops/endpoint.ts';
import { readOpsFile } from '../../server/ops/ops-file.ts';

export interface Travelled {
  method: string;
  /** The path and query the app asked for (no host). */
  url: string;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  body: unknown;
  /** HTTP status, or 0 when the call never reached the server (a held call failed as a network error). */
  status: number;
  answer: unknown;
  /** The order in which answers came back (calls are listed in the order they were made), once answered. */
  answered?: number;
}

interface Held {
  config: InternalAxiosRequestConfig;
  path: string;
  resolve: (outcome: 'send' | 'fail') => void;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Seeds the embedded database of `dataDir` and runs `data` on it (tests/support/ui-backend-data.ts). */
async function prepareData(dataDir: string, data: readonly string[]): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/ui-backend-data.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', UI_BACKEND_SQL: JSON.stringify(data) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`the test data could not be written (exit ${code}):\n${output}`);
}

/** Node's own fetch, kept before a test puts a page's relative `fetch` in its place. */
export const nodeFetch = globalThis.fetch;

const READY = /ready at (http:\/\/\S+?)\/? /;

export class UiBackend {
  /** Every API call the app made, in order (what travelled). */
  readonly calls: Travelled[] = [];
  private answers = 0;
  private held: Held[] = [];
  private holding: RegExp[] = [];
  private waiters: Array<() => void> = [];

  private constructor(
    readonly baseUrl: string,
    private readonly dataDir: string,
    private readonly child: ChildProcess,
  ) {}

  /**
   * Starts the server on a free port with a fresh embedded database (demo content seeded), plus `data`: SQL
   * statements for what a test needs and the demo seed lacks (e.g. a venue with more games than a page holds),
   * run on the seeded database before the server opens it.
   */
  static async start(options: { data?: readonly string[] } = {}): Promise<UiBackend> {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'qp-ui-'));
    if (options.data?.length) await prepareData(dataDir, options.data);
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        // API only: the pages are the ones this test renders.
        SERVE_STATIC: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const baseUrl = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const m = READY.exec(output);
        if (m?.[1]) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
    });
    const backend = new UiBackend(baseUrl, dataDir, child);
    // The socket of a page on another origin (the test page is http://localhost:3000) is told this host.
    await backend.ops('config', 'set', 'streamHost', new URL(baseUrl).host);
    return backend;
  }

  async stop(): Promise<void> {
    this.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    await rm(this.dataDir, { recursive: true, force: true });
  }

  /** An operator command (`npm run ops -- …`), through the running server's loopback endpoint. */
  async ops(...argv: string[]): Promise<string> {
    const file = await readOpsFile(this.dataDir);
    if (!file) throw new Error('the server wrote no ops file');
    const res = await fetch(`${file.url}${OPS_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [OPS_SECRET_HEADER]: file.secret },
      body: JSON.stringify({ argv }),
    });
    const body = (await res.json()) as { ok: boolean; output: string };
    if (!body.ok) throw new Error(`ops ${argv.join(' ')}: ${body.output}`);
    return body.output;
  }

  /** The site as a fresh visitor finds it: open, unrestricted. */
  async reset(): Promise<void> {
    await this.ops('maintenance', 'off');
    await this.ops('config', 'set', 'siteDomainUrl');
    const list = await this.ops('restrict', 'list');
    if (list !== 'no restrictions') {
      for (const line of list.split('\n')) await this.ops('restrict', 'remove', line.split('\t')[0]!);
    }
    this.calls.length = 0;
    this.holding = [];
    for (const h of this.held.splice(0)) h.resolve('fail');
  }

  /** Calls whose path matches are held until `release` or `fail` (a model step decides when they answer). */
  hold(...patterns: RegExp[]): void {
    this.holding = patterns;
  }

  /** The held calls' paths, oldest first. */
  heldPaths(): string[] {
    return this.held.map((h) => h.path);
  }

  /** Waits until a call matching `pattern` is held (the machine invoked its loader). */
  async waitForHeld(pattern: RegExp, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.held.some((h) => pattern.test(h.path))) {
      if (Date.now() > deadline)
        throw new Error(
          `no call matching ${pattern} was made (held: ${this.heldPaths().join(', ') || 'none'})`,
        );
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 20);
      });
    }
  }

  /** Lets the newest held call matching `pattern` reach the server. */
  async release(pattern: RegExp): Promise<void> {
    await this.waitForHeld(pattern);
    this.take(pattern).resolve('send');
  }

  /** Fails the newest held call matching `pattern` as a network error (it never reaches the server). */
  async fail(pattern: RegExp): Promise<void> {
    await this.waitForHeld(pattern);
    this.take(pattern).resolve('fail');
  }

  /**
   * The newest held call matching: an older one belongs to a request the app already gave up (its actor stopped,
   * e.g. a member-info call of a login the player left); the step is about the call under way now.
   */
  private take(pattern: RegExp): Held {
    const i = this.held.findLastIndex((h) => pattern.test(h.path));
    return this.held.splice(i, 1)[0]!;
  }

  /**
   * A page's own `fetch` (the sandbox venue pages' native client, src/lib/native-client.ts): to the server,
   * recorded, maybe held; a failed held call rejects as fetch does when no answer comes (a TypeError).
   */
  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const pathOnly = url.split('?')[0]!;
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(
      [...new Headers(init.headers).entries()].map(([k, v]) => [k.toLowerCase(), v]),
    );
    const text = typeof init.body === 'string' ? init.body : undefined;
    const record: Travelled = {
      method,
      url,
      headers,
      body: text ? (JSON.parse(text) as unknown) : undefined,
      status: 0,
      answer: null,
    };
    this.calls.push(record);
    if (this.holding.some((p) => p.test(pathOnly))) {
      const outcome = await new Promise<'send' | 'fail'>((resolve) => {
        this.held.push({ config: {} as InternalAxiosRequestConfig, path: pathOnly, resolve });
        this.waiters.splice(0).forEach((w) => w());
      });
      if (outcome === 'fail') throw new TypeError('Failed to fetch');
    }
    const res = await nodeFetch(`${this.baseUrl}${url}`, { method, headers, body: text });
    const raw = await res.text();
    let answer: unknown = raw;
    try {
      answer = JSON.parse(raw);
    } catch {
      // not JSON: kept as text
    }
    record.status = res.status;
    record.answer = answer;
    record.answered = ++this.answers;
    return new Response(raw, { status: res.status, statusText: res.statusText, headers: res.headers });
  };

  /** The API client's transport (src/api/client.ts setHttpAdapter): to the server, recorded, maybe held. */
  readonly adapter: AxiosAdapter = async (config) => {
    // A GET's query given as axios `params` (the venues lobby's `lobby`) travels in the address, as in a browser.
    const params = Object.entries((config.params ?? {}) as Record<string, unknown>).filter(
      ([, v]) => v !== undefined && v !== null,
    );
    const query = new URLSearchParams(params.map(([k, v]) => [k, String(v)])).toString();
    const url = `${config.url ?? ''}${query ? `${config.url?.includes('?') ? '&' : '?'}${query}` : ''}`;
    const pathOnly = url.split('?')[0]!;
    const headers = Object.fromEntries(
      Object.entries(AxiosHeaders.from(config.headers).toJSON()).map(([k, v]) => [
        k.toLowerCase(),
        String(v),
      ]),
    );
    const body =
      typeof config.data === 'string' && config.data ? (JSON.parse(config.data) as unknown) : config.data;
    const record: Travelled = {
      method: (config.method ?? 'get').toUpperCase(),
      url,
      headers,
      body,
      status: 0,
      answer: null,
    };
    this.calls.push(record);
    if (this.holding.some((p) => p.test(pathOnly))) {
      const outcome = await new Promise<'send' | 'fail'>((resolve) => {
        this.held.push({ config, path: pathOnly, resolve });
        this.waiters.splice(0).forEach((w) => w());
      });
      if (outcome === 'fail') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    }
    const res = await fetch(`${this.baseUrl}${url}`, {
      method: record.method,
      headers,
      body:
        record.method === 'GET' || record.method === 'HEAD' ? undefined : (config.data as string | undefined),
    });
    const text = await res.text();
    let answer: unknown = text;
    try {
      answer = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    record.status = res.status;
    record.answer = answer;
    record.answered = ++this.answers;
    if (process.env['UI_TRACE'])
      console.log('TRACE call', record.method, url, (answer as { status_code?: number } | null)?.status_code);
    const response = {
      data: answer,
      status: res.status,
      statusText: res.statusText,
      headers: Object.fromEntries(res.headers.entries()),
      config,
    };
    if (config.validateStatus?.(res.status) ?? (res.status >= 200 && res.status < 300)) return response;
    throw new AxiosError(
      `Request failed with status code ${res.status}`,
      res.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      null,
      response,
    );
  };
}
