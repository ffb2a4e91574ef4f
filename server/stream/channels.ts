import {
  MEMBER_TOPICS,
  type ChatMessage,
  type MemberChange,
  type MemberTopic,
  type WithdrawalChange,
} from '../../src/protocol/stream.ts';
import { notifyOn, type Queryable } from '../db/db.ts';

// How the nodes share pushes: every event goes through PostgreSQL NOTIFY on one of these channels and every
// node (each LISTENs once) delivers it to its own sockets. Publishing inside a transaction sends on commit,
// so a rolled-back change never reaches a player. Kept free of module imports beyond the database, so any
// module may publish (sessions, wallet, notices) without an import cycle.

export const STREAM_CHANNEL = {
  /** A notice was added: `{ id }` (a notice may be longer than a payload's 8000 bytes; nodes read it). */
  notice: 'stream_notice',
  /** Members' balances changed: a `BalanceEvent`, or an array of them (a node's batch, in commit order). */
  balance: 'stream_balance',
  /** A member's login ended: `KickEvent`. */
  kick: 'stream_kick',
  /** A chat message was stored: `ChatMessage`. */
  chat: 'stream_chat',
  /** A member's right to speak changed (mute, unmute): `{ memberId }`; nodes re-send the login data. */
  speech: 'stream_speech',
  /** A member's withdrawal changed state: `WithdrawalEvent`. */
  withdrawal: 'stream_withdrawal',
  /** A member's account changed in a way a page shows (mail, VIP, feedback, rebate, coins): `MemberEvent`. */
  member: 'stream_member',
} as const;

export interface MemberEvent extends MemberChange {
  memberId: number;
}

export interface NoticeEvent {
  id: number;
}

export interface BalanceEvent {
  memberId: number;
  /** Integer minor units. */
  balance: number;
  change: number;
  reason: string;
  at: string;
  /**
   * The ledger entry's id: it grows with every change of the account, in commit order (a change waits for the
   * account row the one before it holds until its commit). Receivers drop a push older than one already sent.
   */
  seq: number;
}

/** Why the sessions ended (the member module's revoked_reason values). */
export type SessionEndReason = 'elsewhere' | 'logout' | 'password' | 'operator';
export const SESSION_END_REASONS: readonly SessionEndReason[] = [
  'elsewhere',
  'logout',
  'password',
  'operator',
];

export interface KickEvent {
  memberId: number;
  /** Milliseconds since epoch on the database clock: sockets that logged in at or before it are kicked. */
  at: number;
  reason: SessionEndReason;
}

export interface SpeechEvent {
  memberId: number;
}

export interface WithdrawalEvent extends WithdrawalChange {
  memberId: number;
}

const WITHDRAWAL_STATES: ReadonlyArray<WithdrawalChange['state']> = [
  'pending',
  'approved',
  'paid',
  'rejected',
  'cancelled',
];

export async function publishNoticeAdded(q: Queryable, id: number): Promise<void> {
  await notifyOn(q, STREAM_CHANNEL.notice, JSON.stringify({ id } satisfies NoticeEvent));
}

const BALANCE_REASON = /^[A-Za-z][A-Za-z0-9_.-]{0,31}$/;
/** PostgreSQL refuses a notification payload of 8000 bytes or more; batches are split below it. */
export const NOTIFY_PAYLOAD_MAX_BYTES = 7_900;

/**
 * For the ledger: publishes balance changes (amounts in integer minor units) through q. Inside a transaction
 * they go out on its commit; on the database itself, now. Every socket of each member on every node gets
 * msgId 20002. One notification per batch that fits a payload.
 */
export async function publishBalanceChanges(q: Queryable, events: readonly BalanceEvent[]): Promise<void> {
  for (const e of events) {
    if (![e.memberId, e.balance, e.change, e.seq].every(Number.isSafeInteger))
      throw new Error('publishBalanceChanges takes integer ids and minor units');
    if (!BALANCE_REASON.test(e.reason)) throw new Error(`bad balance reason ${JSON.stringify(e.reason)}`);
  }
  let batch: string[] = [];
  let bytes = 2;
  const send = async () => {
    if (batch.length) await notifyOn(q, STREAM_CHANNEL.balance, `[${batch.join(',')}]`);
    batch = [];
    bytes = 2;
  };
  for (const e of events) {
    const text = JSON.stringify(e);
    if (bytes + text.length + 1 > NOTIFY_PAYLOAD_MAX_BYTES) await send();
    batch.push(text);
    bytes += text.length + 1;
  }
  await send();
}

/**
 * For the sessions: call when a member's sessions end (a login elsewhere, logout, new password, operator).
 * Every socket of the member that logged in up to now, on every node, gets msgId 20003 (code 6001 for
 * 'elsewhere', 10105 otherwise) and is closed; sockets that log in afterwards (with the new login's jwt) stay.
 * Call it inside the transaction that opens the new session: "now" is then before the new login can issue
 * a jwt, and the kick goes out on commit.
 */
export async function notifySessionsEnded(
  q: Queryable,
  memberId: number,
  reason: SessionEndReason = 'elsewhere',
): Promise<void> {
  // The database clock, the same clock socket logins are stamped with: no skew between nodes.
  const { rows } = await q.query<{ at: number }>(
    'SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS at',
  );
  const event: KickEvent = { memberId, at: rows[0]!.at, reason };
  await notifyOn(q, STREAM_CHANNEL.kick, JSON.stringify(event));
}

