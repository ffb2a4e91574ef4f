// The lottery in the browser (issue 12 §1 "Lottery (CP)", §2, §3, §4 "Browser tests"): a member opens the site's
// 彩票 lobby, enters 双赢彩票 (免转 on: the central balance moves into the venue wallet), and in the embedded games
// page sees 极速快三's open period and countdown, picks 大 at 10 元, confirms the ticket; the period closes on the
// server's clock for everyone, the dice are shown with the ticket's net, the venue wallet follows; the draw
// history is a table; the period is verified from its revealed seed; and the ticket is in /mine/record/betRecord.
// At phone and desktop size, axe-clean (site and games page).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { settlePick, type LotteryResult } from '../../src/games-core/cp/plays.ts';
import { GAMES_API, type RoundsResponse } from '../../src/protocol/games.ts';
import { DESKTOP, launchChromium, PHONE } from '../support/browser.ts';
import { axeFindings, creditMember, flat, go, registerMember, siteCall } from '../support/e2e-site.ts';

const baseUrl = inject('baseUrl');
/** issue 12 §1 / docs/games-cp.md: 快三 draws every minute (tickets for 50 s), so a ticket is settled within 70 s. */
const PERIOD_WAIT_MS = 80_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([
  ['phone', PHONE, '13712348121'],
  ['desktop', DESKTOP, '13712348122'],
] as const)('a lottery at %s size', (_size, viewport, phone) => {
  it(
    'enters 双赢彩票 from the lobby, stakes 大 on the open 快三 period, sees the draw, verifies it and finds the bet record',
    { timeout: 240_000 },
    async () => {
      const token = await registerMember(phone);
      expect(await creditMember(phone, 100)).toMatch(/credited 100\.00/);
      await siteCall(
        '/fd/api/v1/wallet/autoTransfer',
        { enabled: true, requestId: `cp-auto-${phone}` },
        token,
      );

      const ctx = await browser.newContext({ viewport, locale: 'zh-CN', reducedMotion: 'reduce' });
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      try {
        await page.goto(baseUrl + '/user/login', { waitUntil: 'networkidle' });
        await page.getByLabel('手机号码').fill(phone);
        await page.getByLabel('密码', { exact: true }).fill('abc12345');
        await page.getByRole('button', { name: '登录', exact: true }).click();
        await expect.poll(() => page.getByRole('button', { name: '退出登录' }).count()).toBe(1);

        await go(page, '/game/lottery');
        const enter = page.locator('[data-venue="SYCP"]').getByRole('button', { name: /^进入/ });
        await expect.poll(() => enter.count(), { timeout: 15_000 }).toBe(1);
        await enter.click();
        // Embedded in the site, or opened in the page itself.
        const venueFrame = () =>
          page.frames().find((f) => new URL(f.url()).pathname === '/sandbox/venue/SYCP/') ?? null;
        await expect.poll(() => venueFrame() !== null, { timeout: 15_000 }).toBe(true);
        const frame = venueFrame()!;
        // The page keeps the launch's credential for its tab (src/lib/venue-page-token.ts).
        const tokenKey = 'sandbox-games:SYCP:token';
        await expect
          .poll(() => frame.evaluate((k) => sessionStorage.getItem(k), tokenKey), { timeout: 15_000 })
          .not.toBeNull();
        const venueToken = (await frame.evaluate((k) => sessionStorage.getItem(k), tokenKey))!;

        const header = frame.getByRole('banner');
        await expect.poll(() => header.textContent().then(flat), { timeout: 20_000 }).toContain('¥100.00');
        // The venue's lotteries (launched as a whole): the first, 极速快三, is open.
        const list = frame.getByRole('region', { name: '彩种' });
        await expect.poll(() => list.textContent().then(flat), { timeout: 20_000 }).toContain('五分时时彩');

        // Wait for the open period's countdown with some seconds left (a draw every minute for everyone).
        const timer = frame.getByTestId('cp-countdown');
        await expect
          .poll(
            async () => {
              if ((await timer.count()) === 0) return false;
              const m = /距封盘 (\d\d):(\d\d)/.exec((await timer.textContent()) ?? '');
              return m !== null && Number(m[1]) * 60 + Number(m[2]) >= 10;
            },
            { timeout: PERIOD_WAIT_MS, interval: 250 },
          )
          .toBe(true);
        const heading = (await frame.getByTestId('cp-period').getByRole('heading').textContent())!;
        await frame.getByRole('button', { name: /^大 赔率 1\.98/ }).click();
        await frame.getByRole('group', { name: '快捷金额' }).getByRole('button', { name: '10 元' }).click();
        await frame.getByRole('button', { name: '投注', exact: true }).click();
        const dialog = frame.getByRole('dialog', { name: '确认投注' });
        expect(flat(await dialog.textContent())).toContain('大小·大·赔率1.98·¥10.00');
        await dialog.getByRole('button', { name: '确认' }).click();
        await expect
          .poll(() => frame.getByText('已投注 1 注，开奖后自动结算').count(), { timeout: 10_000 })
          .toBe(1);
        await expect.poll(() => header.textContent().then(flat)).toContain('¥90.00');
        expect(await frame.getByTestId('cp-ticket').count()).toBe(1);
        expect(await axeFindings(frame)).toEqual([]);

        // The close for everyone, the draw, this ticket's net said plainly.
        const draw = frame.getByTestId('cp-draw');
        await expect.poll(() => draw.count(), { timeout: PERIOD_WAIT_MS, interval: 250 }).toBe(1);
        expect(await frame.getByTestId('cp-period').getByRole('heading').textContent()).toBe(heading);

        const res = await fetch(`${baseUrl}${GAMES_API}/rounds?game=k3`, {
          headers: { Authorization: `Bearer ${venueToken}` },
        });
        const { rounds } = ((await res.json()) as { data: RoundsResponse }).data;
        expect(rounds).toHaveLength(1);
        const r = rounds[0]!;
        expect(r.fair?.serverSeed).toMatch(/^[0-9a-f]{64}$/);
        const want = settlePick('k3', 'bs', 'big', 1_000, r.outcome as LotteryResult);
        expect(r.payout).toBe(want.payout);
        const ticket = frame.getByTestId('cp-ticket');
        const net = want.payout - 1_000;
        await expect
          .poll(() => ticket.textContent().then(flat), { timeout: 15_000 })
          .toContain(net >= 0 ? `净+¥${(net / 100).toFixed(2)}` : `净−¥${(-net / 100).toFixed(2)}`);
        const balance = `¥${((9_000 + want.payout) / 100).toFixed(2)}`;
        await expect.poll(() => header.textContent().then(flat), { timeout: 20_000 }).toContain(balance);
        // The history lists the period with its revealed seed.
        const history = frame.getByRole('table', { name: '极速快三 最近开奖' });
        await expect
          .poll(() => history.textContent().then(flat), { timeout: 70_000 })
          .toContain(r.fair!.serverSeed!);
        // Recomputed in the browser from the revealed seed: the row of this period says 一致.
        const label = /第 (\S+) 期/.exec(heading)![1]!;
        const histRow = history.getByRole('row', { name: new RegExp(`^${label}`) });
        await expect.poll(() => histRow.textContent().then(flat), { timeout: 10_000 }).toMatch(/[^不]一致$/);
        await page.screenshot({ path: `tests/e2e/screenshots/games-cp-${_size}.png`, fullPage: true });
        expect(await axeFindings(frame)).toEqual([]);

        // Verify: the shell's 公平验证 tab recomputes the draw from the revealed seed.
        await frame.getByRole('tab', { name: '公平验证' }).click();
        await expect
          .poll(() => frame.getByText('与服务器开奖结果一致').count(), { timeout: 15_000 })
          .toBeGreaterThan(0);
        expect(await axeFindings(frame)).toEqual([]);

        // The bet record of the site.
        await page.goto(baseUrl + '/mine/record/betRecord', { waitUntil: 'networkidle' });
        const row = page.locator(`.bet[data-order="${r.orderNo}"]`);
        await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
        const text = flat(await row.textContent());
        expect(text).toContain('极速快三');
        expect(text).toContain('¥10.00');
        expect(await axeFindings(page)).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await ctx.close();
      }
    },
  );
});
