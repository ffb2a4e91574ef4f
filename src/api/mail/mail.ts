// Mail and feedback (issue 13 §2; docs/mail.md, docs/api.md "Mail and feedback"). The pages show their own
// refusals (31081–31085 and 10003 on the form); every other code still reaches the app's error catalogue.
import { CODE } from '../../protocol/api.ts';
import {
  MAIL_PATH,
  type Feedback,
  type FeedbackCreateRequest,
  type FeedbackList,
  type FeedbackListRequest,
  type MailList,
  type MailListRequest,
  type MailRead,
  type MailUnread,
} from '../../protocol/mail.ts';
import { apiGet, apiPost, type ApiCallConfig } from '../client.ts';

const OWN_CODES = new Set<unknown>([
  CODE.mailNotFound,
  CODE.feedbackInvalid,
  CODE.feedbackImageInvalid,
  CODE.feedbackNotFound,
  CODE.feedbackTooMany,
  CODE.validation,
]);
/** The page says these itself: its own codes, and no answer at all (it offers the retry). */
const own: ApiCallConfig = {
  handles: (e) => (e.type === 'business' ? OWN_CODES.has(Number(e.code)) : true),
};

export const fetchMail = (req: MailListRequest) => apiPost<MailList>(MAIL_PATH.list, req);
export const readMail = (id: number) => apiPost<MailRead>(MAIL_PATH.read, { id }, own);
export const deleteMail = (id: number) => apiPost<{ unread: number }>(MAIL_PATH.delete, { id }, own);
export const readAllMail = () => apiPost<{ unread: number }>(MAIL_PATH.readAll, {}, own);
export const fetchFeedback = (req: FeedbackListRequest) => apiPost<FeedbackList>(MAIL_PATH.feedbackList, req);
export const sendFeedback = (req: FeedbackCreateRequest) =>
  apiPost<Feedback>(MAIL_PATH.feedbackCreate, req, { ...own, timeout: 60_000 });
/** The unread count (the chrome reads it once a member logs in; pushes keep it after). */
export const fetchUnreadMail = () => apiGet<MailUnread>(MAIL_PATH.unread, { handles: () => true });
