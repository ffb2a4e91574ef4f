// The venues in the browser (issue 11 §1, §2, §5, §6 "Proof"), at both sizes against `npm start`'s server: every
// lobby with the bar across them and a searchable, tag-filtered grid; a venue under maintenance says until when;
// a visitor who picks a venue logs in and comes back to it, the launch proceeding onto the embedded page; the
// sport lobby's counts and live odds, the odds type switched and every price converted exactly; 免转 off with an
// empty venue wallet asks first (30062), 免转 on moves the money; the embedded page's balance; a bet placed in
// the venue, then settled by the operator, in the bet record; a frame URL of no known venue refused; a session
// error on an embedded page sends the logged-out player home; keyboard use and axe on the pages with their data.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatOdds } from '../../src/protocol/odds.ts';
import type { OddsType } from '../../src/protocol/venues.ts';
import { DESKTOP, launchChromium, PHONE } from '../support/browser.ts';
import { ops } from '../support/ops.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const PASSWORD = 'abc12345';
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** spec §2: the seven lobbies and their titles. */
const LOBBIES = [
  ['/game/chess', '棋牌游戏'],
  ['/game/egame', '电子游戏'],
  ['/game/gaming', '电竞'],
  ['/game/lottery', '彩票'],
  ['/game/realbet', '真人视讯'],
  ['/game/sport', '体育'],
  ['/game/fishing', '捕鱼'],
] as const;

async function visitorPage(viewport: { width: number; height: number }): Promise<Page> {
  const ctx = await browser.newContext({ viewport, locale: 'zh-CN' });
  return ctx.newPage();
}

/** A new member registered through the form (spec §6); the page is left logged in, the home pop-up closed. */
async function register(page: Page, phone: string): Promise<void> {
  await page.goto(baseUrl + '/user/register', { waitUntil: 'networkidle' });
  await page.getByLabel('手机号码').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect.poll(() => page.getByRole('button', { name: /秒后重发/ }).count()).toBe(1);
  const code = (await ops(dataDir, 'sms', phone)).split('\t')[0]!.trim();
  await page.getByLabel('验证码').fill(code);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByLabel('确认密码').fill(PASSWORD);
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await expect.poll(() => page.getByRole('button', { name: '退出登录' }).count()).toBe(1);
  const pop = page.getByRole('dialog', { name: '签到日历 天天有礼' });
  await expect.poll(() => pop.isVisible()).toBe(true);
  await pop.getByRole('button', { name: '关闭', exact: true }).click();
  await expect.poll(() => pop.count()).toBe(0);
}

/** Client-side navigation, as a player follows a link (the app keeps its state and socket). */
async function go(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
}

