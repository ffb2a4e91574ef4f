// Coins and the mall in the browser (issue 13 §6, §7 "browser tests of each page at both sizes"): a member with
// coins (granted by the operator) redeems a bonus item on /mine/currency by keyboard, the coins and the central
// wallet follow, and the records show it (兑换记录, 金币记录, 积分记录); 福利记录 shows the operator's grant; every
// page axe-clean, at 390×844 and 1440×900, against `npm start`'s server.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { DESKTOP, launchChromium, PHONE } from '../support/browser.ts';
import { axeFindings, go, PASSWORD, registerMember } from '../support/e2e-site.ts';
import { ops } from '../support/ops.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

let browser: Browser;
beforeAll(async () => {
  vi.setConfig({ expect: { poll: { timeout: 10_000, interval: 50 } } });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function login(page: Page, phone: string) {
  await page.goto(baseUrl + '/user/login', { waitUntil: 'networkidle' });
  await page.getByRole('textbox', { name: '手机号码' }).fill(phone);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect.poll(() => page.getByRole('button', { name: '退出登录' }).count()).toBe(1);
}

/** The home's once-a-day pop-up, if it shows, goes first (the page behind it is inert). */
async function dismissPopUp(page: Page) {
  const shown = await page
    .getByRole('dialog')
    .first()
    .waitFor({ state: 'visible', timeout: 1500 })
    .then(() => true)
    .catch(() => false);
  if (shown) await page.keyboard.press('Escape');
}

const SIZES = [
  ['390×844', PHONE, '13712361001'],
  ['1440×900', DESKTOP, '13712361002'],
] as const;

describe('the mall', () => {
  for (const [label, viewport, phone] of SIZES) {
    it(`${label}: a member with coins redeems 8.88 元彩金 by keyboard; the records show it`, async () => {
      await registerMember(phone);
      // The operator grants 150 coins (docs/mall.md "Operators").
      expect(await ops(dataDir, 'mall', 'coins', phone, '150', 'e2e')).toContain('granted 150 coins');
      const ctx = await browser.newContext({ viewport, locale: 'zh-CN' });
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await login(page, phone);
      await dismissPopUp(page);
      await go(page, '/mine/currency');
      await expect
        .poll(() => page.getByRole('heading', { level: 1, name: '积分商城' }).isVisible())
        .toBe(true);
      const coins = page.getByRole('region', { name: '我的金币' });
      await expect.poll(() => coins.textContent()).toContain('150 金币');
      expect(await axeFindings(page)).toEqual([]);

      // Items the member cannot take say why (the 188 元 bonus needs VIP3).
      const vip3 = page.getByRole('button', { name: '兑换 188 元彩金' });
      expect(await vip3.isDisabled()).toBe(true);
      // By keyboard: focus the item's button, Enter; the confirmation takes focus; Enter confirms.
      await page.getByRole('button', { name: '兑换 8.88 元彩金' }).focus();
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('alertdialog', { name: '确认兑换' });
      await expect.poll(() => confirm.isVisible()).toBe(true);
      expect(await confirm.textContent()).toContain('使用 100 金币兑换「8.88 元彩金」？');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
        .toBe('确认兑换');
      expect(await axeFindings(page)).toEqual([]);
      await page.keyboard.press('Enter');
      const done = page.getByRole('alertdialog', { name: '兑换成功' });
      await expect.poll(() => done.isVisible()).toBe(true);
      expect(await done.textContent()).toContain('剩余 50 金币');
      await page.keyboard.press('Enter');
      await expect.poll(() => coins.textContent()).toContain('50 金币');
      // The bonus is in the central wallet: the header's figure.
      await expect
        .poll(() =>
          page
            .getByRole('link', { name: /^中心钱包/ })
            .first()
            .textContent(),
        )
        .toContain('8.88');
      await page.screenshot({ path: `tests/e2e/screenshots/mall-currency-${viewport.width}.png` });

      await go(page, '/mine/mall/record');
      await expect
        .poll(() => page.getByRole('heading', { level: 1, name: '兑换记录' }).isVisible())
        .toBe(true);
      const table = page.getByRole('table');
      await expect.poll(() => table.textContent()).toContain('8.88 元彩金');
      expect(await table.textContent()).toContain('彩金 ¥8.88 已存入中心钱包');
      expect(await axeFindings(page)).toEqual([]);

      await go(page, '/mine/mall/coinRecord');
      await expect
        .poll(() => page.getByRole('heading', { level: 1, name: '金币记录' }).isVisible())
        .toBe(true);
      await expect.poll(() => page.getByRole('table').textContent()).toContain('-100 金币');
      expect(await page.getByRole('table').textContent()).toContain('+150 金币');
      // Only what was spent.
      await page.getByRole('combobox', { name: '类型' }).selectOption('spend');
      await expect.poll(() => page.getByRole('table').textContent()).not.toContain('+150');
      expect(await axeFindings(page)).toEqual([]);

      await go(page, '/mine/record/currencyRecord');
      await expect
        .poll(() => page.getByRole('heading', { level: 1, name: '积分记录' }).isVisible())
        .toBe(true);
      await expect.poll(() => page.getByRole('table').textContent()).toContain('+¥8.88');
      expect(await axeFindings(page)).toEqual([]);

      await go(page, '/mine/record/welfare');
      await expect
        .poll(() => page.getByRole('heading', { level: 1, name: '福利记录' }).isVisible())
        .toBe(true);
      // The operator's grant is a 系统补发; no activity yet: that filter shows the worded empty state.
      await expect.poll(() => page.getByRole('table').textContent()).toContain('系统补发');
      await page.getByRole('combobox', { name: '类型' }).selectOption('activity');
      await expect.poll(() => page.getByRole('status').filter({ hasText: '暂无福利记录' }).count()).toBe(1);
      expect(await axeFindings(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      expect(errors).toEqual([]);
      await ctx.close();
    });
  }
});
