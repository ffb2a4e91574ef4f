// Mail and feedback in the browser (issue 13 §2): an operator's message (`npm run ops -- mail send <phone> …`)
// arrives live — the chrome's unread count and the open /mine/mail list follow without a reload — is read by
// keyboard (the count goes to 0) and deleted; feedback with an image is sent on /mine/feedback, the image is
// served back to its sender, the operator replies (`npm run ops -- feedback reply <id> …`) and the reply shows
// live on the feedback list and lands in mail — at 390×844 and 1440×900, axe-clean.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchChromium, PHONE } from '../support/browser.ts';
import { axeFindings, flat, go, PASSWORD, registerMember } from '../support/e2e-site.ts';
import { ops } from '../support/ops.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** A real 1×1 PNG (the page shows it back from the server). */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function login(viewport: { width: number; height: number }, phone: string): Promise<Page> {
  const ctx = await browser.newContext({ viewport, locale: 'zh-CN', reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  await page.goto(baseUrl + '/user/login', { waitUntil: 'networkidle' });
  await page.getByLabel('手机号码').fill(phone);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect.poll(() => page.getByRole('button', { name: '退出登录' }).count()).toBe(1);
  return page;
}

/** The chrome's mail entry (its accessible name carries the unread count). */
const mailEntry = (page: Page) => page.getByRole('link', { name: /^站内信/ }).first();

describe.each([
  ['phone', PHONE, '13712349401'],
  ['desktop', DESKTOP, '13712349402'],
] as const)('mail and feedback at %s size', (size, viewport, phone) => {
  it("an operator's mail arrives live; feedback with an image is sent and the reply is read", async () => {
    await registerMember(phone);
    const page = await login(viewport, phone);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    try {
      await expect.poll(() => mailEntry(page).getAttribute('aria-label')).toBe('站内信');
      await go(page, '/mine/mail');
      await expect.poll(() => page.getByRole('heading', { level: 1, name: '站内信' }).count()).toBe(1);
      const list = page.getByRole('region', { name: '消息列表' });
      await expect.poll(() => list.getByText('暂无消息').count()).toBe(1);

      // The operator sends; the count in the chrome and the open list follow live (msgId 20006).
      expect(await ops(dataDir, 'mail', 'send', phone, '欢迎加入', '您好，欢迎来到本站！')).toMatch(/已发送/);
      await expect
        .poll(() => mailEntry(page).getAttribute('aria-label'), { timeout: 15_000 })
        .toBe('站内信，1 封未读');
      const item = list.getByRole('button', { name: /^未读：\s*欢迎加入/ });
      await expect.poll(() => item.count(), { timeout: 15_000 }).toBe(1);
      expect(flat(await list.getByRole('status').textContent())).toBe('1封未读');
      await page.screenshot({ path: `tests/e2e/screenshots/mail-${size}-unread.png`, fullPage: true });
      expect(await axeFindings(page)).toEqual([]);

      // Read by keyboard: the message opens, the count goes to 0 everywhere.
      await item.focus();
      await page.keyboard.press('Enter');
      const detail = page.getByRole('article', { name: '欢迎加入' });
      await expect.poll(() => detail.count()).toBe(1);
      expect(await detail.textContent()).toContain('您好，欢迎来到本站！');
      await expect.poll(() => mailEntry(page).getAttribute('aria-label'), { timeout: 15_000 }).toBe('站内信');
      expect(await axeFindings(page)).toEqual([]);
      await detail.getByRole('button', { name: '返回列表' }).click();
      await expect.poll(() => list.getByRole('button', { name: /^欢迎加入/ }).count()).toBe(1);

      // A message to everyone carries no count: the chrome reads it again.
      await ops(dataDir, 'mail', 'send', 'all', '系统公告', '周六凌晨系统维护');
      await expect
        .poll(() => mailEntry(page).getAttribute('aria-label'), { timeout: 15_000 })
        .toBe('站内信，1 封未读');
      await expect
        .poll(() => list.getByRole('button', { name: /^未读：\s*系统公告/ }).count(), { timeout: 15_000 })
        .toBe(1);
      await page.getByRole('button', { name: '全部标为已读' }).click();
      await expect.poll(() => mailEntry(page).getAttribute('aria-label'), { timeout: 15_000 }).toBe('站内信');
      await list.getByRole('button', { name: '删除消息「欢迎加入」' }).click();
      await expect.poll(() => list.getByRole('button', { name: /^欢迎加入/ }).count()).toBe(0);

      // Feedback with an image.
      await go(page, '/mine/feedback');
      await expect.poll(() => page.getByRole('heading', { level: 1, name: '意见反馈' }).count()).toBe(1);
      const form = page.getByRole('form', { name: '意见反馈' });
      await form.getByRole('button', { name: '提交反馈' }).click();
      await expect.poll(() => form.getByText('请选择反馈类型').count()).toBe(1);
      await form.getByRole('radio', { name: '充值问题' }).check();
      await form.getByLabel('问题描述').fill('充值 100 元十分钟了还没到账，请帮忙查一下');
      await form
        .locator('input[type=file]')
        .setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: PNG_1PX });
      await expect.poll(() => form.getByRole('img', { name: '反馈图片 1' }).count()).toBe(1);
      expect(await axeFindings(page)).toEqual([]);
      await form.getByRole('button', { name: '提交反馈' }).click();
      await expect
        .poll(
          () =>
            form
              .getByRole('status')
              .textContent()
              .catch(() => ''),
          { timeout: 15_000 },
        )
        .toContain('反馈已提交');
      const mine = page.getByRole('region', { name: '我的反馈' });
      await expect.poll(() => mine.getByRole('listitem').filter({ hasText: '等待客服回复' }).count()).toBe(1);
      // The image comes back from the server to its sender (the token cookie).
      const shown = mine.getByRole('img', { name: '反馈图片 1' });
      await expect
        .poll(() =>
          shown.evaluate(
            (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth,
          ),
        )
        .toBe(1);
      await page.screenshot({ path: `tests/e2e/screenshots/feedback-${size}-sent.png`, fullPage: true });

      // The operator replies; the list shows it live and it lands in mail.
      const waiting = await ops(dataDir, 'feedback', 'list');
      const line = waiting.split('\n').find((l) => l.includes(phone))!;
      const id = line.split('\t')[0]!;
      await ops(dataDir, 'feedback', 'reply', id, '您好，款项已到账，请查收');
      await expect
        .poll(() => mine.getByText('您好，款项已到账，请查收').count(), { timeout: 15_000 })
        .toBe(1);
      await expect
        .poll(() => mailEntry(page).getAttribute('aria-label'), { timeout: 15_000 })
        .toBe('站内信，1 封未读');
      await page.screenshot({ path: `tests/e2e/screenshots/feedback-${size}-replied.png`, fullPage: true });
      expect(await axeFindings(page)).toEqual([]);
      await mailEntry(page).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/mine/mail');
      await page.getByRole('button', { name: /^未读：\s*反馈回复：充值问题/ }).click();
      await expect
        .poll(() =>
          page
            .getByRole('article', { name: '反馈回复：充值问题' })
            .textContent()
            .catch(() => ''),
        )
        .toContain('您好，款项已到账，请查收');
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
