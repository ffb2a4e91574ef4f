// The withdrawal flow's model (issue 10 §3): options → (verify / bind / set the fund password / locked first) →
// account and amount (spec §5 input rule; "最高" = min(available, the method's max, today's amount left)) →
// the review with the turnover audit's outcome before confirming (refuse → the audit dialog; deduct → accepted
// explicitly) → the fund password → submitting (one request id, kept for a retry after no answer) → pending →
// paid / rejected / cancelled (the player may cancel while it is pending). Numbers are literals of the issue.
import { expect } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { withdrawalMachine } from '../../../machines/payout/withdrawal.machine.ts';
import type { Withdrawal, WithdrawalOptions, WithdrawalState } from '../../../src/protocol/payout.ts';
import type {
  Fakes,
  MachineModel,
  ModelOptions,
  OracleArgs,
  TransitionTable,
} from '../../support/model-paths.ts';
import { account, NO_ANSWER, refused } from './fixtures.ts';
import { assign } from 'xstate';

export const LOAD = '0.withdrawal.loading';
export const CREATE = '0.withdrawal.submitting';
export const READ = '0.withdrawal.refreshing';
export const CANCEL = '0.withdrawal.cancellingCurrent';
export const CANCEL_ITEM = '0.withdrawal.cancellingItem';
/** Design (issue 10 §3, state changes reach the player live): a pending withdrawal is re-read every 5 s. */
const POLL_MS = 5_000;

const BANK = account('b1', 'bank', '**** 1234');
const USDT = account('u1', 'usdt', 'TJRa…RTv8');

/**
 * Bank ¥100–¥50,000 with a 1 % fee capped at ¥5; USDT ¥100–¥100,000 without a fee. Available ¥3,000; today 4
 * withdrawals and ¥2,000 left.
 */
const OPTIONS: WithdrawalOptions = {
  methods: [
    { kind: 'bank', min: 10_000, max: 5_000_000, feeBp: 100, feeCap: 500 },
    { kind: 'usdt', min: 10_000, max: 10_000_000, feeBp: 0, feeCap: 0 },
  ],
  available: 300_000,
  today: { count: 1, amount: 50_000, countLeft: 4, amountLeft: 200_000 },
  limits: { dailyCount: 5, dailyAmount: 250_000 },
  audit: { required: 0, done: 0, outstanding: 0, policy: 'refuse', deductionBp: 0 },
  usdtRate: 720,
  fundPassword: { set: true, triesLeft: 5, lockedUntil: null },
  kycVerified: true,
};
const withOptions = (o: Partial<WithdrawalOptions>, accounts = [BANK, USDT]) => ({
  type: `xstate.done.actor.${LOAD}`,
  output: {
    options: { ...OPTIONS, ...o },
    accounts,
    list: { items: [item('P0', 'pending')], total: 1, page: 1, size: 20 },
  },
});

function item(id: string, state: WithdrawalState): Withdrawal {
  return {
    id,
    requestId: `r-${id}`,
    state,
    amount: 100_000,
    fee: 500,
    deduction: 0,
    payout: 99_500,
    usdtMicro: null,
    usdtRate: null,
    account: BANK,
    reason: state === 'rejected' ? '账户信息有误' : null,
    createdAt: '2026-11-25T10:00:00.000Z',
    updatedAt: '2026-11-25T10:00:00.000Z',
  };
}
const listWith = (state: WithdrawalState) => ({
  type: `xstate.done.actor.${READ}`,
  output: { items: [item('W1', state), item('P0', 'pending')], total: 2, page: 1, size: 20 },
});

const LOADED = withOptions({});
/** Turnover outstanding ¥500 of ¥2,000 (issue 10 §3): the site refuses, or deducts 10 %. */
const AUDIT = { required: 200_000, done: 150_000, outstanding: 50_000 };
const REFUSING = withOptions({ audit: { ...AUDIT, policy: 'refuse', deductionBp: 1_000 } });
const DEDUCTING = withOptions({ audit: { ...AUDIT, policy: 'deduct', deductionBp: 1_000 } });

const FLOW: AnyEventObject[] = [
  { type: 'withdrawal.fundPassword', text: '123456' },
  { type: 'withdrawal.fundPassword', text: '1' },
  { type: 'withdrawal.confirm' },
  { type: 'withdrawal.back' },
  { type: `xstate.done.actor.${CREATE}`, output: item('W1', 'pending') },
];

