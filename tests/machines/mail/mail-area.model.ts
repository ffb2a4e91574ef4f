// The mail area's actor (issue 13 §2): /mine/mail runs the mail list, /mine/feedback the feedback page, any other
// path neither; the socket's pushes the page forwards (topics 'mail' and 'feedback') reach the page's flow.
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { feedbackMachine } from '../../../machines/mail/feedback.machine.ts';
import { mailAreaMachine } from '../../../machines/mail/mail-area.machine.ts';
import { mailboxMachine } from '../../../machines/mail/mailbox.machine.ts';
import type { Fakes, MachineModel, OracleArgs } from '../../support/model-paths.ts';

// spec §2: the two paths of the area.
const MAIL = '/mine/mail';
const FEEDBACK = '/mine/feedback';

export const EVENTS: AnyEventObject[] = [
  { type: 'route.changed', path: MAIL, search: '' },
  { type: 'route.changed', path: FEEDBACK, search: '' },
  { type: 'route.changed', path: '/mine', search: '' },
  { type: 'mail.pushed' },
  { type: 'feedback.pushed' },
];

/** The children with their calls never answering (their own model tests answer them). */
export const provideArea = (fakes: Fakes) =>
  mailAreaMachine.provide({
    actors: {
      mailbox: mailboxMachine.provide({
        actors: {
          load: fakes.promise('mailLoad'),
          read: fakes.promise('read'),
          remove: fakes.promise('remove'),
          readAll: fakes.promise('readAll'),
        },
      }),
      feedback: feedbackMachine.provide({
        actors: { load: fakes.promise('feedbackLoad'), send: fakes.promise('send') },
      }),
    },
  });

const pathOf = (input: { path: string }, history: readonly AnyEventObject[]) =>
  (history.filter((e) => e.type === 'route.changed').at(-1)?.['path'] as string | undefined) ?? input.path;

const stateFor = (path: string) => (path === MAIL ? 'mailbox' : path === FEEDBACK ? 'feedback' : 'elsewhere');

const children = (o: OracleArgs) => Object.keys(o.snapshot.children).sort();

/** Pushes since the current page was entered (a push on another page is not that page's business). */
function pushesSinceEntry(history: readonly AnyEventObject[], type: string): number {
  let n = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    const e = history[i]!;
    if (e.type === 'route.changed') {
      const before = history
        .slice(0, i)
        .filter((x) => x.type === 'route.changed')
        .at(-1)?.['path'];
      if (before !== e['path']) break;
    }
    if (e.type === type) n++;
  }
  return n;
}

export const ORACLES: Record<string, (o: OracleArgs) => void> = {
  mailbox: (o) => {
    expect(children(o)).toEqual(['mailbox']);
    // The list is asked for once on entry; a push while it loads marks it to be read again (not a second call).
    const stale = o.snapshot.children.mailbox.getSnapshot().context.stale;
    expect(stale).toBe(pushesSinceEntry(o.history, 'mail.pushed') > 0);
  },
  feedback: (o) => {
    expect(children(o)).toEqual(['feedback']);
    const stale = o.snapshot.children.feedback.getSnapshot().context.stale;
    expect(stale).toBe(pushesSinceEntry(o.history, 'feedback.pushed') > 0);
  },
  elsewhere: (o) => expect(children(o)).toEqual([]),
};

export const mailAreaModel: MachineModel<typeof mailAreaMachine> = {
  title: 'mail area',
  machine: mailAreaMachine,
  graphs: [
    { name: 'entering on /mine/mail', input: { path: MAIL }, events: EVENTS, maxWalk: 20 },
    { name: 'entering on /mine/feedback', input: { path: FEEDBACK }, events: EVENTS, maxWalk: 20 },
    { name: 'entering on /mine', input: { path: '/mine' }, events: EVENTS, maxWalk: 20 },
  ],
  harness: {
    logic: provideArea,
    initial: (input: { path: string }) => stateFor(input.path),
    transitions: ({ event, history, input }) =>
      stateFor(event.type === 'route.changed' ? (event['path'] as string) : pathOf(input, history)),
    oracles: ORACLES,
  },
};
