// The route sweep (issue 19 §3): every route the router mounts (src/app/route-table.ts: spec §2's table and the
// embedded venue pages, each with a real launch's ?url=) at 390×844 and 1440×900, and at 320×640 (nothing cut at
// 320 px: issue 19 §1) — logged in for the member routes (and the public pages a member sees too), logged out for
// the rest; a route the policy redirects is checked where it lands — fails on horizontal overflow (naming the
// widest element), text cut by its own box (like a select showing "+86 中国大阝"), an image that failed to load, or a
// console error or page error. The checks are tests/support/route-sweep.ts; the first test plants each kind of
// fault on a page of its own, so the checks are known to fail. Fast: one full load per (size, login), then
// client-side navigation, the six (size, login) runs in parallel.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MOUNTED_ROUTES } from '../../src/app/route-table.ts';
import { launchChromium } from '../support/browser.ts';
import { creditMember, PASSWORD, registerMember } from '../support/e2e-site.ts';
import {
  routeVisits,
  settle,
  signIn,
  SWEEP_VIEWPORTS,
  visitRoute,
  visualFindings,
  watchPage,
  type Login,
  type RouteVisit,
  type SweepViewport,
} from '../support/route-sweep.ts';

const baseUrl = inject('baseUrl');
/** 390×844 and 1440×900 (issue 19 §3), and 320×640: nothing cut at 320 px (issue 19 §1, the team rules). */
const VIEWPORT_NAMES = Object.keys(SWEEP_VIEWPORTS) as SweepViewport[];
/** This file's member (sweep phone numbers: 1371235 4xxx). */
const MEMBER_PHONE = '13712354001';
/** Play money on the member's wallet, so the money pages show amounts, not zeros. */
const MEMBER_CREDIT_YUAN = 888;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
  await registerMember(MEMBER_PHONE);
  await creditMember(MEMBER_PHONE, MEMBER_CREDIT_YUAN);
});
afterAll(async () => {
  await browser?.close();
});

interface Run {
  viewport: SweepViewport;
  login: Login;
}

/** Visits every route of one run on one page; answers a line per finding and the number of routes visited. */
async function sweep(
  context: BrowserContext,
  run: Run,
  visits: RouteVisit[],
): Promise<{ lines: string[]; visited: number }> {
  const page: Page = await context.newPage();
  await page.setViewportSize(SWEEP_VIEWPORTS[run.viewport]);
  const log = watchPage(page);
  const lines: string[] = [];
  let visited = 0;
  try {
    // One full load (home); every route after it is a client-side visit.
    await page.goto(baseUrl + '/', { waitUntil: 'load' });
    await settle(page, log);
    log.take().forEach((e) => lines.push(`/ (first load) [${run.viewport}, ${run.login}] ${e}`));
    for (const visit of visits) {
      const where = (landed: string) =>
        `${visit.route.path} [${run.viewport}, ${run.login}${landed.split('?')[0] !== visit.route.path ? `, landed on ${landed.split('?')[0]}` : ''}]`;
      let landed = visit.url;
      try {
        landed = await visitRoute(page, log, visit.url);
        if (run.login === 'member' && landed.startsWith('/user/login'))
          lines.push(`${where(landed)} sent a logged-in member to the login page`);
        for (const f of await visualFindings(page)) lines.push(`${where(landed)} ${f.kind}: ${f.detail}`);
      } catch (err) {
        lines.push(
          `${where(landed)} did not render: ${(err instanceof Error ? err.message : String(err)).split('\n')[0]}`,
        );
      }
      for (const e of log.take()) lines.push(`${where(landed)} ${e}`);
      visited += 1;
    }
  } finally {
    await page.close();
  }
  return { lines, visited };
}

