import { textWidth } from '../../../machines/text-width.ts';
import { maskMiddle } from '../../../src/lib/phone-mask.ts';
import { parseStoredPhone } from '../../../src/protocol/member.ts';
import {
  CHAT_HISTORY_SIZE,
  CHAT_MAX_WIDTH,
  CHAT_MIN_INTERVAL_MS,
  CHAT_ROOM,
  type ChatErrorReason,
  type ChatMessage,
  type LoginData,
} from '../../../src/protocol/stream.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { publishChatMessage, publishSpeechChanged } from '../../stream/channels.ts';
import { cachedSiteConfig, type SiteConfig } from '../site/config.ts';

// The live-stream chat of the home page's video block (one room). Every rule is checked against the database
// (mute, VIP level, the last message's time), so any node may take any member's message.

export interface ChatOptions {
  /** A member may send one message this often (CHAT_MIN_INTERVAL_MS; tests shorten it). */
  minIntervalMs: number;
  historySize: number;
}

export const DEFAULT_CHAT_OPTIONS: ChatOptions = {
  minIntervalMs: CHAT_MIN_INTERVAL_MS,
  historySize: CHAT_HISTORY_SIZE,
};

/** The masked name a member shows as: the phone number without its country, masked (spec §5). */
export const chatNameOf = (storedPhone: string) => maskMiddle(parseStoredPhone(storedPhone).number);

