// The transfer form (issue 9 §2): the model's paths (transfer-form.model.ts) and the cases a path cannot state.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { Fakes, describeModel, settle } from '../../support/model-paths.ts';
import {
  BALANCES,
  NO_ANSWER,
  OPEN,
  provideTransferForm,
  SUBMIT,
  transferFormModel,
} from './transfer-form.model.ts';

describeModel(
  transferFormModel.title,
  transferFormModel.machine,
  transferFormModel.graphs,
  transferFormModel.harness,
);

function start() {
  const fakes = new Fakes();
  const actor = createActor(provideTransferForm(fakes), { input: {} }).start();
  actor.send(BALANCES);
  actor.send({ type: 'transfer.venue', venue: OPEN });
  actor.send({ type: 'transfer.amount', text: '12.5' });
  return { actor, fakes };
}

describe('transfer form: the money moves once (issue 9 §2)', () => {
  it('a double click sends one request', async () => {
    const { actor, fakes } = start();
    actor.send({ type: 'transfer.submit' });
    actor.send({ type: 'transfer.submit' });
    await settle();
    expect(fakes.invocations).toHaveLength(1);
    expect(fakes.invocations[0]!.input).toEqual({
      requestId: 'req-1',
      direction: 'in',
      venue: OPEN,
      amount: 1_250,
    });
  });

  it('retries after no answer carry the same id, as many times as it takes; the next transfer a new one', async () => {
    const { actor, fakes } = start();
    actor.send({ type: 'transfer.submit' });
    for (let i = 0; i < 3; i++) {
      fakes.reject(SUBMIT, NO_ANSWER);
      await settle();
      expect(actor.getSnapshot().value).toBe('unsure');
      actor.send({ type: 'transfer.submit' });
      await settle();
    }
    expect(fakes.invocations.map((i) => (i.input as { requestId: string }).requestId)).toEqual([
      'req-1',
      'req-1',
      'req-1',
      'req-1',
    ]);
    fakes.resolve(SUBMIT, { requestId: 'req-1', central: 8_750, venue: BALANCES.venues[0] });
    await settle();
    actor.send({ type: 'transfer.amount', text: '1' });
    actor.send({ type: 'transfer.submit' });
    await settle();
    expect((fakes.invocations.at(-1)!.input as { requestId: string }).requestId).toBe('req-2');
  });

  it('while the outcome is unknown the fields cannot change (a changed request under the same id would be refused)', async () => {
    const { actor, fakes } = start();
    actor.send({ type: 'transfer.submit' });
    fakes.reject(SUBMIT, NO_ANSWER);
    await settle();
    actor.send({ type: 'transfer.amount', text: '99' });
    actor.send({ type: 'transfer.venue', venue: 'OTHER' });
    actor.send({ type: 'transfer.direction', direction: 'out' });
    expect(actor.getSnapshot().context).toMatchObject({ amountText: '12.5', venue: OPEN, direction: 'in' });
  });
});
