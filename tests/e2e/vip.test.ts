// The VIP programme in the browser (issue 13 §3, §7 "a player who bets enough in a sandbox venue sees VIP
// progress"): a member deposits ¥1,000 through the sandbox cashier and plays slots in a sandbox venue until their
// settled valid bet reaches ¥5,000 (VIP1's thresholds, docs/vip.md), sees VIP1 and the progress toward VIP2 on
// /mine/vip, claims VIP1's upgrade bonus (¥18) by keyboard — the balance moves once, a repeat answers 31022 —
// and reads the details table and the gift record; at 390×844 and 1440×900, axe-clean, no page overflow; the
// ledger reconciles afterwards. The same bets then pay rebate (claimed once) and earn coins that buy a mall item
// (issue 13 §7 "claims rebate and redeems a mall item").
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { deriveSignMap, DEV_SIGNING_SECRET } from '../../server/security/signing.ts';
import { API_VERSION, HEADER, SITE_ID, signGroupOf } from '../../src/protocol/api.ts';
import { GAMES_API } from '../../src/protocol/games.ts';
import { DESKTOP, launchChromium, PHONE } from '../support/browser.ts';
import {
  axeFindings,
  depositThroughCashier,
  creditMember,
  flat,
  go,
  launchVenue,
  PASSWORD,
  registerMember,
} from '../support/e2e-site.ts';
import { ops } from '../support/ops.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const signMap = deriveSignMap(DEV_SIGNING_SECRET);
const E2E_UUID = '5f0c6a1e-0000-4000-8000-0000000e2e13';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** A GET of the site's API as the client sends it; answers the envelope. */
async function siteGet<T>(
  path: string,
  token: string,
  uuid = E2E_UUID,
): Promise<{ status_code: number; data: T }> {
  const group = signGroupOf(path);
  const res = await fetch(baseUrl + path, {
    headers: {
      [HEADER.client]: 'web',
      [HEADER.version]: API_VERSION,
      [HEADER.site]: SITE_ID,
      [HEADER.uuid]: uuid,
      ...(group ? { [HEADER.signature]: signMap[group] } : {}),
      [HEADER.token]: token,
    },
  });
  return (await res.json()) as { status_code: number; data: T };
}

/** The same POST as siteCall, answering the envelope (a refusal is data here). */
async function sitePost(
  path: string,
  body: unknown,
  token: string,
  uuid = E2E_UUID,
): Promise<{ status_code: number }> {
  const group = signGroupOf(path);
  const res = await fetch(baseUrl + path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      [HEADER.client]: 'web',
      [HEADER.version]: API_VERSION,
      [HEADER.site]: SITE_ID,
      [HEADER.uuid]: uuid,
      ...(group ? { [HEADER.signature]: signMap[group] } : {}),
      [HEADER.token]: token,
    },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { status_code: number };
}

/** The browser's own session (one login at a time: the page's token and device). */
async function sessionOf(page: Page): Promise<{ token: string; uuid: string }> {
  const cookies = await page.context().cookies();
  const value = (name: string) => decodeURIComponent(cookies.find((c) => c.name === name)?.value ?? '');
  return { token: value('X-API-TOKEN'), uuid: value('X-API-UUID') };
}
const walletTotal = async (s: { token: string; uuid: string }) =>
  (await siteGet<{ total: number }>('/fd/api/v1/wallet/summary', s.token, s.uuid)).data.total;
const vipStatus = (token: string) =>
  siteGet<{ status: { level: number; deposit: number; validBet: number } }>('/site/api/v1/vip/status', token);

const deposit = (token: string, phone: string, fen: number) =>
  depositThroughCashier(token, `vip-e2e-${phone}`, fen);

/** Settled valid bets: slots spins in PG 电子 (DZ), line bet ¥1 on every payline, until `fen` of valid bet. */
async function betUntil(token: string, phone: string, fen: number): Promise<void> {
  const launch = await launchVenue(token, 'PGDZ', 'fortune-god');
  for (let i = 0; i < 1_000; i++) {
    if (i % 25 === 0 && (await vipStatus(token)).data.status.validBet >= fen) return;
    const res = await fetch(`${baseUrl}${GAMES_API}/dz/spin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${launch.token}` },
      body: JSON.stringify({ requestId: `vip-e2e-${phone}-${i}`, game: 'fortune-god', lineBet: 100 }),
    });
    expect(((await res.json()) as { status_code: number }).status_code).toBe(6000);
  }
  throw new Error('the spins never reached the valid bet asked for');
}

