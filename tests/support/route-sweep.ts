// The route sweep (issue 19 §3), shared by the browser test (tests/e2e/route-sweep.test.ts) and the contact sheet
// (scripts/screens.ts): every route the router mounts with an example of its parameters, a member signed in
// through the site's API, client-side visits that wait until the page has settled, and the visual checks of a
// rendered page (horizontal overflow, text cut by its own box, images that failed to load). Nothing here reads
// vitest's injected values: the caller passes the site's base URL. (Not a test file: vitest runs *.test.ts.)
import type { BrowserContext, Page } from 'playwright-core';
import { MOUNTED_ROUTES, type RouteEntry } from '../../src/app/route-table.ts';
import { HEADER, SITE_ID } from '../../src/protocol/api.ts';
import { EMBEDDED_URL_PARAM, EMBEDDED_VENUE_PAGES, type LaunchResult } from '../../src/protocol/venues.ts';
import { DESKTOP, PHONE } from './browser.ts';
import { go, siteCallAt } from './e2e-site.ts';

/** The narrowest phone of the team rules: nothing cut at 320 px (issue 19 §1: every control shows its whole label). */
export const NARROW = { width: 320, height: 640 } as const;
export const SWEEP_VIEWPORTS = { phone: PHONE, desktop: DESKTOP, narrow: NARROW } as const;
export type SweepViewport = keyof typeof SWEEP_VIEWPORTS;
export type Login = 'guest' | 'member';

/** One route as visited: the table's entry and the address opened for it (parameters filled in). */
export interface RouteVisit {
  route: RouteEntry;
  /** path + search as opened. */
  url: string;
}

/** The site's API as its client calls it (spec §7 headers and signature): answers data or throws code and message. */
export const apiCall = siteCallAt;

/** Logs a member in through the API (spec §6) and hands the context the token cookie the site reads. */
export async function signIn(
  context: BrowserContext,
  baseUrl: string,
  phone: string,
  password: string,
): Promise<string> {
  const { token } = await apiCall<{ token: string }>(baseUrl, '/site/api/v1/user/login', {
    countryCode: '86',
    phone,
    password,
    remember: false,
  });
  await context.addCookies([{ name: HEADER.token, value: token, url: baseUrl }]);
  return token;
}

/**
 * The address of every mounted route for one visit: the table's paths as they are (/sponsor/0 is already an
 * example), and each embedded venue page with the URL of a real launch of its venue (`?url=`, spec §2) — the
 * desktop page at desktop size, the phone page (h5Url) otherwise, as the site's launch picks. Launches need a member.
 */
export async function routeVisits(
  baseUrl: string,
  token: string | null,
  viewport: SweepViewport,
  routes: ReadonlyArray<RouteEntry> = MOUNTED_ROUTES,
): Promise<RouteVisit[]> {
  const out: RouteVisit[] = [];
  for (const route of routes) {
    const embedded = EMBEDDED_VENUE_PAGES.find((p) => p.path === route.path);
    if (!embedded || !token) {
      out.push({ route, url: route.path });
      continue;
    }
    const launch = await apiCall<LaunchResult>(
      baseUrl,
      '/game/api/v1/venue/launch',
      {
        enName: embedded.venue,
        appSendMoney: 1,
        isSure: 1,
        isManualLaunch: 1,
        https: 0,
        isApp: 0,
        siteId: SITE_ID,
      },
      token,
    );
    const frame = viewport === 'desktop' ? launch.url : launch.h5Url;
    out.push({ route, url: `${route.path}?${EMBEDDED_URL_PARAM}=${encodeURIComponent(frame)}` });
  }
  return out;
}

/** What a page said on its console (errors) and what it threw, since the last take(). */
export interface PageLog {
  take(): string[];
  /** Requests started and not yet finished (for the quiet wait). */
  pending(): number;
  /** Date.now() of the last request event (started, finished or failed). */
  lastActivity(): number;
}