const GATES: AnyEventObject[] = [
  withOptions({ kycVerified: false }),
  withOptions({}, []),
  withOptions({ fundPassword: { set: false, triesLeft: 5, lockedUntil: null } }),
  withOptions({ fundPassword: { set: true, triesLeft: 0, lockedUntil: 1_764_072_000_000 } }),
  LOADED,
  { type: `xstate.error.actor.${LOAD}`, error: NO_ANSWER },
  { type: 'withdrawal.reload' },
];

const MAIN: AnyEventObject[] = [
  LOADED,
  { type: 'withdrawal.reload' },
  { type: 'withdrawal.account', id: 'u1' },
  { type: 'withdrawal.amount', text: '50' },
  { type: 'withdrawal.amount', text: '1,000' },
  { type: 'withdrawal.amount', text: '2500' },
  { type: 'withdrawal.max' },
  { type: 'withdrawal.next' },
  ...FLOW,
  { type: `xstate.error.actor.${CREATE}`, error: refused(30042, '资金密码错误', { triesLeft: 4 }) },
  { type: `xstate.error.actor.${CREATE}`, error: refused(30043, '资金密码已锁定') },
  { type: `xstate.error.actor.${CREATE}`, error: refused(30001, '余额不足') },
  { type: `xstate.error.actor.${CREATE}`, error: NO_ANSWER },
  { type: 'withdrawal.retry' },
  { type: 'xstate.after.poll.withdrawal.pending' },
  { type: 'withdrawal.refresh' },
  listWith('approved'),
  listWith('paid'),
  listWith('rejected'),
  { type: `xstate.error.actor.${READ}`, error: NO_ANSWER },
  { type: 'withdrawal.cancel', id: 'W1' },
  { type: 'withdrawal.cancel', id: 'P0' },
  { type: `xstate.done.actor.${CANCEL}`, output: item('W1', 'cancelled') },
  { type: `xstate.error.actor.${CANCEL}`, error: refused(30054, '提现已处理，不能取消') },
  { type: `xstate.done.actor.${CANCEL_ITEM}`, output: item('P0', 'cancelled') },
  { type: `xstate.error.actor.${CANCEL_ITEM}`, error: refused(30054, '提现已处理，不能取消') },
  { type: 'withdrawal.again' },
];

const TURNOVER: AnyEventObject[] = [
  REFUSING,
  DEDUCTING,
  { type: 'withdrawal.amount', text: '1000' },
  { type: 'withdrawal.next' },
  { type: 'withdrawal.acceptDeduction', accepted: true },
  { type: 'withdrawal.acceptDeduction', accepted: false },
  ...FLOW,
];

export function provideWithdrawal(fakes: Fakes) {
  let n = 0;
  return withdrawalMachine.provide({
    actors: {
      load: fakes.promise('load'),
      readList: fakes.promise('readList'),
      create: fakes.promise('create'),
      cancel: fakes.promise('cancel'),
    },
    actions: { mintRequestId: assign({ requestId: () => `req-${++n}` }) },
  });
}

// ── what the player did (independent of the machine) ──

interface Seen {
  options: WithdrawalOptions | null;
  accountId: string | null;
  amount: string;
  password: string;
  accepted: boolean;
}
/** spec §5 amount input as typed here: '1,000' keeps its digits. */
const AMOUNT: Record<string, string> = { '50': '50', '1,000': '1000', '1000': '1000', '2500': '2500' };
function seen(history: readonly AnyEventObject[]): Seen {
  const s: Seen = { options: null, accountId: null, amount: '', password: '', accepted: false };
  for (const e of history) {
    if (e.type === `xstate.done.actor.${LOAD}`) {
      const out = e['output'] as { options: WithdrawalOptions; accounts: Array<{ id: string }> };
      s.options = out.options;
      s.accountId = out.accounts.find((a) => a.id === s.accountId)?.id ?? out.accounts[0]?.id ?? null;
    } else if (e.type === 'withdrawal.account') s.accountId = e['id'] as string;
    else if (e.type === 'withdrawal.amount') s.amount = AMOUNT[e['text'] as string]!;
    // issue 10 §3: 最高 = min(available ¥3,000, the method's max, today's ¥2,000 left) = ¥2,000.
    else if (e.type === 'withdrawal.max') s.amount = '2000';
    else if (e.type === 'withdrawal.fundPassword') s.password = (e['text'] as string).replace(/\D/g, '');
    else if (e.type === 'withdrawal.acceptDeduction') s.accepted = e['accepted'] as boolean;
    else if (e.type === 'withdrawal.back') {
      s.password = '';
      s.accepted = false;
    } else if (e.type === `xstate.done.actor.${CREATE}`) {
      s.password = '';
      s.accepted = false;
    } else if (e.type === `xstate.error.actor.${CREATE}`) {
      const code = (e['error'] as { code?: unknown }).code;
      s.password = '';
      if (code !== 30042 && code !== 30043 && code !== undefined) s.accepted = false;
    } else if (e.type === 'withdrawal.again') s.amount = '';
    else if (e.type === 'withdrawal.reload') {
      s.password = s.password && '';
    }
  }
  return s;
}

