import autocannon from 'autocannon';
import { CODE } from '../../src/protocol/api.ts';
import { clientHeaders } from '../../tests/support/test-app.ts';
import { progress, spawnTsx, type Spawned } from './processes.ts';

export const LOAD = { connections: 10, durationS: 5, warmupS: 2, rounds: 2 } as const;
export const PRE_INFO_PATH = '/site/api/v1/configuration/preInfo';

interface Target {
  name: 'preInfo' | 'bare' | 'barePost';
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

export interface RoundResult {
  requestsPerSec: number;
  p99Ms: number;
  p50Ms: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface TargetResult {
  requestsPerSec: number;
  p99Ms: number;
  rounds: RoundResult[];
}

export interface HttpLoadResult {
  settings: typeof LOAD;
  preInfo: TargetResult;
  bare: TargetResult;
  /** The same bare server's POST route, sent what preInfo is sent (headers and a `{}` body). */
  barePost: TargetResult;
  ratio: number;
  /** preInfo against the bare POST: what the route costs beyond Fastify's own POST with a body. */
  ratioPost: number;
}

async function startServer(file: string, started: Spawned[]): Promise<{ server: Spawned; port: number }> {
  const server = spawnTsx([file], { ...process.env, NODE_ENV: 'production' });
  started.push(server);
  const { line } = await server.waitForLine(/^LISTENING \d+$/, 60_000);
  return { server, port: Number(line.split(' ')[1]) };
}

async function fire(target: Target, durationS: number): Promise<RoundResult> {
  const result = await autocannon({
    url: target.url,
    method: target.method,
    headers: target.headers,
    ...(target.body !== undefined ? { body: target.body } : {}),
    connections: LOAD.connections,
    duration: durationS,
  });
  return {
    requestsPerSec: result.requests.average,
    p99Ms: result.latency.p99,
    p50Ms: result.latency.p50,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** One request before the load, so a broken route fails loudly instead of benchmarking an error. */
async function check(target: Target): Promise<void> {
  const res = await fetch(target.url, {
    method: target.method,
    headers: target.headers,
    ...(target.body !== undefined ? { body: target.body } : {}),
  });
  const body = (await res.json()) as { status_code?: number; ok?: boolean };
  const good = target.name !== 'preInfo' ? body.ok === true : body.status_code === CODE.success;
  if (res.status !== 200 || !good) {
    throw new Error(`${target.name} answered ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  }
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * preInfo and a bare Fastify route (GET, the baseline; and POST with preInfo's headers and body, for
 * reference), preInfo and the bare server each in its own child process, loaded in turn (ABCABC) by autocannon here.
 */
export async function measureHttpLoad(): Promise<HttpLoadResult> {
  const started: Spawned[] = [];
  try {
    progress('http: starting the preInfo server (buildApp, in-memory PGlite, demo seed) and the bare server');
    const [pre, bare] = await Promise.all([
      startServer('bench/servers/preinfo-server.ts', started),
      startServer('bench/servers/bare-server.ts', started),
    ]);
    const targets: Target[] = [
      {
        name: 'bare',
        url: `http://127.0.0.1:${bare.port}/bare`,
        method: 'GET',
        headers: {},
      },
      {
        name: 'preInfo',
        url: `http://127.0.0.1:${pre.port}${PRE_INFO_PATH}`,
        method: 'POST',
        headers: { ...clientHeaders(PRE_INFO_PATH), 'content-type': 'application/json' },
        body: '{}',
      },
      {
        name: 'barePost',
        url: `http://127.0.0.1:${bare.port}/bare`,
        method: 'POST',
        headers: { ...clientHeaders(PRE_INFO_PATH), 'content-type': 'application/json' },
        body: '{}',
      },
    ];
    for (const t of targets) await check(t);
    for (const t of targets) {
      progress(`http: warm-up ${t.name} ${LOAD.warmupS} s`);
      await fire(t, LOAD.warmupS);
    }
    const rounds: Record<Target['name'], RoundResult[]> = { bare: [], preInfo: [], barePost: [] };
    for (let r = 1; r <= LOAD.rounds; r++) {
      for (const t of targets) {
        progress(
          `http: round ${r}/${LOAD.rounds} ${t.name} ${LOAD.durationS} s × ${LOAD.connections} connections`,
        );
        const res = await fire(t, LOAD.durationS);
        if (res.non2xx || res.errors) {
          throw new Error(`${t.name}: ${res.non2xx} non-2xx answers, ${res.errors} errors under load`);
        }
        rounds[t.name].push(res);
      }
    }
    const summarize = (rs: RoundResult[]): TargetResult => ({
      requestsPerSec: mean(rs.map((x) => x.requestsPerSec)),
      p99Ms: mean(rs.map((x) => x.p99Ms)),
      rounds: rs,
    });
    const preInfo = summarize(rounds.preInfo);
    const bareResult = summarize(rounds.bare);
    const barePost = summarize(rounds.barePost);
    return {
      settings: LOAD,
      preInfo,
      bare: bareResult,
      barePost,
      ratio: preInfo.requestsPerSec / bareResult.requestsPerSec,
      ratioPost: preInfo.requestsPerSec / barePost.requestsPerSec,
    };
  } finally {
    await Promise.all(started.map((s) => s.stop()));
  }
}
