// The mail list (issue 13 §2, /mine/mail): site messages with read / unread, delete, mark all read; the unread
// count follows every answer and a mail push (the socket's 20006, topic 'mail') reads the list again.
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { mailboxMachine } from '../../../machines/mail/mailbox.machine.ts';
import type { Fakes, MachineModel, OracleArgs } from '../../support/model-paths.ts';
import { DETAIL_1, EMPTY, GONE, LIST, NO_ANSWER } from './fixtures.ts';

export const EVENTS: AnyEventObject[] = [
  { type: 'xstate.done.actor.mail.load', output: LIST },
  { type: 'xstate.done.actor.mail.load', output: EMPTY },
  { type: 'xstate.error.actor.mail.load', error: NO_ANSWER },
  { type: 'mail.retry' },
  { type: 'mail.pushed' },
  { type: 'mail.open', id: 1 },
  { type: 'mail.open', id: 99 },
  { type: 'xstate.done.actor.mail.read', output: { mail: DETAIL_1, unread: 0 } },
  { type: 'xstate.error.actor.mail.read', error: GONE },
  { type: 'xstate.error.actor.mail.read', error: NO_ANSWER },
  { type: 'mail.close' },
  { type: 'mail.delete', id: 2 },
  { type: 'xstate.done.actor.mail.remove', output: { unread: 1 } },
  { type: 'xstate.error.actor.mail.remove', error: GONE },
  { type: 'xstate.error.actor.mail.remove', error: NO_ANSWER },
  { type: 'mail.readAll' },
  { type: 'xstate.done.actor.mail.readAll', output: { unread: 0 } },
  { type: 'xstate.error.actor.mail.readAll', error: NO_ANSWER },
  { type: 'mail.page', page: 2 },
  { type: 'mail.page', page: 3 },
  { type: 'mail.dismiss' },
];

export const provideMailbox = (fakes: Fakes) =>
  mailboxMachine.provide({
    actors: {
      load: fakes.promise('load'),
      read: fakes.promise('read'),
      remove: fakes.promise('remove'),
      readAll: fakes.promise('readAll'),
    },
  });

/**
 * The mail list as issue 13 §2 and docs/mail.md describe it, step by step over the events of a path: which state
 * the page is in, the page asked for, and whether a push came while a call was out (the list is read again after
 * it: a push never gets lost, never interrupts a call).
 */
export function reference(history: readonly AnyEventObject[]) {
  let state = 'loading';
  let stale = false;
  let page = 1;
  let list: typeof LIST | null = null;
  let unread: number | null = null;
  const load = () => {
    state = 'loading';
    stale = false;
  };
  const settled = () => (stale ? load() : (state = 'ready'));
  for (const e of history) {
    const t = e.type;
    const code = (e['error'] as { code?: number } | undefined)?.code;
    if (t === 'mail.pushed') {
      if (state === 'ready' || state === 'loadFailed') load();
      else stale = true;
      continue;
    }
    switch (state) {
      case 'loading':
        if (t === 'xstate.done.actor.mail.load') {
          const out = e['output'] as typeof LIST;
          const last = Math.max(1, Math.ceil(out.total / out.size));
          if (out.items.length === 0 && page > 1 && page > last) {
            page = last;
            load();
          } else {
            list = out;
            unread = out.unread;
            settled();
          }
        } else if (t === 'xstate.error.actor.mail.load') state = 'loadFailed';
        break;
      case 'loadFailed':
        if (t === 'mail.retry') load();
        break;
      case 'ready':
        if (t === 'mail.open' && list?.items.some((m) => m.id === e['id'])) state = 'opening';
        if (t === 'mail.delete' && list?.items.some((m) => m.id === e['id'])) state = 'deleting';
        if (t === 'mail.readAll' && (unread ?? 0) > 0) state = 'markingAll';
        if (t === 'mail.page' && (e['page'] as number) >= 1 && (e['page'] as number) <= lastPageOf(list)) {
          page = e['page'] as number;
          load();
        }
        break;
      case 'opening':
        if (t === 'xstate.done.actor.mail.read') {
          unread = (e['output'] as { unread: number }).unread;
          settled();
        } else if (t === 'xstate.error.actor.mail.read') {
          // 31081: the message is gone (deleted on another device): the list is read again.
          if (code === 31081) load();
          else settled();
        }
        break;
      case 'deleting':
        if (t === 'xstate.done.actor.mail.remove') unread = (e['output'] as { unread: number }).unread;
        if (t === 'xstate.done.actor.mail.remove') load();
        if (t === 'xstate.error.actor.mail.remove') {
          if (code === 31081) load();
          else settled();
        }
        break;
      case 'markingAll':
        if (t === 'xstate.done.actor.mail.readAll') {
          unread = (e['output'] as { unread: number }).unread;
          load();
        } else if (t === 'xstate.error.actor.mail.readAll') settled();
        break;
    }
  }
  return { state, stale, page, list, unread };
}

