// The live tables (issue 12 §1 "Live casino"; docs/games-zr.md): every ZR venue has the tables of
// VENUE_GAMES.ZR, each dealing a round every ZR_SCHEDULE.periodMs for all the venue's players (shared rounds on
// the server clock, server/modules/casino/rounds.ts). Bets are taken until the round's close, each stake moved
// at once (stakeBet with the round id); the draw (sweep, or the first reader after the close) deals from the
// round's seed and settles every bet of the round in one transaction, so a player who left loses nothing.
import {
  drawZr,
  isZrPick,
  settleMemberBets,
  ZR_LIMITS,
  ZR_PICKS,
  ZR_RTP,
  ZR_SCHEDULE,
  ZR_STAKE_UNIT_FEN,
  type ZrKind,
  type ZrPick,
  type ZrResult,
} from '../../../../src/games-core/zr/table.ts';
import {
  ZR_HISTORY_SIZE,
  ZR_RECENT_SIZE,
  type ZrBetRequest,
  type ZrBetResponse,
  type ZrMyBet,
  type ZrTableInfo,
  type ZrTableResponse,
  type ZrTablesResponse,
} from '../../../../src/games-core/zr/wire.ts';
import { VENUE_GAMES, type GameDef, type SharedRound } from '../../../../src/protocol/games.ts';
import { zrText } from '../../../../src/i18n/zh-CN-games-zr.ts';
import type { Queryable } from '../../../db/db.ts';
import type { GamesCaller, GamesCtx } from '../context.ts';
import { gamesError } from '../errors.ts';
import { betByRequest, stakeBet, type GameBetRow } from '../money.ts';
import {
  closedRounds,
  closesAtOf,
  drawnRounds,
  drawRound,
  ensureRound,
  roundIdOf,
  roundNoAt,
  type RoundRules,
} from '../rounds.ts';
import { balancesOf, gameOf } from '../service.ts';

export const ZR_KINDS: readonly ZrKind[] = ['baccarat', 'dragon-tiger'];
const TABLE_CODES = VENUE_GAMES.ZR.map((g) => g.code);
const kindOfCode = new Map(VENUE_GAMES.ZR.map((g) => [g.code, g.kind as ZrKind] as const));

export function tableInfo(game: GameDef): ZrTableInfo {
  const kind = game.kind as ZrKind;
  return {
    code: game.code,
    name: game.name,
    kind,
    picks: ZR_PICKS[kind].map((pick) => ({
      pick,
      min: ZR_LIMITS[kind][pick]!.min,
      max: ZR_LIMITS[kind][pick]!.max,
      rtp: ZR_RTP[kind][pick]!,
    })),
    periodMs: ZR_SCHEDULE.periodMs,
    bettingMs: ZR_SCHEDULE.bettingMs,
  };
}

/** The pick a bet row was made on (kept in detail.bet.pick). */
const pickOf = (row: GameBetRow): ZrPick => row.detail.bet?.pick as ZrPick;

/** How a table's rounds are drawn and settled (rounds.ts drawRound). */
export function rulesOf(kind: ZrKind): RoundRules<ZrResult> {
  return {
    draw: (fair) => drawZr(kind, fair),
    settle(bet, result, memberBets) {
      const all = settleMemberBets(
        kind,
        result,
        memberBets.map((b) => ({ id: String(b.id), pick: pickOf(b), stake: Number(b.stake) })),
      );
      const s = all.get(String(bet.id))!;
      return {
        payout: s.payout,
        validBet: s.validBet,
        outcome: { pick: pickOf(bet), winner: result.winner },
      };
    },
  };
}

/**
 * A table someone watched or bet at within this long keeps dealing (its round now is made by the sweep), so its
 * history and roads have no gaps while players come and go; a table nobody visited deals nothing.
 */
export const ZR_KEEP_DEALING_MS = 10 * 60_000;

/**
 * Draws every closed round of the live tables (all venues) and settles their bets; opens the round now of every
 * table active within ZR_KEEP_DEALING_MS. Answers the bets settled.
 */
