// The deposit flow's model (issue 9 §3): channel → amount → order → waiting for the sandbox cashier → paid,
// expired or cancelled; written from the issue and docs/api.md "Deposits".
import { expect } from 'vitest';
import { assign, type AnyEventObject } from 'xstate';
import { depositMachine } from '../../../machines/wallet/deposit.machine.ts';
import type { DepositChannel, DepositOrder } from '../../../src/protocol/deposit.ts';
import type { Fakes, MachineModel, OracleArgs, TransitionTable } from '../../support/model-paths.ts';

export const CHANNELS = '0.deposit.loadingChannels';
export const ORDER = '0.deposit.ordering';
export const POLL = '0.deposit.polling';
export const CANCEL = '0.deposit.cancelling';
/** docs/api.md "Deposits": the page re-reads a waiting order every 2 s. */
const POLL_MS = 2_000;

const channel = (code: string, open: boolean, min: number, max: number): DepositChannel => ({
  code,
  name: code,
  kind: 'bank',
  min,
  max,
  presets: [10_000],
  bonus: null,
  fee: null,
  turnoverMultiple: 1,
  bonusTurnoverMultiple: 3,
  usdtRate: null,
  open,
});
/** Bank ¥100–¥50,000 open; Alipay closed (the page shows it greyed). */
const BANK = channel('bank', true, 10_000, 5_000_000);
const CLOSED = channel('alipay', false, 10_000, 500_000);

const order = (state: DepositOrder['state']): DepositOrder => ({
  orderId: 'D2026112300000001',
  requestId: 'x',
  channel: 'bank',
  channelName: '银行卡转账',
  amount: 20_000,
  bonus: 0,
  fee: 0,
  credit: 20_000,
  state,
  confirming: false,
  expiresAt: 0,
  createdAt: 0,
  settledAt: null,
  cashierUrl: '/sandbox/cashier/D2026112300000001?t=x',
  usdt: null,
  turnoverRequired: 20_000,
});

const REFUSED = Object.assign(new Error('充值金额不在该渠道的限额范围内'), { type: 'business', code: 30012 });
const NO_ANSWER = Object.assign(new Error('timeout'), { type: 'transport', kind: 'timeout' });

const EVENTS: AnyEventObject[] = [
  { type: `xstate.done.actor.${CHANNELS}`, output: { channels: [BANK, CLOSED], orderTtlS: 900 } },
  { type: `xstate.error.actor.${CHANNELS}`, error: NO_ANSWER },
  { type: 'deposit.retry' },
  { type: 'deposit.channel', channel: 'alipay' },
  { type: 'deposit.channel', channel: 'bank' },
  { type: 'deposit.amount', text: '50' },
  { type: 'deposit.amount', text: '200' },
  { type: 'deposit.preset', amount: 10_000 },
  { type: 'deposit.submit' },
  { type: `xstate.done.actor.${ORDER}`, output: order('pending') },
  { type: `xstate.error.actor.${ORDER}`, error: REFUSED },
  { type: `xstate.error.actor.${ORDER}`, error: NO_ANSWER },
  { type: 'xstate.after.poll.deposit.waiting' },
  { type: `xstate.done.actor.${POLL}`, output: order('pending') },
  { type: `xstate.done.actor.${POLL}`, output: order('paid') },
  { type: `xstate.done.actor.${POLL}`, output: order('expired') },
  { type: `xstate.error.actor.${POLL}`, error: NO_ANSWER },
  { type: 'deposit.cancel' },
  { type: `xstate.done.actor.${CANCEL}`, output: order('cancelled') },
  {
    type: `xstate.error.actor.${CANCEL}`,
    error: Object.assign(new Error('订单已完成或已取消'), { type: 'business', code: 30015 }),
  },
  { type: 'deposit.again' },
];

export function provideDeposit(fakes: Fakes) {
  let n = 0;
  const minted = fakes.recorder('mintRequestId');
  return depositMachine.provide({
    actors: {
      loadChannels: fakes.promise('loadChannels'),
      createOrder: fakes.promise('createOrder'),
      readOrder: fakes.promise('readOrder'),
      cancelOrder: fakes.promise('cancelOrder'),
    },
    actions: {
      mintRequestId: assign({
        requestId: () => {
          n += 1;
          minted(`req-${n}`);
          return `req-${n}`;
        },
      }),
      ...fakes.actions('credited'),
    },
  });
}

// ── the form as the player left it (independent of the machine) ──

const CLEANED: Record<string, string> = { '50': '50', '200': '200' };

function form(history: readonly AnyEventObject[]) {
  let code: string | null = null;
  let text = '';
  for (const e of history) {
    if (e.type === `xstate.done.actor.${CHANNELS}`)
      code = 'bank'; // the first open channel is chosen
    else if (e.type === 'deposit.channel') code = e['channel'];
    else if (e.type === 'deposit.amount') text = CLEANED[e['text'] as string]!;
    else if (e.type === 'deposit.preset')
      text = '100'; // ¥100.00
    else if (e.type === 'deposit.again') text = '';
  }
  return { code, text };
}

/** issue 9 §3: an open channel and an amount within its min and max. */
function problemOf(history: readonly AnyEventObject[]): string | null {
  const { code, text } = form(history);
  if (!code) return 'noChannel';
  if (code === 'alipay') return 'channelClosed';
  const fen = Number(text) * 100;
  if (!text || fen <= 0) return 'noAmount';
  if (fen < BANK.min) return 'belowMin';
  if (fen > BANK.max) return 'aboveMax';
  return null;
}

