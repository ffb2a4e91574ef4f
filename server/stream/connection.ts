import type { RawData, WebSocket } from 'ws';
import { CODE } from '../../src/protocol/api.ts';
import {
  CHAT_ERROR_CODE,
  CHAT_ROOM,
  chatErrorMessage,
  MSG,
  STREAM_CLOSE,
  type ChatErrorBody,
  type ChatHistory,
  type HeartbeatReply,
  type KickBody,
  type LoginFailure,
  type StreamErrorBody,
} from '../../src/protocol/stream.ts';
import { SERVER_MESSAGE } from '../http/envelope.ts';
import { chatHistory, loginDataOf, sendChat, type ChatRefusal } from '../modules/chat/chat.ts';
import { cachedSiteConfig } from '../modules/site/config.ts';
import type { ConnectionHost } from './connection-host.ts';
import { decodeFrame, encodeFrame, STREAM_MESSAGE, type IncomingFrame } from './frames.ts';
import { checkSocketLogin } from './login.ts';

/** A socket whose unsent data grows past this is too slow to follow the pushes; it is dropped. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** The window of StreamOptions.maxMessagesPerSecond. */
const RATE_WINDOW_MS = 1_000;
/** A socket's asked chat history (30003) is answered at most this often; further asks are ignored. */
export const HISTORY_ASK_INTERVAL_MS = 5_000;

/** Who is at the other end, as the upgrade request said (for logs and the restriction re-check). */
export interface Caller {
  ip: string;
  deviceUuid: string | undefined;
}

/**
 * One socket: its heartbeat timer, its login and the messages it sends. This is connection state (gone with
 * the socket); whatever another node would need lives in the database.
 *
 * spec §4: a socket opens without a login. Anonymous, it answers heartbeats, gets every socket's pushes
 * (notices, site configuration, the live chat) and may read the chat history; a login (10001 with the member
 * jwt) adds the member's own pushes (balance, kick) and the right to speak.
 */
