// Mutation testing (issue 18 §3): the deposit flow (issue 9 §3 and §5, docs/api.md "Deposits"), driven step by
// step with expectations written from the issue and the API document: which channel is chosen, the min/max
// checks at their edges, the amount rule (spec §5), presets, refusals, an order made with no answer, the 2 s
// re-read of a waiting order, cancelling, the three results and starting again.
import { describe, expect, it } from 'vitest';
import { assign, createActor, SimulatedClock } from 'xstate';
// Loaded inside each test, not at the top: a machine whose configuration cannot even be built (e.g. a mutant
// emptying an `initial`) must fail a test, not only the file's collection (which the mutation run does not
// count as a failing test).
const load = () => import('../../../machines/wallet/deposit.machine.ts');
import type { DepositChannel, DepositChannels, DepositOrder } from '../../../src/protocol/deposit.ts';
import { Fakes, settle } from '../../support/model-paths.ts';

const CHANNELS = '0.deposit.loadingChannels';
const ORDER = '0.deposit.ordering';
const POLL = '0.deposit.polling';
const CANCEL = '0.deposit.cancelling';
/** docs/api.md "Deposits" (order/detail): the page re-reads a waiting order every 2 s. */
const POLL_MS = 2_000;
/** docs/api.md "Deposits" (order): a requestId is 8–48 of A–Z a–z 0–9 _ -. */
const REQUEST_ID = /^[A-Za-z0-9_-]{8,48}$/;

const channel = (code: string, open: boolean, min: number, max: number, presets: number[] = []) =>
  ({
    code,
    name: code,
    kind: 'bank',
    min,
    max,
    presets,
    bonus: null,
    fee: null,
    turnoverMultiple: 1,
    bonusTurnoverMultiple: 3,
    usdtRate: null,
    open,
  }) satisfies DepositChannel;

// Test data (fen, docs/api.md: amounts are integer fen): bank ¥100.00–¥50,000.00, WeChat ¥10.00–¥5,000.00.
const ALIPAY_CLOSED = channel('alipay', false, 10_000, 500_000);
const BANK = channel('bank', true, 10_000, 5_000_000, [10_000, 50_000]);
const WECHAT = channel('wechat', true, 1_000, 500_000);
const LIST: DepositChannels = { channels: [ALIPAY_CLOSED, BANK, WECHAT], orderTtlS: 900 };

const order = (state: DepositOrder['state'], extra: Partial<DepositOrder> = {}): DepositOrder => ({
  orderId: 'D2026112300000001',
  requestId: 'req-1',
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
  ...extra,
});

const business = (code: number, message: string) =>
  Object.assign(new Error(message), { type: 'business', code });
const NO_ANSWER = Object.assign(new Error('timeout'), { type: 'transport', kind: 'timeout' });

/** The deposit flow with fake effects; `composed: false` leaves the machine's own actions in place. */
async function start({ composed = true }: { composed?: boolean } = {}) {
  const { depositMachine } = await load();
  const fakes = new Fakes();
  const clock = new SimulatedClock();
  let n = 0;
  const minted = fakes.recorder('mintRequestId');
  const actors = {
    loadChannels: fakes.promise<DepositChannels>('loadChannels'),
    createOrder: fakes.promise<DepositOrder>('createOrder'),
    readOrder: fakes.promise<DepositOrder>('readOrder'),
    cancelOrder: fakes.promise<DepositOrder>('cancelOrder'),
  };
  const logic = composed
    ? depositMachine.provide({
        actors,
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
      })
    : depositMachine.provide({ actors });
  const actor = createActor(logic, { clock });
  actor.subscribe({ error: () => {} });
  actor.start();
  const value = () => JSON.stringify(actor.getSnapshot().value);
  const ctx = () => actor.getSnapshot().context;
  const sent = (src: string) => fakes.invocations.filter((i) => i.src === src).map((i) => i.input);
  return { actor, fakes, clock, value, ctx, sent };
}

type Flow = Awaited<ReturnType<typeof start>>;

