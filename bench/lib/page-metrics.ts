import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium, PHONE } from '../../tests/support/browser.ts';
import { startRealServer } from './cold-start.ts';
import { progress, type Spawned } from './processes.ts';

export const PAGE = {
  loads: 3,
  cpuThrottlingRate: 4,
  /** How long after the load event long tasks still count towards TBT. */
  settleMs: 5_000,
  viewport: PHONE,
  deviceScaleFactor: 2,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
} as const;

export interface PageLoad {
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  loadMs: number;
  longTasks: number;
}

export interface PageResult {
  settings: typeof PAGE;
  median: PageLoad;
  loads: PageLoad[];
}

// Plain strings, not functions: the bench runs under tsx, whose transforms may add helpers a serialized
// function would not find in the page.
const OBSERVE = `(() => {
  const m = { fcp: null, lcp: null, cls: 0, longTasks: [] };
  window.__benchPerf = m;
  const observe = (type, onEntry) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true });
    } catch (err) {
      m.unsupported = (m.unsupported || []).concat(type);
    }
  };
  observe('paint', (e) => { if (e.name === 'first-contentful-paint') m.fcp = e.startTime; });
  observe('largest-contentful-paint', (e) => { m.lcp = e.startTime; });
  observe('layout-shift', (e) => { if (!e.hadRecentInput) m.cls += e.value; });
  observe('longtask', (e) => { m.longTasks.push([e.startTime, e.duration]); });
})();`;

const COLLECT = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  return { ...window.__benchPerf, loadEventEnd: nav ? nav.loadEventEnd : null };
})()`;

interface Raw {
  fcp: number | null;
  lcp: number | null;
  cls: number;
  longTasks: Array<[number, number]>;
  loadEventEnd: number | null;
  unsupported?: string[];
}

/** Lighthouse's TBT: the part of each long task after FCP beyond 50 ms, up to `end`. */
function totalBlockingTime(tasks: Array<[number, number]>, fcp: number, end: number): number {
  let tbt = 0;
  for (const [start, duration] of tasks) {
    const from = Math.max(start, fcp);
    const to = Math.min(start + duration, end);
    if (to - from > 50) tbt += to - from - 50;
  }
  return tbt;
}

async function loadOnce(browser: Browser, url: string): Promise<PageLoad> {
  const context = await browser.newContext({
    viewport: PAGE.viewport,
    deviceScaleFactor: PAGE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: PAGE.userAgent,
    locale: 'zh-CN',
  });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: OBSERVE });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PAGE.cpuThrottlingRate });
    const res = await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    if (!res || !res.ok()) throw new Error(`GET ${url} answered ${res?.status() ?? 'nothing'}`);
    await page.waitForTimeout(PAGE.settleMs);
    const raw = (await page.evaluate(COLLECT)) as Raw;
    if (raw.unsupported?.length) throw new Error(`unsupported entry types: ${raw.unsupported.join(', ')}`);
    if (raw.fcp === null || raw.lcp === null || raw.loadEventEnd === null) {
      throw new Error(`missing paint timings: ${JSON.stringify(raw)}`);
    }
    return {
      fcpMs: raw.fcp,
      lcpMs: raw.lcp,
      cls: raw.cls,
      tbtMs: totalBlockingTime(raw.longTasks, raw.fcp, raw.loadEventEnd + PAGE.settleMs),
      loadMs: raw.loadEventEnd,
      longTasks: raw.longTasks.length,
    };
  } finally {
    await context.close();
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The home page at phone size in headless Chromium: FCP, LCP, CLS and TBT, median of several cold loads. */
export async function measurePage(): Promise<PageResult> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-page-'));
  let server: Spawned | undefined;
  let browser: Browser | undefined;
  try {
    progress(`page: starting the real server (built site, data dir ${dataDir})`);
    const started = await startRealServer(dataDir);
    server = started.server;
    browser = await launchChromium();
    const loads: PageLoad[] = [];
    for (let i = 1; i <= PAGE.loads; i++) {
      progress(`page: load ${i}/${PAGE.loads} of ${started.url}/ (${PAGE.cpuThrottlingRate}× slowed CPU)`);
      loads.push(await loadOnce(browser, `${started.url}/`));
    }
    const pick = (k: keyof PageLoad) => median(loads.map((l) => l[k]));
    return {
      settings: PAGE,
      loads,
      median: {
        fcpMs: pick('fcpMs'),
        lcpMs: pick('lcpMs'),
        cls: pick('cls'),
        tbtMs: pick('tbtMs'),
        loadMs: pick('loadMs'),
        longTasks: pick('longTasks'),
      },
    };
  } finally {
    await browser?.close();
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
