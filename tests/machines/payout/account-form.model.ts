// Binding a payout account (issue 10 §2): the form of each kind with its checks, the fund password once it is
// set, submitting, done (back to the list); refusals on the page (30021 → verify first, 30042 at the fund
// password, 30031–30034 on the form). Three graphs: a bank card, a WeChat account with its QR image, a USDT
// address.
import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { accountFormMachine } from '../../../machines/payout/account-form.machine.ts';
import type { PayoutAccountList, PayoutKind } from '../../../src/protocol/payout.ts';
import type {
  Fakes,
  MachineModel,
  ModelOptions,
  OracleArgs,
  TransitionTable,
} from '../../support/model-paths.ts';
import { account, LIMITS, NO_ANSWER, refused } from './fixtures.ts';

export const LOAD = '0.accountForm.loading';
export const ADD = '0.accountForm.submitting';

const BANKS = [
  { code: 'ICBC', name: '中国工商银行' },
  { code: 'CMB', name: '招商银行' },
];
const list = (
  kind: PayoutKind,
  o: { kyc?: boolean; full?: boolean; password?: boolean },
): PayoutAccountList => ({
  accounts: o.full ? Array.from({ length: LIMITS[kind] }, (_, i) => account(`x${i}`, kind, `**${i}`)) : [],
  limits: LIMITS,
  kycVerified: o.kyc ?? true,
  fundPasswordSet: o.password ?? false,
});
const loaded = (kind: PayoutKind, o: Parameters<typeof list>[1]) => ({
  type: `xstate.done.actor.${LOAD}`,
  output: { banks: BANKS, list: list(kind, o), holder: '张三' },
});
const ADDED = account('new', 'bank', '**** 0123');

/** The refusals of issue 10 §2 / §3 the form shows. */
const KYC_REQUIRED = refused(30021, '请先完成实名认证');
const WRONG_PASSWORD = refused(30042, '资金密码错误', { triesLeft: 3 });
const TAKEN = refused(30033, '该账户已被绑定');

const COMMON: AnyEventObject[] = [
  { type: `xstate.error.actor.${LOAD}`, error: NO_ANSWER },
  { type: 'form.retry' },
  { type: 'form.submit' },
  { type: 'form.fundPassword', text: '123456' },
  { type: 'form.fundPassword', text: '12a' },
  { type: 'form.confirm' },
  { type: 'form.back' },
  { type: `xstate.done.actor.${ADD}`, output: ADDED },
  { type: `xstate.error.actor.${ADD}`, error: KYC_REQUIRED },
  { type: `xstate.error.actor.${ADD}`, error: WRONG_PASSWORD },
  { type: `xstate.error.actor.${ADD}`, error: TAKEN },
  { type: `xstate.error.actor.${ADD}`, error: NO_ANSWER },
];

/** issue 10 §2: a card number of 16–19 digits passing the Luhn check; the bank, province and city chosen. */
const CARD = '6222021234567890128';
const BANK_EVENTS: AnyEventObject[] = [
  loaded('bank', { kyc: false }),
  loaded('bank', { full: true }),
  loaded('bank', { password: true }),
  loaded('bank', { password: false }),
  { type: 'form.field', field: 'account', value: CARD },
  { type: 'form.field', field: 'account', value: '1234' },
  { type: 'form.field', field: 'bankCode', value: 'ICBC' },
  { type: 'form.field', field: 'province', value: '广东省' },
  { type: 'form.field', field: 'city', value: '深圳市' },
  ...COMMON,
];

/** issue 10 §2: WeChat — the account, and optionally a QR image (PNG or JPEG, at most 200 KB by design). */
const QR = 'data:image/png;base64,iVBORw0KGgo=';
const WECHAT_EVENTS: AnyEventObject[] = [
  loaded('wechat', { password: true }),
  loaded('wechat', { password: false }),
  { type: 'form.field', field: 'account', value: 'wxid_abc123' },
  { type: 'form.field', field: 'account', value: '12' },
  { type: 'form.qr', mime: 'image/png', bytes: 1_000, dataUrl: QR },
  { type: 'form.qr', mime: 'image/gif', bytes: 1_000, dataUrl: '' },
  { type: 'form.qr', mime: 'image/jpeg', bytes: 200 * 1024 + 1, dataUrl: '' },
  { type: 'form.qrClear' },
  ...COMMON.filter((e) => e.type !== `xstate.error.actor.${LOAD}` && e.type !== 'form.retry'),
];