const TABLE: TransitionTable = {
  loadingChannels: {
    [`xstate.done.actor.${CHANNELS}`]: 'choosing',
    [`xstate.error.actor.${CHANNELS}`]: 'channelsFailed',
  },
  channelsFailed: { 'deposit.retry': 'loadingChannels' },
  choosing: {
    'deposit.channel': '=',
    'deposit.amount': '=',
    'deposit.preset': '=',
    'deposit.submit': ({ history }) => (problemOf(history.slice(0, -1)) === null ? 'ordering' : 'choosing'),
  },
  ordering: {
    [`xstate.done.actor.${ORDER}`]: 'waiting',
    [`xstate.error.actor.${ORDER}`]: ({ event }) =>
      (event['error'] as { type: string }).type === 'business' ? 'choosing' : 'orderUnsure',
  },
  orderUnsure: { 'deposit.retry': 'ordering' },
  waiting: { 'xstate.after.poll.deposit.waiting': 'polling', 'deposit.cancel': 'cancelling' },
  polling: {
    [`xstate.done.actor.${POLL}`]: ({ event }) => {
      const state = (event['output'] as DepositOrder).state;
      return state === 'pending' ? 'waiting' : `settled.${state}`;
    },
    [`xstate.error.actor.${POLL}`]: 'waiting',
  },
  cancelling: {
    [`xstate.done.actor.${CANCEL}`]: 'settled.cancelled',
    [`xstate.error.actor.${CANCEL}`]: 'polling',
  },
  'settled.paid': { 'deposit.again': 'choosing' },
  'settled.expired': { 'deposit.again': 'choosing' },
  'settled.cancelled': { 'deposit.again': 'choosing' },
};

const requestIds = (o: OracleArgs) =>
  o.fakes.invocations
    .filter((i) => i.src === 'createOrder')
    .map((i) => (i.input as { requestId: string }).requestId);
const settled = (state: string) => (o: OracleArgs) => {
  expect(o.fakes.pendingIds()).toEqual([]);
  expect(o.snapshot.context.order?.state).toBe(state);
  // A paid order tells the wallet to read its balances again, once, on arriving.
  const arrived = o.event.type !== 'deposit.again' && (o.previous.value as unknown) !== o.snapshot.value;
  expect(o.effects.actions.filter((a) => a.name === 'credited')).toHaveLength(
    state === 'paid' && arrived ? 1 : 0,
  );
};

const ORACLES: Record<string, (o: OracleArgs) => void> = {
  loadingChannels: (o) => expect(o.fakes.pendingIds()).toEqual([CHANNELS]),
  channelsFailed: (o) => expect(o.fakes.pendingIds()).toEqual([]),
  choosing: (o) => {
    expect(o.fakes.pendingIds()).toEqual([]);
    const f = form(o.history);
    expect(o.snapshot.context.channel).toBe(f.code);
    expect(o.snapshot.context.amountText).toBe(f.text);
    if (o.event.type === 'deposit.submit') expect(o.snapshot.context.problem).toBe(problemOf(o.history));
    if (o.event.type === `xstate.error.actor.${ORDER}`)
      expect(o.snapshot.context.refusal).toEqual({ code: 30012, message: '充值金额不在该渠道的限额范围内' });
    expect(o.snapshot.context.requestId).toBeNull();
  },
  ordering: (o) => {
    expect(o.fakes.pendingIds()).toEqual([ORDER]);
    // A new order shows no earlier refusal.
    expect(o.snapshot.context.refusal).toBeNull();
    const f = form(o.history);
    const sent = o.fakes.invocations.at(-1)!.input as Record<string, unknown>;
    expect(sent).toEqual({
      requestId: o.snapshot.context.requestId,
      channel: f.code,
      amount: Number(f.text) * 100,
    });
    const ids = requestIds(o);
    // issue 9 §3 (idempotent orders): a retry after no answer resends the same id; a new order a new one.
    if (o.previous.value === 'orderUnsure') expect(ids.at(-1)).toBe(ids.at(-2));
    else expect(ids.slice(0, -1)).not.toContain(ids.at(-1));
  },
  orderUnsure: (o) => {
    expect(o.fakes.pendingIds()).toEqual([]);
    expect(o.snapshot.context.requestId).toBe(requestIds(o).at(-1));
  },
  waiting: (o) => {
    expect(o.fakes.pendingIds()).toEqual([]);
    // The page links to the order's sandbox cashier while it waits.
    expect(o.snapshot.context.order?.cashierUrl).toBe('/sandbox/cashier/D2026112300000001?t=x');
  },
  polling: (o) => {
    expect(o.fakes.pendingIds()).toEqual([POLL]);
    expect(o.fakes.invocations.at(-1)!.input).toEqual({ orderId: 'D2026112300000001' });
  },
  cancelling: (o) => {
    expect(o.fakes.pendingIds()).toEqual([CANCEL]);
    expect(o.fakes.invocations.at(-1)!.input).toEqual({ orderId: 'D2026112300000001' });
  },
  'settled.paid': settled('paid'),
  'settled.expired': settled('expired'),
  'settled.cancelled': settled('cancelled'),
};

export const depositModel: MachineModel<typeof depositMachine> = {
  title: 'deposit',
  machine: depositMachine,
  graphs: [
    {
      name: 'a member on the deposit page',
      input: undefined,
      events: EVENTS,
      key: (s) => ({
        value: s.value,
        channel: s.context.channel,
        amountText: s.context.amountText,
        loaded: s.context.channels.length > 0,
        order: s.context.order?.state ?? null,
        hasRequest: s.context.requestId !== null,
      }),
      maxWalk: 60,
    },
  ],
  harness: {
    logic: provideDeposit,
    initial: 'loadingChannels',
    transitions: TABLE,
    oracles: ORACLES,
    delays: { poll: POLL_MS },
  },
};
