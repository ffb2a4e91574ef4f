import type { RawData, WebSocket } from 'ws';
import { CODE } from '../../src/protocol/api.ts';
import {
  CHAT_ERROR_CODE,
  CHAT_ROOM,
  chatErrorMessage,
  MSG,
  STREAM_CLOSE,
  type ChatErrorBody,
  type ChatErrorReason,
  type ChatHistory,
  type HeartbeatReply,
  type KickBody,
  type LoginFailure,
  type StreamErrorBody,
} from '../../src/protocol/stream.ts';
import { SERVER_MESSAGE } from '../http/envelope.ts';
import { chatHistory, loginDataOf, sendChat, type ChatRefusal } from '../modules/chat/chat.ts';
import { cachedSiteConfig } from '../modules/site/config.ts';
import type { StreamHub } from './hub.ts';
import { checkSocketLogin } from './login.ts';

export const STREAM_MESSAGE = {
  jwtInvalid: '登录凭证无效或已过期，请重新登录',
  otherMember: '该连接已登录其他账号，请重新连接',
  badMessage: '消息格式不正确',
  unknownMessage: '不支持的消息类型',
  heartbeatTimeout: '连接超时，请重新连接',
  shutdown: '服务器正在重启，请稍后重新连接',
} as const;

/** A socket whose unsent data grows past this is too slow to follow the pushes; it is dropped. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

type Incoming = { msgId: number; token?: unknown; body?: unknown };

function parseIncoming(data: RawData): Incoming | null {
  try {
    const v: unknown = JSON.parse(data.toString());
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
    const msgId = (v as { msgId?: unknown }).msgId;
    return Number.isInteger(msgId) ? (v as Incoming) : null;
  } catch {
    return null;
  }
}

/**
 * One socket: its heartbeat timer, its login and the messages it sends. This is connection state (gone with
 * the socket); whatever another node would need lives in the database.
 */
/** The wire form of a message (spec §4: JSON with msgId and body). */
export const encodeFrame = (msgId: number, body: unknown) => JSON.stringify({ msgId, body });

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

  constructor(
    private readonly hub: StreamHub,
    readonly socket: WebSocket,
    readonly ip: string,
  ) {
    socket.on('message', (data, isBinary) => this.onMessage(data, isBinary));
    socket.on('close', () => this.onClosed());
    this.armHeartbeat();
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
      this.hub.log.warn({ ip: this.ip, memberId: this.memberId }, 'stream socket too slow; dropped');
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

  private armHeartbeat(): void {
    if (this.heartbeatTimer) clearTimeout(this.heartbeatTimer);
    const { heartbeatIntervalMs, missedHeartbeats } = this.hub.options;
    this.heartbeatTimer = setTimeout(() => {
      this.hub.log.debug({ ip: this.ip, memberId: this.memberId }, 'stream heartbeat missed; closing');
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
    this.hub.detach(this);
  }

  /** Too many messages a second: a misbehaving client, closed before it costs the database. */
  private overRate(): boolean {
    const now = Date.now();
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.windowCount = 0;
    }
    return ++this.windowCount > this.hub.options.maxMessagesPerSecond;
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
    const msg = isBinary ? null : parseIncoming(data);
    if (!msg) return this.error(CODE.validation, STREAM_MESSAGE.badMessage);
    if (msg.msgId === MSG.heartbeat) {
      // Answered at once, never queued behind a slow database call.
      this.armHeartbeat();
      this.send(MSG.heartbeat, { serverTime: Date.now() } satisfies HeartbeatReply);
      return;
    }
    this.queue = this.queue.then(() =>
      this.handle(msg).catch((err: unknown) => {
        this.hub.log.error({ err, msgId: msg.msgId }, 'stream message failed');
        this.error(CODE.common, SERVER_MESSAGE.internal);
      }),
    );
  }

  private async handle(msg: Incoming): Promise<void> {
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
    if (++this.loginFailures >= this.hub.options.maxLoginFailures) {
      this.closeWith(STREAM_CLOSE.policy, MSG.error, {
        code: CODE.common,
        message: SERVER_MESSAGE.tooManyRequests,
      } satisfies StreamErrorBody);
    }
  }

  /**
   * spec §4: login once with the member jwt. A failure keeps the socket open (anonymous: notices only); the
   * client logs in again on its next open. A second login of the same member re-sends the login data.
   */
  private async login(token: unknown): Promise<void> {
    const login = await checkSocketLogin(this.hub.db, this.hub.jwtKey, token);
    if (!login) return this.loginFailed(CODE.tokenInvalid, STREAM_MESSAGE.jwtInvalid);
    if (this.memberId !== null && this.memberId !== login.member.id)
      return this.loginFailed(CODE.validation, STREAM_MESSAGE.otherMember);
    const config = await cachedSiteConfig(this.hub.db);
    if (!this.isOpen) return;
    const first = this.memberId === null;
    if (first) {
      this.memberId = login.member.id;
      this.loginAt = login.at;
      // A kick may have been heard while the login was checked.
      if (!this.hub.loggedIn(this)) return;
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

  private async chatSend(body: unknown): Promise<void> {
    if (this.memberId === null) return this.chatError({ reason: 'notLoggedIn' });
    const text = typeof body === 'object' && body !== null ? (body as { text?: unknown }).text : undefined;
    const result = await sendChat(this.hub.db, this.memberId, text, this.hub.options.chat);
    // Accepted messages come back to every socket in the room, this one included, through the channel.
    if (!result.ok) this.chatError(result);
  }

  /** The room's history; asked: refusals are answered, after login: only sent when the room is open. */
  private async sendHistory(asked: boolean): Promise<void> {
    let refusal: ChatErrorReason | null = null;
    if (this.memberId === null) refusal = 'notLoggedIn';
    else if (asked && !(await cachedSiteConfig(this.hub.db)).siteVideoSkinOpen) refusal = 'closed';
    if (refusal) return asked ? this.chatError({ reason: refusal }) : undefined;
    const messages = await chatHistory(this.hub.db, CHAT_ROOM, this.hub.options.chat.historySize);
    this.send(MSG.chatHistory, { room: CHAT_ROOM, messages } satisfies ChatHistory);
  }
}
