// The real-time socket (spec §4, §7, §9): message ids, timings and payloads shared by the site and the back end.
// Pure: no DOM, no Node APIs. Wire reference: docs/api.md "Stream socket".

import type { WithdrawalState } from './payout.ts';
import type { Notice } from './site.ts';

/** spec §7: `/stream/ws/v1/handshake?clientType=web` on the host from the site configuration. */
export const STREAM_PATH = '/stream/ws/v1/handshake';
export const STREAM_CLIENT_TYPES = ['web', 'h5'] as const;
export type StreamClientType = (typeof STREAM_CLIENT_TYPES)[number];
/** Where the site asks for the socket's host (designed here; docs/api.md). */
export const STREAM_INFO_PATH = '/site/api/v1/configuration/streamInfo';

/** spec §4 socket status. */
export const SOCKET_STATUS = { closed: 0, open: 1 } as const;
export type SocketStatus = (typeof SOCKET_STATUS)[keyof typeof SOCKET_STATUS];

/** Message ids. 0 and 10001 are the spec's (§4, §9); the others are designed here. */
export const MSG = {
  /** client → server every HEARTBEAT_INTERVAL_MS; the server answers with `HeartbeatReply`. */
  heartbeat: 0,
  /** client → server with `token` = the member jwt; server → client `LoginReply` (also re-sent when it changes). */
  login: 10001,
  /** server → client: a notice was published (`Notice`). */
  notice: 20001,
  /** server → client: the logged-in member's balance changed (`BalanceChange`). */
  balance: 20002,
  /** server → client: the login ended elsewhere (`KickBody`, code 6001); the server then closes the socket. */
  kick: 20003,
  /**
   * server → client, to every socket (anonymous ones too): the site configuration changed (maintenance, title,
   * restrictions...). Body `SiteConfigChanged`; the site re-reads pre-info at once instead of at the next poll.
   */
  siteConfig: 20004,
  /**
   * server → client: one of the logged-in member's withdrawals changed state (`WithdrawalChange`): created
   * (held), approved, paid, rejected or cancelled. The page re-reads the withdrawal list and the balance.
   */
  withdrawal: 20005,
  /**
   * server → client: something of the logged-in member's account changed that a page shows (`MemberChange`):
   * new mail (with the unread count), a VIP level change, a feedback reply, rebate or coins. The page of that
   * topic re-reads what it shows; the chrome shows the unread mail count from it.
   */
  member: 20006,
  /** client → server: `ChatSendBody`. */
  chatSend: 30001,
  /**
   * server → client, to every socket (anonymous ones read the chat too): a chat message of the room
   * (`ChatMessage`), the sender's own included.
   */
  chatMessage: 30002,
  /**
   * server → client after login when the room is open; and on request from any socket, anonymous ones too
   * (client → server with body {}): `ChatHistory`, or a chatError `closed` while the room is closed.
   */
  chatHistory: 30003,
  /** server → client: a chat request was refused (`ChatErrorBody`). */
  chatError: 30004,
  /** server → client: a protocol error or the reason for the close that follows (`StreamErrorBody`). */
  error: 40000,
} as const;
export type MsgId = (typeof MSG)[keyof typeof MSG];

/** spec §9: heartbeat every 5 s. */
export const HEARTBEAT_INTERVAL_MS = 5_000;
/** The server closes a socket that sent no heartbeat for this many intervals. */
export const MISSED_HEARTBEATS_BEFORE_CLOSE = 3;

/** The one chat room (the home page's live video block). */
export const CHAT_ROOM = 'live';
/** Longest chat message, in text-width units (spec §5: characters above code 255 count 2). */
export const CHAT_MAX_WIDTH = 120;
/** A member may send one chat message this often. */
export const CHAT_MIN_INTERVAL_MS = 2_000;
/** Messages kept per room and sent as history. */
export const CHAT_HISTORY_SIZE = 50;

/** WebSocket close codes the server uses (4000–4999 are the application's). */
export const STREAM_CLOSE = {
  normal: 1000,
  /** The server is shutting down; reconnect later. */
  goingAway: 1001,
  /** A message over the size limit (ws). */
  tooLarge: 1009,
  /** No heartbeat for MISSED_HEARTBEATS_BEFORE_CLOSE intervals. */
  heartbeatTimeout: 4000,
  /** The login ended (another login, logout, password change); a kick message came first. */
  kicked: 4001,
  /** The caller is restricted or its device is blocked; an error message came first. */
  refused: 4003,
  /** Too many messages or failed logins on one socket. */
  policy: 4008,
} as const;

/** Every message in both directions. `token` only on login. */
export interface StreamMessage<B = unknown> {
  msgId: number;
  token?: string;
  body: B;
}

/**
 * Body of MSG.siteConfig: which site-configuration keys changed (e.g. `maintainStatus`, `title`). Empty when the
 * change was outside the configuration (an address restriction, a blocked device) or the keys are unknown: the
 * site re-reads pre-info either way. One push gathers the changes of SITE_CONFIG_PUSH_WINDOW_MS.
 */