export async function sweepZr(ctx: GamesCtx): Promise<number> {
  const now = ctx.now();
  const ids = await closedRounds(ctx.db, TABLE_CODES, now);
  let settled = 0;
  for (const id of ids) {
    const code = id.split(':')[1]!;
    const kind = kindOfCode.get(code);
    if (kind) settled += await drawRound(ctx, id, rulesOf(kind));
  }
  // Each ZR venue's tables: the last round made (the recent index, one look-up per table).
  const no = roundNoAt(ZR_SCHEDULE, now);
  const { rows: tables } = await ctx.db.query<{ venue: string; game: string; last: string | number | null }>(
    `SELECT v.code AS venue, g.game,
            (SELECT max(r.round_no) FROM game_rounds r WHERE r.venue = v.code AND r.game = g.game) AS last
       FROM venues v CROSS JOIN unnest($1::text[]) AS g(game) WHERE v.platform = 'ZR'`,
    [TABLE_CODES],
  );
  const keep = Math.ceil(ZR_KEEP_DEALING_MS / ZR_SCHEDULE.periodMs);
  for (const t of tables) {
    const last = t.last === null ? null : Number(t.last);
    if (last !== null && last < no && last >= no - keep) await ensureRoundNow(ctx.db, t.venue, t.game, no);
  }
  return settled;
}

/** PostgreSQL's unique_violation SQLSTATE. */
const UNIQUE_VIOLATION = '23505';

/**
 * ensureRound outside a transaction, safe when many create one round at once: its insert names only the id as
 * the conflict target, so a concurrent insert of the same round can meet the (venue, game, round_no) index
 * first and fail with 23505 on PostgreSQL; the row then exists, and the second try finds it.
 */
async function ensureRoundNow(db: Queryable, venue: string, game: string, no: number): Promise<SharedRound> {
  try {
    return await ensureRound(db, venue, game, ZR_SCHEDULE, no);
  } catch (err) {
    if ((err as { code?: string }).code !== UNIQUE_VIOLATION) throw err;
    return ensureRound(db, venue, game, ZR_SCHEDULE, no);
  }
}

/** The round of the clock now (created when nobody has yet; drawn at once if its betting has closed). */
async function roundNow(ctx: GamesCtx, venue: string, game: GameDef): Promise<SharedRound> {
  const no = roundNoAt(ZR_SCHEDULE, ctx.now());
  const round = await ensureRoundNow(ctx.db, venue, game.code, no);
  if (round.status === 'open' && closesAtOf(ZR_SCHEDULE, no) <= ctx.now()) {
    await drawRound(ctx, round.id, rulesOf(game.kind as ZrKind));
    return ensureRoundNow(ctx.db, venue, game.code, no);
  }
  return round;
}

const winnerOf = (r: SharedRound): string => (r.result as ZrResult).winner;

export async function listTables(ctx: GamesCtx, c: GamesCaller): Promise<ZrTablesResponse> {
  const tables = [];
  for (const game of c.games) {
    if (!ZR_KINDS.includes(game.kind as ZrKind)) continue;
    const round = await roundNow(ctx, c.venue.code, game);
    const recent = await drawnRounds(ctx.db, c.venue.code, game.code, ZR_RECENT_SIZE);
    tables.push({ table: tableInfo(game), round, recent: recent.map(winnerOf) });
  }
  return { tables, now: new Date(ctx.now()).toISOString() };
}

function myBet(row: GameBetRow): ZrMyBet {
  return {
    orderNo: row.order_no,
    roundId: row.round_id!,
    pick: pickOf(row),
    stake: Number(row.stake),
    payout: Number(row.payout),
    status: row.status,
  };
}

async function myBets(q: Queryable, c: GamesCaller, roundIds: readonly string[]): Promise<ZrMyBet[]> {
  const { rows } = await q.query<GameBetRow>(
    `SELECT id, order_no, member_id, venue, request_id, game, play, pick, stake, valid_bet, payout, status, detail,
            round_id, seed_id, nonce, placed_at, settled_at
       FROM bets WHERE member_id = $1 AND round_id = ANY($2::text[]) ORDER BY id`,
    [c.memberId, roundIds],
  );
  return rows.map(myBet);
}

export async function tableView(ctx: GamesCtx, c: GamesCaller, code: string): Promise<ZrTableResponse> {
  const game = gameOf(c, code, ZR_KINDS);
  const round = await roundNow(ctx, c.venue.code, game);
  const history = await drawnRounds(ctx.db, c.venue.code, game.code, ZR_HISTORY_SIZE);
  const previous = roundIdOf(c.venue.code, game.code, round.no - 1);
  return {
    table: tableInfo(game),
    round,
    history,
    mine: await myBets(ctx.db, c, [round.id, previous]),
    now: new Date(ctx.now()).toISOString(),
  };
}

