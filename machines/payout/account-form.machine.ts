import { assign, fromPromise, setup } from 'xstate';
import {
  WECHAT_QR_MAX_BYTES,
  WECHAT_QR_TYPES,
  type AddPayoutAccountRequest,
  type Bank,
  type PayoutAccount,
  type PayoutAccountList,
  type PayoutKind,
  type UsdtNetwork,
} from '../../src/protocol/payout.ts';
import { cleanFundPassword, isFundPassword, refusalOf, type PayoutRefusal } from './common.ts';
import {
  accountProblems,
  normaliseAccount,
  type AccountField,
  type AccountFields,
  type AccountProblem,
} from './form-rules.ts';

// Binding a payout account of one kind (issue 10 §2; /mine/addBankCard, /mine/virtualCoinCard and the six
// add pages): what is bound already (and whether the player is verified) is read → the form of that kind,
// checked in the browser → the fund password when it is set (issue 10 §2) → submitting → done (the area goes
// back to the kind's list). Refusals stay on the page: 30021 offers to verify, 30031–30034 on the form,
// 30042 (tries left) / 30043 (locked until) at the fund password.

export interface AccountFormLoad {
  banks: Bank[];
  list: PayoutAccountList;
  holder: string | null;
}

export interface AccountFormInput {
  kind: PayoutKind;
}

interface Context {
  kind: PayoutKind;
  banks: Bank[];
  list: PayoutAccountList | null;
  /** The verified real name: the holder of every account but USDT addresses (shown read-only). */
  holder: string | null;
  fields: AccountFields;
  problems: Partial<Record<AccountField, AccountProblem>>;
  fundPassword: string;
  fundPasswordProblem: boolean;
  refusal: PayoutRefusal | null;
  added: PayoutAccount | null;
}

export type AccountFormEvent =
  | {
      type: 'form.field';
      field: 'account' | 'bankCode' | 'province' | 'city' | 'branch' | 'label';
      value: string;
    }
  | { type: 'form.network'; network: UsdtNetwork }
  /** A chosen QR image (the view reads the file; type and size are checked before it is kept). */
  | { type: 'form.qr'; mime: string; bytes: number; dataUrl: string }
  | { type: 'form.qrClear' }
  | { type: 'form.submit' }
  | { type: 'form.fundPassword'; text: string }
  | { type: 'form.confirm' }
  | { type: 'form.back' }
  | { type: 'form.retry' };

const EMPTY: AccountFields = {
  account: '',
  bankCode: '',
  province: '',
  city: '',
  branch: '',
  network: 'TRC20',
  label: '',
  qrImage: null,
};

/** The request of the form as it stands (only the fields of its kind). */
export function requestOf(
  c: Pick<Context, 'kind' | 'fields' | 'fundPassword' | 'list'>,
): AddPayoutAccountRequest {
  const f = c.fields;
  const account = normaliseAccount(c.kind, f.account);
  const req: AddPayoutAccountRequest =
    c.kind === 'bank'
      ? {
          kind: 'bank',
          account,
          bankCode: f.bankCode,
          province: f.province.trim(),
          city: f.city.trim(),
          ...(f.branch.trim() ? { branch: f.branch.trim() } : {}),
        }
      : c.kind === 'usdt'
        ? { kind: 'usdt', account, network: f.network, label: f.label.trim() }
        : c.kind === 'wechat' && f.qrImage
          ? { kind: 'wechat', account, qrImage: f.qrImage }
          : { kind: c.kind, account };
  return c.list?.fundPasswordSet ? { ...req, fundPassword: c.fundPassword } : req;
}

const bound = (c: Context) => c.list?.accounts.filter((a) => a.kind === c.kind).length ?? 0;
const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