/** issue 10 §3 limits with this model's literals (see OPTIONS). */
function problemOf(s: Seen): string | null {
  const fen = s.amount ? Number(s.amount) * 100 : 0;
  if (fen <= 0) return 'noAmount';
  if (fen < 10_000) return 'belowMin';
  if (fen > 300_000) return 'overBalance';
  if (fen > 200_000) return 'dailyAmount';
  return null;
}
const outstanding = (s: Seen) => (s.options?.audit.outstanding ?? 0) > 0;
const deducts = (s: Seen) => outstanding(s) && s.options?.audit.policy === 'deduct';

/**
 * Whether the review asks the player to accept the deduction (issue 10 §3: the deduction is seen and accepted
 * before confirming): after a 确认提现 without the acceptance, until the box is touched or the player goes 返回 —
 * the next review asks afresh.
 */
function deductionAsked(history: readonly AnyEventObject[]): boolean {
  let asked = false;
  for (const [i, e] of history.entries()) {
    if (e.type === 'withdrawal.confirm') {
      const s = seen(history.slice(0, i));
      asked = deducts(s) && !s.accepted;
    } else if (e.type === 'withdrawal.acceptDeduction' || e.type === 'withdrawal.back') asked = false;
  }
  return asked;
}

const createIds = (o: OracleArgs) =>
  o.fakes.invocations
    .filter((i) => i.src === 'create')
    .map((i) => (i.input as { requestId: string }).requestId);

const ENDED: Record<string, string> = {
  paid: 'ended.paid',
  rejected: 'ended.rejected',
  cancelled: 'ended.cancelled',
};

const TABLE: TransitionTable = {
  loading: {
    [`xstate.done.actor.${LOAD}`]: ({ event }) => {
      const out = event['output'] as { options: WithdrawalOptions; accounts: unknown[] };
      if (!out.options.kycVerified) return 'needKyc';
      if (out.accounts.length === 0) return 'needAccount';
      if (!out.options.fundPassword.set) return 'needFundPassword';
      if (out.options.fundPassword.lockedUntil !== null) return 'locked';
      return 'choosing';
    },
    [`xstate.error.actor.${LOAD}`]: 'loadFailed',
  },
  loadFailed: { 'withdrawal.reload': 'loading' },
  needKyc: { 'withdrawal.reload': 'loading' },
  needAccount: { 'withdrawal.reload': 'loading' },
  needFundPassword: { 'withdrawal.reload': 'loading' },
  locked: { 'withdrawal.reload': 'loading' },
  choosing: {
    'withdrawal.account': '=',
    'withdrawal.amount': '=',
    'withdrawal.max': '=',
    'withdrawal.reload': 'loading',
    // issue 10 §3: every state change reaches the player live — the choosing screen's history too.
    'withdrawal.refresh': 'loading',
    'withdrawal.cancel': 'cancellingItem',
    'withdrawal.next': ({ history }) => {
      const s = seen(history.slice(0, -1));
      if (problemOf(s) !== null) return 'choosing';
      // issue 10 §3: the player sees the audit's outcome before confirming.
      return outstanding(s) && s.options?.audit.policy === 'refuse'
        ? 'review.auditRefused'
        : 'review.confirming';
    },
  },
  'review.auditRefused': { 'withdrawal.back': 'choosing' },
  'review.confirming': {
    'withdrawal.fundPassword': '=',
    'withdrawal.acceptDeduction': '=',
    'withdrawal.back': 'choosing',
    'withdrawal.confirm': ({ history }) => {
      const s = seen(history.slice(0, -1));
      const ok = /^\d{6}$/.test(s.password) && (!deducts(s) || s.accepted);
      return ok ? 'submitting' : 'review.confirming';
    },
  },
  submitting: {
    [`xstate.done.actor.${CREATE}`]: 'pending',
    [`xstate.error.actor.${CREATE}`]: ({ event }) => {
      const e = event['error'] as { type: string; code?: number };
      if (e.type !== 'business') return 'submitUnsure';
      return e.code === 30042 ? 'review.confirming' : e.code === 30043 ? 'loading' : 'choosing';
    },
  },
  submitUnsure: { 'withdrawal.retry': 'submitting', 'withdrawal.reload': 'loading' },
  pending: {
    'xstate.after.poll.withdrawal.pending': 'refreshing',
    'withdrawal.refresh': 'refreshing',
    'withdrawal.cancel': 'cancellingCurrent',
  },
  refreshing: {
    [`xstate.done.actor.${READ}`]: ({ event }) => {
      const w1 = (event['output'] as { items: Withdrawal[] }).items.find((i) => i.id === 'W1')!;
      return ENDED[w1.state] ?? 'pending';
    },
    [`xstate.error.actor.${READ}`]: 'pending',
  },
  cancellingCurrent: {
    [`xstate.done.actor.${CANCEL}`]: 'ended.cancelled',
    [`xstate.error.actor.${CANCEL}`]: 'refreshing',
  },
  cancellingItem: {
    [`xstate.done.actor.${CANCEL_ITEM}`]: 'loading',
    [`xstate.error.actor.${CANCEL_ITEM}`]: 'loading',
  },
  'ended.paid': { 'withdrawal.again': 'loading' },
  'ended.rejected': { 'withdrawal.again': 'loading' },
  'ended.cancelled': { 'withdrawal.again': 'loading' },
};

