// Helpers of the stream-*.test.ts files: an app on a real port, a WebSocket client that collects messages,
// and members with an open login.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { buildApp } from '../../server/app.ts';
import type { Db } from '../../server/db/db.ts';
import { MEMBER_JWT_TTL_S } from '../../server/modules/member/limits.ts';
import { deriveJwtKey, signJwt } from '../../server/security/jwt.ts';
import { DEV_SIGNING_SECRET } from '../../server/security/signing.ts';
import type { BalanceEvent } from '../../server/stream/channels.ts';
import type { StreamOptions } from '../../server/stream/options.ts';
import { MSG, STREAM_PATH, type LoginReply, type StreamMessage } from '../../src/protocol/stream.ts';
import { testConfig } from '../support/test-app.ts';
import { createTestDb } from '../support/test-db.ts';

export interface StreamApp {
  app: FastifyInstance;
  db: Db;
  /** ws://127.0.0.1:port/stream/ws/v1/handshake?clientType=web */
  url: string;
  close(): Promise<void>;
}

export async function startStreamApp(stream: Partial<StreamOptions> = {}, db?: Db): Promise<StreamApp> {
  const database = db ?? (await createTestDb());
  const app = await buildApp(testConfig(), { db: database, stream });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    db: database,
    url: `ws://127.0.0.1:${port}${STREAM_PATH}?clientType=web`,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export interface Closed {
  code: number;
  at: number;
}

/** A WebSocket client that keeps every message it receives until a test takes it. */
export class TestSocket {
  private inbox: StreamMessage<any>[] = [];
  private waiters: Array<{ msgId: number; resolve: (m: StreamMessage<any>) => void }> = [];
  private beat: NodeJS.Timeout | null = null;
  readonly opened = Date.now();
  /** When this client last sent a heartbeat (ms). */
  lastHeartbeatAt = 0;
  readonly closed: Promise<Closed>;
  closeCode: number | null = null;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const msg = JSON.parse(data.toString()) as StreamMessage<any>;
      const i = this.waiters.findIndex((w) => w.msgId === msg.msgId);
      if (i >= 0) this.waiters.splice(i, 1)[0]!.resolve(msg);
      else this.inbox.push(msg);
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code) => {
        this.closeCode = code;
        this.stopHeartbeats();
        resolve({ code, at: Date.now() });
      }),
    );
  }

  static open(url: string, opts: { headers?: Record<string, string> } = {}): Promise<TestSocket> {
    const ws = new WebSocket(url, { headers: opts.headers ?? {} });
    const socket = new TestSocket(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(socket));
      ws.once('error', reject);
    });
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  send(msgId: number, body: unknown = {}, token?: string): void {
    if (msgId === MSG.heartbeat) this.lastHeartbeatAt = Date.now();
    this.ws.send(JSON.stringify({ msgId, ...(token === undefined ? {} : { token }), body }));
  }

  sendRaw(data: string | Buffer): void {
    this.ws.send(data);
  }

  /** The body of the next message with this id (one already received, or the next to arrive). */
  next<B = any>(msgId: number, timeoutMs = 2000): Promise<B> {
    const i = this.inbox.findIndex((m) => m.msgId === msgId);
    if (i >= 0) return Promise.resolve(this.inbox.splice(i, 1)[0]!.body as B);
    return new Promise<B>((resolve, reject) => {
      const waiter = {
        msgId,
        resolve: (m: StreamMessage<any>) => {
          clearTimeout(timer);
          resolve(m.body as B);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`no message ${msgId} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** Messages with this id received and not taken yet (taking them). */
  take(msgId: number): any[] {
    const taken = this.inbox.filter((m) => m.msgId === msgId).map((m) => m.body);
    this.inbox = this.inbox.filter((m) => m.msgId !== msgId);
    return taken;
  }

  async login(jwt: string): Promise<LoginReply> {
    this.send(MSG.login, { clientType: 'web' }, jwt);
    return this.next<LoginReply>(MSG.login);
  }

  startHeartbeats(intervalMs: number): void {
    this.stopHeartbeats();
    this.send(MSG.heartbeat);
    this.beat = setInterval(() => {
      if (this.isOpen) this.send(MSG.heartbeat);
    }, intervalMs);
  }

  stopHeartbeats(): void {
    if (this.beat) clearInterval(this.beat);
    this.beat = null;
  }

  async close(): Promise<void> {
    this.stopHeartbeats();
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.close();
    await this.closed;
  }
}

let balanceSeq = 0;
/** One balance change as the ledger publishes it (a later change has a larger seq). */
export const balanceChange = (
  memberId: number,
  c: Pick<BalanceEvent, 'balance' | 'change' | 'reason'>,
): BalanceEvent => ({ memberId, ...c, at: new Date().toISOString(), seq: ++balanceSeq });

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const jwtKey = deriveJwtKey(DEV_SIGNING_SECRET);
export const jwtFor = (memberId: number, now = Date.now()) =>
  signJwt({ sub: memberId }, jwtKey, MEMBER_JWT_TTL_S, now);

export interface TestMember {
  id: number;
  /** The national number, e.g. 13900000001 (country 86). */
  number: string;
  /** A member jwt as GET user/member/jwt issues it. */
  jwt: string;
}

let seq = 0;

/** A member with an open login (a session row), written straight into the tables. */
export async function createMember(db: Db, opts: { vipLevel?: number } = {}): Promise<TestMember> {
  const number = `139${String(++seq).padStart(8, '0')}`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO members (phone, password_hash, invite_code, vip_level) VALUES ($1, 'none', $2, $3) RETURNING id`,
    [`(86)${number}`, `S${number.slice(-8)}`, opts.vipLevel ?? 0],
  );
  const id = rows[0]!.id;
  await openSessionRow(db, id);
  return { id, number, jwt: jwtFor(id) };
}

/** An open session of the member, as a login writes it; createdAgoMs backdates it. */
export async function openSessionRow(db: Db, memberId: number, createdAgoMs = 0): Promise<string> {
  const tokenHash = randomBytes(32).toString('hex');
  await db.query(
    `INSERT INTO sessions (token_hash, member_id, remember, created_at, expires_at)
     VALUES ($1, $2, false, now() - make_interval(secs => $3), now() + interval '1 day')`,
    [tokenHash, memberId, createdAgoMs / 1000],
  );
  return tokenHash;
}

/** A logged-in socket of the member (the login must succeed). */
export async function loggedInSocket(url: string, member: TestMember): Promise<TestSocket> {
  const s = await TestSocket.open(url);
  const reply = await s.login(member.jwt);
  if (!reply.ok) throw new Error(`login failed: ${reply.message}`);
  return s;
}
