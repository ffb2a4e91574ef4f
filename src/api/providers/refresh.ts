// The adapter's half of spec §4's re-fetch: provider calls whose shared parameters expired wait for the
// provider-parameter machine (machines/venues/provider-params.machine.ts) to fetch them again and retry.
//
//   const calls = createRefreshingCalls((event) => paramsActor.send(event));
//   paramsMachine.provide({ actions: {
//     retryCall: (_, { callId }) => calls.retry(callId),
//     reportFailed: (_, { callId }) => calls.fail(callId),
//     storeParams: (_, { params }) => saveProviderParams(params),
//   }, actors: { fetchParams: fromPromise(({ input }) => fetchProviderParams(input.provider)) } });
//   calls.run(() => providerRequest(loadVenueSession('YBTY')!, { method: 'GET', path: '/matches' }));
//
// `run` takes a function, not a request, so the retry reads the parameters stored after the re-fetch.
import { BusinessError } from '../errors.ts';
import { isParamsExpiredError } from './request.ts';

/** The events this sends to the provider-parameter actor (its `call.failed` / `call.succeeded`). */
export type ParamsCallEvent =
  { type: 'call.failed'; callId: string; code: number | string } | { type: 'call.succeeded'; callId: string };

interface Pending {
  attempt: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  lastError: unknown;
}

export interface RefreshingCalls {
  /**
   * Runs the call. An answer that the parameters expired (isParamsExpiredError) is told to the machine and the
   * promise waits for its verdict (a retry, or a report that it failed); any other failure rejects at once.
   */
  run<T>(attempt: () => Promise<T>): Promise<T>;
  /** The machine's retryCall effect: runs the call once more; its outcome goes back to the machine. */
  retry(callId: string): void;
  /** The machine's reportFailed effect: the call rejects with the last error it met. */
  fail(callId: string): void;
  /** Calls waiting for the machine. */
  readonly waiting: number;
}

export function createRefreshingCalls(send: (event: ParamsCallEvent) => void): RefreshingCalls {
  const pending = new Map<string, Pending>();
  let next = 0;

  const failedWith = (callId: string, error: unknown) => {
    const entry = pending.get(callId);
    if (!entry) return;
    entry.lastError = error;
    send({ type: 'call.failed', callId, code: error instanceof BusinessError ? error.code : '' });
  };

  return {
    run<T>(attempt: () => Promise<T>): Promise<T> {
      const callId = `call-${++next}`;
      return new Promise<T>((resolve, reject) => {
        attempt().then(resolve, (error: unknown) => {
          if (!isParamsExpiredError(error)) return reject(error);
          pending.set(callId, {
            attempt,
            resolve: resolve as (value: unknown) => void,
            reject,
            lastError: error,
          });
          failedWith(callId, error);
        });
      });
    },
    retry(callId) {
      const entry = pending.get(callId);
      if (!entry) return;
      entry.attempt().then(
        (value) => {
          pending.delete(callId);
          send({ type: 'call.succeeded', callId });
          entry.resolve(value);
        },
        // The retried call failed: the machine reports it failed (a second expiry does not loop).
        (error: unknown) => failedWith(callId, error),
      );
    },
    fail(callId) {
      const entry = pending.get(callId);
      if (!entry) return;
      pending.delete(callId);
      entry.reject(entry.lastError);
    },
    get waiting() {
      return pending.size;
    },
  };
}
