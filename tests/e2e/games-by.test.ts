// Fishing in the browser (issue 12 §1 "Fishing", §3, §4 "Browser tests"): a member opens the site's fishing
// lobby, launches 捕鱼大亨 from the game grid (免转 on: the central balance moves into the venue wallet); the
// games page (which takes the tab) fires shots — by clicking a fish in the list at a chosen cannon level, and with
// the keyboard — and shows each shot's stake and plain result with the header's venue wallet following; the rules
// tab states the RTP and pay table; the verify tab reveals the seed and recomputes both shots in the browser; the
// site's /mine/record/betRecord lists both shots settled. At phone and desktop size, reduced motion, axe-clean.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatFen } from '../../src/protocol/money.ts';
import { DESKTOP, launchChromium, PHONE } from '../support/browser.ts';
import { axeFindings, flat, go, PASSWORD, registerMember, siteCall } from '../support/e2e-site.ts';
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

describe.each([
  ['phone', PHONE, '13712342101'],
  ['desktop', DESKTOP, '13712342102'],
] as const)('fishing at %s size', (_size, viewport, phone) => {
  it('launches 捕鱼大亨 from the lobby, fires shots, reads the rules, verifies both shots, and finds them in the bet record', async () => {
    const token = await registerMember(phone);
    expect(await ops(dataDir, 'credit', phone, '100', 'games-by-e2e')).toMatch(/credited 100\.00/);
    // 免转 on: the launch moves the central balance into the venue wallet.
    await siteCall('/fd/api/v1/wallet/autoTransfer', { enabled: true, requestId: `by-auto-${phone}` }, token);

    const ctx = await browser.newContext({ viewport, locale: 'zh-CN', reducedMotion: 'reduce' });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    try {
      await page.goto(baseUrl + '/user/login', { waitUntil: 'networkidle' });
      await page.getByLabel('手机号码').fill(phone);
      await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await expect.poll(() => page.getByRole('button', { name: '退出登录' }).count()).toBe(1);

      // The fishing lobby's game grid: 捕鱼大亨 of the first fishing venue.
      await go(page, '/game/fishing');
      const grid = page.locator('.game-grid');
      const tile = grid.getByRole('button', { name: /开始游戏：\s*捕鱼大亨/ });
      await expect.poll(() => tile.count(), { timeout: 15_000 }).toBe(1);
      await tile.click();
      // The games page replaces the site in this tab (issue 12 §3), the credential leaves the address bar.
      await expect
        .poll(() => new URL(page.url()).pathname, { timeout: 15_000 })
        .toMatch(/^\/sandbox\/venue\/[A-Z]+BY\/$/);
      await expect.poll(() => new URL(page.url()).searchParams.get('token')).toBeNull();

      // The games page: the venue wallet ¥100.00 (免转 moved it in).
      const header = page.getByRole('banner');
      await expect.poll(() => header.textContent().then(flat), { timeout: 20_000 }).toContain('¥100.00');
      const sea = page.getByRole('img', { name: /海底鱼群/ });
      await expect.poll(() => sea.count(), { timeout: 15_000 }).toBe(1);
      expect(await page.getByText('已按系统设置减弱动画').count()).toBe(1);

      // A shot at 1.00 元 on the first fish of the list (a tap / click on its button).
      await page.getByRole('radio', { name: '1.00 元' }).check();
      const fishButtons = page.getByRole('button', { name: /^向.+开炮/ });
      await expect.poll(() => fishButtons.count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await fishButtons.first().click();
      const shots = page.getByTestId('last-shots').getByRole('listitem');
      await expect.poll(() => shots.count(), { timeout: 15_000 }).toBe(1);
      expect(await shots.first().textContent()).toMatch(
        /每炮 ¥1\.00，(命中，派彩 ¥\d+\.\d\d|未命中，派彩 ¥0\.00)/,
      );

      // The keyboard: focus on the list, an arrow, Enter: a second shot.
      await fishButtons.first().focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await expect.poll(() => shots.count(), { timeout: 15_000 }).toBe(2);

      // Each shot's stake and payout as listed; the header's wallet follows: ¥100.00 − 2 × ¥1.00 + payouts.
      const paid = (await shots.allTextContents()).map((t) => {
        const m = /派彩 ¥(\d+)\.(\d\d)/.exec(t);
        return Number(m![1]) * 100 + Number(m![2]);
      });
      const balance = 10_000 - 200 + paid.reduce((a, b) => a + b, 0);
      await expect
        .poll(() => header.textContent().then(flat), { timeout: 15_000 })
        .toContain(`¥${formatFen(balance)}`);
      expect(await axeFindings(page)).toEqual([]);

      // The rules: the RTP and the pay table with each fish's hit probability.
      await page.getByRole('tab', { name: '规则' }).click();
      await expect
        .poll(() => page.getByText(/理论返还率（RTP）均为 96 %/).count(), { timeout: 10_000 })
        .toBe(1);
      const table = page.getByRole('table', { name: '鱼种与赔付' });
      expect(flat(await table.getByRole('row').nth(1).textContent())).toBe('小丑鱼×248.00%');
      expect(await axeFindings(page)).toEqual([]);

      // Fairness: reveal the seed; both shots recomputed in the browser agree with the record.
      await page.getByRole('tab', { name: '公平验证' }).click();
      await page.getByRole('button', { name: '更换种子（公开当前种子）' }).click();
      await expect.poll(() => page.getByText('重新计算结果与记录一致').count(), { timeout: 15_000 }).toBe(2);
      expect(await page.getByText(/^随机数 \d+，命中阈值 \d+（小于阈值即命中）$/).count()).toBe(2);
      expect(await axeFindings(page)).toEqual([]);

      // The bet record on the site: both shots, with the game's name and stake, settled.
      await page.goto(baseUrl + '/mine/record/betRecord', { waitUntil: 'networkidle' });
      const rows = page.locator('.bet').filter({ hasText: '捕鱼大亨' });
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
      for (const text of await rows.allTextContents()) {
        expect(flat(text)).toContain('¥1.00');
        expect(flat(text)).not.toContain('未结算');
      }
      expect(await axeFindings(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
