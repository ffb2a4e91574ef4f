import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/support/browser.ts';
import { startRealServer } from './cold-start.ts';
import { freePort, progress, type Spawned } from './processes.ts';

const DEMO = { phone: '13800138000', password: 'demo1234' };
/** Full reports of the median runs, for a look at what Lighthouse saw (bench/results is git-ignored). */
const REPORTS = path.join('bench', 'results', 'lighthouse');

export const LIGHTHOUSE = {
  /** Runs per page; the table shows the median (LIGHTHOUSE_RUNS=1 for a quick look). */
  runs: Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3) || 3),
  /** Lighthouse 12's default config: mobile emulation (Moto G Power) and simulated slow 4G, 4× CPU. */
  profile: 'Lighthouse default (mobile, simulated throttling)',
  pages: [
    { name: 'home', path: '/', login: false },
    { name: 'login', path: '/user/login', login: false },
    { name: 'vip (logged in)', path: '/mine/vip', login: true },
  ],
} as const;

export interface LighthouseRun {
  /** 0–100. */
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  finalUrl: string;
  warnings: string[];
}

export interface Opportunity {
  id: string;
  title: string;
  displayValue: string;
  /** Estimated LCP / FCP savings Lighthouse gives, in ms. */
  savingsMs: number;
}

export interface LighthousePage {
  name: string;
  path: string;
  login: boolean;
  runs: LighthouseRun[];
  median: Omit<LighthouseRun, 'finalUrl' | 'warnings'>;
  /** From the median-score run: the audits that cost the most (largest estimated savings first). */
  opportunities: Opportunity[];
  /** The LCP element of the median-score run, as Lighthouse describes it. */
  lcpElement: string | null;
  report: string;
}

