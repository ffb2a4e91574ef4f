// `npm run bench`: speed and size figures of the site and its back end, printed as one table on stdout
// (progress on stderr) and saved as JSON in bench/results/latest.json. Machines here are noisy: compare the
// ratios measured within one run, not absolute figures across runs.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureBundles, type BundleResult } from './lib/bundle-size.ts';
import { casinoRows, casinoRunFailed, measureCasinoLoad, type CasinoLoadResult } from './lib/casino-load.ts';
import { measureColdStart, type ColdStartResult } from './lib/cold-start.ts';
import { measureHttpLoad, type HttpLoadResult } from './lib/http-load.ts';
import { ledgerRunFailed, measureLedgerLoad, type LedgerLoadResult } from './lib/ledger-load.ts';
import { measureLighthouse, type LighthouseResult } from './lib/lighthouse.ts';
import { measurePage, type PageResult } from './lib/page-metrics.ts';
import { killAllNow, progress, stopAll } from './lib/processes.ts';
import { measureSockets, type SocketsResult } from './lib/sockets.ts';
import {
  measureSportsbookLoad,
  sportsbookRunFailed,
  type SportsbookLoadResult,
} from './lib/sportsbook-load.ts';
import { formatTable, type Row } from './lib/table.ts';
import { measureWireBytes, type WireResult, type WireTotals } from './lib/wire-bytes.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(ROOT);
const RESULTS = path.join('bench', 'results', 'latest.json');

process.on('exit', killAllNow);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    progress(`${signal}: stopping child processes`);
    void stopAll(3_000).finally(() => process.exit(130));
  });
}

interface Results {
  date: string;
  node: string;
  cpus: number;
  durationS?: number;
  http?: HttpLoadResult;
  coldStart?: ColdStartResult;
  bundles?: BundleResult;
  page?: PageResult;
  sockets?: SocketsResult;
  wire?: WireResult;
  lighthouse?: LighthouseResult;
  ledger?: LedgerLoadResult;
  sportsbook?: SportsbookLoadResult;
  casino?: CasinoLoadResult;
  errors: Record<string, string>;
}

type Section =
  | 'http'
  | 'coldStart'
  | 'bundles'
  | 'wire'
  | 'page'
  | 'lighthouse'
  | 'sockets'
  | 'ledger'
  | 'sportsbook'
  | 'casino';
/**
 * BENCH_ONLY=page,bundles runs just those sections (while working on one figure); all by default. Sections:
 * http, coldStart, bundles, wire, page, lighthouse, sockets, ledger, sportsbook, casino.
 */
const ONLY =
  process.env.BENCH_ONLY?.split(',')
    .map((s) => s.trim())
    .filter(Boolean) ?? [];
const wanted = (s: Section) => ONLY.length === 0 || ONLY.includes(s);

const int = (n: number) => Math.round(n).toString();
const fixed = (n: number, digits: number) => n.toFixed(digits);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const mb = (kib: number | null) => (kib === null ? 'n/a' : (kib / 1024).toFixed(1));
const thousands = (n: number) => n.toLocaleString('en-US');

