import { describe, expect, it, vi } from 'vitest';
import {
  apiErrorEventName,
  publishApiError,
  subscribeApiErrors,
  type ApiErrorEvent,
} from '../../../src/api/error-bus.ts';
import { BusinessError, NetworkError, TransportError } from '../../../src/api/errors.ts';

describe('error bus (spec §8: events named by error type and code)', () => {
  it('names events type:code', () => {
    expect(apiErrorEventName(new BusinessError(6001, 'x'))).toBe('business:6001');
    expect(apiErrorEventName(new BusinessError('0000001', 'x', 'provider-two'))).toBe('business:0000001');
    expect(apiErrorEventName(new NetworkError(502, 'x'))).toBe('network:502');
    expect(apiErrorEventName(new TransportError('timeout', 'x'))).toBe('transport:timeout');
    expect(apiErrorEventName(new TransportError('network-disconnected', 'x'))).toBe(
      'transport:network-disconnected',
    );
  });

  it('delivers to subscribers until they unsubscribe', () => {
    const seen: ApiErrorEvent[] = [];
    const unsubscribe = subscribeApiErrors((event) => seen.push(event));
    const error = new BusinessError(10102, '设备被封');
    publishApiError(error);
    unsubscribe();
    publishApiError(new NetworkError(500, 'x'));
    expect(seen).toEqual([{ name: 'business:10102', error }]);
  });

  it('keeps delivering when one listener throws, and rethrows that failure later', async () => {
    const failure = new Error('listener bug');
    const rethrown = new Promise<unknown>((resolve) => {
      const original = globalThis.queueMicrotask;
      vi.spyOn(globalThis, 'queueMicrotask').mockImplementationOnce((task) => {
        original(() => {
          try {
            task();
          } catch (e) {
            resolve(e);
          }
        });
      });
    });
    const second = vi.fn();
    const off1 = subscribeApiErrors(() => {
      throw failure;
    });
    const off2 = subscribeApiErrors(second);
    publishApiError(new TransportError('cancelled', 'x'));
    off1();
    off2();
    expect(second).toHaveBeenCalledWith(expect.objectContaining({ name: 'transport:cancelled' }));
    expect(await rethrown).toBe(failure);
    vi.restoreAllMocks();
  });
});

describe('errors published before anyone listens', () => {
  it('are held (at most MAX_HELD_ERRORS, newest kept) and handed to the first subscriber only', async () => {
    const {
      MAX_HELD_ERRORS,
      publishApiError: publish,
      subscribeApiErrors: subscribe,
      resetApiErrorBus,
    } = await import('../../../src/api/error-bus.ts');
    resetApiErrorBus();
    for (let i = 0; i < MAX_HELD_ERRORS + 2; i++) publish(new BusinessError(6000 + i, 'x'));
    const first: string[] = [];
    const second: string[] = [];
    const off1 = subscribe((e) => first.push(e.name));
    const off2 = subscribe((e) => second.push(e.name));
    expect(first).toHaveLength(MAX_HELD_ERRORS);
    expect(first[0]).toBe('business:6002');
    expect(first.at(-1)).toBe(`business:${6000 + MAX_HELD_ERRORS + 1}`);
    expect(second).toEqual([]);
    off1();
    off2();
  });
});
