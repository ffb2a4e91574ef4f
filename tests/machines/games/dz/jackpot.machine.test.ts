// The slots' jackpot pool figure (issue 19 §2): the model's paths (jackpot.model.ts) and the inert default.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { jackpotMachine } from '../../../../machines/games/dz/jackpot.machine.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { jackpotModel } from './jackpot.model.ts';

describeModel(jackpotModel.title, jackpotModel.machine, jackpotModel.graphs, jackpotModel.harness);

describe('slot jackpot figure: the inert default', () => {
  it('says it is provided at composition (a failed read: stale, no figure)', async () => {
    const actor = createActor(jackpotMachine).start();
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('stale');
    expect(actor.getSnapshot().context.figure).toBeNull();
    actor.send({ type: 'seen', pool: 1, won: false });
    expect(actor.getSnapshot().context.figure).toBeNull();
    actor.stop();
  });
});