export interface SiteConfigChanged {
  keys: string[];
}

/** The server gathers site-configuration changes this long before one MSG.siteConfig push. */
export const SITE_CONFIG_PUSH_WINDOW_MS = 250;

export interface HeartbeatReply {
  /** Milliseconds since epoch on the server. */
  serverTime: number;
}

/** spec §3 socket login data (speechStatus, vipMin, vipMax), with what the page needs to say why. */
export interface LoginData {
  ok: true;
  /** 1 = the member may speak (not muted by an operator), 0 = muted. */
  speechStatus: 0 | 1;
  /** The VIP levels that may speak in the chat room (inclusive). */
  vipMin: number;
  vipMax: number;
  vipLevel: number;
  memberId: number;
  /** The member's user name, masked (spec §5). */
  userName: string;
  /** Why a send would be refused now (muted, VIP outside vipMin..vipMax, chat closed), or null: may speak. */
  speechReason: ChatErrorReason | null;
}

export interface LoginFailure {
  ok: false;
  /** 10004: the jwt is missing, wrong, expired or its login ended; 10003: the socket is another member's. */
  code: number;
  message: string;
}

export type LoginReply = LoginData | LoginFailure;

export type NoticePush = Notice;

export interface BalanceChange {
  /** The new balance, integer minor units (cents). */
  balance: number;
  /** Signed change, integer minor units. */
  change: number;
  /** Why, e.g. 'deposit', 'withdrawal', 'transfer', 'bet', 'payout', 'bonus'. */
  reason: string;
  at: string;
}

/** Body of MSG.withdrawal (issue 10 §3: every state change reaches the player live). Amounts in fen. */
export interface WithdrawalChange {
  id: string;
  state: WithdrawalState;
  amount: number;
  payout: number;
  /** The operator's reason for a rejection, else null. */
  reason: string | null;
  at: string;
}

/** The topics of MSG.member (issue 13: the member centre's live changes). */
export const MEMBER_TOPICS = ['mail', 'vip', 'feedback', 'rebate', 'coins'] as const;
export type MemberTopic = (typeof MEMBER_TOPICS)[number];

/** Body of MSG.member. */
export interface MemberChange {
  topic: MemberTopic;
  /** The member's unread mail now (topic 'mail'; also sent on 'feedback' when a reply landed in mail). */
  unread?: number;
  /** The member's VIP level now (topic 'vip'). */
  level?: number;
  at: string;
}

export interface KickBody {
  /** 6001 logged in elsewhere; 10105 the login was revoked (logout, password, operator). */
  code: number;
  message: string;
}

export interface ChatSendBody {
  text: string;
}

/** A chat message as every socket receives it. `text` is plain text: render it escaped, never as HTML. */
export interface ChatMessage {
  id: number;
  room: string;
  memberId: number;
  /** The sender's masked user name. */
  name: string;
  vipLevel: number;
  text: string;
  /** ISO time. */
  at: string;
}

export interface ChatHistory {
  room: string;
  /** Oldest first, at most CHAT_HISTORY_SIZE. */
  messages: ChatMessage[];
}

export const CHAT_ERROR_REASONS = [
  'notLoggedIn',
  'closed',
  'muted',
  'vipRange',
  'empty',
  'tooLong',
  'tooFast',
] as const;
export type ChatErrorReason = (typeof CHAT_ERROR_REASONS)[number];

/** Chat refusal codes (designed here; docs/api.md). */
export const CHAT_ERROR_CODE: Record<ChatErrorReason, number> = {
  notLoggedIn: 30401,
  closed: 30402,
  muted: 30403,
  vipRange: 30404,
  empty: 30405,
  tooLong: 30406,
  tooFast: 30407,
};

/** What the player reads for each refusal (vipRange names the levels). */
export function chatErrorMessage(
  reason: ChatErrorReason,
  range?: { vipMin: number; vipMax: number },
): string {
  switch (reason) {
    case 'notLoggedIn':
      return '请先登录后再发言';
    case 'closed':
      return '直播聊天室暂未开放';
    case 'muted':
      return '您已被禁言，如有疑问请联系客服';
    case 'vipRange':
      return range ? `仅 VIP${range.vipMin} 至 VIP${range.vipMax} 会员可以发言` : '您的 VIP 等级暂不能发言';
    case 'empty':
      return '请输入聊天内容';
    case 'tooLong':
      return `聊天内容过长，最多 ${CHAT_MAX_WIDTH / 2} 个汉字或 ${CHAT_MAX_WIDTH} 个字母`;
    case 'tooFast':
      return '发言太快了，请稍后再试';
  }
}

export interface ChatErrorBody {
  code: number;
  reason: ChatErrorReason;
  message: string;
  /** tooFast: milliseconds until the next message is accepted. */
  retryAfterMs?: number;
}

export interface StreamErrorBody {
  code: number;
  message: string;
}

/** GET STREAM_INFO_PATH `data`. */
export interface StreamInfo {
  /** host[:port] of the socket; '' = the page's own host. The scheme follows the page (https → wss). */
  host: string;
  path: string;
  heartbeatMs: number;
}
