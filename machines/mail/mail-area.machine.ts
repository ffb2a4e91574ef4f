import { assign, sendTo, setup } from 'xstate';
import type { AreaEvent, AreaInput } from '../area.ts';
import { FEEDBACK_PAGE, MAIL_PAGE } from './common.ts';
import { feedbackMachine } from './feedback.machine.ts';
import { mailboxMachine } from './mailbox.machine.ts';

// The mail area's actor (issue 13 §2): it runs the flow of the page the player is on as its child — 'mailbox'
// (/mine/mail) or 'feedback' (/mine/feedback) — and hands the socket's pushes (msgId 20006, topics 'mail' and
// 'feedback', which the page forwards) to it.

interface Context {
  path: string;
}

export type MailAreaEvent = AreaEvent | { type: 'mail.pushed' } | { type: 'feedback.pushed' };

export const mailAreaMachine = setup({
  types: {} as { context: Context; events: MailAreaEvent; input: AreaInput },
  actors: { mailbox: mailboxMachine, feedback: feedbackMachine },
  guards: {
    onMail: ({ context }) => context.path === MAIL_PAGE,
    onFeedback: ({ context }) => context.path === FEEDBACK_PAGE,
    moved: ({ context, event }) => event.type === 'route.changed' && event.path !== context.path,
  },
}).createMachine({
  id: 'mailArea',
  context: ({ input }) => ({ path: input.path }),
  initial: 'deciding',
  on: {
    'route.changed': {
      guard: 'moved',
      target: '.deciding',
      actions: assign({ path: ({ event }) => event.path }),
    },
  },
  states: {
    deciding: {
      always: [
        { guard: 'onMail', target: 'mailbox' },
        { guard: 'onFeedback', target: 'feedback' },
        { target: 'elsewhere' },
      ],
    },
    mailbox: {
      invoke: { id: 'mailbox', src: 'mailbox' },
      on: { 'mail.pushed': { actions: sendTo('mailbox', { type: 'mail.pushed' }) } },
    },
    feedback: {
      invoke: { id: 'feedback', src: 'feedback' },
      on: { 'feedback.pushed': { actions: sendTo('feedback', { type: 'feedback.pushed' }) } },
    },
    elsewhere: {},
  },
});
