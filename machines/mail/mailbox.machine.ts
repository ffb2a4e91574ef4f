import { assign, fromPromise, setup } from 'xstate';
import { CODE } from '../../src/protocol/api.ts';
import {
  MAIL_PAGE_SIZE_DEFAULT,
  type MailDetail,
  type MailList,
  type MailListRequest,
  type MailRead,
} from '../../src/protocol/mail.ts';
import { lastPage, refusalOf, type MailRefusal } from './common.ts';

// The mail list (issue 13 §2, /mine/mail): the member's messages, paged, newest first. Opening one reads it (the
// server marks it read and answers the unread count); deleting one and marking all read each ask the server
// and then read the page again. A mail push (msgId 20006 topic 'mail': a new message, or a change made on
// another device) reads the page again — at once when idle, after the current call when busy. A message gone
// meanwhile (31081) is said on the page and the list read again.

interface Context {
  list: MailList | null;
  page: number;
  opened: MailDetail | null;
  /** The unread count the server last said (the list's, or a read's / delete's / mark-all's answer). */
  unread: number | null;
  refusal: MailRefusal | null;
  /** A push came while a call was in flight: read the page again once it ends. */
  stale: boolean;
}

export type MailboxEvent =
  | { type: 'mail.open'; id: number }
  | { type: 'mail.close' }
  | { type: 'mail.delete'; id: number }
  | { type: 'mail.readAll' }
  | { type: 'mail.page'; page: number }
  | { type: 'mail.pushed' }
  | { type: 'mail.retry' }
  | { type: 'mail.dismiss' };

export const listQuery = (c: Pick<Context, 'page'>): MailListRequest => ({
  page: c.page,
  size: MAIL_PAGE_SIZE_DEFAULT,
});

const provided = async (): Promise<never> => {
  throw new Error('provided at composition');
};

export const mailboxMachine = setup({
  types: {} as { context: Context; events: MailboxEvent },
  actors: {
    load: fromPromise<MailList, MailListRequest>(provided),
    read: fromPromise<MailRead, { id: number }>(provided),
    remove: fromPromise<{ unread: number }, { id: number }>(provided),
    readAll: fromPromise<{ unread: number }, void>(provided),
  },
  guards: {
    pageExists: ({ context, event }) =>
      event.type === 'mail.page' && event.page >= 1 && event.page <= lastPage(context.list),
    stale: ({ context }) => context.stale,
    hasUnread: ({ context }) => (context.unread ?? 0) > 0,
    knownMail: ({ context, event }) =>
      'id' in event && (context.list?.items.some((m) => m.id === event.id) ?? false),
  },
  actions: {
    markStale: assign({ stale: true }),
    refuse: assign({ refusal: (_, params: { error: unknown }) => refusalOf(params.error) }),
  },
}).createMachine({
  id: 'mailbox',
  context: { list: null, page: 1, opened: null, unread: null, refusal: null, stale: false },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ stale: false }),
      invoke: {
        id: 'mail.load',
        src: 'load',
        input: ({ context }) => listQuery(context),
        onDone: [
          {
            // A page emptied by deletes elsewhere: the last page there is.
            guard: ({ event, context }) =>
              event.output.items.length === 0 && context.page > 1 && context.page > lastPage(event.output),
            target: 'loading',
            reenter: true,
            actions: assign({ page: ({ event }) => lastPage(event.output) }),
          },
          {
            target: 'ready',
            actions: assign({
              list: ({ event }) => event.output,
              unread: ({ event }) => event.output.unread,
            }),
          },
        ],
        onError: 'loadFailed',
      },
      on: { 'mail.pushed': { actions: 'markStale' } },
    },
    loadFailed: { on: { 'mail.retry': 'loading', 'mail.pushed': 'loading' } },
    ready: {
      always: { guard: 'stale', target: 'loading' },
      on: {
        'mail.open': { guard: 'knownMail', target: 'opening', actions: assign({ refusal: null }) },
        'mail.close': { actions: assign({ opened: null }) },
        'mail.delete': { guard: 'knownMail', target: 'deleting', actions: assign({ refusal: null }) },
        'mail.readAll': { guard: 'hasUnread', target: 'markingAll', actions: assign({ refusal: null }) },
        'mail.page': {
          guard: 'pageExists',
          target: 'loading',
          actions: assign({ page: ({ event }) => event.page, opened: null }),
        },
        'mail.pushed': 'loading',
        'mail.dismiss': { actions: assign({ refusal: null }) },
      },
    },
    opening: {
      on: { 'mail.pushed': { actions: 'markStale' } },
      invoke: {
        id: 'mail.read',
        src: 'read',
        input: ({ event }) => ({ id: (event as { id: number }).id }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            opened: event.output.mail,
            unread: event.output.unread,
            list: context.list && {
              ...context.list,
              unread: event.output.unread,
              items: context.list.items.map((m) =>
                m.id === event.output.mail.id ? { ...m, read: true } : m,
              ),
            },
          })),
        },
        onError: [
          {
            guard: ({ event }) => refusalOf(event.error).code === CODE.mailNotFound,
            target: 'loading',
            actions: [
              { type: 'refuse', params: ({ event }) => ({ error: event.error }) },
              assign({ opened: null }),
            ],
          },
          { target: 'ready', actions: { type: 'refuse', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    deleting: {
      on: { 'mail.pushed': { actions: 'markStale' } },
      invoke: {
        id: 'mail.remove',
        src: 'remove',
        input: ({ event }) => ({ id: (event as { id: number }).id }),
        onDone: {
          target: 'loading',
          actions: assign({ unread: ({ event }) => event.output.unread, opened: null }),
        },
        onError: [
          {
            guard: ({ event }) => refusalOf(event.error).code === CODE.mailNotFound,
            target: 'loading',
            actions: [
              { type: 'refuse', params: ({ event }) => ({ error: event.error }) },
              assign({ opened: null }),
            ],
          },
          { target: 'ready', actions: { type: 'refuse', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    markingAll: {
      on: { 'mail.pushed': { actions: 'markStale' } },
      invoke: {
        id: 'mail.readAll',
        src: 'readAll',
        onDone: { target: 'loading', actions: assign({ unread: ({ event }) => event.output.unread }) },
        onError: {
          target: 'ready',
          actions: { type: 'refuse', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
