// The stream socket under load (issues 5 and 8): how many heartbeating (anonymous) sockets one server process
// holds, its RSS meanwhile (memory per socket), and the chat fan-out latency to 1,000 logged-in clients. The
// server runs in a child process (bench/servers/stream-server.ts). The held sockets are spread over client
// processes (this file, forked: see the end), each with its own file-descriptor table and its own loopback
// source address (127.0.0.x), so that neither one process's descriptor limit nor one address's ephemeral ports
// bound the count; the chat clients run in this process. Everything is on loopback and shares the machine's
// cores with the server.
import { execFile, fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import WebSocket, { type RawData } from 'ws';
import {
  CHAT_MIN_INTERVAL_MS,
  HEARTBEAT_INTERVAL_MS,
  MSG,
  STREAM_PATH,
  type StreamMessage,
} from '../../src/protocol/stream.ts';
import { progress, serverEnv, spawnTsx, type Spawned } from './processes.ts';

export const SOCKETS = {
  held: {
    /** Sockets to ramp to; the ramp also stops at maxFailures failed opens or after rampLimitMs. */
    target: 10_000,
    /** Client processes the sockets are spread over, each from its own address 127.0.0.(firstHost + i). */
    clientProcesses: 4,
    firstHost: 2,
    /** Opens in flight at once, per client process. */
    concurrency: 50,
    openTimeoutMs: 10_000,
    rampLimitMs: 60_000,
    maxFailures: 200,
    /** How long the sockets are held (heartbeating) after the ramp: two heartbeats of every socket. */
    holdMs: 10_000,
    /** File descriptors a process needs besides its sockets (database, listener, stdio, tsx). */
    fdMargin: 256,
  },
  chat: {
    clients: 1_000,
    concurrency: 50,
    openTimeoutMs: 5_000,
    /** Bound on opening and logging in all the clients. */
    loginLimitMs: 20_000,
    /** Distinct members that send (among the clients); each sends every senders × sendEveryMs. */
    senders: 5,
    messages: 20,
    sendEveryMs: 500,
    /** How long to wait for the last deliveries after the last send. */
    drainMs: 3_000,
  },
  heartbeatMs: HEARTBEAT_INTERVAL_MS,
  /** Bound on closing every client socket. */
  closeMs: 3_000,
} as const;

export interface Percentiles {
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface HeldResult {
  target: number;
  opened: number;
  failures: number;
  firstError: string | null;
  stoppedBy: 'target' | 'errors' | 'time';
  rampMs: number;
  holdMs: number;
  /** Open at the end of the hold. */
  stillOpen: number;
  /** Open at the end of the hold and answered at least one heartbeat sent during the hold. */
  answered: number;
  /** Heartbeat send → reply during the hold. */
  heartbeatRtt: Percentiles;
  /** The server's VmRSS (KiB) at the end of the hold, the sockets still open; null where /proc is missing. */
  serverRssLoadKb: number | null;
  /** VmRSS (KiB) right after a full GC in the server: before the ramp, and at the end of the hold. */
  serverRssAfterGcKb: { idle: number | null; load: number | null };
  /** (load − idle after GC) / stillOpen, KiB; null where /proc is missing. */
  serverKbPerSocket: number | null;
  /** The client processes and the loopback addresses they connected from. */
  clientProcesses: number;
  sourceAddresses: string[];
  /** The server's open-file limit during the run (soft), and what was done about it. */
  serverFdLimit: number | null;
  fdNote: string;
}

export interface ChatResult {
  clients: number;
  loggedIn: number;
  loginFailures: number;
  firstError: string | null;
  loginMs: number;
  senders: number;
  sent: number;
  /** Sends answered with a chat error (30004), by reason. */
  refused: Record<string, number>;
  /** sent × logged-in clients (the senders receive their own messages too). */
  expected: number;
  delivered: number;
  /** Send → receipt, over every delivery. */
  latency: Percentiles;
  /** Per message, send → receipt at the last client that got it; the median over the messages. */
  lastClientP50Ms: number;
}

export interface SocketsResult {
  settings: typeof SOCKETS;
  held: HeldResult;
  chat: ChatResult;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function percentiles(xs: number[]): Percentiles {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => (s.length ? s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]! : NaN);
  return { samples: s.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: s.length ? s[s.length - 1]! : NaN };
}

/** VmRSS of a process in KiB (Linux /proc), or null. */
export function rssKb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

interface Client {
  ws: WebSocket;
  /** When the heartbeat awaiting its reply was sent (performance.now), or 0. */
  beatSentAt: number;
  /** Heartbeat replies received since `since` was last set. */
  beatReplies: number;
  beatTimer: NodeJS.Timeout | null;
  /** Resolves the pending login with its `ok`. */
  onLogin: ((ok: boolean) => void) | null;
}

type OnMessage = (c: Client, msg: StreamMessage<unknown>, at: number) => void;

/** Every client socket of a run (open or not), so that the end closes them all. */
class Clients {
  readonly all = new Set<Client>();
  /** Heartbeat round trips are kept while true. */
  recordRtt = false;
  readonly rtts: number[] = [];

  constructor(
    private readonly url: string,
    private readonly onMessage: OnMessage = () => {},
    /** The loopback address to connect from (http.request's localAddress); the OS picks by default. */
    private readonly localAddress?: string,
  ) {}

  /** Opens one socket; heartbeats every SOCKETS.heartbeatMs from a random phase once it is open. */
  open(timeoutMs: number): Promise<Client> {
    const ws = new WebSocket(this.url, {
      perMessageDeflate: false,
      handshakeTimeout: timeoutMs,
      ...(this.localAddress ? { localAddress: this.localAddress } : {}),
    });
    const c: Client = { ws, beatSentAt: 0, beatReplies: 0, beatTimer: null, onLogin: null };
    this.all.add(c);
    ws.on('message', (data: RawData) => {
      const at = performance.now();
      let msg: StreamMessage<unknown>;
      try {
        msg = JSON.parse(data.toString()) as StreamMessage<unknown>;
      } catch {
        return;
      }
      if (msg.msgId === MSG.heartbeat) {
        if (c.beatSentAt && this.recordRtt) this.rtts.push(at - c.beatSentAt);
        c.beatSentAt = 0;
        c.beatReplies++;
      } else if (msg.msgId === MSG.login && c.onLogin) {
        const done = c.onLogin;
        c.onLogin = null;
        done((msg.body as { ok?: unknown } | null)?.ok === true);
      }
      this.onMessage(c, msg, at);
    });
    ws.on('close', () => {
      if (c.beatTimer) clearTimeout(c.beatTimer);
      c.beatTimer = null;
      c.onLogin?.(false);
      c.onLogin = null;
    });
    return new Promise((resolve, reject) => {
      ws.once('open', () => {
        ws.on('error', () => {});
        const beat = () => {
          if (ws.readyState !== WebSocket.OPEN) return;
          c.beatSentAt = performance.now();
          ws.send('{"msgId":0,"body":{}}');
          c.beatTimer = setTimeout(beat, SOCKETS.heartbeatMs);
        };
        c.beatTimer = setTimeout(beat, Math.random() * SOCKETS.heartbeatMs);
        resolve(c);
      });
      ws.once('error', (err) => {
        ws.on('error', () => {});
        ws.terminate();
        reject(err);
      });
    });
  }

  /** Logs an open socket in with a member jwt; true when the server answers ok. */
  login(c: Client, jwt: string, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        c.onLogin = null;
        resolve(false);
      }, timeoutMs);
      c.onLogin = (ok) => {
        clearTimeout(timer);
        resolve(ok);
      };
      c.ws.send(JSON.stringify({ msgId: MSG.login, token: jwt, body: {} }));
    });
  }

  /** Closes every socket (closing handshake), terminating whatever has not closed within timeoutMs. */
  async closeAll(timeoutMs: number): Promise<void> {
    const waits: Promise<void>[] = [];
    for (const c of this.all) {
      if (c.beatTimer) clearTimeout(c.beatTimer);
      c.beatTimer = null;
      if (c.ws.readyState === WebSocket.CLOSED) continue;
      waits.push(new Promise((resolve) => c.ws.once('close', () => resolve())));
      c.ws.on('error', () => {});
      if (c.ws.readyState !== WebSocket.CLOSING) c.ws.close();
    }
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(waits), new Promise<void>((r) => (timer = setTimeout(r, timeoutMs)))]);
    clearTimeout(timer);
    for (const c of this.all) if (c.ws.readyState !== WebSocket.CLOSED) c.ws.terminate();
    this.all.clear();
  }
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Runs `count` tasks with at most `concurrency` at once, until stop() says so. */
async function pool(
  count: number,
  concurrency: number,
  stop: () => boolean,
  task: (i: number) => Promise<void>,
) {
  let next = 0;
  const worker = async () => {
    while (next < count && !stop()) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

/** Throws when the server child has exited (its sockets would otherwise read as a result). */
function checkRunning(server: Spawned, when: string): void {
  const { exitCode, signalCode } = server.child;
  if (exitCode !== null || signalCode !== null) {
    throw new Error(`the stream server exited (${exitCode ?? signalCode}) ${when}\n${server.tail()}`);
  }
}

/** The server's VmRSS right after a full GC in it (SIGUSR2, see stream-server.ts); null where unavailable. */
async function rssAfterGc(server: Spawned): Promise<number | null> {
  const pid = server.child.pid;
  if (!pid || rssKb(pid) === null) return null;
  const done = server.waitForLine(/^GC_DONE$/, 5_000);
  server.child.kill('SIGUSR2');
  await done;
  return rssKb(pid);
}

// --- Held sockets: the parent (measureHeld) and the client processes (runHeldClient) ---

/** Parent → client process. */
type ToClient =
  | {
      type: 'ramp';
      url: string;
      localAddress: string;
      count: number;
      maxFailures: number;
      deadlineMs: number;
    }
  | { type: 'hold' }
  | { type: 'report' }
  | { type: 'close' };

/** Client process → parent. */
type FromClient =
  | { type: 'progress'; opened: number; failures: number }
  | { type: 'ramped'; opened: number; failures: number; firstError: string | null; rampMs: number }
  | { type: 'report'; stillOpen: number; answered: number; rtts: number[] }
  | { type: 'closed' };

const execFileAsync = promisify(execFile);

/** The soft and hard open-file limits of a process (Linux /proc), or null. */
function fdLimits(pid: number): { soft: number; hard: number } | null {
  try {
    const m = /^Max open files\s+(\d+|unlimited)\s+(\d+|unlimited)/m.exec(
      readFileSync(`/proc/${pid}/limits`, 'utf8'),
    );
    const n = (v: string) => (v === 'unlimited' ? Number.MAX_SAFE_INTEGER : Number(v));
    return m ? { soft: n(m[1]!), hard: n(m[2]!) } : null;
  } catch {
    return null;
  }
}

/**
 * Makes sure a process may open `need` files: raises its soft limit up to the hard one with prlimit(1) when
 * that is needed and possible (Node raises its own soft limit to the hard one at start, so it is the hard
 * limit that usually binds). Answers the limit now in force and a note for the report.
 */
async function ensureFdLimit(
  pid: number,
  need: number,
  who: string,
): Promise<{ limit: number | null; note: string }> {
  const before = fdLimits(pid);
  if (!before) return { limit: null, note: `${who}: open-file limit unknown (no /proc)` };
  if (before.soft >= need) return { limit: before.soft, note: `${who}: open-file limit ${before.soft}` };
  const raised = Math.min(need, before.hard);
  try {
    await execFileAsync('prlimit', [`--pid=${pid}`, `--nofile=${raised}:${before.hard}`]);
  } catch (err) {
    return {
      limit: before.soft,
      note: `${who}: open-file limit ${before.soft} < ${need} needed and prlimit failed (${errorText(err)}); run \`ulimit -n ${need}\` before the bench`,
    };
  }
  const after = fdLimits(pid)?.soft ?? before.soft;
  return {
    limit: after,
    note:
      after >= need
        ? `${who}: open-file limit raised ${before.soft} → ${after}`
        : `${who}: open-file limit ${after} (hard limit ${before.hard}) < ${need} needed; raise the hard limit (ulimit -Hn) to hold more`,
  };
}

/** One forked client process and its messages. */
class ClientProcess {
  private readonly inbox: FromClient[] = [];
  private waiter: { type: FromClient['type']; resolve: (m: FromClient) => void } | null = null;
  readonly exited: Promise<void>;
  onProgress: (m: Extract<FromClient, { type: 'progress' }>) => void = () => {};

  constructor(readonly child: ChildProcess) {
    child.on('message', (m: FromClient) => {
      if (m.type === 'progress') return this.onProgress(m);
      if (this.waiter?.type === m.type) {
        const w = this.waiter;
        this.waiter = null;
        w.resolve(m);
      } else this.inbox.push(m);
    });
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
  }

  send(m: ToClient): void {
    this.child.send(m);
  }

  /** The next message of that type, or an error when the process exits or the time is up first. */
  next<T extends FromClient['type']>(type: T, timeoutMs: number): Promise<Extract<FromClient, { type: T }>> {
    const i = this.inbox.findIndex((m) => m.type === type);
    if (i >= 0) return Promise.resolve(this.inbox.splice(i, 1)[0] as Extract<FromClient, { type: T }>);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => fail(new Error(`no "${type}" from a client process within ${timeoutMs} ms`)),
        timeoutMs,
      );
      const onExit = (code: number | null) =>
        fail(new Error(`a client process exited (${code}) before "${type}"`));
      const fail = (err: Error) => {
        clearTimeout(timer);
        this.waiter = null;
        reject(err);
      };
      this.child.once('exit', onExit);
      this.waiter = {
        type,
        resolve: (m) => {
          clearTimeout(timer);
          this.child.off('exit', onExit);
          resolve(m as Extract<FromClient, { type: T }>);
        },
      };
    });
  }

  async stop(timeoutMs: number): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    if (this.child.connected) this.send({ type: 'close' });
    const timer = setTimeout(() => this.child.kill('SIGKILL'), timeoutMs);
    await this.exited;
    clearTimeout(timer);
  }
}

