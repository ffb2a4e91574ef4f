// The ledger under load (issue 9 §6): the ledger's own transfer() called by N concurrent callers over many
// member accounts (deposits into central wallets, central ↔ venue transfers both ways, some refused as
// insufficient), then the reconciliation check and an independent model of every balance: the drift must be 0.
// On in-memory PGlite always; on PostgreSQL when DATABASE_URL is set (a fresh schema, dropped after).
import { randomBytes } from 'node:crypto';
import type { Db } from '../../server/db/db.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openPg } from '../../server/db/pg-driver.ts';
import { openPglite } from '../../server/db/pglite-driver.ts';
import {
  checkLedger,
  LedgerError,
  transfer,
  type AccountRef,
  type TransferRequest,
} from '../../server/modules/ledger/ledger.ts';
import { readBalanceEvents, STREAM_CHANNEL } from '../../server/stream/channels.ts';
import { progress } from './processes.ts';

export const LEDGER_LOAD = {
  /** Members, each with a central wallet and one wallet per venue. */
  members: 1_000,
  venues: ['BENCH_QP', 'BENCH_DZ', 'BENCH_TY'],
  /** Concurrent callers of transfer() (the pg pool has 10 connections, as the server's). */
  callers: 16,
  /** Every member's first deposit before the clock starts, fen. */
  seedFen: 100_000,
  warmupS: 2,
  durationS: 10,
  /** Shares of the measured mix; the rest is venue → central (a deposit or a move in when a wallet is empty). */
  mix: { deposit: 0.2, toVenue: 0.4 },
  /** Amounts, fen: deposits 10.00–500.00 yuan; a transfer up to 800.00 yuan and what the wallet holds. */
  depositFen: [1_000, 50_000],
  transferMaxFen: 80_000,
  /** Share of transfers that ask for more than the wallet holds (refused: insufficient). */
  overdraw: 0.05,
  targets: { pglite: 1_000, pg: 3_000 },
} as const;

export type LedgerDriver = 'pglite' | 'pg';