function rows(r: Results): Row[] {
  const out: Row[] = [];
  const failed = (metric: string, section: string) =>
    out.push({ metric, value: 'FAILED', unit: '', note: r.errors[section]?.split('\n')[0] ?? '' });

  if (r.http) {
    const { http } = r;
    const s = http.settings;
    const load = `autocannon ${s.connections} conn, ${s.rounds}×${s.durationS} s (ABCABC), ${s.warmupS} s warm-up`;
    const spread = (t: typeof http.bare) => t.rounds.map((x) => int(x.requestsPerSec)).join(' / ');
    out.push(
      {
        metric: 'POST preInfo requests/s',
        value: int(http.preInfo.requestsPerSec),
        unit: 'req/s',
        note: `${load}; rounds ${spread(http.preInfo)}; in-memory PGlite + demo seed`,
      },
      {
        metric: 'bare Fastify GET requests/s',
        value: int(http.bare.requestsPerSec),
        unit: 'req/s',
        note: `same load; rounds ${spread(http.bare)}; Fastify() { ok: true }`,
      },
      {
        metric: 'preInfo / bare',
        value: fixed(http.ratio, 3),
        unit: 'ratio',
        note: 'requests/s ratio within this run (autocannon shares the 2 cores)',
      },
      {
        metric: 'bare Fastify POST requests/s',
        value: int(http.barePost.requestsPerSec),
        unit: 'req/s',
        note: `same load; rounds ${spread(http.barePost)}; the same server's POST /bare sent preInfo's headers and {} body`,
      },
      {
        metric: 'preInfo / bare POST',
        value: fixed(http.ratioPost, 3),
        unit: 'ratio',
        note: "for reference (the target is preInfo / bare GET, above): the route beyond Fastify's own POST cost",
      },
      {
        metric: 'preInfo p99 latency',
        value: fixed(http.preInfo.p99Ms, 1),
        unit: 'ms',
        note: 'mean of the rounds',
      },
      {
        metric: 'bare p99 latency',
        value: fixed(http.bare.p99Ms, 1),
        unit: 'ms',
        note: 'mean of the rounds',
      },
    );
  } else if (wanted('http')) failed('HTTP load (preInfo vs bare)', 'http');

  if (r.coldStart) {
    const c = r.coldStart;
    out.push(
      {
        metric: 'cold start, new data dir',
        value: int(c.newDataDir.wallMs),
        unit: 'ms',
        note: `spawn → "ready at" line; main.ts reports ${c.newDataDir.reportedMs} ms (migrate + demo seed)`,
      },
      {
        metric: 'cold start, existing data dir',
        value: int(c.existingDataDir.wallMs),
        unit: 'ms',
        note: `same data dir again; main.ts reports ${c.existingDataDir.reportedMs} ms`,
      },
    );
  } else if (wanted('coldStart')) failed('cold start', 'coldStart');

  if (r.sockets) {
    const { held, chat, settings } = r.sockets;
    const shared = `ws clients run in the bench process and share the ${r.cpus} cores with the server; loopback`;
    const gc = held.serverRssAfterGcKb;
    const perSocket =
      held.serverKbPerSocket !== null ? ` (~${fixed(held.serverKbPerSocket, 1)} KB per socket)` : '';
    const stopped = {
      target: 'reached the target',
      errors: 'stopped at errors',
      time: 'stopped at the time bound',
    };
    const refused = Object.entries(chat.refused)
      .map(([reason, n]) => `${n} ${reason}`)
      .join(', ');
    out.push(
      {
        metric: 'sockets held with heartbeats',
        value: int(held.answered),
        unit: 'sockets',
        note:
          `open after a ${held.holdMs / 1000} s hold and answered a heartbeat in it; ${held.opened} of ` +
          `${thousands(held.target)} opened in ${fixed(held.rampMs / 1000, 1)} s (${stopped[held.stoppedBy]}` +
          `${held.failures ? `, ${held.failures} failed: ${held.firstError}` : ''}), ${held.stillOpen} still open; ` +
          `not logged in, heartbeat every ${settings.heartbeatMs / 1000} s from random phases; ws clients in ` +
          `${held.clientProcesses} client processes (${held.sourceAddresses.join(', ')}) sharing the ${r.cpus} ` +
          `cores with the server; ${held.fdNote}`,
      },
      {
        metric: 'server RSS holding them',
        value: mb(held.serverRssLoadKb),
        unit: 'MB',
        note: `server process VmRSS (in-memory PGlite included) at the end of the hold; right after a full GC: ${mb(gc.idle)} MB before the ramp → ${mb(gc.load)} MB held${perSocket}`,
      },
      {
        metric: 'heartbeat round trip p99 (held)',
        value: fixed(held.heartbeatRtt.p99Ms, 1),
        unit: 'ms',
        note: `p50 ${fixed(held.heartbeatRtt.p50Ms, 1)} ms, max ${fixed(held.heartbeatRtt.maxMs, 1)} ms over ${held.heartbeatRtt.samples} heartbeats in the hold`,
      },
      {
        metric: `chat fan-out p50 (${thousands(chat.clients)} clients)`,
        value: fixed(chat.latency.p50Ms, 1),
        unit: 'ms',
        note:
          `send → receipt at each logged-in client, over every delivery; ${chat.sent} messages from ${chat.senders} ` +
          `members, one every ${settings.chat.sendEveryMs} ms (stored + NOTIFY, then pushed); ${shared}`,
      },
      {
        metric: `chat fan-out p99 (${thousands(chat.clients)} clients)`,
        value: fixed(chat.latency.p99Ms, 1),
        unit: 'ms',
        note: `max ${fixed(chat.latency.maxMs, 1)} ms; the last client had each message after a median ${fixed(chat.lastClientP50Ms, 1)} ms`,
      },
      {
        metric: 'chat deliveries',
        value: `${chat.delivered}/${chat.expected}`,
        unit: 'msgs',
        note:
          `delivered / expected (accepted sends × logged-in clients, senders included); ${chat.loggedIn} of ` +
          `${thousands(chat.clients)} clients logged in in ${fixed(chat.loginMs / 1000, 1)} s` +
          `${chat.loginFailures ? ` (${chat.loginFailures} failed: ${chat.firstError})` : ''}` +
          `${refused ? `; refused sends: ${refused}` : ''}`,
      },
    );
  } else if (wanted('sockets')) failed('sockets (held + chat fan-out)', 'sockets');

  if (r.ledger) {
    const s = r.ledger.settings;
    const load =
      `${s.callers} concurrent callers of transfer() over ${thousands(s.members)} members × (central + ` +
      `${s.venues.length} venue wallets), ${s.durationS} s after ${s.warmupS} s warm-up, in the bench process`;
    for (const run of r.ledger.runs) {
      const db = run.driver === 'pg' ? 'PostgreSQL' : 'PGlite';
      if (run.error) {
        out.push({
          metric: `ledger transfers/s (${db})`,
          value: 'FAILED',
          unit: '',
          note: run.error.split('\n')[0]!,
        });
        continue;
      }
      const k = run.byKind;
      out.push(
        {
          metric: `ledger transfers/s (${db})`,
          value: int(run.postedPerSec),
          unit: 'tx/s',
          note:
            `target ≥ ${thousands(s.targets[run.driver])}; posted transfers (drift: next row); ${load}; ` +
            `${thousands(run.posted)} posted (${k.deposit} deposits, ${k.transfer_in} central → venue, ` +
            `${k.transfer_out} venue → central), ${thousands(run.refused)} refused insufficient; ${run.where}; ` +
            `bench process CPU ${fixed(run.cpuMs / 1000, 1)} s in ${fixed(run.durationMs / 1000, 1)} s` +
            (run.driver === 'pglite' ? ` (${int((run.posted * 1000) / run.cpuMs)} per CPU-second)` : ''),
        },
        {
          metric: `ledger drift (${db})`,
          value: ledgerRunFailed(run) ? 'FAILED' : int(run.driftFen),
          unit: 'fen',
          note: ledgerRunFailed(run)
            ? `drift ${run.driftFen} fen; ${run.problems.length} problems: ${run.problems.slice(0, 3).join('; ')}`
            : `checkLedger ok (${thousands(run.check.accounts)} accounts, ${thousands(run.check.transfers)} ` +
              `transfers, ${thousands(run.check.entries)} entries); every balance = the sum of the posted ` +
              `transfers kept in the bench; balance pushes heard ${run.pushesHeard}/${run.pushesExpected}`,
        },
        {
          metric: `ledger transfer p99 (${db})`,
          value: fixed(run.latency.p99Ms, 1),
          unit: 'ms',
          note:
            `one transfer() call, posted or refused, queueing for a connection included; p50 ` +
            `${fixed(run.latency.p50Ms, 1)} ms, max ${fixed(run.latency.maxMs, 1)} ms over ` +
            `${thousands(run.latency.samples)} calls`,
        },
      );
    }
  } else if (wanted('ledger')) failed('ledger transfers/s', 'ledger');

  if (r.sportsbook) {
    const s = r.sportsbook.settings;
    const load =
      `${s.callers} concurrent callers of placeBet() over ${thousands(s.members)} members' ${s.venue} wallets ` +
      `(${Math.round(s.parlayShare * 100)} % parlays of 2–4 legs), ${s.durationS} s after ${s.warmupS} s warm-up, ` +
      'in the bench process';
    for (const run of r.sportsbook.runs) {
      const db = run.driver === 'pg' ? 'PostgreSQL' : 'PGlite';
      if (run.error) {
        out.push({
          metric: `sportsbook bets/s (${db})`,
          value: 'FAILED',
          unit: '',
          note: run.error.split('\n')[0]!,
        });
        continue;
      }
      out.push(
        {
          metric: `sportsbook bets/s (${db})`,
          value: int(run.placedPerSec),
          unit: 'bets/s',
          note:
            `target ≥ ${thousands(s.targets[run.driver])}; bets placed (each one transaction: the bet, its legs and ` +
            `the ledger stake); ${load}; ${thousands(run.placed)} placed (${thousands(run.singles)} singles, ` +
            `${thousands(run.parlays)} parlays), ${thousands(run.refused)} refused (insufficient, or over the payout cap); p50 ` +
            `${fixed(run.p50Ms, 1)} ms, p99 ${fixed(run.p99Ms, 1)} ms; ${run.where}`,
        },
        {
          metric: `sportsbook drift (${db})`,
          value: sportsbookRunFailed(run) ? 'FAILED' : int(run.driftFen),
          unit: 'fen',
          note: sportsbookRunFailed(run)
            ? `drift ${run.driftFen} fen; ${run.problems.length} problems: ${run.problems.slice(0, 3).join('; ')}`
            : `every match decided, ${thousands(run.settled)} bets settled by the sweep in ` +
              `${fixed(run.settleMs / 1000, 1)} s (${int(run.settledPerSec)}/s); checkLedger ok ` +
              `(${thousands(run.check.transfers)} transfers); every wallet and the house = the bench's own model ` +
              '(seed − stakes + payouts by the rules)',
        },
      );
    }
  } else if (wanted('sportsbook')) failed('sportsbook bets/s', 'sportsbook');

  // issue 12 §4: rounds settled per second for a live table with 1,000 bettors, with 0 drift.
  if (r.casino) out.push(...casinoRows(r.casino));
  else if (wanted('casino')) failed('live table rounds/s', 'casino');

  if (r.bundles) {
    const b = r.bundles;
    const names = (g: typeof b.css) => g.files.map((f) => path.basename(f.file)).join(', ');
    const how =
      b.source === 'manifest'
        ? 'manifest entry + static imports'
        : 'index.html module script + modulepreloads';
    out.push(
      {
        metric: 'first-load JS (gzip -9)',
        value: kb(b.firstLoadJs.gzipBytes),
        unit: 'KB',
        note: `${kb(b.firstLoadJs.bytes)} KB raw; ${how}: ${names(b.firstLoadJs)}`,
      },
      {
        metric: 'first-load JS (brotli 11)',
        value: kb(b.firstLoadJs.brotliBytes),
        unit: 'KB',
        note: `same ${b.firstLoadJs.files.length} files`,
      },
    );
    for (const a of b.areas) {
      out.push(
        a.own
          ? {
              metric: `area ${a.area}: own JS (gzip -9)`,
              value: kb(a.own.gzipBytes),
              unit: 'KB',
              note:
                `br ${kb(a.own.brotliBytes)} KB, ${kb(a.own.bytes)} KB raw; ${a.entry} + its static imports not in ` +
                `the first load: ${names(a.own) || 'none'}`,
            }
          : {
              metric: `area ${a.area}: own JS (gzip -9)`,
              value: '—',
              unit: '',
              note:
                b.source === 'manifest'
                  ? `no src/features/${a.area}/area.ts(x) entry in the manifest`
                  : 'no dist/.vite/manifest.json (build.manifest off)',
            },
      );
    }
    out.push({
      metric: 'CSS total (gzip -9)',
      value: kb(b.css.gzipBytes),
      unit: 'KB',
      note: `br ${kb(b.css.brotliBytes)} KB, ${kb(b.css.bytes)} KB raw; ${names(b.css)}`,
    });
  } else if (wanted('bundles')) failed('bundle sizes', 'bundles');

  if (r.page) {
    const p = r.page;
    const m = p.median;
    const how = `home /, ${p.settings.viewport.width}×${p.settings.viewport.height} phone, ${p.settings.cpuThrottlingRate}× slowed CPU, median of ${p.loads.length} cold loads`;
    const each = (k: 'fcpMs' | 'lcpMs' | 'tbtMs') => p.loads.map((l) => int(l[k])).join(' / ');
    out.push(
      { metric: 'home FCP', value: int(m.fcpMs), unit: 'ms', note: `${how}; loads ${each('fcpMs')}` },
      { metric: 'home LCP', value: int(m.lcpMs), unit: 'ms', note: `loads ${each('lcpMs')}` },
      {
        metric: 'home CLS',
        value: fixed(m.cls, 3),
        unit: 'score',
        note: `layout shifts without recent input; loads ${p.loads.map((l) => fixed(l.cls, 3)).join(' / ')}`,
      },
      {
        metric: 'home TBT',
        value: int(m.tbtMs),
        unit: 'ms',
        note: `long tasks beyond 50 ms, FCP → load + ${p.settings.settleMs / 1000} s; loads ${each('tbtMs')}`,
      },
    );
  } else if (wanted('page')) failed('home page metrics (Chromium)', 'page');

  if (r.wire) {
    const w = r.wire;
    const enc = (t: WireTotals) =>
      Object.entries(t.encodings)
        .map(([e, n]) => `${n}× ${e}`)
        .join(', ');
    const saved = (t: WireTotals) =>
      t.rawBytes ? `${fixed((1 - t.wireBytes / t.rawBytes) * 100, 0)}% saved` : '';
    const req = `GET with Accept-Encoding: ${w.acceptEncoding} (Chromium sent ${w.browserAcceptEncoding ?? '?'})`;
    out.push(
      {
        metric: 'first load of /: JS on the wire',
        value: kb(w.js.wireBytes),
        unit: 'KB',
        note:
          `${w.js.files} scripts the page requested; ${req}; Content-Encoding ${enc(w.js)}; ${saved(w.js)}; ` +
          `Chromium counted ${kb(w.js.browserBytes)} KB with headers`,
      },
      {
        metric: 'first load of /: JS uncompressed',
        value: kb(w.js.rawBytes),
        unit: 'KB',
        note: 'same scripts with Accept-Encoding: identity',
      },
      {
        metric: 'first load of /: CSS on the wire',
        value: kb(w.css.wireBytes),
        unit: 'KB',
        note: `${w.css.files} stylesheets; ${kb(w.css.rawBytes)} KB uncompressed; Content-Encoding ${enc(w.css)}`,
      },
      {
        metric: 'first load of /: HTML on the wire',
        value: kb(w.html.wireBytes),
        unit: 'KB',
        note: `the document with the embedded pre-info; ${kb(w.html.rawBytes)} KB uncompressed; Content-Encoding ${enc(w.html)}`,
      },
      {
        metric: 'first load of /: total on the wire',
        value: kb(w.html.wireBytes + w.js.wireBytes + w.css.wireBytes),
        unit: 'KB',
        note: `HTML + JS + CSS bodies (images, fonts and API calls not counted); ${kb(w.html.rawBytes + w.js.rawBytes + w.css.rawBytes)} KB uncompressed`,
      },
    );
  } else if (wanted('wire')) failed('bytes on the wire (first load of /)', 'wire');

  if (r.lighthouse) {
    const l = r.lighthouse;
    const s = l.settings;
    for (const p of l.pages) {
      const m = p.median;
      const each = (k: 'score' | 'lcpMs' | 'tbtMs') => p.runs.map((x) => int(x[k])).join(' / ');
      const top = p.opportunities
        .slice(0, 3)
        .map(
          (o) =>
            `${o.id}${o.savingsMs ? ` ~${int(o.savingsMs)} ms` : ''}${o.displayValue ? ` (${o.displayValue})` : ''}`,
        )
        .join('; ');
      out.push(
        {
          metric: `Lighthouse ${p.path}: performance`,
          value: int(m.score),
          unit: 'score',
          note:
            `${p.login ? 'logged in, ' : 'new visitor, '}median of ${p.runs.length} (${each('score')}); ${s.profile}; ` +
            `benchmarkIndex ${s.benchmarkIndex ?? '?'}; top: ${top || 'none'}`,
        },
        {
          metric: `Lighthouse ${p.path}: LCP`,
          value: int(m.lcpMs),
          unit: 'ms',
          note: `simulated; runs ${each('lcpMs')}; FCP ${int(m.fcpMs)} ms; LCP element ${p.lcpElement ?? '?'}`,
        },
        {
          metric: `Lighthouse ${p.path}: TBT`,
          value: int(m.tbtMs),
          unit: 'ms',
          note: `runs ${each('tbtMs')}`,
        },
        {
          metric: `Lighthouse ${p.path}: CLS`,
          value: fixed(m.cls, 3),
          unit: 'score',
          note: `runs ${p.runs.map((x) => fixed(x.cls, 3)).join(' / ')}; report ${p.report}`,
        },
      );
    }
  } else if (wanted('lighthouse')) failed('Lighthouse (/, /user/login, /mine/vip)', 'lighthouse');
  return out;
}

