import { afterEach, describe, expect, it, vi } from 'vitest';
import { cookiesEnabled, getCookie, removeCookie, setCookie } from '../../../src/platform/cookies.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('cookies', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reads back what it wrote and forgets what it removed', () => {
    expect(getCookie('k')).toBeUndefined();
    setCookie('k', 'v 1');
    expect(getCookie('k')).toBe('v 1');
    removeCookie('k');
    expect(getCookie('k')).toBeUndefined();
  });

  it('writes a session cookie without expiry and a dated one with the given days', () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    expect(descriptor?.set).toBeDefined();
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
      descriptor?.set?.call(document, value);
    });

    setCookie('session', 'a');
    setCookie('dated', 'b', { days: 365 });

    expect(writes[0]).toBe('session=a; path=/');
    const expires = /expires=([^;]+)/.exec(writes[1] ?? '')?.[1];
    expect(expires).toBeDefined();
    const days = (Date.parse(expires ?? '') - Date.now()) / DAY_MS;
    expect(days).toBeGreaterThan(364.9);
    expect(days).toBeLessThanOrEqual(365);
  });

  it('reports whether cookies are enabled', () => {
    expect(cookiesEnabled()).toBe(true);
    vi.spyOn(navigator, 'cookieEnabled', 'get').mockReturnValue(false);
    expect(cookiesEnabled()).toBe(false);
  });
});
