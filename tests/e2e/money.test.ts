// Money in the browser (issue 9 §6): a deposit end to end through the sandbox cashier, a transfer in and out,
// 一键回收, the live balance in the header, and the transaction record showing all of them — at both sizes,
// against `npm start`'s server; the ledger reconciles afterwards.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchChromium, PHONE } from '../support/browser.ts';
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

/** A new member registered through the form (spec §6), on a page of the given size. */
async function newMember(viewport: { width: number; height: number }, phone: string): Promise<Page> {
  const ctx = await browser.newContext({ viewport, locale: 'zh-CN' });
  const page = await ctx.newPage();
  await page.goto(baseUrl + '/user/register', { waitUntil: 'networkidle' });
  await page.getByLabel('手机号码').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect.poll(() => page.getByRole('button', { name: /秒后重发/ }).count()).toBe(1);
  const code = (await ops(dataDir, 'sms', phone)).split('\t')[0]!.trim();
  await page.getByLabel('验证码').fill(code);
  await page.getByLabel('密码', { exact: true }).fill('abc12345');
  await page.getByLabel('确认密码').fill('abc12345');
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await expect.poll(() => page.getByRole('button', { name: '退出登录' }).count()).toBe(1);
  // The home page's once-a-day pop-up (a new device sees it) is closed first.
  const pop = page.getByRole('dialog', { name: '签到日历 天天有礼' });
  await expect.poll(() => pop.isVisible()).toBe(true);
  await pop.getByRole('button', { name: '关闭', exact: true }).click();
  await expect.poll(() => pop.count()).toBe(0);
  return page;
}

/** Client-side navigation through a link on the page, as a player moves (the app keeps its socket). */
async function go(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect.poll(() => new URL(page.url()).pathname).toBe(path);
}

/** The header's central-wallet figure (issue 9 §2). */
const headerBalance = (page: Page) =>
  page
    .getByRole('link', { name: /^中心钱包 ¥/ })
    .first()
    .getAttribute('aria-label');

describe.each([
  ['phone', PHONE, '13712349001'],
  ['desktop', DESKTOP, '13712349002'],
])('money at %s size', (_size, viewport, phone) => {
  it('deposits through the sandbox cashier, transfers in and out, recalls, and lists it all', async () => {
    const page = await newMember(viewport, phone);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));

    // ── deposit (issue 9 §3): the warning first (spec §2), then bank transfer ¥200 ──
    await go(page, '/mine/finance/deposit');
    const warning = page.getByRole('alertdialog', { name: '防骗提醒' });
    await expect.poll(() => warning.count()).toBe(1);
    await warning.getByRole('button', { name: '我知道了' }).click();
    await expect.poll(() => warning.count()).toBe(0);
    await expect.poll(() => page.getByRole('radio', { name: /银行卡转账/ }).isChecked()).toBe(true);
    await page.getByLabel('充值金额（元）').fill('200');
    // Shown before confirming: bank gives 1 % (seeded, capped at ¥188): ¥202.00 reaches the wallet.
    await expect.poll(() => page.getByText('¥202.00').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: '确认充值' }).click();
    const cashierLink = page.getByRole('link', { name: '前往沙盒收银台付款' });
    await expect.poll(() => cashierLink.count()).toBe(1);

    // The player pays in the sandbox cashier (a page of the back end, opened in a new tab).
    const href = await cashierLink.getAttribute('href');
    const cashier = await page.context().newPage();
    await cashier.goto(new URL(href!, baseUrl).toString(), { waitUntil: 'networkidle' });
    expect(await cashier.getByText('沙盒收银台').count()).toBeGreaterThan(0);
    await cashier.getByRole('button', { name: '支付', exact: true }).click();
    await expect.poll(() => cashier.getByText('支付成功').count()).toBeGreaterThan(0);
    await cashier.close();

    // The deposit page follows the order to its end; the header shows the new balance (the 20002 push).
    await expect
      .poll(() => page.getByRole('heading', { name: '充值成功' }).count(), { timeout: 15_000 })
      .toBe(1);
    expect(await page.getByText('¥202.00 已到账中心钱包。').count()).toBe(1);
    await expect.poll(() => headerBalance(page), { timeout: 15_000 }).toBe('中心钱包 ¥202.00');

    // ── transfer in and out (issue 9 §2) ──
    await go(page, '/mine/finance/transfer');
    const venue = page.getByLabel('选择场馆');
    await expect.poll(() => venue.isEnabled()).toBe(true);
    const open = await venue.locator('option:not([disabled])').first();
    const venueValue = (await open.getAttribute('value'))!;
    const venueName = ((await open.textContent()) ?? '').replace(/\s*¥.*$/, '').trim();
    await venue.selectOption(venueValue);
    await page.getByLabel('转账金额（元）').fill('50');
    await page.getByRole('button', { name: '确认转账' }).click();
    await expect.poll(() => page.getByText(`已转入 ${venueName} ¥50.00`).count()).toBe(1);
    await expect.poll(() => headerBalance(page)).toBe('中心钱包 ¥152.00');
    await page.getByRole('radio', { name: '转出到中心钱包' }).check();
    await venue.selectOption(venueValue);
    await page.getByLabel('转账金额（元）').fill('20');
    await page.getByRole('button', { name: '确认转账' }).click();
    await expect.poll(() => page.getByText(`已从 ${venueName} 转出 ¥20.00`).count()).toBe(1);
    await expect.poll(() => headerBalance(page)).toBe('中心钱包 ¥172.00');

    // ── 一键回收 ──
    await go(page, '/mine/finance/wallet');
    await page.getByRole('button', { name: '一键回收' }).click();
    await expect.poll(() => page.getByText('已回收 ¥30.00 到中心钱包').count()).toBe(1);
    await expect.poll(() => headerBalance(page)).toBe('中心钱包 ¥202.00');

    // ── the transaction record (issue 9 §4): all of it, newest first, with ids ──
    await go(page, '/mine/record/transRecord');
    const rows = page.locator('.record');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(8);
    const kinds = await page.locator('.record__kind').allTextContents();
    expect(kinds[0]).toBe('转出场馆'); // the recall, newest
    expect(kinds).toEqual(expect.arrayContaining(['充值', '充值优惠', '转入场馆', '转出场馆']));
    expect(await page.getByText('+¥200.00').count()).toBeGreaterThan(0);
    await page.getByLabel('交易类型').selectOption('deposit');
    await page.getByRole('button', { name: '查询' }).click();
    await expect.poll(() => page.locator('.record__kind').allTextContents()).toEqual(['充值']);

    // No horizontal scrolling at this size, and no script errors.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(errors).toEqual([]);
    expect(await ops(dataDir, 'ledger', 'check')).toMatch(/^ledger ok/);
    await page.context().close();
  }, 180_000);
});
