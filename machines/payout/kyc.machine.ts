import { assign, fromPromise, setup } from 'xstate';
import type { KycStatus, KycVerifyRequest } from '../../src/protocol/payout.ts';
import { refusalOf, type PayoutRefusal } from './common.ts';
import { idNumberProblem, isRealName } from './form-rules.ts';

// Real-name verification (issue 10 §1, /mine/userInfo/authentication): the status is read; a verified player
// sees the masked name and ID read-only (it cannot be changed); otherwise the form: real name and 18-digit ID
// number → submitting → verified, or refused with the coded message (30022–30025, 10003) on the form.
// Reaching `verified` runs `verified` (the area continues into binding the first bank card on .../bindBankCard).

export type KycProblem = 'nameRequired' | 'nameFormat' | 'idRequired' | 'idFormat' | 'idInvalid';

interface Context {
  status: KycStatus | null;
  realName: string;
  idNumber: string;
  problems: { realName?: KycProblem; idNumber?: KycProblem };
  refusal: PayoutRefusal | null;
}

export type KycEvent =
  | { type: 'kyc.name'; text: string }
  | { type: 'kyc.id'; text: string }
  | { type: 'kyc.submit' }
  | { type: 'kyc.retry' };

export function kycProblems(c: Pick<Context, 'realName' | 'idNumber'>): Context['problems'] {
  const out: Context['problems'] = {};
  const name = c.realName.trim();
  if (!name) out.realName = 'nameRequired';
  else if (!isRealName(name)) out.realName = 'nameFormat';
  if (!c.idNumber) out.idNumber = 'idRequired';
  else {
    const id = idNumberProblem(c.idNumber);
    if (id) out.idNumber = id;
  }
  return out;
}

/** What the ID field keeps of what was typed: digits and a final X, at most 18. */
export const cleanIdNumber = (text: string) =>
  text
    .toUpperCase()
    .replace(/[^\dX]/g, '')
    .slice(0, 18);

export const kycMachine = setup({
  types: {} as { context: Context; events: KycEvent },
  actors: {
    loadStatus: fromPromise<KycStatus>(async () => {
      throw new Error('provided at composition');
    }),
    verify: fromPromise<KycStatus, KycVerifyRequest>(async () => {
      throw new Error('provided at composition');
    }),
  },
  actions: {
    /** The player is verified (on arriving in `verified`): the area may continue (bindBankCard). */
    verified: () => {},
  },
  guards: {
    isVerified: ({ event }) => (event as { output?: KycStatus }).output?.verified === true,
    valid: ({ context }) => Object.keys(kycProblems(context)).length === 0,
  },
}).createMachine({
  id: 'kyc',
  context: { status: null, realName: '', idNumber: '', problems: {}, refusal: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadStatus',
        onDone: [
          {
            guard: 'isVerified',
            target: 'verified',
            actions: assign({ status: ({ event }) => event.output }),
          },
          { target: 'form', actions: assign({ status: ({ event }) => event.output }) },
        ],
        onError: 'loadFailed',
      },
    },
    loadFailed: { on: { 'kyc.retry': 'loading' } },
    form: {
      on: {
        'kyc.name': {
          actions: assign({
            realName: ({ event }) => event.text.slice(0, 20),
            problems: ({ context }) => ({ ...context.problems, realName: undefined }),
          }),
        },
        'kyc.id': {
          actions: assign({
            idNumber: ({ event }) => cleanIdNumber(event.text),
            problems: ({ context }) => ({ ...context.problems, idNumber: undefined }),
          }),
        },
        'kyc.submit': [
          { guard: 'valid', target: 'submitting', actions: assign({ refusal: null, problems: {} }) },
          { actions: assign({ problems: ({ context }) => kycProblems(context) }) },
        ],
      },
    },
    submitting: {
      invoke: {
        src: 'verify',
        input: ({ context }) => ({ realName: context.realName.trim(), idNumber: context.idNumber }),
        onDone: {
          target: 'verified',
          actions: assign({ status: ({ event }) => event.output, idNumber: '' }),
        },
        // A coded refusal (30022–30025, 10003) or no answer: shown on the form, which keeps what was typed.
        onError: { target: 'form', actions: assign({ refusal: ({ event }) => refusalOf(event.error) }) },
      },
    },
    verified: { entry: 'verified' },
  },
});
