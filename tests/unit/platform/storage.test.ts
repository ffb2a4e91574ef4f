import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageGet, storageRemove, storageSet } from '../../../src/platform/storage.ts';

describe('storage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('round-trips JSON values', () => {
    expect(storageSet('user', { name: '张三', vip: 3 })).toBe(true);
    expect(localStorage.getItem('user')).toBe('{"name":"张三","vip":3}');
    expect(storageGet('user')).toEqual({ name: '张三', vip: 3 });
    storageRemove('user');
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('returns null for an absent, empty or unparsable item (spec §5 empty cache read)', () => {
    expect(storageGet('missing')).toBeNull();
    localStorage.setItem('empty', '');
    expect(storageGet('empty')).toBeNull();
    localStorage.setItem('broken', '{not json');
    expect(storageGet('broken')).toBeNull();
  });

  it('never throws when the browser refuses', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(storageSet('k', 1)).toBe(false);
    expect(storageGet('k')).toBeNull();
    expect(() => storageRemove('k')).not.toThrow();
  });
});