async function loaded(list: DepositChannels = LIST, options?: { composed?: boolean }): Promise<Flow> {
  const flow = await start(options);
  expect(flow.value()).toBe('"loadingChannels"');
  flow.fakes.resolve(CHANNELS, list);
  await settle();
  expect(flow.actor.getSnapshot().status).toBe('active');
  expect(flow.value()).toBe('"choosing"');
  return flow;
}

async function submitAmount(flow: Flow, text: string) {
  flow.actor.send({ type: 'deposit.amount', text });
  flow.actor.send({ type: 'deposit.submit' });
  await settle();
}

/** An order made for ¥200.00 by bank: the flow waits for the payment. */
async function waiting(): Promise<Flow> {
  const flow = await loaded();
  await submitAmount(flow, '200');
  expect(flow.value()).toBe('"ordering"');
  flow.fakes.resolve(ORDER, order('pending'));
  await settle();
  expect(flow.value()).toBe('"waiting"');
  return flow;
}

async function poll(flow: Flow) {
  flow.clock.increment(POLL_MS);
  await settle();
  expect(flow.value()).toBe('"polling"');
}

describe('channels (issue 9 §3: from the database, closed ones shown but not chosen)', () => {
  it('every channel is listed and the first OPEN one is chosen for the player', async () => {
    const { ctx, actor, sent } = await loaded();
    expect(ctx().channels).toEqual(LIST.channels);
    expect(ctx().channel).toBe('bank');
    actor.send({ type: 'deposit.amount', text: '200' });
    actor.send({ type: 'deposit.submit' });
    await settle();
    expect(sent('createOrder')).toEqual([{ requestId: 'req-1', channel: 'bank', amount: 20_000 }]);
  });

  for (const [name, error] of [
    ['a timeout', NO_ANSWER],
    ['no error object', undefined],
  ] as const) {
    it(`channels that fail to load (${name}) are offered again, and a retry loads them`, async () => {
      const flow = await start();
      flow.fakes.reject(CHANNELS, error);
      await settle();
      expect(flow.actor.getSnapshot().status).toBe('active');
      expect(flow.value()).toBe('"channelsFailed"');
      flow.actor.send({ type: 'deposit.retry' });
      await settle();
      expect(flow.value()).toBe('"loadingChannels"');
      expect(flow.sent('loadChannels')).toHaveLength(2);
      flow.fakes.resolve(CHANNELS, LIST);
      await settle();
      expect(flow.value()).toBe('"choosing"');
      expect(flow.ctx().channel).toBe('bank');
    });
  }

  it('no open channel: none is chosen, and confirming says so without ordering', async () => {
    const flow = await loaded({ channels: [ALIPAY_CLOSED], orderTtlS: 900 });
    expect(flow.ctx().channel).toBeNull();
    await submitAmount(flow, '200');
    expect(flow.value()).toBe('"choosing"');
    expect(flow.ctx().problem).toBe('noChannel');
    expect(flow.sent('createOrder')).toEqual([]);
  });

  it('a closed or unknown channel cannot be ordered', async () => {
    const { depositProblem } = await load();
    const base = { channels: LIST.channels, amountText: '200' };
    expect(depositProblem({ ...base, channel: 'alipay' })).toBe('channelClosed');
    expect(depositProblem({ ...base, channel: 'nosuch' })).toBe('noChannel');
    expect(depositProblem({ ...base, channel: null })).toBe('noChannel');
  });

  it('choosing another channel orders by it and clears the earlier problem', async () => {
    const flow = await loaded();
    await submitAmount(flow, '10'); // ¥10.00 is below the bank's ¥100.00
    expect(flow.ctx().problem).toBe('belowMin');
    flow.actor.send({ type: 'deposit.channel', channel: 'wechat' });
    expect(flow.ctx().channel).toBe('wechat');
    expect(flow.ctx().problem).toBeNull();
    flow.actor.send({ type: 'deposit.submit' });
    await settle();
    expect(flow.value()).toBe('"ordering"');
    expect(flow.sent('createOrder')).toEqual([{ requestId: 'req-1', channel: 'wechat', amount: 1_000 }]);
  });
});

