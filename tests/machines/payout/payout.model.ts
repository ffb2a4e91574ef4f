// The payout area actor's model (issue 10; spec §2 paths): it runs the flow of the page the player is on as its
// child, continues from verifying into binding the first bank card on .../bindBankCard, goes back to the list
// after binding on an add page, refreshes the list on the pages that hold both, lets the withdrawal read its
// options again after the fund password is set, and hands the delete dialog's buttons to the list.
import { expect } from 'vitest';
import { setup, type AnyEventObject } from 'xstate';
import { payoutMachine } from '../../../machines/payout/payout.machine.ts';
import type { Fakes, MachineModel, OracleArgs, TransitionTable } from '../../support/model-paths.ts';

/** spec §2 paths of the payout area (issue 10). */
const KYC = '/mine/userInfo/authentication';
const BIND = '/mine/userInfo/authentication/bindBankCard';
const WITHDRAWAL = '/mine/finance/withdrawal';
const BANKS = '/mine/addBankCard';
const USDT = '/mine/virtualCoinCard';
const ADD_EBPAY = '/mine/addEBpayCard';
const EBPAY_LIST = '/mine/ebpayAcount';
const ADD_WECHAT = '/mine/addwechatCard';
const TUTORIAL = '/help/xnbcqkjc';

const route = (path: string) => ({ type: 'route.changed', path, search: '' });

const EVENTS: AnyEventObject[] = [
  ...[KYC, BIND, WITHDRAWAL, BANKS, USDT, ADD_EBPAY, EBPAY_LIST, ADD_WECHAT, TUTORIAL].map(route),
  { type: 'payout.kycVerified' },
  { type: 'payout.added', kind: 'bank' },
  { type: 'payout.added', kind: 'ebpay' },
  { type: 'payout.added', kind: 'wechat' },
  { type: 'payout.fundPasswordChanged' },
  { type: 'accounts.keep' },
  { type: 'accounts.confirm' },
];

/** A stand-in child that records its start (with its input) and every event it receives. */
function stub(fakes: Fakes, child: string) {
  const record = fakes.recorder('child');
  return setup({}).createMachine({
    context: ({ input }) => {
      record({ child, started: input ?? null });
      return {};
    },
    on: { '*': { actions: ({ event }) => record({ child, got: event.type }) } },
  });
}

export function providePayout(fakes: Fakes) {
  return payoutMachine.provide({
    actors: {
      kyc: stub(fakes, 'kyc'),
      accountForm: stub(fakes, 'accountForm'),
      accounts: stub(fakes, 'accounts'),
      withdrawal: stub(fakes, 'withdrawal'),
      fundPassword: stub(fakes, 'fundPassword'),
    } as never,
    actions: fakes.actions('navigate'),
  });
}

/** The page of each path (spec §2 as issue 10 builds it). */
const PAGE: Record<string, string> = {
  [KYC]: 'kyc',
  [BIND]: 'bindBankCard.verifying',
  [WITHDRAWAL]: 'withdrawal',
  [BANKS]: 'accountsWithForm.form',
  [USDT]: 'accountsWithForm.form',
  [ADD_EBPAY]: 'add',
  [EBPAY_LIST]: 'list',
  [ADD_WECHAT]: 'add',
  [TUTORIAL]: 'static',
};
/** The kind of account each account page is about. */
const KIND: Record<string, string> = {
  [BANKS]: 'bank',
  [USDT]: 'usdt',
  [ADD_EBPAY]: 'ebpay',
  [EBPAY_LIST]: 'ebpay',
  [ADD_WECHAT]: 'wechat',
};
/** The list after binding on an add page (spec §2 add/list pairs). */
const LIST_OF: Record<string, string> = { bank: BANKS, ebpay: EBPAY_LIST, wechat: '/mine/wechatAcount' };

const pathOf = (history: readonly AnyEventObject[], input: { path: string }) =>
  (history.filter((e) => e.type === 'route.changed').at(-1)?.['path'] as string | undefined) ?? input.path;

const moved = (o: { event: AnyEventObject; history: readonly AnyEventObject[]; input: { path: string } }) =>
  o.event['path'] !== pathOf(o.history.slice(0, -1), o.input);

const routeRow = {
  'route.changed': (o: Parameters<Extract<TransitionTable[string][string], (...a: never[]) => string>>[0]) =>
    moved(o) ? PAGE[o.event['path'] as string]! : o.from,
};