async function main(): Promise<number> {
  const t0 = performance.now();
  const results: Results = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    errors: {},
  };
  const section = async <K extends Section>(key: K, run: () => Promise<NonNullable<Results[K]>>) => {
    if (!wanted(key)) return;
    try {
      results[key] = await run();
    } catch (err) {
      results.errors[key] = err instanceof Error ? (err.stack ?? err.message) : String(err);
      progress(`${key} FAILED: ${results.errors[key]}`);
    } finally {
      await stopAll();
    }
  };

  // The build first: the cold-start and page runs serve dist/.
  await section('bundles', measureBundles);
  await section('http', measureHttpLoad);
  await section('coldStart', measureColdStart);
  await section('sockets', measureSockets);
  await section('ledger', measureLedgerLoad);
  // A ledger run that drifted or failed fails the bench (its rows say FAILED).
  const badLedger = results.ledger?.runs.filter(ledgerRunFailed) ?? [];
  if (badLedger.length)
    results.errors.ledger = badLedger
      .map((x) => `${x.driver}: ${x.error ?? x.problems.join('; ')}`)
      .join('\n');
  await section('sportsbook', measureSportsbookLoad);
  const badSportsbook = results.sportsbook?.runs.filter(sportsbookRunFailed) ?? [];
  if (badSportsbook.length)
    results.errors.sportsbook = badSportsbook
      .map((x) => `${x.driver}: ${x.error ?? x.problems.join('; ')}`)
      .join('\n');
  await section('casino', measureCasinoLoad);
  const badCasino = results.casino?.runs.filter(casinoRunFailed) ?? [];
  if (badCasino.length)
    results.errors.casino = badCasino
      .map((x) => `${x.driver}: ${x.error ?? x.problems.join('; ')}`)
      .join('\n');
  await section('wire', measureWireBytes);
  await section('page', measurePage);
  await section('lighthouse', measureLighthouse);
  results.durationS = Math.round((performance.now() - t0) / 100) / 10;

  mkdirSync(path.dirname(RESULTS), { recursive: true });
  writeFileSync(RESULTS, JSON.stringify(results, null, 2) + '\n');
  progress(`done in ${results.durationS} s; raw results in ${RESULTS}`);
  process.stdout.write(formatTable(rows(results)) + '\n');
  return Object.keys(results.errors).length ? 1 : 0;
}

main()
  .then((code) => {
    process.exitCode = code;
  })
  .catch(async (err: unknown) => {
    console.error(err);
    await stopAll(3_000);
    process.exitCode = 1;
  });
