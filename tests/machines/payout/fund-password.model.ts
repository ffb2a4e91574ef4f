// The fund password's model (issue 10 §3): 6 digits, set (entered twice) at the first withdrawal, changed with
// the SMS code, locked after five wrong tries (30043, said with the time).
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { fundPasswordMachine } from '../../../machines/payout/fund-password.machine.ts';
import type { FundPasswordStatus } from '../../../src/protocol/payout.ts';
import type { Fakes, MachineModel, OracleArgs, TransitionTable } from '../../support/model-paths.ts';
import { NO_ANSWER, refused } from './fixtures.ts';

export const LOAD = '0.fundPassword.loading';
export const SET = '0.fundPassword.setting';
export const CHANGE = '0.fundPassword.submittingChange';

/** issue 10 §3: five wrong tries before the lock. */
const UNSET: FundPasswordStatus = { set: false, triesLeft: 5, lockedUntil: null };
const SET_STATUS: FundPasswordStatus = { set: true, triesLeft: 5, lockedUntil: null };
const LOCKED: FundPasswordStatus = { set: true, triesLeft: 0, lockedUntil: 1_764_072_000_000 };

const EVENTS: AnyEventObject[] = [
  { type: `xstate.done.actor.${LOAD}`, output: UNSET },
  { type: `xstate.done.actor.${LOAD}`, output: SET_STATUS },
  { type: `xstate.done.actor.${LOAD}`, output: LOCKED },
  { type: `xstate.error.actor.${LOAD}`, error: NO_ANSWER },
  { type: 'fund.reload' },
  { type: 'fund.password', text: '123456' },
  { type: 'fund.password', text: '12ab' },
  { type: 'fund.confirm', text: '123456' },
  { type: 'fund.confirm', text: '654321' },
  { type: 'fund.smsCode', text: '8 8 8 8' },
  { type: 'fund.submit' },
  { type: `xstate.done.actor.${SET}`, output: SET_STATUS },
  { type: `xstate.error.actor.${SET}`, error: refused(30044, '资金密码已设置') },
  { type: 'fund.change' },
  { type: 'fund.cancel' },
  { type: `xstate.done.actor.${CHANGE}`, output: SET_STATUS },
  { type: `xstate.error.actor.${CHANGE}`, error: refused(10409, '验证码错误') },
];

export function provideFundPassword(fakes: Fakes) {
  return fundPasswordMachine.provide({
    actors: {
      loadStatus: fakes.promise('loadStatus'),
      setPassword: fakes.promise('setPassword'),
      changePassword: fakes.promise('changePassword'),
    },
    actions: fakes.actions('changed'),
  });
}

const DIGITS: Record<string, string> = {
  '123456': '123456',
  '12ab': '12',
  '654321': '654321',
  '8 8 8 8': '8888',
};
/** The fields since the form was last cleared (a save, a cancel, a new change, a failed set). */
function fields(history: readonly AnyEventObject[]) {
  let password = '';
  let confirm = '';
  let sms = '';
  for (const e of history) {
    if (e.type === 'fund.password') password = DIGITS[e['text'] as string]!;
    else if (e.type === 'fund.confirm') confirm = DIGITS[e['text'] as string]!;
    else if (e.type === 'fund.smsCode') sms = DIGITS[e['text'] as string]!;
    else if (
      e.type === 'fund.change' ||
      e.type === 'fund.cancel' ||
      e.type === `xstate.done.actor.${SET}` ||
      e.type === `xstate.error.actor.${SET}` ||
      e.type === `xstate.done.actor.${CHANGE}`
    ) {
      password = '';
      confirm = '';
      sms = '';
    } else if (e.type === `xstate.error.actor.${CHANGE}`) sms = '';
  }
  return { password, confirm, sms };
}

/** issue 10 §3: six digits, entered twice the same; changing also needs the SMS code. */
function problemOf(history: readonly AnyEventObject[], withSms: boolean) {
  const f = fields(history);
  if (withSms && f.sms.length < 4) return 'smsCode';
  if (!/^\d{6}$/.test(f.password)) return 'format';
  if (f.password !== f.confirm) return 'mismatch';
  return null;
}

const loaded = (event: AnyEventObject) => {
  const s = event['output'] as FundPasswordStatus;
  return s.lockedUntil !== null ? 'locked' : s.set ? 'set' : 'unset';
};

