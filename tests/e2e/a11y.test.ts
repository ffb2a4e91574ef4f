// Accessibility of every route (issue 8 §5): axe-core on each path of the route table, logged out for all of
// them and logged in for the member pages, at phone and desktop size (and once more in the space theme),
// every kind of dialog of the demo page, and the maintenance and restriction screens while the site is in
// that condition. Any serious or critical violation fails, listed with its rule, target and route. The paths
// come from ROUTE_TABLE: a new route is checked without editing this file.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue } from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROUTE_TABLE, type RouteEntry } from '../../src/app/route-table.ts';
import { DESKTOP, launchChromium, PHONE } from '../support/browser.ts';
import { ops } from '../support/ops.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const DEMO = { phone: '13800138000', password: 'demo1234' };

/** Pages checked at the same time in one browser context (2 cores: the server and Chromium share them). */
const PARALLEL = 4;
const FAILING: ReadonlyArray<ImpactValue> = ['serious', 'critical'];
const VIEWPORTS = { phone: PHONE, desktop: DESKTOP } as const;
type ViewportName = keyof typeof VIEWPORTS;
type Theme = 'default' | 'space';

// The site's CSP (script-src 'self') refuses an inline <script>, so page.addScriptTag cannot inject axe;
// evaluating the source through the DevTools protocol is not subject to the page's CSP.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Check {
  /** The route as listed (or with the site condition it was visited in). */
  label: string;
  path: string;
  viewport: ViewportName;
  login: 'guest' | 'member';
  theme: Theme;
  /** On the demo page: the index of the example dialog to open before the check. */
  dialog?: number;
}

interface Found {
  check: Check;
  /** Where the page ended up (redirects included). */
  landed: string;
  rule: string;
  impact: ImpactValue;
  help: string;
  /** Each failing node's selector and axe's first reason (for contrast: the ratio and both colours). */
  targets: string[];
}

interface Outcome {
  found: Found[];
  /** path + search each check landed on, in the order of the checks. */
  landed: string[];
}

let browser: Browser;
const ranBy = new Map<string, number>();

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  const total = [...ranBy.values()].reduce((a, n) => a + n, 0);
  const detail = [...ranBy].map(([k, n]) => `${k} ${n}`).join(', ');
  console.log(`a11y: ${total} axe checks of (route, viewport, login) — ${detail}`);
});

const describeCheck = (c: Check) =>
  `${c.viewport}, ${c.login}${c.theme === 'default' ? '' : `, ${c.theme} theme`}`;

async function newContext(viewport: ViewportName, theme: Theme = 'default'): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    locale: 'zh-CN',
    // Finite entry animations (dialogs) end at once, so contrast is measured on the final colours.
    reducedMotion: 'reduce',
  });
  if (theme === 'space') {
    // ?theme=2 switches the theme and the site keeps it for the next visits of this context.
    const page = await context.newPage();
    await page.goto(baseUrl + '/?theme=2', { waitUntil: 'networkidle' });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('space');
    await page.close();
  }
  return context;
}

/** Logs the demo player in through the real login page; the context keeps the token cookie. */
async function logIn(context: BrowserContext): Promise<void> {
  const page = await context.newPage();
  try {
    await page.goto(baseUrl + '/user/login', { waitUntil: 'networkidle' });
    await page.getByLabel('手机号码').fill(DEMO.phone);
    await page.getByLabel('密码', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: '退出登录' }).count()).toBe(1);
    expect((await context.cookies()).some((c) => c.name === 'X-API-TOKEN')).toBe(true);
  } finally {
    await page.close();
  }
}

/** The gate's loading placeholder has gone, a main heading is there and every finite animation has ended. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('#root .loading') &&
      document.querySelector('#root h1, #root [role="heading"][aria-level="1"]') !== null &&
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    undefined,
    { timeout: 15_000, polling: 100 },
  );
}

/**
 * Opens the path and waits until it has rendered: the network is quiet, the gate's loading placeholder has
 * gone, a main heading is on the page and every finite animation has finished.
 */
async function visit(page: Page, check: Check): Promise<void> {
  const res = await page.goto(baseUrl + check.path, { waitUntil: 'networkidle', timeout: 30_000 });
  if (!res?.ok()) throw new Error(`GET ${check.path} answered ${res?.status() ?? 'nothing'}`);
  await settled(page);
  if (check.dialog !== undefined) {
    await page.locator(DEMO_OPENERS).nth(check.dialog).click();
    await page
      .locator('[role="dialog"], [role="alertdialog"]')
      .first()
      .waitFor({ state: 'visible', timeout: 10_000 });
    await settled(page);
  }
  const theme = await page.evaluate(() => document.documentElement.dataset.theme ?? 'default');
  if (theme !== check.theme) throw new Error(`rendered in the ${theme} theme`);
}

