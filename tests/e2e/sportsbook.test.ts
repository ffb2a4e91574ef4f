// The sandbox sportsbook in the browser (issue 11 §4, §6 "Proof"): a member launches a sport venue (免转 moves
// the central balance into the venue wallet), opens the venue page the launch answers, places a single and a
// two-leg parlay, sees a selection refused with its reason (two picks of one match in a parlay), finds both bets
// in "my bets"; the operator settles the matches (`npm run ops -- sportsbook settle <matchId> <h>:<a>`) and the
// page shows the results and the venue balance that follows — at phone and desktop size, axe-clean, against
// `npm start`'s server; the ledger reconciles afterwards.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { deriveSignMap, DEV_SIGNING_SECRET } from '../../server/security/signing.ts';
import { API_VERSION, HEADER, SITE_ID, signGroupOf } from '../../src/protocol/api.ts';
import { formatFen } from '../../src/protocol/money.ts';
import { formatOdds } from '../../src/protocol/odds.ts';
import {
  SPORTSBOOK_API,
  type Match,
  type MatchesResponse,
  type SportsBet,
} from '../../src/protocol/sportsbook.ts';
import type { LaunchResult } from '../../src/protocol/venues.ts';
import { DESKTOP, launchChromium, PHONE } from '../support/browser.ts';
import { ops } from '../support/ops.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const signMap = deriveSignMap(DEV_SIGNING_SECRET);
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

// ── the site's API, as the site's client calls it (spec §7 headers) ──

async function siteCall<T>(path: string, body: unknown, token?: string): Promise<T> {
  const group = signGroupOf(path);
  const res = await fetch(baseUrl + path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      [HEADER.client]: 'web',
      [HEADER.version]: API_VERSION,
      [HEADER.site]: SITE_ID,
      [HEADER.uuid]: '5f0c6a1e-0000-4000-8000-0000000e2e11',
      ...(group ? { [HEADER.signature]: signMap[group] } : {}),
      ...(token ? { [HEADER.token]: token } : {}),
    },
    body: JSON.stringify(body),
  });
  const env = (await res.json()) as { status_code: number; message: string; data: T };
  if (env.status_code !== 6000) throw new Error(`${path}: ${env.status_code} ${env.message}`);
  return env.data;
}

/** A new member (spec §6: phone, SMS code, password), their token. */
async function register(phone: string): Promise<string> {
  await siteCall('/site/api/v1/user/sms/send', { countryCode: '86', phone, purpose: 'register' });
  const code = (await ops(dataDir, 'sms', phone)).split('\t')[0]!.trim();
  const auth = await siteCall<{ token: string }>('/site/api/v1/user/register', {
    countryCode: '86',
    phone,
    smsCode: code,
    password: 'abc12345',
    confirmPassword: 'abc12345',
  });
  return auth.token;
}

/** The sportsbook's native API with the venue credential (what the page calls; used here to look, never to bet). */
async function sportsbook<T>(venueToken: string, path: string): Promise<T> {
  const res = await fetch(`${baseUrl}${SPORTSBOOK_API}${path}`, {
    headers: { Authorization: `Bearer ${venueToken}` },
  });
  const env = (await res.json()) as { status_code: number; data: T };
  expect(env.status_code).toBe(6000);
  return env.data;
}

const flat = (s: string | null) => (s ?? '').replace(/\s+/g, '');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** European odds: the session's odds type of a new member (spec §3 default Europe, 3). */
const euro = (odds: number) => formatOdds(odds, 3);

