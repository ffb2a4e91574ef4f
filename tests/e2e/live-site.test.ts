import type { Browser, Page, WebSocket as PwSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchChromium, PHONE } from '../support/browser.ts';
import { ops } from '../support/ops.ts';

// issue 8 §2: the socket opens for visitors too; a configuration change reaches them within seconds (not at
// the next 60 s poll), and they read the live chat (speaking still needs a login).

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
/** spec §4: the gate's own poll re-reads pre-info every 60 s; a push must beat it by far. */
const PUSH_DEADLINE_MS = 10_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

interface Frames {
  sent: Array<{ msgId: number; token?: string }>;
  received: Array<{ msgId: number }>;
}

async function visit(viewport: { width: number; height: number }) {
  const ctx = await browser.newContext({ viewport, locale: 'zh-CN' });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const frames: Frames = { sent: [], received: [] };
  page.on('websocket', (ws: PwSocket) => {
    ws.on('framesent', (f) => frames.sent.push(JSON.parse(String(f.payload)) as Frames['sent'][number]));
    ws.on('framereceived', (f) =>
      frames.received.push(JSON.parse(String(f.payload)) as Frames['received'][number]),
    );
  });
  await page.goto(baseUrl + '/', { waitUntil: 'networkidle' });
  return { ctx, page, errors, frames };
}

async function login(page: Page, phone: string, password: string) {
  await page.goto(baseUrl + '/user/login', { waitUntil: 'networkidle' });
  await page.getByLabel('手机号码').fill(phone);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect
    .poll(() => page.getByRole('button', { name: '退出登录' }).count(), { timeout: 10_000 })
    .toBe(1);
}

describe('a visitor’s live site (issue 8 §2)', () => {
  it('holds a heartbeating socket without logging in, and maintenance reaches it within seconds', async () => {
    const { ctx, page, errors, frames } = await visit(PHONE);
    try {
      // spec §4: heartbeat msgId 0; no login (10001) without a token.
      await expect
        .poll(() => frames.sent.filter((f) => f.msgId === 0).length, { timeout: 12_000 })
        .toBeGreaterThan(0);
      expect(frames.sent.some((f) => f.msgId === 10001)).toBe(false);

      expect(await ops(dataDir, 'maintenance', 'on')).toContain('maintenance on');
      await expect
        .poll(() => new URL(page.url()).pathname, { timeout: PUSH_DEADLINE_MS })
        .toBe('/other/maintenance');
      // The push (20004) came over the socket; the page did not wait for its poll.
      expect(frames.received.some((f) => f.msgId === 20004)).toBe(true);

      expect(await ops(dataDir, 'maintenance', 'off')).toContain('maintenance off');
      await expect.poll(() => new URL(page.url()).pathname, { timeout: PUSH_DEADLINE_MS }).toBe('/');
      expect(errors).toEqual([]);
    } finally {
      await ops(dataDir, 'maintenance', 'off');
      await ctx.close();
    }
  });

  it('a notice published by the operator shows on a visitor’s notice bar at once', async () => {
    const { ctx, page, errors } = await visit(DESKTOP);
    try {
      await expect.poll(() => page.locator('.notice-bar__item').count()).toBeGreaterThan(0);
      await ops(dataDir, 'notice', 'add', '访客公告', '推送给未登录的访客', '1');
      await expect
        .poll(() => page.locator('.notice-bar__item', { hasText: '推送给未登录的访客' }).count(), {
          timeout: PUSH_DEADLINE_MS,
        })
        .toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it('a visitor reads the live chat, and is told to log in to speak', async () => {
    await ops(dataDir, 'config', 'set', 'siteVideoSkinOpen', 'true');
    const visitor = await visit(DESKTOP);
    const member = await visit(DESKTOP);
    try {
      await login(member.page, '13800138000', 'demo1234');
      await member.page.goto(baseUrl + '/', { waitUntil: 'networkidle' });
      await visitor.page.reload({ waitUntil: 'networkidle' });
      await expect.poll(() => visitor.page.locator('.chat__messages').count()).toBe(1);
      // Speaking needs a login: the page says so instead of offering the form's send.
      await expect.poll(() => visitor.page.locator('.chat__why').innerText()).toContain('登录');

      const text = `访客可见 ${Date.now()}`;
      // The home pop-up may be due for this player: close it first.
      await expect.poll(() => member.page.locator('.notice-bar__item').count()).toBeGreaterThan(0);
      const pop = member.page.getByRole('dialog', { name: '签到日历 天天有礼' });
      if (await pop.isVisible().catch(() => false))
        await pop.getByRole('button', { name: '关闭', exact: true }).click();
      await expect.poll(() => member.page.getByLabel('聊天内容').count(), { timeout: 15_000 }).toBe(1);
      await member.page.getByLabel('聊天内容').fill(text);
      await member.page.getByRole('button', { name: '发送' }).click();
      await expect
        .poll(() => visitor.page.locator('.chat__text', { hasText: text }).count(), {
          timeout: PUSH_DEADLINE_MS,
        })
        .toBe(1);
      expect(visitor.errors).toEqual([]);
    } finally {
      await ops(dataDir, 'config', 'set', 'siteVideoSkinOpen', 'false');
      await visitor.ctx.close();
      await member.ctx.close();
    }
  });
});
