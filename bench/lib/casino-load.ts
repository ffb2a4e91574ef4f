// The live casino under load (issue 12 §4 "npm run bench: rounds settled per second for a live table with
// 1,000 bettors, with 0 drift"): one 百家乐 table of a ZR venue, 1,000 members each betting on every round through
// the category's own placeBets() (one transaction per request with its ledger stakes, CASINO_LOAD.callers at
// once), then the round closed on the bench's clock and drawn by the category's sweep (every bet of the round
// settled in one transaction). Measured: the draws (rounds settled per second, and bets settled per second),
// and the bets placed per second. Then the ledger check and an independent model of every wallet (each bet paid
// by the pay table from the drawn result): the drift must be 0. PGlite always; PostgreSQL when DATABASE_URL is set.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../server/db/db.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openPg } from '../../server/db/pg-driver.ts';
import { openPglite } from '../../server/db/pglite-driver.ts';
import type { GamesCaller, GamesCtx } from '../../server/modules/casino/context.ts';
import { opensAtOf, roundIdOf, roundNoAt } from '../../server/modules/casino/rounds.ts';
import { withStake } from '../../server/modules/casino/service.ts';
import { placeBets, sweepZr } from '../../server/modules/casino/zr/service.ts';
import { checkLedger, transfer } from '../../server/modules/ledger/ledger.ts';
import { settleMemberBets, ZR_SCHEDULE, type ZrPick, type ZrResult } from '../../src/games-core/zr/table.ts';
import { VENUE_GAMES } from '../../src/protocol/games.ts';
import { progress } from './processes.ts';
import type { Row } from './table.ts';

export const CASINO_LOAD = {
  bettors: 1_000,
  venue: 'AGZR',
  table: 'baccarat-1',
  /** Rounds measured (each: 1,000 bets placed, then one draw settling them all). */
  rounds: 3,
  /** Concurrent callers of placeBets() (the pg pool has 10 connections, as the server's). */
  callers: 16,
  seedFen: 10_000_000,
  /** Stakes, whole yuan in fen: 10–2,000 yuan. */
  stakeYuan: [10, 2_000],
} as const;

export type CasinoDriver = 'pglite' | 'pg';

export interface CasinoRun {
  driver: CasinoDriver;
  where: string;
  error?: string;
  rounds: number;
  betsPlaced: number;
  placeMs: number;
  placedPerSec: number;
  betsSettled: number;
  /** Time spent in the draws (the sweep), all rounds. */
  drawMs: number;
  roundsPerSec: number;
  betsSettledPerSec: number;
  driftFen: number;
  problems: string[];
  check: { accounts: number; transfers: number; entries: number };
}

export interface CasinoLoadResult {
  settings: typeof CASINO_LOAD;
  runs: CasinoRun[];
}

const PICKS: readonly ZrPick[] = ['banker', 'player', 'tie', 'banker-pair', 'player-pair'];
const between = ([lo, hi]: readonly [number, number]) => lo + Math.floor(Math.random() * (hi - lo + 1));

