// The wallet area's effects (src/features/wallet/area.ts): the wallet actor the app runs, with every effect bound
// to src/api, talks to the wire as docs/api.md "Money (issue 9)" says — the right call (method and path), the
// right body, a fresh caller-made request id on every money-moving call, and the balances read again whenever
// money moved (a transfer, a paid deposit: issue 9 §2/§3). The API client's transport is replaced by a fake wire
// (src/api/client.ts apiGet/apiPost) that records what travelled and answers what the server would; the machines
// and src/api/wallet/* run as they are.
//
// Closes the mutation survivors of src/features/wallet/area.ts (2026-11-25 run: 5/41 killed): before, only the
// UI model tests reached these bindings, and Stryker's src scope does not run the ui project.
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Client from '../../../src/api/client.ts';
import { createActor, SimulatedClock, type AnyActorRef } from 'xstate';

interface Sent {
  method: 'GET' | 'POST';
  path: string;
  body: unknown;
}
const wire = vi.hoisted(() => ({
  sent: [] as Sent[],
  /** What the server answers a call with (a thrown value is a refusal or no answer). */
  answer: (_call: Sent): unknown => {
    throw new Error('no answer set');
  },
}));

vi.mock('../../../src/api/client.ts', async (importOriginal) => {
  const real = await importOriginal<typeof Client>();
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const sent = { method, path, body };
    wire.sent.push(sent);
    return wire.answer(sent);
  };
  return {
    ...real,
    apiGet: (path: string) => call('GET', path),
    apiPost: (path: string, body?: unknown) => call('POST', path, body),
  };
});

const { area } = await import('../../../src/features/wallet/area.ts');

/** docs/api.md "Money (issue 9)": the calls. */
const API = {
  summary: '/fd/api/v1/wallet/summary',
  transfer: '/fd/api/v1/wallet/transfer',
  recall: '/fd/api/v1/wallet/recall',
  autoTransfer: '/fd/api/v1/wallet/autoTransfer',
  refresh: '/fd/api/v1/wallet/venue/refresh',
  records: '/fd/api/v1/wallet/records',
  channels: '/fd/api/v1/deposit/channels',
  order: '/fd/api/v1/deposit/order',
  detail: '/fd/api/v1/deposit/order/detail',
  cancel: '/fd/api/v1/deposit/order/cancel',
};
/** docs/api.md: a requestId is 8–48 of A–Z a–z 0–9 _ -. */
const REQUEST_ID = /^[A-Za-z0-9_-]{8,48}$/;
/** spec §2 paths served by the wallet area. */
const WALLET = '/mine/finance/wallet';
const TRANSFER = '/mine/finance/transfer';
const DEPOSIT = '/mine/finance/deposit';
const RECORDS = '/mine/record/transRecord';
/** issue 9 §3 design: a waiting deposit order is read again every 2 s. */
const ORDER_POLL_MS = 2_000;
/** issue 9 §4 design: 20 rows a page. */
const PAGE_SIZE = 20;

const KYQP = { venue: 'KYQP', name: '开元棋牌', platform: 'QP', status: 'open', balance: 3_000 };
const SUMMARY = {
  central: { balance: 100_000, held: 0, available: 100_000 },
  venues: [KYQP],
  total: 103_000,
  locked: 0,
  autoTransfer: false,
};
const ORDER = {
  orderId: 'D20261125000001',
  requestId: 'x',
  channel: 'bank',
  amount: 10_000,
  bonus: 100,
  state: 'pending',
  cashierUrl: '/sandbox/cashier/D20261125000001?t=abc',
  createdAt: '2026-11-25T10:00:00.000Z',
  expiresAt: '2026-11-25T10:15:00.000Z',
};
const CHANNELS = {
  channels: [
    {
      code: 'bank',
      name: '银行卡转账',
      kind: 'bank',
      min: 10_000,
      max: 5_000_000,
      presets: [10_000],
      open: true,
    },
  ],
};

/** The server's answers for the calls these tests make (paths of docs/api.md). */
function server(overrides: Record<string, (call: Sent) => unknown> = {}) {
  wire.answer = (call) => {
    const own = overrides[call.path];
    if (own) return own(call);
    switch (call.path) {
      case API.summary:
        return SUMMARY;
      case API.recall:
        return { recalled: [{ venue: 'KYQP', amount: 3_000 }], skipped: [], central: 103_000 };
      case API.autoTransfer:
        return { autoTransfer: (call.body as { enabled: boolean }).enabled, recall: null };
      case API.refresh:
        return { venue: { ...KYQP, balance: 3_500 }, lockedUntil: Date.now() + 5_000 };
      case API.transfer:
        return { requestId: (call.body as { requestId: string }).requestId, central: 99_000, venue: KYQP };
      case API.records:
        return { items: [], total: 0, page: 1, pageSize: PAGE_SIZE };
      case API.channels:
        return CHANNELS;
      case API.order:
        return { ...ORDER, requestId: (call.body as { requestId: string }).requestId };
      case API.detail:
        return { ...ORDER, state: 'paid' };
      case API.cancel:
        return { ...ORDER, state: 'cancelled' };
      default:
        throw new Error(`unexpected call ${call.method} ${call.path}`);
    }
  };
}