/** issue 10 §2: USDT on TRC20 (T…, 34 base58 characters) or ERC20 (0x and 40 hex digits), with a label. */
const TRC20 = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const ERC20 = '0x52908400098527886E0F7030069857D2E4169EE7';
const USDT_EVENTS: AnyEventObject[] = [
  loaded('usdt', { password: false }),
  { type: 'form.network', network: 'ERC20' },
  { type: 'form.network', network: 'TRC20' },
  { type: 'form.field', field: 'account', value: TRC20 },
  { type: 'form.field', field: 'account', value: ERC20 },
  { type: 'form.field', field: 'label', value: '冷钱包' },
  { type: 'form.submit' },
  { type: 'form.confirm' },
  { type: `xstate.done.actor.${ADD}`, output: ADDED },
  { type: `xstate.error.actor.${ADD}`, error: TAKEN },
];

export function provideAccountForm(fakes: Fakes) {
  return accountFormMachine.provide({
    actors: { load: fakes.promise('load'), add: fakes.promise('add') },
    actions: fakes.actions('added'),
  });
}

// ── the form as the player left it (independent of the machine) ──

interface Typed {
  list: PayoutAccountList | null;
  fields: Record<string, string>;
  network: 'TRC20' | 'ERC20';
  qr: string | null;
  password: string;
}
function typed(history: readonly AnyEventObject[]): Typed {
  const t: Typed = { list: null, fields: {}, network: 'TRC20', qr: null, password: '' };
  for (const e of history) {
    if (e.type === `xstate.done.actor.${LOAD}`) t.list = (e['output'] as { list: PayoutAccountList }).list;
    else if (e.type === 'form.field') {
      t.fields[e['field'] as string] = e['value'] as string;
      // A new province empties the city.
      if (e['field'] === 'province') t.fields['city'] = '';
    } else if (e.type === 'form.network') t.network = e['network'] as 'TRC20' | 'ERC20';
    else if (e.type === 'form.qr')
      t.qr =
        e['mime'] === 'image/png' || e['mime'] === 'image/jpeg'
          ? (e['bytes'] as number) <= 204_800
            ? (e['dataUrl'] as string)
            : null
          : null;
    else if (e.type === 'form.qrClear') t.qr = null;
    else if (e.type === 'form.fundPassword') t.password = (e['text'] as string).replace(/\D/g, '');
    else if (
      e.type === 'form.back' ||
      e.type.startsWith(`xstate.error.actor.${ADD}`) ||
      e.type.startsWith(`xstate.done.actor.${ADD}`)
    )
      t.password = '';
  }
  return t;
}

function valid(kind: PayoutKind, t: Typed): boolean {
  const a = t.fields['account'] ?? '';
  if (kind === 'bank')
    return a === CARD && !!t.fields['bankCode'] && !!t.fields['province'] && !!t.fields['city'];
  if (kind === 'wechat') return a === 'wxid_abc123';
  return (t.network === 'TRC20' ? a === TRC20 : a === ERC20) && (t.fields['label'] ?? '') !== '';
}

function expectedRequest(kind: PayoutKind, t: Typed) {
  const f = t.fields;
  const req =
    kind === 'bank'
      ? { kind, account: f['account'], bankCode: f['bankCode'], province: f['province'], city: f['city'] }
      : kind === 'usdt'
        ? { kind, account: f['account'], network: t.network, label: f['label'] }
        : t.qr
          ? { kind, account: f['account'], qrImage: t.qr }
          : { kind, account: f['account'] };
  return t.list?.fundPasswordSet ? { ...req, fundPassword: t.password } : req;
}

const kindOf = (o: { input: { kind: PayoutKind } }) => o.input.kind;

const TABLE: TransitionTable = {
  loading: {
    [`xstate.done.actor.${LOAD}`]: ({ event }) => {
      const l = (event['output'] as { list: PayoutAccountList }).list;
      if (!l.kycVerified) return 'needKyc';
      return l.accounts.length > 0 ? 'full' : 'editing';
    },
    [`xstate.error.actor.${LOAD}`]: 'loadFailed',
  },
  loadFailed: { 'form.retry': 'loading' },
  needKyc: { 'form.retry': 'loading' },
  editing: {
    'form.field': '=',
    'form.network': '=',
    'form.qr': '=',
    'form.qrClear': '=',
    'form.submit': (o) => {
      const t = typed(o.history.slice(0, -1));
      if (!valid(kindOf(o), t)) return 'editing';
      // issue 10 §2: the fund password is asked once it exists.
      return t.list?.fundPasswordSet ? 'password.asking' : 'submitting';
    },
  },
  'password.asking': {
    'form.fundPassword': '=',
    'form.back': 'editing',
    'form.confirm': ({ history }) =>
      /^\d{6}$/.test(typed(history.slice(0, -1)).password) ? 'submitting' : 'password.asking',
  },
  submitting: {
    [`xstate.done.actor.${ADD}`]: 'done',
    [`xstate.error.actor.${ADD}`]: ({ event }) => {
      const code = (event['error'] as { code?: unknown }).code;
      return code === 30021 ? 'needKyc' : code === 30042 ? 'password.asking' : 'editing';
    },
  },
};

