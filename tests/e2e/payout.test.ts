// Money out in the browser (issue 10 §4 "Proof"): verify the real name, bind a bank card and an Alipay account,
// set the fund password, withdraw ¥200, the operator approves and pays it, and the balance, the withdrawal page
// and the transaction record follow; then five wrong fund passwords lock withdrawals (30043) — at both sizes,
// against `npm start`'s server; the ledger reconciles afterwards.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkIdNumber, chinaToday, idCheckChar, luhnValid } from '../../src/protocol/payout-rules.ts';
import { DESKTOP, launchChromium, PHONE } from '../support/browser.ts';
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

// ── valid test data, made here ──

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** An 18-digit resident ID number (GB 11643): Beijing Chaoyang, born 1990-03-07 (an adult), its check char. */
function residentId(sequence: string): string {
  const first17 = `110105${'19900307'}${sequence}`;
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * ID_WEIGHTS[i]!, 0);
  return first17 + ID_CHECK[sum % 11]!;
}

/** A card number: the digits given and their Luhn check digit. */
function luhnCard(body: string): string {
  let sum = 0;
  // From the right of the body, every first digit is doubled (the check digit takes the place to its right).
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A new member registered through the form (spec §6), on a page of the given size. */
async function newMember(viewport: { width: number; height: number }, phone: string): Promise<Page> {
  const ctx = await browser.newContext({ viewport, locale: 'zh-CN' });
  const page = await ctx.newPage();
  await page.goto(baseUrl + '/user/register', { waitUntil: 'networkidle' });
  await page.getByLabel('手机号码').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect.poll(() => page.getByRole('button', { name: /秒后重发/ }).count()).toBe(1);
  const code = (await ops(dataDir, 'sms', phone)).split('\t')[0]!.trim();
  await page.getByLabel('验证码').fill(code);
  await page.getByLabel('密码', { exact: true }).fill('abc12345');
  await page.getByLabel('确认密码').fill('abc12345');
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await expect.poll(() => page.getByRole('button', { name: '退出登录' }).count()).toBe(1);
  // The home page's once-a-day pop-up (a new device sees it) is closed first.
  const pop = page.getByRole('dialog', { name: '签到日历 天天有礼' });
  await expect.poll(() => pop.isVisible()).toBe(true);
  await pop.getByRole('button', { name: '关闭', exact: true }).click();
  await expect.poll(() => pop.count()).toBe(0);
  return page;
}

/** Client-side navigation through a link on the page, as a player moves (the app keeps its socket). */
async function go(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect.poll(() => new URL(page.url()).pathname).toBe(path);
}

/** The header's central-wallet figure (issue 9 §2). */
const headerBalance = (page: Page) =>
  page
    .getByRole('link', { name: /^中心钱包 ¥/ })
    .first()
    .getAttribute('aria-label');

/** /mine/balance's totals as one line of text: 总资产¥…可用余额¥…冻结金额¥… */
const balanceTotals = async (page: Page) =>
  /总资产¥[\d,.]+可用余额¥[\d,.]+冻结金额¥[\d,.]+/.exec(
    ((await page.getByRole('region', { name: '总资产' }).textContent()) ?? '').replace(/\s+/g, ''),
  )?.[0];

/** The withdrawal page's available figure (可提现余额 ¥…). */
const withdrawable = async (page: Page) =>
  /可提现余额¥[\d,.]+/.exec(
    ((await page.getByRole('region', { name: '可提现余额' }).textContent()) ?? '').replace(/\s+/g, ''),
  )?.[0];

/** The status codes the page got answering its withdrawal requests (the envelope's status_code). */
function watchWithdrawalCreates(page: Page): number[] {
  const codes: number[] = [];
  page.on('response', (r) => {
    if (!r.url().includes('/fd/api/v1/withdrawal/create')) return;
    r.json()
      .then((body: { status_code?: number }) => codes.push(body.status_code ?? -1))
      .catch(() => codes.push(-1));
  });
  return codes;
}

const REAL_NAME = '王小明';
const FUND_PASSWORD = '135790';
const WRONG_PASSWORD = '246802';

describe.each([
  // The phone verifies on …/authentication/bindBankCard (straight into the first card); the desktop on
  // …/authentication, then its 绑定银行卡 link to /mine/addBankCard.
  ['phone', PHONE, '13612349101', '101', 'bindBankCard'],
  ['desktop', DESKTOP, '13612349102', '102', 'authentication'],
] as const)('payout at %s size', (_size, viewport, phone, seq, kycVia) => {
  const idNumber = residentId(seq);
  const card = luhnCard(`621483000012349${seq}`);
  const cardMasked = `**** **** **** ${card.slice(-4)}`;
  const alipay = `1391234${9000 + Number(seq)}`;
  const alipayMasked = `${alipay.slice(0, 3)}****${alipay.slice(-4)}`;
  let page: Page | undefined;
  const errors: string[] = [];

  afterAll(async () => {
    await page?.context().close();
  });

  it('verifies, binds a card and Alipay, sets the fund password, withdraws; the operator pays; all follows', async () => {
    // The test data is what the site itself accepts.
    expect(checkIdNumber(idNumber, chinaToday())).toMatchObject({ ok: true, age: expect.any(Number) });
    expect(idCheckChar(idNumber.slice(0, 17))).toBe(idNumber[17]);
    expect(card).toHaveLength(19);
    expect(luhnValid(card)).toBe(true);

    page = await newMember(viewport, phone);
    page.on('pageerror', (e) => errors.push(String(e)));
    expect(await ops(dataDir, 'credit', phone, '500', 'e2e')).toMatch(
      /^credited 500\.00 to .*central wallet 500\.00$/,
    );
    await expect.poll(() => headerBalance(page!), { timeout: 15_000 }).toBe('中心钱包 ¥500.00');

    // ── real-name verification (issue 10 §1) ──
    await go(
      page,
      kycVia === 'bindBankCard'
        ? '/mine/userInfo/authentication/bindBankCard'
        : '/mine/userInfo/authentication',
    );
    await expect.poll(() => page!.getByLabel('真实姓名').isEditable()).toBe(true);
    // A wrong check digit is caught on the page before anything is sent.
    const badId = idNumber.slice(0, 17) + (idNumber[17] === '1' ? '2' : '1');
    await page.getByLabel('真实姓名').fill(REAL_NAME);
    await page.getByLabel('身份证号码').fill(badId);
    await page.getByRole('button', { name: '提交认证' }).click();
    await expect.poll(() => page!.getByRole('alert').filter({ hasText: '身份证号码有误' }).count()).toBe(1);
    await page.getByLabel('身份证号码').fill(idNumber);
    await page.getByRole('button', { name: '提交认证' }).click();

    // ── the first bank card (issue 10 §2), holder fixed to the verified name ──
    if (kycVia === 'bindBankCard') {
      // Verifying continues straight into binding the first card.
      await expect
        .poll(() =>
          page!.getByRole('status').filter({ hasText: '实名认证完成，请继续绑定您的第一张银行卡。' }).count(),
        )
        .toBe(1);
    } else {
      const verified = page
        .getByRole('status')
        .filter({ has: page.getByRole('heading', { name: '已完成实名认证' }) });
      await expect.poll(() => verified.count()).toBe(1);
      const shown = (await verified.textContent()) ?? '';
      expect(shown).toContain(REAL_NAME);
      // Shown masked (first 3 and last 4), never in full.
      expect(shown).toContain(`${idNumber.slice(0, 3)}***********${idNumber.slice(-4)}`);
      expect(shown).not.toContain(idNumber);
      await page.getByRole('link', { name: '绑定银行卡' }).click();
      await expect.poll(() => new URL(page!.url()).pathname).toBe('/mine/addBankCard');
      await expect.poll(() => page!.getByText('还没有绑定账户').count()).toBe(1);
      await page.getByRole('button', { name: '添加账户' }).click();
    }
    await expect.poll(() => page!.getByLabel('开户银行').isEnabled()).toBe(true);
    expect(await page.getByLabel('持卡人').inputValue()).toBe(REAL_NAME);
    expect(await page.getByLabel('持卡人').isDisabled()).toBe(true);
    await page.getByLabel('开户银行').selectOption({ label: '招商银行' });
    await page.getByLabel('银行卡号').fill(card);
    await page.getByLabel('开户省份').selectOption({ label: '广东省' });
    await page.getByLabel('开户城市').selectOption({ label: '深圳市' });
    await page.getByLabel('开户支行（选填）').fill('深圳科技园支行');
    await page.getByRole('button', { name: '确认绑定' }).click();
    // The card is listed on /mine/addBankCard, masked to its last 4.
    await expect.poll(() => new URL(page!.url()).pathname).toBe('/mine/addBankCard');
    const cardItem = page.getByRole('listitem').filter({ hasText: `招商银行 ${cardMasked}` });
    await expect.poll(() => cardItem.count()).toBe(1);
    expect(await cardItem.textContent()).toContain(REAL_NAME);
    expect(await page.getByRole('heading', { name: /银行卡\s*已绑定 1 \/ 5/ }).count()).toBe(1);
    expect(await page.getByText(card).count()).toBe(0);

    // ── an Alipay account (/mine/addAlipayCard → /mine/alipayAcount) ──
    await go(page, '/mine/addAlipayCard');
    await expect.poll(() => page!.getByLabel('支付宝账号').isEditable()).toBe(true);
    expect(await page.getByLabel('持卡人').inputValue()).toBe(REAL_NAME);
    await page.getByLabel('支付宝账号').fill(alipay);
    await page.getByRole('button', { name: '确认绑定' }).click();
    await expect.poll(() => new URL(page!.url()).pathname).toBe('/mine/alipayAcount');
    const alipayItem = page.getByRole('listitem').filter({ hasText: alipayMasked });
    await expect.poll(() => alipayItem.count()).toBe(1);
    expect(await page.getByRole('button', { name: `删除 ${alipayMasked}` }).count()).toBe(1);

    // ── the withdrawal (issue 10 §3): the fund password is set first ──
    await go(page, '/mine/finance/withdrawal');
    const setForm = page.getByRole('form', { name: '设置资金密码' });
    await expect.poll(() => setForm.count()).toBe(1);
    await setForm.getByLabel('资金密码', { exact: true }).fill(FUND_PASSWORD);
    await setForm.getByLabel('确认资金密码').fill('135791');
    await setForm.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => setForm.getByText('两次输入的资金密码不一致').count()).toBe(1);
    await setForm.getByLabel('确认资金密码').fill(FUND_PASSWORD);
    await setForm.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => page!.getByText('资金密码已保存').count()).toBe(1);

    // Pick the card, ¥200; the figures are shown before confirming.
    await expect.poll(() => withdrawable(page!)).toBe('可提现余额¥500.00');
    const cardRadio = page.getByRole('radio', { name: new RegExp(escape(`招商银行 ${cardMasked}`)) });
    await expect.poll(() => cardRadio.count()).toBe(1);
    expect(
      await page.getByRole('radio', { name: new RegExp(escape(`支付宝 ${alipayMasked}`)) }).count(),
    ).toBe(1);
    await cardRadio.check();
    await page.getByLabel('提现金额（元）').fill('200');
    await page.getByRole('button', { name: '下一步' }).click();
    const review = page.getByRole('form', { name: '确认提现信息' });
    await expect.poll(() => review.count()).toBe(1);
    const reviewText = (await review.textContent()) ?? '';
    expect(reviewText).toContain(`招商银行 ${cardMasked}`);
    expect(reviewText.replace(/\s+/g, '')).toContain('预计到账¥200.00');
    await review.getByLabel('资金密码', { exact: true }).fill(FUND_PASSWORD);
    await review.getByRole('button', { name: '确认提现' }).click();

    // Submitted: pending, the amount held.
    await expect
      .poll(() => page!.getByRole('heading', { name: '提现申请已提交' }).count(), { timeout: 15_000 })
      .toBe(1);
    // The result card: a status region headed by the withdrawal's outcome (提现申请已提交 → 提现已到账).
    const result = page.getByRole('status').filter({ has: page.getByRole('heading', { name: /^提现/ }) });
    expect(await result.textContent()).toContain(`¥200.00 → 招商银行 ${cardMasked}`);
    await expect.poll(() => result.textContent()).toContain('审核中');

    // The operator finds it (`withdrawal list`), by the card it goes to.
    const listed = (await ops(dataDir, 'withdrawal', 'list', 'open')).split('\n');
    const line = listed.find((l) => l.includes(`bank ${cardMasked}`));
    expect(line, listed.join('\n')).toBeDefined();
    expect(line).toMatch(/\bpending\b/);
    expect(line).toMatch(/\b200\.00\b/);
    const id = line!.split(/\s+/)[0]!;
    expect(id).toMatch(/^W[0-9A-Z]{8,40}$/);

    // /mine/balance (another tab of the same player): ¥300 available, ¥200 locked, ¥500 in all.
    const other = await page.context().newPage();
    other.on('pageerror', (e) => errors.push(String(e)));
    await other.goto(baseUrl + '/mine/balance', { waitUntil: 'networkidle' });
    await expect
      .poll(() => balanceTotals(other), { timeout: 15_000 })
      .toBe('总资产¥500.00可用余额¥300.00冻结金额¥200.00');
    // The transaction record already shows it, held (issue 10 §3: every state change in the record).
    await other.goto(baseUrl + '/mine/record/transRecord', { waitUntil: 'networkidle' });
    const held = other.getByRole('listitem').filter({ hasText: `wd:${id}` });
    await expect.poll(() => held.count(), { timeout: 15_000 }).toBe(1);
    const heldText = ((await held.textContent()) ?? '').replace(/\s+/g, '');
    expect(heldText).toContain('-¥200.00');
    expect(heldText).toContain('冻结中（待审核）');
    await other.close();

    // The operator approves: the page follows (it re-reads a pending withdrawal every 5 s).
    expect(await ops(dataDir, 'withdrawal', 'approve', id)).toMatch(new RegExp(`^${id} approved`));
    await expect.poll(() => result.textContent(), { timeout: 15_000 }).toContain('已审核，打款中');
    // … and pays: paid, and the header's balance drops to ¥300.
    expect(await ops(dataDir, 'withdrawal', 'pay', id)).toMatch(new RegExp(`^${id} paid`));
    await expect
      .poll(() => page!.getByRole('heading', { name: '提现已到账' }).count(), { timeout: 15_000 })
      .toBe(1);
    expect((await result.textContent())?.replace(/\s+/g, '')).toContain('已到账·预计到账¥200.00');
    await expect.poll(() => headerBalance(page!), { timeout: 15_000 }).toBe('中心钱包 ¥300.00');
    const history = page.getByRole('region', { name: '提现记录' });
    await expect
      .poll(async () => ((await history.textContent()) ?? '').replace(/\s+/g, ''))
      .toContain('¥200.00·已到账');
    expect(await ops(dataDir, 'withdrawal', 'list')).toMatch(new RegExp(`^${id}\\s+paid\\b`, 'm'));

    // /mine/balance: ¥300 available, nothing locked.
    await go(page, '/mine/balance');
    await expect
      .poll(() => balanceTotals(page!), { timeout: 15_000 })
      .toBe('总资产¥300.00可用余额¥300.00冻结金额¥0.00');

    // The transaction record: the withdrawal, −¥200.00, newest first; the credit under it.
    await go(page, '/mine/record/transRecord');
    const rows = page.getByRole('listitem').filter({ hasText: /单号/ });
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    const newest = ((await rows.first().textContent()) ?? '').replace(/\s+/g, '');
    expect(newest).toContain('提现');
    expect(newest).toContain('-¥200.00');
    expect(newest).toContain('余额¥300.00');
    expect(newest).toContain(`wd:${id}`);
    await page.getByLabel('交易类型').selectOption('withdrawal');
    await page.getByRole('button', { name: '查询' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('-¥200.00');

    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(errors).toEqual([]);
    expect(await ops(dataDir, 'ledger', 'check')).toMatch(/^ledger ok/);
  }, 240_000);

  it('locks withdrawals after five wrong fund passwords (30043), and says so plainly', async () => {
    expect(page, 'the member of the first test').toBeDefined();
    const p = page!;
    const codes = watchWithdrawalCreates(p);
    await go(p, '/mine/finance/withdrawal');
    const alipayRadio = p.getByRole('radio', { name: new RegExp(escape(`支付宝 ${alipayMasked}`)) });
    await expect.poll(() => alipayRadio.count()).toBe(1);
    await expect.poll(() => withdrawable(p)).toBe('可提现余额¥300.00');
    await alipayRadio.check();
    await p.getByLabel('提现金额（元）').fill('100');
    await p.getByRole('button', { name: '下一步' }).click();
    const review = p.getByRole('form', { name: '确认提现信息' });
    await expect.poll(() => review.count()).toBe(1);

    // Four wrong tries: each one says how many are left, and the review stays.
    for (let left = 4; left >= 1; left--) {
      await review.getByLabel('资金密码', { exact: true }).fill(WRONG_PASSWORD);
      await review.getByRole('button', { name: '确认提现' }).click();
      await expect
        .poll(
          () =>
            review
              .getByRole('alert')
              .filter({ hasText: `还可以尝试 ${left} 次` })
              .count(),
          { timeout: 15_000 },
        )
        .toBe(1);
    }
    // The fifth locks it: the page leaves the form and says so.
    await review.getByLabel('资金密码', { exact: true }).fill(WRONG_PASSWORD);
    await review.getByRole('button', { name: '确认提现' }).click();
    await expect
      .poll(() => p.getByRole('alert').filter({ hasText: '资金密码错误次数过多，已锁定 30 分钟' }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    expect(await review.count()).toBe(0);
    await expect.poll(() => codes).toEqual([30042, 30042, 30042, 30042, 30043]);

    // Coming back later, the page still says it is locked (until when), and offers no withdrawal form.
    await go(p, '/mine/balance');
    await expect
      .poll(() => balanceTotals(p), { timeout: 15_000 })
      .toBe('总资产¥300.00可用余额¥300.00冻结金额¥0.00');
    await go(p, '/mine/finance/withdrawal');
    await expect
      .poll(() => p.getByRole('alert').filter({ hasText: '资金密码输错 5 次，提现已锁定' }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    expect(await p.getByRole('button', { name: '下一步' }).count()).toBe(0);
    expect(await p.getByLabel('提现金额（元）').count()).toBe(0);
    // Nothing was withdrawn or held.
    expect(await ops(dataDir, 'withdrawal', 'list', 'open')).not.toContain(alipayMasked);

    expect(errors).toEqual([]);
    expect(await ops(dataDir, 'ledger', 'check')).toMatch(/^ledger ok/);
  }, 120_000);
});