describe('the amount (issue 9 §3 min/max per deposit; spec §5 amount input)', () => {
  it('the field starts empty: confirming asks for an amount', async () => {
    const flow = await loaded();
    expect(flow.ctx().amountText).toBe('');
    flow.actor.send({ type: 'deposit.submit' });
    await settle();
    expect(flow.value()).toBe('"choosing"');
    expect(flow.ctx().problem).toBe('noAmount');
  });

  for (const text of ['0', '0.00', '0.0']) {
    it(`'${text}' is no amount (not an amount below the minimum), and nothing is ordered`, async () => {
      const flow = await loaded();
      await submitAmount(flow, text);
      expect(flow.value()).toBe('"choosing"');
      expect(flow.ctx().problem).toBe('noAmount');
      expect(flow.sent('createOrder')).toEqual([]);
    });
  }

  const edges: Array<[string, string | null, number]> = [
    ['99.99', 'belowMin', 0],
    ['100', null, 10_000], // exactly the minimum
    ['50000', null, 5_000_000], // exactly the maximum
    ['50000.01', 'aboveMax', 0],
    ['60000', 'aboveMax', 0],
  ];
  for (const [text, problem, fen] of edges) {
    it(`bank (¥100.00–¥50,000.00): ¥${text} → ${problem ?? `ordered as ${fen} fen`}`, async () => {
      const flow = await loaded();
      await submitAmount(flow, text);
      if (problem === null) {
        expect(flow.value()).toBe('"ordering"');
        expect(flow.ctx().problem).toBeNull();
        expect(flow.sent('createOrder')).toEqual([{ requestId: 'req-1', channel: 'bank', amount: fen }]);
      } else {
        expect(flow.value()).toBe('"choosing"');
        expect(flow.ctx().problem).toBe(problem);
        expect(flow.sent('createOrder')).toEqual([]);
      }
    });
  }

  it('spec §5: typed text keeps digits and one point, cut to two decimals, and is ordered as such', async () => {
    const flow = await loaded();
    flow.actor.send({ type: 'deposit.amount', text: '¥1,2a3.4.56' });
    expect(flow.ctx().amountText).toBe('123.45');
    flow.actor.send({ type: 'deposit.submit' });
    await settle();
    expect(flow.sent('createOrder')).toEqual([{ requestId: 'req-1', channel: 'bank', amount: 12_345 }]);
  });

  // Presets are fen (docs/api.md "presets": [fen]); the field shows yuan with at most two decimals (spec §5).
  for (const [fen, text] of [
    [10_000, '100'],
    [50_000, '500'],
    [12_345, '123.45'],
    [12_305, '123.05'],
    [10_050, '100.5'],
  ] as const) {
    it(`a preset of ${fen} fen fills the field and orders exactly ${fen} fen`, async () => {
      const flow = await loaded();
      await submitAmount(flow, '60000'); // a problem first: the preset clears it
      expect(flow.ctx().problem).toBe('aboveMax');
      flow.actor.send({ type: 'deposit.preset', amount: fen });
      expect(Number(flow.ctx().amountText)).toBe(Number(text));
      expect(flow.ctx().amountText).toMatch(/^\d+(\.\d{1,2})?$/);
      expect(flow.ctx().problem).toBeNull();
      flow.actor.send({ type: 'deposit.submit' });
      await settle();
      expect(flow.sent('createOrder')).toEqual([{ requestId: 'req-1', channel: 'bank', amount: fen }]);
    });
  }
});

