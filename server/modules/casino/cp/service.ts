// The lotteries on the server (issue 12 §1 "Lottery (CP)"; docs/games-cp.md): each CP venue's 快三 and 时时彩
// periods are shared rounds (../rounds.ts) on the server clock. A ticket stakes its picks (one bet each, its own
// request id) on the open period in one transaction; at the close the period is drawn from its committed seed and
// every ticket of it settled in the draw's transaction, by the sweep or by the first reader after the close.
import type { FairInput } from '../../../../src/games-core/fair.ts';
import {
  LOTTERY_SCHEDULES,
  periodClosesAt,
  periodEndsAt,
  periodLabel,
  periodNoAt,
  type LotteryKind,
} from '../../../../src/games-core/cp/periods.ts';
import {
  engineOf,
  LOTTERY_MAX_PICKS,
  LOTTERY_MAX_STAKE,
  LOTTERY_MIN_STAKE,
  LOTTERY_STAKE_STEP,
  payoutOf,
  pickOf,
  type LotteryResult,
} from '../../../../src/games-core/cp/plays.ts';
import {
  LOTTERY_HISTORY_SIZE,
  LOTTERY_TICKETS_LIMIT,
  type LotteryList,
  type LotteryPeriod,
  type LotteryState,
  type Ticket,
  type TicketList,
  type TicketRequest,
  type TicketResponse,
} from '../../../../src/games-core/cp/wire.ts';
import { cpWords } from '../../../../src/i18n/zh-CN-games-cp.ts';
import { VENUE_GAMES, type GameDef, type SharedRound } from '../../../../src/protocol/games.ts';
import type { Queryable } from '../../../db/db.ts';
import type { GamesCaller, GamesCtx } from '../context.ts';
import { gamesError } from '../errors.ts';
import { GAME_BET_COLUMNS, betByRequest, stakeBet, type GameBetRow } from '../money.ts';
import { closedRounds, drawRound, drawnRounds, ensureRound, roundIdOf, type RoundRules } from '../rounds.ts';
import { balancesOf, gameOf, withStake } from '../service.ts';

export const LOTTERY_GAME_CODES: readonly string[] = VENUE_GAMES.CP.map((g) => g.code);
const kindOfCode = new Map(VENUE_GAMES.CP.map((g) => [g.code, g.kind as LotteryKind] as const));

/** The lottery a caller asks for (41006 when it is not one of this venue's). */
export function lotteryOf(caller: GamesCaller, code: string): GameDef & { kind: LotteryKind } {
  return gameOf(caller, code, ['k3', 'ssc']) as GameDef & { kind: LotteryKind };
}

/** What a ticket's bet keeps in bets.detail.bet: the codes and odds it was staked at, and its period. */
interface TicketDetail {
  play: string;
  pick: string;
  odds100: number;
  period: string;
  no: number;
}

export function periodOf(kind: LotteryKind, r: SharedRound, now: number): LotteryPeriod {
  const s = LOTTERY_SCHEDULES[kind];
  const phase = r.status === 'drawn' ? 'drawn' : Date.parse(r.closesAt) <= now ? 'closed' : 'open';
  return {
    id: r.id,
    no: r.no,
    label: periodLabel(kind, r.no),
    opensAt: r.opensAt,
    closesAt: r.closesAt,
    endsAt: new Date(periodEndsAt(s, r.no)).toISOString(),
    seedHash: r.seedHash,
    serverSeed: r.serverSeed,
    phase,
    result: r.status === 'drawn' ? (r.result as LotteryResult) : null,
  };
}

/** How a period is drawn and each of its tickets settled (the odds it was staked at; valid bet = stake). */
export function lotteryRules(kind: LotteryKind): RoundRules<LotteryResult> {
  const engine = engineOf(kind);
  return {
    draw: (fair: FairInput) => engine.draw(fair),
    settle(bet: GameBetRow, result: LotteryResult) {
      const d = bet.detail.bet as unknown as TicketDetail;
      const found = pickOf(kind, d.play, d.pick);
      if (!found) throw new Error(`bet ${bet.order_no}: unknown pick ${d.play}/${d.pick}`);
      const stake = Number(bet.stake);
      const win = found.pick.wins(result);
      return {
        payout: win ? payoutOf(stake, d.odds100) : 0,
        validBet: stake,
        outcome: { result, win },
      };
    },
  };
}

