// `npm run screens` (issue 19 §3): a contact sheet of every route the router mounts (src/app/route-table.ts:
// spec §2's table and the embedded venue pages) at 390×844 and 1440×900, logged out and logged in as the demo
// player. It builds the site when its inputs changed (as `npm start` does), starts the real server on a free
// port with a temporary data directory (demo data seeded), takes a full-page screenshot of each (route, size,
// login) into screens/ and writes screens/index.html: one row per route, the four shots side by side, the
// route's path and access, where a redirected visit landed, what the route sweep's checks found on that page
// (tests/support/route-sweep.ts), each thumbnail linking to its full image. The maintenance and restriction
// pages are shot while the site is in that condition. screens/ is not in git.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { freePort, serverEnv, spawnTsx } from '../bench/lib/processes.ts';
import { MOUNTED_ROUTES, type RouteEntry } from '../src/app/route-table.ts';
import { launchChromium } from '../tests/support/browser.ts';
import { ops } from '../tests/support/ops.ts';
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
} from '../tests/support/route-sweep.ts';
import { buildIfNeeded } from './build-if-needed.ts';

const OUT = 'screens';
/** The demo player the server seeds (server/modules/member/members.ts, README). */
const DEMO = { phone: '13800138000', password: 'demo1234' };
/** The two sizes of the sheet (issue 19 §3); the sweep test also checks 320 px. */
const VIEWPORTS: SweepViewport[] = ['phone', 'desktop'];
const LOGINS: Login[] = ['guest', 'member'];
const READY = /ready at (http:\/\/\S+?)\/? /;

interface Shot {
  route: RouteEntry;
  viewport: SweepViewport;
  login: Login;
  file: string;
  /** path + search the page showed when shot. */
  landed: string;
  /** What the route sweep's checks found (overflow, cut text, broken image, console errors). */
  notes: string[];
}