export class Connection {
  memberId: number | null = null;
  /** Database clock at login, ms. */
  loginAt = 0;
  private closed = false;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  /** Messages other than heartbeats run one at a time, in order. */
  private queue: Promise<void> = Promise.resolve();
  private windowStart = 0;
  private windowCount = 0;
  private loginFailures = 0;
  private historyAskedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly host: ConnectionHost<Connection>,
    readonly socket: WebSocket,
    readonly caller: Caller,
  ) {
    socket.on('message', (data, isBinary) => this.onMessage(data, isBinary));
    socket.on('close', () => this.onClosed());
    this.armHeartbeat();
  }

  get ip(): string {
    return this.caller.ip;
  }

  get isOpen(): boolean {
    return !this.closed && this.socket.readyState === this.socket.OPEN;
  }

  send(msgId: number, body: unknown): void {
    this.sendFrame(encodeFrame(msgId, body));
  }

  /** Sends an already encoded frame: a fan-out encodes once for every socket. */
  sendFrame(frame: string): void {
    if (!this.isOpen) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.host.log.warn({ ip: this.ip, memberId: this.memberId }, 'stream socket too slow; dropped');
      this.socket.terminate();
      return;
    }
    this.socket.send(frame);
  }

  /** Sends a last message (the reason), then closes. */
  closeWith(code: number, msgId: number, body: unknown): void {
    if (!this.isOpen) return;
    this.send(msgId, body);
    this.socket.close(code);
    this.stopTimers();
  }

  error(code: number, message: string): void {
    this.send(MSG.error, { code, message } satisfies StreamErrorBody);
  }

  kick(body: KickBody): void {
    this.closeWith(STREAM_CLOSE.kicked, MSG.kick, body);
  }

  /** The caller is restricted (spec §8): the refusal's code and message, then close 4003. */
  refuse(refusal: StreamErrorBody): void {
    this.closeWith(STREAM_CLOSE.refused, MSG.error, refusal);
  }

  private armHeartbeat(): void {
    if (this.heartbeatTimer) {
      // refresh() re-arms the same timer: no allocation per heartbeat (10,000 sockets beat 2,000 times a second).
      this.heartbeatTimer.refresh();
      return;
    }
    const { heartbeatIntervalMs, missedHeartbeats } = this.host.options;
    this.heartbeatTimer = setTimeout(() => {
      this.host.log.debug({ ip: this.ip, memberId: this.memberId }, 'stream heartbeat missed; closing');
      this.closeWith(STREAM_CLOSE.heartbeatTimeout, MSG.error, {
        code: CODE.common,
        message: STREAM_MESSAGE.heartbeatTimeout,
      } satisfies StreamErrorBody);
    }, heartbeatIntervalMs * missedHeartbeats);
    this.heartbeatTimer.unref();
  }

  private stopTimers(): void {
    if (this.heartbeatTimer) clearTimeout(this.heartbeatTimer);
    this.heartbeatTimer = null;
  }

  private onClosed(): void {
    this.closed = true;
    this.stopTimers();
    this.host.detach(this);
  }

  /** Too many messages a second: a misbehaving client, closed before it costs the database. */
  private overRate(): boolean {
    const now = Date.now();
    if (now - this.windowStart >= RATE_WINDOW_MS) {
      this.windowStart = now;
      this.windowCount = 0;
    }
    return ++this.windowCount > this.host.options.maxMessagesPerSecond;
  }

  private onMessage(data: RawData, isBinary: boolean): void {
    if (this.closed) return;
    if (this.overRate()) {
      this.closeWith(STREAM_CLOSE.policy, MSG.error, {
        code: CODE.common,
        message: SERVER_MESSAGE.tooManyRequests,
      } satisfies StreamErrorBody);
      return;
    }
    const msg = isBinary ? null : decodeFrame(data);
    if (!msg) return this.error(CODE.validation, STREAM_MESSAGE.badMessage);
    if (msg.msgId === MSG.heartbeat) {
      // Answered at once, never queued behind a slow database call; anonymous sockets alike.
      this.armHeartbeat();
      this.send(MSG.heartbeat, { serverTime: Date.now() } satisfies HeartbeatReply);
      return;
    }
    this.queue = this.queue.then(() =>
      this.handle(msg).catch((err: unknown) => {
        this.host.log.error({ err, msgId: msg.msgId }, 'stream message failed');
        this.error(CODE.common, SERVER_MESSAGE.internal);
      }),
    );
  }

  private async handle(msg: IncomingFrame): Promise<void> {
    if (this.closed) return;
    switch (msg.msgId) {
      case MSG.login:
        return this.login(msg.token);
      case MSG.chatSend:
        return this.chatSend(msg.body);
      case MSG.chatHistory:
        return this.sendHistory(true);
      default:
        return this.error(CODE.validation, STREAM_MESSAGE.unknownMessage);
    }
  }

  private loginFailed(code: number, message: string): void {
    this.send(MSG.login, { ok: false, code, message } satisfies LoginFailure);
    if (++this.loginFailures >= this.host.options.maxLoginFailures) {
      this.closeWith(STREAM_CLOSE.policy, MSG.error, {
        code: CODE.common,
        message: SERVER_MESSAGE.tooManyRequests,
      } satisfies StreamErrorBody);
    }
  }

  /**
   * spec §4: login once with the member jwt; it upgrades an open anonymous socket. A failure keeps the socket
   * open (still anonymous); the client fetches a new jwt and tries again. A second login of the same member
   * re-sends the login data.
   */
  private async login(token: unknown): Promise<void> {
    const login = await checkSocketLogin(this.host.db, this.host.jwtKey, token);
    if (!login) return this.loginFailed(CODE.tokenInvalid, STREAM_MESSAGE.jwtInvalid);
    if (this.memberId !== null && this.memberId !== login.member.id)
      return this.loginFailed(CODE.validation, STREAM_MESSAGE.otherMember);
    const config = await cachedSiteConfig(this.host.db);
    if (!this.isOpen) return;
    const first = this.memberId === null;
    if (first) {
      this.memberId = login.member.id;
      this.loginAt = login.at;
      // A kick may have been heard while the login was checked.
      if (!this.host.loggedIn(this)) return;
    }
    this.send(MSG.login, loginDataOf(login.member, config));
    if (first && config.siteVideoSkinOpen) await this.sendHistory(false);
  }

  private chatError(r: Pick<ChatRefusal, 'reason' | 'range' | 'retryAfterMs'>): void {
    const body: ChatErrorBody = {
      code: CHAT_ERROR_CODE[r.reason],
      reason: r.reason,
      message: chatErrorMessage(r.reason, r.range),
      ...(r.retryAfterMs !== undefined ? { retryAfterMs: r.retryAfterMs } : {}),
    };
    this.send(MSG.chatError, body);
  }

  /** Speaking needs a login (anonymous sockets read only); the other rules are the chat module's. */
  private async chatSend(body: unknown): Promise<void> {
    if (this.memberId === null) return this.chatError({ reason: 'notLoggedIn' });
    const text = typeof body === 'object' && body !== null ? (body as { text?: unknown }).text : undefined;
    const result = await sendChat(this.host.db, this.memberId, text, this.host.options.chat);
    // Accepted messages come back to every socket in the room, this one included, through the channel.
    if (!result.ok) this.chatError(result);
  }

  /**
   * The room's history, for any socket (reading needs no login). Asked (30003): a closed room is answered
   * with its refusal; after a login: sent only when the room is open.
   */
  private async sendHistory(asked: boolean): Promise<void> {
    if (asked) {
      // Visitors may ask too: one asked history per socket per interval bounds the reads a script can drive.
      const now = Date.now();
      if (now - this.historyAskedAt < HISTORY_ASK_INTERVAL_MS) return;
      this.historyAskedAt = now;
    }
    if (asked && !(await cachedSiteConfig(this.host.db)).siteVideoSkinOpen)
      return this.chatError({ reason: 'closed' });
    const messages = await chatHistory(this.host.db, CHAT_ROOM, this.host.options.chat.historySize);
    this.send(MSG.chatHistory, { room: CHAT_ROOM, messages } satisfies ChatHistory);
  }
}
