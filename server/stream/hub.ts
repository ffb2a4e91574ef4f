import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { CODE } from '../../src/protocol/api.ts';
import {
  CHAT_ROOM,
  HEARTBEAT_INTERVAL_MS,
  MISSED_HEARTBEATS_BEFORE_CLOSE,
  MSG,
  STREAM_CLOSE,
  type BalanceChange,
  type ChatMessage,
  type KickBody,
} from '../../src/protocol/stream.ts';
import type { Db } from '../db/db.ts';
import { DEFAULT_CHAT_OPTIONS, readLoginData, type ChatOptions } from '../modules/chat/chat.ts';
import { SESSION_MESSAGE } from '../modules/member/sessions.ts';
import { readLiveNotice } from '../modules/site/notices.ts';
import {
  readBalanceEvent,
  readChatEvent,
  readKickEvent,
  readNoticeEvent,
  readSpeechEvent,
  STREAM_CHANNEL,
  type BalanceEvent,
  type KickEvent,
  type SessionEndReason,
} from './channels.ts';
import { Connection, encodeFrame, STREAM_MESSAGE } from './connection.ts';

export interface StreamOptions {
  heartbeatIntervalMs: number;
  missedHeartbeats: number;
  /** Messages one socket may send in a second, heartbeats included; more closes it (4008). */
  maxMessagesPerSecond: number;
  /** Failed logins one socket may make before it is closed (4008). */
  maxLoginFailures: number;
  chat: ChatOptions;
}

export const DEFAULT_STREAM_OPTIONS: StreamOptions = {
  heartbeatIntervalMs: HEARTBEAT_INTERVAL_MS,
  missedHeartbeats: MISSED_HEARTBEATS_BEFORE_CLOSE,
  maxMessagesPerSecond: 20,
  maxLoginFailures: 5,
  chat: DEFAULT_CHAT_OPTIONS,
};

/** How long a heard kick is remembered for logins that were being checked when it arrived. */
const RECENT_KICK_MS = 60_000;
/** On shutdown, sockets get this long to finish the closing handshake before they are cut. */
const CLOSE_GRACE_MS = 1_000;

export function kickBodyFor(reason: SessionEndReason): KickBody {
  return reason === 'elsewhere'
    ? { code: CODE.loggedInElsewhere, message: SESSION_MESSAGE.elsewhere }
    : { code: CODE.tokenRevoked, message: SESSION_MESSAGE.revoked };
}

/**
 * This node's sockets, and the pushes it hears from the database (LISTEN) and delivers to them. Every node
 * runs one hub; an event published on any node (or by the operator command line) reaches the sockets of all.
 */
export class StreamHub {
  private readonly conns = new Set<Connection>();
  private readonly byMember = new Map<number, Set<Connection>>();
  private readonly recentKicks = new Map<number, { at: number; reason: SessionEndReason; heard: number }>();
  private unlisteners: Array<() => Promise<void>> = [];
  private closing = false;

  constructor(
    readonly db: Db,
    readonly jwtKey: Buffer,
    readonly options: StreamOptions,
    readonly log: FastifyBaseLogger,
  ) {}

  /** Subscribes to the channels; call once before sockets arrive. */
  async start(): Promise<void> {
    const on = async (channel: string, handler: (payload: string) => void) => {
      this.unlisteners.push(await this.db.listen(channel, handler));
    };
    await on(STREAM_CHANNEL.notice, (p) => {
      const e = readNoticeEvent(p);
      if (e) this.pushNotice(e.id);
    });
    await on(STREAM_CHANNEL.balance, (p) => {
      const e = readBalanceEvent(p);
      if (e) this.pushBalance(e);
    });
    await on(STREAM_CHANNEL.kick, (p) => {
      const e = readKickEvent(p);
      if (e) this.kick(e);
    });
    await on(STREAM_CHANNEL.chat, (p) => {
      const e = readChatEvent(p);
      if (e) this.pushChat(e);
    });
    await on(STREAM_CHANNEL.speech, (p) => {
      const e = readSpeechEvent(p);
      if (e) this.pushSpeech(e.memberId);
    });
  }

