import { fromPromise } from 'xstate';
import { FEEDBACK_PAGE, MAIL_PAGE } from '../../../machines/mail/common.ts';
import { feedbackMachine } from '../../../machines/mail/feedback.machine.ts';
import { mailAreaMachine } from '../../../machines/mail/mail-area.machine.ts';
import { mailboxMachine } from '../../../machines/mail/mailbox.machine.ts';
import {
  deleteMail,
  fetchFeedback,
  fetchMail,
  readAllMail,
  readMail,
  sendFeedback,
} from '../../api/mail/mail.ts';
import type { AreaModule } from '../../app/area-module.ts';
import { FeedbackPage } from './feedback-page.tsx';
import { MailPage } from './mail-page.tsx';
import './mail.css';

// The mail area (issue 13 §2; docs/mail.md): site mail and feedback — its pages and its actor (the page's flow as
// a child, effects bound to src/api).
export const area: AreaModule = {
  pages: { [MAIL_PAGE]: MailPage, [FEEDBACK_PAGE]: FeedbackPage },
  actor: {
    logic: mailAreaMachine.provide({
      actors: {
        mailbox: mailboxMachine.provide({
          actors: {
            load: fromPromise(({ input }) => fetchMail(input)),
            read: fromPromise(({ input }) => readMail(input.id)),
            remove: fromPromise(({ input }) => deleteMail(input.id)),
            readAll: fromPromise(() => readAllMail()),
          },
        }),
        feedback: feedbackMachine.provide({
          actors: {
            load: fromPromise(({ input }) => fetchFeedback(input)),
            send: fromPromise(({ input }) => sendFeedback(input)),
          },
        }),
      },
    }),
    input: (path) => ({ path }),
  },
};