const slug = (p: string) => (p === '/' ? 'home' : p.replace(/^\//, '').replace(/[^\w-]+/g, '_'));
const fileOf = (route: RouteEntry, viewport: SweepViewport, login: Login) =>
  `${slug(route.path)}--${viewport}-${login}.png`;

function log(message: string): void {
  process.stderr.write(`[screens] ${message}\n`);
}

async function shoot(page: Page, route: RouteEntry, viewport: SweepViewport, login: Login, notes: string[]) {
  const file = fileOf(route, viewport, login);
  await page.screenshot({ path: path.join(OUT, file), fullPage: true });
  const landed = await page.evaluate(() => location.pathname + location.search);
  for (const f of await visualFindings(page)) notes.push(`${f.kind}: ${f.detail}`);
  return { route, viewport, login, file, landed, notes } satisfies Shot;
}

/** One (size, login): a full load of home, then every route client-side. */
async function run(
  context: BrowserContext,
  baseUrl: string,
  viewport: SweepViewport,
  login: Login,
  visits: RouteVisit[],
): Promise<Shot[]> {
  const page = await context.newPage();
  await page.setViewportSize(SWEEP_VIEWPORTS[viewport]);
  const watch = watchPage(page);
  const shots: Shot[] = [];
  try {
    await page.goto(baseUrl + '/', { waitUntil: 'load' });
    await settle(page, watch);
    watch.take();
    let reload = false;
    for (const visit of visits) {
      const notes: string[] = [];
      try {
        if (reload) {
          await page.goto(baseUrl + visit.url, { waitUntil: 'load' });
          await settle(page, watch);
        } else await visitRoute(page, watch, visit.url);
      } catch (err) {
        notes.push(`did not settle: ${(err instanceof Error ? err.message : String(err)).split('\n')[0]}`);
      }
      shots.push(await shoot(page, visit.route, viewport, login, notes));
      notes.push(...watch.take());
      // A dialog the page opened (the home pop-up, the deposit's fraud warning) would cover the next routes'
      // shots: Escape closes most; one that asks for an answer is left with a full load of the next route.
      const open = page.locator('[role="dialog"][aria-modal="true"]:not(.venue-frame), [role="alertdialog"]');
      reload = false;
      if (await open.count()) {
        await page.keyboard.press('Escape');
        await page.waitForTimeout(350);
        reload = (await open.count()) > 0;
        watch.take();
      }
    }
    log(`${viewport}, ${login}: ${shots.length} routes`);
  } finally {
    await page.close();
  }
  return shots;
}

/** The pages shown only in a site condition (maintenance, a restricted address), shot in that condition. */
async function conditionShots(
  browser: Browser,
  baseUrl: string,
  dataDir: string,
  token: string,
): Promise<Shot[]> {
  const shots: Shot[] = [];
  const conditions: Array<{ route: RouteEntry; on: string[]; off: string[]; open: string }> = [];
  for (const route of MOUNTED_ROUTES) {
    if (route.onlyWhen === 'maintenance')
      conditions.push({ route, on: ['maintenance', 'on'], off: ['maintenance', 'off'], open: route.path });
    if (route.onlyWhen === 'restricted')
      conditions.push({
        route,
        on: ['restrict', 'add', '127.0.0.1', 'caveat'],
        off: ['restrict', 'remove', '127.0.0.1'],
        // A restricted visitor is sent there from anywhere.
        open: '/',
      });
  }
  for (const c of conditions) {
    await ops(dataDir, ...c.on);
    try {
      for (const viewport of VIEWPORTS) {
        for (const login of LOGINS) {
          const context = await browser.newContext({ locale: 'zh-CN', reducedMotion: 'reduce' });
          if (login === 'member')
            await context.addCookies([{ name: 'X-API-TOKEN', value: token, url: baseUrl }]);
          const page = await context.newPage();
          await page.setViewportSize(SWEEP_VIEWPORTS[viewport]);
          const watch = watchPage(page);
          const notes: string[] = [];
          try {
            await page.goto(baseUrl + c.open, { waitUntil: 'load' });
            await settle(page, watch);
          } catch (err) {
            notes.push(
              `did not settle: ${(err instanceof Error ? err.message : String(err)).split('\n')[0]}`,
            );
          }
          const shot = await shoot(page, c.route, viewport, login, notes);
          shot.notes.push(`shot while: ${c.on.join(' ')}`, ...watch.take());
          shots.push(shot);
          await context.close();
        }
      }
    } finally {
      await ops(dataDir, ...c.off);
    }
  }
  return shots;
}

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function sheet(shots: Shot[], took: string): string {
  const rows = MOUNTED_ROUTES.map((route) => {
    const cells = VIEWPORTS.flatMap((viewport) =>
      LOGINS.map((login) => {
        const s = shots.find((x) => x.route === route && x.viewport === viewport && x.login === login);
        if (!s) return `<td class="missing">—</td>`;
        const landed =
          s.landed.split('?')[0] !== route.path
            ? `<div class="landed">→ ${esc(s.landed.split('?')[0]!)}</div>`
            : '';
        const notes = s.notes.length
          ? `<ul class="notes">${s.notes.map((n) => `<li>${esc(n)}</li>`).join('')}</ul>`
          : '';
        return (
          `<td><div class="label">${viewport} · ${login === 'member' ? 'logged in' : 'logged out'}</div>` +
          `<a href="${esc(s.file)}"><img class="${viewport}" loading="lazy" src="${esc(s.file)}" alt="${esc(route.path)} ${viewport} ${login}"></a>` +
          `${landed}${notes}</td>`
        );
      }),
    );
    const flagged = shots.some((s) => s.route === route && s.notes.some((n) => !n.startsWith('shot while')));
    return (
      `<tr id="${esc(slug(route.path))}"${flagged ? ' class="flagged"' : ''}><th scope="row"><code>${esc(route.path)}</code>` +
      `<div class="access">${route.access}${route.onlyWhen ? ` · only when ${route.onlyWhen}` : ''}</div>` +
      `<div class="area">area: ${esc(route.area)}</div></th>${cells.join('')}</tr>`
    );
  });
  const flaggedCount = MOUNTED_ROUTES.filter((route) =>
    shots.some((s) => s.route === route && s.notes.some((n) => !n.startsWith('shot while'))),
  ).length;
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>Contact sheet: every route</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 16px; background: #f4f4f6; color: #222; }
table { border-collapse: collapse; }
th, td { border: 1px solid #ccc; padding: 6px; vertical-align: top; background: #fff; }
thead th { position: sticky; top: 0; z-index: 1; }
th[scope=row] { text-align: left; min-width: 180px; }
tr.flagged th[scope=row] { background: #fff1f0; }
.access, .area, .label, .landed { color: #555; font-size: 12px; }
.landed { color: #8a4b00; }
img { display: block; border: 1px solid #ddd; object-fit: cover; object-position: top; }
img.phone { width: 195px; height: 422px; }
img.desktop { width: 360px; height: 225px; }
.notes { margin: 4px 0 0; padding-left: 16px; max-width: 360px; color: #b00020; font-size: 12px; }
</style></head><body>
<h1>Every route at 390×844 and 1440×900, logged out and logged in</h1>
<p>${MOUNTED_ROUTES.length} routes, ${shots.length} shots (${took}). Logged in: the demo player ${DEMO.phone}.
Each thumbnail shows the top of the page; it links to the full-page image. Red: what the route sweep's checks
(tests/support/route-sweep.ts) found on that page (${flaggedCount} routes). "→" is where a redirected visit landed.</p>
<table><thead><tr><th>Route</th>${VIEWPORTS.flatMap((v) => LOGINS.map((l) => `<th>${v} ${SWEEP_VIEWPORTS[v].width}×${SWEEP_VIEWPORTS[v].height}, ${l === 'member' ? 'logged in' : 'logged out'}</th>`)).join('')}</tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table></body></html>
`;
}

async function main(): Promise<void> {
  const started = performance.now();
  if (await buildIfNeeded()) log('built the site into dist/');
  await rm(OUT, { recursive: true, force: true });
  await mkdir(OUT, { recursive: true });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'qp-screens-'));
  const port = await freePort();
  const server = spawnTsx(
    ['server/main.ts'],
    serverEnv({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' }),
  );
  let browser: Browser | undefined;
  try {
    const ready = await server.waitForLine(READY, 120_000);
    const baseUrl = READY.exec(ready.line)![1]!;
    log(`site at ${baseUrl} (data in ${dataDir})`);
    browser = await launchChromium();
    const guest = await browser.newContext({ locale: 'zh-CN', reducedMotion: 'reduce' });
    const member = await browser.newContext({ locale: 'zh-CN', reducedMotion: 'reduce' });
    const token = await signIn(member, baseUrl, DEMO.phone, DEMO.password);
    const everyday = MOUNTED_ROUTES.filter((r) => !r.onlyWhen);
    const runs: Array<Promise<Shot[]>> = [];
    for (const viewport of VIEWPORTS) {
      runs.push(run(guest, baseUrl, viewport, 'guest', await routeVisits(baseUrl, null, viewport, everyday)));
      runs.push(
        run(member, baseUrl, viewport, 'member', await routeVisits(baseUrl, token, viewport, everyday)),
      );
    }
    const shots = (await Promise.all(runs)).flat();
    shots.push(...(await conditionShots(browser, baseUrl, dataDir, token)));
    const took = `${((performance.now() - started) / 1000).toFixed(0)} s`;
    await writeFile(path.join(OUT, 'index.html'), sheet(shots, took));
    log(`${shots.length} shots in ${took}: open ${path.join(OUT, 'index.html')}`);
  } finally {
    await browser?.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
