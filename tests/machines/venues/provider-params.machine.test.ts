import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import * as paramsModule from '../../../machines/venues/provider-params.machine.ts';
import { describeModel, Fakes, settle } from '../../support/model-paths.ts';
import {
  DEBOUNCE_MS,
  failed,
  FRESH_TWO,
  provided,
  providerParamsModel,
  succeeded,
  THREE_EXPIRED,
  TWO_EXPIRED_PART,
} from './provider-params.model.ts';

describeModel(
  providerParamsModel.title,
  providerParamsModel.machine,
  providerParamsModel.graphs,
  providerParamsModel.harness,
);

// ───────────── hand-written: time between events (the graph takes its events at one instant) ─────────────

function start(provider: 'two' | 'three' = 'two') {
  const fakes = new Fakes();
  const clock = new SimulatedClock();
  const actor = createActor(provided(fakes), { input: { provider }, clock }).start();
  const fetches = () => fakes.invocations.filter((i) => i.src === 'fetchParams').length;
  return { actor, clock, fakes, fetches };
}

describe('provider parameters over time (spec §4, §9)', () => {
  it('the code’s constants are the spec’s', () => {
    expect(paramsModule.PARAMS_DEBOUNCE_MS).toBe(1_000);
  });

  it('fetches 1 000 ms after an expiry, not at 999 ms', () => {
    const { actor, clock, fetches } = start();
    actor.send(failed('a', TWO_EXPIRED_PART));
    clock.increment(DEBOUNCE_MS - 1);
    expect(fetches()).toBe(0);
    clock.increment(1);
    expect(fetches()).toBe(1);
  });

  it('several expiries within the window make ONE fetch; each restarts the window (debounce)', () => {
    const { actor, clock, fetches } = start();
    actor.send(failed('a', `x${TWO_EXPIRED_PART}`));
    clock.increment(600);
    actor.send(failed('b', TWO_EXPIRED_PART));
    clock.increment(900);
    actor.send(failed('c', TWO_EXPIRED_PART));
    // 1 000 ms after the first, 1 000 after the second: nothing yet, the last one restarted the window.
    clock.increment(999);
    expect(fetches()).toBe(0);
    clock.increment(1);
    expect(fetches()).toBe(1);
    expect(actor.getSnapshot().context.waiting.map((w) => w.callId)).toEqual(['a', 'b', 'c']);
    clock.increment(10 * DEBOUNCE_MS);
    expect(fetches()).toBe(1);
  });

  it('stores the new parameters, then retries every waiting call once, in order', async () => {
    const { actor, clock, fakes } = start();
    actor.send(failed('a', TWO_EXPIRED_PART));
    actor.send(failed('b', TWO_EXPIRED_PART));
    clock.increment(DEBOUNCE_MS);
    // An expiry while fetching joins the fetch: no second one.
    actor.send(failed('c', TWO_EXPIRED_PART));
    fakes.resolve('fetchParams', FRESH_TWO);
    await settle();
    expect(fakes.calls).toEqual([
      { name: 'storeParams', params: { params: FRESH_TWO } },
      { name: 'retryCall', params: { callId: 'a' } },
      { name: 'retryCall', params: { callId: 'b' } },
      { name: 'retryCall', params: { callId: 'c' } },
    ]);
    expect(fakes.invocations).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('a retried call that expires again is reported failed and starts no second fetch (no loop)', async () => {
    const { actor, clock, fakes, fetches } = start('three');
    actor.send(failed('a', THREE_EXPIRED));
    clock.increment(DEBOUNCE_MS);
    fakes.resolve('fetchParams', FRESH_TWO);
    await settle();
    actor.send(failed('a', THREE_EXPIRED));
    expect(fakes.called('reportFailed')).toEqual([{ callId: 'a', code: THREE_EXPIRED }]);
    clock.increment(5 * DEBOUNCE_MS);
    expect(fetches()).toBe(1);
    expect(actor.getSnapshot().context).toMatchObject({ waiting: [], retried: [] });
  });

  it('a retried call that succeeds is forgotten; the same id expiring later is a new call', async () => {
    const { actor, clock, fakes, fetches } = start();
    actor.send(failed('a', TWO_EXPIRED_PART));
    clock.increment(DEBOUNCE_MS);
    fakes.resolve('fetchParams', FRESH_TWO);
    await settle();
    actor.send(succeeded('a'));
    actor.send(failed('a', TWO_EXPIRED_PART));
    clock.increment(DEBOUNCE_MS);
    expect(fetches()).toBe(2);
  });

  it('a fetch that fails reports every waiting call failed with the code it met', async () => {
    const { actor, clock, fakes } = start();
    actor.send(failed('a', TWO_EXPIRED_PART));
    actor.send(failed('b', `9${TWO_EXPIRED_PART}`));
    clock.increment(DEBOUNCE_MS);
    fakes.reject('fetchParams', new Error('offline'));
    await settle();
    expect(fakes.called('reportFailed')).toEqual([
      { callId: 'a', code: TWO_EXPIRED_PART },
      { callId: 'b', code: `9${TWO_EXPIRED_PART}` },
    ]);
    expect(fakes.called('storeParams')).toEqual([]);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('only the provider’s own expiry code waits (provider three’s 14010 means nothing to provider two)', () => {
    const two = start('two');
    two.actor.send(failed('a', THREE_EXPIRED));
    expect(two.fakes.called('reportFailed')).toEqual([{ callId: 'a', code: THREE_EXPIRED }]);
    two.clock.increment(DEBOUNCE_MS);
    expect(two.fetches()).toBe(0);
    const three = start('three');
    three.actor.send(failed('a', '14010'));
    three.actor.send(failed('b', 140100));
    three.clock.increment(DEBOUNCE_MS);
    expect(three.fetches()).toBe(1);
    expect(three.fakes.called('reportFailed')).toEqual([{ callId: 'b', code: 140100 }]);
  });
});