/** Draws this venue's closed periods of a game that nobody has drawn yet (a reader after the close). */
async function drawDue(ctx: GamesCtx, venue: string, code: string, kind: LotteryKind): Promise<number> {
  const { rows } = await ctx.db.query<{ id: string }>(
    `SELECT id FROM game_rounds WHERE venue = $1 AND game = $2 AND status = 'open'
        AND closes_at <= to_timestamp($3::double precision / 1000) ORDER BY round_no`,
    [venue, code, ctx.now()],
  );
  let n = 0;
  for (const r of rows) n += await drawRound(ctx, r.id, lotteryRules(kind));
  return n;
}

async function currentPeriod(
  q: Queryable,
  venue: string,
  game: GameDef & { kind: LotteryKind },
  now: number,
): Promise<LotteryPeriod> {
  const s = LOTTERY_SCHEDULES[game.kind];
  const round = await ensureRound(q, venue, game.code, s, periodNoAt(s, now));
  return periodOf(game.kind, round, now);
}

export async function lotteryState(ctx: GamesCtx, c: GamesCaller, code: string): Promise<LotteryState> {
  const game = lotteryOf(c, code);
  await drawDue(ctx, c.venue.code, game.code, game.kind);
  const now = ctx.now();
  const current = await currentPeriod(ctx.db, c.venue.code, game, now);
  const history = await drawnRounds(ctx.db, c.venue.code, game.code, LOTTERY_HISTORY_SIZE);
  return {
    game: { code: game.code, name: game.name, kind: game.kind },
    schedule: { ...LOTTERY_SCHEDULES[game.kind] },
    now: new Date(now).toISOString(),
    current,
    history: history.map((r) => periodOf(game.kind, r, now)),
  };
}

export async function lotteryList(ctx: GamesCtx, c: GamesCaller): Promise<LotteryList> {
  const now = ctx.now();
  const lotteries: LotteryList['lotteries'] = [];
  for (const g of c.games) {
    const kind = kindOfCode.get(g.code);
    if (!kind) continue;
    const game = { code: g.code, name: g.name, kind };
    lotteries.push({ game, current: await currentPeriod(ctx.db, c.venue.code, game, now) });
  }
  return { now: new Date(now).toISOString(), lotteries };
}

function ticketOf(kind: LotteryKind, row: GameBetRow): Ticket {
  const d = row.detail.bet as unknown as TicketDetail;
  const found = pickOf(kind, d.play, d.pick);
  return {
    orderNo: row.order_no,
    requestId: row.request_id,
    roundId: row.round_id ?? '',
    period: d.period,
    play: d.play,
    pick: d.pick,
    playName: found?.play.name ?? row.play,
    pickLabel: found?.pick.label ?? row.pick,
    odds100: d.odds100,
    stake: Number(row.stake),
    payout: Number(row.payout),
    status: row.status,
    placedAt: new Date(row.placed_at).toISOString(),
  };
}

/** The period number of a ticket's round id, if it is one of this venue's periods of the game. */
function periodNoOf(roundId: string, venue: string, code: string): number | null {
  const prefix = roundIdOf(venue, code, 0).slice(0, -1);
  if (!roundId.startsWith(prefix)) return null;
  const tail = roundId.slice(prefix.length);
  if (!/^(0|[1-9][0-9]{0,11})$/.test(tail)) return null;
  return Number(tail);
}

/**
 * Stakes a ticket: every pick one bet on the period (stake venue wallet → house), all in one transaction that
 * holds the period's row (FOR SHARE) so the draw (FOR UPDATE) waits for it: a ticket is either in before the draw
 * and settled by it, or refused 41005. The same request ids again answer the first bets (even after the close).
 */
