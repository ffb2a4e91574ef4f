import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_ID_COOKIE, DEVICE_ID_EXPIRY_DAYS, getDeviceId } from '../../../src/platform/device-id.ts';
import { getCookie, setCookie } from '../../../src/platform/cookies.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('device id', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is kept in the X-API-UUID cookie for a year', () => {
    expect(DEVICE_ID_COOKIE).toBe('X-API-UUID');
    expect(DEVICE_ID_EXPIRY_DAYS).toBe(365);
  });

  it('is created with crypto.randomUUID when absent and stored in the cookie', () => {
    const spy = vi.spyOn(crypto, 'randomUUID').mockReturnValue('11111111-2222-4333-8444-555555555555');
    expect(getDeviceId()).toBe('11111111-2222-4333-8444-555555555555');
    expect(getCookie('X-API-UUID')).toBe('11111111-2222-4333-8444-555555555555');
    expect(getDeviceId()).toBe('11111111-2222-4333-8444-555555555555');
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('reuses an existing cookie', () => {
    setCookie('X-API-UUID', 'existing-id');
    const spy = vi.spyOn(crypto, 'randomUUID');
    expect(getDeviceId()).toBe('existing-id');
    expect(spy).not.toHaveBeenCalled();
  });

  it('still makes a v4 uuid where randomUUID is missing (plain http)', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const id = getDeviceId();
      expect(id).toMatch(UUID_V4);
      expect(getCookie('X-API-UUID')).toBe(id);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
