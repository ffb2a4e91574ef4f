import { CODE } from '../../../src/protocol/api.ts';
import {
  MAIL_BODY_MAX,
  MAIL_PREVIEW_CHARS,
  MAIL_TITLE_MAX,
  type MailAudience,
  type MailDetail,
  type MailKind,
  type MailList,
  type MailSummary,
} from '../../../src/protocol/mail.ts';
import type { Queryable } from '../../db/db.ts';
import { ApiError } from '../../http/envelope.ts';
import { publishMemberChange } from '../../stream/channels.ts';
import { MAIL_MESSAGE } from './messages.ts';

// Site mail (issue 13 §2; docs/mail.md). One row per message whoever it is for; a member's read / deleted state
// of a message is a mail_states row made when they first read or delete it. What a member sees (VISIBLE):
// - messages to them;
// - broadcasts ('all', or 'vip' with their level now in vip_min..vip_max) sent at or after they registered;
//   a VIP-range message they read once stays theirs when their level leaves the range;
// - minus the ones they deleted.

export type MailRecipient = { memberId: number } | 'all' | { vipMin: number; vipMax: number };

export interface SendMailInput {
  to: MailRecipient;
  title: string;
  body: string;
  /** Default 'notice'; the feedback reply sends 'feedback'. */
  kind?: MailKind;
}

export interface SentMail {
  id: number;
  audience: MailAudience;
  /** How many members were pushed (the named member, or the broadcast's members with a live session). */
  pushed: number;
}

/** Members whose session was seen this recently may have a socket open: a broadcast pushes them. */
export const BROADCAST_PUSH_WINDOW = '1 day';

// $1 = the member. Candidates: the member's own (mails_member_idx) and the broadcasts since they registered
// (mails_broadcast_idx): two index scans, never the whole table.
const VISIBLE = `
  me AS (SELECT vip_level, created_at FROM members WHERE id = $1),
  candidates AS (
    SELECT x.* FROM mails x WHERE x.member_id = $1
    UNION ALL
    SELECT x.* FROM mails x, me WHERE x.member_id IS NULL AND x.created_at >= me.created_at
  ),
  visible AS (
    SELECT c.id, c.audience, c.kind, c.title, c.body, c.created_at, s.read_at
      FROM candidates c CROSS JOIN me
      LEFT JOIN mail_states s ON s.member_id = $1 AND s.mail_id = c.id
     WHERE s.deleted_at IS NULL
       AND (c.audience <> 'vip' OR me.vip_level BETWEEN c.vip_min AND c.vip_max OR s.member_id IS NOT NULL)
  )`;

interface MailRow {
  id: string | number;
  audience: MailAudience;
  kind: MailKind;
  title: string;
  body: string;
  created_at: Date | string;
  read_at: Date | string | null;
}

const iso = (t: Date | string) => (t instanceof Date ? t : new Date(t)).toISOString();

function summaryOf(r: MailRow): MailSummary {
  return {
    id: Number(r.id),
    kind: r.kind,
    audience: r.audience,
    title: r.title,
    preview: [...r.body].slice(0, MAIL_PREVIEW_CHARS).join(''),
    read: r.read_at !== null,
    createdAt: iso(r.created_at),
  };
}

export async function unreadMailCount(q: Queryable, memberId: number): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `WITH ${VISIBLE} SELECT count(*)::int AS n FROM visible WHERE read_at IS NULL`,
    [memberId],
  );
  return Number(rows[0]?.n ?? 0);
}

async function pushUnread(
  q: Queryable,
  memberId: number,
  topic: 'mail' | 'feedback' = 'mail',
): Promise<number> {
  const unread = await unreadMailCount(q, memberId);
  await publishMemberChange(q, { memberId, topic, unread });
  return unread;
}

const charCount = (s: string) => [...s].length;

/** Throws on a bad message (a programming or operator error, not a player's input). */
export function checkMail(input: SendMailInput): void {
  const title = input.title.trim();
  const body = input.body.trim();
  if (charCount(title) < 1 || charCount(title) > MAIL_TITLE_MAX)
    throw new Error(`mail title must be 1–${MAIL_TITLE_MAX} characters`);
  if (charCount(body) < 1 || charCount(body) > MAIL_BODY_MAX)
    throw new Error(`mail body must be 1–${MAIL_BODY_MAX} characters`);
  const to = input.to;
  if (to !== 'all' && 'vipMin' in to) {
    if (
      !Number.isSafeInteger(to.vipMin) ||
      !Number.isSafeInteger(to.vipMax) ||
      to.vipMin < 0 ||
      to.vipMin > to.vipMax
    )
      throw new Error('a VIP range is two levels, the first not above the second');
  } else if (to !== 'all' && !Number.isSafeInteger(to.memberId))
    throw new Error('mail to a member takes its id');
}

/**
 * Sends a message (run it inside the caller's transaction when it belongs to one: the pushes go out on commit).
 * To one member: they get topic 'mail' with their unread count. To everyone or a VIP range: one row; every member
 * of the audience with a live session gets topic 'mail' without a count, and their chrome re-reads it.
 */
