// A chess-and-card table (issue 12 §1, §3): the model's paths (table.model.ts), and the inert defaults.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { qpTableMachine } from '../../../../machines/games/qp/table.machine.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { qpTableModel } from './table.model.ts';

describeModel(qpTableModel.title, qpTableModel.machine, qpTableModel.graphs, qpTableModel.harness);

describe('chess-and-card table: composition', () => {
  it('the inert defaults say they are provided at composition (no hand read, a start fails)', async () => {
    const actor = createActor(qpTableMachine, { input: { game: 'blackjack', bases: [100, 200] } }).start();
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.base).toBe(100);
    actor.send({ type: 'start', requestId: 'start-request-x' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('failed');
    actor.stop();
  });
});
