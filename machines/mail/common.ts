// Shared pieces of the mail area's machines (issue 13 §2). Pure: no xstate, no DOM.
import {
  FEEDBACK_IMAGE_MAX_BYTES,
  FEEDBACK_IMAGES_MAX,
  FEEDBACK_TEXT_MAX_WIDTH,
  FEEDBACK_TEXT_MIN_WIDTH,
  feedbackTextWidth,
  type FeedbackImageType,
} from '../../src/protocol/mail.ts';

export const MAIL_PAGE = '/mine/mail';
export const FEEDBACK_PAGE = '/mine/feedback';

/** A coded refusal the page shows itself (31081–31085, 10003), or no answer at all. */
export interface MailRefusal {
  code: number | string;
  message: string;
}

/** The transport failed (no answer). */
export const NO_ANSWER_CODE = 'noAnswer';

export function refusalOf(error: unknown): MailRefusal {
  const e = (error ?? {}) as { code?: number | string; message?: string; type?: string };
  return e.type === 'business'
    ? { code: e.code ?? NO_ANSWER_CODE, message: e.message ?? '' }
    : { code: NO_ANSWER_CODE, message: '' };
}

/** The last page there is for a paged answer (at least 1). */
export const lastPage = (r: { total: number; size: number } | null) =>
  r ? Math.max(1, Math.ceil(r.total / r.size)) : 1;

/** The image's type by its first bytes (the server decides the same way): PNG, JPEG, WebP, else null. */
export function sniffImage(bytes: Uint8Array): FeedbackImageType | null {
  const at = (i: number, ...b: number[]) => b.every((v, k) => bytes[i + k] === v);
  if (bytes.length >= 8 && at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (bytes.length >= 4 && at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (bytes.length >= 16 && at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38))
    return 'image/webp';
  return null;
}

/** An image the player picked, read by the page: its type by its bytes (null: not an image we take). */
export interface PickedImage {
  name: string;
  size: number;
  type: FeedbackImageType | null;
  /** The bytes in base64 (what the call sends); '' when the page did not read them (refused by size). */
  data: string;
}

export type ImageProblem = 'type' | 'size' | 'count';

/** Why a picked image cannot be added to `count` already there (null: it can). */
export function imageProblem(image: PickedImage, count: number): ImageProblem | null {
  if (count >= FEEDBACK_IMAGES_MAX) return 'count';
  if (image.size > FEEDBACK_IMAGE_MAX_BYTES || image.size === 0) return 'size';
  if (image.type === null) return 'type';
  return null;
}

export type TextProblem = 'short' | 'long';

export function textProblem(text: string): TextProblem | null {
  const width = feedbackTextWidth(text.trim());
  if (width < FEEDBACK_TEXT_MIN_WIDTH) return 'short';
  if (width > FEEDBACK_TEXT_MAX_WIDTH) return 'long';
  return null;
}
