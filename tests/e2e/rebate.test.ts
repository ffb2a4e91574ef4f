// Rebate and the turnover audit in the browser (issue 13 §4, §5, §7 "claims rebate"): a member deposits ¥1,000
// through the sandbox cashier (a turnover requirement of ¥1,000 × 1), plays slots in a sandbox venue (settled valid
// bets), sees the rebate claimable per category on /mine/rebate, claims it (credited once, the history says so;
// a claim in another tab reaches the open page by the rebate push),
// and sees the requirement with its progress on /mine/audit and the bets that counted on /mine/infoAudit — at
// 390×844 and 1440×900, by keyboard where it matters, axe-clean; the ledger reconciles afterwards.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { HEADER } from '../../src/protocol/api.ts';
import { GAMES_API } from '../../src/protocol/games.ts';
import { DESKTOP, launchChromium, PHONE } from '../support/browser.ts';
import {
  axeFindings,
  depositThroughCashier,
  flat,
  go,
  launchVenue,
  PASSWORD,
  registerMember,
  siteCall,
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

const yuan = (fen: number) =>
  `¥${Math.floor(fen / 100).toLocaleString('en-US')}.${String(fen % 100).padStart(2, '0')}`;

const deposit = (token: string, phone: string, fen: number) =>
  depositThroughCashier(token, `rebate-e2e-${phone}`, fen);

/** Settled valid bets: slots spins in PG 电子 (DZ) through the games API, line bet ¥1 (every spin settles at once). */
async function spin(token: string, phone: string, spins: number, from = 0): Promise<void> {
  const launch = await launchVenue(token, 'PGDZ', 'fortune-god');
  for (let i = from; i < from + spins; i++) {
    const res = await fetch(`${baseUrl}${GAMES_API}/dz/spin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${launch.token}` },
      body: JSON.stringify({ requestId: `rebate-e2e-${phone}-${i}`, game: 'fortune-god', lineBet: 100 }),
    });
    expect(((await res.json()) as { status_code: number }).status_code).toBe(6000);
  }
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

