import { assign, fromPromise, setup } from 'xstate';
import { cleanAmountInput, yuanToFen } from '../../src/protocol/money.ts';
import type {
  PayoutAccount,
  Withdrawal,
  WithdrawalCreateRequest,
  WithdrawalList,
  WithdrawalMethod,
  WithdrawalOptions,
} from '../../src/protocol/payout.ts';
import {
  cleanFundPassword,
  deductionOf,
  isFundPassword,
  maxAmount,
  refusalOf,
  type PayoutRefusal,
} from './common.ts';

// The withdrawal flow (issue 10 §3, /mine/finance/withdrawal): the options, the payout accounts and the
// player's withdrawals are read → (verify first / bind an account first / set the fund password first / locked)
// → pick an account and an amount (spec §5 input rule, "最高" fills the largest allowed) → the review with the
// fee, the USDT arrival and the turnover audit's outcome BEFORE confirming (refuse → the audit dialog; deduct →
// accepted explicitly) → the fund password → submitting (a request id made once and kept for a retry after no
// answer) → submitted, pending → paid / rejected / cancelled (the player may cancel while it is pending).
// A pending withdrawal is re-read every 5 s (WITHDRAWAL_POLL_MS) until it ends.

/** Design (issue 10 §3 "every state change reaches the player live"): a pending withdrawal is re-read every 5 s. */
export const WITHDRAWAL_POLL_MS = 5_000;

export type WithdrawalProblem =
  | 'noAccount'
  | 'noMethod'
  | 'noAmount'
  | 'belowMin'
  | 'aboveMax'
  | 'overBalance'
  | 'dailyCount'
  | 'dailyAmount';

export interface WithdrawalLoad {
  options: WithdrawalOptions;
  accounts: PayoutAccount[];
  list: WithdrawalList;
}

interface Context {
  options: WithdrawalOptions | null;
  accounts: PayoutAccount[];
  items: Withdrawal[];
  accountId: string | null;
  amountText: string;
  problem: WithdrawalProblem | null;
  acceptDeduction: boolean;
  /** The review asked for an acceptance that was not given. */
  deductionProblem: boolean;
  fundPassword: string;
  fundPasswordProblem: boolean;
  requestId: string | null;
  current: Withdrawal | null;
  refusal: PayoutRefusal | null;
}

export type WithdrawalEvent =
  | { type: 'withdrawal.account'; id: string }
  | { type: 'withdrawal.amount'; text: string }
  | { type: 'withdrawal.max' }
  | { type: 'withdrawal.next' }
  | { type: 'withdrawal.back' }
  | { type: 'withdrawal.acceptDeduction'; accepted: boolean }
  | { type: 'withdrawal.fundPassword'; text: string }
  | { type: 'withdrawal.confirm' }
  | { type: 'withdrawal.retry' }
  | { type: 'withdrawal.reload' }
  | { type: 'withdrawal.refresh' }
  | { type: 'withdrawal.cancel'; id: string }
  | { type: 'withdrawal.again' };

export const chosenAccount = (c: Pick<Context, 'accounts' | 'accountId'>) =>
  c.accounts.find((a) => a.id === c.accountId) ?? null;

export const methodOf = (c: Pick<Context, 'accounts' | 'accountId' | 'options'>): WithdrawalMethod | null => {
  const account = chosenAccount(c);
  return (account && c.options?.methods.find((m) => m.kind === account.kind)) ?? null;
};

/** Why the amount cannot be withdrawn to the account as it is, or null (issue 10 §3). */
export function withdrawalProblem(
  c: Pick<Context, 'accounts' | 'accountId' | 'options' | 'amountText'>,
): WithdrawalProblem | null {
  const account = chosenAccount(c);
  if (!account || !c.options) return 'noAccount';
  const method = methodOf(c);
  if (!method) return 'noMethod';
  const fen = yuanToFen(c.amountText);
  if (fen === null || fen <= 0) return 'noAmount';
  if (c.options.today.countLeft <= 0) return 'dailyCount';
  if (fen < method.min) return 'belowMin';
  if (fen > method.max) return 'aboveMax';
  if (fen > c.options.available) return 'overBalance';
  if (fen > c.options.today.amountLeft) return 'dailyAmount';
  return null;
}