async function loadRun(db: Db, driver: CasinoDriver, where: string): Promise<CasinoRun> {
  const L = CASINO_LOAD;
  const runId = randomBytes(3).toString('hex');
  await db.query(
    `INSERT INTO venues (code, platform, name, provider) VALUES ($1, 'ZR', 'AG 真人', 'two') ON CONFLICT (code) DO NOTHING`,
    [L.venue],
  );
  const { rows } = await db.query<{ id: number | string }>(
    `INSERT INTO members (phone, password_hash, invite_code)
     SELECT '(86)196' || lpad(n::text, 8, '0'), 'none', $2::text || n FROM generate_series(1, $1::int) AS n RETURNING id`,
    [L.bettors, `Z${runId}`],
  );
  const venue = { code: L.venue, name: 'AG 真人', platform: 'ZR' as const, provider: 'two' as const };
  const callers: GamesCaller[] = rows.map((r) => ({
    memberId: Number(r.id),
    venue,
    token: 'bench',
    since: new Date(),
    game: null,
    games: VENUE_GAMES.ZR,
  }));
  for (const c of callers)
    await transfer(db, {
      id: `bench-zr:${runId}:seed:${c.memberId}`,
      from: { kind: 'cash_in' },
      to: { memberId: c.memberId, kind: 'venue', venue: L.venue },
      amount: L.seedFen,
      kind: 'deposit',
    });
  progress(`casino ${driver}: ${callers.length} bettors funded`);

  // The bench's clock: a round far from the real one (the rows are the bench's own).
  let clock = opensAtOf(ZR_SCHEDULE, roundNoAt(ZR_SCHEDULE, Date.now()) + 100_000) + 1_000;
  const ctx: GamesCtx = { db, now: () => clock };
  const model = new Map<number, number>(callers.map((c) => [c.memberId, L.seedFen]));
  let house = 0;
  let betsPlaced = 0;
  let betsSettled = 0;
  let placeMs = 0;
  let drawMs = 0;
  const problems: string[] = [];
  let seq = 0;

  for (let r = 0; r < L.rounds; r++) {
    const no = roundNoAt(ZR_SCHEDULE, clock);
    const roundId = roundIdOf(L.venue, L.table, no);
    const kept: Array<{ memberId: number; pick: ZrPick; stake: number }> = [];
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: L.callers }, async () => {
        while (next < callers.length) {
          const c = callers[next++]!;
          const pick = PICKS[Math.floor(Math.random() * PICKS.length)]!;
          const stake = between(pick === 'banker' || pick === 'player' ? L.stakeYuan : [10, 1_000]) * 100;
          await placeBets(
            ctx,
            c,
            { game: L.table, roundId, requestId: `zb${runId}${++seq}x`, bets: [{ pick, stake }] },
            (fn) => withStake(ctx, c, fn),
          );
          kept.push({ memberId: c.memberId, pick, stake });
        }
      }),
    );
    placeMs += performance.now() - t0;
    betsPlaced += kept.length;

    clock = opensAtOf(ZR_SCHEDULE, no) + ZR_SCHEDULE.bettingMs;
    const d0 = performance.now();
    const settled = await sweepZr(ctx);
    drawMs += performance.now() - d0;
    betsSettled += settled;
    if (settled !== kept.length) problems.push(`round ${no}: ${settled} bets settled of ${kept.length}`);
    progress(`casino ${driver}: round ${r + 1}/${L.rounds}: ${kept.length} bets, drawn and settled`);

    const { rows: drawn } = await db.query<{ result: ZrResult }>(
      'SELECT result FROM game_rounds WHERE id = $1',
      [roundId],
    );
    const result = drawn[0]!.result;
    for (const [i, b] of kept.entries()) {
      const s = settleMemberBets('baccarat', result, [{ id: String(i), pick: b.pick, stake: b.stake }]).get(
        String(i),
      )!;
      model.set(b.memberId, model.get(b.memberId)! - b.stake + s.payout);
      house += b.stake - s.payout;
    }
    clock = opensAtOf(ZR_SCHEDULE, no + 1) + 1_000;
  }

  const check = await checkLedger(db);
  problems.push(...check.problems);
  let driftFen = 0;
  const balances = await db.query<{
    member_id: string | number | null;
    kind: string;
    balance: string | number;
  }>('SELECT member_id, kind, balance FROM ledger_accounts WHERE venue = $1', [L.venue]);
  for (const r of balances.rows) {
    const want = r.kind === 'house' ? house : (model.get(Number(r.member_id)) ?? 0);
    const diff = Number(r.balance) - want;
    if (diff !== 0) {
      driftFen += Math.abs(diff);
      if (problems.length < 20)
        problems.push(`${r.kind} ${r.member_id ?? ''}: database ${r.balance}, model ${want}`);
    }
  }
  const open = await db.query<{ n: number | string }>(
    "SELECT count(*) AS n FROM bets WHERE status = 'open' AND round_id IS NOT NULL",
  );
  if (Number(open.rows[0]!.n) !== 0) problems.push(`${open.rows[0]!.n} bets still open`);

  return {
    driver,
    where,
    rounds: L.rounds,
    betsPlaced,
    placeMs,
    placedPerSec: (betsPlaced * 1000) / placeMs,
    betsSettled,
    drawMs,
    roundsPerSec: (L.rounds * 1000) / drawMs,
    betsSettledPerSec: (betsSettled * 1000) / drawMs,
    driftFen,
    problems,
    check: { accounts: check.accounts, transfers: check.transfers, entries: check.entries },
  };
}

