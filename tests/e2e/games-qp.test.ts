// Chess and card in the browser (issue 12 §1 "Chess and card", §3, §4 "Browser tests"): a member opens the site's
// chess lobby, launches 抢庄牛牛 (phone) or 二十一点 (desktop) from the game grid (免转 on: the central balance
// moves into the venue wallet), and on the games page the launch opens plays a hand — the cards named in words, the
// round timer, the choices — sees the result said as it is and the venue wallet follow, then finds the hand in
// /mine/record/betRecord with the balance the site shows. Axe-clean (the site and the games page in its frame).
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { GAMES_API } from '../../src/protocol/games.ts';
import { DESKTOP, launchChromium, PHONE } from '../support/browser.ts';
import {
  axeFindings,
  flat,
  go,
  PASSWORD,
  registerMember,
  siteCall,
  venueRounds,
} from '../support/e2e-site.ts';
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

const yuan = (fen: number) => `¥${(Math.abs(fen) / 100).toFixed(2)}`.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

describe.each([
  ['phone', PHONE, '13712342901', '抢庄牛牛', 'bull-bull'],
  ['desktop', DESKTOP, '13712342902', '二十一点', 'blackjack'],
] as const)('chess and card at %s size', (_size, viewport, phone, name, code) => {
  it(`launches ${name} from the lobby, plays a hand, and finds it in the bet record with the balance`, async () => {
    const token = await registerMember(phone);
    expect(await ops(dataDir, 'credit', phone, '100', 'games-qp-e2e')).toMatch(/credited 100\.00/);
    await siteCall('/fd/api/v1/wallet/autoTransfer', { enabled: true, requestId: `qp-auto-${phone}` }, token);

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

      await go(page, '/game/chess');
      const tile = page
        .locator('.game-grid')
        .getByRole('button', { name: new RegExp(`开始游戏：\\s*${name}`) });
      await expect.poll(() => tile.count(), { timeout: 15_000 }).toBeGreaterThan(0);
      // The games page's calls carry the venue credential (the server's record is read with it below).
      let venueToken = '';
      page.on('request', (req) => {
        const auth = req.headers()['authorization'];
        if (req.url().includes(GAMES_API) && auth) venueToken = auth.replace(/^Bearer\s+/i, '');
      });
      await tile.first().click();
      // A chess venue opens its page in place of the site (or embedded, as its launch answers).
      await expect
        .poll(
          () =>
            page.url().includes('/sandbox/venue/') ||
            page.frames().some((f) => f.url().includes('/sandbox/venue/')),
          {
            timeout: 15_000,
          },
        )
        .toBe(true);
      const frame: Page | Frame = page.url().includes('/sandbox/venue/')
        ? page
        : page.frames().find((f) => f.url().includes('/sandbox/venue/'))!;
      expect(new URL(frame.url()).pathname).toMatch(/^\/sandbox\/venue\/[A-Z]+QP\/$/);
      const header = frame.getByRole('banner');
      await expect.poll(() => header.textContent().then(flat), { timeout: 20_000 }).toContain('¥100.00');

      const result = frame.getByTestId('qp-result');
      if (code === 'bull-bull') {
        await frame.getByRole('button', { name: '开始（底注 ¥0.10）' }).click();
        // The player's four cards named, the computers' face down; the timer runs.
        const mine = frame.getByRole('list', { name: '你的牌' });
        await expect
          .poll(() => mine.getByRole('img', { name: /^(黑桃|红桃|梅花|方块) / }).count(), { timeout: 15_000 })
          .toBe(4);
        expect(
          await frame.getByRole('list', { name: '电脑 1的牌' }).getByRole('img', { name: '暗牌' }).count(),
        ).toBe(5);
        expect(await frame.getByRole('timer').textContent()).toMatch(/^剩余 \d+ 秒$/);
        await page.screenshot({ path: `tests/e2e/screenshots/games-qp-${code}-${_size}-grab.png` });
        await frame.getByRole('button', { name: '不抢' }).click();
        const bets = frame.getByRole('group', { name: '下注倍数' });
        await expect
          .poll(async () => (await bets.count()) + (await result.count()), { timeout: 15_000 })
          .toBe(1);
        if ((await bets.count()) === 1) await bets.getByRole('button', { name: '1 倍' }).click();
      } else {
        await frame.getByRole('button', { name: '开始（底注 ¥1.00）' }).click();
        const dealer = frame.getByRole('list', { name: '庄家的牌' });
        await expect.poll(() => dealer.getByRole('img').count(), { timeout: 15_000 }).toBeGreaterThan(1);
        const actions = frame.getByRole('group', { name: '你的操作' });
        if ((await result.count()) === 0) {
          await page.screenshot({ path: `tests/e2e/screenshots/games-qp-${code}-${_size}-play.png` });
          expect(await dealer.getByRole('img', { name: '暗牌' }).count()).toBe(1);
          await actions.getByRole('button', { name: '停牌' }).click();
        }
      }
      await expect.poll(() => result.count(), { timeout: 15_000 }).toBe(1);
      await page.screenshot({
        path: `tests/e2e/screenshots/games-qp-${code}-${_size}-result.png`,
        fullPage: true,
      });

      // What the server recorded; the page's result and the header follow it.
      await expect.poll(() => venueToken.length).toBeGreaterThan(0);
      const rounds = await venueRounds(venueToken, code);
      expect(rounds).toHaveLength(1);
      const r = rounds[0]!;
      expect(r.status).not.toBe('open');
      const net = r.payout - r.stake;
      expect(flat(await result.textContent())).toContain(
        net === 0 ? '本局不输不赢' : `本局净输赢${net > 0 ? '+' : '−'}${yuan(net)}`,
      );
      await expect
        .poll(() => header.textContent().then(flat), { timeout: 15_000 })
        .toContain(yuan(10_000 + net));
      expect(await axeFindings(frame)).toEqual([]);

      // The verify view: the seed revealed, the deck recomputed in the browser, the cards listed in words.
      await frame.getByRole('tab', { name: '公平验证' }).click();
      await frame.getByRole('button', { name: '更换种子（公开当前种子）' }).click();
      const ok = frame.getByText('重新计算结果与记录一致');
      await expect.poll(() => ok.count(), { timeout: 15_000 }).toBe(1);
      expect(
        await frame.getByText(code === 'bull-bull' ? /^你：(黑桃|红桃|梅花|方块) / : /^庄家：/).count(),
      ).toBe(1);
      expect(await axeFindings(frame)).toEqual([]);

      // The bet record on the site: the hand with the game's name and stake.
      await page.goto(baseUrl + '/mine/record/betRecord', { waitUntil: 'networkidle' });
      const row = page.locator(`.bet[data-order="${r.orderNo}"]`);
      await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
      const text = flat(await row.textContent());
      expect(text).toContain(name);
      expect(text).toContain(yuan(r.stake));
      expect(await axeFindings(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
