import { assign, enqueueActions, fromPromise, setup, type AnyActorRef, type EventObject } from 'xstate';
import type { LoginList, RenewedSession } from '../../src/protocol/profile.ts';
import { isDuplicateOpen } from '../modal-host.machine.ts';
import type { ModalSpec } from '../modal-types.ts';
import { MINE_SYSTEM_ID, refusalOf, type MineRefusal } from './common.ts';

// The devices and recent logins of the account (issue 13 §1, /mine/userInfo): the list is read (time, IP,
// device, which one is this device, which are still logged in); "log out other devices" asks for confirmation in
// the shell's modal host (`modal.open` to system 'modals'), then ends every other login. The login goes on here
// under a fresh token (`renewed` hands it to the parent, which keeps it); a refusal is shown on the list.
// `quietSocket` runs as the request is sent (the server kicks the member's sockets, this one's too), `wakeSocket`
// when it is refused.

/** The dialog's words (the page's catalogue gives them: machines hold no player strings). */
export interface LoginsDialogText {
  title: string;
  text: string;
  confirm: string;
  cancel: string;
}

export interface LoginsInput {
  dialog: LoginsDialogText;
}

interface Context extends LoginsInput {
  list: LoginList | null;
  refusal: MineRefusal | null;
}

export type LoginsEvent =
  | { type: 'logins.retry' }
  | { type: 'logins.logoutOthers' }
  | { type: 'logins.confirm' }
  | { type: 'logins.keep' };

export const LOGOUT_OTHERS_KEY = 'mine-logout-others';

/** The confirmation (its buttons and its dismissal send to the area actor, which hands them to this list). */
export function logoutOthersDialog(d: LoginsDialogText): ModalSpec {
  const keep = { type: 'logins.keep', actor: MINE_SYSTEM_ID };
  return {
    key: LOGOUT_OTHERS_KEY,
    kind: 'confirm',
    title: d.title,
    content: { kind: 'text', text: d.text },
    buttons: [
      { label: d.cancel, events: [keep] },
      { label: d.confirm, type: 'danger', events: [{ type: 'logins.confirm', actor: MINE_SYSTEM_ID }] },
    ],
    position: 'center',
    closable: true,
    maskClosable: true,
    onDismiss: [keep],
  };
}

export const loginsMachine = setup({
  types: {} as { context: Context; events: LoginsEvent; input: LoginsInput },
  actors: {
    load: fromPromise<LoginList>(async () => {
      throw new Error('provided at composition');
    }),
    logoutOthers: fromPromise<RenewedSession>(async () => {
      throw new Error('provided at composition');
    }),
  },
  actions: {
    /**
     * Opens the confirmation in the modal host. When the host would not open it (spec §9: the same dialog again
     * within 700 ms), the list does not wait for it: it is back to the list at once.
     */
    confirm: enqueueActions(({ enqueue, context, system }) => {
      const modals = system.get('modals') as AnyActorRef | undefined;
      const spec = logoutOthersDialog(context.dialog);
      if (!modals) return;
      const host = (modals.getSnapshot() as { context?: { recent?: ReadonlyArray<{ key: string }> } })
        .context;
      if (host?.recent && isDuplicateOpen({ recent: host.recent }, spec.key))
        enqueue.raise({ type: 'logins.keep' });
      else enqueue.sendTo(modals, { type: 'modal.open', spec } as EventObject);
    }),
    /** params: { session: RenewedSession } */
    renewed: (_, _p: unknown) => {},
    quietSocket: () => {},
    wakeSocket: () => {},
  },
}).createMachine({
  id: 'logins',
  context: ({ input }) => ({ ...input, list: null, refusal: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        // A fresh list says nothing of an earlier refusal.
        onDone: { target: 'list', actions: assign({ list: ({ event }) => event.output, refusal: null }) },
        // A failed read shows no list (an earlier one would offer buttons the failed state does not take).
        onError: { target: 'failed', actions: assign({ list: null }) },
      },
    },
    failed: { on: { 'logins.retry': 'loading' } },
    list: {
      on: {
        'logins.logoutOthers': { target: 'confirming', actions: [assign({ refusal: null }), 'confirm'] },
      },
    },
    confirming: {
      on: {
        'logins.confirm': 'loggingOut',
        'logins.keep': 'list',
      },
    },
    loggingOut: {
      entry: 'quietSocket',
      invoke: {
        src: 'logoutOthers',
        onDone: {
          target: 'done',
          actions: {
            type: 'renewed',
            params: ({ event }: { event: { output: RenewedSession } }) => ({ session: event.output }),
          },
        },
        onError: {
          target: 'list',
          actions: [assign({ refusal: ({ event }) => refusalOf(event.error) }), 'wakeSocket'],
        },
      },
    },
    /** Every other login ended; the page goes on under the fresh token (the parent keeps it). */
    done: {},
  },
});
