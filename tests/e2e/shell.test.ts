import { mkdirSync } from 'node:fs';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API_VERSION, HEADER, SITE_ID, signGroupOf } from '../../src/protocol/api.ts';
import { deriveSignMap, DEV_SIGNING_SECRET } from '../../server/security/signing.ts';
import { DESKTOP, launchChromium, PHONE } from '../support/browser.ts';
import { ops } from '../support/ops.ts';

const SHOTS = 'tests/e2e/screenshots';
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const signMap = deriveSignMap(DEV_SIGNING_SECRET);

let browser: Browser;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** A page that records console errors and API requests. */
async function open(viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, locale: 'zh-CN' });
  const page = await context.newPage();
  const errors: string[] = [];
  const apiRequests: Request[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('request', (r) => {
    const p = new URL(r.url()).pathname;
    if (signGroupOf(p) || p.startsWith('/api/')) apiRequests.push(r);
  });
  return { page, errors, apiRequests, close: () => context.close() };
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

describe('home page', () => {
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`renders notices and banners at ${label} size with the spec headers and no console errors`, async () => {
      const { page, errors, apiRequests, close } = await open(viewport);
      await page.goto(baseUrl + '/', { waitUntil: 'networkidle' });
      await expect.poll(() => page.locator('.notice-bar__item').count()).toBeGreaterThan(0);
      expect(await page.locator('.notice-bar__item').first().innerText()).toContain('新会员专享');
      expect(await page.locator('.carousel__slide img').count()).toBe(3);
      expect(await page.locator('.category__count').first().innerText()).toMatch(/\d+ 个平台/);
      // Chrome that fits the size: tab bar on phones, top navigation on desktop.
      const tabVisible = await page.getByRole('navigation', { name: '底部导航' }).isVisible();
      const topVisible = await page.getByRole('navigation', { name: '主导航' }).isVisible();
      expect([tabVisible, topVisible]).toEqual(label === 'phone' ? [true, false] : [false, true]);
      await shot(page, `home-${label}`);

      expect(apiRequests.length).toBeGreaterThan(3);
      for (const r of apiRequests) {
        const h = r.headers();
        const group = signGroupOf(new URL(r.url()).pathname);
        expect(h[HEADER.client.toLowerCase()]).toBe('web');
        expect(h[HEADER.version.toLowerCase()]).toBe(API_VERSION);
        expect(h[HEADER.site.toLowerCase()]).toBe(SITE_ID);
        expect(h[HEADER.uuid.toLowerCase()]).toMatch(/^[0-9a-f-]{36}$/);
        expect(h[HEADER.token.toLowerCase()]).toBeUndefined();
        if (group) expect(h[HEADER.signature.toLowerCase()]).toBe(signMap[group]);
      }
      expect(errors).toEqual([]);
      await close();
    });
  }

  it('shows the pop-up activity once a day', async () => {
    const { page, close } = await open(PHONE);
    await page.goto(baseUrl + '/', { waitUntil: 'networkidle' });
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await page.reload({ waitUntil: 'networkidle' });
    await page.waitForSelector('.notice-bar__item');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await close();
  });
});