describe('the route sweep (issue 19 §3)', () => {
  it('its checks find each planted fault, and nothing on a clean page', async () => {
    const context = await browser.newContext({ viewport: SWEEP_VIEWPORTS.phone, locale: 'zh-CN' });
    try {
      const page = await context.newPage();
      const log = watchPage(page);
      await page.setContent(
        `<body style="margin:0;font:16px sans-serif"><main><h1>x</h1>
        <p>fits</p><select style="width:200px"><option>+86 中国大陆</option></select>
        <span style="display:block;width:60px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">省略号是有意的长文本</span>
        <div class="visually-hidden" style="position:absolute;width:1px;height:1px;overflow:hidden;white-space:nowrap">只给读屏</div>
        </main></body>`,
      );
      expect(await visualFindings(page)).toEqual([]);
      expect(log.take()).toEqual([]);
      // A console error and an uncaught error are both taken from the page's log.
      await page.evaluate(() => {
        console.error('planted console error');
        setTimeout(() => {
          throw new Error('planted page error');
        });
      });
      const taken: string[] = [];
      await expect
        .poll(() => {
          taken.push(...log.take());
          return taken.length;
        })
        .toBe(2);
      expect(taken).toEqual([
        expect.stringContaining('console: planted console error'),
        expect.stringContaining('page error: planted page error'),
      ]);
      await page.setContent(
        `<body style="margin:0;font:16px sans-serif"><main><h1>x</h1>
        <div id="wide" style="width:600px">wide</div>
        <select id="cc" style="width:80px"><option>+86 中国大陆</option></select>
        <button id="btn" style="width:48px;overflow:hidden;white-space:nowrap">立即注册按钮</button>
        <input id="amount" style="width:40px" value="1234567890">
        <a id="spill" class="btn" style="display:inline-block;width:40px;white-space:nowrap">去实名认证</a>
        <img id="gone" alt="gone" src="/no-such-image.png">
        </main></body>`,
      );
      const found = await visualFindings(page);
      const kinds = found.map((f) => `${f.kind} ${/#(\w+)/.exec(f.detail)?.[1] ?? ''}`);
      expect(kinds.sort()).toEqual(
        ['cut amount', 'cut btn', 'cut cc', 'cut spill', 'image gone', 'overflow wide'].sort(),
      );
      expect(found.find((f) => f.kind === 'overflow')?.detail).toContain('div#wide');
      // A dialog's scroll lock (html and body overflow hidden) hides the overflow from scrollWidth, not from the check.
      await page.setContent(
        `<html style="overflow:hidden"><body style="overflow:hidden;margin:0"><main><h1>x</h1>
        <div id="locked" style="width:600px">wide</div></main></body></html>`,
      );
      expect((await visualFindings(page)).map((f) => f.detail)).toEqual([
        expect.stringContaining('div#locked'),
      ]);
    } finally {
      await context.close();
    }
  });

  it(
    'every route at both sizes and at 320 px: no overflow, no cut text, no broken image, no console error',
    { timeout: 240_000 },
    async () => {
      const started = performance.now();
      const guestRoutes = MOUNTED_ROUTES.filter((r) => r.access !== 'member');
      // Logged in: the member routes, and the public pages a member sees otherwise (the lobbies' recently played,
      // the help pages with the member's header); not the guest-only ones (they send a member away) nor those of a
      // site condition (they land on home, swept logged out).
      const memberRoutes = MOUNTED_ROUTES.filter(
        (r) => r.access === 'member' || (r.access === 'public' && !r.onlyWhen),
      );
      expect(guestRoutes.length).toBeGreaterThan(0);
      expect(memberRoutes.filter((r) => r.access === 'member').length).toBeGreaterThan(0);

      const guest = await browser.newContext({ locale: 'zh-CN', reducedMotion: 'reduce' });
      const member = await browser.newContext({ locale: 'zh-CN', reducedMotion: 'reduce' });
      try {
        const token = await signIn(member, baseUrl, MEMBER_PHONE, PASSWORD);
        const runs: Array<Run & { context: BrowserContext; visits: RouteVisit[] }> = [];
        for (const viewport of VIEWPORT_NAMES) {
          runs.push({
            viewport,
            login: 'guest',
            context: guest,
            visits: await routeVisits(baseUrl, null, viewport, guestRoutes),
          });
          runs.push({
            viewport,
            login: 'member',
            context: member,
            visits: await routeVisits(baseUrl, token, viewport, memberRoutes),
          });
        }
        const results = await Promise.all(runs.map((r) => sweep(r.context, r, r.visits)));
        const visited = results.reduce((n, r) => n + r.visited, 0);
        const lines = results.flatMap((r) => r.lines);
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        console.log(
          `route sweep: ${visited} visits of ${MOUNTED_ROUTES.length} routes (${memberRoutes.length} logged in) in ${seconds} s`,
        );
        if (lines.length) console.error(`route sweep findings:\n${lines.join('\n')}`);
        expect(visited).toBe(VIEWPORT_NAMES.length * (guestRoutes.length + memberRoutes.length));
        expect(lines, 'route sweep findings (listed above)').toEqual([]);
      } finally {
        await guest.close();
        await member.close();
      }
    },
  );
});