/** 20 messages a page (docs/mail.md). */
const lastPageOf = (list: typeof LIST | null) => (list ? Math.max(1, Math.ceil(list.total / 20)) : 1);

const byReference = ({ history }: { history: AnyEventObject[] }) => reference(history).state;

const pending = (o: OracleArgs) => o.fakes.pendingIds();
const lastInput = (o: OracleArgs) => o.fakes.invocations.at(-1)!.input;

export const ORACLES: Record<string, (o: OracleArgs) => void> = {
  loading: (o) => {
    expect(pending(o)).toEqual(['mail.load']);
    // docs/mail.md: 20 messages a page, newest first; the page asked for.
    expect(lastInput(o)).toEqual({ page: reference(o.history).page, size: 20 });
  },
  loadFailed: (o) => expect(pending(o)).toEqual([]),
  ready: (o) => {
    expect(pending(o)).toEqual([]);
    const c = o.snapshot.context;
    const ref = reference(o.history);
    // issue 13 §2 read / unread: what the list shows is the server's list, a message read since marked read.
    expect(c.list?.items.map((m: { id: number }) => m.id)).toEqual(ref.list!.items.map((m) => m.id));
    expect(c.unread).toBe(ref.unread);
    if (o.event.type === 'xstate.done.actor.mail.read') {
      expect(c.opened).toEqual(DETAIL_1);
      expect(c.list.items.find((m: { id: number }) => m.id === 1).read).toBe(true);
    }
    if (o.event.type === 'mail.close') expect(c.opened).toBeNull();
    if (/^xstate\.error\.actor\.mail\.(read|readAll|remove)$/.test(o.event.type))
      expect(c.refusal).toEqual({ code: 'noAnswer', message: '' });
    if (o.event.type === 'mail.dismiss') expect(c.refusal).toBeNull();
  },
  opening: (o) => {
    expect(pending(o)).toEqual(['mail.read']);
    expect(lastInput(o)).toEqual({ id: 1 });
  },
  deleting: (o) => {
    expect(pending(o)).toEqual(['mail.remove']);
    expect(lastInput(o)).toEqual({ id: 2 });
  },
  markingAll: (o) => expect(pending(o)).toEqual(['mail.readAll']),
};

// The refusal of a gone message is said on the page while the list is read again.
const goneOracle = ORACLES.loading!;
ORACLES.loading = (o) => {
  goneOracle(o);
  if ((o.event['error'] as { code?: number } | undefined)?.code === 31081) {
    expect(o.snapshot.context.refusal).toEqual({ code: 31081, message: '该消息不存在或已删除' });
    expect(o.snapshot.context.opened).toBeNull();
  }
};

export const mailboxModel: MachineModel<typeof mailboxMachine> = {
  title: 'mail list',
  machine: mailboxMachine,
  graphs: [
    { name: 'a member with 25 messages on /mine/mail', input: undefined, events: EVENTS, maxWalk: 40 },
  ],
  harness: { logic: provideMailbox, initial: 'loading', transitions: byReference, oracles: ORACLES },
};
