// The live casino in the browser (issue 12 §1 "Live casino (ZR)", §2, §3, §4 "Browser tests"): a member opens the
// site's 真人视讯 lobby, enters AG 真人 (免转 on: the central balance moves into the venue wallet), and in the
// embedded games page waits for the 百家乐 table's betting countdown, puts a 10-yuan chip on 庄 and confirms; the
// round closes on the server's clock for everyone, the deal is shown with the round's net result said plainly,
// the venue wallet follows; the roads and the history are there; the round is verified from its revealed seed;
// and the bet is in /mine/record/betRecord. At phone and desktop size, axe-clean (site and games page).
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { settleMemberBets, type ZrResult } from '../../src/games-core/zr/table.ts';
import { GAMES_API, type RoundsResponse } from '../../src/protocol/games.ts';
import { DESKTOP, launchChromium, PHONE } from '../support/browser.ts';
import { axeFindings, creditMember, flat, go, registerMember, siteCall } from '../support/e2e-site.ts';

const baseUrl = inject('baseUrl');
/** issue 12 §1 via the table's schedule: a round every 35 s, so a bet is settled within about 70 s. */
const ROUND_WAIT_MS = 80_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([
  ['phone', PHONE, '13712347421'],
  ['desktop', DESKTOP, '13712347422'],
] as const)('a live table at %s size', (_size, viewport, phone) => {
  it(
    'enters AG 真人 from the lobby, bets on 庄 during the countdown, sees the deal and the bet record',
    { timeout: 240_000 },
    async () => {
      const token = await registerMember(phone);
      expect(await creditMember(phone, 100)).toMatch(/credited 100\.00/);
      await siteCall(
        '/fd/api/v1/wallet/autoTransfer',
        { enabled: true, requestId: `zr-auto-${phone}` },
        token,
      );

      const ctx = await browser.newContext({ viewport, locale: 'zh-CN', reducedMotion: 'reduce' });
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      // The venue credential the games page calls with (it leaves the address bar at once).
      let venueToken = '';
      page.on('request', (req) => {
        const auth = req.headers()['authorization'];
        if (req.url().includes(GAMES_API) && auth) venueToken = auth.replace(/^Bearer\s+/i, '');
      });
      try {
        await page.goto(baseUrl + '/user/login', { waitUntil: 'networkidle' });
        await page.getByLabel('手机号码').fill(phone);
        await page.getByLabel('密码', { exact: true }).fill('abc12345');
        await page.getByRole('button', { name: '登录', exact: true }).click();
        await expect.poll(() => page.getByRole('button', { name: '退出登录' }).count()).toBe(1);

        await go(page, '/game/realbet');
        const enter = page.locator('[data-venue="AGZR"]').getByRole('button', { name: /^进入/ });
        await expect.poll(() => enter.count(), { timeout: 15_000 }).toBe(1);
        await enter.click();
        // spec §2: at phone size the games page replaces the site in the tab; at desktop size it is embedded.
        await expect
          .poll(
            () =>
              page.url().includes('/sandbox/venue/AGZR/') ||
              page.frames().some((f) => f.url().includes('/sandbox/venue/AGZR/')),
            { timeout: 20_000 },
          )
          .toBe(true);
        const frame: Page | Frame = page.url().includes('/sandbox/venue/')
          ? page
          : page.frames().find((f) => f.url().includes('/sandbox/venue/AGZR/'))!;
        const header = frame.getByRole('banner');
        await expect.poll(() => header.textContent().then(flat), { timeout: 20_000 }).toContain('¥100.00');
        // The venue's tables (launched as a whole): the first, 百家乐 1 号桌, is open.
        const phase = frame.getByTestId('phase');
        await expect.poll(() => phase.count(), { timeout: 20_000 }).toBe(1);
        expect(await frame.getByTestId('big-road').count()).toBe(1);
        expect(await frame.getByTestId('bead-plate').count()).toBe(1);

        // Wait for a betting countdown with some seconds left (a round every 35 s for everyone).
        const banker = frame.getByRole('button', { name: '庄 1:0.95' });
        await expect
          .poll(
            async () => {
              const t = (await phase.textContent()) ?? '';
              const left = Number(/剩余 (\d+) 秒/.exec(t)?.[1] ?? 0);
              return t.includes('请下注') && left >= 5;
            },
            { timeout: ROUND_WAIT_MS, interval: 250 },
          )
          .toBe(true);
        await frame.getByRole('button', { name: '10 元筹码' }).click();
        await banker.click();
        const bankerCell = frame.getByTestId('pick-banker');
        expect(flat(await bankerCell.textContent())).toContain('待确认10元');
        await frame.getByRole('button', { name: '确认下注' }).click();
        await expect
          .poll(() => bankerCell.textContent().then(flat), { timeout: 10_000 })
          .toContain('已下注10元');
        await expect.poll(() => header.textContent().then(flat)).toContain('¥90.00');
        expect(await axeFindings(frame)).toEqual([]);

        // The close for everyone, the deal, and this round's net result said plainly.
        const net = frame.getByTestId('round-net');
        await expect.poll(() => net.count(), { timeout: ROUND_WAIT_MS, interval: 200 }).toBe(1);
        const netText = (await net.textContent())!;
        expect(await frame.getByTestId('deal').count()).toBe(1);

        // The round as the server settled it: the pay table from the revealed deal.
        const res = await fetch(`${baseUrl}${GAMES_API}/rounds?game=baccarat-1`, {
          headers: { Authorization: `Bearer ${venueToken}` },
        });
        const { rounds } = ((await res.json()) as { data: RoundsResponse }).data;
        expect(rounds).toHaveLength(1);
        const r = rounds[0]!;
        expect(r.fair?.serverSeed).toMatch(/^[0-9a-f]{64}$/);
        const want = settleMemberBets('baccarat', r.outcome as ZrResult, [
          { id: '1', pick: 'banker', stake: 1_000 },
        ]).get('1')!;
        expect(r.payout).toBe(want.payout);
        const delta = want.payout - 1_000;
        expect(netText).toBe(
          delta > 0
            ? `本局净赢 ${delta / 100} 元`
            : delta < 0
              ? `本局净输 ${-delta / 100} 元`
              : '本局不输不赢',
        );
        const balance = `¥${((9_000 + want.payout) / 100).toFixed(2)}`;
        await expect.poll(() => header.textContent().then(flat), { timeout: 20_000 }).toContain(balance);

        // Verify: the shell's 公平验证 tab recomputes the deal from the revealed seed.
        await frame.getByRole('tab', { name: '公平验证' }).click();
        await expect.poll(() => frame.getByText(/^闲：/).count(), { timeout: 15_000 }).toBeGreaterThan(0);
        expect(await axeFindings(frame)).toEqual([]);

        // The bet record of the site.
        await page.goto(baseUrl + '/mine/record/betRecord', { waitUntil: 'networkidle' });
        const row = page.locator(`.bet[data-order="${r.orderNo}"]`);
        await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
        const text = flat(await row.textContent());
        expect(text).toContain('百家乐1号桌');
        expect(text).toContain('¥10.00');
        expect(await axeFindings(page)).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await ctx.close();
      }
    },
  );
});