const idle = (o: OracleArgs) => expect(o.fakes.pendingIds()).toEqual([]);
const ended = (state: WithdrawalState) => (o: OracleArgs) => {
  idle(o);
  expect(o.snapshot.context.current?.id).toBe('W1');
  expect(o.snapshot.context.current?.state).toBe(state);
  if (state === 'rejected') expect(o.snapshot.context.current?.reason).toBe('账户信息有误');
};

const ORACLES: Record<string, (o: OracleArgs) => void> = {
  loading: (o) => {
    expect(o.fakes.pendingIds()).toEqual([LOAD]);
    if (o.event.type === `xstate.error.actor.${CREATE}`)
      expect(o.snapshot.context.refusal).toMatchObject({ code: 30043, message: '资金密码已锁定' });
    if (o.event.type === `xstate.error.actor.${CANCEL_ITEM}`)
      expect(o.snapshot.context.refusal).toMatchObject({ code: 30054 });
    if (o.event.type === 'withdrawal.again') expect(o.snapshot.context.current).toBeNull();
  },
  loadFailed: idle,
  needKyc: (o) => {
    idle(o);
    expect(o.snapshot.context.options?.kycVerified).toBe(false);
  },
  needAccount: (o) => {
    idle(o);
    expect(o.snapshot.context.accounts).toEqual([]);
  },
  needFundPassword: (o) => {
    idle(o);
    expect(o.snapshot.context.options?.fundPassword.set).toBe(false);
  },
  locked: (o) => {
    idle(o);
    // Said plainly with the time (issue 10 §3).
    expect(o.snapshot.context.options?.fundPassword.lockedUntil).toBe(1_764_072_000_000);
  },
  choosing: (o) => {
    idle(o);
    const s = seen(o.history);
    expect(o.snapshot.context.accountId).toBe(s.accountId);
    expect(o.snapshot.context.amountText).toBe(s.amount);
    expect(o.snapshot.context.requestId).toBeNull();
    if (o.event.type === 'withdrawal.next') expect(o.snapshot.context.problem).toBe(problemOf(s));
    // Nothing of a review left open: no deduction prompt on the form (and none when the next review opens).
    expect(o.snapshot.context.deductionProblem).toBe(false);
    if (o.event.type === `xstate.error.actor.${CREATE}`)
      expect(o.snapshot.context.refusal).toMatchObject({ code: 30001, message: '余额不足' });
    // The player's withdrawals are listed with their states.
    expect(o.snapshot.context.items.length).toBeGreaterThan(0);
  },
  'review.auditRefused': (o) => {
    idle(o);
    // What is missing: ¥500 of turnover (issue 10 §3: a clear dialog of what is missing).
    expect(o.snapshot.context.options?.audit).toMatchObject({
      required: 200_000,
      done: 150_000,
      outstanding: 50_000,
    });
    expect(o.snapshot.context.requestId).toBeNull();
  },
  'review.confirming': (o) => {
    idle(o);
    const s = seen(o.history);
    expect(o.snapshot.context.fundPassword).toBe(s.password);
    expect(o.snapshot.context.acceptDeduction).toBe(s.accepted);
    if (o.event.type === 'withdrawal.confirm')
      expect(o.snapshot.context.fundPasswordProblem).toBe(!/^\d{6}$/.test(s.password));
    expect(o.snapshot.context.deductionProblem).toBe(deductionAsked(o.history));
    if (o.event.type === `xstate.error.actor.${CREATE}`)
      expect(o.snapshot.context.refusal).toMatchObject({ code: 30042, triesLeft: 4 });
  },
  submitting: (o) => {
    expect(o.fakes.pendingIds()).toEqual([CREATE]);
    const s = seen(o.history);
    const sent = o.fakes.invocations.at(-1)!.input as Record<string, unknown>;
    expect(sent).toEqual({
      requestId: o.snapshot.context.requestId,
      accountId: s.accountId,
      amount: Number(s.amount) * 100,
      fundPassword: '123456',
      // issue 10 §3: the deduction was seen and accepted.
      ...(deducts(s) ? { acceptDeduction: true } : {}),
    });
    const ids = createIds(o);
    // A retry after no answer resends the same id; a new confirmation a new one.
    if (o.previous.value === 'submitUnsure') expect(ids.at(-1)).toBe(ids.at(-2));
    else expect(ids.slice(0, -1)).not.toContain(ids.at(-1));
  },
  submitUnsure: (o) => {
    idle(o);
    expect(o.snapshot.context.requestId).toBe(createIds(o).at(-1));
  },
  pending: (o) => {
    idle(o);
    expect(o.snapshot.context.current?.id).toBe('W1');
    expect(['pending', 'approved']).toContain(o.snapshot.context.current?.state);
    expect(o.snapshot.context.requestId).toBeNull();
    expect(o.snapshot.context.fundPassword).toBe('');
  },
  refreshing: (o) => {
    expect(o.fakes.pendingIds()).toEqual([READ]);
    if (o.event.type === `xstate.error.actor.${CANCEL}`)
      expect(o.snapshot.context.refusal).toMatchObject({ code: 30054 });
  },
  cancellingCurrent: (o) => {
    expect(o.fakes.pendingIds()).toEqual([CANCEL]);
    expect(o.fakes.invocations.at(-1)!.input).toEqual({ id: 'W1' });
  },
  cancellingItem: (o) => {
    expect(o.fakes.pendingIds()).toEqual([CANCEL_ITEM]);
    expect(o.fakes.invocations.at(-1)!.input).toEqual({ id: o.event['id'] });
  },
  'ended.paid': ended('paid'),
  'ended.rejected': ended('rejected'),
  'ended.cancelled': ended('cancelled'),
};

