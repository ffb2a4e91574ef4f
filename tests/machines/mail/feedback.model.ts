// The feedback page (issue 13 §2, /mine/feedback): a type (deposit, withdrawal, game, suggestion, other), a text
// and up to three images (size- and type-checked), sending, refused or sent; the member's list with the replies,
// read again on a feedback push. Two graphs: the form (the list answers once) and the list (the form untouched).
import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { feedbackMachine } from '../../../machines/mail/feedback.machine.ts';
import type { Fakes, MachineModel, OracleArgs } from '../../support/model-paths.ts';
import { FEEDBACK_LIST, NO_ANSWER, SENT, TOO_MANY } from './fixtures.ts';

/** issue 13 §2 "up to three images (size- and type-checked)": PNG/JPEG/WebP, 2 MiB each (docs/mail.md). */
const PNG = { name: 'a.png', size: 100, type: 'image/png', data: 'iVBORw0KGgo=' };
const GIF = { name: 'b.gif', size: 100, type: null, data: 'R0lGODlh' };
const BIG = { name: 'c.jpg', size: 2 * 1024 * 1024 + 1, type: null, data: '' };
/** spec §5 width: 5 汉字 = 10, the least (docs/mail.md); 4 汉字 = 8 is too short. */
const OK_TEXT = '充值没有到账';
const SHORT_TEXT = '没有到账';

const FORM_EVENTS: AnyEventObject[] = [
  { type: 'feedback.type', value: 'deposit' },
  { type: 'feedback.text', value: OK_TEXT },
  { type: 'feedback.text', value: SHORT_TEXT },
  { type: 'feedback.addImage', image: PNG },
  { type: 'feedback.addImage', image: GIF },
  { type: 'feedback.addImage', image: BIG },
  { type: 'feedback.removeImage', index: 0 },
  { type: 'feedback.submit' },
  { type: 'xstate.done.actor.feedback.send', output: SENT },
  { type: 'xstate.error.actor.feedback.send', error: TOO_MANY },
  { type: 'xstate.error.actor.feedback.send', error: NO_ANSWER },
  { type: 'feedback.dismiss' },
];
const LIST_EVENTS: AnyEventObject[] = [
  { type: 'xstate.done.actor.feedback.load', output: FEEDBACK_LIST },
  { type: 'xstate.error.actor.feedback.load', error: NO_ANSWER },
  { type: 'feedback.retry' },
  { type: 'feedback.pushed' },
  { type: 'feedback.page', page: 2 },
  { type: 'feedback.page', page: 3 },
];

export const provideFeedback = (fakes: Fakes) =>
  feedbackMachine.provide({ actors: { load: fakes.promise('load'), send: fakes.promise('send') } });

/** The form as the player filled it (from the events of the path), and where the page is. */
export function reference(history: readonly AnyEventObject[]) {
  let list = 'loading';
  let form = 'editing';
  let stale = false;
  let page = 1;
  /** The page the list call now out (or last made) asked for. */
  let loadPage = 1;
  let loaded = false;
  let type: string | null = null;
  let text = '';
  let images: (typeof PNG)[] = [];
  const width = (s: string) => [...s.trim()].reduce((w, c) => w + (c.codePointAt(0)! > 255 ? 2 : 1), 0);
  const passes = () => type !== null && width(text) >= 10 && width(text) <= 1000;
  const load = () => {
    list = 'loading';
    stale = false;
    loadPage = page;
  };
  for (const e of history) {
    const t = e.type;
    if (t === 'xstate.done.actor.feedback.load') {
      loaded = true;
      if (stale) load();
      else list = 'ready';
    } else if (t === 'xstate.error.actor.feedback.load') list = 'failed';
    else if (t === 'feedback.retry' && list === 'failed') load();
    else if (t === 'feedback.pushed') {
      if (list === 'loading') stale = true;
      else load();
    } else if (t === 'feedback.page' && list === 'ready' && (e['page'] as number) <= 2) {
      page = e['page'] as number;
      load();
    } else if (form === 'editing') {
      if (t === 'feedback.type') type = e['value'] as string;
      if (t === 'feedback.text') text = e['value'] as string;
      const img = e['image'] as typeof PNG | undefined;
      if (
        t === 'feedback.addImage' &&
        img!.type !== null &&
        img!.size <= 2 * 1024 * 1024 &&
        images.length < 3
      )
        images = [...images, img!];
      if (t === 'feedback.removeImage') images = images.filter((_, i) => i !== e['index']);
      if (t === 'feedback.submit' && passes()) form = 'sending';
    } else if (t === 'xstate.done.actor.feedback.send') {
      form = 'editing';
      type = null;
      text = '';
      images = [];
      page = 1;
      // The list is read again with the new feedback in it.
      if (list === 'loading') stale = true;
      else if (list === 'ready') load();
      else stale = true;
    } else if (t === 'xstate.error.actor.feedback.send') form = 'editing';
  }
  // A failed list stays failed until retried or pushed; a stale flag waits for the list to be ready.
  return { list, form, stale, page, loadPage, loaded, type, text, images };
}