/** Fen as the amount field writes it (spec §5: at most two decimals, no trailing .00). */
export const yuanText = (fen: number) =>
  `${Math.floor(fen / 100)}${fen % 100 ? `.${String(fen % 100).padStart(2, '0')}` : ''}`;

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;
const errorCode = (event: unknown) => codeOf((event as { error?: unknown }).error);
const ENDED = new Set(['paid', 'rejected', 'cancelled']);

export const withdrawalMachine = setup({
  types: {} as { context: Context; events: WithdrawalEvent },
  actors: {
    load: fromPromise<WithdrawalLoad>(async () => {
      throw new Error('provided at composition');
    }),
    readList: fromPromise<WithdrawalList>(async () => {
      throw new Error('provided at composition');
    }),
    create: fromPromise<Withdrawal, WithdrawalCreateRequest>(async () => {
      throw new Error('provided at composition');
    }),
    cancel: fromPromise<Withdrawal, { id: string }>(async () => {
      throw new Error('provided at composition');
    }),
  },
  actions: {
    /**
     * A fresh request id. The composition provides the browser's crypto; this default numbers them, so the
     * machine's own graph sees an id too.
     */
    mintRequestId: assign({
      requestId: ({ context }) => `withdrawal-request-${context.requestId ?? 0}-next`,
    }),
  },
  guards: {
    kycMissing: ({ context }) => context.options?.kycVerified === false,
    noAccounts: ({ context }) => context.accounts.length === 0,
    passwordUnset: ({ context }) => context.options?.fundPassword.set === false,
    passwordLocked: ({ context }) => context.options?.fundPassword.lockedUntil != null,
    withdrawable: ({ context }) => withdrawalProblem(context) === null,
    auditRefuses: ({ context }) =>
      !!context.options && context.options.audit.outstanding > 0 && context.options.audit.policy === 'refuse',
    confirmable: ({ context }) =>
      isFundPassword(context.fundPassword) &&
      (deductionOf(context.options!, yuanToFen(context.amountText)!) === 0 || context.acceptDeduction),
    hasRequestId: ({ context }) => context.requestId !== null,
    wrongPassword: ({ event }) => errorCode(event) === 30042,
    lockedNow: ({ event }) => errorCode(event) === 30043,
    turnoverRefused: ({ event }) => errorCode(event) === 30052,
    isAnswer: ({ event }) => (event as { error?: { type?: string } }).error?.type === 'business',
    currentEnded: ({ context }) => !!context.current && ENDED.has(context.current.state),
    currentPaid: ({ context }) => context.current?.state === 'paid',
    currentRejected: ({ context }) => context.current?.state === 'rejected',
  },
  delays: { poll: WITHDRAWAL_POLL_MS },
}).createMachine({
  id: 'withdrawal',
  context: {
    options: null,
    accounts: [],
    items: [],
    accountId: null,
    amountText: '',
    problem: null,
    acceptDeduction: false,
    deductionProblem: false,
    fundPassword: '',
    fundPasswordProblem: false,
    requestId: null,
    current: null,
    refusal: null,
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        onDone: {
          target: 'deciding',
          actions: assign({
            options: ({ event }) => event.output.options,
            accounts: ({ event }) => event.output.accounts,
            items: ({ event }) => event.output.list.items,
            // The account chosen stays if it is still bound; else the first one.
            accountId: ({ context, event }) =>
              event.output.accounts.find((a) => a.id === context.accountId)?.id ??
              event.output.accounts[0]?.id ??
              null,
          }),
        },
        onError: 'loadFailed',
      },
    },
    loadFailed: { on: { 'withdrawal.reload': 'loading' } },
    deciding: {
      always: [
        { guard: 'kycMissing', target: 'needKyc' },
        { guard: 'noAccounts', target: 'needAccount' },
        { guard: 'passwordUnset', target: 'needFundPassword' },
        { guard: 'passwordLocked', target: 'locked' },
        { target: 'choosing' },
      ],
    },
    /** Verify the real name first (30021); the page links to /mine/userInfo/authentication. */
    needKyc: { on: { 'withdrawal.reload': 'loading' } },
    /** Bind a payout account first; the page links to the add pages. */
    needAccount: { on: { 'withdrawal.reload': 'loading' } },
    /** Set the fund password first (issue 10 §3: at the first withdrawal); the area reloads once it is set. */
    needFundPassword: { on: { 'withdrawal.reload': 'loading' } },
    /** Five wrong tries (30043): locked until options.fundPassword.lockedUntil, said plainly. */
    locked: { on: { 'withdrawal.reload': 'loading' } },
    choosing: {
      on: {
        'withdrawal.account': {
          actions: assign({ accountId: ({ event }) => event.id, problem: null, refusal: null }),
        },
        'withdrawal.amount': {
          actions: assign({
            amountText: ({ event }) => cleanAmountInput(event.text),
            problem: null,
            refusal: null,
          }),
        },
        'withdrawal.max': {
          actions: assign({
            amountText: ({ context }) => yuanText(maxAmount(context.options!, methodOf(context))),
            problem: null,
            refusal: null,
          }),
        },
        'withdrawal.next': [
          { guard: 'withdrawable', target: 'review', actions: assign({ refusal: null, problem: null }) },
          { actions: assign({ problem: ({ context }) => withdrawalProblem(context) }) },
        ],
        'withdrawal.cancel': { target: 'cancellingItem', actions: assign({ refusal: null }) },
        'withdrawal.reload': 'loading',
        // A push (a withdrawal changed, or money moved for one): read the options and the list again, so the
        // history and the available balance follow the operator; the account and the amount typed stay.
        'withdrawal.refresh': 'loading',
      },
    },
    /** issue 10 §3: the audit outcome, shown BEFORE confirming — refusal reached from the review. */
    review: {
      initial: 'auditing',
      states: {
        auditing: { always: [{ guard: 'auditRefuses', target: 'auditRefused' }, { target: 'confirming' }] },
        /** Turnover outstanding and the site refuses: what is missing, with a link to the audit page. */
        auditRefused: { on: { 'withdrawal.back': '#withdrawal.choosing' } },
        confirming: {
          on: {
            'withdrawal.acceptDeduction': {
              actions: assign({ acceptDeduction: ({ event }) => event.accepted, deductionProblem: false }),
            },
            'withdrawal.fundPassword': {
              actions: assign({
                fundPassword: ({ event }) => cleanFundPassword(event.text),
                fundPasswordProblem: false,
              }),
            },
            'withdrawal.confirm': [
              { guard: 'confirmable', target: '#withdrawal.submitting', actions: 'mintRequestId' },
              {
                actions: assign({
                  fundPasswordProblem: ({ context }) => !isFundPassword(context.fundPassword),
                  deductionProblem: ({ context }) =>
                    deductionOf(context.options!, yuanToFen(context.amountText)!) > 0 &&
                    !context.acceptDeduction,
                }),
              },
            ],
            // Back to the form: the review's inputs and prompts go (the next review asks afresh).
            'withdrawal.back': {
              target: '#withdrawal.choosing',
              actions: assign({
                fundPassword: '',
                fundPasswordProblem: false,
                acceptDeduction: false,
                deductionProblem: false,
              }),
            },
          },
        },
      },
    },
    submitting: {
      invoke: {
        src: 'create',
        input: ({ context }) => {
          const amount = yuanToFen(context.amountText)!;
          const req: WithdrawalCreateRequest = {
            requestId: context.requestId!,
            accountId: context.accountId!,
            amount,
            fundPassword: context.fundPassword,
          };
          return deductionOf(context.options!, amount) > 0 ? { ...req, acceptDeduction: true } : req;
        },
        onDone: {
          target: 'pending',
          actions: assign({
            current: ({ event }) => event.output,
            items: ({ context, event }) => [
              event.output,
              ...context.items.filter((i) => i.id !== event.output.id),
            ],
            requestId: null,
            fundPassword: '',
            acceptDeduction: false,
          }),
        },
        onError: [
          {
            guard: 'wrongPassword',
            target: 'review.confirming',
            actions: assign({
              refusal: ({ event }) => refusalOf(event.error),
              requestId: null,
              fundPassword: '',
            }),
          },
          {
            guard: 'lockedNow',
            target: 'loading',
            actions: assign({
              refusal: ({ event }) => refusalOf(event.error),
              requestId: null,
              fundPassword: '',
            }),
          },
          {
            guard: 'isAnswer',
            target: 'choosing',
            actions: assign({
              refusal: ({ event }) => refusalOf(event.error),
              requestId: null,
              fundPassword: '',
              acceptDeduction: false,
            }),
          },
          // No answer: the request id is kept, so a retry makes no second withdrawal.
          { target: 'submitUnsure' },
        ],
      },
    },
    submitUnsure: {
      on: {
        'withdrawal.retry': 'submitting',
        // Giving up reads the list again (it shows whether the withdrawal was made).
        'withdrawal.reload': {
          target: 'loading',
          actions: assign({ requestId: null, fundPassword: '', acceptDeduction: false }),
        },
      },
    },
    /** Submitted: the amount is held; an operator approves and pays or rejects it (issue 10 §3). */
    pending: {
      after: { poll: 'refreshing' },
      on: {
        'withdrawal.refresh': 'refreshing',
        'withdrawal.cancel': { target: 'cancellingCurrent', actions: assign({ refusal: null }) },
      },
    },
    refreshing: {
      invoke: {
        src: 'readList',
        onDone: {
          target: 'settling',
          actions: assign({
            items: ({ event }) => event.output.items,
            current: ({ context, event }) =>
              event.output.items.find((i) => i.id === context.current?.id) ?? context.current,
          }),
        },
        // A failed read is tried again at the next poll.
        onError: 'pending',
      },
    },
    settling: { always: [{ guard: 'currentEnded', target: 'ended' }, { target: 'pending' }] },
    cancellingCurrent: {
      invoke: {
        src: 'cancel',
        input: ({ context }) => ({ id: context.current!.id }),
        onDone: {
          target: 'ended',
          actions: assign({
            current: ({ event }) => event.output,
            items: ({ context, event }) =>
              context.items.map((i) => (i.id === event.output.id ? event.output : i)),
          }),
        },
        // 30054 (approved or paid meanwhile) or no answer: the next read says what became of it.
        onError: {
          target: 'refreshing',
          actions: assign({ refusal: ({ event }) => refusalOf(event.error) }),
        },
      },
    },
    /** A pending withdrawal of the list cancelled from the form. */
    cancellingItem: {
      invoke: {
        src: 'cancel',
        input: ({ event }) => ({ id: (event as { id: string }).id }),
        onDone: 'loading',
        onError: { target: 'loading', actions: assign({ refusal: ({ event }) => refusalOf(event.error) }) },
      },
    },
    ended: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [
            { guard: 'currentPaid', target: 'paid' },
            { guard: 'currentRejected', target: 'rejected' },
            { target: 'cancelled' },
          ],
        },
        paid: {},
        rejected: {},
        cancelled: {},
      },
      on: {
        'withdrawal.again': {
          target: 'loading',
          actions: assign({ current: null, amountText: '', refusal: null, problem: null }),
        },
      },
    },
  },
});
