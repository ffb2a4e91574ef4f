import { assign, fromPromise, setup } from 'xstate';
import type {
  FundPasswordChangeRequest,
  FundPasswordSetRequest,
  FundPasswordStatus,
} from '../../src/protocol/payout.ts';
import { cleanFundPassword, isFundPassword, refusalOf, type PayoutRefusal } from './common.ts';

// The fund password (issue 10 §3): six digits, separate from the login password. Not set → the player sets it
// (entered twice) at the first withdrawal; set → it can be changed with the SMS code (purpose 'fundPassword',
// sent by the shell's smsCode actor); locked after five wrong tries (30043) → the page says until when.
// Setting or changing it runs `changed` (the withdrawal flow reads its options again).

export type FundPasswordProblem = 'format' | 'mismatch' | 'smsCode';

interface Context {
  status: FundPasswordStatus | null;
  password: string;
  confirm: string;
  smsCode: string;
  problem: FundPasswordProblem | null;
  refusal: PayoutRefusal | null;
  /** The last set or change went through (the page says so). */
  saved: boolean;
}

export type FundPasswordEvent =
  | { type: 'fund.password'; text: string }
  | { type: 'fund.confirm'; text: string }
  | { type: 'fund.smsCode'; text: string }
  | { type: 'fund.submit' }
  | { type: 'fund.change' }
  | { type: 'fund.cancel' }
  | { type: 'fund.reload' };

/** Why the form cannot be sent as it is (issue 10 §3: 6 digits, entered twice; the SMS code to change it). */
export function fundPasswordProblem(
  c: Pick<Context, 'password' | 'confirm' | 'smsCode'>,
  withSms: boolean,
): FundPasswordProblem | null {
  if (withSms && !/^\d{4,8}$/.test(c.smsCode)) return 'smsCode';
  if (!isFundPassword(c.password)) return 'format';
  if (c.password !== c.confirm) return 'mismatch';
  return null;
}

/** The form's fields, in the states that show the form. */
const edits = {
  'fund.password': { actions: 'edit' },
  'fund.confirm': { actions: 'edit' },
  'fund.smsCode': { actions: 'edit' },
} as const;

const cleared = { password: '', confirm: '', smsCode: '', problem: null } as const;

export const fundPasswordMachine = setup({
  types: {} as { context: Context; events: FundPasswordEvent },
  actors: {
    loadStatus: fromPromise<FundPasswordStatus>(async () => {
      throw new Error('provided at composition');
    }),
    setPassword: fromPromise<FundPasswordStatus, FundPasswordSetRequest>(async () => {
      throw new Error('provided at composition');
    }),
    changePassword: fromPromise<FundPasswordStatus, FundPasswordChangeRequest>(async () => {
      throw new Error('provided at composition');
    }),
  },
  actions: {
    /** The fund password was set or changed. */
    changed: () => {},
    edit: assign(({ event }) => {
      if (event.type === 'fund.password') return { password: cleanFundPassword(event.text), problem: null };
      if (event.type === 'fund.confirm') return { confirm: cleanFundPassword(event.text), problem: null };
      if (event.type === 'fund.smsCode')
        return { smsCode: event.text.replace(/\D/g, '').slice(0, 8), problem: null };
      return {};
    }),
  },
  guards: {
    isLocked: ({ context }) => context.status?.lockedUntil != null,
    isSet: ({ context }) => context.status?.set === true,
    settable: ({ context }) => fundPasswordProblem(context, false) === null,
    changeable: ({ context }) => fundPasswordProblem(context, true) === null,
  },
}).createMachine({
  id: 'fundPassword',
  context: { status: null, ...cleared, refusal: null, saved: false },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadStatus',
        onDone: { target: 'deciding', actions: assign({ status: ({ event }) => event.output }) },
        onError: 'loadFailed',
      },
    },
    loadFailed: { on: { 'fund.reload': 'loading' } },
    deciding: {
      always: [
        { guard: 'isLocked', target: 'locked' },
        { guard: 'isSet', target: 'set' },
        { target: 'unset' },
      ],
    },
    /** Withdrawals and binding are locked until `status.lockedUntil` (30043); the page says until when. */
    // Locked after five wrong tries (issue 10 §3): changing it with the SMS code lifts the lock (docs/payout.md).
    // A change opens on an empty form without an earlier attempt's refusal, from the lock as from `set`.
    locked: {
      on: {
        'fund.reload': 'loading',
        'fund.change': { target: 'changing', actions: assign({ ...cleared, refusal: null, saved: false }) },
      },
    },
    unset: {
      on: {
        ...edits,
        'fund.submit': [
          { guard: 'settable', target: 'setting', actions: assign({ refusal: null }) },
          { actions: assign({ problem: ({ context }) => fundPasswordProblem(context, false) }) },
        ],
      },
    },
    setting: {
      invoke: {
        src: 'setPassword',
        input: ({ context }) => ({ password: context.password }),
        onDone: {
          target: 'set',
          actions: [assign({ status: ({ event }) => event.output, ...cleared, saved: true }), 'changed'],
        },
        // 30044 (set meanwhile) and the rest: read the status again, the refusal shown.
        onError: {
          target: 'loading',
          actions: assign({ refusal: ({ event }) => refusalOf(event.error), ...cleared }),
        },
      },
    },
    set: {
      on: {
        'fund.change': { target: 'changing', actions: assign({ ...cleared, refusal: null, saved: false }) },
      },
    },
    changing: {
      on: {
        ...edits,
        // Read the status again: the change may have been started from the lock.
        'fund.cancel': { target: 'loading', actions: assign({ ...cleared }) },
        'fund.submit': [
          { guard: 'changeable', target: 'submittingChange', actions: assign({ refusal: null }) },
          { actions: assign({ problem: ({ context }) => fundPasswordProblem(context, true) }) },
        ],
      },
    },
    submittingChange: {
      invoke: {
        src: 'changePassword',
        input: ({ context }) => ({ smsCode: context.smsCode, password: context.password }),
        onDone: {
          target: 'set',
          actions: [assign({ status: ({ event }) => event.output, ...cleared, saved: true }), 'changed'],
        },
        onError: {
          target: 'changing',
          actions: assign({ refusal: ({ event }) => refusalOf(event.error), smsCode: '' }),
        },
      },
    },
  },
});
