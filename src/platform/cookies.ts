// Browser cookies (spec §3 local items: X-API-TOKEN, X-API-UUID, ...). The only module that touches document.cookie.
import Cookies from 'js-cookie';

export interface CookieOptions {
  /** Lifetime in days; absent means a session cookie (spec §5 token without 'remember login'). */
  days?: number;
}

export function getCookie(name: string): string | undefined {
  return Cookies.get(name);
}

export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  // Site-wide path so every route sees the same token and device id.
  Cookies.set(name, value, options.days === undefined ? { path: '/' } : { path: '/', expires: options.days });
}

export function removeCookie(name: string): void {
  Cookies.remove(name, { path: '/' });
}

/** spec §5: cookies must be enabled: the browser says so, and a probe cookie really sticks. */
export function cookiesEnabled(): boolean {
  try {
    if (typeof navigator === 'undefined' || !navigator.cookieEnabled) return false;
    document.cookie = 'cookie_probe=1; SameSite=Lax';
    const ok = document.cookie.includes('cookie_probe=1');
    document.cookie = 'cookie_probe=; Max-Age=0; SameSite=Lax';
    return ok;
  } catch {
    return false;
  }
}