describe.each([
  ['phone', PHONE, '13712343301'],
  ['desktop', DESKTOP, '13712343302'],
] as const)('rebate and the audit at %s size', (size, viewport, phone) => {
  it('claims the rebate of settled bets once, and follows the deposit’s turnover requirement', async () => {
    const token = await registerMember(phone);
    const orderId = await deposit(token, phone, 100_000);
    await spin(token, phone, 15);

    const page = await login(viewport, phone);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    try {
      await go(page, '/mine/rebate');
      await expect.poll(() => page.getByRole('heading', { level: 1, name: '返水' }).count()).toBe(1);
      const claimable = page.getByRole('region', { name: '可领返水' });
      // issue 13 §4: per category valid bet, rate, amount — slots (电子) carry the spins' stakes
      const dz = claimable.getByRole('row', { name: /^电子/ });
      await expect
        .poll(() => dz.textContent().then(flat), { timeout: 15_000 })
        .toMatch(/^电子¥[\d,]+\.\d\d0\.\d\d%¥/);
      const dzText = flat(await dz.textContent());
      const [, bet, rate] = /^电子¥([\d,]+\.\d\d)(\d+\.\d\d)%/.exec(dzText)!;
      const betFen = Math.round(Number(bet!.replace(/,/g, '')) * 100);
      // 15 spins × ¥1 × every payline: at least ¥150 of valid bet; the rebate floored to the fen
      expect(betFen).toBeGreaterThanOrEqual(15_000);
      const rateBp = Math.round(Number(rate) * 100);
      const amount = Math.floor((betFen * rateBp) / 10_000);
      expect(dzText).toContain(`${rate}%${yuan(amount)}`);
      expect(flat(await page.getByTestId('rebate-payable').textContent())).toBe(yuan(amount));
      await page.screenshot({ path: `tests/e2e/screenshots/rebate-${size}-claimable.png`, fullPage: true });
      expect(await axeFindings(page)).toEqual([]);

      // Claim by keyboard.
      const claim = page.getByRole('button', { name: '一键领取' });
      await claim.focus();
      await page.keyboard.press('Enter');
      await expect
        .poll(
          () =>
            page
              .getByRole('status')
              .filter({ hasText: '领取成功' })
              .textContent()
              .catch(() => ''),
          { timeout: 15_000 },
        )
        .toContain(`${yuan(amount)} 已存入中心钱包`);
      await expect.poll(() => page.getByTestId('rebate-payable').textContent().then(flat)).toBe('¥0.00');
      expect(await claim.isDisabled()).toBe(true);
      const history = page.getByRole('region', { name: '返水记录' });
      await expect.poll(() => history.getByRole('listitem').count()).toBe(1);
      expect(flat(await history.getByRole('listitem').first().textContent())).toContain(
        `已领取${yuan(amount)}`,
      );
      await page.screenshot({ path: `tests/e2e/screenshots/rebate-${size}-claimed.png`, fullPage: true });
      expect(await axeFindings(page)).toEqual([]);

      // Claimed in another tab: the rebate push (msgId 20006) makes the open page read again, no reload.
      // (the member's session is the page's now: one session a member, the login ended the registration's)
      const session = (await page.context().cookies()).find((c) => c.name === HEADER.token)!.value;
      await spin(session, phone, 15, 100);
      const elsewhere = await siteCall<{ amount: number; validBet: number; source: string }>(
        '/site/api/v1/rebate/claim',
        { requestId: `rebate-e2e-elsewhere-${phone}` },
        session,
      );
      expect(elsewhere.source).toBe('claim');
      await expect.poll(() => history.getByRole('listitem').count(), { timeout: 15_000 }).toBe(2);
      expect(flat(await history.getByRole('listitem').first().textContent())).toContain(
        `已领取${yuan(elsewhere.amount)}`,
      );
      const counted = betFen + elsewhere.validBet;

      // The audit: the deposit's requirement ¥1,000 × 1, the spins counted toward it.
      await go(page, '/mine/audit');
      await expect.poll(() => page.getByRole('heading', { level: 1, name: '稽核记录' }).count()).toBe(1);
      const row = page.getByRole('list', { name: '稽核记录' }).getByRole('listitem');
      await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
      const rowText = flat(await row.textContent());
      expect(rowText).toContain('存款¥1,000.00×1倍');
      expect(rowText).toContain('未达成');
      expect(rowText).toContain(`需求流水¥1,000.00已完成流水${yuan(counted)}`);
      expect(flat(await page.getByTestId('audit-outstanding').textContent())).toBe(yuan(100_000 - counted));
      expect(flat(await page.getByTestId('audit-cost').textContent())).toBe(
        '流水未完成前，提现申请将被拒绝。',
      );
      await page.screenshot({ path: `tests/e2e/screenshots/audit-${size}.png`, fullPage: true });
      expect(await axeFindings(page)).toEqual([]);

      // Its detail: which bets counted, when (10 a page).
      await row.getByRole('link', { name: /^查看详情/ }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/mine/infoAudit');
      expect(new URL(page.url()).searchParams.get('id')).toBe(orderId);
      await expect
        .poll(() => page.getByTestId('detail-counted').textContent().then(flat), { timeout: 15_000 })
        .toBe(yuan(counted));
      const bets = page.getByRole('region', { name: '计入的有效投注' }).getByRole('listitem');
      await expect.poll(() => bets.count()).toBe(10);
      expect(flat(await bets.first().textContent())).toContain('场馆PGDZ');
      expect(await page.getByText('第 1 / 3 页').count()).toBe(1);
      await page.getByRole('button', { name: '下一页' }).click();
      await expect.poll(() => page.getByText('第 2 / 3 页').count()).toBe(1);
      expect(await bets.count()).toBe(10);
      await page.screenshot({ path: `tests/e2e/screenshots/audit-detail-${size}.png`, fullPage: true });
      expect(await axeFindings(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
    expect(await ops(dataDir, 'ledger', 'check')).toMatch(/^ledger ok/);
  });
});
