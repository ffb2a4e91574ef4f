// The sandbox sportsbook under load (issue 11 §6 "npm run bench: bets placed per second with 0 drift"): the
// sportsbook's own placeBet() called by N concurrent callers over many members (singles and parlays on pre-match
// prices, each one transaction with its ledger stake), then every match decided and the settlement sweep run;
// then the ledger check and an independent model of every wallet (the bench keeps each accepted bet and pays it
// by the rules from the decided scores): the drift must be 0. On in-memory PGlite always; on PostgreSQL when
// DATABASE_URL is set (a fresh schema, dropped after).
import { randomBytes } from 'node:crypto';
import type { Db } from '../../server/db/db.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openPg } from '../../server/db/pg-driver.ts';
import { openPglite } from '../../server/db/pglite-driver.ts';
import { checkLedger, transfer } from '../../server/modules/ledger/ledger.ts';
import type { Decision } from '../../server/modules/sportsbook/engine/engine.ts';
import { betOutcome, legResult } from '../../server/modules/sportsbook/engine/settle.ts';
import { insertDecision } from '../../server/modules/sportsbook/repository.ts';
import { listMatches, placeBet, type Caller, type Ctx } from '../../server/modules/sportsbook/service.ts';
import { sweep } from '../../server/modules/sportsbook/settlement.ts';
import { sportsbookConfig } from '../../server/modules/sportsbook/settings.ts';
import { ApiError } from '../../server/http/envelope.ts';
import {
  SPORTSBOOK_CODE,
  SPORTS,
  type Match,
  type MarketKind,
  type Selection,
} from '../../src/protocol/sportsbook.ts';
import { progress } from './processes.ts';

export const SPORTSBOOK_LOAD = {
  members: 200,
  venue: 'IMTY',
  /** Concurrent callers of placeBet() (the pg pool has 10 connections, as the server's). */
  callers: 16,
  /** Every member's venue wallet before the clock starts, fen. */
  seedFen: 5_000_000,
  warmupS: 2,
  durationS: 10,
  /** Share of parlays (2–4 legs); the rest are singles. */
  parlayShare: 0.25,
  /** Stakes, fen: 10.00–500.00 yuan. */
  stakeFen: [1_000, 50_000],
  // Design floors, measured on the shared 2-core machine (docs/sportsbook.md "Load"): PGlite 172–325, PostgreSQL 363–459.
  targets: { pglite: 150, pg: 300 },
} as const;

export type SportsbookDriver = 'pglite' | 'pg';

export interface SportsbookRun {
  driver: SportsbookDriver;
  where: string;
  error?: string;
  durationMs: number;
  placed: number;
  refused: number;
  placedPerSec: number;
  singles: number;
  parlays: number;
  p50Ms: number;
  p99Ms: number;
  /** The settlement of every placed bet (warm-up included) after the matches were decided. */
  settled: number;
  settleMs: number;
  settledPerSec: number;
  /** Σ |database balance − model balance| over the members' venue wallets and the house account, fen. */
  driftFen: number;
  problems: string[];
  check: { accounts: number; transfers: number; entries: number };
  errors: number;
  firstError: string | null;
}

export interface SportsbookLoadResult {
  settings: typeof SPORTSBOOK_LOAD;
  runs: SportsbookRun[];
}

const between = ([lo, hi]: readonly [number, number]) => lo + Math.floor(Math.random() * (hi - lo + 1));
const anyOf = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;

function percentile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]! : NaN;
}

interface Kept {
  memberId: number;
  stake: number;
  legs: Array<{
    matchId: string;
    market: MarketKind;
    lineQuarters: number | null;
    pick: Selection['pick'];
    odds: number;
  }>;
}