async function runAxe(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] })`)) as AxeResults;
}

async function checkPage(page: Page, check: Check): Promise<{ found: Found[]; landed: string }> {
  try {
    await visit(page, check);
  } catch (err) {
    const what = err instanceof Error ? err.message.split('\n')[0] : String(err);
    throw new Error(`${check.label} (${describeCheck(check)}) did not render: ${what}`, { cause: err });
  }
  const results = await runAxe(page);
  const key = `${check.viewport}/${check.login}${check.theme === 'default' ? '' : `/${check.theme}`}`;
  ranBy.set(key, (ranBy.get(key) ?? 0) + 1);
  const url = new URL(page.url());
  const landed = url.pathname + url.search;
  const found = results.violations
    .filter((v) => v.impact && FAILING.includes(v.impact))
    .map((v) => ({
      check,
      landed,
      rule: v.id,
      impact: v.impact!,
      help: v.help,
      targets: v.nodes.map((n) => {
        const why = n.failureSummary?.split('\n')[1]?.trim();
        return `${n.target.join(' ')}${why ? ` — ${why}` : ''}`;
      }),
    }));
  return { found, landed };
}

/** Runs the checks on PARALLEL pages of one context; every check runs even when an earlier one failed. */
async function checkAll(context: BrowserContext, checks: Check[]): Promise<Outcome> {
  const queue = checks.map((check, i) => ({ check, i }));
  const outcome: Outcome = { found: [], landed: [] };
  const broken: string[] = [];
  const worker = async () => {
    const page = await context.newPage();
    try {
      for (let job = queue.shift(); job; job = queue.shift()) {
        try {
          const { found, landed } = await checkPage(page, job.check);
          outcome.found.push(...found);
          outcome.landed[job.i] = landed;
        } catch (err) {
          broken.push(err instanceof Error ? err.message : String(err));
        }
      }
    } finally {
      await page.close();
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, checks.length) }, worker));
  expect(broken, 'pages that did not render').toEqual([]);
  return outcome;
}

function expectNone(found: Found[]): void {
  if (found.length) {
    const lines = found.map(
      (f) =>
        `[${f.impact}] ${f.rule} on ${f.check.label} (${describeCheck(f.check)}` +
        `${f.landed !== f.check.path ? `, landed on ${f.landed}` : ''}): ${f.help}\n` +
        f.targets.map((t) => `    ${t}`).join('\n'),
    );
    console.error(`a11y violations:\n${lines.join('\n')}`);
  }
  expect(
    found.map((f) => `${f.rule} ${f.check.label} (${describeCheck(f.check)}): ${f.targets.length} node(s)`),
    'serious or critical axe violations (listed above)',
  ).toEqual([]);
}

const routeChecks = (
  routes: ReadonlyArray<RouteEntry>,
  viewport: ViewportName,
  login: Check['login'],
  theme: Theme,
) => routes.map((r): Check => ({ label: r.path, path: r.path, viewport, login, theme }));

const memberRoutes = ROUTE_TABLE.filter((r) => r.access === 'member');
/** The demo page's buttons, one per kind of dialog (spec §2 /demo). */
const DEMO_OPENERS = '#root .demo__list button';
const viewports = Object.keys(VIEWPORTS) as ViewportName[];

describe('the axe harness', () => {
  it('reports the serious violations of a page that has some (the check can fail)', async () => {
    const context = await newContext('phone');
    try {
      const page = await context.newPage();
      await page.setContent(
        '<main><h1>x</h1><button type="button"><svg width="10" height="10"></svg></button>' +
          '<p style="color:#777;background:#888">低对比度文字</p></main>',
      );
      const results = await runAxe(page);
      const ids = results.violations.filter((v) => v.impact && FAILING.includes(v.impact)).map((v) => v.id);
      expect(ids).toEqual(expect.arrayContaining(['button-name', 'color-contrast']));
    } finally {
      await context.close();
    }
  });
});

describe('accessibility of every route (axe-core, serious and critical)', () => {
  it('the route table has routes, member routes among them', () => {
    expect(ROUTE_TABLE.length).toBeGreaterThan(0);
    expect(memberRoutes.length).toBeGreaterThan(0);
  });

  for (const viewport of viewports) {
    it(`every route logged out at ${viewport} size`, { timeout: 180_000 }, async () => {
      const context = await newContext(viewport);
      try {
        expectNone((await checkAll(context, routeChecks(ROUTE_TABLE, viewport, 'guest', 'default'))).found);
      } finally {
        await context.close();
      }
    });

    it(`every member route logged in at ${viewport} size`, { timeout: 180_000 }, async () => {
      // One login per context; the next context's login replaces this token, so this one closes first.
      const context = await newContext(viewport);
      try {
        await logIn(context);
        const outcome = await checkAll(context, routeChecks(memberRoutes, viewport, 'member', 'default'));
        // Still logged in at the end: no page was checked on a login redirect.
        expect(outcome.landed.filter((p) => p.startsWith('/user/login'))).toEqual([]);
        expectNone(outcome.found);
      } finally {
        await context.close();
      }
    });
  }

  it('every route logged out in the space theme at phone size', { timeout: 180_000 }, async () => {
    const context = await newContext('phone', 'space');
    try {
      expectNone((await checkAll(context, routeChecks(ROUTE_TABLE, 'phone', 'guest', 'space'))).found);
    } finally {
      await context.close();
    }
  });

  it(
    'every kind of dialog on the demo page, in both themes at phone size',
    { timeout: 120_000 },
    async () => {
      const demo = ROUTE_TABLE.find((r) => r.area === 'demo' && r.access === 'public');
      expect(demo, 'the route table has a public demo page').toBeDefined();
      const found: Found[] = [];
      for (const theme of ['default', 'space'] as const) {
        const context = await newContext('phone', theme);
        try {
          const page = await context.newPage();
          await page.goto(baseUrl + demo!.path, { waitUntil: 'networkidle' });
          await settled(page);
          const names = await page.locator(DEMO_OPENERS).allInnerTexts();
          await page.close();
          expect(names.length).toBeGreaterThan(0);
          const checks = names.map((name, dialog): Check => ({
            label: `${demo!.path} dialog “${name}”`,
            path: demo!.path,
            viewport: 'phone',
            login: 'guest',
            theme,
            dialog,
          }));
          found.push(...(await checkAll(context, checks)).found);
        } finally {
          await context.close();
        }
      }
      expectNone(found);
    },
  );

  it('the maintenance page while maintenance is on', { timeout: 120_000 }, async () => {
    const pages = ROUTE_TABLE.filter((r) => r.onlyWhen === 'maintenance');
    expect(pages.length).toBeGreaterThan(0);
    expect(await ops(dataDir, 'maintenance', 'on')).toContain('maintenance on');
    try {
      const found: Found[] = [];
      for (const viewport of viewports) {
        const context = await newContext(viewport);
        try {
          const checks = pages.map((r): Check => ({
            ...routeChecks([r], viewport, 'guest', 'default')[0]!,
            label: `${r.path} (maintenance on)`,
          }));
          const outcome = await checkAll(context, checks);
          // The check ran on the maintenance screen itself, not on a redirect away from it.
          expect(outcome.landed).toEqual(pages.map((r) => r.path));
          found.push(...outcome.found);
        } finally {
          await context.close();
        }
      }
      expectNone(found);
    } finally {
      await ops(dataDir, 'maintenance', 'off');
    }
  });

  // caveat and blocked: the restriction screen; alert: the access alert a visitor may go past.
  for (const kind of ['caveat', 'blocked', 'alert'] as const) {
    it(`the restriction page while this address is restricted (${kind})`, { timeout: 120_000 }, async () => {
      const pages = ROUTE_TABLE.filter((r) => r.onlyWhen === 'restricted');
      expect(pages.length).toBeGreaterThan(0);
      await ops(dataDir, 'restrict', 'add', '127.0.0.1', kind);
      try {
        const found: Found[] = [];
        for (const viewport of viewports) {
          const context = await newContext(viewport);
          try {
            // A restricted visitor is sent there from anywhere: start from home.
            const check: Check = {
              label: `/ (restricted: ${kind})`,
              path: '/',
              viewport,
              login: 'guest',
              theme: 'default',
            };
            const outcome = await checkAll(context, [check]);
            expect(outcome.landed.map((p) => p.split('?')[0])).toEqual(pages.map((r) => r.path));
            found.push(...outcome.found);
          } finally {
            await context.close();
          }
        }
        expectNone(found);
      } finally {
        await ops(dataDir, 'restrict', 'remove', '127.0.0.1');
      }
    });
  }
});
