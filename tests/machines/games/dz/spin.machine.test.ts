// A slot game's round (issue 12 §1, §2): the model's paths (spin.model.ts), how a result is said, and the
// inert defaults.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { freeSpinsOf, resultKind, spinMachine } from '../../../../machines/games/dz/spin.machine.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { spinModel, spinResponse } from './spin.model.ts';

describeModel(spinModel.title, spinModel.machine, spinModel.graphs, spinModel.harness);

describe('slot round: how a result is said (issue 12 §2)', () => {
  it('only a payout above the stake is a win; less is a net loss', () => {
    expect(resultKind(0, 200)).toBe('loss');
    expect(resultKind(50, 200)).toBe('small');
    expect(resultKind(199, 200)).toBe('small');
    expect(resultKind(200, 200)).toBe('even');
    expect(resultKind(201, 200)).toBe('win');
  });
  it('counts the free spins of the last answer', () => {
    expect(freeSpinsOf({ result: null })).toBe(0);
    expect(freeSpinsOf({ result: spinResponse('GM1', 0, 3) })).toBe(3);
  });
  it('the inert defaults say they are provided at composition', async () => {
    const actor = createActor(spinMachine, {
      input: { game: 'fortune-god', levels: [1], reducedMotion: false },
    }).start();
    actor.send({ type: 'spin', requestId: 'spin-request-x' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'dismiss' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.stop();
  });
});
