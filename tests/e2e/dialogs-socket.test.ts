import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchChromium, PHONE } from '../support/browser.ts';
import { ops } from '../support/ops.ts';
import { CHAT_MIN_INTERVAL_MS } from '../../src/protocol/stream.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const SHOTS = 'tests/e2e/screenshots';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function open(viewport: { width: number; height: number }, path = '/demo') {
  const ctx = await browser.newContext({ viewport, locale: 'zh-CN' });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
  return { ctx, page, errors };
}

const scrollLocked = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).overflow === 'hidden');

async function login(page: Page, phone: string, password: string) {
  await page.goto(baseUrl + '/user/login', { waitUntil: 'networkidle' });
  await page.getByLabel('手机号码').fill(phone);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect.poll(() => page.getByRole('button', { name: '退出登录' }).count()).toBe(1);
}

describe('modal dialogs', () => {
  it('a countdown button counts down one second at a time and then enables', async () => {
    const { ctx, page, errors } = await open(PHONE);
    await page.getByRole('button', { name: '倒计时确认框' }).click();
    const dialog = page.getByRole('dialog', { name: '确认操作' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const agree = dialog.getByRole('button', { name: /我已阅读/ });
    expect(await agree.innerText()).toBe('我已阅读（5s）');
    expect(await agree.isDisabled()).toBe(true);
    await expect.poll(() => agree.innerText(), { timeout: 3000 }).toBe('我已阅读（3s）');
    await page.screenshot({ path: `${SHOTS}/modal-countdown-phone.png` });
    await expect.poll(() => agree.isEnabled(), { timeout: 6000 }).toBe(true);
    expect(await agree.innerText()).toBe('我已阅读');
    // Two buttons: the first is hoverCancel (spec §9).
    expect(await dialog.getByRole('button', { name: '取消' }).getAttribute('class')).toContain(
      'modal__button--hoverCancel',
    );
    await agree.click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await scrollLocked(page)).toBe(false);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('Escape closes a closable dialog; the backdrop closes only where allowed; focus returns', async () => {
    const { ctx, page } = await open(DESKTOP);
    const opener = page.getByRole('button', { name: '提示框（点击遮罩可关闭）' });
    await opener.click();
    const tip = page.getByRole('dialog', { name: '提示' });
    await expect.poll(() => tip.isVisible()).toBe(true);
    // Focus moved into the dialog.
    expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    await page.mouse.click(10, 10); // the backdrop
    await expect.poll(() => tip.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('提示框（点击遮罩可关闭）');

    await page.getByRole('button', { name: '警告框（遮罩不可关闭）' }).click();
    const alert = page.getByRole('alertdialog', { name: '重要提醒' });
    await expect.poll(() => alert.isVisible()).toBe(true);
    await page.mouse.click(10, 10);
    await page.waitForTimeout(500);
    expect(await alert.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => alert.count()).toBe(0);
    await ctx.close();
  });

  it('stacked modals restore scrolling only when the last one closes, in any order', async () => {
    const { ctx, page } = await open(PHONE);
    await page.getByRole('button', { name: '叠加弹窗' }).click();
    const first = page.getByRole('dialog', { name: '第一层弹窗' });
    await expect.poll(() => first.isVisible()).toBe(true);
    expect(await scrollLocked(page)).toBe(true);
    await first.getByRole('button', { name: '再打开一个' }).click();
    const second = page.getByRole('dialog', { name: '第二层弹窗' });
    await expect.poll(() => second.isVisible()).toBe(true);
    // The same dialog asked for twice within 700 ms opens once.
    await page.evaluate(() => undefined);
    await page.screenshot({ path: `${SHOTS}/modal-stacked-phone.png` });
    // Close the lower one first: scrolling stays locked.
    await page
      .locator('.modal-backdrop')
      .first()
      .evaluate((el) => {
        (el.querySelector('.modal__close') as HTMLButtonElement).click();
      });
    await expect.poll(() => first.count()).toBe(0);
    expect(await scrollLocked(page)).toBe(true);
    await second.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => second.count()).toBe(0);
    expect(await scrollLocked(page)).toBe(false);
    await ctx.close();
  });

  it('the same dialog opened twice within 700 ms opens once', async () => {
    const { ctx, page } = await open(DESKTOP);
    // Two clicks before the first dialog is even drawn (a real double click's second lands on its backdrop).
    await page.getByRole('button', { name: '顶部弹窗' }).evaluate((el: HTMLElement) => {
      el.click();
      el.click();
    });
    await page.waitForTimeout(300);
    expect(await page.getByRole('dialog', { name: '顶部弹窗' }).count()).toBe(1);
    await ctx.close();
  });

  it('the deposit warning is 440 px wide, compact under 900 px high, and closes everything', async () => {
    const tall = await open({ width: 1440, height: 900 });
    await tall.page.getByRole('button', { name: '防骗提醒' }).click();
    const warning = tall.page.getByRole('alertdialog', { name: '防骗提醒' });
    await expect.poll(() => warning.isVisible()).toBe(true);
    const box = await warning.boundingBox();
    expect(box?.width).toBe(440);
    const tallIcon = await tall.page.locator('.deposit-warning__icon').boundingBox();
    expect(tallIcon?.height).toBe(64);
    await tall.page.screenshot({ path: `${SHOTS}/deposit-warning-desktop.png` });
    await warning.getByRole('button', { name: '我知道了' }).click();
    await expect.poll(() => warning.count()).toBe(0);
    await tall.ctx.close();

    const short = await open({ width: 1440, height: 800 });
    await short.page.getByRole('button', { name: '防骗提醒' }).click();
    const compact = short.page.getByRole('alertdialog', { name: '防骗提醒' });
    await expect.poll(() => compact.isVisible()).toBe(true);
    expect((await compact.boundingBox())?.width).toBe(440);
    expect((await short.page.locator('.deposit-warning__icon').boundingBox())?.height).toBe(40);
    await short.ctx.close();
  });
});

describe('the live socket', () => {
  it('sends msgId 0 every 5 s and logs in once with 10001 after login', async () => {
    const ctx = await browser.newContext({ viewport: PHONE, locale: 'zh-CN' });
    const page = await ctx.newPage();
    const sent: Array<{ at: number; msgId: number }> = [];
    page.on('websocket', (ws) =>
      ws.on('framesent', (f) => {
        const msg = JSON.parse(String(f.payload)) as { msgId: number };
        sent.push({ at: Date.now(), msgId: msg.msgId });
      }),
    );
    await login(page, '13800138000', 'demo1234');
    await expect
      .poll(() => sent.filter((s) => s.msgId === 0).length, { timeout: 13_000, interval: 500 })
      .toBeGreaterThanOrEqual(2);
    const beats = sent.filter((s) => s.msgId === 0);
    const gap = beats[1]!.at - beats[0]!.at;
    // 5 s apart, give or take how late the test process hears of each frame on a busy machine.
    expect(gap).toBeGreaterThan(4500);
    expect(gap).toBeLessThan(6200);
    expect(sent.filter((s) => s.msgId === 10001)).toHaveLength(1);
    expect(sent.findIndex((s) => s.msgId === 10001)).toBe(0);
    // The connection state shows quietly in the page.
    expect(await page.getByRole('status', { name: '实时连接正常' }).count()).toBe(1);
    await ctx.close();
  });

  it('two players chat; a muted player reads only and the page says why', async () => {
    await ops(dataDir, 'config', 'set', 'siteVideoSkinOpen', 'true');
    const a = await browser.newContext({ viewport: PHONE, locale: 'zh-CN' });
    const b = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
    try {
      // Player two registers (VIP 0, inside the default range 0..10).
      const pageB = await b.newPage();
      await pageB.goto(baseUrl + '/user/register', { waitUntil: 'networkidle' });
      await pageB.getByLabel('手机号码').fill('13712349999');
      await pageB.getByRole('button', { name: '获取验证码' }).click();
      await expect.poll(() => pageB.getByRole('button', { name: /秒后重发/ }).count()).toBe(1);
      const code = (await ops(dataDir, 'sms', '13712349999')).split('\t')[0]!.trim();
      await pageB.getByLabel('验证码').fill(code);
      await pageB.getByLabel('密码', { exact: true }).fill('chat1234');
      await pageB.getByLabel('确认密码').fill('chat1234');
      await pageB.getByRole('button', { name: '注册', exact: true }).click();
      await expect.poll(() => pageB.getByRole('button', { name: '退出登录' }).count()).toBe(1);

      const pageA = await a.newPage();
      await login(pageA, '13800138000', 'demo1234');
      for (const p of [pageA, pageB]) {
        // The pop-up opens in the same step as the home content: once notices show, it is open if due.
        await expect.poll(() => p.locator('.notice-bar__item').count()).toBeGreaterThan(0);
        const pop = p.getByRole('dialog', { name: '签到日历 天天有礼' });
        if (await pop.isVisible().catch(() => false))
          await pop.getByRole('button', { name: '关闭', exact: true }).click();
        await expect.poll(() => p.getByLabel('聊天内容').count(), { timeout: 10_000 }).toBe(1);
      }
      await pageA.getByLabel('聊天内容').fill('<img src=x onerror=alert(1)>你好');
      await pageA.getByRole('button', { name: '发送' }).click();
      const firstSentAt = Date.now();
      const fromA = pageB.locator('.chat__text', { hasText: '你好' });
      await expect.poll(() => fromA.count()).toBe(1);
      expect(await fromA.innerText()).toBe('<img src=x onerror=alert(1)>你好');
      expect(await pageB.locator('.chat__messages img').count()).toBe(0);
      await pageB.locator('.chat').screenshot({ path: `${SHOTS}/chat-desktop.png` });

      expect(await ops(dataDir, 'chat', 'mute', '13712349999')).toContain('muted');
      await expect.poll(() => pageB.getByLabel('聊天内容').count(), { timeout: 10_000 }).toBe(0);
      expect(await pageB.locator('.chat__why').innerText()).toContain('禁言');
      // One message per member every CHAT_MIN_INTERVAL_MS: the next one waits that long after the first.
      await pageA.waitForTimeout(Math.max(0, CHAT_MIN_INTERVAL_MS + 200 - (Date.now() - firstSentAt)));
      await pageA.getByLabel('聊天内容').fill('还在吗');
      await pageA.getByRole('button', { name: '发送' }).click();
      await expect.poll(() => pageB.locator('.chat__text', { hasText: '还在吗' }).count()).toBe(1);
    } finally {
      await ops(dataDir, 'chat', 'unmute', '13712349999');
      await ops(dataDir, 'config', 'set', 'siteVideoSkinOpen', 'false');
      await a.close();
      await b.close();
    }
  });
});
