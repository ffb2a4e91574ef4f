import { describe, expect, it } from 'vitest';
import {
  adoptUrlToken,
  cacheMember,
  clearToken,
  persistToken,
  readCachedMember,
  readToken,
  REMEMBER_LOGIN_DAYS,
} from '../../../src/app/session-store.ts';
import { getCookie } from '../../../src/platform/cookies.ts';

const MEMBER = {
  userId: 7,
  userName: '13800138000',
  phone: '(86)13800138000',
  countryCode: '86',
  vipLevel: 3,
  inviteCode: 'DEMO8888',
  registeredAt: '2026-11-21T00:00:00.000Z',
};

describe('session store (spec §3 local items, §5 token lifetime)', () => {
  it('remember-login keeps the token 365 days in the cookie and storage, with loginInfo.isChecked', () => {
    expect(REMEMBER_LOGIN_DAYS).toBe(365);
    persistToken('tok-1', true, '13800138000');
    expect(getCookie('X-API-TOKEN')).toBe('tok-1');
    expect(getCookie('isCheck')).toBe('1');
    expect(JSON.parse(localStorage.getItem('X-API-TOKEN')!)).toBe('tok-1');
    expect(JSON.parse(localStorage.getItem('loginInfo')!)).toEqual({ isChecked: true });
    expect(readToken()).toBe('tok-1');
  });

  it('a remembered login whose cookie the browser cleared puts the cookie back, so calls carry it (spec §6)', () => {
    persistToken('tok-kept', true, '13800138000');
    document.cookie = 'X-API-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    expect(getCookie('X-API-TOKEN')).toBeUndefined();
    expect(readToken()).toBe('tok-kept');
    expect(getCookie('X-API-TOKEN')).toBe('tok-kept');
  });

  it('a session login keeps the token in a session cookie only', () => {
    persistToken('tok-2', false, '13800138000');
    expect(getCookie('X-API-TOKEN')).toBe('tok-2');
    expect(localStorage.getItem('X-API-TOKEN')).toBeNull();
    expect(getCookie('isCheck')).toBeUndefined();
  });

  it('a URL token becomes the session login and drops the previous identity', async () => {
    persistToken('old', true, '13800138000');
    await cacheMember(MEMBER);
    adoptUrlToken('from-url');
    expect(readToken()).toBe('from-url');
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(localStorage.getItem('userName')).toBeNull();
  });

  it('the member cache is encrypted, reads back, and an empty or damaged cache reads as nothing', async () => {
    await cacheMember(MEMBER);
    const stored = localStorage.getItem('userInfo')!;
    expect(stored).not.toContain('13800138000');
    expect(await readCachedMember()).toEqual(MEMBER);
    localStorage.setItem('userInfo', '""');
    expect(await readCachedMember()).toBeNull();
    localStorage.setItem('userInfo', JSON.stringify('garbage'));
    expect(await readCachedMember()).toBeNull();
  });

  it('clearing forgets the token, the cached member and the user name', async () => {
    persistToken('tok-3', true, '13800138000');
    await cacheMember(MEMBER);
    clearToken();
    expect(readToken()).toBeNull();
    expect(getCookie('X-API-TOKEN')).toBeUndefined();
    expect(await readCachedMember()).toBeNull();
  });
});
