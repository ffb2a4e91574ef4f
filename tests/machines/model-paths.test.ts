import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { modelGraph, replayAll, type Harness } from '../support/model-paths.ts';

// Issue 18 §1: the helper checks a machine against the test's own table and oracles, never against itself.

const toggle = createMachine({
  id: 'toggle',
  initial: 'off',
  states: { off: { on: { flip: 'on' } }, on: { after: { 500: 'off' } } },
});
const graph = modelGraph(toggle, {
  name: 'toggle',
  input: undefined,
  events: [{ type: 'flip' }, { type: 'xstate.after.500.toggle.on' }],
});
const harness: Harness = {
  logic: () => toggle,
  initial: 'off',
  transitions: { off: { flip: 'on' }, on: { 'xstate.after.500.toggle.on': 'off' } },
  oracles: { off: () => {}, on: () => {} },
};

describe('model paths: oracles and the hand-written table', () => {
  it('a machine that agrees with the table and the oracles passes', async () => {
    const coverage = await replayAll(graph, harness);
    expect(coverage.graphEdges.get('toggle')?.size).toBe(graph.edges.length);
  });

  it('a state without an oracle fails with "no oracle for state X"', async () => {
    await expect(replayAll(graph, { ...harness, oracles: { off: () => {} } })).rejects.toThrow(
      'no oracle for state on',
    );
  });

  it('an event the table does not answer fails', async () => {
    await expect(replayAll(graph, { ...harness, transitions: { off: { flip: 'on' } } })).rejects.toThrow(
      'no expected transition for state on on xstate.after.500.toggle.on',
    );
  });

  it('a machine that goes elsewhere than the table says fails, whatever its own transition function says', async () => {
    await expect(
      replayAll(graph, {
        ...harness,
        transitions: { off: { flip: 'off' }, on: { 'xstate.after.500.toggle.on': 'off' } },
      }),
    ).rejects.toThrow(/state/);
  });

  it('an oracle that fails fails the step', async () => {
    const failing: Harness = {
      ...harness,
      oracles: {
        off: () => {},
        on: () => {
          throw new Error('on must never be reached');
        },
      },
    };
    await expect(replayAll(graph, failing)).rejects.toThrow('on must never be reached');
  });
});
