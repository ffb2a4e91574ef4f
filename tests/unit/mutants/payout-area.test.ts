// The payout area's effects (src/features/payout/area.ts) on the wire, as docs/api.md "Payout" and "Withdrawals"
// say: a withdrawal carries a fresh caller-made request id per attempt (8–48 of A–Z a–z 0–9 _ -), a pending one
// is read again (POST withdrawal/list) and can be cancelled (POST withdrawal/cancel { id }), the fund password is
// changed with { smsCode, password }, and binding an account on an add page sends the player to that kind's list
// (spec §2 add/list pairs; the area actor's parent, the app actor, navigates on app.navigate). The API client's
// transport is a fake wire (src/api/client.ts apiGet/apiPost); the machines and src/api/payout/* run as they are.
//
// Closes the survivors of src/features/payout/area.ts (2026-11-25 run: 38/43): readList, cancel, mintRequestId,
// changePassword and navigate bound to nothing went unnoticed.
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Client from '../../../src/api/client.ts';
import { createActor, setup, SimulatedClock, type AnyActorRef } from 'xstate';

interface Sent {
  method: 'GET' | 'POST';
  path: string;
  body: unknown;
}
const wire = vi.hoisted(() => ({
  sent: [] as Sent[],
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

const { area } = await import('../../../src/features/payout/area.ts');

/** docs/api.md "Payout" / "Withdrawals": the calls. */
const API = {
  kycStatus: '/fd/api/v1/kyc/status',
  banks: '/fd/api/v1/payout/banks',
  accounts: '/fd/api/v1/payout/accounts',
  addAccount: '/fd/api/v1/payout/accounts/add',
  fundStatus: '/fd/api/v1/fundPassword/status',
  fundChange: '/fd/api/v1/fundPassword/change',
  options: '/fd/api/v1/withdrawal/options',
  create: '/fd/api/v1/withdrawal/create',
  list: '/fd/api/v1/withdrawal/list',
  cancel: '/fd/api/v1/withdrawal/cancel',
};
const REQUEST_ID = /^[A-Za-z0-9_-]{8,48}$/;
/** spec §2 paths. */
const WITHDRAWAL = '/mine/finance/withdrawal';
const ADD_ALIPAY = '/mine/addAlipayCard';
const ALIPAY_LIST = '/mine/alipayAcount';
/** issue 10 §3 design (docs/withdrawals.md): a pending withdrawal is read again every 5 s. */
const POLL_MS = 5_000;
/** docs/api.md withdrawal/list: page 1, 20 a page by default. */
const FIRST_PAGE = { page: 1, size: 20 };

const CARD = {
  id: '12',
  kind: 'bank',
  masked: '**** **** **** 0128',
  holder: '张三',
  bankCode: 'ICBC',
  bankName: '中国工商银行',
  province: '广东省',
  city: '深圳市',
  branch: null,
  network: null,
  label: null,
  hasQr: false,
  createdAt: '2026-11-25T10:00:00.000Z',
};
const LIMITS = { bank: 5, alipay: 3, wechat: 3, ebpay: 3, koipay: 3, sharelife: 3, digital: 3, usdt: 5 };
const OPTIONS = {
  methods: [{ kind: 'bank', min: 10_000, max: 5_000_000, feeBp: 0, feeCap: 0 }],
  available: 300_000,
  today: { count: 0, amount: 0, countLeft: 5, amountLeft: 50_000_000 },
  limits: { dailyCount: 5, dailyAmount: 50_000_000 },
  audit: { required: 0, done: 0, outstanding: 0, policy: 'refuse', deductionBp: 1_000 },
  usdtRate: 720,
  fundPassword: { set: true, triesLeft: 5, lockedUntil: null },
  kycVerified: true,
};
const withdrawal = (id: string, requestId: string, state: string) => ({
  id,
  requestId,
  state,
  amount: 10_000,
  fee: 0,
  deduction: 0,
  payout: 10_000,
  usdtMicro: null,
  usdtRate: null,
  account: CARD,
  reason: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
});

/** The server as these tests need it; `made` are the withdrawals created so far (newest first). */
function server(opts: { listState?: string } = {}) {
  const made: ReturnType<typeof withdrawal>[] = [];
  wire.answer = (call) => {
    const body = (call.body ?? {}) as Record<string, unknown>;
    switch (call.path) {
      case API.kycStatus:
        return { verified: true, realName: '张三', idMasked: '110***********002X', verifiedAt: null };
      case API.banks:
        return { banks: [{ code: 'ICBC', name: '中国工商银行' }] };
      case API.accounts:
        return { accounts: [CARD], limits: LIMITS, kycVerified: true, fundPasswordSet: false };
      case API.addAccount:
        return { ...CARD, id: '13', kind: 'alipay', masked: '138****8000', bankCode: null, bankName: null };
      case API.fundStatus:
        return { set: true, triesLeft: 5, lockedUntil: null };
      case API.fundChange:
        return { set: true, triesLeft: 5, lockedUntil: null };
      case API.options:
        return OPTIONS;
      case API.create: {
        const w = withdrawal(`W2026112500000${made.length + 1}`, body['requestId'] as string, 'pending');
        made.unshift(w);
        return w;
      }
      case API.list:
        return {
          items: made.map((w, i) => (i === 0 && opts.listState ? { ...w, state: opts.listState } : w)),
          total: made.length,
          page: 1,
          size: 20,
        };
      case API.cancel:
        return { ...made.find((w) => w.id === body['id'])!, state: 'cancelled' };
      default:
        throw new Error(`unexpected call ${call.method} ${call.path}`);
    }
  };
  return made;
}

const to = (path: string) => wire.sent.filter((c) => c.path === path);
let running: AnyActorRef | null = null;
afterEach(() => {
  running?.stop();
  running = null;
  wire.sent.length = 0;
});

/** The payout area actor under a stand-in app actor that records where it is told to navigate. */
function enter(path: string) {
  const navigations: string[] = [];
  const app = setup({ actors: { payout: area.actor!.logic } }).createMachine({
    invoke: { id: 'payout', systemId: 'payout', src: 'payout', input: area.actor!.input(path) as never },
    on: {
      'app.navigate': { actions: ({ event }) => navigations.push((event as unknown as { to: string }).to) },
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(app, { clock });
  running = actor;
  actor.start();
  const payout = () => actor.system.get('payout') as AnyActorRef;
  const child = (id: string) =>
    (payout().getSnapshot() as { children: Record<string, AnyActorRef | undefined> }).children[id];
  return { clock, navigations, payout, child };
}

/** Chooses ¥100 to the card and confirms with the fund password (issue 10 §3). */
async function withdrawHundred(w: AnyActorRef) {
  await waitFor(() => expect(w.getSnapshot().value).toBe('choosing'));
  w.send({ type: 'withdrawal.amount', text: '100' });
  w.send({ type: 'withdrawal.next' });
  await waitFor(() => expect(w.getSnapshot().value).toEqual({ review: 'confirming' }));
  w.send({ type: 'withdrawal.fundPassword', text: '123456' });
  w.send({ type: 'withdrawal.confirm' });
  await waitFor(() => expect(w.getSnapshot().value).toBe('pending'));
}

describe('the payout area on the wire (docs/api.md "Withdrawals", issue 10 §3)', () => {
  it('each withdrawal attempt posts its own request id', async () => {
    server({ listState: 'paid' });
    const { child, clock } = enter(WITHDRAWAL);
    await waitFor(() => expect(child('withdrawal')).toBeDefined());
    const w = child('withdrawal')!;
    await withdrawHundred(w);
    clock.increment(POLL_MS);
    await waitFor(() => expect(w.getSnapshot().value).toEqual({ ended: 'paid' }));
    w.send({ type: 'withdrawal.again' });
    await withdrawHundred(w);
    const bodies = to(API.create).map((c) => c.body as Record<string, unknown>);
    expect(bodies).toEqual([
      {
        requestId: expect.stringMatching(REQUEST_ID),
        accountId: '12',
        amount: 10_000,
        fundPassword: '123456',
      },
      {
        requestId: expect.stringMatching(REQUEST_ID),
        accountId: '12',
        amount: 10_000,
        fundPassword: '123456',
      },
    ]);
    // The same id with the same account and amount would answer the first withdrawal again (docs/api.md).
    expect(bodies[1]!['requestId']).not.toBe(bodies[0]!['requestId']);
  });

  it('a pending withdrawal is read again after 5 s (POST withdrawal/list) and follows what the operator did', async () => {
    server({ listState: 'paid' });
    const { child, clock } = enter(WITHDRAWAL);
    await waitFor(() => expect(child('withdrawal')).toBeDefined());
    const w = child('withdrawal')!;
    await withdrawHundred(w);
    const before = to(API.list).length;
    clock.increment(POLL_MS - 1);
    await Promise.resolve();
    expect(to(API.list)).toHaveLength(before);
    clock.increment(1);
    await waitFor(() => expect(w.getSnapshot().value).toEqual({ ended: 'paid' }));
    expect(to(API.list).slice(before)).toEqual([{ method: 'POST', path: API.list, body: FIRST_PAGE }]);
  });

  it('cancelling the pending withdrawal posts { id } and shows it cancelled', async () => {
    const made = server();
    const { child } = enter(WITHDRAWAL);
    await waitFor(() => expect(child('withdrawal')).toBeDefined());
    const w = child('withdrawal')!;
    await withdrawHundred(w);
    w.send({ type: 'withdrawal.cancel', id: made[0]!.id });
    await waitFor(() => expect(w.getSnapshot().value).toEqual({ ended: 'cancelled' }));
    expect(to(API.cancel)).toEqual([{ method: 'POST', path: API.cancel, body: { id: made[0]!.id } }]);
  });

  it('changing the fund password posts { smsCode, password }; the withdrawal then reads its options again', async () => {
    server();
    const { child } = enter(WITHDRAWAL);
    await waitFor(() => expect(child('fundPassword')?.getSnapshot().value).toBe('set'));
    await waitFor(() => expect(child('withdrawal')?.getSnapshot().value).toBe('choosing'));
    const fund = child('fundPassword')!;
    const optionsRead = to(API.options).length;
    fund.send({ type: 'fund.change' });
    fund.send({ type: 'fund.password', text: '654321' });
    fund.send({ type: 'fund.confirm', text: '654321' });
    fund.send({ type: 'fund.smsCode', text: '246810' });
    fund.send({ type: 'fund.submit' });
    await waitFor(() => expect(to(API.fundChange)).toHaveLength(1));
    expect(to(API.fundChange)[0]).toEqual({
      method: 'POST',
      path: API.fundChange,
      body: { smsCode: '246810', password: '654321' },
    });
    await waitFor(() => expect(fund.getSnapshot().value).toBe('set'));
    await waitFor(() => expect(to(API.options)).toHaveLength(optionsRead + 1));
  });

  it('binding an Alipay account on its add page sends the player to the Alipay list (spec §2)', async () => {
    server();
    const { child, navigations } = enter(ADD_ALIPAY);
    await waitFor(() => expect(child('accountForm')?.getSnapshot().value).toBe('editing'));
    const form = child('accountForm')!;
    form.send({ type: 'form.field', field: 'account', value: '13800138000' });
    form.send({ type: 'form.submit' });
    await waitFor(() => expect(navigations).toEqual([ALIPAY_LIST]));
    expect(to(API.addAccount).map((c) => c.body)).toEqual([{ kind: 'alipay', account: '13800138000' }]);
  });
});