async function axe(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Runtime.evaluate', { expression: AXE_SOURCE });
  const results = (await page.evaluate(() =>
    (window as unknown as { axe: { run: () => Promise<unknown> } }).axe.run(),
  )) as AxeResults;
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe.each([
  ['phone', PHONE, '13712341101'],
  ['desktop', DESKTOP, '13712341102'],
] as const)('sandbox sportsbook at %s size', (size, viewport, phone) => {
  let page: Page | undefined;
  afterAll(async () => {
    await page?.context().close();
  });

  it('launches IMTY, places a single and a parlay, a refusal is explained, the operator settles, the page follows', async () => {
    const token = await register(phone);
    expect(await ops(dataDir, 'credit', phone, '1000', 'e2e')).toMatch(/central wallet 1,000\.00$/);
    // The launch (issue 11 §2): every field of spec §7 the site sends; the money moves to the venue wallet.
    const launch = await siteCall<LaunchResult>(
      '/game/api/v1/venue/launch',
      { enName: 'IMTY', appSendMoney: 1, isSure: 1, isManualLaunch: 1, https: 0, isApp: 0, siteId: SITE_ID },
      token,
    );
    expect(launch.moved).toBe(100_000);
    const h5 = new URL(launch.h5Url, baseUrl);
    expect(h5.pathname).toBe('/sandbox/venue/IMTY/');
    const venueToken = h5.searchParams.get('token')!;
    expect(venueToken).toBeTruthy();

    // Three football matches of the coming days (pre-match, far from kick-off while the test runs).
    const early = await sportsbook<MatchesResponse>(venueToken, '/matches?sport=football&phase=early');
    // (Each found on the page by its two teams: a pairing met more than once in the list is left out.)
    const pairs = early.matches.map((m) => `${m.home}|${m.away}`);
    const usable = early.matches.filter(
      (m: Match) =>
        pairs.indexOf(`${m.home}|${m.away}`) === pairs.lastIndexOf(`${m.home}|${m.away}`) &&
        m.phase === 'prematch' &&
        m.markets.some((k) => k.kind === '1x2' && k.selections.every((s) => !s.suspended)),
    );
    expect(usable.length).toBeGreaterThanOrEqual(3);
    const [a, b, c] = usable as [Match, Match, Match];

    const ctx = await browser.newContext({ viewport, locale: 'zh-CN', reducedMotion: 'reduce' });
    page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(h5.toString(), { waitUntil: 'networkidle' });
    const p = page;

    // Play money, said plainly; the credential leaves the address bar.
    expect(await p.getByText('沙盒体育 · 娱乐币，非真实资金').count()).toBe(1);
    expect(new URL(p.url()).searchParams.get('token')).toBeNull();
    const header = p.getByRole('banner');
    await expect.poll(() => header.textContent().then(flat)).toContain('场馆余额¥1,000.00');
    expect(flat(await header.textContent())).toContain('赔率类型欧洲盘');
    expect(await p.title()).toContain('沙盒体育');

    // The coming days' football.
    await p.getByRole('navigation', { name: '赛事时段' }).getByRole('button', { name: '早盘' }).click();
    const card = (m: Match) =>
      p
        .getByRole('listitem')
        .filter({ has: p.getByRole('button', { name: `${m.home} 对 ${m.away} 的全部玩法` }) });
    await expect.poll(() => card(a).count(), { timeout: 15_000 }).toBe(1);
    const price = (m: Match, pick: 'home' | 'away') =>
      m.markets.find((k) => k.kind === '1x2')!.selections.find((s) => s.pick === pick)!.odds;
    const winButton = (m: Match, team: string) =>
      card(m).getByRole('button', { name: new RegExp(`^独赢 ${escape(team)} 胜 赔率 `) });
    const slip = p.getByRole('complementary', { name: /投注单/ });
    const collapse = async () => {
      // On a phone the slip is a bottom sheet over the list: put it down to pick again.
      if (size === 'phone') await slip.getByRole('button', { name: '收起投注单' }).click();
    };
    const placeAndReceipt = async () => {
      await slip.getByRole('button', { name: '确认投注' }).click();
      const changed = slip.getByRole('alertdialog', { name: '赔率已变化' });
      const receipt = slip.getByRole('status').filter({ hasText: '投注已提交' });
      await expect
        .poll(async () => (await receipt.count()) + (await changed.count()), { timeout: 15_000 })
        .toBe(1);
      // A price that moved since it was picked is shown old → new and taken only when accepted.
      if (await changed.count()) await changed.getByRole('button', { name: '接受新赔率并投注' }).click();
      await expect.poll(() => receipt.count(), { timeout: 15_000 }).toBe(1);
      const text = flat(await receipt.textContent());
      const orderNo = /注单号(\S+?)投注金额/.exec(text)?.[1];
      expect(orderNo, text).toBeTruthy();
      await receipt.getByRole('button', { name: '继续' }).click();
      return { orderNo: orderNo!, text };
    };

    // ── a single: ¥10 on A's home win ──
    await winButton(a, a.home).click();
    expect(await winButton(a, a.home).getAttribute('aria-pressed')).toBe('true');
    const stake = slip.getByLabel('投注金额（元）');
    // spec §5 amount rule: '1,0.5.5' is typed as 10.55; ¥5 is below the ¥10 minimum and said so before sending.
    await stake.fill('1,0.5.5');
    expect(await stake.inputValue()).toBe('10.55');
    await stake.fill('5');
    await slip.getByRole('button', { name: '确认投注' }).click();
    expect(await slip.getByRole('alert').textContent()).toBe('投注金额不能低于 ¥10。');
    await stake.fill('10');
    expect(flat(await slip.textContent())).toContain(
      `可赢金额¥${formatFen(Math.floor((1_000 * price(a, 'home')) / 1000))}`,
    );
    const single = await placeAndReceipt();
    expect(single.text).toContain('投注金额¥10.00');
    await expect
      .poll(() => header.textContent().then(flat), { timeout: 15_000 })
      .toContain('场馆余额¥990.00');

    // ── a parlay: B home × C away, ¥20; a second pick of B is refused with its reason ──
    await slip.getByRole('button', { name: '串关' }).click();
    await collapse();
    await winButton(b, b.home).click();
    await collapse();
    await winButton(b, b.away).click();
    await expect
      .poll(() => slip.getByRole('alert').filter({ hasText: '串关不能包含同一场比赛的两个选项。' }).count())
      .toBe(1);
    expect(await winButton(b, b.away).getAttribute('aria-pressed')).toBe('false');
    // One leg is not a parlay: said before sending.
    await stake.fill('20');
    await slip.getByRole('button', { name: '确认投注' }).click();
    await expect
      .poll(() => slip.getByRole('alert').filter({ hasText: '串关至少需要 2 场比赛。' }).count())
      .toBe(1);
    await collapse();
    await winButton(c, c.away).click();
    const combined = Math.floor((price(b, 'home') * price(c, 'away')) / 1000);
    expect(flat(await slip.textContent())).toContain(`2串1·组合赔率${euro(combined)}`);
    const parlay = await placeAndReceipt();
    expect(parlay.text).toContain('投注金额¥20.00');
    await expect
      .poll(() => header.textContent().then(flat), { timeout: 15_000 })
      .toContain('场馆余额¥970.00');
    expect(await slip.getByRole('listitem').count()).toBe(0);

    // ── my bets: both open ──
    await collapse();
    await p.getByRole('button', { name: '我的注单' }).click();
    const openList = p.getByRole('list', { name: '未结算' });
    const bet = (orderNo: string) => p.getByRole('listitem').filter({ hasText: orderNo });
    await expect.poll(() => bet(single.orderNo).count(), { timeout: 15_000 }).toBe(1);
    expect(
      await openList
        .getByRole('listitem')
        .filter({ hasText: /注单号/ })
        .count(),
    ).toBe(2);
    expect(flat(await bet(parlay.orderNo).textContent())).toContain('串关2串1');
    expect(flat(await bet(single.orderNo).textContent())).toContain(`${a.home}vs${a.away}`);
    expect(await axe(p)).toEqual([]);

    // ── the operator settles: A 2:1 (the single wins), B 1:0 and C 1:1 (the parlay's away leg loses) ──
    const placed = await sportsbook<{ bets: SportsBet[] }>(venueToken, '/bets?status=open');
    expect(placed.bets.map((x) => x.orderNo).sort()).toEqual([single.orderNo, parlay.orderNo].sort());
    expect(await ops(dataDir, 'sportsbook', 'settle', a.id, '2:1')).toMatch(/ended 2:1; settled 1 bet/);
    expect(await ops(dataDir, 'sportsbook', 'settle', b.id, '1:0')).toMatch(/ended 1:0/);
    expect(await ops(dataDir, 'sportsbook', 'settle', c.id, '1:1')).toMatch(/ended 1:1; settled 1 bet/);

    // The open list follows by itself (re-read every 5 s while bets are open) …
    await expect.poll(() => bet(single.orderNo).count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => openList.count()).toBe(0);
    expect(await p.getByText('暂无注单').count()).toBe(1);
    // … and the settled list shows what became of each.
    await p.getByRole('button', { name: '已结算' }).click();
    await expect.poll(() => bet(parlay.orderNo).count(), { timeout: 15_000 }).toBe(1);
    const payout = Math.floor((1_000 * price(a, 'home')) / 1000);
    const won = flat(await bet(single.orderNo).textContent());
    expect(won).toContain('赢');
    expect(won).toContain(`派彩¥${formatFen(payout)}`);
    expect(won).toContain(`净输赢¥${formatFen(payout - 1_000)}`);
    const lost = flat(await bet(parlay.orderNo).textContent());
    expect(lost).toContain('输');
    expect(lost).toContain('派彩¥0.00');
    expect(lost).toContain('净输赢-¥20.00');
    // Nothing celebrates a win (issue 11 §4: no nudges).
    expect(await p.getByText(/恭喜|翻本|再来一把/).count()).toBe(0);

    // The header's venue balance follows (re-read every 10 s): ¥970 + the single's payout.
    await expect
      .poll(() => header.textContent().then(flat), { timeout: 20_000 })
      .toContain(`场馆余额¥${formatFen(97_000 + payout)}`);
    expect(await axe(p)).toEqual([]);
    expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(errors).toEqual([]);
    expect(await ops(dataDir, 'ledger', 'check')).toMatch(/^ledger ok/);
  }, 180_000);
});