describe('site gate', () => {
  it('maintenance on sends a fresh visit to the maintenance page; off brings it home', async () => {
    expect(await ops(dataDir, 'maintenance', 'on')).toContain('maintenance on');
    const { page, errors, close } = await open(PHONE);
    try {
      await page.goto(baseUrl + '/', { waitUntil: 'networkidle' });
      await expect.poll(() => new URL(page.url()).pathname).toBe('/other/maintenance');
      await expect.poll(() => page.getByRole('heading', { name: '系统维护中' }).isVisible()).toBe(true);
      await shot(page, 'maintenance-phone');
      expect(await ops(dataDir, 'maintenance', 'off')).toContain('maintenance off');
      // Focus re-checks the gate (the periodic poll does too, less often).
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await expect.poll(() => new URL(page.url()).pathname).toBe('/');
      expect(errors).toEqual([]);
    } finally {
      await ops(dataDir, 'maintenance', 'off');
      await close();
    }
  });

  it('a restricted IP lands on the restriction page', async () => {
    await ops(dataDir, 'restrict', 'add', '127.0.0.1', 'caveat');
    const { page, close } = await open(DESKTOP);
    try {
      await page.goto(baseUrl + '/', { waitUntil: 'networkidle' });
      await expect.poll(() => page.url()).toContain('/other/restrictionIp?name=access-caveat');
      await expect.poll(() => page.getByRole('heading', { name: '访问受限' }).isVisible()).toBe(true);
      await shot(page, 'restricted-desktop');
    } finally {
      await ops(dataDir, 'restrict', 'remove', '127.0.0.1');
      await close();
    }
  });

  it('an alert-restricted IP sees the access alert on its first visit and may continue', async () => {
    await ops(dataDir, 'restrict', 'add', '127.0.0.1', 'alert');
    const { page, close } = await open(PHONE);
    try {
      await page.goto(baseUrl + '/', { waitUntil: 'networkidle' });
      await expect.poll(() => page.url()).toContain('/other/restrictionIp?name=access-alert');
      await expect.poll(() => page.getByRole('heading', { name: '安全提醒' }).isVisible()).toBe(true);
      await shot(page, 'access-alert-phone');
      await page.getByRole('button', { name: '我已知晓，继续访问' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/');
      await expect.poll(() => page.locator('.notice-bar__item').count()).toBeGreaterThan(0);
    } finally {
      await ops(dataDir, 'restrict', 'remove', '127.0.0.1');
      await close();
    }
  });

  it('an unknown path shows the 404 screen, a known pending path does not', async () => {
    const { page, close } = await open(PHONE);
    await page.goto(baseUrl + '/no/such/page', { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByRole('heading', { name: '页面不存在' }).isVisible()).toBe(true);
    await shot(page, 'not-found-phone');
    // A public path whose screen a later issue builds (member paths ask for a login first).
    await page.goto(baseUrl + '/game/chess', { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByRole('heading', { name: '棋牌游戏' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: '页面不存在' }).count()).toBe(0);
    await close();
  });
});

describe('themes and title', () => {
  it('?theme=2 shows the space theme and keeps it; ?theme=1 brings the default back', async () => {
    const { page, close } = await open(DESKTOP);
    await page.goto(baseUrl + '/?theme=2', { waitUntil: 'networkidle' });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('space');
    await page.keyboard.press('Escape');
    await shot(page, 'home-space-desktop');
    await page.goto(baseUrl + '/', { waitUntil: 'networkidle' });
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('space');
    await page.goto(baseUrl + '/?theme=1', { waitUntil: 'networkidle' });
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('default');
    await close();
  });

  it('a long title scrolls every 350 ms and stops while the tab is hidden', async () => {
    const long = '星耀棋牌官方网站：棋牌、体育、真人、电子、彩票、捕鱼一站畅玩';
    await ops(dataDir, 'config', 'set', 'title', long);
    const { page, close } = await open(PHONE);
    try {
      await page.goto(baseUrl + '/', { waitUntil: 'networkidle' });
      const seen = new Set<string>();
      for (let i = 0; i < 6; i++) {
        seen.add(await page.title());
        await page.waitForTimeout(200);
      }
      expect(seen.size).toBeGreaterThan(2);
      // Hide the tab: the marquee stops on the whole title.
      await page.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      });
      const hidden = await page.title();
      await page.waitForTimeout(800);
      expect(await page.title()).toBe(hidden);
      expect(hidden).toBe(long);
    } finally {
      await ops(dataDir, 'config', 'set', 'title', '星耀棋牌 · 棋牌 体育 真人 电子 彩票');
      await close();
    }
  });
});