// Line breaks and tabs become spaces; other control characters, bidirectional overrides (which reorder the
// text around them on screen) and lone surrogates (no valid text) are removed.
const LINE_BREAKS = /[\t\n\r\v\f\u2028\u2029\u0085]+/g;
const INVISIBLE = /[\p{Cc}\p{Cs}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** The text as stored and sent: plain text, never HTML (the site renders it escaped). */
export function cleanChatText(text: string): string {
  return text.replace(LINE_BREAKS, ' ').replace(INVISIBLE, '').trim();
}

export interface SpeechFacts {
  open: boolean;
  muted: boolean;
  vipLevel: number;
  vipMin: number;
  vipMax: number;
}

/** Why the member may not speak now, or null. */
export function speechReason(f: SpeechFacts): ChatErrorReason | null {
  if (!f.open) return 'closed';
  if (f.muted) return 'muted';
  if (f.vipLevel < f.vipMin || f.vipLevel > f.vipMax) return 'vipRange';
  return null;
}

export interface ChatMember {
  id: number;
  phone: string;
  vipLevel: number;
  muted: boolean;
}

/** spec §3 socket login data (speechStatus, vipMin, vipMax) and the rest the page shows. */
export function loginDataOf(member: ChatMember, config: SiteConfig): LoginData {
  const range = { vipMin: config.chatVipMin, vipMax: config.chatVipMax };
  return {
    ok: true,
    speechStatus: member.muted ? 0 : 1,
    ...range,
    vipLevel: member.vipLevel,
    memberId: member.id,
    userName: chatNameOf(member.phone),
    speechReason: speechReason({
      open: config.siteVideoSkinOpen,
      muted: member.muted,
      vipLevel: member.vipLevel,
      ...range,
    }),
  };
}

export async function readChatMember(q: Queryable, memberId: number): Promise<ChatMember | null> {
  const { rows } = await q.query<{ id: number; phone: string; vip_level: number; muted: boolean }>(
    'SELECT id, phone, vip_level, chat_muted_at IS NOT NULL AS muted FROM members WHERE id = $1',
    [memberId],
  );
  const m = rows[0];
  return m ? { id: m.id, phone: m.phone, vipLevel: m.vip_level, muted: m.muted } : null;
}

/** The member's current login data, or null when the member is gone. */
export async function readLoginData(db: Queryable, memberId: number): Promise<LoginData | null> {
  const member = await readChatMember(db, memberId);
  return member ? loginDataOf(member, await cachedSiteConfig(db)) : null;
}

export type ChatRefusal = {
  ok: false;
  reason: ChatErrorReason;
  range?: { vipMin: number; vipMax: number };
  retryAfterMs?: number;
};
export type ChatResult = { ok: true; message: ChatMessage } | ChatRefusal;

const refuse = (reason: ChatErrorReason, extra: Omit<ChatRefusal, 'ok' | 'reason'> = {}): ChatRefusal => ({
  ok: false,
  reason,
  ...extra,
});

/**
 * Stores a member's message and publishes it (every node broadcasts it on commit), or answers why not.
 * Order: text rules first (no database), then the room, then the member under a row lock (mute, VIP level,
 * the interval since their last message), so two nodes cannot both accept two fast messages.
 */
export async function sendChat(
  db: Db,
  memberId: number,
  rawText: unknown,
  opts: ChatOptions = DEFAULT_CHAT_OPTIONS,
): Promise<ChatResult> {
  if (typeof rawText !== 'string') return refuse('empty');
  // A cheap bound before cleaning: no text this long can be narrow enough.
  if (rawText.length > CHAT_MAX_WIDTH * 8) return refuse('tooLong');
  const text = cleanChatText(rawText);
  if (!text) return refuse('empty');
  if (textWidth(text) > CHAT_MAX_WIDTH) return refuse('tooLong');

  const config = await cachedSiteConfig(db);
  const range = { vipMin: config.chatVipMin, vipMax: config.chatVipMax };
  if (!config.siteVideoSkinOpen) return refuse('closed');

  return db.transaction(async (tx): Promise<ChatResult> => {
    const { rows } = await tx.query<{
      phone: string;
      vip_level: number;
      status: string;
      muted: boolean;
      since_last_ms: number | null;
    }>(
      `SELECT phone, vip_level, status, chat_muted_at IS NOT NULL AS muted,
              (extract(epoch FROM clock_timestamp() - chat_last_at) * 1000)::bigint AS since_last_ms
         FROM members WHERE id = $1 FOR UPDATE`,
      [memberId],
    );
    const m = rows[0];
    if (!m || m.status !== 'active') return refuse('notLoggedIn');
    if (m.muted) return refuse('muted');
    if (m.vip_level < range.vipMin || m.vip_level > range.vipMax) return refuse('vipRange', { range });
    if (m.since_last_ms !== null && m.since_last_ms < opts.minIntervalMs) {
      return refuse('tooFast', { retryAfterMs: Math.max(1, opts.minIntervalMs - m.since_last_ms) });
    }

    const inserted = await tx.query<{ id: number; created_at: Date }>(
      `INSERT INTO chat_messages (room, member_id, vip_level, text) VALUES ($1, $2, $3, $4)
       RETURNING id, created_at`,
      [CHAT_ROOM, memberId, m.vip_level, text],
    );
    await tx.query('UPDATE members SET chat_last_at = clock_timestamp() WHERE id = $1', [memberId]);
    // A short history only: keep the newest historySize of the room.
    await tx.query(
      `DELETE FROM chat_messages WHERE room = $1 AND id < (
         SELECT id FROM chat_messages WHERE room = $1 ORDER BY id DESC OFFSET $2 LIMIT 1)`,
      [CHAT_ROOM, opts.historySize - 1],
    );
    const row = inserted.rows[0]!;
    const message: ChatMessage = {
      id: row.id,
      room: CHAT_ROOM,
      memberId,
      name: chatNameOf(m.phone),
      vipLevel: m.vip_level,
      text,
      at: row.created_at.toISOString(),
    };
    await publishChatMessage(tx, message);
    return { ok: true, message };
  });
}

/** The room's newest messages, oldest first. */
export async function chatHistory(
  q: Queryable,
  room = CHAT_ROOM,
  limit = CHAT_HISTORY_SIZE,
): Promise<ChatMessage[]> {
  const { rows } = await q.query<{
    id: number;
    room: string;
    member_id: number;
    phone: string;
    vip_level: number;
    text: string;
    created_at: Date;
  }>(
    `SELECT c.id, c.room, c.member_id, m.phone, c.vip_level, c.text, c.created_at
       FROM chat_messages c JOIN members m ON m.id = c.member_id
      WHERE c.room = $1 ORDER BY c.id DESC LIMIT $2`,
    [room, limit],
  );
  return rows.reverse().map((r) => ({
    id: r.id,
    room: r.room,
    memberId: r.member_id,
    name: chatNameOf(r.phone),
    vipLevel: r.vip_level,
    text: r.text,
    at: r.created_at.toISOString(),
  }));
}

/**
 * An operator mutes or unmutes a member (by stored phone). Their open sockets get the login data again
 * (speechStatus 0 or 1). Answers the member id, or null when no member has that phone.
 */
export async function setChatMuted(db: Db, storedPhone: string, muted: boolean): Promise<number | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      `UPDATE members SET chat_muted_at = CASE WHEN $2 THEN coalesce(chat_muted_at, now()) END
        WHERE phone = $1 RETURNING id`,
      [storedPhone, muted],
    );
    const id = rows[0]?.id ?? null;
    if (id !== null) await publishSpeechChanged(tx, id);
    return id;
  });
}