const transitions = ({ history }: { history: AnyEventObject[] }) => {
  const r = reference(history);
  return `list.${r.list} | form.${r.form}`;
};

const lastError = (history: readonly AnyEventObject[]) => {
  for (let i = history.length - 1; i >= 0; i--) {
    const e = history[i]!;
    if (e.type === 'xstate.error.actor.feedback.send') return e['error'] as { type: string; code?: number };
    if (e.type === 'feedback.submit' || e.type === 'xstate.done.actor.feedback.send') return null;
  }
  return null;
};

const pendingOf = (o: OracleArgs, id: string) => o.fakes.pendingIds().includes(id);

export const ORACLES: Record<string, (o: OracleArgs) => void> = {
  'list.loading': (o) => {
    expect(pendingOf(o, 'feedback.load')).toBe(true);
    // docs/mail.md: 10 a page on the feedback page, the page asked for.
    const input = o.fakes.invocations.filter((i) => i.src === 'load').at(-1)!.input;
    expect(input).toEqual({ page: reference(o.history).loadPage, size: 10 });
  },
  'list.failed': (o) => expect(pendingOf(o, 'feedback.load')).toBe(false),
  'list.ready': (o) => {
    expect(pendingOf(o, 'feedback.load')).toBe(false);
    // issue 13 §2: the member's feedback list and the operator's replies, as the server said.
    expect(o.snapshot.context.list).toEqual(FEEDBACK_LIST);
  },
  'form.editing': (o) => {
    const r = reference(o.history);
    const c = o.snapshot.context;
    expect(pendingOf(o, 'feedback.send')).toBe(false);
    expect(c.form.type).toBe(r.type);
    expect(c.form.text).toBe(r.text);
    // issue 13 §2: up to three images, each PNG/JPEG/WebP of at most 2 MiB.
    expect(c.form.images).toEqual(r.images);
    expect(c.form.images.length).toBeLessThanOrEqual(3);
    const e = o.event;
    if (e.type === 'feedback.addImage') {
      const img = e['image'] as typeof PNG;
      const why =
        o.previous.context.form.images.length >= 3
          ? 'count'
          : img.size > 2 * 1024 * 1024
            ? 'size'
            : img.type === null
              ? 'type'
              : null;
      expect(c.imageRefused).toEqual(why ? { name: img.name, problem: why } : null);
    }
    if (e.type === 'feedback.submit') {
      // Not sent: the page says what is missing (type chosen, 5–500 字).
      expect(c.problems).not.toBeNull();
      expect(c.problems.type).toBe(r.type === null);
    }
    if (e.type === 'xstate.done.actor.feedback.send') {
      expect(c.sent).toEqual(SENT);
      expect(c.form).toEqual({ type: null, text: '', images: [] });
    }
    if (e.type === 'xstate.error.actor.feedback.send') {
      const err = lastError(o.history)!;
      expect(c.refusal).toEqual(
        err.type === 'business'
          ? { code: 31085, message: '提交过于频繁' }
          : { code: 'noAnswer', message: '' },
      );
      // A refused send keeps what was typed.
      expect(c.form.text).toBe(r.text);
    }
  },
  'form.sending': (o) => {
    expect(pendingOf(o, 'feedback.send')).toBe(true);
    const r = reference(o.history);
    const input = o.fakes.invocations.filter((i) => i.src === 'send').at(-1)!.input;
    expect(input).toEqual({ type: r.type, text: r.text.trim(), images: r.images.map((i) => i.data) });
  },
};

/** Bounds the form graph: the list answers once; at most three images are held, then the refusal is tried. */
const formOnly = (s: AnyMachineSnapshot, e: AnyEventObject) =>
  e.type === 'xstate.done.actor.feedback.load' ? !(s.value as { list: string }).list.startsWith('r') : true;
const key = (s: AnyMachineSnapshot) => ({
  value: s.value,
  type: s.context.form.type,
  text: s.context.form.text,
  images: s.context.form.images.length,
  page: s.context.page,
  stale: s.context.stale,
  loaded: s.context.list !== null,
});

export const feedbackModel: MachineModel<typeof feedbackMachine> = {
  title: 'feedback',
  machine: feedbackMachine,
  graphs: [
    {
      name: 'a member filling the form on /mine/feedback',
      input: undefined,
      events: [{ type: 'xstate.done.actor.feedback.load', output: FEEDBACK_LIST }, ...FORM_EVENTS],
      filterEvents: formOnly,
      key,
      maxWalk: 30,
    },
    {
      name: 'a member with 15 feedback reading the list',
      input: undefined,
      events: [
        ...LIST_EVENTS,
        { type: 'feedback.type', value: 'deposit' },
        { type: 'feedback.text', value: OK_TEXT },
        { type: 'feedback.submit' },
        { type: 'xstate.done.actor.feedback.send', output: SENT },
      ],
      key,
      maxWalk: 30,
    },
  ],
  harness: { logic: provideFeedback, initial: 'list.loading | form.editing', transitions, oracles: ORACLES },
};