async function loadRun(db: Db, driver: SportsbookDriver, where: string): Promise<SportsbookRun> {
  const L = SPORTSBOOK_LOAD;
  const runId = randomBytes(3).toString('hex');
  // A fixed seed, the clock as it is: pre-match prices of the next days, stable for the whole run.
  const ctx: Ctx = { db, config: sportsbookConfig({ seed: `bench-${runId}`, sweepMs: 0 }) };
  await db.query(
    `INSERT INTO venues (code, platform, name, provider) VALUES ($1, 'TY', 'IM 体育', 'one') ON CONFLICT (code) DO NOTHING`,
    [L.venue],
  );
  const { rows } = await db.query<{ id: number | string }>(
    `INSERT INTO members (phone, password_hash, invite_code)
     SELECT '(86)197' || lpad(n::text, 8, '0'), 'none', $2::text || n FROM generate_series(1, $1::int) AS n RETURNING id`,
    [L.members, `S${runId}`],
  );
  const callers: Caller[] = rows.map((r) => ({
    memberId: Number(r.id),
    venue: { code: L.venue, name: 'IM 体育', provider: 'one' },
    sports: SPORTS,
  }));
  for (const c of callers) {
    await transfer(db, {
      id: `bench-sb:${runId}:seed:${c.memberId}`,
      from: { kind: 'cash_in' },
      to: { memberId: c.memberId, kind: 'venue', venue: L.venue },
      amount: L.seedFen,
      kind: 'deposit',
    });
  }
  const matches: Match[] = [];
  for (const sport of SPORTS) matches.push(...(await listMatches(ctx, callers[0]!, sport, 'early')).matches);
  progress(`sportsbook ${driver}: ${callers.length} members funded, ${matches.length} pre-match matches`);

  const kept: Kept[] = [];
  let errors = 0;
  let firstError: string | null = null;
  let seq = 0;
  const slip = () => {
    const n = Math.random() < L.parlayShare ? between([2, 4]) : 1;
    const chosen = new Set<Match>();
    while (chosen.size < n) chosen.add(anyOf(matches));
    return [...chosen].map((m) => {
      const market = anyOf(m.markets.filter((k) => k.selections.every((s) => !s.suspended)));
      return { market, selection: anyOf(market.selections), matchId: m.id };
    });
  };
  const phase = async (seconds: number) => {
    const latencies: number[] = [];
    let placed = 0;
    let refused = 0;
    let parlays = 0;
    const start = performance.now();
    const end = start + seconds * 1000;
    await Promise.all(
      Array.from({ length: L.callers }, async () => {
        while (performance.now() < end) {
          const c = anyOf(callers);
          const legs = slip();
          const stake = between(L.stakeFen);
          const t0 = performance.now();
          try {
            const bet = await placeBet(ctx, c, {
              requestId: `b${runId}${++seq}`,
              stake,
              selections: legs.map((l) => ({ selectionId: l.selection.id, odds: l.selection.odds })),
              acceptChangedOdds: true,
            });
            kept.push({
              memberId: c.memberId,
              stake,
              legs: bet.legs.map((l) => ({
                matchId: l.matchId,
                market: l.market,
                lineQuarters: l.lineQuarters,
                pick: l.pick,
                odds: l.odds,
              })),
            });
            placed++;
            if (legs.length > 1) parlays++;
          } catch (err) {
            // Refusals a player can meet: the wallet cannot afford it, or a long parlay would pay too much.
            if (
              err instanceof ApiError &&
              (err.code === SPORTSBOOK_CODE.insufficientBalance ||
                err.code === SPORTSBOOK_CODE.stakeOutOfRange)
            )
              refused++;
            else {
              errors++;
              firstError ??= err instanceof Error ? err.message : String(err);
            }
          }
          latencies.push(performance.now() - t0);
        }
      }),
    );
    return { durationMs: performance.now() - start, latencies, placed, refused, parlays };
  };

  progress(`sportsbook ${driver}: warm-up ${L.warmupS} s × ${L.callers} callers`);
  await phase(L.warmupS);
  progress(`sportsbook ${driver}: measuring ${L.durationS} s × ${L.callers} callers`);
  const measured = await phase(L.durationS);

  // Every match decided (a score from the bench's own dice; one in ten cancelled), then the sweep.
  progress(`sportsbook ${driver}: deciding ${matches.length} matches and settling ${kept.length} bets`);
  const decisions = new Map<string, Decision>();
  for (const m of matches) {
    const series = m.sport === 'tennis' || m.sport === 'esports';
    const d: Decision =
      Math.random() < 0.1
        ? { state: 'cancelled' }
        : series
          ? Math.random() < 0.5
            ? { state: 'ended', home: 2, away: between([0, 1]) }
            : { state: 'ended', home: between([0, 1]), away: 2 }
          : m.sport === 'basketball'
            ? { state: 'ended', home: between([80, 130]), away: between([80, 130]) }
            : { state: 'ended', home: between([0, 4]), away: between([0, 4]) };
    decisions.set(m.id, d);
    await insertDecision(db, m.id, d, 'operator');
  }
  const s0 = performance.now();
  const { settled } = await sweep(ctx);
  const settleMs = performance.now() - s0;

  // The model: each wallet's seed, minus its stakes, plus what each bet pays by the rules.
  const model = new Map<string, number>();
  let house = 0;
  for (const c of callers) model.set(String(c.memberId), L.seedFen);
  for (const b of kept) {
    const results = b.legs.map((l) => ({ odds: l.odds, result: legResult(l, decisions.get(l.matchId)!) }));
    const { payout } = betOutcome(b.stake, results);
    model.set(String(b.memberId), model.get(String(b.memberId))! - b.stake + payout);
    house += b.stake - payout;
  }
  const check = await checkLedger(db);
  const problems = [...check.problems];
  let driftFen = 0;
  const balances = await db.query<{
    member_id: string | number | null;
    kind: string;
    balance: string | number;
  }>(`SELECT member_id, kind, balance FROM ledger_accounts WHERE venue = $1`, [L.venue]);
  for (const r of balances.rows) {
    const want = r.kind === 'house' ? house : (model.get(String(r.member_id)) ?? 0);
    const diff = Number(r.balance) - want;
    if (diff !== 0) {
      driftFen += Math.abs(diff);
      if (problems.length < 20)
        problems.push(`${r.kind} ${r.member_id ?? ''}: database ${r.balance}, model ${want}`);
    }
  }
  if (settled.length !== kept.length)
    problems.push(`${settled.length} bets settled of ${kept.length} placed`);
  const open = await db.query<{ n: number | string }>("SELECT count(*) AS n FROM bets WHERE status = 'open'");
  if (Number(open.rows[0]!.n) !== 0) problems.push(`${open.rows[0]!.n} bets still open`);
  if (errors > 0) problems.push(`${errors} placeBet() calls failed: ${firstError}`);

  return {
    driver,
    where,
    durationMs: measured.durationMs,
    placed: measured.placed,
    refused: measured.refused,
    placedPerSec: (measured.placed * 1000) / measured.durationMs,
    singles: measured.placed - measured.parlays,
    parlays: measured.parlays,
    p50Ms: percentile(measured.latencies, 0.5),
    p99Ms: percentile(measured.latencies, 0.99),
    settled: settled.length,
    settleMs,
    settledPerSec: (settled.length * 1000) / settleMs,
    driftFen,
    problems,
    check: { accounts: check.accounts, transfers: check.transfers, entries: check.entries },
    errors,
    firstError,
  };
}

