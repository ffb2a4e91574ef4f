// Mutation testing (issue 18 §3): the transfer form (issue 9 §2, /mine/finance/transfer) — its start, the amount
// field (spec §5 input rule, spec §9 two decimals), 全部 in both directions, a venue the wallet has not read yet,
// and a send rejected without an error object.
//
// The machine is imported INSIDE each test (`await import(...)`), never at the top of the file: the model test
// (tests/machines/wallet/transfer-form.machine.test.ts) walks the machine's graph while Vitest collects the file,
// so a mutant that breaks the configuration or throws during the walk makes that file fail to load, and Stryker's
// Vitest runner counts a file that fails to load as no test at all (the mutant "survives"). Here the same failure
// happens inside a test, which fails.
import { describe, expect, it } from 'vitest';
import { assign, createActor } from 'xstate';
import type { TransferFormInput } from '../../../machines/wallet/transfer-form.machine.ts';
import type { VenueWallet } from '../../../src/protocol/wallet.ts';
import { Fakes, settle } from '../../support/model-paths.ts';

const SUBMIT = '0.transferForm.submitting';

const OPEN = 'QP_TEST';
const DOWN = 'TY_TEST';
/** What the wallet read: ¥100.05 central; a venue with ¥30.00 open, one with ¥5.00 under maintenance. */
const BALANCES: { type: 'transfer.balances'; central: number; venues: VenueWallet[] } = {
  type: 'transfer.balances',
  central: 10_005,
  venues: [
    { venue: OPEN, name: '测试棋牌', platform: 'QP', status: 'open', balance: 3_000 },
    { venue: DOWN, name: '测试体育', platform: 'TY', status: 'maintenance', balance: 500 },
  ],
};

async function start(input: TransferFormInput = {}) {
  const { transferFormMachine } = await import('../../../machines/wallet/transfer-form.machine.ts');
  const fakes = new Fakes();
  let n = 0;
  const actor = createActor(
    transferFormMachine.provide({
      actors: { send: fakes.promise('send') },
      actions: {
        mintRequestId: assign({ requestId: () => `req-${(n += 1)}` }),
        ...fakes.actions('walletMoved'),
      },
    }),
    { input },
  ).start();
  const ctx = () => actor.getSnapshot().context;
  return { actor, fakes, ctx };
}

describe('transfer form: starting (issue 9 §2)', () => {
  it('a fresh form has an empty amount and nothing to say; the page may start it on a direction and venue', async () => {
    const blank = await start();
    expect(blank.actor.getSnapshot().status).toBe('active');
    expect(blank.actor.getSnapshot().value).toBe('editing');
    expect(blank.ctx()).toMatchObject({
      venue: null,
      amountText: '',
      requestId: null,
      problem: null,
      refusal: null,
      done: null,
    });

    const out = await start({ direction: 'out', venue: OPEN });
    expect(out.ctx()).toMatchObject({ direction: 'out', venue: OPEN, amountText: '' });
    out.actor.send(BALANCES);
    // 全部 out of the venue it started on: that venue's ¥30.00 (spec §9 two decimals).
    out.actor.send({ type: 'transfer.all' });
    expect(out.ctx().amountText).toBe('30.00');
  });
});

describe('transfer form: the amount field (spec §5, §9)', () => {
  it('全部 fills the whole available balance of the source wallet, with two decimals', async () => {
    const { actor, ctx } = await start({ direction: 'in' });
    actor.send(BALANCES);
    actor.send({ type: 'transfer.all' });
    // Going in, the source is the central wallet: 10 005 fen = ¥100.05.
    expect(ctx().amountText).toBe('100.05');
    actor.send({ type: 'transfer.direction', direction: 'out' });
    actor.send({ type: 'transfer.venue', venue: OPEN });
    actor.send({ type: 'transfer.all' });
    expect(ctx().amountText).toBe('30.00');
  });

  it('typed text follows the input rule: non-digits removed, one point, cut to two decimals', async () => {
    const { actor, ctx } = await start();
    actor.send({ type: 'transfer.amount', text: '1a2.345' });
    expect(ctx().amountText).toBe('12.34');
    actor.send({ type: 'transfer.amount', text: '.' });
    expect(ctx().amountText).toBe('');
  });
});

describe('transfer form: submitting (issue 9 §2)', () => {
  it('an open venue within the balance is sent, in fen; a venue under maintenance is not', async () => {
    const { actor, fakes, ctx } = await start();
    actor.send(BALANCES);
    actor.send({ type: 'transfer.venue', venue: DOWN });
    actor.send({ type: 'transfer.amount', text: '1' });
    actor.send({ type: 'transfer.submit' });
    expect(fakes.invocations).toEqual([]);
    expect(ctx().problem).toBe('venueUnavailable');

    actor.send({ type: 'transfer.venue', venue: OPEN });
    actor.send({ type: 'transfer.amount', text: '12.5' });
    actor.send({ type: 'transfer.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(fakes.invocations.map((i) => i.input)).toEqual([
      { requestId: 'req-1', direction: 'in', venue: OPEN, amount: 1_250 },
    ]);
  });

  it('before the wallet read its balances a venue holds nothing known: nothing is sent, the form stays usable', async () => {
    const { actor, fakes, ctx } = await start({ direction: 'out', venue: OPEN });
    actor.send({ type: 'transfer.all' });
    expect(ctx().amountText).toBe('0.00');
    actor.send({ type: 'transfer.amount', text: '1' });
    actor.send({ type: 'transfer.submit' });
    expect(actor.getSnapshot().status).toBe('active');
    expect(fakes.invocations).toEqual([]);
    expect(ctx().problem).toBe('overBalance');
    // Once the balances come the same transfer goes out.
    actor.send(BALANCES);
    actor.send({ type: 'transfer.submit' });
    expect(fakes.invocations.map((i) => i.input)).toEqual([
      { requestId: 'req-1', direction: 'out', venue: OPEN, amount: 100 },
    ]);
  });

  it('a send rejected without any error object got no answer: the retry resends the same request id', async () => {
    const { actor, fakes } = await start();
    actor.send(BALANCES);
    actor.send({ type: 'transfer.venue', venue: OPEN });
    actor.send({ type: 'transfer.amount', text: '1' });
    actor.send({ type: 'transfer.submit' });
    fakes.reject(SUBMIT, undefined);
    await settle();
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().value).toBe('unsure');
    actor.send({ type: 'transfer.submit' });
    expect(fakes.invocations.map((i) => (i.input as { requestId: string }).requestId)).toEqual([
      'req-1',
      'req-1',
    ]);
  });
});
