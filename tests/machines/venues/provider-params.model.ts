// The provider-parameter machine's model (spec §4, §9; issue 11 §3): graphs, the spec's rules written out, and
// the per-state oracle. Issue 18 §1: every number and code below is written here, never imported from the code
// under test.
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { providerParamsMachine } from '../../../machines/venues/provider-params.machine.ts';
import type { ProviderParams } from '../../../src/protocol/venues.ts';
import type { ActionCall, Fakes, MachineModel, OracleArgs } from '../../support/model-paths.ts';

/** spec §9: debounce for re-fetch 1000 ms. */
export const DEBOUNCE_MS = 1_000;
/** spec §4: provider two's parameters expired when its code contains 400401. */
export const TWO_EXPIRED_PART = '400401';
/** spec §4: provider three's parameters expired when its code is 14010. */
export const THREE_EXPIRED = 14010;

export const DEBOUNCE = 'xstate.after.debounce.providerParams.debouncing';
export const FETCHED = 'xstate.done.actor.fetchParams';
export const FETCH_FAILED = 'xstate.error.actor.fetchParams';

export const FRESH_TWO: ProviderParams = {
  provider: 'two',
  values: {
    cuid: 'cuid-new',
    origin: 'https://site.test',
    requestId: 'req-new',
    resourceUrl: 'https://res.test/two',
    resourceGamingUrl: 'https://res.test/two-gaming',
  },
};
export const FRESH_THREE: ProviderParams = {
  provider: 'three',
  values: { origin: 'https://site.test', languageType: 'CMN', Authorization: 'Bearer new' },
};

/** The codes each graph tries: its own expiry, the other provider's expiry, and an ordinary refusal. */
export const CODES = {
  two: { expiry: `E${TWO_EXPIRED_PART}`, foreign: THREE_EXPIRED, other: '0000009' },
  three: { expiry: THREE_EXPIRED, foreign: TWO_EXPIRED_PART, other: 401 },
} as const;

export const failed = (callId: string, code: number | string) =>
  ({ type: 'call.failed', callId, code }) as const;
export const succeeded = (callId: string) => ({ type: 'call.succeeded', callId }) as const;

export function events(provider: 'two' | 'three'): AnyEventObject[] {
  const codes = Object.values(CODES[provider]);
  return [
    ...['a', 'b'].flatMap((id) => codes.map((code) => failed(id, code))),
    succeeded('a'),
    succeeded('b'),
    { type: DEBOUNCE },
    { type: FETCHED, output: provider === 'two' ? FRESH_TWO : FRESH_THREE },
    { type: FETCH_FAILED, error: new Error('offline') },
  ];
}

export const provided = (fakes: Fakes) =>
  providerParamsMachine.provide({
    actors: { fetchParams: fakes.promise<ProviderParams>('fetchParams') },
    actions: fakes.actions('storeParams', 'retryCall', 'reportFailed'),
  });

// ───────────── spec §4 written out ─────────────

type Phase = 'idle' | 'debouncing' | 'fetching';
interface Failed {
  callId: string;
  code: number | string;
}
export interface ParamsSpec {
  phase: Phase;
  /** Calls that met the expiry and wait for the one fetch. */
  waiting: Failed[];
  /** Calls retried once, whose answer has not come. */
  retried: string[];
  /** How many times the parameters were fetched. */
  fetches: number;
  /** What the last event made the adapter do. */
  effects: ActionCall[];
}

/** spec §4: "when the provider-two code contains 400401, or the provider-three code is 14010". */
export const expired = (provider: 'two' | 'three', code: number | string) =>
  provider === 'two' ? String(code).includes(TWO_EXPIRED_PART) : String(code) === String(THREE_EXPIRED);

/** The machine as spec §4 and issue 11 §3 tell it, after the events. */
export function paramsAfter(provider: 'two' | 'three', history: readonly AnyEventObject[]): ParamsSpec {
  const s: ParamsSpec = { phase: 'idle', waiting: [], retried: [], fetches: 0, effects: [] };
  for (const e of history) {
    s.effects = [];
    const id = e['callId'] as string;
    if (e.type === 'call.succeeded') s.retried = s.retried.filter((x) => x !== id);
    if (e.type === 'call.failed') {
      const code = e['code'] as number | string;
      if (s.waiting.some((w) => w.callId === id)) continue; // told twice: it waits already
      if (expired(provider, code) && !s.retried.includes(id)) {
        // An expiry waits for the fetch (1 s after the last one; one fetch for all of them).
        s.waiting.push({ callId: id, code });
        if (s.phase === 'idle') s.phase = 'debouncing';
      } else {
        // Anything else, or the retried call failing again: reported failed, no loop.
        s.retried = s.retried.filter((x) => x !== id);
        s.effects.push({ name: 'reportFailed', params: { callId: id, code } });
      }
    }
    if (e.type === DEBOUNCE) {
      s.phase = 'fetching';
      s.fetches++;
    }
    if (e.type === FETCHED) {
      // The new parameters are stored first, then each waiting call is retried once (with them).
      s.effects.push({ name: 'storeParams', params: { params: e['output'] } });
      for (const w of s.waiting) s.effects.push({ name: 'retryCall', params: { callId: w.callId } });
      s.retried.push(...s.waiting.map((w) => w.callId));
      s.waiting = [];
      s.phase = 'idle';
    }
    if (e.type === FETCH_FAILED) {
      for (const w of s.waiting) s.effects.push({ name: 'reportFailed', params: w });
      s.waiting = [];
      s.phase = 'idle';
    }
  }
  return s;
}

export function paramsOracle(o: OracleArgs) {
  const provider = o.input.provider as 'two' | 'three';
  const want = paramsAfter(provider, o.history);
  expect(o.snapshot.context).toEqual({ provider, waiting: want.waiting, retried: want.retried });
  expect(o.effects.actions).toEqual(want.effects);
  expect(o.effects.emitted).toEqual([]);
  // One fetch per debounce window, for this provider.
  const fetches = o.fakes.invocations.filter((i) => i.src === 'fetchParams');
  expect(fetches).toHaveLength(want.fetches);
  fetches.forEach((f) => expect(f.input).toEqual({ provider }));
  // Waiting for the debounce: a fetch comes 1 s after the last expiry, not before.
  if (want.phase === 'debouncing') expect(o.fakes.pendingIds()).toEqual([]);
  if (want.phase === 'fetching') expect(o.fakes.pendingIds()).toEqual(['fetchParams']);
}

export const providerParamsModel: MachineModel<typeof providerParamsMachine> = {
  title: 'provider parameters',
  machine: providerParamsMachine,
  graphs: [
    { name: 'provider two', input: { provider: 'two' }, events: events('two') },
    { name: 'provider three', input: { provider: 'three' }, events: events('three') },
  ],
  harness: {
    logic: provided,
    delays: { debounce: DEBOUNCE_MS },
    initial: 'idle',
    transitions: (o) => paramsAfter(o.input.provider, o.history).phase,
    oracles: { idle: paramsOracle, debouncing: paramsOracle, fetching: paramsOracle },
  },
};
