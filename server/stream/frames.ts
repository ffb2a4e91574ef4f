import type { RawData } from 'ws';

// The socket's wire form (spec §4: JSON text with msgId and body) and the texts the socket itself says. Kept
// apart from the connection and the hub so both (and the tests) read them without importing each other.

export const STREAM_MESSAGE = {
  jwtInvalid: '登录凭证无效或已过期，请重新登录',
  otherMember: '该连接已登录其他账号，请重新连接',
  badMessage: '消息格式不正确',
  unknownMessage: '不支持的消息类型',
  heartbeatTimeout: '连接超时，请重新连接',
  shutdown: '服务器正在重启，请稍后重新连接',
} as const;

/** The wire form of a message. A fan-out encodes once and sends the same text to every socket. */
export const encodeFrame = (msgId: number, body: unknown): string => JSON.stringify({ msgId, body });

/** A client message as read: an integer msgId; token and body unchecked (each handler checks its own). */
export interface IncomingFrame {
  msgId: number;
  token?: unknown;
  body?: unknown;
}

/** Reads a client frame; null for anything that is not a JSON object with an integer msgId. */
export function decodeFrame(data: RawData): IncomingFrame | null {
  try {
    const v: unknown = JSON.parse(data.toString());
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
    const msgId = (v as { msgId?: unknown }).msgId;
    return Number.isInteger(msgId) ? (v as IncomingFrame) : null;
  } catch {
    return null;
  }
}