export interface LighthouseResult {
  settings: { runs: number; profile: string; chromium: string; benchmarkIndex: number | null };
  pages: LighthousePage[];
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The system Chromium with the project's flags and a DevTools port, in its own profile. */
async function launchDebuggable(): Promise<{ port: number; child: ChildProcess; stop: () => Promise<void> }> {
  const port = await freePort();
  const profile = await mkdtemp(path.join(tmpdir(), 'bench-lh-profile-'));
  const child = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killNow = () => child.kill('SIGKILL');
  process.once('exit', killNow);
  const stop = async () => {
    process.off('exit', killNow);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(profile, { recursive: true, force: true });
  };
  const deadline = performance.now() + 30_000;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || performance.now() > deadline) {
      await stop();
      throw new Error(`${CHROMIUM_PATH} did not open its DevTools port ${port}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { port, child, stop };
}

/** Logs the demo player in through the login page, in the browser's default profile (Lighthouse's tabs). */
async function logIn(port: number, base: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('no default browser context');
    const page = await context.newPage();
    await page.goto(base + '/user/login', { waitUntil: 'networkidle' });
    await page.getByLabel('手机号码').fill(DEMO.phone);
    await page.getByLabel('密码', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByRole('button', { name: '退出登录' }).waitFor({ timeout: 30_000 });
    if (!(await context.cookies(base)).some((c) => c.name === 'X-API-TOKEN')) {
      throw new Error('logged in without an X-API-TOKEN cookie');
    }
    await page.close();
  } finally {
    // Disconnects; the browser and its default profile (with the login cookie) stay.
    await browser.close();
  }
}

const num = (lhr: Result, id: string) => {
  const v = lhr.audits[id]?.numericValue;
  if (typeof v !== 'number') throw new Error(`Lighthouse gave no ${id}`);
  return v;
};

function opportunities(lhr: Result): Opportunity[] {
  const out: Opportunity[] = [];
  for (const audit of Object.values(lhr.audits)) {
    // The LCP element audit carries the whole LCP as its "savings": a diagnostic, not a cause.
    if (audit.score === null || audit.score >= 0.9 || audit.id === 'largest-contentful-paint-element')
      continue;
    const savings = Math.max(audit.metricSavings?.LCP ?? 0, audit.metricSavings?.FCP ?? 0);
    const overall = (audit.details as { overallSavingsMs?: number } | undefined)?.overallSavingsMs ?? 0;
    const savingsMs = Math.max(savings, overall);
    if (savingsMs <= 0 && audit.id !== 'uses-text-compression') continue;
    out.push({ id: audit.id, title: audit.title, displayValue: audit.displayValue ?? '', savingsMs });
  }
  return out.sort((a, b) => b.savingsMs - a.savingsMs);
}

function lcpElement(lhr: Result): string | null {
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    { items?: Array<{ items?: Array<{ node?: { snippet?: string; nodeLabel?: string } }> }> } | undefined;
  const node = details?.items?.[0]?.items?.[0]?.node;
  return node ? `${node.nodeLabel ?? ''} ${node.snippet ?? ''}`.trim() : null;
}

/**
 * Lighthouse 12 (performance only, its default phone profile) against the home page, the login page and a
 * member page, in the system Chromium launched with the project's flags. Logged-out runs start as a new
 * visitor (every kind of storage of the origin cleared); the member run keeps the login cookie.
 */
export async function measureLighthouse(): Promise<LighthouseResult> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-lh-'));
  let server: Spawned | undefined;
  let chrome: Awaited<ReturnType<typeof launchDebuggable>> | undefined;
  try {
    progress(`lighthouse: starting the real server (built site, data dir ${dataDir})`);
    const started = await startRealServer(dataDir);
    server = started.server;
    chrome = await launchDebuggable();
    const version = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as {
      Browser?: string;
    };
    mkdirSync(REPORTS, { recursive: true });
    let benchmarkIndex: number | null = null;
    let loggedIn = false;
    const pages: LighthousePage[] = [];
    for (const target of LIGHTHOUSE.pages) {
      if (target.login && !loggedIn) {
        progress('lighthouse: logging the demo player in through /user/login');
        await logIn(chrome.port, started.url);
        loggedIn = true;
      }
      if (!target.login && loggedIn) throw new Error('logged-out pages must run before the member pages');
      const flags: Flags = {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        // A first visit: cookies, local storage and caches of the origin go before each logged-out run. The
        // member run keeps Lighthouse's default (cookies and local storage stay: the login).
        ...(target.login ? {} : { clearStorageTypes: ['all'] }),
      };
      const runs: Array<{ run: LighthouseRun; lhr: Result }> = [];
      for (let i = 1; i <= LIGHTHOUSE.runs; i++) {
        progress(`lighthouse: ${target.path} run ${i}/${LIGHTHOUSE.runs}`);
        const result = await lighthouse(started.url + target.path, flags);
        if (!result) throw new Error(`Lighthouse returned nothing for ${target.path}`);
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`Lighthouse ${target.path}: ${lhr.runtimeError.message}`);
        const final = new URL(lhr.finalDisplayedUrl);
        if (final.pathname !== target.path) {
          throw new Error(
            `Lighthouse ${target.path} ended on ${final.pathname}${target.login ? ' (login lost?)' : ''}`,
          );
        }
        benchmarkIndex ??= lhr.environment.benchmarkIndex;
        runs.push({
          lhr,
          run: {
            score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
            fcpMs: num(lhr, 'first-contentful-paint'),
            lcpMs: num(lhr, 'largest-contentful-paint'),
            tbtMs: num(lhr, 'total-blocking-time'),
            cls: num(lhr, 'cumulative-layout-shift'),
            speedIndexMs: num(lhr, 'speed-index'),
            finalUrl: lhr.finalDisplayedUrl,
            warnings: lhr.runWarnings.map(String),
          },
        });
      }
      const pick = (k: 'score' | 'fcpMs' | 'lcpMs' | 'tbtMs' | 'cls' | 'speedIndexMs') =>
        median(runs.map((r) => r.run[k]));
      const byScore = [...runs].sort((a, b) => a.run.score - b.run.score);
      const mid = byScore[Math.floor((byScore.length - 1) / 2)]!;
      const report = path.join(REPORTS, `${target.name.replace(/\W+/g, '-').replace(/-$/, '')}.json`);
      writeFileSync(report, JSON.stringify(mid.lhr));
      pages.push({
        name: target.name,
        path: target.path,
        login: target.login,
        runs: runs.map((r) => r.run),
        median: {
          score: pick('score'),
          fcpMs: pick('fcpMs'),
          lcpMs: pick('lcpMs'),
          tbtMs: pick('tbtMs'),
          cls: pick('cls'),
          speedIndexMs: pick('speedIndexMs'),
        },
        opportunities: opportunities(mid.lhr),
        lcpElement: lcpElement(mid.lhr),
        report,
      });
    }
    return {
      settings: {
        runs: LIGHTHOUSE.runs,
        profile: LIGHTHOUSE.profile,
        chromium: version.Browser ?? 'unknown',
        benchmarkIndex,
      },
      pages,
    };
  } finally {
    await chrome?.stop();
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
