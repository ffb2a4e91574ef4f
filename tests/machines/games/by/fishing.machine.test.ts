// A fishing game's cannon (issue 12 §1, §2): the model's paths (fishing.model.ts), and the list of last shots
// kept to the last 10 (docs/games-by.md "The page") over more shots than the graph walks.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { fishingMachine } from '../../../../machines/games/by/fishing.machine.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { fishingModel, shotResult } from './fishing.model.ts';

describeModel(fishingModel.title, fishingModel.machine, fishingModel.graphs, fishingModel.harness);

describe('fishing cannon: the last shots', () => {
  it('lists the last 10 shots, newest first, after 12', async () => {
    let n = 0;
    const logic = fishingMachine.provide({
      actors: {
        shoot: fromPromise(async ({ input }) =>
          shotResult(`GM${++n}`, input.fish, input.stake, n % 2 === 0, 2),
        ),
      },
    });
    const actor = createActor(logic, { input: { game: 'fish-tycoon', levels: [10, 50] } }).start();
    for (let i = 1; i <= 12; i++) {
      actor.send({ type: 'fire', fish: 'clownfish', requestId: `shot-request-${i}` });
      await new Promise((r) => setTimeout(r, 0));
      expect(actor.getSnapshot().value).toBe('showing');
    }
    const shots = actor.getSnapshot().context.shots;
    expect(shots.map((s) => s.orderNo)).toEqual([
      'GM12',
      'GM11',
      'GM10',
      'GM9',
      'GM8',
      'GM7',
      'GM6',
      'GM5',
      'GM4',
      'GM3',
    ]);
    actor.stop();
  });

  it('the inert defaults say they are provided at composition', async () => {
    const actor = createActor(fishingMachine, { input: { game: 'fish-tycoon', levels: [10] } }).start();
    actor.send({ type: 'fire', fish: 'clownfish', requestId: 'shot-request-x' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'dismiss' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.stop();
  });
});
