import { assign, enqueueActions, fromPromise, setup, type AnyActorRef, type EventObject } from 'xstate';
import { isDuplicateOpen } from '../modal-host.machine.ts';
import type { DeletePayoutAccountRequest, PayoutAccountList, PayoutKind } from '../../src/protocol/payout.ts';
import type { ModalSpec } from '../modal-types.ts';
import { cleanFundPassword, isFundPassword, refusalOf, type PayoutRefusal } from './common.ts';

// The list of one kind of payout account (issue 10 §2: the bank list on /mine/addBankCard, the six list pages,
// the USDT addresses): masked accounts and an add link; deleting one asks for confirmation in the shell's
// modal host, then for the fund password when it is set, then deletes and reads the list again.

/** The area actor's systemId: the confirmation dialog's buttons send to it, and it hands them to the list. */
export const ACCOUNTS_SYSTEM_ID = 'payout';

export interface AccountsInput {
  kind: PayoutKind;
}

interface Context {
  kind: PayoutKind;
  list: PayoutAccountList | null;
  /** The account being deleted. */
  target: string | null;
  fundPassword: string;
  fundPasswordProblem: boolean;
  refusal: PayoutRefusal | null;
  /** The last delete went through (the page says so). */
  deleted: boolean;
}

export type AccountsEvent =
  | { type: 'accounts.delete'; id: string }
  | { type: 'accounts.keep' }
  | { type: 'accounts.confirm' }
  | { type: 'accounts.fundPassword'; text: string }
  | { type: 'accounts.submit' }
  | { type: 'accounts.retry' }
  /** Read the list again (an account was bound on the same page). */
  | { type: 'accounts.reload' };

/** The confirmation dialog (texts are i18n keys; its buttons send to this actor). */
export function deleteDialog(masked: string): ModalSpec {
  const keep = { type: 'accounts.keep', actor: ACCOUNTS_SYSTEM_ID };
  return {
    key: `payout-delete:${masked}`,
    kind: 'confirm',
    title: { key: 'payout.list.deleteTitle' },
    content: { kind: 'text', text: { key: 'payout.list.deleteText', args: [masked] } },
    buttons: [
      { label: { key: 'dialog.cancel' }, events: [keep] },
      {
        label: { key: 'payout.list.deleteConfirm' },
        type: 'danger',
        events: [{ type: 'accounts.confirm', actor: ACCOUNTS_SYSTEM_ID }],
      },
    ],
    position: 'center',
    closable: true,
    maskClosable: true,
    onDismiss: [keep],
  };
}

export const accountsMachine = setup({
  types: {} as { context: Context; events: AccountsEvent; input: AccountsInput },
  actors: {
    load: fromPromise<PayoutAccountList>(async () => {
      throw new Error('provided at composition');
    }),
    remove: fromPromise<unknown, DeletePayoutAccountRequest>(async () => {
      throw new Error('provided at composition');
    }),
  },
  actions: {
    /**
     * Opens the confirmation in the shell's modal host (systemId 'modals'). When the host would not open it (spec
     * §9: the same dialog opened again within 700 ms, e.g. 取消 then 删除 at once), the list does not wait for it:
     * it is back to the list at once, its buttons usable, as if the player had kept the account.
     */
    confirmDelete: enqueueActions(({ enqueue, context, system }) => {
      const modals = system.get('modals') as AnyActorRef | undefined;
      const masked = context.list?.accounts.find((a) => a.id === context.target)?.masked ?? '';
      const spec = deleteDialog(masked);
      if (!modals) return;
      const host = (modals.getSnapshot() as { context?: { recent?: ReadonlyArray<{ key: string }> } }).context;
      if (host?.recent && isDuplicateOpen({ recent: host.recent }, spec.key))
        enqueue.raise({ type: 'accounts.keep' });
      else enqueue.sendTo(modals, { type: 'modal.open', spec } as EventObject);
    }),
  },
  guards: {
    listed: ({ context, event }) =>
      event.type === 'accounts.delete' && !!context.list?.accounts.some((a) => a.id === event.id),
    asksPassword: ({ context }) => context.list?.fundPasswordSet === true,
    passwordShaped: ({ context }) => isFundPassword(context.fundPassword),
    passwordRefused: ({ event }) => {
      const code = (event as { error?: { code?: unknown } }).error?.code;
      return code === 30042 || code === 30043;
    },
  },
}).createMachine({
  id: 'accounts',
  context: ({ input }) => ({
    kind: input.kind,
    list: null,
    target: null,
    fundPassword: '',
    fundPasswordProblem: false,
    refusal: null,
    deleted: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        onDone: { target: 'ready', actions: assign({ list: ({ event }) => event.output }) },
        onError: 'loadFailed',
      },
    },
    loadFailed: { on: { 'accounts.retry': 'loading' } },
    ready: {
      on: {
        'accounts.reload': 'loading',
        'accounts.delete': {
          guard: 'listed',
          target: 'confirming',
          actions: [
            assign({ target: ({ event }) => event.id, refusal: null, deleted: false }),
            'confirmDelete',
          ],
        },
      },
    },
    /** The dialog is open. */
    confirming: {
      on: {
        'accounts.keep': { target: 'ready', actions: assign({ target: null }) },
        'accounts.confirm': [{ guard: 'asksPassword', target: 'password' }, { target: 'deleting' }],
      },
    },
    password: {
      on: {
        'accounts.fundPassword': {
          actions: assign({
            fundPassword: ({ event }) => cleanFundPassword(event.text),
            fundPasswordProblem: false,
          }),
        },
        'accounts.submit': [
          { guard: 'passwordShaped', target: 'deleting', actions: assign({ refusal: null }) },
          { actions: assign({ fundPasswordProblem: true }) },
        ],
        'accounts.keep': {
          target: 'ready',
          actions: assign({ target: null, fundPassword: '', fundPasswordProblem: false }),
        },
      },
    },
    deleting: {
      invoke: {
        src: 'remove',
        input: ({ context }) =>
          context.list?.fundPasswordSet
            ? { id: context.target!, fundPassword: context.fundPassword }
            : { id: context.target! },
        onDone: { target: 'loading', actions: assign({ target: null, fundPassword: '', deleted: true }) },
        onError: [
          {
            guard: 'passwordRefused',
            target: 'password',
            actions: assign({ refusal: ({ event }) => refusalOf(event.error), fundPassword: '' }),
          },
          {
            target: 'ready',
            actions: assign({
              refusal: ({ event }) => refusalOf(event.error),
              target: null,
              fundPassword: '',
            }),
          },
        ],
      },
    },
  },
});
