import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, PHONE, DESKTOP } from '../support/browser.ts';
import { ops } from '../support/ops.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const DEMO = { phone: '13800138000', password: 'demo1234' };
const DAY_S = 24 * 60 * 60;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function newPage(ctx?: BrowserContext): Promise<{ page: Page; ctx: BrowserContext; errors: string[] }> {
  const context = ctx ?? (await browser.newContext({ viewport: PHONE, locale: 'zh-CN' }));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return { page, ctx: context, errors };
}

/** Waits for the home page's once-a-day pop-up and closes it. */
async function closePop(page: Page) {
  const pop = page.getByRole('dialog', { name: '签到日历 天天有礼' });
  await expect.poll(() => pop.isVisible()).toBe(true);
  await pop.getByRole('button', { name: '关闭', exact: true }).click();
  await expect.poll(() => pop.count()).toBe(0);
}

async function login(page: Page, phone: string, password: string, remember: boolean) {
  await page.goto(baseUrl + '/user/login', { waitUntil: 'networkidle' });
  await page.getByLabel('手机号码').fill(phone);
  await page.getByLabel('密码', { exact: true }).fill(password);
  const box = page.getByRole('checkbox', { name: /记住登录/ });
  if ((await box.isChecked()) !== remember) await box.click();
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  await expect.poll(() => page.getByRole('button', { name: '退出登录' }).count()).toBe(1);
}

async function register(page: Page, phone: string, password: string) {
  await page.getByLabel('手机号码').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect.poll(() => page.getByRole('button', { name: /秒后重发/ }).count()).toBe(1);
  const code = (await ops(dataDir, 'sms', phone)).split('\t')[0]!.trim();
  expect(code).toMatch(/^\d{6}$/);
  await page.getByLabel('验证码').fill(code);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('确认密码').fill(password);
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await expect.poll(() => page.getByRole('button', { name: '退出登录' }).count()).toBe(1);
}

async function tokenCookie(ctx: BrowserContext) {
  return (await ctx.cookies()).find((c) => c.name === 'X-API-TOKEN');
}

describe('accounts in the browser', () => {
  it('registers through the form, logs out, and logs in with remember-login (365-day cookie)', async () => {
    const { page, ctx, errors } = await newPage();
    const phone = '13712340001';
    await page.goto(baseUrl + '/user/register', { waitUntil: 'networkidle' });
    await register(page, phone, 'abc12345');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    // A new member's session token is a session cookie.
    expect((await tokenCookie(ctx))?.expires).toBe(-1);

    await closePop(page);
    await page.getByRole('button', { name: '退出登录' }).click();
    // issue 19 §1: logging out asks; the dialog's own 退出登录 logs out.
    await page.getByRole('dialog', { name: '退出登录' }).getByRole('button', { name: '退出登录' }).click();
    await expect.poll(() => page.getByRole('link', { name: '登录' }).count()).toBeGreaterThan(0);
    await expect.poll(() => tokenCookie(ctx)).toBeUndefined();

    await login(page, phone, 'abc12345', true);
    const cookie = await tokenCookie(ctx);
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / DAY_S;
    expect(days).toBeGreaterThan(364.9);
    expect(days).toBeLessThan(365.1);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('a login elsewhere shows the first browser the logged-in-elsewhere dialog and sends it to login', async () => {
    const first = await newPage();
    await login(first.page, DEMO.phone, DEMO.password, false);
    const second = await newPage(await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' }));
    await login(second.page, DEMO.phone, DEMO.password, false);

    // The first browser's live socket is kicked (6001) at once: no reload, no click needed.
    const dialog = first.page.getByRole('dialog', { name: '温馨提示' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.innerText()).toContain('其他设备登录');
    await first.page.screenshot({ path: 'tests/e2e/screenshots/logged-in-elsewhere-phone.png' });
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => new URL(first.page.url()).pathname).toBe('/user/login');
    expect(await tokenCookie(first.ctx)).toBeUndefined();
    // The second browser is still logged in.
    await second.page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => second.page.getByRole('button', { name: '退出登录' }).count()).toBe(1);
    await first.ctx.close();
    await second.ctx.close();
  });

  it('a blocked device gets the 10102 alert, loses its login, and OK goes to login', async () => {
    const { page, ctx } = await newPage();
    await login(page, DEMO.phone, DEMO.password, false);
    const uuid = (await ctx.cookies()).find((c) => c.name === 'X-API-UUID')?.value;
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(await ops(dataDir, 'device', 'block', uuid!)).toContain('blocked');
    try {
      await page.reload({ waitUntil: 'networkidle' });
      const alert = page.getByRole('alertdialog');
      await expect.poll(() => alert.isVisible()).toBe(true);
      expect(await alert.innerText()).toContain('设备已被限制');
      await page.screenshot({ path: 'tests/e2e/screenshots/device-blocked-phone.png' });
      await alert.getByRole('button', { name: '确定' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/user/login');
      expect(await tokenCookie(ctx)).toBeUndefined();
    } finally {
      await ops(dataDir, 'device', 'unblock', uuid!);
      await ctx.close();
    }
  });

  it('a visit with ?i_code= then registration links the inviter', async () => {
    const { page, ctx } = await newPage();
    await page.goto(baseUrl + '/registerGuide?i_code=DEMO8888', { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByText('DEMO8888').count()).toBeGreaterThan(0);
    await page.getByRole('link', { name: '立即注册' }).click();
    await expect.poll(() => page.getByLabel('邀请码').inputValue()).toBe('DEMO8888');
    await register(page, '13712340002', 'xyz98765');
    const shown = await ops(dataDir, 'member', 'show', '13712340002');
    expect(shown).toContain('inviter (86)13800138000 via i_code');
    await ctx.close();
  });
});
