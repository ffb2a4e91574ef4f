import { randomBytes } from 'node:crypto';
import { CODE } from '../../../src/protocol/api.ts';
import {
  FEEDBACK_IMAGE_MAX_BYTES,
  FEEDBACK_IMAGE_PREFIX,
  FEEDBACK_IMAGES_MAX,
  FEEDBACK_RATE,
  FEEDBACK_REPLY_MAX,
  FEEDBACK_TEXT_MAX_WIDTH,
  FEEDBACK_TEXT_MIN_WIDTH,
  FEEDBACK_TYPES,
  feedbackTextWidth,
  type Feedback,
  type FeedbackImageType,
  type FeedbackList,
  type FeedbackType,
} from '../../../src/protocol/mail.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { ApiError } from '../../http/envelope.ts';
import { publishMemberChange } from '../../stream/channels.ts';
import { sendMail, unreadMailCount } from './mail.ts';
import { feedbackReplyTitle, MAIL_MESSAGE } from './messages.ts';

// Feedback (issue 13 §2; docs/mail.md "Feedback"): a type, a text and up to three images, stored in the database
// (every node serves them); the images go only to the member who sent them. An operator's reply lands in the
// player's mail (sendMail) and pushes topic 'feedback' with the unread mail count.

/** The image's type by its first bytes (never by a name or a declared type): PNG, JPEG or WebP, else null. */
export function sniffImage(bytes: Uint8Array): FeedbackImageType | null {
  const at = (i: number, ...b: number[]) => b.every((v, k) => bytes[i + k] === v);
  if (bytes.length >= 8 && at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (bytes.length >= 4 && at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  // RIFF <size> WEBP VP8(space|L|X)
  if (bytes.length >= 16 && at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38))
    return 'image/webp';
  return null;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Strict base64 (standard alphabet, padded); null when it is not. */
export function decodeBase64(text: string): Buffer | null {
  if (text.length === 0 || text.length % 4 !== 0 || !BASE64.test(text)) return null;
  return Buffer.from(text, 'base64');
}

export const imageExtension = (mime: FeedbackImageType) =>
  mime === 'image/png' ? 'png' : mime === 'image/jpeg' ? 'jpg' : 'webp';

interface CheckedImage {
  mime: FeedbackImageType;
  bytes: Buffer;
}

const refuse = (code: number, message: string): never => {
  throw new ApiError(code, message);
};

/** Checks a player's feedback (31082 type or text, 31083 images); answers what to store. */
export function checkFeedback(input: { type: string; text: string; images?: string[] }): {
  type: FeedbackType;
  text: string;
  images: CheckedImage[];
} {
  if (!(FEEDBACK_TYPES as readonly string[]).includes(input.type))
    refuse(CODE.feedbackInvalid, MAIL_MESSAGE.feedbackInvalid);
  const text = input.text.trim();
  const width = feedbackTextWidth(text);
  if (width < FEEDBACK_TEXT_MIN_WIDTH || width > FEEDBACK_TEXT_MAX_WIDTH)
    refuse(CODE.feedbackInvalid, MAIL_MESSAGE.feedbackInvalid);
  const raw = input.images ?? [];
  if (raw.length > FEEDBACK_IMAGES_MAX) refuse(CODE.feedbackImageInvalid, MAIL_MESSAGE.imageInvalid);
  const images = raw.map((b64) => {
    const bytes = decodeBase64(b64);
    if (!bytes || bytes.length === 0 || bytes.length > FEEDBACK_IMAGE_MAX_BYTES)
      return refuse(CODE.feedbackImageInvalid, MAIL_MESSAGE.imageInvalid);
    const mime = sniffImage(bytes);
    if (!mime) return refuse(CODE.feedbackImageInvalid, MAIL_MESSAGE.imageInvalid);
    return { mime, bytes };
  });
  return { type: input.type as FeedbackType, text, images };
}

interface FeedbackRow {
  id: string | number;
  type: FeedbackType;
  text: string;
  reply: string | null;
  replied_at: Date | string | null;
  created_at: Date | string;
  images: string[] | null;
}

const iso = (t: Date | string) => (t instanceof Date ? t : new Date(t)).toISOString();

function feedbackView(r: FeedbackRow): Feedback {
  return {
    id: Number(r.id),
    type: r.type,
    text: r.text,
    images: (r.images ?? []).map((id) => FEEDBACK_IMAGE_PREFIX + id),
    reply: r.reply,
    repliedAt: r.replied_at === null ? null : iso(r.replied_at),
    createdAt: iso(r.created_at),
  };
}

const SELECT_FEEDBACK = `
  SELECT f.id, f.type, f.text, f.reply, f.replied_at, f.created_at,
         (SELECT array_agg(i.id ORDER BY i.position) FROM feedback_images i WHERE i.feedback_id = f.id) AS images
    FROM feedback f`;

/**
 * A player's feedback: checked (31082, 31083), then the rate limit (31085: FEEDBACK_RATE, counted under the
 * member's row lock so parallel sends cannot pass it together), then stored with its images in one transaction.
 */
export async function createFeedback(
  db: Db,
  memberId: number,
  input: { type: string; text: string; images?: string[] },
): Promise<Feedback> {
  const checked = checkFeedback(input);
  return db.transaction(async (tx) => {
    await tx.query('SELECT id FROM members WHERE id = $1 FOR UPDATE', [memberId]);
    const { rows: counts } = await tx.query<{ burst: number; daily: number }>(
      `SELECT count(*) FILTER (WHERE created_at > now() - make_interval(mins => $2))::int AS burst,
              count(*)::int AS daily
         FROM feedback WHERE member_id = $1 AND created_at > now() - interval '24 hours'`,
      [memberId, FEEDBACK_RATE.burstMinutes],
    );
    const c = counts[0]!;
    if (Number(c.burst) >= FEEDBACK_RATE.burst || Number(c.daily) >= FEEDBACK_RATE.daily)
      refuse(CODE.feedbackTooMany, MAIL_MESSAGE.feedbackTooMany);
    const { rows } = await tx.query<{ id: string | number }>(
      'INSERT INTO feedback (member_id, type, text) VALUES ($1, $2, $3) RETURNING id',
      [memberId, checked.type, checked.text],
    );
    const id = Number(rows[0]!.id);
    for (const [position, image] of checked.images.entries()) {
      await tx.query(
        `INSERT INTO feedback_images (id, feedback_id, member_id, position, mime, bytes) VALUES ($1, $2, $3, $4, $5, $6)`,
        [`FI${randomBytes(16).toString('hex')}`, id, memberId, position, image.mime, image.bytes],
      );
    }
    const { rows: views } = await tx.query<FeedbackRow>(`${SELECT_FEEDBACK} WHERE f.id = $1`, [id]);
    return feedbackView(views[0]!);
  });
}

export async function listFeedback(
  q: Queryable,
  memberId: number,
  page: number,
  size: number,
): Promise<FeedbackList> {
  const [items, total] = await Promise.all([
    q.query<FeedbackRow>(`${SELECT_FEEDBACK} WHERE f.member_id = $1 ORDER BY f.id DESC LIMIT $2 OFFSET $3`, [
      memberId,
      size,
      (page - 1) * size,
    ]),
    q.query<{ n: number }>('SELECT count(*)::int AS n FROM feedback WHERE member_id = $1', [memberId]),
  ]);
  return { items: items.rows.map(feedbackView), total: Number(total.rows[0]?.n ?? 0), page, size };
}

/** An image of the member's own feedback; 31084 (HTTP 404) for any other id, another member's included. */
export async function feedbackImage(
  q: Queryable,
  memberId: number,
  imageId: string,
): Promise<{ mime: FeedbackImageType; bytes: Buffer }> {
  const { rows } = await q.query<{ mime: FeedbackImageType; bytes: Uint8Array }>(
    'SELECT mime, bytes FROM feedback_images WHERE id = $1 AND member_id = $2',
    [imageId, memberId],
  );
  if (!rows[0]) throw new ApiError(CODE.feedbackNotFound, MAIL_MESSAGE.feedbackNotFound, 404);
  return { mime: rows[0].mime, bytes: Buffer.from(rows[0].bytes) };
}

// ——— Operators ———

export interface OpenFeedback {
  id: number;
  memberId: number;
  phone: string;
  type: FeedbackType;
  text: string;
  images: number;
  createdAt: string;
  reply: string | null;
}

export async function listFeedbackForOps(q: Queryable, all: boolean, limit = 50): Promise<OpenFeedback[]> {
  const { rows } = await q.query<{
    id: string | number;
    member_id: string | number;
    phone: string;
    type: FeedbackType;
    text: string;
    images: number;
    created_at: Date | string;
    reply: string | null;
  }>(
    `SELECT f.id, f.member_id, m.phone, f.type, f.text, f.created_at, f.reply,
            (SELECT count(*)::int FROM feedback_images i WHERE i.feedback_id = f.id) AS images
       FROM feedback f JOIN members m ON m.id = f.member_id
      WHERE $1::boolean OR f.reply IS NULL
      ORDER BY f.id DESC LIMIT $2`,
    [all, limit],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    memberId: Number(r.member_id),
    phone: r.phone,
    type: r.type,
    text: r.text,
    images: Number(r.images),
    createdAt: iso(r.created_at),
    reply: r.reply,
  }));
}