const failedRun = (driver: SportsbookDriver, where: string, err: unknown): SportsbookRun => ({
  driver,
  where,
  error: err instanceof Error ? (err.stack ?? err.message) : String(err),
  durationMs: 0,
  placed: 0,
  refused: 0,
  placedPerSec: 0,
  singles: 0,
  parlays: 0,
  p50Ms: NaN,
  p99Ms: NaN,
  settled: 0,
  settleMs: 0,
  settledPerSec: 0,
  driftFen: 0,
  problems: [],
  check: { accounts: 0, transfers: 0, entries: 0 },
  errors: 0,
  firstError: null,
});

/** A run fails when it could not finish, drifted, or broke the check: the bench row says FAILED. */
export const sportsbookRunFailed = (r: SportsbookRun) =>
  Boolean(r.error) || r.driftFen !== 0 || r.problems.length > 0;

function hostOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** placeBet() and the settlement under load on in-memory PGlite, and on PostgreSQL when DATABASE_URL is set. */
export async function measureSportsbookLoad(): Promise<SportsbookLoadResult> {
  const runs: SportsbookRun[] = [];
  const memory = 'in-memory PGlite (one connection: transactions queue)';
  progress('sportsbook pglite: opening in-memory PGlite and migrating');
  try {
    const db = await openPglite(undefined);
    try {
      await migrate(db);
      runs.push(await loadRun(db, 'pglite', memory));
    } finally {
      await db.close();
    }
  } catch (err) {
    runs.push(failedRun('pglite', memory, err));
  }
  const url = process.env.DATABASE_URL;
  if (url) {
    const schema = `bench_sportsbook_${randomBytes(4).toString('hex')}`;
    const where = `PostgreSQL ${hostOf(url)}, schema ${schema} (dropped after), pool of 10`;
    progress(`sportsbook pg: schema ${schema} on ${hostOf(url)}`);
    try {
      const db = await openPg(url, schema);
      try {
        await migrate(db);
        runs.push(await loadRun(db, 'pg', where));
      } finally {
        await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch((err: unknown) => {
          progress(`sportsbook pg: could not drop schema ${schema}: ${String(err)}`);
        });
        await db.close();
      }
    } catch (err) {
      runs.push(failedRun('pg', where, err));
    }
  } else {
    progress('sportsbook pg: DATABASE_URL not set, PostgreSQL skipped');
  }
  for (const r of runs) {
    if (sportsbookRunFailed(r))
      progress(
        `sportsbook ${r.driver} FAILED: ${r.error ?? `drift ${r.driftFen} fen; ${r.problems.slice(0, 5).join('; ')}`}`,
      );
  }
  return { settings: SPORTSBOOK_LOAD, runs };
}