export const accountFormMachine = setup({
  types: {} as { context: Context; events: AccountFormEvent; input: AccountFormInput },
  actors: {
    load: fromPromise<AccountFormLoad, { kind: PayoutKind }>(async () => {
      throw new Error('provided at composition');
    }),
    add: fromPromise<PayoutAccount, AddPayoutAccountRequest>(async () => {
      throw new Error('provided at composition');
    }),
  },
  actions: {
    /** The account is bound (on arriving in `done`): the area goes back to the kind's list. */
    added: () => {},
  },
  guards: {
    kycMissing: ({ context }) => context.list !== null && !context.list.kycVerified,
    full: ({ context }) =>
      context.list !== null && bound(context) >= (context.list.limits[context.kind] ?? 0),
    valid: ({ context }) => Object.keys(accountProblems(context.kind, context.fields)).length === 0,
    asksPassword: ({ context }) => context.list?.fundPasswordSet === true,
    passwordShaped: ({ context }) => isFundPassword(context.fundPassword),
    qrAccepted: ({ event }) =>
      event.type === 'form.qr' &&
      (WECHAT_QR_TYPES as readonly string[]).includes(event.mime) &&
      event.bytes > 0 &&
      event.bytes <= WECHAT_QR_MAX_BYTES,
    kycRefused: ({ event }) => codeOf((event as { error?: unknown }).error) === 30021,
    passwordRefused: ({ event }) => {
      const code = codeOf((event as { error?: unknown }).error);
      return code === 30042 || code === 30043;
    },
  },
}).createMachine({
  id: 'accountForm',
  context: ({ input }) => ({
    kind: input.kind,
    banks: [],
    list: null,
    holder: null,
    fields: EMPTY,
    problems: {},
    fundPassword: '',
    fundPasswordProblem: false,
    refusal: null,
    added: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({ kind: context.kind }),
        onDone: {
          target: 'deciding',
          actions: assign({
            banks: ({ event }) => event.output.banks,
            list: ({ event }) => event.output.list,
            holder: ({ event }) => event.output.holder,
          }),
        },
        onError: 'loadFailed',
      },
    },
    loadFailed: { on: { 'form.retry': 'loading' } },
    deciding: {
      always: [
        { guard: 'kycMissing', target: 'needKyc' },
        { guard: 'full', target: 'full' },
        { target: 'editing' },
      ],
    },
    /** 30021: accounts are bound in the verified real name; the page offers to verify first. */
    needKyc: { on: { 'form.retry': 'loading' } },
    /** The kind's limit is reached (PAYOUT_ACCOUNT_LIMIT); the page says so and links to the list. */
    full: {},
    editing: {
      on: {
        'form.field': {
          actions: assign({
            // A new province empties the city (it must be one of that province's cities).
            fields: ({ context, event }) =>
              event.field === 'province'
                ? { ...context.fields, province: event.value, city: '' }
                : { ...context.fields, [event.field]: event.value },
            problems: ({ context, event }) => ({ ...context.problems, [event.field]: undefined }),
            refusal: null,
          }),
        },
        'form.network': {
          actions: assign({
            fields: ({ context, event }) => ({ ...context.fields, network: event.network }),
            problems: ({ context }) => ({ ...context.problems, account: undefined }),
          }),
        },
        'form.qr': [
          {
            guard: 'qrAccepted',
            actions: assign({
              fields: ({ context, event }) => ({ ...context.fields, qrImage: event.dataUrl }),
              problems: ({ context }) => ({ ...context.problems, qrImage: undefined }),
            }),
          },
          {
            actions: assign({
              fields: ({ context }) => ({ ...context.fields, qrImage: null }),
              problems: ({ context, event }) => ({
                ...context.problems,
                qrImage: (WECHAT_QR_TYPES as readonly string[]).includes(event.mime) ? 'qrSize' : 'qrType',
              }),
            }),
          },
        ],
        'form.qrClear': {
          actions: assign({
            fields: ({ context }) => ({ ...context.fields, qrImage: null }),
            problems: ({ context }) => ({ ...context.problems, qrImage: undefined }),
          }),
        },
        'form.submit': [
          { guard: 'valid', target: 'password', actions: assign({ problems: {}, refusal: null }) },
          { actions: assign({ problems: ({ context }) => accountProblems(context.kind, context.fields) }) },
        ],
      },
    },
    password: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [{ guard: 'asksPassword', target: 'asking' }, { target: '#accountForm.submitting' }],
        },
        asking: {
          on: {
            'form.fundPassword': {
              actions: assign({
                fundPassword: ({ event }) => cleanFundPassword(event.text),
                fundPasswordProblem: false,
              }),
            },
            'form.confirm': [
              {
                guard: 'passwordShaped',
                target: '#accountForm.submitting',
                actions: assign({ refusal: null }),
              },
              { actions: assign({ fundPasswordProblem: true }) },
            ],
            'form.back': {
              target: '#accountForm.editing',
              actions: assign({ fundPassword: '', fundPasswordProblem: false }),
            },
          },
        },
      },
    },
    submitting: {
      invoke: {
        src: 'add',
        input: ({ context }) => requestOf(context),
        onDone: { target: 'done', actions: assign({ added: ({ event }) => event.output, fundPassword: '' }) },
        onError: [
          {
            guard: 'kycRefused',
            target: 'needKyc',
            actions: assign({ refusal: ({ event }) => refusalOf(event.error), fundPassword: '' }),
          },
          {
            guard: 'passwordRefused',
            target: 'password.asking',
            actions: assign({ refusal: ({ event }) => refusalOf(event.error), fundPassword: '' }),
          },
          // 30031–30034 and the rest, or no answer: on the form, which keeps what was typed.
          {
            target: 'editing',
            actions: assign({ refusal: ({ event }) => refusalOf(event.error), fundPassword: '' }),
          },
        ],
      },
    },
    done: { entry: 'added' },
  },
});
