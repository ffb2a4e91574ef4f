// Three bugs the payout UI model tests found (docs/testing.md, "Bugs these tests found"), each pinned on the
// machine: every test below fails with its bug back in. The expectations are the and the spec's:
// issue 10 §2 (delete with confirmation), §3 (the deduction seen and accepted before confirming; the fund
// password changed with the SMS code, which lifts the lock), spec §9 (the same dialog is not opened twice within
// 700 ms).
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, SimulatedClock, type AnyActorRef } from 'xstate';
import { modalHostMachine } from '../../../machines/modal-host.machine.ts';
import { accountsMachine } from '../../../machines/payout/accounts.machine.ts';
import { fundPasswordMachine } from '../../../machines/payout/fund-password.machine.ts';
import { withdrawalMachine } from '../../../machines/payout/withdrawal.machine.ts';
import type { FundPasswordStatus, WithdrawalOptions } from '../../../src/protocol/payout.ts';
import { account, LIMITS, refused } from './fixtures.ts';

/** spec §9: a dialog's leave animation (300 ms) and the dialog de-dup (700 ms). */
const LEAVE_MS = 300;
const DEDUP_MS = 700;
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('deleting a payout account again at once (issue 10 §2; spec §9 de-dup)', () => {
  function shell() {
    const accounts = accountsMachine.provide({
      actors: {
        load: fromPromise(async () => ({
          accounts: [account('a1', 'alipay', '138****0001'), account('a2', 'alipay', '138****0002')],
          limits: LIMITS,
          kycVerified: true,
          fundPasswordSet: false,
        })),
        remove: fromPromise(() => new Promise<never>(() => {})),
      } as never,
    });
    const machine = setup({ actors: { modals: modalHostMachine, accounts } }).createMachine({
      invoke: [
        { id: 'modals', systemId: 'modals', src: 'modals' },
        { id: 'accounts', systemId: 'payout', src: 'accounts', input: { kind: 'alipay' } },
      ],
    });
    const clock = new SimulatedClock();
    const actor = createActor(machine, { clock }).start();
    const get = (id: string) => actor.system.get(id) as AnyActorRef;
    const list = () => get('payout').getSnapshot();
    const dialogs = () => (get('modals').getSnapshot().context.modals as Array<{ id: string }>).map((m) => m.id);
    /** 取消 in the dialog: its button keeps the account, the dialog closes after its leave animation. */
    const cancel = async () => {
      const [id] = dialogs();
      get('payout').send({ type: 'accounts.keep' });
      get('modals').send({ type: 'modal.close', id: id! });
      clock.increment(LEAVE_MS);
      await settle();
    };
    return { clock, get, list, dialogs, cancel };
  }

  it('取消 then 删除 within 700 ms: no dialog, and the list is not left waiting for one', async () => {
    const { get, list, dialogs, cancel } = shell();
    await settle();
    get('payout').send({ type: 'accounts.delete', id: 'a1' });
    expect(list().value).toBe('confirming');
    expect(dialogs()).toHaveLength(1);
    await cancel();
    expect(dialogs()).toEqual([]);
    get('payout').send({ type: 'accounts.delete', id: 'a1' });
    // The host drops the second opening (spec §9); the list must not wait for it: back to the list, the
    // account kept, the delete buttons usable.
    expect(dialogs()).toEqual([]);
    expect(list().value).toBe('ready');
    expect(list().context.target).toBeNull();
  });

  it('after the 700 ms the same delete asks again; another account asks at once', async () => {
    const { clock, get, list, dialogs, cancel } = shell();
    await settle();
    get('payout').send({ type: 'accounts.delete', id: 'a1' });
    await cancel();
    get('payout').send({ type: 'accounts.delete', id: 'a2' });
    expect(list().value).toBe('confirming');
    expect(list().context.target).toBe('a2');
    expect(dialogs()).toHaveLength(1);
    await cancel();
    clock.increment(DEDUP_MS);
    get('payout').send({ type: 'accounts.delete', id: 'a1' });
    expect(list().value).toBe('confirming');
    expect(list().context.target).toBe('a1');
    expect(dialogs()).toHaveLength(1);
  });
});

describe('返回 from the withdrawal review (issue 10 §3: the deduction accepted before confirming)', () => {
  /** ¥500 of turnover outstanding; the site deducts 10 %. */
  const OPTIONS: WithdrawalOptions = {
    methods: [{ kind: 'bank', min: 10_000, max: 5_000_000, feeBp: 100, feeCap: 500 }],
    available: 300_000,
    today: { count: 0, amount: 0, countLeft: 5, amountLeft: 250_000 },
    limits: { dailyCount: 5, dailyAmount: 250_000 },
    audit: { required: 200_000, done: 150_000, outstanding: 50_000, policy: 'deduct', deductionBp: 1_000 },
    usdtRate: 720,
    fundPassword: { set: true, triesLeft: 5, lockedUntil: null },
    kycVerified: true,
  };

  it('the next review does not open with the deduction prompt of the last one', async () => {
    const actor = createActor(
      withdrawalMachine.provide({
        actors: {
          load: fromPromise(async () => ({
            options: OPTIONS,
            accounts: [account('b1', 'bank', '**** 1234')],
            list: { items: [], total: 0, page: 1, size: 20 },
          })),
        } as never,
      }),
    ).start();
    await settle();
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'withdrawal.amount', text: '1000' });
    actor.send({ type: 'withdrawal.next' });
    actor.send({ type: 'withdrawal.fundPassword', text: '123456' });
    actor.send({ type: 'withdrawal.confirm' });
    // Not accepted: the review asks for it ("请先确认同意扣除行政费").
    expect(actor.getSnapshot().value).toEqual({ review: 'confirming' });
    expect(actor.getSnapshot().context.deductionProblem).toBe(true);
    actor.send({ type: 'withdrawal.back' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.deductionProblem).toBe(false);
    actor.send({ type: 'withdrawal.next' });
    expect(actor.getSnapshot().value).toEqual({ review: 'confirming' });
    expect(actor.getSnapshot().context).toMatchObject({
      deductionProblem: false,
      acceptDeduction: false,
      fundPassword: '',
    });
  });
});

describe('a fund password change started from the lock (issue 10 §3)', () => {
  const LOCKED: FundPasswordStatus = { set: true, triesLeft: 0, lockedUntil: 1_764_072_000_000 };

  it('opens on a clean form, without the refusal of an earlier attempt', async () => {
    const actor = createActor(
      fundPasswordMachine.provide({
        actors: {
          loadStatus: fromPromise(async () => LOCKED),
          changePassword: fromPromise(async () => {
            throw refused(10409, '验证码错误');
          }),
        } as never,
      }),
    ).start();
    await settle();
    expect(actor.getSnapshot().value).toBe('locked');
    actor.send({ type: 'fund.change' });
    actor.send({ type: 'fund.smsCode', text: '8888' });
    actor.send({ type: 'fund.password', text: '123456' });
    actor.send({ type: 'fund.confirm', text: '123456' });
    actor.send({ type: 'fund.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('changing');
    expect(actor.getSnapshot().context.refusal).toMatchObject({ code: 10409, message: '验证码错误' });
    // 取消: the status is read again, still locked; a new change starts.
    actor.send({ type: 'fund.cancel' });
    await settle();
    expect(actor.getSnapshot().value).toBe('locked');
    actor.send({ type: 'fund.change' });
    expect(actor.getSnapshot().value).toBe('changing');
    expect(actor.getSnapshot().context).toMatchObject({
      refusal: null,
      problem: null,
      password: '',
      confirm: '',
      smsCode: '',
    });
  });
});