const TABLE: TransitionTable = {
  loading: {
    [`xstate.done.actor.${LOAD}`]: ({ event }) => loaded(event),
    [`xstate.error.actor.${LOAD}`]: 'loadFailed',
  },
  loadFailed: { 'fund.reload': 'loading' },
  // issue 10 §3: the fund password is changeable with the SMS code, which lifts the lock (docs/payout.md).
  locked: { 'fund.reload': 'loading', 'fund.change': 'changing' },
  unset: {
    'fund.password': '=',
    'fund.confirm': '=',
    'fund.smsCode': '=',
    'fund.submit': ({ history }) => (problemOf(history.slice(0, -1), false) === null ? 'setting' : 'unset'),
  },
  setting: { [`xstate.done.actor.${SET}`]: 'set', [`xstate.error.actor.${SET}`]: 'loading' },
  set: { 'fund.change': 'changing' },
  changing: {
    'fund.password': '=',
    'fund.confirm': '=',
    'fund.smsCode': '=',
    'fund.cancel': 'loading',
    'fund.submit': ({ history }) =>
      problemOf(history.slice(0, -1), true) === null ? 'submittingChange' : 'changing',
  },
  submittingChange: { [`xstate.done.actor.${CHANGE}`]: 'set', [`xstate.error.actor.${CHANGE}`]: 'changing' },
};

const formOracle = (withSms: boolean) => (o: OracleArgs) => {
  expect(o.fakes.pendingIds()).toEqual([]);
  const f = fields(o.history);
  expect(o.snapshot.context).toMatchObject({ password: f.password, confirm: f.confirm, smsCode: f.sms });
  if (o.event.type === 'fund.submit') expect(o.snapshot.context.problem).toBe(problemOf(o.history, withSms));
  if (o.event.type === `xstate.error.actor.${CHANGE}`)
    expect(o.snapshot.context.refusal).toMatchObject({ code: 10409, message: '验证码错误' });
  // A change opens on a clean form: no refusal of an earlier attempt, whether from `set` or from the lock.
  if (o.event.type === 'fund.change') expect(o.snapshot.context.refusal).toBeNull();
  expect(o.effects.actions).toEqual([]);
};

const ORACLES: Record<string, (o: OracleArgs) => void> = {
  loading: (o) => {
    expect(o.fakes.pendingIds()).toEqual([LOAD]);
    if (o.event.type === `xstate.error.actor.${SET}`)
      expect(o.snapshot.context.refusal).toMatchObject({ code: 30044 });
  },
  loadFailed: (o) => expect(o.fakes.pendingIds()).toEqual([]),
  locked: (o) => {
    expect(o.fakes.pendingIds()).toEqual([]);
    // Said plainly with the time (issue 10 §3).
    expect(o.snapshot.context.status?.lockedUntil).toBe(1_764_072_000_000);
  },
  unset: formOracle(false),
  changing: formOracle(true),
  setting: (o) => {
    expect(o.fakes.pendingIds()).toEqual([SET]);
    expect(o.fakes.invocations.at(-1)!.input).toEqual({ password: '123456' });
  },
  submittingChange: (o) => {
    expect(o.fakes.pendingIds()).toEqual([CHANGE]);
    expect(o.fakes.invocations.at(-1)!.input).toEqual({ smsCode: '8888', password: '123456' });
  },
  set: (o) => {
    expect(o.fakes.pendingIds()).toEqual([]);
    expect(o.snapshot.context.status?.set).toBe(true);
    const saved =
      o.event.type === `xstate.done.actor.${SET}` || o.event.type === `xstate.done.actor.${CHANGE}`;
    // The withdrawal is told once, when it was set or changed; the typed digits are not kept.
    expect(o.effects.actions.map((a) => a.name)).toEqual(saved ? ['changed'] : []);
    if (saved)
      expect(o.snapshot.context).toMatchObject({ password: '', confirm: '', smsCode: '', saved: true });
  },
};

export const fundPasswordModel: MachineModel<typeof fundPasswordMachine> = {
  title: 'fund password',
  machine: fundPasswordMachine,
  graphs: [{ name: 'a member at the fund password', input: undefined, events: EVENTS, maxWalk: 40 }],
  harness: { logic: provideFundPassword, initial: 'loading', transitions: TABLE, oracles: ORACLES },
};