export async function sendMail(q: Queryable, input: SendMailInput): Promise<SentMail> {
  checkMail(input);
  const { to } = input;
  const title = input.title.trim();
  const body = input.body.trim();
  const kind = input.kind ?? 'notice';
  if (to !== 'all' && 'memberId' in to) {
    const { rows } = await q.query<{ id: string | number }>(
      `INSERT INTO mails (audience, member_id, kind, title, body)
       SELECT 'member', id, $2, $3, $4 FROM members WHERE id = $1 RETURNING id`,
      [to.memberId, kind, title, body],
    );
    if (!rows[0]) throw new Error(`no member ${to.memberId}`);
    await pushUnread(q, to.memberId);
    return { id: Number(rows[0].id), audience: 'member', pushed: 1 };
  }
  const vip = to === 'all' ? null : to;
  const { rows } = await q.query<{ id: string | number }>(
    `INSERT INTO mails (audience, vip_min, vip_max, kind, title, body) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [vip ? 'vip' : 'all', vip?.vipMin ?? null, vip?.vipMax ?? null, kind, title, body],
  );
  const online = await q.query<{ member_id: string | number }>(
    `SELECT DISTINCT s.member_id FROM sessions s JOIN members m ON m.id = s.member_id
      WHERE s.revoked_at IS NULL AND s.expires_at > now() AND s.last_seen_at > now() - $1::interval
        AND ($2::int IS NULL OR m.vip_level BETWEEN $2::int AND $3::int)`,
    [BROADCAST_PUSH_WINDOW, vip?.vipMin ?? null, vip?.vipMax ?? null],
  );
  for (const r of online.rows) await publishMemberChange(q, { memberId: Number(r.member_id), topic: 'mail' });
  return { id: Number(rows[0]!.id), audience: vip ? 'vip' : 'all', pushed: online.rows.length };
}

export async function listMail(
  q: Queryable,
  memberId: number,
  page: number,
  size: number,
): Promise<MailList> {
  const [items, counts] = await Promise.all([
    q.query<MailRow>(
      `WITH ${VISIBLE} SELECT * FROM visible ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [memberId, size, (page - 1) * size],
    ),
    q.query<{ total: number; unread: number }>(
      `WITH ${VISIBLE} SELECT count(*)::int AS total, count(*) FILTER (WHERE read_at IS NULL)::int AS unread FROM visible`,
      [memberId],
    ),
  ]);
  return {
    items: items.rows.map(summaryOf),
    total: Number(counts.rows[0]?.total ?? 0),
    unread: Number(counts.rows[0]?.unread ?? 0),
    page,
    size,
  };
}

async function visibleMail(q: Queryable, memberId: number, id: number): Promise<MailRow> {
  const { rows } = await q.query<MailRow>(`WITH ${VISIBLE} SELECT * FROM visible WHERE id = $2`, [
    memberId,
    id,
  ]);
  if (!rows[0]) throw new ApiError(CODE.mailNotFound, MAIL_MESSAGE.notFound);
  return rows[0];
}

/** Reads one message (31081 when it is not the member's or deleted) and marks it read. */
export async function readMail(
  q: Queryable,
  memberId: number,
  id: number,
): Promise<{ mail: MailDetail; unread: number }> {
  const row = await visibleMail(q, memberId, id);
  let unread: number;
  if (row.read_at === null) {
    await q.query(
      `INSERT INTO mail_states (member_id, mail_id, read_at) VALUES ($1, $2, now())
       ON CONFLICT (member_id, mail_id) DO UPDATE SET read_at = coalesce(mail_states.read_at, now())`,
      [memberId, id],
    );
    unread = await pushUnread(q, memberId);
  } else unread = await unreadMailCount(q, memberId);
  return { mail: { ...summaryOf({ ...row, read_at: row.read_at ?? new Date() }), body: row.body }, unread };
}

/** Deletes one message for the member (31081 when it is not theirs or deleted already). */
export async function deleteMail(q: Queryable, memberId: number, id: number): Promise<number> {
  await visibleMail(q, memberId, id);
  await q.query(
    `INSERT INTO mail_states (member_id, mail_id, read_at, deleted_at) VALUES ($1, $2, now(), now())
     ON CONFLICT (member_id, mail_id) DO UPDATE
       SET deleted_at = now(), read_at = coalesce(mail_states.read_at, now())`,
    [memberId, id],
  );
  return pushUnread(q, memberId);
}

/** Marks every message of the member read; answers the unread count (0). */
export async function readAllMail(q: Queryable, memberId: number): Promise<number> {
  await q.query(
    `WITH ${VISIBLE}
     INSERT INTO mail_states (member_id, mail_id, read_at)
     SELECT $1, id, now() FROM visible WHERE read_at IS NULL
     ON CONFLICT (member_id, mail_id) DO UPDATE SET read_at = coalesce(mail_states.read_at, now())`,
    [memberId],
  );
  return pushUnread(q, memberId);
}
