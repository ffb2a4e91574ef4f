// Slots in the browser (issue 12 §1 "Slots (DZ)", §2, §3, §4 "Browser tests"): a member opens the site's 电子
// lobby, launches 财神到 from the game grid (免转 on: the central balance moves into the venue wallet), and in the
// embedded games page chooses a line bet and spins — by click and by keyboard — seeing the stake and the plain
// result of each spin (a turn skipped at desktop size, none with reduced motion at phone size), the winning
// lines in words, the venue wallet and the visit's net following; reads the rules' return to player; then
// finds the spins in /mine/record/betRecord. At phone and desktop size, axe-clean (the site and the games page).
// Issue 19 §2: the progressive jackpot's pool is shown above the reels (the server's figure, following every spin),
// its rules are in the rules tab, and the verify view redraws each spin's jackpot draw from the revealed seed.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { GAMES_API, type RoundsResponse } from '../../src/protocol/games.ts';
import type { JackpotPoolResponse } from '../../src/protocol/jackpot.ts';
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
  ['phone', PHONE, '13712353001', 'reduce'],
  ['desktop', DESKTOP, '13712353002', 'no-preference'],
] as const)('slots at %s size', (_size, viewport, phone, reducedMotion) => {
  it('launches 财神到 from the lobby, spins, reads the rules, and finds the spins in the bet record', async () => {
    const token = await registerMember(phone);
    expect(await ops(dataDir, 'credit', phone, '100', 'games-dz-e2e')).toMatch(/credited 100\.00/);
    await siteCall('/fd/api/v1/wallet/autoTransfer', { enabled: true, requestId: `dz-auto-${phone}` }, token);

    const ctx = await browser.newContext({ viewport, locale: 'zh-CN', reducedMotion });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    try {
      await page.goto(baseUrl + '/user/login', { waitUntil: 'networkidle' });
      await page.getByLabel('手机号码').fill(phone);
      await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await expect.poll(() => page.getByRole('button', { name: '退出登录' }).count()).toBe(1);

      // The 电子 lobby's game grid: 财神到 of the first slots venue.
      await go(page, '/game/egame');
      const tile = page.locator('.game-grid').getByRole('button', { name: /开始游戏：\s*财神到/ });
      await expect.poll(() => tile.count(), { timeout: 15_000 }).toBe(1);
      await tile.click();
      // Embedded in the site (desktop) or opened in the page itself (phone).
      const venueFrame = () =>
        page.frames().find((f) => new URL(f.url()).pathname.startsWith('/sandbox/venue/')) ?? null;
      await expect.poll(() => venueFrame() !== null, { timeout: 15_000 }).toBe(true);
      const frame = venueFrame()!;
      const venue = new URL(frame.url()).pathname.split('/')[3]!;
      expect(venue).toMatch(/^[A-Z0-9]+DZ$/);
      // The page keeps the launch's credential for its tab (src/lib/venue-page-token.ts).
      await expect
        .poll(() => frame.evaluate((v) => sessionStorage.getItem(`sandbox-games:${v}:token`), venue), {
          timeout: 15_000,
        })
        .not.toBeNull();
      const venueToken = (await frame.evaluate(
        (v) => sessionStorage.getItem(`sandbox-games:${v}:token`),
        venue,
      ))!;

      const header = frame.getByRole('banner');
      await expect.poll(() => header.textContent().then(flat), { timeout: 20_000 }).toContain('¥100.00');
      const reels = frame.getByRole('table', { name: /财神到 转轴/ });
      await expect.poll(() => reels.count(), { timeout: 15_000 }).toBe(1);
      expect(await reels.getByRole('cell').count()).toBe(15);
      expect(await frame.getByText('每次旋转需手动点击，本游戏不提供自动旋转。').count()).toBe(1);

      // The jackpot pool above the reels: the server's figure (GET /dz/jackpot), never below its ¥500.00 seed.
      const poolNow = async () => {
        const res = await fetch(`${baseUrl}${GAMES_API}/dz/jackpot`, {
          headers: { Authorization: `Bearer ${venueToken}` },
        });
        return ((await res.json()) as { data: JackpotPoolResponse }).data;
      };
      const shownPool = frame.getByTestId('slot-jackpot-pool');
      const money = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
      const figure0 = await poolNow();
      expect(figure0.seed).toBe(50_000);
      expect(figure0.pool).toBeGreaterThanOrEqual(50_000);
      await expect
        .poll(async () => (await shownPool.textContent()) === money((await poolNow()).pool), {
          timeout: 15_000,
        })
        .toBe(true);
      expect(flat(await frame.getByRole('region', { name: '累积奖池' }).textContent())).toContain(
        '每局投注的1.00%计入',
      );

      // A spin at ¥0.10 a line: ¥2.00.
      await frame.getByRole('radio', { name: '¥0.10' }).check();
      const result = frame.getByTestId('slot-result');
      const finish = async (n: number) => {
        // The turn (desktop) is skippable; free spins are shown all at once when asked.
        const deadline = Date.now() + 15_000;
        while (Date.now() < deadline) {
          const skip = frame.getByRole('button', { name: '立即显示结果' });
          if (await skip.count()) await skip.click().catch(() => {});
          const all = frame.getByRole('button', { name: '显示全部免费旋转' });
          if (await all.count()) await all.click().catch(() => {});
          if ((await result.count()) && (await result.textContent())!.includes(`注单号`)) {
            const rounds = await roundsNow();
            if (rounds.length === n && (await result.textContent())!.includes(rounds[0]!.orderNo))
              return rounds;
          }
          await frame.page().waitForTimeout(100);
        }
        throw new Error('the spin did not show');
      };
      const roundsNow = async () => {
        const res = await fetch(`${baseUrl}${GAMES_API}/rounds?game=fortune-god`, {
          headers: { Authorization: `Bearer ${venueToken}` },
        });
        return ((await res.json()) as { data: RoundsResponse }).data.rounds;
      };
      await frame.getByRole('button', { name: '旋转（投注 ¥2.00）' }).click();
      let rounds = await finish(1);
      const said = (await result.textContent())!;
      const r0 = rounds[0]!;
      if (r0.payout === 0) expect(said).toContain('未中奖（本局净输 ¥2.00）');
      else if (r0.payout < 200) expect(said).toContain('本局净输');
      else if (r0.payout > 200) expect(said).toContain('净赢');

      // The keyboard: focus the spin button, Enter: a second spin.
      await frame.getByRole('button', { name: '旋转（投注 ¥2.00）' }).focus();
      await frame.page().keyboard.press('Enter');
      rounds = await finish(2);
      expect(rounds.every((r) => r.stake === 200 && r.status !== 'open')).toBe(true);
      // The figure followed the spins: each ¥2.00 spin put 2 fen in (other players' spins may add more).
      const figure2 = await poolNow();
      expect(figure2.pool).toBeGreaterThanOrEqual(50_000);
      if (!figure2.lastWin || figure2.lastWin.at === figure0.lastWin?.at)
        expect(figure2.pool).toBeGreaterThanOrEqual(figure0.pool + 4);
      await expect
        .poll(async () => (await shownPool.textContent()) === money((await poolNow()).pool), {
          timeout: 20_000,
        })
        .toBe(true);
      const net = rounds.reduce((s, r) => s + r.payout - r.stake, 0);
      const yuan = (fen: number) => `¥${(Math.abs(fen) / 100).toFixed(2)}`;
      await expect
        .poll(() => header.textContent().then(flat), { timeout: 15_000 })
        .toContain(yuan(10_000 + net).replace(/\B(?=(\d{3})+(?!\d))/g, ','));
      expect(await axeFindings(frame)).toEqual([]);

      // The rules: the game's return to player and its pay table.
      await frame.getByRole('tab', { name: '规则' }).click();
      await expect
        .poll(() => frame.getByTestId('slot-rtp').textContent(), { timeout: 10_000 })
        .toBe('理论返还率（RTP）：96.51%（不含累积奖池）');
      expect(await frame.getByRole('table', { name: /赔付表/ }).count()).toBe(1);
      // The jackpot's rules (docs/games-dz.md "Jackpot"): its chance per stake and its long-run return.
      expect(await frame.getByText('投注 ¥2.00：约 83,886 分之一').count()).toBe(1);
      expect(flat(await frame.getByTestId('slot-jackpot-rtp').textContent())).toContain(
        '奖池的长期返还率为1.30%',
      );
      expect(await axeFindings(frame)).toEqual([]);

      // Fairness: reveal the seed; both spins recomputed in the browser agree with the record.
      await frame.getByRole('tab', { name: '公平验证' }).click();
      await frame.getByRole('button', { name: '更换种子（公开当前种子）' }).click();
      await expect.poll(() => frame.getByText('重新计算结果与记录一致').count(), { timeout: 15_000 }).toBe(2);
      expect(await frame.getByText(/^停止位置：/).count()).toBe(2);
      expect(await frame.getByText(/^奖池抽取：\d+（0 至 16777216 − 1）/).count()).toBe(2);
      expect(await axeFindings(frame)).toEqual([]);

      // The bet record on the site: both spins, with the game's name and stake.
      await page.goto(baseUrl + '/mine/record/betRecord', { waitUntil: 'networkidle' });
      for (const r of rounds) {
        const row = page.locator(`.bet[data-order="${r.orderNo}"]`);
        await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
        const text = flat(await row.textContent());
        expect(text).toContain('财神到');
        expect(text).toContain('¥2.00');
      }
      expect(await axeFindings(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
