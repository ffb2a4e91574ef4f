// Shared rounds (issue 12 §1: live tables, lotteries; docs/games.md "Shared rounds"): a game's rounds follow a
// server clock, the same for every player and every node: round n opens at EPOCH + n × periodMs and takes bets
// for bettingMs. A round's row (migration 016 game_rounds) is created by whoever needs it first (a page reading
// the table, a bet, the sweep) with a fresh server seed; its hash is public from then on. At close the sweep (or
// any reader, lazily) draws it ONCE: the result from the seed, the seed revealed, and every open bet of the round
// settled, all in one transaction.
import type { FairInput } from '../../../src/games-core/fair.ts';
import { seedHashOf } from '../../../src/games-core/fair.ts';
import type { SharedRound } from '../../../src/protocol/games.ts';
import type { Queryable } from '../../db/db.ts';
import type { GamesCtx } from './context.ts';
import { newServerSeed } from './fair.ts';
import { GAME_BET_COLUMNS, settleGameBets, type GameBetRow, type Settlement } from './money.ts';

/** The schedules' common origin: 2026-01-01T00:00:00+08:00 (China time midnight). */
export const ROUND_EPOCH_MS = Date.UTC(2025, 11, 31, 16, 0, 0);

export interface Schedule {
  /** A round every periodMs. */
  periodMs: number;
  /** Bets taken for the first bettingMs of the period (≤ periodMs). */
  bettingMs: number;
}

/** The number of the round whose period contains t. */
export const roundNoAt = (s: Schedule, t: number): number => Math.floor((t - ROUND_EPOCH_MS) / s.periodMs);
export const opensAtOf = (s: Schedule, no: number): number => ROUND_EPOCH_MS + no * s.periodMs;
export const closesAtOf = (s: Schedule, no: number): number => opensAtOf(s, no) + s.bettingMs;

/** A round's id: `${venue}:${game}:${no}` (also its client seed in the fair stream). */
export const roundIdOf = (venue: string, game: string, no: number): string => `${venue}:${game}:${no}`;

interface RoundRow {
  id: string;
  venue: string;
  game: string;
  round_no: string | number;
  server_seed: string;
  seed_hash: string;
  opens_at: Date | string;
  closes_at: Date | string;
  status: 'open' | 'drawn';
  result: unknown;
}
const ROUND_COLUMNS =
  'id, venue, game, round_no, server_seed, seed_hash, opens_at, closes_at, status, result';

export function toSharedRound(r: RoundRow): SharedRound {
  const drawn = r.status === 'drawn';
  return {
    id: r.id,
    game: r.game,
    no: Number(r.round_no),
    opensAt: new Date(r.opens_at).toISOString(),
    closesAt: new Date(r.closes_at).toISOString(),
    seedHash: r.seed_hash,
    serverSeed: drawn ? r.server_seed : null,
    status: r.status,
    result: drawn ? r.result : null,
  };
}

/** The round (created with a fresh seed when nobody has yet). */
export async function ensureRound(
  q: Queryable,
  venue: string,
  game: string,
  s: Schedule,
  no: number,
): Promise<SharedRound> {
  const id = roundIdOf(venue, game, no);
  const seed = newServerSeed();
  await q.query(
    `INSERT INTO game_rounds (id, venue, game, round_no, server_seed, seed_hash, opens_at, closes_at)
     VALUES ($1, $2, $3, $4, $5, $6, to_timestamp($7::double precision / 1000), to_timestamp($8::double precision / 1000))
     ON CONFLICT DO NOTHING`,
    [id, venue, game, no, seed, seedHashOf(seed), opensAtOf(s, no), closesAtOf(s, no)],
  );
  const { rows } = await q.query<RoundRow>(`SELECT ${ROUND_COLUMNS} FROM game_rounds WHERE id = $1`, [id]);
  return toSharedRound(rows[0]!);
}

/** The last `count` drawn rounds of a game, newest first (history, roads). */
export async function drawnRounds(
  q: Queryable,
  venue: string,
  game: string,
  count: number,
): Promise<SharedRound[]> {
  const { rows } = await q.query<RoundRow>(
    `SELECT ${ROUND_COLUMNS} FROM game_rounds WHERE venue = $1 AND game = $2 AND status = 'drawn'
      ORDER BY round_no DESC LIMIT $3`,
    [venue, game, count],
  );
  return rows.map(toSharedRound);
}

/** How a game draws a round and settles a bet of it. */
export interface RoundRules<R> {
  /** The result from the round's randomness (games-core: the same code the verify view runs). */
  draw(fair: FairInput): R;
  /** One open bet of the round, settled against the result. `bets` are all the round's open bets of that member. */
  settle(bet: GameBetRow, result: R, memberBets: readonly GameBetRow[]): Settlement;
}

/**
 * Draws a closed round once and settles its open bets, in one transaction. Answers the number of bets settled
 * (0 when it was drawn already: another node or an earlier sweep got there).
 */
export async function drawRound<R>(ctx: GamesCtx, id: string, rules: RoundRules<R>): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<RoundRow>(
      `SELECT ${ROUND_COLUMNS} FROM game_rounds WHERE id = $1 AND status = 'open' FOR UPDATE`,
      [id],
    );
    const round = rows[0];
    if (!round) return 0;
    if (new Date(round.closes_at).getTime() > ctx.now()) return 0;
    const result = rules.draw({ serverSeed: round.server_seed, clientSeed: round.id, nonce: 0 });
    await tx.query(
      "UPDATE game_rounds SET status = 'drawn', result = $2::jsonb, drawn_at = now() WHERE id = $1",
      [id, JSON.stringify(result)],
    );
    const { rows: bets } = await tx.query<GameBetRow>(
      `SELECT ${GAME_BET_COLUMNS} FROM bets WHERE round_id = $1 AND status = 'open' ORDER BY id`,
      [id],
    );
    const byMember = new Map<string, GameBetRow[]>();
    for (const b of bets) {
      const key = String(b.member_id);
      byMember.set(key, [...(byMember.get(key) ?? []), b]);
    }
    // Every bet of the round in three statements (settleGameBets), not three per bet: a table of a thousand
    // bettors draws in one short transaction (npm run bench, "live table rounds/s").
    const settled = await settleGameBets(
      tx,
      bets.map((b) => ({ bet: b, settlement: rules.settle(b, result, byMember.get(String(b.member_id))!) })),
    );
    return settled.length;
  });
}

/** The open rounds of some games whose betting has closed by now (the sweep draws them). */
export async function closedRounds(q: Queryable, games: readonly string[], now: number): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `SELECT id FROM game_rounds WHERE status = 'open' AND game = ANY($1::text[])
        AND closes_at <= to_timestamp($2::double precision / 1000)
      ORDER BY closes_at LIMIT 500`,
    [games, now],
  );
  return rows.map((r) => r.id);
}