async function login(viewport: { width: number; height: number }, phone: string): Promise<Page> {
  const ctx = await browser.newContext({ viewport, locale: 'zh-CN', reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  await page.goto(baseUrl + '/user/login', { waitUntil: 'networkidle' });
  await page.getByLabel('手机号码').fill(phone);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect.poll(() => page.getByRole('button', { name: '退出登录' }).count()).toBe(1);
  // The login lands on the home page, whose once-a-day pop-up may answer after the test has moved on and cover the
  // member page (seen in CI: axe then measured the pop-up fading in). The member centre is opened afresh instead.
  await page.goto(baseUrl + '/mine', { waitUntil: 'networkidle' });
  return page;
}

/** The page never scrolls sideways (the details table scrolls inside its own box). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe.each([
  ['phone', PHONE, '13712345501'],
  ['desktop', DESKTOP, '13712345502'],
] as const)('VIP at %s size', (size, viewport, phone) => {
  it('shows the level reached by deposits and bets, claims the upgrade bonus once, lists the gift; the same bets pay rebate and coins for a mall item', async () => {
    const token = await registerMember(phone);
    // ¥1,000 deposited (VIP1's deposit threshold) and ¥3,000 of play money to bet with.
    await deposit(token, phone, 100_000);
    await creditMember(phone, 3_000);
    // VIP1's valid-bet threshold: ¥5,000 (docs/vip.md).
    await betUntil(token, phone, 500_000);
    const bet = (await vipStatus(token)).data.status.validBet;
    expect(bet).toBeGreaterThanOrEqual(500_000);

    const page = await login(viewport, phone);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    try {
      await go(page, '/mine/vip');
      await expect.poll(() => page.getByRole('heading', { level: 1, name: 'VIP 特权' }).count()).toBe(1);
      // issue 13 §3: computed on demand when the player reads their status: VIP1.
      await expect
        .poll(() => page.getByTestId('vip-level').textContent().then(flat), { timeout: 15_000 })
        .toBe('当前等级VIP1');
      expect(flat(await page.getByRole('heading', { name: /距离 VIP2 还需/ }).textContent())).toBe(
        '距离VIP2还需',
      );
      // Progress to VIP2 on both measures: ¥5,000 deposit, ¥30,000 valid bet (docs/vip.md).
      expect(flat(await page.getByTestId('vip-progress-deposit').textContent())).toBe(
        '累计存款¥1,000.00/¥5,000.00还差¥4,000.00',
      );
      expect(flat(await page.getByTestId('vip-progress-bet').textContent())).toMatch(
        /^累计有效投注¥[\d,]+\.\d\d\/¥30,000\.00还差¥[\d,]+\.\d\d$/,
      );
      await page.screenshot({ path: `tests/e2e/screenshots/vip-${size}.png`, fullPage: true });
      expect(await axeFindings(page)).toEqual([]);
      expect(await overflow(page)).toBeLessThanOrEqual(0);

      // Claim VIP1's upgrade bonus (¥18) by keyboard; the balance moves once.
      const session = await sessionOf(page);
      const before = await walletTotal(session);
      const claim = page.getByRole('button', { name: '领取 VIP1 晋级礼金' });
      await claim.focus();
      await page.keyboard.press('Enter');
      await expect
        .poll(
          () =>
            page
              .getByTestId('vip-outcome')
              .textContent()
              .catch(() => ''),
          { timeout: 15_000 },
        )
        .toContain('VIP1 晋级礼金 ¥18.00 已存入中心钱包');
      const item = page.locator('[data-reward$=":1"]');
      await expect.poll(() => item.getAttribute('data-state')).toBe('claimed');
      expect(flat(await item.textContent())).toBe('VIP1晋级礼金¥18.00已领取');
      await expect.poll(() => walletTotal(session)).toBe(before + 1_800);
      // The same reward again (a repeat, a second device): 31022, nothing paid.
      const id = (await item.getAttribute('data-reward'))!;
      expect(
        (await sitePost('/site/api/v1/vip/claim', { id }, session.token, session.uuid)).status_code,
      ).toBe(31022);
      expect(await walletTotal(session)).toBe(before + 1_800);
      await page.screenshot({ path: `tests/e2e/screenshots/vip-${size}-claimed.png`, fullPage: true });
      expect(await axeFindings(page)).toEqual([]);

      // The details: a level picker and the whole table in its own box; the member's level marked.
      await page.getByRole('link', { name: '查看全部等级' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/mine/vip/details');
      await expect.poll(() => page.getByRole('heading', { level: 1, name: 'VIP 等级详情' }).count()).toBe(1);
      const table = page.getByRole('region', { name: '各等级门槛与特权' });
      expect(await table.getByRole('row').count()).toBe(12);
      await expect
        .poll(() => table.locator('tr[aria-current="true"] th').textContent(), { timeout: 15_000 })
        .toBe('VIP1（当前）');
      await page.getByLabel('选择等级').selectOption('5');
      expect(await page.getByTestId('vip-level-card').getAttribute('data-level')).toBe('5');
      expect(flat(await page.getByTestId('vip-level-card').textContent())).toContain(
        '晋级累计存款¥100,000.00',
      );
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `tests/e2e/screenshots/vip-details-${size}.png`, fullPage: true });
      expect(await axeFindings(page)).toEqual([]);

      // The gift record: the one bonus paid.
      await go(page, '/mine/record/giftRecord');
      await expect.poll(() => page.getByRole('heading', { level: 1, name: '礼金记录' }).count()).toBe(1);
      const gifts = page.locator('.vip-gift');
      await expect.poll(() => gifts.count(), { timeout: 15_000 }).toBe(1);
      expect(flat(await gifts.first().textContent())).toContain('VIP1晋级礼金¥18.00');
      await page.getByLabel('类型').selectOption('birthday');
      await page.getByRole('button', { name: '查询' }).click();
      await expect.poll(() => page.getByTestId('gifts-empty').count()).toBe(1);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `tests/e2e/screenshots/vip-gifts-${size}.png`, fullPage: true });
      expect(await axeFindings(page)).toEqual([]);

      // issue 13 §7: the same bets pay rebate (claimed once) and earned coins, which buy a mall item.
      await go(page, '/mine/rebate');
      await expect.poll(() => page.getByRole('heading', { level: 1, name: '返水' }).count()).toBe(1);
      const payable = page.getByTestId('rebate-payable');
      await expect.poll(() => payable.textContent().then(flat), { timeout: 15_000 }).not.toBe('¥0.00');
      // VIP1's slots rate (45 bp, docs/vip.md) on at least ¥5,000 of valid bet, floored to the fen.
      const rebateFen = Math.round(Number(flat(await payable.textContent()).replace(/[¥,]/g, '')) * 100);
      expect(rebateFen).toBe(Math.floor((bet * 45) / 10_000));
      await page.getByRole('button', { name: '一键领取' }).click();
      await expect
        .poll(() => page.getByTestId('rebate-payable').textContent().then(flat), { timeout: 15_000 })
        .toBe('¥0.00');

      // Coins: 10 for every ¥100 of valid bet (coinsPer100Yuan, docs/mall.md), credited when the mall opens.
      await go(page, '/mine/currency');
      await expect.poll(() => page.getByRole('heading', { level: 1, name: '积分商城' }).count()).toBe(1);
      const coins = page.getByRole('region', { name: '我的金币' });
      const earned = Math.floor(bet / 1_000);
      await expect
        .poll(() => coins.textContent().then(flat), { timeout: 15_000 })
        .toContain(`${earned.toLocaleString('zh-CN')}金币`);
      await page.getByRole('button', { name: '兑换 8.88 元彩金' }).click();
      const confirm = page.getByRole('alertdialog', { name: '确认兑换' });
      await expect.poll(() => confirm.isVisible()).toBe(true);
      await confirm.getByRole('button', { name: '确认兑换' }).click();
      const done = page.getByRole('alertdialog', { name: '兑换成功' });
      await expect.poll(() => done.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(flat(await done.textContent())).toContain(`剩余${earned - 100}金币`);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
    expect(await ops(dataDir, 'ledger', 'check')).toMatch(/^ledger ok/);
  }, 300_000);
});