describe('making the order (issue 9 §3: idempotent; docs/api.md codes 30012, no answer)', () => {
  it('a refusal brings the form back with the server message; a new attempt is a new request', async () => {
    const flow = await loaded();
    await submitAmount(flow, '200');
    flow.fakes.reject(ORDER, business(30012, '充值金额不在该渠道的限额范围内'));
    await settle();
    expect(flow.value()).toBe('"choosing"');
    expect(flow.ctx().refusal).toEqual({ code: 30012, message: '充值金额不在该渠道的限额范围内' });
    expect(flow.ctx().requestId).toBeNull();
    flow.actor.send({ type: 'deposit.submit' });
    await settle();
    expect(flow.value()).toBe('"ordering"');
    // A new order shows no earlier refusal, and carries a new request id.
    expect(flow.ctx().refusal).toBeNull();
    expect(flow.sent('createOrder')).toEqual([
      { requestId: 'req-1', channel: 'bank', amount: 20_000 },
      { requestId: 'req-2', channel: 'bank', amount: 20_000 },
    ]);
  });

  it('changing the amount after a refusal clears it', async () => {
    const flow = await loaded();
    await submitAmount(flow, '200');
    flow.fakes.reject(ORDER, business(30012, '充值金额不在该渠道的限额范围内'));
    await settle();
    flow.actor.send({ type: 'deposit.amount', text: '300' });
    expect(flow.ctx().refusal).toBeNull();
  });

  for (const [name, error] of [
    ['a timeout', NO_ANSWER],
    ['no error object', undefined],
    ['null', null],
  ] as const) {
    it(`no answer (${name}): unsure; a retry resends the SAME request id, channel and amount`, async () => {
      const flow = await loaded();
      await submitAmount(flow, '200');
      flow.fakes.reject(ORDER, error);
      await settle();
      expect(flow.actor.getSnapshot().status).toBe('active');
      expect(flow.value()).toBe('"orderUnsure"');
      expect(flow.ctx().refusal).toBeNull();
      flow.actor.send({ type: 'deposit.retry' });
      await settle();
      expect(flow.value()).toBe('"ordering"');
      const body = { requestId: 'req-1', channel: 'bank', amount: 20_000 };
      expect(flow.sent('createOrder')).toEqual([body, body]);
      flow.fakes.resolve(ORDER, order('pending'));
      await settle();
      expect(flow.value()).toBe('"waiting"');
    });
  }

  it('the machine on its own (no composition) still sends a request id the API accepts', async () => {
    const flow = await loaded(LIST, { composed: false });
    await submitAmount(flow, '200');
    expect(flow.value()).toBe('"ordering"');
    const [body] = flow.sent('createOrder') as Array<{ requestId: unknown }>;
    expect(body!.requestId).toMatch(REQUEST_ID);
  });
});