const ORACLES: Record<string, (o: OracleArgs) => void> = {
  loading: (o) => {
    expect(o.fakes.pendingIds()).toEqual([LOAD]);
    expect(o.fakes.invocations.at(-1)!.input).toEqual({ kind: o.input.kind });
  },
  loadFailed: (o) => expect(o.fakes.pendingIds()).toEqual([]),
  needKyc: (o) => {
    expect(o.fakes.pendingIds()).toEqual([]);
    if (o.event.type === `xstate.error.actor.${ADD}`)
      expect(o.snapshot.context.refusal).toMatchObject({ code: 30021 });
  },
  full: (o) => {
    // issue 10 §2: at most 5 bank cards.
    expect(o.snapshot.context.list?.accounts.filter((a: { kind: string }) => a.kind === 'bank')).toHaveLength(
      5,
    );
  },
  editing: (o) => {
    expect(o.fakes.pendingIds()).toEqual([]);
    const t = typed(o.history);
    const f = o.snapshot.context.fields;
    expect(f.account).toBe(t.fields['account'] ?? '');
    expect(f.network).toBe(t.network);
    expect(f.qrImage).toBe(t.qr);
    expect(o.snapshot.context.holder).toBe('张三');
    if (o.event.type === 'form.qr') {
      const mime = o.event['mime'];
      const bytes = o.event['bytes'] as number;
      expect(o.snapshot.context.problems.qrImage).toBe(
        mime !== 'image/png' && mime !== 'image/jpeg' ? 'qrType' : bytes > 204_800 ? 'qrSize' : undefined,
      );
    }
    if (o.event.type === 'form.submit') {
      // A submit that stays here names what is wrong.
      expect(Object.keys(o.snapshot.context.problems).length).toBeGreaterThan(0);
    }
    if (o.event.type === `xstate.error.actor.${ADD}`) {
      const business = (o.event['error'] as { type: string }).type === 'business';
      expect(o.snapshot.context.refusal).toMatchObject(business ? { code: 30033 } : { code: 'noAnswer' });
    }
    expect(o.effects.actions).toEqual([]);
  },
  'password.asking': (o) => {
    expect(o.fakes.pendingIds()).toEqual([]);
    expect(o.snapshot.context.fundPassword).toBe(typed(o.history).password);
    if (o.event.type === 'form.confirm') expect(o.snapshot.context.fundPasswordProblem).toBe(true);
    if (o.event.type === `xstate.error.actor.${ADD}`)
      expect(o.snapshot.context.refusal).toMatchObject({ code: 30042, triesLeft: 3 });
  },
  submitting: (o) => {
    expect(o.fakes.pendingIds()).toEqual([ADD]);
    expect(o.fakes.invocations.at(-1)!.input).toEqual(expectedRequest(o.input.kind, typed(o.history)));
  },
  done: (o) => {
    expect(o.snapshot.context.added).toEqual(ADDED);
    // The area goes back to the list, told once.
    expect(o.effects.actions.map((a) => a.name)).toEqual(['added']);
  },
};

const key = (s: AnyMachineSnapshot) => ({
  value: s.value,
  list: s.context.list,
  fields: s.context.fields,
  fundPassword: s.context.fundPassword,
  refusal: s.context.refusal?.code ?? null,
});
const graph = (
  name: string,
  kind: PayoutKind,
  events: AnyEventObject[],
): ModelOptions<typeof accountFormMachine> => ({
  name,
  input: { kind },
  events,
  key,
  maxWalk: 60,
});

export const accountFormModel: MachineModel<typeof accountFormMachine> = {
  title: 'payout account form',
  machine: accountFormMachine,
  graphs: [
    graph('a member binding a bank card', 'bank', BANK_EVENTS),
    graph('a member binding a WeChat account', 'wechat', WECHAT_EVENTS),
    graph('a member binding a USDT address', 'usdt', USDT_EVENTS),
  ],
  harness: { logic: provideAccountForm, initial: 'loading', transitions: TABLE, oracles: ORACLES },
};
