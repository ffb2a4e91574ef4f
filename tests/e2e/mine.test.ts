// The member home and the profile in the browser (issue 13 §1, §7): a member opens /mine and sees their masked
// phone, balance and VIP; edits nickname, avatar and birthday on /mine/userInfo (a refused nickname says why,
// the birthday is set once); sees their own login in the list; and logs out another device (a second browser
// holding the same login, spec §2 `?token=`): that one is logged out, this one stays — at 390×844 and
// 1440×900, by keyboard where a form is filled, axe-clean.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchChromium, PHONE } from '../support/browser.ts';
import { axeFindings, creditMember, PASSWORD, registerMember } from '../support/e2e-site.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
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

const tokenOf = async (ctx: BrowserContext) =>
  (await ctx.cookies()).find((c) => c.name === 'X-API-TOKEN')?.value;

const SIZES = [
  ['390×844', PHONE, '13613130001'],
  ['1440×900', DESKTOP, '13613130002'],
] as const;

describe('the member home and the profile', () => {
  for (const [label, viewport, phone] of SIZES) {
    it(`${label}: /mine, editing the profile, the logins, logging out another device`, async () => {
      await registerMember(phone);
      await creditMember(phone, 88);
      const ctx = await browser.newContext({ viewport, locale: 'zh-CN' });
      const page = await ctx.newPage();
      await login(page, phone);
      await dismissPopUp(page);

      // /mine: masked phone (issue 13 §1), balance ¥88.00 (the operator's credit), VIP0 and its progress.
      await page.goto(baseUrl + '/mine', { waitUntil: 'networkidle' });
      await dismissPopUp(page);
      const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
      await expect.poll(() => page.getByText(`手机号 ${masked}`).count()).toBe(1);
      expect(await page.getByTestId('mine-balance').innerText()).toBe('¥88.00');
      expect(await page.getByTestId('mine-locked').innerText()).toBe('¥0.00');
      expect(
        await page.getByRole('region', { name: '我的账户' }).getByRole('link', { name: 'VIP0' }).count(),
      ).toBe(1);
      expect(await page.getByRole('heading', { name: /升级进度 · 距 VIP1/ }).count()).toBe(1);
      for (const group of ['资金', '记录', '福利', '账户与安全'])
        expect(await page.getByRole('navigation', { name: group }).count()).toBe(1);
      expect(await axeFindings(page)).toEqual([]);

      // /mine/userInfo from the home's link.
      await page.getByRole('link', { name: '编辑资料' }).click();
      await expect.poll(() => page.getByRole('heading', { name: '基本资料' }).count()).toBe(1);
      expect(await page.getByText(masked, { exact: true }).count()).toBe(1);

      // Nickname: refused with the reason, then saved (keyboard: type and Enter).
      await page.getByRole('button', { name: '设置 昵称' }).click();
      const nick = page.getByRole('textbox', { name: '昵称' });
      await nick.fill('官方客服');
      await nick.press('Enter');
      await expect.poll(() => page.getByRole('alert').filter({ hasText: '客服' }).count()).toBe(1);
      await nick.fill('小明_' + phone.slice(-2));
      await nick.press('Enter');
      await expect.poll(() => page.getByText('小明_' + phone.slice(-2), { exact: true }).count()).toBe(1);

      // Avatar: the third of the set.
      await page.getByRole('button', { name: '修改 头像' }).click();
      await page.getByRole('radio', { name: '头像 3' }).check();
      await page.getByRole('button', { name: '保存' }).click();
      await expect
        .poll(() => page.getByRole('img', { name: '头像', exact: true }).getAttribute('src'))
        .toBe('/media/avatars/a3.svg');

      // Birthday: under 18 refused by the form; a date of an adult saved, and then it cannot be changed.
      await page.getByRole('button', { name: '设置 生日' }).click();
      const birthday = page.getByLabel('生日', { exact: true });
      await birthday.fill(`${new Date().getFullYear() - 10}-01-01`);
      await page.getByRole('button', { name: '保存' }).click();
      await expect.poll(() => page.getByRole('alert').filter({ hasText: '须年满 18 周岁' }).count()).toBe(1);
      await birthday.fill('1990-05-20');
      await page.getByRole('button', { name: '保存' }).click();
      await expect.poll(() => page.getByText('1990-05-20').count()).toBe(1);
      expect(await page.getByText('已设置，不可修改').count()).toBe(1);
      expect(await page.getByRole('button', { name: '设置 生日' }).count()).toBe(0);

      // The logins: this one first, 本机, with its device.
      const list = page.getByRole('region', { name: '登录设备与记录' });
      await expect.poll(() => list.getByRole('listitem').count()).toBeGreaterThan(0);
      const first = list.getByRole('listitem').first();
      expect(await first.innerText()).toContain('本机');
      expect(await first.innerText()).toContain('Chrome');
      expect(await axeFindings(page)).toEqual([]);

      // Another device holding this login (spec §2: the token handed over in the address).
      const other = await browser.newContext({ viewport, locale: 'zh-CN' });
      const otherPage = await other.newPage();
      await otherPage.goto(`${baseUrl}/mine?token=${encodeURIComponent((await tokenOf(ctx))!)}`, {
        waitUntil: 'networkidle',
      });
      await expect.poll(() => otherPage.getByText(`手机号 ${masked}`).count()).toBe(1);

      // 退出其他设备 → the confirmation → this page starts again under a fresh token, still logged in.
      const before = await tokenOf(ctx);
      await list.getByRole('button', { name: '退出其他设备' }).click();
      const dialog = page.getByRole('dialog', { name: '退出其他设备' });
      await expect.poll(() => dialog.count()).toBe(1);
      await dialog.getByRole('button', { name: '确定退出' }).click();
      await expect.poll(async () => (await tokenOf(ctx)) !== before).toBe(true);
      await page.waitForLoadState('networkidle');
      await dismissPopUp(page);
      await expect.poll(() => page.getByRole('heading', { name: '基本资料' }).count()).toBe(1);
      expect(page.url()).toBe(baseUrl + '/mine/userInfo');
      expect(await page.getByRole('button', { name: '退出登录' }).count()).toBe(1);

      // The other device is out: its next page answers that the login ended.
      await otherPage.reload({ waitUntil: 'networkidle' });
      await expect.poll(() => otherPage.getByRole('link', { name: '登录' }).count()).toBeGreaterThan(0);
      expect(await otherPage.getByRole('button', { name: '退出登录' }).count()).toBe(0);
      await other.close();
      await ctx.close();
    }, 120_000);
  }
});