const THIS_FILE = fileURLToPath(import.meta.url);

/**
 * Ramps heartbeating anonymous sockets up to the target from the client processes, holds them, and counts
 * what stayed: open, and answered a heartbeat during the hold.
 */
async function measureHeld(url: string, server: Spawned): Promise<HeldResult> {
  const s = SOCKETS.held;
  const notes: string[] = [];
  let target: number = s.target;
  const serverPid = server.child.pid!;
  const serverFd = await ensureFdLimit(serverPid, s.target + s.fdMargin, 'server');
  notes.push(serverFd.note);
  if (serverFd.limit !== null && serverFd.limit < s.target + s.fdMargin) {
    target = Math.max(0, serverFd.limit - s.fdMargin);
    progress(`sockets: ${serverFd.note}; ramping to ${target} instead of ${s.target}`);
  }
  const perProcess = Math.ceil(target / s.clientProcesses);
  const sourceAddresses = Array.from({ length: s.clientProcesses }, (_, i) => `127.0.0.${s.firstHost + i}`);
  const procs: ClientProcess[] = [];
  try {
    const idleAfterGc = await rssAfterGc(server);
    for (let i = 0; i < s.clientProcesses; i++) {
      const child = fork(THIS_FILE, [], {
        execArgv: ['--import', 'tsx'],
        env: { ...process.env, BENCH_SOCKET_CLIENT: '1' },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      const proc = new ClientProcess(child);
      procs.push(proc);
      const fd = await ensureFdLimit(child.pid!, perProcess + s.fdMargin, `client ${i + 1}`);
      if (fd.limit !== null && fd.limit < perProcess + s.fdMargin) notes.push(fd.note);
    }
    const opened = new Array<number>(procs.length).fill(0);
    let lastProgress = 0;
    progress(
      `sockets: ramping to ${target} heartbeating anonymous sockets from ${procs.length} client processes ` +
        `(${sourceAddresses.join(', ')}; ${s.concurrency} opens in flight each)`,
    );
    const deadlineMs = s.rampLimitMs;
    procs.forEach((p, i) => {
      p.onProgress = (m) => {
        opened[i] = m.opened;
        const now = performance.now();
        if (now - lastProgress > 5_000) {
          lastProgress = now;
          progress(`sockets: ${opened.reduce((a, b) => a + b, 0)} open`);
        }
      };
      const count = Math.min(perProcess, Math.max(0, target - i * perProcess));
      p.send({
        type: 'ramp',
        url,
        localAddress: sourceAddresses[i]!,
        count,
        maxFailures: Math.ceil(s.maxFailures / procs.length),
        deadlineMs,
      });
    });
    const ramped = await Promise.all(
      procs.map((p) => p.next('ramped', deadlineMs + s.openTimeoutMs + 30_000)),
    );
    const total = (k: 'opened' | 'failures') => ramped.reduce((a, r) => a + r[k], 0);
    const openCount = total('opened');
    const failures = total('failures');
    const rampMs = Math.max(...ramped.map((r) => r.rampMs));
    const firstError = ramped.find((r) => r.firstError)?.firstError ?? null;
    const stoppedBy =
      openCount + failures >= target ? 'target' : failures >= s.maxFailures ? 'errors' : 'time';
    progress(
      `sockets: ${openCount} open, ${failures} failed in ${(rampMs / 1000).toFixed(1)} s; holding ${s.holdMs / 1000} s`,
    );
    checkRunning(server, 'during the ramp');
    for (const p of procs) p.send({ type: 'hold' });
    await sleep(s.holdMs);
    for (const p of procs) p.send({ type: 'report' });
    const reports = await Promise.all(procs.map((p) => p.next('report', 30_000)));
    checkRunning(server, 'during the hold');
    const serverRssLoadKb = rssKb(serverPid);
    const loadAfterGc = await rssAfterGc(server);
    if (openCount === 0) throw new Error(`no socket opened: ${firstError ?? 'unknown error'}`);
    const stillOpen = reports.reduce((a, r) => a + r.stillOpen, 0);
    return {
      target,
      opened: openCount,
      failures,
      firstError,
      stoppedBy,
      rampMs,
      holdMs: s.holdMs,
      stillOpen,
      answered: reports.reduce((a, r) => a + r.answered, 0),
      heartbeatRtt: percentiles(reports.flatMap((r) => r.rtts)),
      serverRssLoadKb,
      serverRssAfterGcKb: { idle: idleAfterGc, load: loadAfterGc },
      serverKbPerSocket:
        idleAfterGc !== null && loadAfterGc !== null && stillOpen > 0
          ? (loadAfterGc - idleAfterGc) / stillOpen
          : null,
      clientProcesses: procs.length,
      sourceAddresses,
      serverFdLimit: fdLimits(serverPid)?.soft ?? null,
      fdNote: notes.join('; '),
    };
  } finally {
    progress('sockets: closing the held sockets');
    await Promise.all(procs.map((p) => p.stop(SOCKETS.closeMs + 5_000)));
  }
}

/** A client process: ramps its share of sockets from its address, heartbeats them, reports, closes. */
function runHeldClient(): void {
  const send = (m: FromClient) => process.send!(m);
  let clients: Clients | null = null;
  let open: Client[] = [];
  const onCommand = async (m: ToClient) => {
    switch (m.type) {
      case 'ramp': {
        const s = SOCKETS.held;
        const c = (clients = new Clients(m.url, () => {}, m.localAddress));
        let failures = 0;
        let firstError: string | null = null;
        const t0 = performance.now();
        const ticker = setInterval(() => send({ type: 'progress', opened: open.length, failures }), 1_000);
        await pool(
          m.count,
          s.concurrency,
          () => failures >= m.maxFailures || performance.now() - t0 > m.deadlineMs,
          async () => {
            try {
              open.push(await c.open(s.openTimeoutMs));
            } catch (err) {
              failures++;
              firstError ??= errorText(err);
            }
          },
        );
        clearInterval(ticker);
        send({ type: 'ramped', opened: open.length, failures, firstError, rampMs: performance.now() - t0 });
        return;
      }
      case 'hold':
        for (const c of open) c.beatReplies = 0;
        if (clients) clients.recordRtt = true;
        return;
      case 'report': {
        if (clients) clients.recordRtt = false;
        const alive = open.filter((c) => c.ws.readyState === WebSocket.OPEN);
        send({
          type: 'report',
          stillOpen: alive.length,
          answered: alive.filter((c) => c.beatReplies > 0).length,
          rtts: clients?.rtts ?? [],
        });
        return;
      }
      case 'close':
        await clients?.closeAll(SOCKETS.closeMs);
        open = [];
        process.exit(0);
    }
  };
  process.on('message', (m: ToClient) => void onCommand(m));
  // The bench went away (ended or killed): close and leave rather than hold sockets for nobody.
  process.on('disconnect', () => void onCommand({ type: 'close' }));
}

const CHAT_TEXT = /^bench (\d+)$/;

/** 1,000 logged-in clients; a few members send numbered messages; every receipt is timed against its send. */
async function measureChat(url: string, jwts: string[], server: Spawned): Promise<ChatResult> {
  const s = SOCKETS.chat;
  const sentAt: number[] = [];
  const latencies: number[] = [];
  const lastAt: number[] = [];
  const perMessage: number[] = [];
  const refused: Record<string, number> = {};
  let delivered = 0;
  const clients = new Clients(url, (_c, msg, at) => {
    if (msg.msgId === MSG.chatMessage) {
      const m = CHAT_TEXT.exec((msg.body as { text?: string } | null)?.text ?? '');
      const k = m ? Number(m[1]) : -1;
      const sent = sentAt[k];
      if (sent === undefined) return;
      delivered++;
      perMessage[k] = (perMessage[k] ?? 0) + 1;
      latencies.push(at - sent);
      lastAt[k] = Math.max(lastAt[k] ?? 0, at - sent);
    } else if (msg.msgId === MSG.chatError) {
      const reason = String((msg.body as { reason?: unknown } | null)?.reason ?? 'unknown');
      refused[reason] = (refused[reason] ?? 0) + 1;
    }
  });
  try {
    const loggedIn: Client[] = [];
    let loginFailures = 0;
    let firstError: string | null = null;
    const t0 = performance.now();
    progress(`sockets: opening and logging in ${s.clients} chat clients`);
    await pool(
      s.clients,
      s.concurrency,
      () => performance.now() - t0 > s.loginLimitMs,
      async (i) => {
        try {
          const c = await clients.open(s.openTimeoutMs);
          if (await clients.login(c, jwts[i]!, s.openTimeoutMs)) loggedIn.push(c);
          else {
            loginFailures++;
            firstError ??= 'login refused or unanswered';
          }
        } catch (err) {
          loginFailures++;
          firstError ??= errorText(err);
        }
      },
    );
    const loginMs = performance.now() - t0;
    if (loggedIn.length < s.senders) {
      throw new Error(`only ${loggedIn.length} of ${s.clients} clients logged in: ${firstError ?? ''}`);
    }
    progress(
      `sockets: ${loggedIn.length} logged in (${loginFailures} failed) in ${(loginMs / 1000).toFixed(1)} s; sending ${s.messages} messages from ${s.senders} members`,
    );
    // History and login replies settle before the first send.
    await sleep(500);
    const start = performance.now();
    for (let k = 0; k < s.messages; k++) {
      const wait = start + k * s.sendEveryMs - performance.now();
      if (wait > 0) await sleep(wait);
      const sender = loggedIn[k % s.senders]!;
      if (sender.ws.readyState !== WebSocket.OPEN) continue;
      sentAt[k] = performance.now();
      sender.ws.send(JSON.stringify({ msgId: MSG.chatSend, body: { text: `bench ${k}` } }));
    }
    const sent = sentAt.filter((x) => x !== undefined).length;
    const expected = sent * loggedIn.length;
    const drainEnd = performance.now() + s.drainMs;
    while (delivered < expected && performance.now() < drainEnd) await sleep(50);
    checkRunning(server, 'during the chat fan-out');
    const refusedCount = Object.values(refused).reduce((a, b) => a + b, 0);
    return {
      clients: s.clients,
      loggedIn: loggedIn.length,
      loginFailures,
      firstError,
      loginMs,
      senders: s.senders,
      sent,
      refused,
      expected: expected - refusedCount * loggedIn.length,
      delivered,
      latency: percentiles(latencies),
      lastClientP50Ms: percentiles(lastAt.filter((x) => x !== undefined)).p50Ms,
    };
  } finally {
    progress('sockets: closing the chat clients');
    await clients.closeAll(SOCKETS.closeMs);
  }
}

/** One server child (in-memory PGlite, demo seed, chat open, 1,000 members with open logins) for both parts. */
export async function measureSockets(): Promise<SocketsResult> {
  if (SOCKETS.chat.senders * SOCKETS.chat.sendEveryMs < CHAT_MIN_INTERVAL_MS) {
    throw new Error('the chat senders would send faster than CHAT_MIN_INTERVAL_MS');
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-sockets-'));
  const jwtFile = path.join(dir, 'jwts.json');
  let server: Spawned | null = null;
  try {
    progress(
      `sockets: starting the stream server (buildApp, in-memory PGlite, ${SOCKETS.chat.clients} members)`,
    );
    server = spawnTsx(
      ['--expose-gc', 'bench/servers/stream-server.ts'],
      serverEnv({
        NODE_ENV: 'production',
        BENCH_CHAT_MEMBERS: String(SOCKETS.chat.clients),
        BENCH_JWT_FILE: jwtFile,
      }),
    );
    const { line } = await server.waitForLine(/^LISTENING \d+$/, 60_000);
    const url = `ws://127.0.0.1:${line.split(' ')[1]}${STREAM_PATH}?clientType=web`;
    const jwts = JSON.parse(await readFile(jwtFile, 'utf8')) as string[];
    if (jwts.length !== SOCKETS.chat.clients) throw new Error(`the server wrote ${jwts.length} jwts`);

    const held = await measureHeld(url, server);
    const chat = await measureChat(url, jwts, server);
    return { settings: SOCKETS, held, chat };
  } finally {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

// Forked by measureHeld as a client process (this file is then the entry point).
if (
  process.env.BENCH_SOCKET_CLIENT === '1' &&
  process.send &&
  process.argv[1] &&
  import.meta.url === pathToFileURL(process.argv[1]).href
) {
  runHeldClient();
}