const to = (path: string) => wire.sent.filter((c) => c.path === path);
let running: AnyActorRef | null = null;
afterEach(() => {
  running?.stop();
  running = null;
  wire.sent.length = 0;
});

/** The wallet area's actor as the app starts it when the player enters the area at `path`. */
function enter(path: string) {
  const clock = new SimulatedClock();
  const actor = createActor(area.actor!.logic, { input: area.actor!.input(path), clock });
  running = actor;
  actor.start();
  return { actor, clock };
}
const value = (actor: AnyActorRef) => JSON.stringify(actor.getSnapshot().value);
const child = (actor: AnyActorRef, id: string) =>
  (actor.getSnapshot() as { children: Record<string, AnyActorRef | undefined> }).children[id];

describe('the wallet area on the wire (docs/api.md "Money", issue 9 §2)', () => {
  it('the area actor starts from the path the player entered at (its input carries the path)', () => {
    expect(area.actor!.input(RECORDS)).toEqual({ path: RECORDS });
  });

  it('entering reads the balances: GET /fd/api/v1/wallet/summary', async () => {
    server();
    const { actor } = enter(WALLET);
    await waitFor(() => expect(value(actor)).toContain('"balances":"ready"'));
    expect(wire.sent).toEqual([{ method: 'GET', path: API.summary, body: undefined }]);
    expect(actor.getSnapshot().context.summary).toEqual(SUMMARY);
  });

  it('一键回收 posts a fresh request id each time, then reads the balances again', async () => {
    server();
    const { actor } = enter(WALLET);
    await waitFor(() => expect(value(actor)).toContain('"balances":"ready"'));
    actor.send({ type: 'wallet.recall' });
    await waitFor(() => expect(to(API.summary)).toHaveLength(2));
    actor.send({ type: 'wallet.recall' });
    await waitFor(() => expect(to(API.summary)).toHaveLength(3));
    const ids = to(API.recall).map((c) => (c.body as { requestId: string }).requestId);
    expect(to(API.recall).map((c) => c.method)).toEqual(['POST', 'POST']);
    for (const id of ids) expect(id).toMatch(REQUEST_ID);
    expect(ids[0]).not.toBe(ids[1]);
    expect(to(API.recall).map((c) => Object.keys(c.body as object))).toEqual([['requestId'], ['requestId']]);
  });

  it('免转 posts { enabled, requestId } and reads the balances again', async () => {
    server();
    const { actor } = enter(WALLET);
    await waitFor(() => expect(value(actor)).toContain('"balances":"ready"'));
    actor.send({ type: 'wallet.autoTransfer', enabled: true });
    await waitFor(() => expect(to(API.summary)).toHaveLength(2));
    expect(to(API.autoTransfer)).toEqual([
      {
        method: 'POST',
        path: API.autoTransfer,
        body: { enabled: true, requestId: expect.stringMatching(REQUEST_ID) },
      },
    ]);
  });

  it('a venue refresh posts { venue } and shows the venue balance it answers', async () => {
    server();
    const { actor } = enter(WALLET);
    await waitFor(() => expect(value(actor)).toContain('"balances":"ready"'));
    actor.send({ type: 'wallet.refreshVenue', venue: 'KYQP' });
    await waitFor(() => expect(to(API.refresh)).toHaveLength(1));
    expect(to(API.refresh)[0]).toEqual({ method: 'POST', path: API.refresh, body: { venue: 'KYQP' } });
    await waitFor(() => expect(actor.getSnapshot().context.summary.venues[0].balance).toBe(3_500));
  });

  it('the transfer form posts { requestId, direction, venue, amount in fen }; money moved → balances read again', async () => {
    server();
    const { actor } = enter(TRANSFER);
    await waitFor(() => expect(value(actor)).toContain('"balances":"ready"'));
    const form = child(actor, 'transferForm')!;
    form.send({ type: 'transfer.venue', venue: 'KYQP' });
    form.send({ type: 'transfer.amount', text: '10' });
    form.send({ type: 'transfer.submit' });
    await waitFor(() => expect(to(API.summary)).toHaveLength(2));
    form.send({ type: 'transfer.amount', text: '5' });
    form.send({ type: 'transfer.submit' });
    await waitFor(() => expect(to(API.summary)).toHaveLength(3));
    const sent = to(API.transfer);
    expect(sent.map((c) => c.body)).toEqual([
      { requestId: expect.stringMatching(REQUEST_ID), direction: 'in', venue: 'KYQP', amount: 1_000 },
      { requestId: expect.stringMatching(REQUEST_ID), direction: 'in', venue: 'KYQP', amount: 500 },
    ]);
    const ids = sent.map((c) => (c.body as { requestId: string }).requestId);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('a transfer given up after no answer reads the balances again (the money may have moved)', async () => {
    server({
      [API.transfer]: () => {
        throw Object.assign(new Error('timeout'), { type: 'transport', kind: 'timeout' });
      },
    });
    const { actor } = enter(TRANSFER);
    await waitFor(() => expect(value(actor)).toContain('"balances":"ready"'));
    const form = child(actor, 'transferForm')!;
    form.send({ type: 'transfer.venue', venue: 'KYQP' });
    form.send({ type: 'transfer.amount', text: '10' });
    form.send({ type: 'transfer.submit' });
    await waitFor(() => expect(form.getSnapshot().value).toBe('unsure'));
    expect(to(API.summary)).toHaveLength(1);
    form.send({ type: 'transfer.abandon' });
    await waitFor(() => expect(to(API.summary)).toHaveLength(2));
  });

  it('the deposit page: channels, an order with a fresh request id, the order read by id; paid → balances again', async () => {
    server();
    const { actor, clock } = enter(DEPOSIT);
    await waitFor(() => expect(child(actor, 'deposit')?.getSnapshot().value).toBe('choosing'));
    expect(to(API.channels)).toEqual([{ method: 'GET', path: API.channels, body: undefined }]);
    const deposit = child(actor, 'deposit')!;
    deposit.send({ type: 'deposit.amount', text: '100' });
    deposit.send({ type: 'deposit.submit' });
    await waitFor(() => expect(deposit.getSnapshot().value).toBe('waiting'));
    expect(to(API.order).map((c) => c.body)).toEqual([
      { requestId: expect.stringMatching(REQUEST_ID), channel: 'bank', amount: 10_000 },
    ]);
    const before = to(API.summary).length;
    clock.increment(ORDER_POLL_MS);
    await waitFor(() => expect(deposit.getSnapshot().value).toEqual({ settled: 'paid' }));
    expect(to(API.detail).map((c) => c.body)).toEqual([{ orderId: ORDER.orderId }]);
    await waitFor(() => expect(to(API.summary)).toHaveLength(before + 1));
    // A second order has a request id of its own.
    deposit.send({ type: 'deposit.again' });
    deposit.send({ type: 'deposit.amount', text: '200' });
    deposit.send({ type: 'deposit.submit' });
    await waitFor(() => expect(to(API.order)).toHaveLength(2));
    const ids = to(API.order).map((c) => (c.body as { requestId: string }).requestId);
    expect(ids[1]).toMatch(REQUEST_ID);
    expect(ids[1]).not.toBe(ids[0]);
  });

  it('cancelling a waiting deposit order posts { orderId }', async () => {
    server();
    const { actor } = enter(DEPOSIT);
    await waitFor(() => expect(child(actor, 'deposit')?.getSnapshot().value).toBe('choosing'));
    const deposit = child(actor, 'deposit')!;
    deposit.send({ type: 'deposit.amount', text: '100' });
    deposit.send({ type: 'deposit.submit' });
    await waitFor(() => expect(deposit.getSnapshot().value).toBe('waiting'));
    deposit.send({ type: 'deposit.cancel' });
    await waitFor(() => expect(deposit.getSnapshot().value).toEqual({ settled: 'cancelled' }));
    expect(to(API.cancel)).toEqual([{ method: 'POST', path: API.cancel, body: { orderId: ORDER.orderId } }]);
  });

  it('the record page: all kinds sends no kind; a kind filter sends that kind (issue 9 §4)', async () => {
    server();
    const { actor } = enter(RECORDS);
    await waitFor(() => expect(child(actor, 'records')?.getSnapshot().value).toBe('ready'));
    const records = child(actor, 'records')!;
    records.send({ type: 'records.filter', filter: { kind: 'deposit', from: '', to: '' } });
    await waitFor(() => expect(to(API.records)).toHaveLength(2));
    expect(to(API.records).map((c) => c.body)).toEqual([
      { page: 1, pageSize: PAGE_SIZE },
      { kind: 'deposit', page: 1, pageSize: PAGE_SIZE },
    ]);
  });
});