describe('waiting for the payment (issue 9 §3: the page follows the order live; docs/api.md: every 2 s)', () => {
  it('the made order is kept (its cashier link) and re-read 2 s later, not 1 ms sooner', async () => {
    const flow = await waiting();
    expect(flow.ctx().order).toEqual(order('pending'));
    expect(flow.ctx().requestId).toBeNull();
    flow.clock.increment(POLL_MS - 1);
    await settle();
    expect(flow.value()).toBe('"waiting"');
    flow.clock.increment(1);
    await settle();
    expect(flow.value()).toBe('"polling"');
    expect(flow.sent('readOrder')).toEqual([{ orderId: 'D2026112300000001' }]);
  });

  it('a read that is still pending shows what it says (e.g. a USDT payment confirming) and waits', async () => {
    const flow = await waiting();
    await poll(flow);
    flow.fakes.resolve(POLL, order('pending', { confirming: true }));
    await settle();
    expect(flow.value()).toBe('"waiting"');
    expect(flow.ctx().order?.confirming).toBe(true);
    await poll(flow);
    expect(flow.sent('readOrder')).toHaveLength(2);
  });

  it('a failed read waits and reads again 2 s later', async () => {
    const flow = await waiting();
    await poll(flow);
    flow.fakes.reject(POLL, NO_ANSWER);
    await settle();
    expect(flow.value()).toBe('"waiting"');
    flow.clock.increment(POLL_MS - 1);
    await settle();
    expect(flow.value()).toBe('"waiting"');
    flow.clock.increment(1);
    await settle();
    expect(flow.value()).toBe('"polling"');
    expect(flow.sent('readOrder')).toEqual([
      { orderId: 'D2026112300000001' },
      { orderId: 'D2026112300000001' },
    ]);
  });

  it('paid: the result is "paid" and the wallet is told once to read its balances again', async () => {
    const flow = await waiting();
    await poll(flow);
    flow.fakes.resolve(POLL, order('paid'));
    await settle();
    expect(flow.value()).toBe('{"settled":"paid"}');
    expect(flow.ctx().order?.state).toBe('paid');
    expect(flow.fakes.called('credited')).toHaveLength(1);
    flow.clock.increment(POLL_MS * 3);
    await settle();
    expect(flow.sent('readOrder')).toHaveLength(1);
  });

  it('expired: the result is "expired", nothing credited', async () => {
    const flow = await waiting();
    await poll(flow);
    flow.fakes.resolve(POLL, order('expired'));
    await settle();
    expect(flow.value()).toBe('{"settled":"expired"}');
    expect(flow.ctx().order?.state).toBe('expired');
    expect(flow.fakes.called('credited')).toEqual([]);
  });

  it('cancelled by the player: the result is "cancelled", nothing credited', async () => {
    const flow = await waiting();
    flow.actor.send({ type: 'deposit.cancel' });
    await settle();
    expect(flow.value()).toBe('"cancelling"');
    expect(flow.sent('cancelOrder')).toEqual([{ orderId: 'D2026112300000001' }]);
    flow.fakes.resolve(CANCEL, order('cancelled'));
    await settle();
    expect(flow.value()).toBe('{"settled":"cancelled"}');
    expect(flow.ctx().order?.state).toBe('cancelled');
    expect(flow.fakes.called('credited')).toEqual([]);
  });

  it('a cancel refused (30015: paid meanwhile) shows the refusal and reads the order: paid', async () => {
    const flow = await waiting();
    flow.actor.send({ type: 'deposit.cancel' });
    await settle();
    flow.fakes.reject(CANCEL, business(30015, '订单已完成或已取消'));
    await settle();
    expect(flow.value()).toBe('"polling"');
    expect(flow.ctx().refusal).toEqual({ code: 30015, message: '订单已完成或已取消' });
    expect(flow.sent('readOrder')).toEqual([{ orderId: 'D2026112300000001' }]);
    flow.fakes.resolve(POLL, order('paid'));
    await settle();
    expect(flow.value()).toBe('{"settled":"paid"}');
    expect(flow.fakes.called('credited')).toHaveLength(1);
  });

  for (const [name, error] of [
    ['a timeout', NO_ANSWER],
    ['no error object', undefined],
  ] as const) {
    it(`a cancel with no answer (${name}) shows no refusal and reads the order`, async () => {
      const flow = await waiting();
      flow.actor.send({ type: 'deposit.cancel' });
      await settle();
      flow.fakes.reject(CANCEL, error);
      await settle();
      expect(flow.actor.getSnapshot().status).toBe('active');
      expect(flow.value()).toBe('"polling"');
      expect(flow.ctx().refusal).toBeNull();
    });
  }
});

describe('after a result (issue 9 §3: the page ends on a clear result; the player may deposit again)', () => {
  for (const state of ['paid', 'expired'] as const) {
    it(`from "${state}", again: an empty form, no order, no problem, no refusal`, async () => {
      const flow = await waiting();
      flow.actor.send({ type: 'deposit.cancel' });
      await settle();
      flow.fakes.reject(CANCEL, business(30015, '订单已完成或已取消'));
      await settle();
      flow.fakes.resolve(POLL, order(state));
      await settle();
      expect(flow.value()).toBe(`{"settled":"${state}"}`);
      flow.actor.send({ type: 'deposit.again' });
      await settle();
      expect(flow.value()).toBe('"choosing"');
      expect(flow.ctx().order).toBeNull();
      expect(flow.ctx().amountText).toBe('');
      expect(flow.ctx().refusal).toBeNull();
      expect(flow.ctx().problem).toBeNull();
      // The chosen channel stays; the next order is a new one.
      expect(flow.ctx().channel).toBe('bank');
      await submitAmount(flow, '300');
      expect(flow.value()).toBe('"ordering"');
      expect(flow.sent('createOrder')).toEqual([
        { requestId: 'req-1', channel: 'bank', amount: 20_000 },
        { requestId: 'req-2', channel: 'bank', amount: 30_000 },
      ]);
    });
  }
});