export interface LedgerLatency {
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface LedgerRun {
  driver: LedgerDriver;
  /** What the run stood on (in-memory PGlite, or the PostgreSQL server and schema). */
  where: string;
  /** Set when the run could not finish; the other fields are then zero. */
  error?: string;
  seedMs: number;
  /** Measured phase only. */
  durationMs: number;
  /** CPU time of the bench process in the measured phase (in-memory PGlite runs in it; PostgreSQL does not). */
  cpuMs: number;
  posted: number;
  refused: number;
  postedPerSec: number;
  byKind: { deposit: number; transfer_in: number; transfer_out: number };
  /** Every transfer() call of the measured phase, posted or refused. */
  latency: LedgerLatency;
  /** Σ |database balance − model balance| over every account, fen (the model sums the posted transfers). */
  driftFen: number;
  /** checkLedger's problems, then the model's disagreements: empty when the ledger reconciles. */
  problems: string[];
  check: { accounts: number; transfers: number; entries: number };
  /** Balance pushes (msgId 20002) heard on the database channel, of the posted transfers (one each). */
  pushesHeard: number;
  pushesExpected: number;
  /** Calls that threw anything but an `insufficient` refusal. */
  errors: number;
  firstError: string | null;
}

export interface LedgerLoadResult {
  settings: typeof LEDGER_LOAD;
  runs: LedgerRun[];
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function percentiles(xs: number[]): LedgerLatency {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => (s.length ? s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]! : NaN);
  return { samples: s.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: s.length ? s[s.length - 1]! : NaN };
}

const between = ([lo, hi]: readonly [number, number]) => lo + Math.floor(Math.random() * (hi - lo + 1));

const keyOf = (ref: AccountRef): string =>
  'memberId' in ref
    ? `${ref.kind}:${ref.memberId}:${'venue' in ref ? ref.venue : ''}`
    : `${ref.kind}::${'venue' in ref ? ref.venue : ''}`;

/** Members, venues and every account they use, written straight into the tables (all empty: no entries). */
async function seedTables(db: Db, runId: string): Promise<number[]> {
  const L = LEDGER_LOAD;
  await db.query(
    `INSERT INTO venues (code, platform, name, provider, status)
     SELECT code, 'QP', code, 'one', 'open' FROM unnest($1::text[]) AS code`,
    [L.venues],
  );
  const { rows } = await db.query<{ id: number | string }>(
    `INSERT INTO members (phone, password_hash, invite_code)
     SELECT '(86)199' || lpad(n::text, 8, '0'), 'none', $2::text || n FROM generate_series(1, $1::int) AS n
     RETURNING id`,
    [L.members, `B${runId}`],
  );
  const ids = rows.map((r) => Number(r.id));
  await db.query(
    `INSERT INTO ledger_accounts (member_id, kind, venue)
     SELECT m, 'central', NULL FROM unnest($1::bigint[]) AS m
     UNION ALL SELECT m, 'venue', v FROM unnest($1::bigint[]) AS m, unnest($2::text[]) AS v
     UNION ALL SELECT NULL, 'cash_in', NULL`,
    [ids, L.venues],
  );
  return ids;
}

/** One measured run on an open, migrated, empty database. */
async function loadRun(db: Db, driver: LedgerDriver, where: string): Promise<LedgerRun> {
  const L = LEDGER_LOAD;
  const runId = randomBytes(3).toString('hex');
  const members = await seedTables(db, runId);
  const model = new Map<string, number>();
  const apply = (req: TransferRequest) => {
    model.set(keyOf(req.from), (model.get(keyOf(req.from)) ?? 0) - req.amount);
    model.set(keyOf(req.to), (model.get(keyOf(req.to)) ?? 0) + req.amount);
  };
  let pushesHeard = 0;
  const unlisten = await db.listen(STREAM_CHANNEL.balance, (p) => {
    pushesHeard += readBalanceEvents(p).length;
  });
  let seq = 0;
  let errors = 0;
  let firstError: string | null = null;
  let postedAll = 0;

  /** Calls transfer(); answers whether it posted (an insufficient refusal is a normal answer). */
  const call = async (req: TransferRequest): Promise<boolean> => {
    try {
      await transfer(db, req);
      apply(req);
      postedAll++;
      return true;
    } catch (err) {
      if (err instanceof LedgerError && err.refusal === 'insufficient') return false;
      errors++;
      firstError ??= err instanceof Error ? err.message : String(err);
      return false;
    }
  };

  // Every member's first deposit, before the clock starts.
  const seedStart = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: L.callers }, async () => {
      while (next < members.length) {
        const m = members[next++]!;
        await call({
          id: `bench:${runId}:seed:${m}`,
          from: { kind: 'cash_in' },
          to: { memberId: m, kind: 'central' },
          amount: L.seedFen,
          kind: 'deposit',
        });
      }
    }),
  );
  const seedMs = performance.now() - seedStart;
  progress(`ledger ${driver}: ${members.length} members seeded in ${(seedMs / 1000).toFixed(1)} s`);

  const has = (ref: AccountRef) => model.get(keyOf(ref)) ?? 0;
  /** A player moves part of what the wallet holds (as the model last knew it); a few ask for too much. */
  const amountFrom = (ref: AccountRef) =>
    Math.random() < L.overdraw
      ? has(ref) + between([1, 10_000])
      : between([1, Math.max(1, Math.min(has(ref), L.transferMaxFen))]);
  const pick = (): TransferRequest => {
    const m = members[Math.floor(Math.random() * members.length)]!;
    const central: AccountRef = { memberId: m, kind: 'central' };
    const walletOf = (venue: string): AccountRef => ({ memberId: m, kind: 'venue', venue });
    const anyOf = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;
    const id = `bench:${runId}:${++seq}`;
    const r = Math.random();
    // Nobody moves money out of an empty wallet: money comes back from a venue wallet that holds some; with
    // none, the player moves money in; with an empty central wallet, the player deposits.
    const holding = L.venues.filter((v) => has(walletOf(v)) > 0);
    if (r >= L.mix.deposit + L.mix.toVenue && holding.length > 0) {
      const wallet = walletOf(anyOf(holding));
      return { id, from: wallet, to: central, amount: amountFrom(wallet), kind: 'transfer_out' };
    }
    if (r >= L.mix.deposit && has(central) > 0) {
      const wallet = walletOf(anyOf(L.venues));
      return { id, from: central, to: wallet, amount: amountFrom(central), kind: 'transfer_in' };
    }
    return { id, from: { kind: 'cash_in' }, to: central, amount: between(L.depositFen), kind: 'deposit' };
  };

  const phase = async (seconds: number) => {
    const latencies: number[] = [];
    const byKind = { deposit: 0, transfer_in: 0, transfer_out: 0 };
    let posted = 0;
    let refused = 0;
    const cpu = process.cpuUsage();
    const start = performance.now();
    const end = start + seconds * 1000;
    await Promise.all(
      Array.from({ length: L.callers }, async () => {
        while (performance.now() < end) {
          const req = pick();
          const t0 = performance.now();
          const ok = await call(req);
          latencies.push(performance.now() - t0);
          if (ok) {
            posted++;
            byKind[req.kind as keyof typeof byKind]++;
          } else refused++;
        }
      }),
    );
    const used = process.cpuUsage(cpu);
    return {
      durationMs: performance.now() - start,
      cpuMs: (used.user + used.system) / 1000,
      latencies,
      byKind,
      posted,
      refused,
    };
  };

  progress(`ledger ${driver}: warm-up ${L.warmupS} s × ${L.callers} callers`);
  await phase(L.warmupS);
  progress(`ledger ${driver}: measuring ${L.durationS} s × ${L.callers} callers`);
  const measured = await phase(L.durationS);

  // The reconciliation check, then every account against the model of the posted transfers.
  progress(`ledger ${driver}: checkLedger and the balance model`);
  const check = await checkLedger(db);
  const problems = [...check.problems];
  const { rows } = await db.query<{
    member_id: number | string | null;
    kind: string;
    venue: string | null;
    balance: number | string;
  }>('SELECT member_id, kind, venue, balance FROM ledger_accounts');
  let driftFen = 0;
  const seen = new Set<string>();
  for (const r of rows) {
    const key = `${r.kind}:${r.member_id ?? ''}:${r.venue ?? ''}`;
    seen.add(key);
    const diff = Number(r.balance) - (model.get(key) ?? 0);
    if (diff !== 0) {
      driftFen += Math.abs(diff);
      if (problems.length < 20) problems.push(`${key}: database ${r.balance}, model ${model.get(key) ?? 0}`);
    }
  }
  for (const [key, fen] of model) {
    if (!seen.has(key) && fen !== 0) {
      driftFen += Math.abs(fen);
      problems.push(`${key}: no account in the database, model ${fen}`);
    }
  }
  if (check.transfers !== postedAll)
    problems.push(
      `${check.transfers} transfers stored, ${postedAll} posted (refused ones must store nothing)`,
    );
  if (errors > 0) problems.push(`${errors} transfer() calls failed: ${firstError}`);

  // Pushes go out on commit; give the last ones a moment to arrive.
  for (let i = 0; i < 50 && pushesHeard < postedAll; i++) await sleep(20);
  await unlisten();

  const durationMs = measured.durationMs;
  return {
    driver,
    where,
    seedMs,
    durationMs,
    cpuMs: measured.cpuMs,
    posted: measured.posted,
    refused: measured.refused,
    postedPerSec: (measured.posted * 1000) / durationMs,
    byKind: measured.byKind,
    latency: percentiles(measured.latencies),
    driftFen,
    problems,
    check: { accounts: check.accounts, transfers: check.transfers, entries: check.entries },
    pushesHeard,
    pushesExpected: postedAll,
    errors,
    firstError,
  };
}

