// The tutorial pages (issue 9 §4): /mine/finance/introTutorial (充值教程) explains every deposit channel the
// database seeds, with its limits, through the sandbox cashier; /mine/finance/introTutorial/platformTutorials
// (平台教程) explains moving money between the central wallet and the venue wallets. Static pages: rendered in
// a MemoryRouter, read by role, every link checked against the route table, and axe-core run in jsdom.
import { readFileSync } from 'node:fs';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { routeOf } from '../../../src/app/route-table.ts';
import { IntroTutorialPage, PlatformTutorialsPage } from '../../../src/features/wallet/tutorial-pages.tsx';
import { t } from '../../../src/i18n/zh-CN.ts';
import { tutorials } from '../../../src/i18n/zh-CN-tutorials.ts';

afterEach(cleanup);

const INTRO = '/mine/finance/introTutorial';
const PLATFORM = '/mine/finance/introTutorial/platformTutorials';

/**
 * The channels as seeded by server/db/migrations/007-deposits.sql (INSERT INTO deposit_channels): code, name,
 * min_fen, max_fen, presets, bonus_bp, bonus_cap_fen, fee_bp, fee_cap_fen, usdt_rate_fen — copied by hand, and
 * checked against the migration's text below so neither drifts unnoticed.
 */
const SEED = [
  ['bank', '银行卡转账', 10000, 5000000, [10000, 50000, 100000, 500000, 1000000], 100, 18800, 0, null, null],
  ['alipay', '支付宝', 5000, 2000000, [5000, 10000, 30000, 50000, 100000], 0, null, 0, null, null],
  ['wechat', '微信支付', 5000, 1000000, [5000, 10000, 30000, 50000, 100000], 0, null, 0, null, null],
  ['ebpay', 'EBpay 钱包', 10000, 5000000, [10000, 50000, 100000, 500000], 200, 28800, 0, null, null],
  ['koipay', 'KOIpay 钱包', 10000, 5000000, [10000, 50000, 100000, 500000], 200, 28800, 100, 5000, null],
  ['sharelife', '分享生活', 10000, 3000000, [10000, 50000, 100000, 300000], 0, null, 0, null, null],
  ['digital_rmb', '数字人民币', 10000, 5000000, [10000, 50000, 100000, 500000], 0, null, 0, null, null],
  ['usdt', 'USDT (TRC20)', 10000, 10000000, [72000, 144000, 360000, 720000], 150, 50000, 0, null, 720],
] as const;

/** The same seed as the page must show it (yuan, two decimals, thousands separators; spec §9). */
const SHOWN: Record<string, { limit: string; presets: string; bonus: string; fee: string; rate?: string }> = {
  bank: {
    limit: '¥100.00 – ¥50,000.00',
    presets: '¥100.00、¥500.00、¥1,000.00、¥5,000.00、¥10,000.00',
    bonus: '充值金额的 1%，单笔最高 ¥188.00',
    fee: '无',
  },
  alipay: {
    limit: '¥50.00 – ¥20,000.00',
    presets: '¥50.00、¥100.00、¥300.00、¥500.00、¥1,000.00',
    bonus: '无',
    fee: '无',
  },
  wechat: {
    limit: '¥50.00 – ¥10,000.00',
    presets: '¥50.00、¥100.00、¥300.00、¥500.00、¥1,000.00',
    bonus: '无',
    fee: '无',
  },
  ebpay: {
    limit: '¥100.00 – ¥50,000.00',
    presets: '¥100.00、¥500.00、¥1,000.00、¥5,000.00',
    bonus: '充值金额的 2%，单笔最高 ¥288.00',
    fee: '无',
  },
  koipay: {
    limit: '¥100.00 – ¥50,000.00',
    presets: '¥100.00、¥500.00、¥1,000.00、¥5,000.00',
    bonus: '充值金额的 2%，单笔最高 ¥288.00',
    fee: '充值金额的 1%，单笔最高 ¥50.00',
  },
  sharelife: {
    limit: '¥100.00 – ¥30,000.00',
    presets: '¥100.00、¥500.00、¥1,000.00、¥3,000.00',
    bonus: '无',
    fee: '无',
  },
  digital_rmb: {
    limit: '¥100.00 – ¥50,000.00',
    presets: '¥100.00、¥500.00、¥1,000.00、¥5,000.00',
    bonus: '无',
    fee: '无',
  },
  usdt: {
    limit: '¥100.00 – ¥100,000.00',
    presets: '¥720.00（100 USDT）、¥1,440.00（200 USDT）、¥3,600.00（500 USDT）、¥7,200.00（1000 USDT）',
    bonus: '充值金额的 1.5%，单笔最高 ¥500.00',
    fee: '无',
    rate: '1 USDT = 7.20 元',
  },
};

