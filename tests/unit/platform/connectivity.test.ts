import { afterEach, describe, expect, it, vi } from 'vitest';
import { isOffline } from '../../../src/platform/connectivity.ts';

describe('connectivity', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('follows navigator.onLine', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    expect(isOffline()).toBe(false);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(isOffline()).toBe(true);
  });
});
