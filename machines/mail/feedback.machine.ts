import { assign, fromPromise, setup } from 'xstate';
import {
  FEEDBACK_TYPES,
  type Feedback,
  type FeedbackCreateRequest,
  type FeedbackList,
  type FeedbackListRequest,
  type FeedbackType,
} from '../../src/protocol/mail.ts';
import {
  imageProblem,
  lastPage,
  refusalOf,
  textProblem,
  type ImageProblem,
  type MailRefusal,
  type PickedImage,
  type TextProblem,
} from './common.ts';

// The feedback page (issue 13 §2, /mine/feedback): the form (a type of five, a text, up to three images) and the
// member's feedback list with the operator's replies. Loading reads the list; the form is checked as the server
// checks it (type chosen, text width 10–1000, each image PNG/JPEG/WebP by its bytes and at most 2 MiB, three at
// most) and sent only when it passes; sending, then sent (the form empties, the list is read again) or refused
// (the coded message: 31082–31085, or no answer; the form keeps what was typed). A feedback push (topic
// 'feedback': a reply) reads the list again.

export interface FeedbackForm {
  type: FeedbackType | null;
  text: string;
  images: PickedImage[];
}

interface Context {
  form: FeedbackForm;
  list: FeedbackList | null;
  page: number;
  /** Shown after a send was tried with a form that does not pass. */
  problems: { type: boolean; text: TextProblem | null } | null;
  /** The last picked image that was not added, and why. */
  imageRefused: { name: string; problem: ImageProblem } | null;
  refusal: MailRefusal | null;
  sent: Feedback | null;
  stale: boolean;
}

export type FeedbackEvent =
  | { type: 'feedback.type'; value: FeedbackType }
  | { type: 'feedback.text'; value: string }
  | { type: 'feedback.addImage'; image: PickedImage }
  | { type: 'feedback.removeImage'; index: number }
  | { type: 'feedback.submit' }
  | { type: 'feedback.page'; page: number }
  | { type: 'feedback.pushed' }
  | { type: 'feedback.retry' }
  | { type: 'feedback.dismiss' };

export const EMPTY_FORM: FeedbackForm = { type: null, text: '', images: [] };

export const requestOf = (form: FeedbackForm): FeedbackCreateRequest => ({
  type: form.type!,
  text: form.text.trim(),
  images: form.images.map((i) => i.data),
});

export const formPasses = (form: FeedbackForm) =>
  form.type !== null && FEEDBACK_TYPES.includes(form.type) && textProblem(form.text) === null;

const provided = async (): Promise<never> => {
  throw new Error('provided at composition');
};

export const feedbackMachine = setup({
  types: {} as { context: Context; events: FeedbackEvent },
  actors: {
    load: fromPromise<FeedbackList, FeedbackListRequest>(provided),
    send: fromPromise<Feedback, FeedbackCreateRequest>(provided),
  },
  guards: {
    passes: ({ context }) => formPasses(context.form),
    stale: ({ context }) => context.stale,
    imageFits: ({ context, event }) =>
      event.type === 'feedback.addImage' && imageProblem(event.image, context.form.images.length) === null,
    pageExists: ({ context, event }) =>
      event.type === 'feedback.page' && event.page >= 1 && event.page <= lastPage(context.list),
  },
  actions: {
    edited: assign({ sent: null, refusal: null }),
  },
}).createMachine({
  id: 'feedback',
  context: {
    form: EMPTY_FORM,
    list: null,
    page: 1,
    problems: null,
    imageRefused: null,
    refusal: null,
    sent: null,
    stale: false,
  },
  type: 'parallel',
  states: {
    /** The member's feedback and the replies. */
    list: {
      initial: 'loading',
      states: {
        loading: {
          entry: assign({ stale: false }),
          invoke: {
            id: 'feedback.load',
            src: 'load',
            input: ({ context }) => ({ page: context.page, size: 10 }),
            onDone: { target: 'ready', actions: assign({ list: ({ event }) => event.output }) },
            onError: 'failed',
          },
          on: { 'feedback.pushed': { actions: assign({ stale: true }) } },
        },
        failed: { on: { 'feedback.retry': 'loading', 'feedback.pushed': 'loading' } },
        ready: {
          always: { guard: 'stale', target: 'loading' },
          on: {
            'feedback.pushed': 'loading',
            'feedback.page': {
              guard: 'pageExists',
              target: 'loading',
              actions: assign({ page: ({ event }) => event.page }),
            },
          },
        },
      },
    },
    /** The form. */
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'feedback.type': {
              actions: [
                'edited',
                assign(({ context, event }) => ({
                  form: { ...context.form, type: event.value },
                  problems: context.problems && { ...context.problems, type: false },
                })),
              ],
            },
            'feedback.text': {
              actions: [
                'edited',
                assign(({ context, event }) => ({
                  form: { ...context.form, text: event.value },
                  problems: context.problems && { ...context.problems, text: textProblem(event.value) },
                })),
              ],
            },
            'feedback.addImage': [
              {
                guard: 'imageFits',
                actions: [
                  'edited',
                  assign(({ context, event }) => ({
                    form: { ...context.form, images: [...context.form.images, event.image] },
                    imageRefused: null,
                  })),
                ],
              },
              {
                actions: assign(({ context, event }) => ({
                  imageRefused: {
                    name: event.image.name,
                    problem: imageProblem(event.image, context.form.images.length)!,
                  },
                })),
              },
            ],
            'feedback.removeImage': {
              actions: [
                'edited',
                assign(({ context, event }) => ({
                  form: { ...context.form, images: context.form.images.filter((_, i) => i !== event.index) },
                  imageRefused: null,
                })),
              ],
            },
            'feedback.submit': [
              {
                guard: 'passes',
                target: 'sending',
                actions: assign({ problems: null, refusal: null, sent: null }),
              },
              {
                actions: assign(({ context }) => ({
                  problems: { type: context.form.type === null, text: textProblem(context.form.text) },
                  sent: null,
                })),
              },
            ],
            'feedback.dismiss': { actions: assign({ refusal: null, sent: null }) },
          },
        },
        sending: {
          invoke: {
            id: 'feedback.send',
            src: 'send',
            input: ({ context }) => requestOf(context.form),
            onDone: {
              target: 'editing',
              actions: assign({
                sent: ({ event }) => event.output,
                form: EMPTY_FORM,
                imageRefused: null,
                page: 1,
                stale: true,
              }),
            },
            onError: {
              target: 'editing',
              actions: assign({ refusal: ({ event }) => refusalOf(event.error) }),
            },
          },
        },
      },
    },
  },
});
