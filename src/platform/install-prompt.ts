// The browser's side of the app-install strip (issue 19 §2): the beforeinstallprompt event kept for a click
// (Chromium browsers fire it when the site can be installed: public/manifest.webmanifest), and appinstalled.
// Listening starts at boot (src/main.tsx imports this module), so the browser's one offer is kept whichever page
// the player lands on first.

/** Chromium's BeforeInstallPromptEvent (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let kept: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<(what: 'available' | 'installed') => void>();

/** The installable site's manifest (public/manifest.webmanifest). */
const MANIFEST_HREF = '/manifest.webmanifest';

/**
 * The manifest is linked once the page has loaded and the browser is idle: Chromium fetches it and its icon as
 * soon as it sees the link, and in the head they competed with the first page's own files (Lighthouse on /).
 */
function linkManifest(): void {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = MANIFEST_HREF;
  document.head.append(link);
}

if (typeof window !== 'undefined') {
  const later = () =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(linkManifest) : setTimeout(linkManifest, 0);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
  window.addEventListener('beforeinstallprompt', (e) => {
    // The site offers the install itself (the strip), not the browser's own mini bar.
    e.preventDefault();
    kept = e as BeforeInstallPromptEvent;
    listeners.forEach((l) => l('available'));
  });
  window.addEventListener('appinstalled', () => {
    kept = null;
    installed = true;
    listeners.forEach((l) => l('installed'));
  });
}

/**
 * Tells `listener` what the browser says from now on, and at once what it said already. Answers the unsubscribe.
 */
export function watchInstall(listener: (what: 'available' | 'installed') => void): () => void {
  listeners.add(listener);
  if (installed) listener('installed');
  else if (kept) listener('available');
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog with the kept event (spent by it); answers what the player chose. */
export async function promptInstall(): Promise<'accepted' | 'dismissed'> {
  const event = kept;
  kept = null;
  if (!event) return 'dismissed';
  await event.prompt();
  return (await event.userChoice).outcome;
}