function show(page: 'intro' | 'platform') {
  return render(
    <MemoryRouter initialEntries={[page === 'intro' ? INTRO : PLATFORM]}>
      {page === 'intro' ? <IntroTutorialPage /> : <PlatformTutorialsPage />}
    </MemoryRouter>,
  );
}

const sectionOf = (name: string) => {
  const heading = screen.getByRole('heading', { level: 2, name });
  return heading.closest('section')!;
};

/** Every link goes to a route of the route table, or to a section of the same page. */
function expectRealLinks(container: HTMLElement) {
  const links = within(container).getAllByRole('link');
  expect(links.length).toBeGreaterThan(0);
  for (const a of links) {
    const href = a.getAttribute('href')!;
    if (href.startsWith('#')) expect(container.querySelector(href), href).not.toBeNull();
    else expect(routeOf(href), href).toBeDefined();
  }
}

async function expectNoAxeViolations(container: HTMLElement) {
  const result = await axe.run(container, {
    // jsdom lays nothing out (no colours to measure); the page is rendered without the app shell's landmarks.
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

describe('the seed the tutorial copies', () => {
  it('equals the rows of migration 007', () => {
    const sql = readFileSync('server/db/migrations/007-deposits.sql', 'utf8');
    const rows = [
      ...sql.matchAll(
        /\('(\w+)', '([^']+)', '\w+', (\d+), (\d+), '\{([\d,]+)\}', (\d+), (\d+|NULL), (\d+), (\d+|NULL), (\d+|NULL), \d+\)/g,
      ),
    ].map((m) => {
      const n = (s: string | undefined) => (s === 'NULL' || s === undefined ? null : Number(s));
      return [
        m[1],
        m[2],
        n(m[3]),
        n(m[4]),
        m[5]!.split(',').map(Number),
        n(m[6]),
        n(m[7]),
        n(m[8]),
        n(m[9]),
        n(m[10]),
      ];
    });
    expect(rows).toEqual(SEED.map((row) => [...row.slice(0, 4), [...row[4]], ...row.slice(5)]));
  });
});

describe('充值教程 (/mine/finance/introTutorial)', () => {
  it('has one h1 in the page header and says plainly that it is a play-money sandbox', () => {
    const { container } = show('intro');
    const h1s = screen.getAllByRole('heading', { level: 1 });
    expect(h1s).toHaveLength(1);
    expect(h1s[0]!.textContent).toBe('充值教程');
    expect(h1s[0]!.closest('header')!.classList.contains('page-header')).toBe(true);
    expect(container.textContent).toContain('本站是演示沙盒，只使用虚拟游戏币');
    expect(container.textContent).toContain('请勿向任何人转账真实资金');
  });

  it('gives every seeded channel a section with its steps, in the seed order', () => {
    show('intro');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    const channelHeadings = headings.filter((h) => SEED.some((row) => row[1] === h));
    expect(channelHeadings).toEqual(SEED.map((row) => row[1]));
    for (const [, name, , , , , , , , rate] of SEED) {
      const section = sectionOf(name);
      expect(section.querySelector('ol'), name).not.toBeNull();
      const items = within(section.querySelector('ol')!).getAllByRole('listitem');
      expect(items.length, name).toBeGreaterThanOrEqual(5);
      expect(items[0]!.textContent).toContain(`「${name}」`);
      // Every channel goes through the sandbox cashier and ends on 支付成功.
      expect(section.textContent).toContain('「支付」');
      expect(items.at(-1)!.textContent).toContain('「支付成功」');
      if (rate !== null) expect(section.textContent).toContain('请勿向它转入任何真实 USDT');
    }
  });

  it('shows each channel the limits, presets, bonus, fee and rate of the seed', () => {
    show('intro');
    for (const [code, name, min, max] of SEED) {
      const section = sectionOf(name);
      const figure = (key: string) => section.querySelector(`[data-figure="${key}"]`)?.textContent;
      const shown = SHOWN[code]!;
      expect(figure('limit'), name).toBe(shown.limit);
      expect(figure('presets'), name).toBe(shown.presets);
      expect(figure('bonus'), name).toBe(shown.bonus);
      expect(figure('fee'), name).toBe(shown.fee);
      expect(figure('rate'), name).toBe(shown.rate);
      // The amount step names the same range as the figures.
      const yuan = (fen: number) => (fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
      expect(section.textContent).toContain(`输入 ${yuan(min)} 至 ${yuan(max)} 元之间的金额`);
    }
  });

  it('works an example out the way the server does (fee and bonus cut, capped)', () => {
    show('intro');
    const example = (name: string) => sectionOf(name).querySelector('[data-figure="example"]')?.textContent;
    expect(example('银行卡转账')).toBe(
      '充值 ¥1,000.00：赠送彩金 ¥10.00，手续费 ¥0.00，实际到账 ¥1,010.00（含彩金）',
    );
    expect(example('KOIpay 钱包')).toBe(
      '充值 ¥1,000.00：赠送彩金 ¥20.00，手续费 ¥10.00，实际到账 ¥1,010.00（含彩金）',
    );
    expect(example('USDT (TRC20)')).toBe(
      '充值 ¥3,600.00：赠送彩金 ¥54.00，手续费 ¥0.00，实际到账 ¥3,654.00（含彩金）',
    );
    // No bonus and no fee: nothing to work out.
    expect(example('支付宝')).toBeUndefined();
  });

  it('states the order rules: 15-minute expiry, once only, turnover 1× the amount and 3× the bonus', () => {
    show('intro');
    const rules = sectionOf(tutorials.intro.rulesTitle).textContent;
    expect(rules).toContain('订单有效期 15 分钟');
    expect(rules).toContain('「订单已过期」');
    expect(rules).toContain('「订单已取消」');
    expect(rules).toContain('充值金额 1 倍');
    expect(rules).toContain('彩金 3 倍');
    expect(rules).toContain(`「${t.records.kinds.deposit_bonus}」`);
  });

  it('uses the deposit warning’s own words and links to the real pages', () => {
    const { container } = show('intro');
    const general = sectionOf(tutorials.intro.generalTitle);
    expect(general.textContent).toContain(`「${t.deposit.warningTitle}」`);
    expect(general.textContent).toContain(`「${t.deposit.understood}」`);
    expect(within(general).getAllByRole('link', { name: '充值' })[0]!.getAttribute('href')).toBe(
      '/mine/finance/deposit',
    );
    expect(within(general).getByRole('link', { name: '交易记录' }).getAttribute('href')).toBe(
      '/mine/record/transRecord',
    );
    expect(screen.getAllByRole('link', { name: '平台教程' })[0]!.getAttribute('href')).toBe(PLATFORM);
    expectRealLinks(container);
  });

  it('lists every section in the contents, each link landing on its section', () => {
    show('intro');
    const toc = screen.getByRole('navigation', { name: tutorials.toc });
    const names = within(toc)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(names).toEqual(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent));
  });

  it('keeps the FAQ in native details/summary: in the tab order, closed until activated', async () => {
    show('intro');
    const user = userEvent.setup();
    const summary = screen.getByText(tutorials.intro.faq[0]!.q);
    const details = summary.closest('details')!;
    expect(summary.tagName).toBe('SUMMARY');
    expect(details.open).toBe(false);
    // Tab from the top reaches the summary (the browser opens it on Enter or Space; jsdom only on click).
    for (let i = 0; i < 60 && document.activeElement !== summary; i++) await user.tab();
    expect(document.activeElement).toBe(summary);
    await user.click(summary);
    expect(details.open).toBe(true);
    expect(screen.getByText(tutorials.intro.faq[0]!.a)).toBeTruthy();
  });

  it('passes axe', async () => {
    const { container } = show('intro');
    await expectNoAxeViolations(container);
  });
});

describe('平台教程 (/mine/finance/introTutorial/platformTutorials)', () => {
  it('has one h1 in the page header, the sandbox notice and a section per topic', () => {
    const { container } = show('platform');
    const h1s = screen.getAllByRole('heading', { level: 1 });
    expect(h1s).toHaveLength(1);
    expect(h1s[0]!.textContent).toBe('平台教程');
    expect(h1s[0]!.closest('header')!.classList.contains('page-header')).toBe(true);
    expect(container.textContent).toContain('本站是演示沙盒，只使用虚拟游戏币');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      '中心钱包与场馆钱包',
      '额度转换（手动转账）',
      '一键回收',
      '免转模式',
      '刷新场馆余额',
      '场馆维护中是什么意思',
      '交易记录',
      '常见问题',
    ]);
  });

  it('walks through 额度转换 with the transfer page’s own labels, step by step', () => {
    show('platform');
    const section = sectionOf('额度转换（手动转账）');
    const steps = within(section.querySelector('ol')!).getAllByRole('listitem');
    expect(steps).toHaveLength(5);
    for (const label of [
      t.transfer.direction,
      t.transfer.into,
      t.transfer.outOf,
      t.transfer.venue,
      t.wallet.maintenance,
      t.transfer.amount,
      t.transfer.all,
      t.transfer.submit,
      t.wallet.retry,
      t.wallet.giveUp,
    ])
      expect(section.textContent, label).toContain(`「${label}」`);
    expect(within(section).getAllByRole('link', { name: '额度转换' })[0]!.getAttribute('href')).toBe(
      '/mine/finance/transfer',
    );
  });

  it('explains 一键回收, 免转, the 5-second refresh lock and maintenance with the wallet page’s labels', () => {
    show('platform');
    const recall = sectionOf('一键回收');
    expect(recall.querySelector('ol')).not.toBeNull();
    expect(recall.textContent).toContain(`「${t.wallet.recallNothing}」`);
    expect(within(recall).getByRole('link', { name: '我的钱包' }).getAttribute('href')).toBe(
      '/mine/finance/wallet',
    );
    const auto = sectionOf('免转模式');
    expect(auto.textContent).toContain('所有场馆的余额会先回收到中心钱包');
    expect(auto.textContent).toContain('全部可用余额会自动转入该场馆');
    const refresh = sectionOf('刷新场馆余额');
    expect(refresh.textContent).toContain('刷新后 5 秒内按钮不可用');
    expect(refresh.textContent).toContain(`「${t.wallet.refreshLocked}」`);
    const maintenance = sectionOf('场馆维护中是什么意思');
    expect(maintenance.textContent).toContain(`「${t.wallet.maintenance}」`);
    expect(maintenance.textContent).toContain(`「${t.wallet.closed}」`);
    expect(maintenance.textContent).toContain('余额仍保留在您的账户中');
  });

  it('explains the transaction record with its filters and the id to quote', () => {
    const { container } = show('platform');
    const records = sectionOf('交易记录');
    for (const label of [t.records.kind, t.records.from, t.records.to, t.records.search, t.records.id])
      expect(records.textContent, label).toContain(`「${label}」`);
    expect(within(records).getAllByRole('link', { name: '交易记录' })[0]!.getAttribute('href')).toBe(
      '/mine/record/transRecord',
    );
    expect(within(records).getByRole('link', { name: '在线客服' }).getAttribute('href')).toBe(
      '/customer/main',
    );
    expect(screen.getAllByRole('link', { name: '充值教程' })[0]!.getAttribute('href')).toBe(INTRO);
    expectRealLinks(container);
  });

  it('passes axe', async () => {
    const { container } = show('platform');
    await expectNoAxeViolations(container);
  });
});
