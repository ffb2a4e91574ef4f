// Mail and feedback (issue 13 §2): wire shapes shared by the pages and the reference back end. docs/mail.md is the
// design (who a message reaches, the live count, how images travel and are served), /tmp/api-mail.md → docs/api.md
// the endpoints. Member only, the /site/api signature group (spec §7).

export const MAIL_PATH = {
  list: '/site/api/v1/mail/list',
  read: '/site/api/v1/mail/read',
  delete: '/site/api/v1/mail/delete',
  readAll: '/site/api/v1/mail/readAll',
  unread: '/site/api/v1/mail/unread',
  feedbackCreate: '/site/api/v1/mail/feedback/create',
  feedbackList: '/site/api/v1/mail/feedback/list',
} as const;

/**
 * A feedback image is served at this prefix + its id, outside the signature groups so that an `<img>` can load it:
 * the member is known by the X-API-TOKEN cookie (spec §3), and only the member who sent it gets the bytes.
 */
export const FEEDBACK_IMAGE_PREFIX = '/member-media/feedback/';
/** Image ids: 'FI' and 32 hex digits (random, 128 bits). */
export const FEEDBACK_IMAGE_ID_PATTERN = '^FI[0-9a-f]{32}$';

// ——— Mail ———
/** Who a message was sent to (docs/mail.md "Audiences"). */
export const MAIL_AUDIENCES = ['member', 'all', 'vip'] as const;
export type MailAudience = (typeof MAIL_AUDIENCES)[number];
/** 'notice': an operator's (or a module's) message; 'feedback': the reply to the member's feedback. */
export const MAIL_KINDS = ['notice', 'feedback'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_TITLE_MAX = 40;
export const MAIL_BODY_MAX = 2000;
/** The list shows this many characters of the body. */
export const MAIL_PREVIEW_CHARS = 60;
export const MAIL_PAGE_SIZE_DEFAULT = 20;
export const MAIL_PAGE_SIZE_MAX = 50;

export interface MailSummary {
  id: number;
  kind: MailKind;
  audience: MailAudience;
  title: string;
  /** The first MAIL_PREVIEW_CHARS characters of the body. */
  preview: string;
  read: boolean;
  createdAt: string;
}
export interface MailDetail extends MailSummary {
  body: string;
}
export interface MailListRequest {
  page?: number;
  size?: number;
}
export interface MailList {
  items: MailSummary[];
  total: number;
  unread: number;
  page: number;
  size: number;
}
export interface MailIdRequest {
  id: number;
}
export interface MailRead {
  mail: MailDetail;
  unread: number;
}
export interface MailUnread {
  unread: number;
}

// ——— Feedback ———
export const FEEDBACK_TYPES = ['deposit', 'withdrawal', 'game', 'suggestion', 'other'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

/** Text width as spec §5 counts it (a character above code 255 counts 2): at least 10 (5 汉字), at most 1000. */
export const FEEDBACK_TEXT_MIN_WIDTH = 10;
export const FEEDBACK_TEXT_MAX_WIDTH = 1000;
export function feedbackTextWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += (ch.codePointAt(0) ?? 0) > 255 ? 2 : 1;
  return width;
}

/** Up to three images, each PNG, JPEG or WebP (by its magic bytes) and at most 2 MiB. */
export const FEEDBACK_IMAGES_MAX = 3;
export const FEEDBACK_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const FEEDBACK_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type FeedbackImageType = (typeof FEEDBACK_IMAGE_TYPES)[number];
/** Base64 of FEEDBACK_IMAGE_MAX_BYTES (4 characters per 3 bytes). */
export const FEEDBACK_IMAGE_MAX_BASE64 = Math.ceil(FEEDBACK_IMAGE_MAX_BYTES / 3) * 4;

/** The rate limit (31085): at most 3 in any 10 minutes and 10 a day (the last 24 hours). */
export const FEEDBACK_RATE = { burst: 3, burstMinutes: 10, daily: 10 } as const;
export const FEEDBACK_REPLY_MAX = 1000;

export interface FeedbackCreateRequest {
  type: FeedbackType;
  text: string;
  /** Each image's bytes in base64 (standard alphabet, no data: prefix). */
  images?: string[];
}
export interface Feedback {
  id: number;
  type: FeedbackType;
  text: string;
  /** Where each image is served (FEEDBACK_IMAGE_PREFIX + id). */
  images: string[];
  reply: string | null;
  repliedAt: string | null;
  createdAt: string;
}
export interface FeedbackListRequest {
  page?: number;
  size?: number;
}
export interface FeedbackList {
  items: Feedback[];
  total: number;
  page: number;
  size: number;
}