export async function placeTicket(
  ctx: GamesCtx,
  c: GamesCaller,
  req: TicketRequest,
): Promise<TicketResponse> {
  const game = lotteryOf(c, req.game);
  const s = LOTTERY_SCHEDULES[game.kind];
  if (req.picks.length < 1 || req.picks.length > LOTTERY_MAX_PICKS) throw gamesError('invalidBet');
  if (new Set(req.picks.map((p) => p.requestId)).size !== req.picks.length) throw gamesError('invalidBet');
  const resolved = req.picks.map((p) => {
    const found = pickOf(game.kind, p.play, p.pick);
    if (!found || p.stake % LOTTERY_STAKE_STEP !== 0) throw gamesError('invalidBet');
    if (p.stake < LOTTERY_MIN_STAKE || p.stake > LOTTERY_MAX_STAKE)
      throw gamesError('stakeOutOfRange', { min: LOTTERY_MIN_STAKE, max: LOTTERY_MAX_STAKE });
    return { ...p, ...found };
  });
  const no = periodNoOf(req.roundId, c.venue.code, game.code);
  const now = ctx.now();
  if (no === null || no > periodNoAt(s, now)) throw gamesError('notFound');
  const label = periodLabel(game.kind, no);
  const fingerprint = (p: (typeof resolved)[number]) =>
    `${req.roundId}|${p.play.code}|${p.pick.code}|${p.stake}`;

  const rows = await withStake(ctx, c, async (tx) => {
    // A period in the past that nobody created: it is closed whatever happens (no row is made for it).
    const open = no === periodNoAt(s, now) && periodClosesAt(s, no) > now;
    if (open) await ensureRound(tx, c.venue.code, game.code, s, no);
    const { rows: r } = await tx.query<{ status: string; closes_at: Date | string }>(
      'SELECT status, closes_at FROM game_rounds WHERE id = $1 FOR SHARE',
      [req.roundId],
    );
    const round = r[0];
    if (!open || !round || round.status !== 'open' || new Date(round.closes_at).getTime() <= ctx.now()) {
      // A retry of a ticket that went in before the close answers it; anything new is refused.
      const first = await Promise.all(resolved.map((p) => betByRequest(tx, c.memberId, p.requestId)));
      if (
        first.every(
          (b, i) => b && b.venue === c.venue.code && b.detail?.fingerprint === fingerprint(resolved[i]!),
        )
      )
        return first as GameBetRow[];
      throw gamesError('bettingClosed');
    }
    const out: GameBetRow[] = [];
    for (const p of resolved) {
      const detail: TicketDetail = {
        play: p.play.code,
        pick: p.pick.code,
        odds100: p.pick.odds100,
        period: label,
        no,
      };
      const { row } = await stakeBet(tx, c, {
        requestId: p.requestId,
        game: game.name,
        play: p.play.name,
        pick: cpWords.recordPick(p.pick.label, label),
        stake: p.stake,
        code: game.code,
        roundId: req.roundId,
        detail: { ...detail },
        fingerprint: fingerprint(p),
      });
      out.push(row);
    }
    return out;
  });
  const { balance } = await balancesOf(ctx.db, c);
  return { tickets: rows.map((r) => ticketOf(game.kind, r)), balance };
}

export async function ticketsOf(
  ctx: GamesCtx,
  c: GamesCaller,
  code: string,
  roundId?: string,
): Promise<TicketList> {
  const game = lotteryOf(c, code);
  const { rows } = await ctx.db.query<GameBetRow>(
    `SELECT ${GAME_BET_COLUMNS} FROM bets
      WHERE member_id = $1 AND venue = $2 AND detail->>'code' = $3 AND round_id IS NOT NULL
        AND ($4::text IS NULL OR round_id = $4)
      ORDER BY placed_at DESC, id DESC LIMIT $5`,
    [c.memberId, c.venue.code, game.code, roundId ?? null, LOTTERY_TICKETS_LIMIT],
  );
  return { tickets: rows.map((r) => ticketOf(game.kind, r)) };
}

/** The lottery venues (their periods are kept even when nobody watches, so the history has no gaps). */
async function lotteryVenues(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ code: string }>(
    "SELECT code FROM venues WHERE platform = 'CP' ORDER BY code",
  );
  return rows.map((r) => r.code);
}

/** The last period each venue's game was made for, per database (saves a write a second). */
const madeByDb = new WeakMap<object, Map<string, number>>();

/**
 * One pass of the lotteries' background work: every CP venue's current periods exist (their seed committed), and
 * every closed period is drawn and its tickets settled. Answers the tickets settled.
 */
export async function sweepLotteries(ctx: GamesCtx): Promise<number> {
  const now = ctx.now();
  let made = madeByDb.get(ctx.db);
  if (!made) madeByDb.set(ctx.db, (made = new Map()));
  for (const venue of await lotteryVenues(ctx.db))
    for (const g of VENUE_GAMES.CP) {
      const s = LOTTERY_SCHEDULES[g.kind as LotteryKind];
      const no = periodNoAt(s, now);
      const key = `${venue}:${g.code}`;
      if (made.get(key) === no) continue;
      await ensureRound(ctx.db, venue, g.code, s, no);
      made.set(key, no);
    }
  let settled = 0;
  for (const id of await closedRounds(ctx.db, LOTTERY_GAME_CODES, now)) {
    const code = id.split(':')[1] ?? '';
    const kind = kindOfCode.get(code);
    if (kind) settled += await drawRound(ctx, id, lotteryRules(kind));
  }
  return settled;
}