const key = (s: AnyMachineSnapshot) => ({
  value: s.value,
  options: s.context.options && {
    kyc: s.context.options.kycVerified,
    fp: s.context.options.fundPassword,
    audit: s.context.options.audit.policy + s.context.options.audit.outstanding,
  },
  accounts: s.context.accounts.length,
  accountId: s.context.accountId,
  amountText: s.context.amountText,
  fundPassword: s.context.fundPassword,
  acceptDeduction: s.context.acceptDeduction,
  requestId: s.context.requestId !== null,
  current: s.context.current?.state ?? null,
});
const graph = (
  name: string,
  events: AnyEventObject[],
  maxWalk = 60,
): ModelOptions<typeof withdrawalMachine> => ({
  name,
  input: undefined,
  events,
  key,
  maxWalk,
});

export const withdrawalModel: MachineModel<typeof withdrawalMachine> = {
  title: 'withdrawal',
  machine: withdrawalMachine,
  graphs: [
    graph('a member who must first verify, bind or set the fund password', GATES),
    graph('a member withdrawing with no turnover outstanding', MAIN),
    graph('a member with turnover outstanding', TURNOVER),
  ],
  harness: {
    logic: provideWithdrawal,
    initial: 'loading',
    transitions: TABLE,
    oracles: ORACLES,
    delays: { poll: POLL_MS },
  },
};