/**
 * Bets on the round now (issue 12 §1): refused with 41005 once its countdown ended (or for any other round),
 * 41003 for a pick the table does not offer, a pick twice or a stake not in whole yuan, 41007 outside the
 * table limits (the max counts the player's earlier bets on that pick of the round), 41002 when the venue
 * wallet cannot afford them all (nothing is written). A repeated request id answers its first bets.
 */
export async function placeBets(
  ctx: GamesCtx,
  c: GamesCaller,
  req: ZrBetRequest,
  withStakeFn: <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T>,
): Promise<ZrBetResponse> {
  const game = gameOf(c, req.game, ZR_KINDS);
  const kind = game.kind as ZrKind;
  const ids = req.bets.map((_, i) => `${req.requestId}-${i}`);
  const fingerprint = (i: number) =>
    `${req.roundId}|${req.bets[i]!.pick}|${req.bets[i]!.stake}|${req.bets.length}`;
  const stakeAll = async (tx: Queryable) => {
    for (const [i, b] of req.bets.entries())
      await stakeBet(tx, c, {
        requestId: ids[i]!,
        game: game.name,
        play: zrText.play[kind],
        pick: zrText.picks[b.pick],
        stake: b.stake,
        code: game.code,
        roundId: req.roundId,
        detail: { pick: b.pick, kind },
        fingerprint: fingerprint(i),
      });
  };
  // The round's row, made before the bet's transaction (many bettors may make it at once: ensureRoundNow).
  const current = roundNoAt(ZR_SCHEDULE, ctx.now());
  if (req.roundId === roundIdOf(c.venue.code, game.code, current))
    await ensureRoundNow(ctx.db, c.venue.code, game.code, current);
  await withStakeFn(async (tx) => {
    // A retry of bets already taken answers them (even after the close); stakeBet checks each is the same.
    if (await betByRequest(tx, c.memberId, ids[0]!)) return stakeAll(tx);

    const picks = new Set<string>();
    for (const b of req.bets) {
      if (!isZrPick(kind, b.pick) || picks.has(b.pick) || b.stake % ZR_STAKE_UNIT_FEN !== 0)
        throw gamesError('invalidBet');
      picks.add(b.pick);
    }
    const now = ctx.now();
    const no = roundNoAt(ZR_SCHEDULE, now);
    if (req.roundId !== roundIdOf(c.venue.code, game.code, no)) {
      const mine = req.roundId.startsWith(`${c.venue.code}:${game.code}:`);
      throw gamesError(mine ? 'bettingClosed' : 'notFound');
    }
    if (closesAtOf(ZR_SCHEDULE, no) <= now) throw gamesError('bettingClosed');
    // Shares the round's row with the other bettors; the draw (FOR UPDATE) waits for this bet, or this bet
    // sees the round drawn: a bet is never left open on a drawn round.
    const { rows } = await tx.query<{ status: string }>(
      'SELECT status FROM game_rounds WHERE id = $1 FOR SHARE',
      [req.roundId],
    );
    if (rows[0]?.status !== 'open') throw gamesError('bettingClosed');
    // One member's bets on one round one at a time (the limits count the earlier ones).
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`zr:${c.memberId}:${req.roundId}`]);
    const { rows: earlier } = await tx.query<{ pick: string; total: string | number }>(
      `SELECT detail->'bet'->>'pick' AS pick, sum(stake) AS total FROM bets
        WHERE member_id = $1 AND round_id = $2 GROUP BY 1`,
      [c.memberId, req.roundId],
    );
    const before = new Map(earlier.map((r) => [r.pick, Number(r.total)]));
    for (const b of req.bets) {
      const limit = ZR_LIMITS[kind][b.pick]!;
      if (b.stake < limit.min || (before.get(b.pick) ?? 0) + b.stake > limit.max)
        throw gamesError('stakeOutOfRange', { min: limit.min, max: limit.max });
    }
    return stakeAll(tx);
  });
  const [mine, { balance }] = await Promise.all([myBets(ctx.db, c, [req.roundId]), balancesOf(ctx.db, c)]);
  return { mine, balance };
}