export function watchPage(page: Page): PageLog {
  let errors: string[] = [];
  let inFlight = 0;
  let last = Date.now();
  page.on('console', (m) => {
    if (m.type() === 'error') {
      const at = m.location();
      errors.push(`console: ${m.text()}${at.url ? ` (${at.url.replace(/^https?:\/\/[^/]+/, '')})` : ''}`);
    }
  });
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  const done = () => {
    inFlight = Math.max(0, inFlight - 1);
    last = Date.now();
  };
  page.on('request', () => {
    inFlight += 1;
    last = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    take() {
      const out = errors;
      errors = [];
      return out;
    },
    pending: () => inFlight,
    lastActivity: () => last,
  };
}

/** How long the network stays quiet before a page counts as loaded, and the longest wait for it. */
const QUIET_MS = 250;
const QUIET_LIMIT_MS = 6_000;

/**
 * Waits until the page has settled: no request in flight for QUIET_MS (at most QUIET_LIMIT_MS: a page that polls
 * is measured as it is then), the gate's loading placeholder gone, a main heading there, fonts loaded and every
 * finite animation ended.
 */
export async function settle(page: Page, log: PageLog): Promise<void> {
  const until = Date.now() + QUIET_LIMIT_MS;
  await page.waitForTimeout(60);
  while (Date.now() < until && (log.pending() > 0 || Date.now() - log.lastActivity() < QUIET_MS)) {
    await page.waitForTimeout(50);
  }
  await page.waitForFunction(
    () =>
      !document.querySelector('#root .loading') &&
      document.querySelector('#root h1, #root [role="heading"][aria-level="1"]') !== null &&
      document.fonts.status === 'loaded' &&
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    undefined,
    { timeout: 15_000, polling: 50 },
  );
}

/** Opens a route on a page already showing the site: client-side, as a link inside the site does. */
export async function visitRoute(page: Page, log: PageLog, url: string): Promise<string> {
  await go(page, url);
  await settle(page, log);
  return page.evaluate(() => location.pathname + location.search);
}

/** One thing the visual check found on a page. */
export interface VisualFinding {
  kind: 'overflow' | 'cut' | 'image';
  /** What and which element (a short selector with the element's text). */
  detail: string;
}

/**
 * Everything a player reaches by scrolling is rendered and loaded now, so that it is checked too: a region the
 * page leaves unrendered until scrolled near (content-visibility: auto, the home's hot games) is rendered, and
 * lazily loaded images are asked for (loading="eager").
 */
async function loadAllImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      if (getComputedStyle(el).contentVisibility === 'auto') el.style.contentVisibility = 'visible';
    }
    const imgs = [...document.images];
    for (const img of imgs) if (img.loading === 'lazy') img.loading = 'eager';
    await Promise.race([
      Promise.all(
        imgs.map((img) =>
          img.complete
            ? null
            : new Promise((r) => {
                img.addEventListener('load', r, { once: true });
                img.addEventListener('error', r, { once: true });
              }),
        ),
      ),
      new Promise((r) => setTimeout(r, 4_000)),
    ]);
  });
}

/**
 * The visual checks of the page as it is now (issue 19 §3):
 * - horizontal overflow: the document is wider than the viewport; names the element sticking out furthest
 *   (the outermost such element, outside any box that clips or scrolls it; fixed boxes do not scroll the page);
 * - text cut by its own box: an element whose text runs past the box that clips it (overflow hidden or clip on
 *   that axis). Not a finding: text in a scrolling box (auto/scroll: the player scrolls it), a box that shows an
 *   ellipsis on purpose (text-overflow: ellipsis or -webkit-line-clamp) unless it is a control (issue 19 §1: every
 *   control shows its whole label), a moving ticker (a running infinite animation inside), text wholly outside
 *   the box (a slide not shown), and screen-reader-only text (a box of at most 2 px). A <select> is cut when its
 *   chosen option needs a wider box than it has (a copy holding only that option, sized to its content, is
 *   measured); an input when its value, or its placeholder while empty, is wider than its box;
 * - an image that failed to load (complete, no natural width, and decoding it fails).
 */