  get size(): number {
    return this.conns.size;
  }

  attach(socket: WebSocket, ip: string): Connection | null {
    if (this.closing) {
      socket.close(STREAM_CLOSE.goingAway);
      return null;
    }
    const conn = new Connection(this, socket, ip);
    this.conns.add(conn);
    return conn;
  }

  /** Registers a socket's login; false when a kick heard meanwhile already ended it. */
  loggedIn(conn: Connection): boolean {
    const memberId = conn.memberId!;
    const kick = this.recentKicks.get(memberId);
    if (kick && kick.at >= conn.loginAt) {
      conn.kick(kickBodyFor(kick.reason));
      return false;
    }
    let set = this.byMember.get(memberId);
    if (!set) this.byMember.set(memberId, (set = new Set()));
    set.add(conn);
    return true;
  }

  detach(conn: Connection): void {
    this.conns.delete(conn);
    if (conn.memberId === null) return;
    const set = this.byMember.get(conn.memberId);
    set?.delete(conn);
    if (set?.size === 0) this.byMember.delete(conn.memberId);
  }

  private socketsOf(memberId: number): Connection[] {
    return [...(this.byMember.get(memberId) ?? [])];
  }

  private pushNotice(id: number): void {
    readLiveNotice(this.db, id).then(
      (notice) => {
        if (!notice) return;
        const frame = encodeFrame(MSG.notice, notice);
        for (const c of this.conns) c.sendFrame(frame);
      },
      (err: unknown) => this.log.error({ err, id }, 'stream notice push failed'),
    );
  }

  private pushBalance(e: BalanceEvent): void {
    const body: BalanceChange = { balance: e.balance, change: e.change, reason: e.reason, at: e.at };
    for (const c of this.socketsOf(e.memberId)) c.send(MSG.balance, body);
  }

  private kick(e: KickEvent): void {
    const now = Date.now();
    for (const [id, k] of this.recentKicks) if (now - k.heard > RECENT_KICK_MS) this.recentKicks.delete(id);
    const prior = this.recentKicks.get(e.memberId);
    if (!prior || prior.at <= e.at)
      this.recentKicks.set(e.memberId, { at: e.at, reason: e.reason, heard: now });
    for (const c of this.socketsOf(e.memberId)) if (c.loginAt <= e.at) c.kick(kickBodyFor(e.reason));
  }

  private pushChat(message: ChatMessage): void {
    if (message.room !== CHAT_ROOM) return;
    const frame = encodeFrame(MSG.chatMessage, message);
    for (const c of this.conns) if (c.memberId !== null) c.sendFrame(frame);
  }

  /** An operator muted or unmuted the member: their sockets get the login data again. */
  private pushSpeech(memberId: number): void {
    if (!this.byMember.has(memberId)) return;
    readLoginData(this.db, memberId).then(
      (data) => {
        if (data) for (const c of this.socketsOf(memberId)) c.send(MSG.login, data);
      },
      (err: unknown) => this.log.error({ err, memberId }, 'stream speech push failed'),
    );
  }

  /** Graceful shutdown: tells every socket, stops listening, and waits briefly for the sockets to close. */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    const conns = [...this.conns];
    const closed = Promise.all(
      conns.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.socket.readyState === c.socket.CLOSED) return resolve();
            c.socket.once('close', () => resolve());
          }),
      ),
    );
    for (const c of conns) {
      c.closeWith(STREAM_CLOSE.goingAway, MSG.error, { code: CODE.common, message: STREAM_MESSAGE.shutdown });
    }
    const unlisteners = this.unlisteners;
    this.unlisteners = [];
    await Promise.all(unlisteners.map((u) => u().catch(() => {})));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([closed, new Promise<void>((r) => (timer = setTimeout(r, CLOSE_GRACE_MS)))]);
    clearTimeout(timer);
    for (const c of this.conns) c.socket.terminate();
  }
}
