// The account list's model (issue 10 §2): masked accounts; delete → confirmation (the shell's modal) → the fund
// password when it is set → deleting → the list read again; refusals shown on the page.
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { accountsMachine } from '../../../machines/payout/accounts.machine.ts';
import type { PayoutAccountList } from '../../../src/protocol/payout.ts';
import type { Fakes, MachineModel, OracleArgs, TransitionTable } from '../../support/model-paths.ts';
import { account, LIMITS, NO_ANSWER, refused } from './fixtures.ts';

export const LOAD = '0.accounts.loading';
export const DELETE = '0.accounts.deleting';

const list = (fundPasswordSet: boolean): PayoutAccountList => ({
  accounts: [account('a1', 'bank', '**** **** **** 1234'), account('a2', 'bank', '**** **** **** 5678')],
  limits: LIMITS,
  kycVerified: true,
  fundPasswordSet,
});
/** 30042 with the tries left (issue 10 §3: five tries). */
const WRONG = refused(30042, '资金密码错误', { triesLeft: 4 });
const GONE = refused(30034, '账户不存在');

const EVENTS: AnyEventObject[] = [
  { type: `xstate.done.actor.${LOAD}`, output: list(true) },
  { type: `xstate.done.actor.${LOAD}`, output: list(false) },
  { type: `xstate.error.actor.${LOAD}`, error: NO_ANSWER },
  { type: 'accounts.retry' },
  { type: 'accounts.reload' },
  { type: 'accounts.delete', id: 'a1' },
  { type: 'accounts.delete', id: 'not-mine' },
  { type: 'accounts.keep' },
  { type: 'accounts.confirm' },
  { type: 'accounts.fundPassword', text: '123456' },
  { type: 'accounts.fundPassword', text: '12' },
  { type: 'accounts.submit' },
  { type: `xstate.done.actor.${DELETE}`, output: { id: 'a1' } },
  { type: `xstate.error.actor.${DELETE}`, error: WRONG },
  { type: `xstate.error.actor.${DELETE}`, error: GONE },
];

export function provideAccounts(fakes: Fakes) {
  return accountsMachine.provide({
    actors: { load: fakes.promise('load'), remove: fakes.promise('remove') },
    actions: fakes.actions('confirmDelete'),
  });
}

/** Whether the last list read says the fund password is set. */
function passwordSet(history: readonly AnyEventObject[]) {
  const loads = history.filter((e) => e.type === `xstate.done.actor.${LOAD}`);
  return (loads.at(-1)?.['output'] as PayoutAccountList | undefined)?.fundPasswordSet ?? false;
}
/** The fund password as typed since it was last asked for (issue 10 §3: six digits). */
function typedPassword(history: readonly AnyEventObject[]) {
  let text = '';
  for (const e of history) {
    if (e.type === 'accounts.fundPassword') text = e['text'] as string;
    if (
      e.type === 'accounts.keep' ||
      e.type.startsWith(`xstate.done.actor.${DELETE}`) ||
      e.type.startsWith(`xstate.error.actor.${DELETE}`)
    )
      text = '';
  }
  return text;
}

const TABLE: TransitionTable = {
  loading: { [`xstate.done.actor.${LOAD}`]: 'ready', [`xstate.error.actor.${LOAD}`]: 'loadFailed' },
  loadFailed: { 'accounts.retry': 'loading' },
  ready: {
    'accounts.reload': 'loading',
    // Only an account of the list can be deleted.
    'accounts.delete': ({ event }) => (event['id'] === 'a1' ? 'confirming' : 'ready'),
  },
  confirming: {
    'accounts.keep': 'ready',
    'accounts.confirm': ({ history }) => (passwordSet(history) ? 'password' : 'deleting'),
  },
  password: {
    'accounts.fundPassword': '=',
    'accounts.keep': 'ready',
    'accounts.submit': ({ history }) => (/^\d{6}$/.test(typedPassword(history)) ? 'deleting' : 'password'),
  },
  deleting: {
    [`xstate.done.actor.${DELETE}`]: 'loading',
    [`xstate.error.actor.${DELETE}`]: ({ event }) =>
      (event['error'] as { code: number }).code === 30042 ? 'password' : 'ready',
  },
};

const ORACLES: Record<string, (o: OracleArgs) => void> = {
  loading: (o) => {
    expect(o.fakes.pendingIds()).toEqual([LOAD]);
    if (o.event.type === `xstate.done.actor.${DELETE}`) expect(o.snapshot.context.deleted).toBe(true);
  },
  loadFailed: (o) => expect(o.fakes.pendingIds()).toEqual([]),
  ready: (o) => {
    expect(o.fakes.pendingIds()).toEqual([]);
    expect(o.snapshot.context.target).toBeNull();
    expect(o.effects.actions).toEqual([]);
    if (o.event.type === `xstate.error.actor.${DELETE}`)
      expect(o.snapshot.context.refusal).toMatchObject({ code: 30034, message: '账户不存在' });
  },
  confirming: (o) => {
    expect(o.fakes.pendingIds()).toEqual([]);
    expect(o.snapshot.context.target).toBe('a1');
    // The confirmation opens once, in the shell's modal host (issue 10 §2: delete with confirmation).
    expect(o.effects.actions.map((a) => a.name)).toEqual(['confirmDelete']);
  },
  password: (o) => {
    expect(o.fakes.pendingIds()).toEqual([]);
    expect(o.snapshot.context.fundPassword).toBe(typedPassword(o.history));
    if (o.event.type === 'accounts.submit') expect(o.snapshot.context.fundPasswordProblem).toBe(true);
    if (o.event.type === `xstate.error.actor.${DELETE}`)
      expect(o.snapshot.context.refusal).toMatchObject({ code: 30042, triesLeft: 4 });
  },
  deleting: (o) => {
    expect(o.fakes.pendingIds()).toEqual([DELETE]);
    // The fund password goes along once it is set (issue 10 §2), and only then.
    expect(o.fakes.invocations.at(-1)!.input).toEqual(
      passwordSet(o.history) ? { id: 'a1', fundPassword: '123456' } : { id: 'a1' },
    );
  },
};

export const accountsModel: MachineModel<typeof accountsMachine> = {
  title: 'payout accounts',
  machine: accountsMachine,
  graphs: [{ name: 'a member on the bank card list', input: { kind: 'bank' }, events: EVENTS, maxWalk: 40 }],
  harness: { logic: provideAccounts, initial: 'loading', transitions: TABLE, oracles: ORACLES },
};