export type ReplyOutcome =
  | { ok: true; memberId: number; mailId: number; unread: number }
  | { ok: false; reason: 'not-found' | 'replied' | 'invalid' };

/**
 * An operator's reply (once per feedback): stored on the feedback, sent to the player's mail (kind 'feedback'),
 * and pushed as topic 'feedback' with the unread mail count (sendMail pushes topic 'mail' too), all on commit.
 */
export async function replyFeedback(db: Db, id: number, text: string): Promise<ReplyOutcome> {
  const reply = text.trim();
  if (!reply || [...reply].length > FEEDBACK_REPLY_MAX) return { ok: false, reason: 'invalid' };
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ member_id: string | number; type: FeedbackType }>(
      `UPDATE feedback SET reply = $2, replied_at = now() WHERE id = $1 AND reply IS NULL RETURNING member_id, type`,
      [id, reply],
    );
    if (!rows[0]) {
      const { rows: exists } = await tx.query('SELECT 1 FROM feedback WHERE id = $1', [id]);
      return { ok: false as const, reason: exists[0] ? ('replied' as const) : ('not-found' as const) };
    }
    const memberId = Number(rows[0].member_id);
    const mail = await sendMail(tx, {
      to: { memberId },
      title: feedbackReplyTitle(rows[0].type),
      body: reply,
      kind: 'feedback',
    });
    const unread = await unreadMailCount(tx, memberId);
    await publishMemberChange(tx, { memberId, topic: 'feedback', unread });
    return { ok: true as const, memberId, mailId: mail.id, unread };
  });
}
