// Browser seams for the app shell: the page, its location, visibility and the tab title.

export const PRE_INFO_ELEMENT_ID = 'pre-info';

/** The pre-info the server embedded in the HTML (no round trip for the first paint), or null. */
export function readEmbeddedPreInfo<T>(): T | null {
  const el = document.getElementById(PRE_INFO_ELEMENT_ID);
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as T;
  } catch {
    return null;
  }
}

const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|HarmonyOS|Windows Phone/i;
export function isMobileDevice(): boolean {
  return MOBILE_UA.test(navigator.userAgent);
}

export function setDocumentTitle(text: string): void {
  document.title = text;
}

export function setHtmlTheme(theme: string): void {
  document.documentElement.dataset.theme = theme;
}

export function pageHidden(): boolean {
  return document.visibilityState === 'hidden';
}

export function onVisibilityChange(listener: (hidden: boolean) => void): () => void {
  const handler = () => listener(pageHidden());
  document.addEventListener('visibilitychange', handler);
  return () => document.removeEventListener('visibilitychange', handler);
}

export function onWindowFocus(listener: () => void): () => void {
  window.addEventListener('focus', listener);
  return () => window.removeEventListener('focus', listener);
}

export function assignLocation(url: string): void {
  window.location.assign(url);
}

/** The local calendar day, YYYY-MM-DD (pop-ups once a day). */
export function localDay(date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}`;
}

export function sessionFlag(key: string): boolean {
  try {
    return sessionStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

export function setSessionFlag(key: string): void {
  try {
    sessionStorage.setItem(key, '1');
  } catch {
    // storage disabled: the flag lasts for this page only
  }
}

/** Removes query parameters from the address bar without a navigation (a login token must not linger). */
export function stripUrlParams(names: string[]): void {
  const url = new URL(window.location.href);
  for (const n of names) url.searchParams.delete(n);
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}

/** Locks page scrolling while a modal is open (spec §2); the modal host calls it once for the whole stack. */
export function lockScroll(): void {
  document.documentElement.classList.add('scroll-locked');
}

export function unlockScroll(): void {
  document.documentElement.classList.remove('scroll-locked');
}

/** The window is at most this wide (a phone-sized layout), by the media query the stylesheet uses too. */
export function viewportAtMost(widthPx: number): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(`(max-width: ${widthPx}px)`).matches;
}

/** The page is served over https. */
export function servedOverHttps(): boolean {
  return window.location.protocol === 'https:';
}
