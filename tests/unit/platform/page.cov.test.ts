// Browser seams when the browser refuses storage (spec §3 local items; storage.ts: "never throws"): session
// flags and local items degrade to "not set" instead of breaking the page.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localDay, sessionFlag, setSessionFlag } from '../../../src/platform/page.ts';
import { storageGet, storageRemove, storageSet } from '../../../src/platform/storage.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('localDay', () => {
  it('is the local calendar day as YYYY-MM-DD', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(localDay(new Date(2026, 11, 31, 0, 0))).toBe('2026-12-31');
  });
});

describe('session flags', () => {
  it('are set for the tab and read back', () => {
    expect(sessionFlag('accessAlertSkip')).toBe(false);
    setSessionFlag('accessAlertSkip');
    expect(sessionFlag('accessAlertSkip')).toBe(true);
  });

  it('read as unset, and setting them does not throw, when session storage is refused', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(() => setSessionFlag('accessAlertSkip')).not.toThrow();
    expect(sessionFlag('accessAlertSkip')).toBe(false);
  });
});

describe('local items when the browser disables storage', () => {
  it('read as absent, refuse to store and ignore removal', () => {
    storageSet('theme', 'space');
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('disabled', 'SecurityError');
    });
    expect(storageGet('theme')).toBeNull();
    expect(storageSet('theme', 'default')).toBe(false);
    expect(() => storageRemove('theme')).not.toThrow();
  });
});