const failedRun = (driver: CasinoDriver, where: string, err: unknown): CasinoRun => ({
  driver,
  where,
  error: err instanceof Error ? (err.stack ?? err.message) : String(err),
  rounds: 0,
  betsPlaced: 0,
  placeMs: 0,
  placedPerSec: 0,
  betsSettled: 0,
  drawMs: 0,
  roundsPerSec: 0,
  betsSettledPerSec: 0,
  driftFen: 0,
  problems: [],
  check: { accounts: 0, transfers: 0, entries: 0 },
});

/** A run fails when it could not finish, drifted, or broke the check. */
export const casinoRunFailed = (r: CasinoRun) =>
  Boolean(r.error) || r.driftFen !== 0 || r.problems.length > 0;

function hostOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** A live table with 1,000 bettors on in-memory PGlite, and on PostgreSQL when DATABASE_URL is set. */
export async function measureCasinoLoad(): Promise<CasinoLoadResult> {
  const runs: CasinoRun[] = [];
  const memory = 'in-memory PGlite (one connection: transactions queue)';
  progress('casino pglite: opening in-memory PGlite and migrating');
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
    const schema = `bench_casino_${randomBytes(4).toString('hex')}`;
    const where = `PostgreSQL ${hostOf(url)}, schema ${schema} (dropped after), pool of 10`;
    progress(`casino pg: schema ${schema} on ${hostOf(url)}`);
    try {
      const db = await openPg(url, schema);
      try {
        await migrate(db);
        runs.push(await loadRun(db, 'pg', where));
      } finally {
        await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch((err: unknown) => {
          progress(`casino pg: could not drop schema ${schema}: ${String(err)}`);
        });
        await db.close();
      }
    } catch (err) {
      runs.push(failedRun('pg', where, err));
    }
  } else progress('casino pg: DATABASE_URL not set, PostgreSQL skipped');
  for (const r of runs)
    if (casinoRunFailed(r))
      progress(
        `casino ${r.driver} FAILED: ${r.error ?? `drift ${r.driftFen} fen; ${r.problems.slice(0, 5).join('; ')}`}`,
      );
  return { settings: CASINO_LOAD, runs };
}

/** The bench table's rows for a result (bench/run.ts adds them). */
export function casinoRows(r: CasinoLoadResult): Row[] {
  const s = r.settings;
  const out: Row[] = [];
  for (const run of r.runs) {
    const db = run.driver === 'pg' ? 'PostgreSQL' : 'PGlite';
    if (run.error) {
      out.push({
        metric: `live table rounds/s (${db})`,
        value: 'FAILED',
        unit: '',
        note: run.error.split('\n')[0]!,
      });
      continue;
    }
    out.push(
      {
        metric: `live table rounds/s (${db})`,
        value: (Math.round(run.roundsPerSec * 100) / 100).toFixed(2),
        unit: 'rounds/s',
        note:
          `${s.table} at ${s.venue} with ${s.bettors.toLocaleString('en-US')} bettors: each draw deals from the round's ` +
          `seed and settles every bet of the round in one transaction (${run.betsSettled.toLocaleString('en-US')} bets ` +
          `over ${run.rounds} rounds, ${Math.round(run.betsSettledPerSec)} bets settled/s); bets placed through ` +
          `placeBets() by ${s.callers} callers at ${Math.round(run.placedPerSec)}/s; ${run.where}`,
      },
      {
        metric: `live table drift (${db})`,
        value: casinoRunFailed(run) ? 'FAILED' : String(run.driftFen),
        unit: 'fen',
        note: casinoRunFailed(run)
          ? `drift ${run.driftFen} fen; ${run.problems.slice(0, 3).join('; ')}`
          : `checkLedger ok (${run.check.transfers.toLocaleString('en-US')} transfers); every wallet and the house = ` +
            "the bench's model (seed − stakes + payouts by the pay table from the drawn result)",
      },
    );
  }
  return out;
}