const TABLE: TransitionTable = {
  '*': routeRow,
  'bindBankCard.verifying': { ...routeRow, 'payout.kycVerified': 'bindBankCard.binding' },
  'bindBankCard.binding': { ...routeRow, 'payout.added': '=' },
  withdrawal: { ...routeRow, 'payout.fundPasswordChanged': '=' },
  'accountsWithForm.form': {
    ...routeRow,
    'payout.added': '=',
    'accounts.keep': '=',
    'accounts.confirm': '=',
  },
  add: { ...routeRow, 'payout.added': '=' },
  list: { ...routeRow, 'accounts.keep': '=', 'accounts.confirm': '=' },
};

type Rec = { child: string; started?: unknown; got?: string };
const records = (o: OracleArgs) =>
  o.effects.actions.filter((a) => a.name === 'child').map((a) => a.params as Rec);
const navigations = (o: OracleArgs) =>
  o.effects.actions.filter((a) => a.name === 'navigate').map((a) => a.params);
const entered = (o: OracleArgs) => o.index === 0 || (o.event.type === 'route.changed' && moved(o));

/** The children running and, when the page was just entered, the ones that started and with what input. */
function runs(o: OracleArgs, children: string[], starts: Rec[]) {
  expect(Object.keys(o.snapshot.children).sort()).toEqual([...children].sort());
  if (entered(o)) expect(records(o).filter((r) => 'started' in r)).toEqual(starts);
  // Nothing navigates except a bound account (checked where it happens).
  if (o.event.type !== 'payout.added') expect(navigations(o)).toEqual([]);
}
const forwarded = (o: OracleArgs, child: string) => {
  if (o.event.type === 'accounts.keep' || o.event.type === 'accounts.confirm')
    expect(records(o)).toEqual([{ child, got: o.event.type }]);
};

const ORACLES: Record<string, (o: OracleArgs) => void> = {
  kyc: (o) => runs(o, ['kyc'], [{ child: 'kyc', started: null }]),
  'bindBankCard.verifying': (o) => runs(o, ['kyc'], [{ child: 'kyc', started: null }]),
  'bindBankCard.binding': (o) => {
    runs(o, ['accountForm'], []);
    // issue 10 §1: verifying continues straight into binding the first bank card …
    if (o.event.type === 'payout.kycVerified')
      expect(records(o).filter((r) => 'started' in r)).toEqual([
        { child: 'accountForm', started: { kind: 'bank' } },
      ]);
    // … and a bound card leads to the bank card list.
    if (o.event.type === 'payout.added') expect(navigations(o)).toEqual([{ to: BANKS }]);
  },
  withdrawal: (o) => {
    runs(
      o,
      ['fundPassword', 'withdrawal'],
      [
        { child: 'withdrawal', started: null },
        { child: 'fundPassword', started: null },
      ],
    );
    // issue 10 §3: the fund password set at the first withdrawal lets the withdrawal go on.
    if (o.event.type === 'payout.fundPasswordChanged')
      expect(records(o)).toEqual([{ child: 'withdrawal', got: 'withdrawal.reload' }]);
  },
  'accountsWithForm.form': (o) => {
    const kind = KIND[pathOf(o.history, o.input)]!;
    runs(
      o,
      ['accountForm', 'accounts'],
      [
        { child: 'accounts', started: { kind } },
        { child: 'accountForm', started: { kind } },
      ],
    );
    if (o.event.type === 'payout.added') {
      // The list on the same page is read again and a fresh form starts; nobody navigates.
      expect(records(o)).toEqual(
        expect.arrayContaining([
          { child: 'accounts', got: 'accounts.reload' },
          { child: 'accountForm', started: { kind } },
        ]),
      );
      expect(navigations(o)).toEqual([]);
    }
    forwarded(o, 'accounts');
  },
  add: (o) => {
    const kind = KIND[pathOf(o.history, o.input)]!;
    runs(o, ['accountForm'], [{ child: 'accountForm', started: { kind } }]);
    if (o.event.type === 'payout.added')
      expect(navigations(o)).toEqual([{ to: LIST_OF[o.event['kind'] as string] }]);
  },
  list: (o) => {
    runs(o, ['accounts'], [{ child: 'accounts', started: { kind: 'ebpay' } }]);
    forwarded(o, 'accounts');
  },
  static: (o) => runs(o, [], []),
};

export const payoutModel: MachineModel<typeof payoutMachine> = {
  title: 'payout area',
  machine: payoutMachine,
  graphs: [
    {
      name: 'a member entering at the withdrawal page',
      input: { path: WITHDRAWAL },
      events: EVENTS,
      key: (s) => ({ value: s.value, path: s.context.path }),
      maxWalk: 60,
    },
  ],
  harness: {
    logic: providePayout,
    initial: (input: { path: string }) => PAGE[input.path]!,
    transitions: TABLE,
    oracles: ORACLES,
  },
};