export async function publishChatMessage(q: Queryable, message: ChatMessage): Promise<void> {
  await notifyOn(q, STREAM_CHANNEL.chat, JSON.stringify(message));
}

export async function publishSpeechChanged(q: Queryable, memberId: number): Promise<void> {
  await notifyOn(q, STREAM_CHANNEL.speech, JSON.stringify({ memberId } satisfies SpeechEvent));
}

/**
 * For the withdrawals: a member's withdrawal changed state. Every socket of the member on every node gets
 * msgId 20005. Inside a transaction it goes out on commit (never on rollback).
 */
export async function publishWithdrawalChange(q: Queryable, e: WithdrawalEvent): Promise<void> {
  await notifyOn(q, STREAM_CHANNEL.withdrawal, JSON.stringify(e));
}

/**
 * For the member centre (issue 13): a member's mail, VIP level, feedback, rebate or coins changed. Every socket of
 * the member on every node gets msgId 20006. Inside a transaction it goes out on commit (never on rollback).
 */
export async function publishMemberChange(
  q: Queryable,
  e: { memberId: number; topic: MemberTopic; unread?: number; level?: number },
): Promise<void> {
  if (!Number.isSafeInteger(e.memberId) || !MEMBER_TOPICS.includes(e.topic))
    throw new Error('publishMemberChange takes a member id and a known topic');
  const event: MemberEvent = { ...e, at: new Date().toISOString() };
  await notifyOn(q, STREAM_CHANNEL.member, JSON.stringify(event));
}

// Readers of received payloads: a malformed one (another program on the channel) is dropped, never thrown.

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => Number.isSafeInteger(v);
const isStr = (v: unknown): v is string => typeof v === 'string';

function parse(payload: string): Obj | null {
  try {
    const v: unknown = JSON.parse(payload);
    return isObj(v) ? v : null;
  } catch {
    return null;
  }
}

export function readNoticeEvent(payload: string): NoticeEvent | null {
  const v = parse(payload);
  return v && isInt(v.id) ? { id: v.id } : null;
}

const readOneBalanceEvent = (v: unknown): BalanceEvent | null =>
  isObj(v) &&
  isInt(v.memberId) &&
  isInt(v.balance) &&
  isInt(v.change) &&
  isStr(v.reason) &&
  isStr(v.at) &&
  isInt(v.seq)
    ? { memberId: v.memberId, balance: v.balance, change: v.change, reason: v.reason, at: v.at, seq: v.seq }
    : null;

/** A balance notification: one event or a batch; malformed events are dropped, the others kept in order. */
export function readBalanceEvents(payload: string): BalanceEvent[] {
  let v: unknown;
  try {
    v = JSON.parse(payload);
  } catch {
    return [];
  }
  const events = (Array.isArray(v) ? v : [v]).map(readOneBalanceEvent);
  return events.filter((e): e is BalanceEvent => e !== null);
}

export function readKickEvent(payload: string): KickEvent | null {
  const v = parse(payload);
  return v && isInt(v.memberId) && isInt(v.at) && SESSION_END_REASONS.includes(v.reason as SessionEndReason)
    ? { memberId: v.memberId, at: v.at, reason: v.reason as SessionEndReason }
    : null;
}

export function readChatEvent(payload: string): ChatMessage | null {
  const v = parse(payload);
  return v &&
    isInt(v.id) &&
    isStr(v.room) &&
    isInt(v.memberId) &&
    isStr(v.name) &&
    isInt(v.vipLevel) &&
    isStr(v.text) &&
    isStr(v.at)
    ? {
        id: v.id,
        room: v.room,
        memberId: v.memberId,
        name: v.name,
        vipLevel: v.vipLevel,
        text: v.text,
        at: v.at,
      }
    : null;
}

export function readSpeechEvent(payload: string): SpeechEvent | null {
  const v = parse(payload);
  return v && isInt(v.memberId) ? { memberId: v.memberId } : null;
}

export function readWithdrawalEvent(payload: string): WithdrawalEvent | null {
  const v = parse(payload);
  return v &&
    isInt(v.memberId) &&
    isStr(v.id) &&
    WITHDRAWAL_STATES.includes(v.state as WithdrawalChange['state']) &&
    isInt(v.amount) &&
    isInt(v.payout) &&
    (v.reason === null || isStr(v.reason)) &&
    isStr(v.at)
    ? {
        memberId: v.memberId,
        id: v.id,
        state: v.state as WithdrawalChange['state'],
        amount: v.amount,
        payout: v.payout,
        reason: v.reason,
        at: v.at,
      }
    : null;
}

export function readMemberEvent(payload: string): MemberEvent | null {
  const v = parse(payload);
  if (!v || !isInt(v.memberId) || !MEMBER_TOPICS.includes(v.topic as MemberTopic) || !isStr(v.at))
    return null;
  if (v.unread !== undefined && !isInt(v.unread)) return null;
  if (v.level !== undefined && !isInt(v.level)) return null;
  return {
    memberId: v.memberId,
    topic: v.topic as MemberTopic,
    at: v.at,
    ...(v.unread !== undefined ? { unread: v.unread as number } : {}),
    ...(v.level !== undefined ? { level: v.level as number } : {}),
  };
}
