import { assign, sendParent, sendTo, setup } from 'xstate';
import type { PayoutKind } from '../../src/protocol/payout.ts';
import type { AreaEvent, AreaInput } from '../area.ts';
import { accountFormMachine } from './account-form.machine.ts';
import { accountsMachine } from './accounts.machine.ts';
import { fundPasswordMachine } from './fund-password.machine.ts';
import { kycMachine } from './kyc.machine.ts';
import { BANK_PATH, listPathOf, payoutPageOf } from './paths.ts';
import { withdrawalMachine } from './withdrawal.machine.ts';

// The payout area's actor (issue 10): it runs the flow of the page the player is on as its child — 'kyc',
// 'accountForm', 'accounts', 'withdrawal' and 'fundPassword' — and carries what one child tells another:
// verifying on .../bindBankCard continues into binding the first bank card; a bound account leads back to its
// list (or refreshes the list on the same page); setting the fund password lets the withdrawal read its options
// again. The delete dialog's buttons (sent to this actor, systemId 'payout') are handed to the list.

interface Context {
  path: string;
}

export type PayoutAreaEvent =
  | AreaEvent
  | { type: 'payout.kycVerified' }
  | { type: 'payout.added'; kind: PayoutKind }
  | { type: 'payout.fundPasswordChanged' }
  | { type: 'accounts.keep' }
  | { type: 'accounts.confirm' };

const page = (c: Context) => payoutPageOf(c.path);
const kindOf = (c: Context): PayoutKind => {
  const p = page(c);
  return 'kind' in p ? p.kind : 'bank';
};

/** An action implementation as the children's `provide` takes it (their defaults are inert `() => {}`). */
type Signal = () => void;

/** How the children tell the area actor what happened (the composition provides them again with its effects). */
export const CHILD_SIGNALS = {
  kyc: { verified: sendParent({ type: 'payout.kycVerified' }) as unknown as Signal },
  accountForm: {
    added: sendParent(({ context }: { context: { kind: PayoutKind } }) => ({
      type: 'payout.added',
      kind: context.kind,
    })) as unknown as Signal,
  },
  fundPassword: { changed: sendParent({ type: 'payout.fundPasswordChanged' }) as unknown as Signal },
};

/** The area actor's parent is the app actor: it navigates on app.navigate. */
export const NAVIGATE = sendParent((_, params: { to: string }) => ({ type: 'app.navigate', to: params.to }));

export const payoutMachine = setup({
  types: {} as { context: Context; events: PayoutAreaEvent; input: AreaInput },
  actors: {
    kyc: kycMachine.provide({ actions: CHILD_SIGNALS.kyc }),
    accountForm: accountFormMachine.provide({ actions: CHILD_SIGNALS.accountForm }),
    accounts: accountsMachine,
    withdrawal: withdrawalMachine,
    fundPassword: fundPasswordMachine.provide({ actions: CHILD_SIGNALS.fundPassword }),
  },
  actions: {
    /** Sends the player to a page: provided at composition as NAVIGATE (the app actor's app.navigate). */
    navigate: (_, _params: { to: string }) => {},
  },
  guards: {
    onKyc: ({ context }) => page(context).page === 'kyc',
    onBind: ({ context }) => page(context).page === 'bindBankCard',
    onWithdrawal: ({ context }) => page(context).page === 'withdrawal',
    onAccountsWithForm: ({ context }) => page(context).page === 'accountsWithForm',
    onAdd: ({ context }) => page(context).page === 'add',
    onList: ({ context }) => page(context).page === 'list',
    moved: ({ context, event }) => event.type === 'route.changed' && event.path !== context.path,
  },
}).createMachine({
  id: 'payout',
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
        { guard: 'onKyc', target: 'kyc' },
        { guard: 'onBind', target: 'bindBankCard' },
        { guard: 'onWithdrawal', target: 'withdrawal' },
        { guard: 'onAccountsWithForm', target: 'accountsWithForm' },
        { guard: 'onAdd', target: 'add' },
        { guard: 'onList', target: 'list' },
        { target: 'static' },
      ],
    },
    kyc: { invoke: { id: 'kyc', src: 'kyc' } },
    /** issue 10 §1: verifying continues straight into binding the first bank card. */
    bindBankCard: {
      initial: 'verifying',
      states: {
        verifying: {
          invoke: { id: 'kyc', src: 'kyc' },
          on: { 'payout.kycVerified': 'binding' },
        },
        binding: {
          invoke: { id: 'accountForm', src: 'accountForm', input: { kind: 'bank' } },
          on: { 'payout.added': { actions: { type: 'navigate', params: { to: BANK_PATH } } } },
        },
      },
    },
    withdrawal: {
      invoke: [
        { id: 'withdrawal', src: 'withdrawal' },
        { id: 'fundPassword', src: 'fundPassword' },
      ],
      on: { 'payout.fundPasswordChanged': { actions: sendTo('withdrawal', { type: 'withdrawal.reload' }) } },
    },
    /** The bank cards and the USDT addresses: the list and its add form on one page. */
    accountsWithForm: {
      invoke: { id: 'accounts', src: 'accounts', input: ({ context }) => ({ kind: kindOf(context) }) },
      on: {
        'accounts.keep': { actions: sendTo('accounts', { type: 'accounts.keep' }) },
        'accounts.confirm': { actions: sendTo('accounts', { type: 'accounts.confirm' }) },
      },
      initial: 'form',
      states: {
        form: {
          invoke: {
            id: 'accountForm',
            src: 'accountForm',
            input: ({ context }) => ({ kind: kindOf(context) }),
          },
          on: {
            // A fresh form once one was bound, and the list read again.
            'payout.added': {
              target: 'form',
              reenter: true,
              actions: sendTo('accounts', { type: 'accounts.reload' }),
            },
          },
        },
      },
    },
    add: {
      invoke: { id: 'accountForm', src: 'accountForm', input: ({ context }) => ({ kind: kindOf(context) }) },
      on: {
        'payout.added': {
          actions: { type: 'navigate', params: ({ event }) => ({ to: listPathOf(event.kind) }) },
        },
      },
    },
    list: {
      invoke: { id: 'accounts', src: 'accounts', input: ({ context }) => ({ kind: kindOf(context) }) },
      on: {
        'accounts.keep': { actions: sendTo('accounts', { type: 'accounts.keep' }) },
        'accounts.confirm': { actions: sendTo('accounts', { type: 'accounts.confirm' }) },
      },
    },
    /** /help/xnbcqkjc: the tutorial needs no flow. */
    static: {},
  },
});