export async function visualFindings(page: Page): Promise<VisualFinding[]> {
  // tsx (esbuild, keepNames) wraps the named functions below in __name(), which the page lacks (scripts/screens.ts).
  await page.evaluate('window.__name ??= (f) => f');
  await loadAllImages(page);
  return page.evaluate(async () => {
    const found: { kind: 'overflow' | 'cut' | 'image'; detail: string }[] = [];
    const SLACK = 1;
    const name = (el: Element): string => {
      const parts: string[] = [];
      for (let e: Element | null = el; e && e !== document.body && parts.length < 3; e = e.parentElement) {
        const cls = [...e.classList]
          .slice(0, 3)
          .map((c) => `.${c}`)
          .join('');
        parts.unshift(`${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${cls}`);
      }
      const text = (
        el instanceof HTMLSelectElement
          ? (el.selectedOptions[0]?.text ?? '')
          : el instanceof HTMLInputElement
            ? el.value || el.placeholder
            : (el.textContent ?? '')
      )
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 40);
      return `${parts.join(' > ')}${text ? ` “${text}”` : ''}`;
    };
    const visible = (el: Element): boolean =>
      el.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true });
    const clipsX = (cs: CSSStyleDeclaration) => cs.overflowX !== 'visible';
    const isFixed = (el: Element): boolean => {
      for (let e: Element | null = el; e; e = e.parentElement) {
        if (getComputedStyle(e).position === 'fixed') return true;
      }
      return false;
    };
    const all = [...document.body.querySelectorAll('*')];

    // 1. Horizontal overflow of the document. While a dialog is open the site locks scrolling (html and body
    // overflow hidden) and scrollWidth no longer counts what sticks out, so the elements are looked at too: one
    // that sticks out past the right edge outside any box (but html and body) that clips or scrolls it.
    const vw = document.documentElement.clientWidth;
    const sw = document.documentElement.scrollWidth;
    const out: { el: Element; right: number }[] = [];
    for (const el of all) {
      const r = el.getBoundingClientRect();
      const right = r.right + window.scrollX;
      if (r.width === 0 || right <= vw + SLACK || !visible(el)) continue;
      let contained = false;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (clipsX(getComputedStyle(a))) {
          contained = true;
          break;
        }
      }
      if (contained || isFixed(el)) continue;
      out.push({ el, right });
    }
    if (sw > vw || out.length) {
      // The outermost of those sticking out furthest.
      out.sort((a, b) => b.right - a.right);
      const top = out[0];
      const culprit = top
        ? (out.find(
            (o) =>
              o.right === top.right &&
              !out.some((p) => p.el !== o.el && p.el.contains(o.el) && p.right === o.right),
          ) ?? top)
        : undefined;
      found.push({
        kind: 'overflow',
        detail:
          (sw > vw
            ? `document ${sw}px wide in a ${vw}px viewport`
            : `sticks out of the ${vw}px viewport (scrolling locked)`) +
          (culprit
            ? `; widest: ${name(culprit.el)} (${Math.round(culprit.el.getBoundingClientRect().width)}px wide, right edge at ${Math.round(culprit.right)}px)`
            : ''),
      });
    }

    // 2. Text cut by its own box.
    const CONTROL =
      'button, select, input, label, a.btn, [role="button"], [role="tab"], [role="link"], [role="menuitem"]';
    const SPILL_CONTROL = 'button, a.btn, [role="button"], [role="tab"]';
    const animatedInside = (el: Element): boolean =>
      el
        .getAnimations({ subtree: true })
        .some((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime === Infinity);
    const measureClone = (el: HTMLSelectElement | HTMLInputElement): number => {
      const copy = el.cloneNode(false) as HTMLSelectElement | HTMLInputElement;
      if (copy instanceof HTMLSelectElement && el instanceof HTMLSelectElement) {
        const chosen = el.selectedOptions[0];
        if (chosen) copy.append(chosen.cloneNode(true));
      }
      copy.removeAttribute('id');
      copy.setAttribute('aria-hidden', 'true');
      copy.tabIndex = -1;
      if (copy instanceof HTMLInputElement && el instanceof HTMLInputElement) copy.value = el.value;
      Object.assign(copy.style, {
        position: 'absolute',
        visibility: 'hidden',
        width: 'auto',
        minWidth: '0',
        maxWidth: 'none',
        flex: 'none',
        left: '0',
        top: '0',
        fieldSizing: 'content',
      });
      el.after(copy);
      const width = copy.getBoundingClientRect().width;
      copy.remove();
      return width;
    };
    const TEXT_INPUTS = new Set(['text', 'tel', 'email', 'number', 'password', 'search', 'url', '']);
    for (const el of all) {
      if (!visible(el)) continue;
      const box = el.getBoundingClientRect();
      if (box.width <= 2 || box.height <= 2) continue;
      if (el instanceof HTMLSelectElement) {
        if (el.multiple || el.size > 1 || !el.selectedOptions[0]?.text.trim()) continue;
        const needs = measureClone(el);
        if (needs > box.width + SLACK)
          found.push({
            kind: 'cut',
            detail: `${name(el)}: the chosen option needs ${Math.round(needs)}px, the select is ${Math.round(box.width)}px`,
          });
        continue;
      }
      if (el instanceof HTMLInputElement) {
        if (!TEXT_INPUTS.has(el.type)) continue;
        if (el.value) {
          if (el.scrollWidth > el.clientWidth + SLACK)
            found.push({
              kind: 'cut',
              detail: `${name(el)}: its value needs ${el.scrollWidth}px, the field shows ${el.clientWidth}px`,
            });
        } else if (el.placeholder) {
          const needs = measureClone(el);
          if (needs > box.width + SLACK)
            found.push({
              kind: 'cut',
              detail: `${name(el)}: its placeholder needs ${Math.round(needs)}px, the field is ${Math.round(box.width)}px`,
            });
        }
        continue;
      }
      const cs = getComputedStyle(el);
      const cutX =
        (cs.overflowX === 'hidden' || cs.overflowX === 'clip') && el.scrollWidth > el.clientWidth + SLACK;
      const cutY =
        (cs.overflowY === 'hidden' || cs.overflowY === 'clip') && el.scrollHeight > el.clientHeight + SLACK;
      if (!cutX && !cutY) {
        // A button-like control whose label runs out of it (overflow visible): not cut, but spilling over what is
        // beside it — its label is not shown inside it either (issue 19 §1).
        if (
          el.matches(SPILL_CONTROL) &&
          cs.overflowX === 'visible' &&
          el.scrollWidth > el.clientWidth + SLACK
        ) {
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            const parent = n.parentElement;
            if (!n.textContent?.trim() || !parent || !visible(parent)) continue;
            const range = document.createRange();
            range.selectNodeContents(n);
            const r = range.getBoundingClientRect();
            if (r.width > 0 && (r.right > box.right + SLACK || r.left < box.left - SLACK)) {
              found.push({
                kind: 'cut',
                detail: `${name(el)}: “${n.textContent.trim().slice(0, 30)}” runs ${Math.round(Math.max(r.right - box.right, box.left - r.left))}px out of its ${Math.round(box.width)}px box`,
              });
              break;
            }
          }
        }
        continue;
      }
      const control = el.matches(CONTROL) || el.closest(CONTROL) !== null;
      const ellipsis = cs.textOverflow === 'ellipsis' || cs.webkitLineClamp !== 'none';
      if ((ellipsis && !control) || animatedInside(el)) continue;
      // The padding box: what the box shows of its content.
      const left = box.left + el.clientLeft;
      const top = box.top + el.clientTop;
      const right = left + el.clientWidth;
      const bottom = top + el.clientHeight;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!n.textContent?.trim()) continue;
        const parent = n.parentElement;
        if (!parent || !visible(parent)) continue;
        // Only text whose nearest clipping box is this one (an inner clipping box answers for its own text).
        let clipper: Element | null = null;
        for (let a: Element | null = parent; a && a !== el; a = a.parentElement) {
          const s = getComputedStyle(a);
          if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
            clipper = a;
            break;
          }
        }
        if (clipper) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        const r = range.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        const outside = r.right <= left || r.left >= right || r.bottom <= top || r.top >= bottom;
        if (outside) continue;
        const overX = cutX && (r.right > right + SLACK || r.left < left - SLACK);
        const overY = cutY && (r.bottom > bottom + SLACK || r.top < top - SLACK);
        if (overX || overY) {
          found.push({
            kind: 'cut',
            detail:
              `${name(el)}: “${n.textContent.trim().slice(0, 30)}” runs ` +
              (overX
                ? `${Math.round(Math.max(r.right - right, left - r.left))}px past its ${Math.round(el.clientWidth)}px width`
                : `${Math.round(Math.max(r.bottom - bottom, top - r.top))}px past its ${Math.round(el.clientHeight)}px height`) +
              (ellipsis ? ' (an ellipsis on a control)' : ''),
          });
          break;
        }
      }
    }

    // 3. Images that failed to load.
    for (const img of [...document.images]) {
      if (!img.currentSrc && !img.getAttribute('src')) continue;
      if (!img.complete || img.naturalWidth > 0) continue;
      const broken = await img.decode().then(
        () => false,
        () => true,
      );
      if (broken)
        found.push({
          kind: 'image',
          detail: `${name(img)} did not load: ${img.currentSrc || img.getAttribute('src')}`,
        });
    }
    return found;
  });
}
