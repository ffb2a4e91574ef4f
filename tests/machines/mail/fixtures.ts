// Shared data of the mail model tests (issue 13 §2), written from the issue and the src/protocol/mail.ts shapes.
import type {
  Feedback,
  FeedbackList,
  MailDetail,
  MailList,
  MailSummary,
} from '../../../src/protocol/mail.ts';

/** A coded refusal as the API client raises it (a BusinessError). */
export const refused = (code: number, message: string) =>
  Object.assign(new Error(message), { type: 'business', code, data: null });
/** No answer (a TransportError). */
export const NO_ANSWER = Object.assign(new Error('timeout'), { type: 'transport', kind: 'timeout' });
/** src/protocol/api.ts CODE, issue 13 block: 31081 no such message (for this member). */
export const GONE = refused(31081, '该消息不存在或已删除');
/** 31085: too much feedback in a short time. */
export const TOO_MANY = refused(31085, '提交过于频繁');

const summary = (over: Partial<MailSummary> & Pick<MailSummary, 'id'>): MailSummary => ({
  kind: 'notice',
  audience: 'member',
  title: `消息${over.id}`,
  preview: '内容',
  read: false,
  createdAt: '2026-11-26T10:00:00.000Z',
  ...over,
});

/** Page 1 of 25 messages (20 a page, docs/mail.md): message 1 unread, message 2 read. */
export const LIST: MailList = {
  items: [summary({ id: 1 }), summary({ id: 2, read: true, audience: 'all' })],
  total: 25,
  unread: 1,
  page: 1,
  size: 20,
};
/** No message at all (a page emptied by deletes elsewhere reads as this). */
export const EMPTY: MailList = { items: [], total: 0, unread: 0, page: 1, size: 20 };
export const DETAIL_1: MailDetail = { ...LIST.items[0]!, read: true, body: '第一封信的正文' };

const feedback = (id: number): Feedback => ({
  id,
  type: 'deposit',
  text: '充值没有到账请帮忙',
  images: [],
  reply: null,
  repliedAt: null,
  createdAt: '2026-11-26T10:00:00.000Z',
});
/** 15 feedback, 10 a page: 2 pages. */
export const FEEDBACK_LIST: FeedbackList = {
  items: [feedback(15), feedback(14)],
  total: 15,
  page: 1,
  size: 10,
};
export const SENT = feedback(16);
