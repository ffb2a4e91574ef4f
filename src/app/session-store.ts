// How the device keeps a login (spec §3 local items, §5 token lifetime, §9 cookie units).
import type { MemberInfo } from '../protocol/member.ts';
import { HEADER } from '../protocol/api.ts';
import { cookieExpiryDays } from '../lib/cookie-expiry.ts';
import { getCookie, removeCookie, setCookie } from '../platform/cookies.ts';
import { storageGet, storageRemove, storageSet } from '../platform/storage.ts';

/** spec §5, §9: a remember-login token lasts 365 days, else it is a session cookie. */
export const REMEMBER_LOGIN_DAYS = cookieExpiryDays(365, 'days');
/** spec §9: the isCheck cookie lasts 1 day. */
export const IS_CHECK_COOKIE_DAYS = cookieExpiryDays(1, 'days');

export const SESSION_KEYS = {
  token: HEADER.token, // cookie and local item X-API-TOKEN
  isCheck: 'isCheck',
  userName: 'userName',
  loginInfo: 'loginInfo',
  userInfo: 'userInfo',
} as const;

/** Obfuscation of the cached member on the device (it ships in the client): not a secret. */
const USER_INFO_PASSPHRASE = 'qipai-user-info-v1';

export function readToken(): string | null {
  const cookie = getCookie(SESSION_KEYS.token);
  if (cookie) return cookie;
  // A remembered login whose cookie was cleared by the browser but not its storage: the cookie is put back, since
  // every API call reads the token from the cookie (spec §6: calls carry the token when one exists). Found by the
  // session's UI model test: without it the restore asked member/info with no token and was refused (10004).
  const remembered = storageGet<{ isChecked?: boolean }>(SESSION_KEYS.loginInfo)?.isChecked === true;
  const kept = remembered ? storageGet<string>(SESSION_KEYS.token) : null;
  if (kept) setCookie(SESSION_KEYS.token, kept, { days: REMEMBER_LOGIN_DAYS });
  return kept;
}

export function rememberLoginTicked(): boolean {
  return storageGet<{ isChecked?: boolean }>(SESSION_KEYS.loginInfo)?.isChecked === true;
}

export function persistToken(token: string, remember: boolean, userName: string): void {
  setCookie(SESSION_KEYS.token, token, remember ? { days: REMEMBER_LOGIN_DAYS } : {});
  if (remember) {
    storageSet(SESSION_KEYS.token, token);
    setCookie(SESSION_KEYS.isCheck, '1', { days: IS_CHECK_COOKIE_DAYS });
  } else {
    storageRemove(SESSION_KEYS.token);
    removeCookie(SESSION_KEYS.isCheck);
  }
  storageSet(SESSION_KEYS.loginInfo, { isChecked: remember });
  storageSet(SESSION_KEYS.userName, userName);
}

/** A token from the landing URL (spec §2 appdown-token / token) becomes this tab's session login. */
export function adoptUrlToken(token: string): void {
  setCookie(SESSION_KEYS.token, token);
  storageRemove(SESSION_KEYS.token);
  storageRemove(SESSION_KEYS.userInfo);
  storageRemove(SESSION_KEYS.userName);
}

export function clearToken(): void {
  removeCookie(SESSION_KEYS.token);
  removeCookie(SESSION_KEYS.isCheck);
  storageRemove(SESSION_KEYS.token);
  storageRemove(SESSION_KEYS.userInfo);
  storageRemove(SESSION_KEYS.userName);
}

export async function cacheMember(member: MemberInfo): Promise<void> {
  const { encryptWithPassphrase } = await import('../lib/aes.ts');
  storageSet(SESSION_KEYS.userInfo, encryptWithPassphrase(JSON.stringify(member), USER_INFO_PASSPHRASE));
}

/** The cached member, or null when absent, empty or unreadable (spec §5: an empty cache read is ignored). */
export async function readCachedMember(): Promise<MemberInfo | null> {
  const cipher = storageGet<string>(SESSION_KEYS.userInfo);
  if (!cipher) return null;
  try {
    const { decryptWithPassphrase } = await import('../lib/aes.ts');
    const member = JSON.parse(decryptWithPassphrase(cipher, USER_INFO_PASSPHRASE)) as MemberInfo;
    return member && typeof member.userName === 'string' ? member : null;
  } catch {
    return null;
  }
}

export function readUserName(): string | null {
  return storageGet<string>(SESSION_KEYS.userName);
}
