import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { isProviderParamsExpired } from '../../src/protocol/providers.ts';
import { PROVIDER_PARAMS_DEBOUNCE_MS, type ProviderParams } from '../../src/protocol/venues.ts';

// The provider-parameter machine (spec §4, §9; issue 11 §3): provider two's and three's shared parameters expire
// with their credential. When a call answers that they did (provider two: a code containing 400401; provider
// three: 14010), the parameters are fetched again — debounced 1 s: every expiry within the window joins the same
// ONE fetch, and each new one restarts the window — the new parameters are stored, and every call that met the
// expiry is retried once. A retried call that fails again (expired or not) is reported failed: no loop.
//
// One actor per provider ('two' or 'three'), composed by the venues area. API:
//
// Events (sent by the adapter's calls, src/api/providers/refresh.ts createRefreshingCalls):
//   { type: 'call.failed', callId, code }   a call failed with this provider code; only an expiry code of this
//                                            provider waits for the re-fetch, anything else is reported at once
//   { type: 'call.succeeded', callId }       a retried call came back fine (it is forgotten)
// Effects (named here, inert; provided at composition):
//   actor   fetchParams   input { provider }  → ProviderParams   (POST /game/api/v1/venue/providerParams)
//   action  storeParams   params { params }                      (saveProviderParams: spec §4 "saved to storage")
//   action  retryCall     params { callId }                      (after storeParams: the retry reads the new ones)
//   action  reportFailed  params { callId, code }                (the call's promise rejects with its last error)
// Context: provider, waiting (calls waiting for the fetch, in order), retried (calls retried, answer not yet in).
// States: idle → debouncing (1 s, restarted by each new expiry) → fetching → idle.

export type ParamsProvider = 'two' | 'three';

export interface ProviderParamsInput {
  provider: ParamsProvider;
}

export type ProviderParamsEvent =
  { type: 'call.failed'; callId: string; code: number | string } | { type: 'call.succeeded'; callId: string };

export interface FailedCall {
  callId: string;
  code: number | string;
}

export interface ProviderParamsContext {
  provider: ParamsProvider;
  /** Calls that met the expiry and wait for the fetch, in the order they failed. */
  waiting: FailedCall[];
  /** Calls retried with fetched parameters whose answer has not come back. */
  retried: string[];
}

/** spec §9: debounce for re-fetch 1000 ms. */
export const PARAMS_DEBOUNCE_MS = PROVIDER_PARAMS_DEBOUNCE_MS;

type Failed = Extract<ProviderParamsEvent, { type: 'call.failed' }>;
const failedOf = (event: ProviderParamsEvent): Failed | null => (event.type === 'call.failed' ? event : null);

/** Any other failure, or a retried call failing again: reported failed at once, and forgotten. */
const reportOne = [
  'forgetRetried',
  {
    type: 'reportFailed',
    params: ({ event }: { event: ProviderParamsEvent }) => {
      const { callId, code } = failedOf(event)!;
      return { callId, code };
    },
  },
] as const;

export const providerParamsMachine = setup({
  types: {} as {
    context: ProviderParamsContext;
    events: ProviderParamsEvent;
    input: ProviderParamsInput;
  },
  actors: {
    /** Fetches the provider's shared parameters again: provided at composition. */
    fetchParams: fromPromise<ProviderParams, { provider: ParamsProvider }>(async () => {
      throw new Error('fetchParams is provided at composition');
    }),
  },
  actions: {
    /** Stores the fetched parameters (spec §4): provided at composition. */
    storeParams: (_, _params: { params: ProviderParams }) => {},
    /** Runs the failed call once more with the stored parameters: provided at composition. */
    retryCall: (_, _params: { callId: string }) => {},
    /** The call failed for good: provided at composition. */
    reportFailed: (_, _params: { callId: string; code: number | string }) => {},
    /** The call joins those waiting for the fetch. */
    wait: assign({
      waiting: ({ context, event }) => {
        const { callId, code } = failedOf(event)!;
        return [...context.waiting, { callId, code }];
      },
    }),
    /** The call is done with (it succeeded, or it is reported failed): a retried one is forgotten. */
    forgetRetried: assign({
      retried: ({ context, event }) => context.retried.filter((id) => id !== event.callId),
    }),
  },
  guards: {
    /** A new expiry: this provider's expiry code, from a call that is not a retry (spec §4: retried once). */
    freshExpiry: ({ context, event }) => {
      const failed = failedOf(event);
      return (
        failed !== null &&
        isProviderParamsExpired(context.provider, failed.code) &&
        !context.retried.includes(failed.callId)
      );
    },
    /** The call is waiting already (told twice): nothing changes. */
    waitingAlready: ({ context, event }) => {
      const failed = failedOf(event);
      return failed !== null && context.waiting.some((w) => w.callId === failed.callId);
    },
  },
  delays: { debounce: PARAMS_DEBOUNCE_MS },
}).createMachine({
  id: 'providerParams',
  context: ({ input }) => ({ provider: input.provider, waiting: [], retried: [] }),
  initial: 'idle',
  on: { 'call.succeeded': { actions: 'forgetRetried' } },
  states: {
    idle: {
      on: {
        'call.failed': [
          { guard: 'freshExpiry', target: 'debouncing', actions: 'wait' },
          { actions: reportOne },
        ],
      },
    },
    /** spec §4, §9: expiries within 1 s of the last one share one fetch. */
    debouncing: {
      after: { debounce: 'fetching' },
      on: {
        'call.failed': [
          { guard: 'waitingAlready' },
          { guard: 'freshExpiry', target: 'debouncing', reenter: true, actions: 'wait' },
          { actions: reportOne },
        ],
      },
    },
    fetching: {
      invoke: {
        id: 'fetchParams',
        src: 'fetchParams',
        input: ({ context }) => ({ provider: context.provider }),
        onDone: {
          target: 'idle',
          actions: enqueueActions(({ context, enqueue, event }) => {
            enqueue({ type: 'storeParams', params: { params: event.output } });
            for (const { callId } of context.waiting) enqueue({ type: 'retryCall', params: { callId } });
            enqueue.assign({
              retried: [...context.retried, ...context.waiting.map((w) => w.callId)],
              waiting: [],
            });
          }),
        },
        // The parameters could not be fetched: every waiting call fails with the expiry it met.
        onError: {
          target: 'idle',
          actions: enqueueActions(({ context, enqueue }) => {
            for (const { callId, code } of context.waiting)
              enqueue({ type: 'reportFailed', params: { callId, code } });
            enqueue.assign({ waiting: [] });
          }),
        },
      },
      on: {
        // An expiry during the fetch joins it: the call is retried with the parameters it brings.
        'call.failed': [
          { guard: 'waitingAlready' },
          { guard: 'freshExpiry', actions: 'wait' },
          { actions: reportOne },
        ],
      },
    },
  },
});