async function axe(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] })`)) as AxeResults;
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Every price the sport lobby shows: its European ×1000 figure (data-euro) and the text the player reads. */
const prices = (page: Page) =>
  page.locator('.sport-venue .price').evaluateAll((els) =>
    els.map((el) => ({
      euro: Number(el.getAttribute('data-euro')),
      text: el.querySelector('.price__odds')?.textContent ?? '',
    })),
  );

/** The embedded page's balance bar: the central wallet and the venue's, as shown. */
const balances = async (page: Page) => ({
  central: await page.locator('[data-balance="central"]').textContent(),
  venue: await page.locator('[data-balance="venue"]').textContent(),
});

/** The bearer credential of the venue page the embedded page frames (its `token` query parameter). */
async function frameToken(page: Page): Promise<{ src: string; token: string }> {
  const src = (await page.locator('iframe.venue-frame__frame').getAttribute('src'))!;
  return { src, token: new URL(src).searchParams.get('token')! };
}

interface NativeMatch {
  id: string;
  sport: string;
  phase: string;
  markets: Array<{
    kind: string;
    selections: Array<{ id: string; pick: string; odds: number; suspended: boolean }>;
  }>;
}

/** The sandbox sportsbook's native API (docs/api.md "Sandbox sportsbook"), as the venue's own page calls it. */
async function sportsbook<T>(
  token: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseUrl}/sandbox/sportsbook/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await res.json()) as { status_code: number; message: string; data: T };
  if (envelope.status_code !== 6000) throw new Error(`${path}: ${envelope.status_code} ${envelope.message}`);
  return envelope.data;
}

describe.each([
  ['phone', PHONE, '13712340111', 'h5'],
  ['desktop', DESKTOP, '13712340112', 'pc'],
] as const)('venues at %s size', (size, viewport, phone, view) => {
  it('every lobby opens with the bar across the seven; the slots grid searches and filters; maintenance says until when', async () => {
    const page = await visitorPage(viewport);
    try {
      for (const [path, title] of LOBBIES) {
        await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
        await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
        const bar = page.getByRole('navigation', { name: '游戏大厅分类' });
        expect(await bar.getByRole('link').count()).toBe(7);
        expect(await bar.locator('[aria-current="page"]').getAttribute('href')).toBe(path);
        await expect.poll(() => page.locator('.venue-tile').count()).toBeGreaterThan(0);
      }
      // issue 11 §1: a venue under maintenance says until when (China time) and cannot be launched.
      expect(await ops(dataDir, 'venue', 'maintenance', 'JDBDZ', 'on', '2030-01-01T10:00:00Z')).toContain(
        'JDBDZ',
      );
      try {
        await page.goto(baseUrl + '/game/egame', { waitUntil: 'networkidle' });
        const jdb = page.locator('.venue-tile[data-venue="JDBDZ"]');
        await expect.poll(() => jdb.textContent()).toContain('维护中，预计 2030/01/01 18:00（北京时间）恢复');
        expect(await jdb.getByRole('button').isDisabled()).toBe(true);
      } finally {
        await ops(dataDir, 'venue', 'maintenance', 'JDBDZ', 'off');
      }
      // The grid: the first venue with a game list, then searched (debounced) and filtered by tag.
      await page.goto(baseUrl + '/game/egame', { waitUntil: 'networkidle' });
      const grid = page.locator('.game-grid');
      await expect.poll(() => grid.locator('.game').count()).toBeGreaterThan(0);
      const names = async () =>
        (await grid.locator('.game__name').allTextContents()).map((n) => n.replace('开始游戏：', ''));
      const word = (await names())[0]!.slice(0, 1);
      await grid.getByLabel('搜索游戏').fill(word);
      await expect.poll(async () => (await names()).every((n) => n.includes(word))).toBe(true);
      await grid.getByLabel('搜索游戏').fill('');
      await grid.getByRole('button', { name: '热门', exact: true }).click();
      expect(await grid.getByRole('button', { name: '热门', exact: true }).getAttribute('aria-pressed')).toBe(
        'true',
      );
      await expect
        .poll(async () =>
          (await grid.locator('.game__tags').allTextContents()).every((t) => t.includes('热门')),
        )
        .toBe(true);
      expect(await grid.locator('.game').count()).toBeGreaterThan(0);
      // Open since issue 12: every game shown can be launched.
      expect(await grid.locator('.game__button[disabled]').count()).toBe(0);
      expect(await grid.textContent()).not.toContain('目前只能浏览，不能进入');
      expect(await axe(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('a visitor picks a venue, logs in and comes back to it: the launch goes on to the embedded page; the sport lobby shows counts and live odds in the odds type chosen', async () => {
    // The member exists (registered elsewhere); this visitor is not logged in.
    const reg = await visitorPage(viewport);
    await register(reg, phone);
    await reg.context().close();

    const page = await visitorPage(viewport);
    try {
      await page.goto(baseUrl + '/game/sport', { waitUntil: 'networkidle' });
      // The lobby's area loads lazily: its visitor's line arrives with it.
      await expect
        .poll(() => page.getByRole('link', { name: '登录后可查看实时赛事数量与赔率' }).count())
        .toBe(1);
      await page.getByRole('button', { name: '进入IM 体育' }).click();
      // spec §6: the login page, bringing the player back to the lobby with the pick.
      await expect
        .poll(() => page.url())
        .toBe(`${baseUrl}/user/login?redirect=${encodeURIComponent('/game/sport?play=IMTY')}`);
      await page.getByLabel('手机号码').fill(phone);
      await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: '登录', exact: true }).click();
      // issue 11 §1: back to the game — the launch proceeds (nothing in either wallet: nothing to ask).
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/sport/im');
      const { src } = await frameToken(page);
      expect(src.startsWith(`${baseUrl}/sandbox/venue/IMTY/?token=`)).toBe(true);
      // spec §2: the phone page on a phone, the desktop page otherwise.
      expect(new URL(src).searchParams.get('view')).toBe(view);
      expect(new URL(page.url()).searchParams.get('url')).toBe(src);
      await expect.poll(() => balances(page)).toEqual({ central: '¥0.00', venue: '¥0.00' });
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('IM 体育');
      expect(await page.locator('iframe').getAttribute('sandbox')).toBe(
        'allow-scripts allow-same-origin allow-forms',
      );
      expect(await page.locator('iframe').getAttribute('title')).toBe('IM 体育（沙盒场馆）');
      // The venue's own page runs inside the frame's sandbox (helper E's venue page).
      await expect
        .poll(() => page.frameLocator('iframe.venue-frame__frame').locator('h1, h2').first().textContent(), {
          timeout: 15_000,
        })
        .toContain('IM 体育');

      // Back to the lobby: the sport venues' counts and live odds (a member now).
      await page.getByRole('link', { name: /返回大厅/ }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/game/sport');
      const im = page.locator('.sport-venue[data-venue="IMTY"]');
      await expect
        .poll(() => im.locator('.sport-counts tbody tr').count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
      expect(await im.locator('[data-total]').textContent()).toMatch(/^共 \d+ 场$/);
      await expect.poll(async () => (await prices(page)).length, { timeout: 15_000 }).toBeGreaterThan(2);
      // Recent games: the launch of IM 体育 is at the top.
      await expect.poll(() => page.locator('.recent__item').first().textContent()).toContain('IM 体育');

      // Every price in the odds type shown (European to begin with), exactly (src/protocol/odds.ts).
      const select = page.getByLabel('赔率类型');
      expect(await select.inputValue()).toBe('3');
      const check = async (type: OddsType) => {
        const shown = await prices(page);
        expect(shown.length).toBeGreaterThan(0);
        for (const p of shown) expect(p.text).toBe(formatOdds(p.euro, type));
        return shown;
      };
      const europe = await check(3);
      await select.selectOption('2');
      const hongKong = await check(2);
      // The figures changed (the same prices, read as Hong Kong odds: European − 1).
      expect(hongKong.map((p) => p.text)).not.toEqual(europe.map((p) => p.text));
      await select.selectOption('1');
      await check(1);
      await select.selectOption('4');
      await check(4);
      await select.selectOption('2');
      await check(2);
      // Kept per player: read again after a reload.
      await page.reload({ waitUntil: 'networkidle' });
      await expect.poll(() => page.getByLabel('赔率类型').inputValue()).toBe('2');
      await expect.poll(async () => (await prices(page)).length, { timeout: 15_000 }).toBeGreaterThan(0);
      await check(2);
      expect(await axe(page)).toEqual([]);
      // The space theme (spec §9): the live part and the embedded page read as well.
      // Straight to the lobby: through home, the once-a-day pop-up could still be fading out when axe reads the
      // page (a contrast finding on a half-transparent dialog, seen once in CI).
      await page.goto(baseUrl + '/game/sport?theme=2', { waitUntil: 'networkidle' });
      await expect.poll(async () => (await prices(page)).length, { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('space');
      expect(await axe(page)).toEqual([]);
      await page.getByRole('button', { name: '进入IM 体育' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/sport/im');
      await expect.poll(() => balances(page)).toEqual({ central: '¥0.00', venue: '¥0.00' });
      expect(await axe(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('免转 off with an empty venue wallet asks first; 免转 on moves the money in; a bet placed in the venue shows in the bet record, settled by the operator', async () => {
    const page = await visitorPage(viewport);
    try {
      await page.goto(baseUrl + '/user/login', { waitUntil: 'networkidle' });
      await page.getByLabel('手机号码').fill(phone);
      await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await expect.poll(() => page.getByRole('button', { name: '退出登录' }).count()).toBe(1);
      expect(await ops(dataDir, 'credit', phone, '200', 'venues-e2e')).toContain('credited 200.00');

      // 30062: 免转 off, ¥200 in the central wallet, nothing in the venue's: told, with the way to transfer.
      await go(page, '/game/sport');
      await page.getByRole('button', { name: '进入FB 体育' }).click();
      const ask = page.getByRole('alertdialog', { name: '场馆钱包余额为 0' });
      await expect.poll(() => ask.count()).toBe(1);
      expect(await ask.textContent()).toContain('中心钱包可转入 ¥200.00');
      expect(await ask.getByRole('link', { name: '去额度转换' }).getAttribute('href')).toBe(
        '/mine/finance/transfer',
      );
      // Focus moved to the question; keyboard: Tab to 仍然进入, Enter.
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('去额度转换');
      expect(await axe(page)).toEqual([]);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('仍然进入');
      await page.keyboard.press('Enter');
      await expect.poll(() => new URL(page.url()).pathname).toBe('/sport/fb');
      await expect.poll(() => balances(page)).toEqual({ central: '¥200.00', venue: '¥0.00' });
      // The page starts at its way back; Tab past its end comes back to it (it covers the site).
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
        .toBe('‹ 返回大厅');
      expect(await axe(page)).toEqual([]);

      // 免转 on (the wallet page's switch): the launch moves the central balance into the venue.
      await go(page, '/mine/finance/wallet');
      const auto = page.getByRole('switch', { name: /免转/ });
      await expect.poll(() => auto.isChecked()).toBe(false);
      await auto.click();
      await expect.poll(() => auto.isChecked()).toBe(true);
      await go(page, '/game/sport');
      // Keyboard: Tab to the venue's button and press Enter.
      const enterIm = page.getByRole('button', { name: '进入IM 体育' });
      await expect.poll(() => enterIm.count()).toBe(1);
      for (let i = 0; i < 60; i++) {
        await page.keyboard.press('Tab');
        if (await enterIm.evaluate((el) => el === document.activeElement)) break;
      }
      expect(await enterIm.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => new URL(page.url()).pathname).toBe('/sport/im');
      await expect.poll(() => balances(page)).toEqual({ central: '¥0.00', venue: '¥200.00' });

      // A bet of ¥10 on a match's home win, placed in the venue (its own API, with the page's credential).
      const { token } = await frameToken(page);
      const { matches } = await sportsbook<{ matches: NativeMatch[] }>(
        token,
        'GET',
        '/matches?sport=football&phase=today',
      );
      const match = matches.find((m) => m.phase === 'prematch' && m.markets.some((k) => k.kind === '1x2'))!;
      const home = match.markets.find((k) => k.kind === '1x2')!.selections.find((s) => s.pick === 'home')!;
      const bet = await sportsbook<{ orderNo: string; odds: number }>(token, 'POST', '/bets', {
        requestId: `e2e-${size}-${Date.now()}`,
        stake: 1_000,
        selections: [{ selectionId: home.id, odds: home.odds }],
        acceptChangedOdds: true,
      });
      // The balance bar follows when refreshed: ¥190.00 left in the venue.
      await page.getByRole('button', { name: '刷新余额' }).click();
      await expect.poll(() => balances(page)).toEqual({ central: '¥0.00', venue: '¥190.00' });

      // The bet record: the bet, open, its odds in the player's odds type (Hong Kong, chosen before).
      await go(page, '/mine/record/betRecord');
      const row = page.locator(`.bet[data-order="${bet.orderNo}"]`);
      await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
      expect(await row.locator('.bet__status').textContent()).toBe('未结算');
      expect(await row.textContent()).toContain('IM 体育');
      expect(await row.textContent()).toContain('¥10.00');
      await expect.poll(() => row.locator('[data-odds]').textContent()).toBe(formatOdds(bet.odds, 2));
      const today = page.locator('.bet-days__table tbody tr').first();
      expect(await today.locator('td').first().textContent()).toBe('1');

      // The operator settles the match 2:0: the bet is won; payout = stake × odds (cut to the fen).
      expect(await ops(dataDir, 'sportsbook', 'settle', match.id, '2:0')).toContain('ended 2:0');
      const payout = Math.floor((1_000 * bet.odds) / 1_000);
      await page.getByRole('button', { name: '查询' }).click();
      await page.reload({ waitUntil: 'networkidle' });
      await expect.poll(() => row.locator('.bet__status').textContent(), { timeout: 15_000 }).toBe('赢');
      const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
      expect(await row.textContent()).toContain(yuan(payout));
      expect(await row.textContent()).toContain(`+${yuan(payout - 1_000)}`);
      // The valid bet counts towards the withdrawal audit: the stake.
      expect(await row.textContent()).toContain('有效投注¥10.00');
      // Filters: a status the bet is not in finds nothing; a range over 31 days is refused before asking.
      await page.getByLabel('注单状态').selectOption('lost');
      await page.getByRole('button', { name: '查询' }).click();
      await expect.poll(() => page.getByText('所选时间内没有投注记录').count()).toBe(1);
      await page.getByLabel('开始日期').fill('2020-01-01');
      await page.getByRole('button', { name: '查询' }).click();
      await expect.poll(() => page.getByText('查询范围最多 31 天').count()).toBe(1);
      await page.getByLabel('开始日期').fill(await page.getByLabel('结束日期').inputValue());
      await page.getByLabel('注单状态').selectOption('');
      await page.getByRole('button', { name: '查询' }).click();
      await expect.poll(() => row.count()).toBe(1);
      expect(await axe(page)).toEqual([]);

      // The payout is in the venue wallet: the embedded page shows it.
      await go(page, '/game/sport');
      await page.getByRole('button', { name: '进入IM 体育' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/sport/im');
      await expect.poll(() => balances(page)).toEqual({ central: '¥0.00', venue: yuan(19_000 + payout) });
    } finally {
      await page.context().close();
    }
  });

  it('a refused launch (6014) is told where the player is; the counts poll survives an expired credential', async () => {
    const page = await visitorPage(viewport);
    try {
      await page.goto(baseUrl + '/user/login', { waitUntil: 'networkidle' });
      await page.getByLabel('手机号码').fill(phone);
      await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await expect.poll(() => page.getByRole('button', { name: '退出登录' }).count()).toBe(1);
      // The page's timers run on a clock the test can move (the 60 s poll without waiting a minute).
      await page.clock.install();
      const counts: number[] = [];
      const preloads: string[] = [];
      page.on('response', (r) => {
        if (r.url().includes('/sandbox/sportsbook/count/'))
          void r
            .json()
            .then((b: { status_code: number }) => counts.push(b.status_code))
            .catch(() => counts.push(-1));
      });
      page.on('request', (r) => {
        if (r.url().endsWith('/game/api/v1/venue/launch') && r.postData()?.includes('"isPreload":1'))
          preloads.push(r.postData()!);
      });
      await page.goto(baseUrl + '/game/sport', { waitUntil: 'networkidle' });
      const im = page.locator('.sport-venue[data-venue="IMTY"]');
      await expect
        .poll(() => im.locator('.sport-counts tbody tr').count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
      expect(counts.length).toBeGreaterThanOrEqual(4);
      expect(counts.every((c) => c === 6000)).toBe(true);

      // spec §4: the credentials expire; the next round (60 s) meets the expired message, re-launches the venues
      // and asks again 500 ms later: fresh counts, not the cached ones.
      expect(await ops(dataDir, 'venue', 'expire', phone)).toMatch(/expire/i);
      const launchedBefore = preloads.length;
      const before = counts.length;
      await page.clock.fastForward(60_000);
      await expect.poll(() => counts.slice(before).includes(40001), { timeout: 15_000 }).toBe(true);
      await expect.poll(() => preloads.length, { timeout: 15_000 }).toBeGreaterThan(launchedBefore);
      await page.clock.fastForward(500);
      await expect
        .poll(() => counts.slice(before).filter((c) => c === 6000).length, { timeout: 15_000 })
        .toBe(4);
      expect(await page.getByText('赛事数量暂未更新').count()).toBe(0);

      // 6014: the venue went under maintenance after the lobby was shown: told, in the server's words, here.
      expect(await ops(dataDir, 'venue', 'maintenance', 'FBTY', 'on', '2030-01-01T10:00:00Z')).toContain(
        'FBTY',
      );
      try {
        await page.getByRole('button', { name: '进入FB 体育' }).click();
        const told = page.getByRole('alert').filter({ hasText: '未能进入游戏' });
        await expect.poll(() => told.count()).toBe(1);
        expect(await told.textContent()).toMatch(/该场馆正在维护，预计 .*2030.*（北京时间）恢复/);
        expect(new URL(page.url()).pathname).toBe('/game/sport');
        await told.getByRole('button', { name: '知道了' }).click();
        await expect.poll(() => told.count()).toBe(0);
      } finally {
        await ops(dataDir, 'venue', 'maintenance', 'FBTY', 'off');
      }
    } finally {
      await page.context().close();
    }
  });

  it('a frame URL of no known venue is refused; a session error on an embedded page sends the logged-out player home', async () => {
    const page = await visitorPage(viewport);
    try {
      await page.goto(baseUrl + '/user/login', { waitUntil: 'networkidle' });
      await page.getByLabel('手机号码').fill(phone);
      await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await expect.poll(() => page.getByRole('button', { name: '退出登录' }).count()).toBe(1);
      for (const url of [
        'https://evil.example/sandbox/venue/IMTY/?token=x',
        `${baseUrl}/mine/finance/wallet`,
        'javascript:alert(1)',
      ]) {
        await go(page, `/sport/ob?url=${encodeURIComponent(url)}`);
        const refusal = page.getByRole('alert');
        await expect.poll(() => refusal.filter({ hasText: '无法打开该场馆页面' }).count()).toBe(1);
        expect(await page.locator('iframe').count()).toBe(0);
      }
      expect(await axe(page)).toEqual([]);

      // A framed venue page; the session is gone (the token cookie cleared): the next call's 10004 sends home.
      await go(page, '/game/gaming');
      await page.getByRole('button', { name: '进入雷火电竞' }).click();
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/gaming/lhdj');
      await expect.poll(() => page.locator('iframe').count()).toBe(1);
      await page.context().clearCookies();
      await page.getByRole('button', { name: '刷新余额' }).click();
      // spec §2: a session error for a logged-out player on gaming/lhdj?url= sends them home.
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/');
    } finally {
      await page.context().close();
    }
  });
});