const failedRun = (driver: LedgerDriver, where: string, err: unknown): LedgerRun => ({
  driver,
  where,
  error: err instanceof Error ? (err.stack ?? err.message) : String(err),
  seedMs: 0,
  durationMs: 0,
  cpuMs: 0,
  posted: 0,
  refused: 0,
  postedPerSec: 0,
  byKind: { deposit: 0, transfer_in: 0, transfer_out: 0 },
  latency: { samples: 0, p50Ms: NaN, p99Ms: NaN, maxMs: NaN },
  driftFen: 0,
  problems: [],
  check: { accounts: 0, transfers: 0, entries: 0 },
  pushesHeard: 0,
  pushesExpected: 0,
  errors: 0,
  firstError: null,
});

/** The host and port of a database URL, without the user or password. */
function hostOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** A run fails when it could not finish, drifted, or broke the check: the bench row says FAILED. */
export const ledgerRunFailed = (r: LedgerRun) =>
  Boolean(r.error) || r.driftFen !== 0 || r.problems.length > 0;

/** transfer() under load on in-memory PGlite, and on PostgreSQL when DATABASE_URL is set. */
export async function measureLedgerLoad(): Promise<LedgerLoadResult> {
  const runs: LedgerRun[] = [];

  const memory = 'in-memory PGlite (one connection: transactions queue)';
  progress('ledger pglite: opening in-memory PGlite and migrating');
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
    const schema = `bench_ledger_${randomBytes(4).toString('hex')}`;
    const where = `PostgreSQL ${hostOf(url)}, schema ${schema} (dropped after), pool of 10`;
    progress(`ledger pg: schema ${schema} on ${hostOf(url)}`);
    try {
      const db = await openPg(url, schema);
      try {
        await migrate(db);
        runs.push(await loadRun(db, 'pg', where));
      } finally {
        await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch((err: unknown) => {
          progress(`ledger pg: could not drop schema ${schema}: ${String(err)}`);
        });
        await db.close();
      }
    } catch (err) {
      runs.push(failedRun('pg', where, err));
    }
  } else {
    progress('ledger pg: DATABASE_URL not set, PostgreSQL skipped');
  }

  for (const r of runs) {
    if (ledgerRunFailed(r))
      progress(
        `ledger ${r.driver} FAILED: ${r.error ?? `drift ${r.driftFen} fen; ${r.problems.slice(0, 5).join('; ')}`}`,
      );
  }
  return { settings: LEDGER_LOAD, runs };
}
