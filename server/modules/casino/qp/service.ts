// The chess-and-card hands on the server (issue 12 §1, §3; docs/games-qp.md): each hand is one row of
// game_hands (the whole deal, kept from the page), its randomness the player's seed pair and a nonce
// (takeNonce), its money bets rows through stakeBet / settleGameBet, all in one transaction per step with the
// hand's row locked. A hand the player leaves is finished at its deadline by the sweep, with the default
// choices (抢庄牛牛: 不抢 and 1 倍; 二十一点: stand), so leaving loses nothing beyond the rules.
import { fairStream } from '../../../../src/games-core/fair.ts';
import {
  BULL_BASES,
  BULL_BETS,
  bullPayout,
  bullStake,
  dealBull,
  isBullBet,
  isBullGrab,
  BULL_PLAYER,
} from '../../../../src/games-core/qp/bull.ts';
import {
  actBj,
  BJ_BASES,
  bjShoe,
  bjTotal,
  canAct,
  standAll,
  startBj,
  BJ_RETURN,
  type BjAction,
} from '../../../../src/games-core/qp/blackjack.ts';
import {
  bjRecord,
  bjView,
  bullOutcomeOf,
  bullRecord,
  bullView,
  type BjHandState,
  type BjView,
  type BullHandState,
  type BullView,
} from '../../../../src/games-core/qp/views.ts';
import {
  BJ_DECISION_MS,
  BULL_BET_MS,
  BULL_GRAB_MS,
  type BjActionRequest,
  type BullBetRequest,
  type BullGrabRequest,
  type StartRequest,
} from '../../../../src/games-core/qp/wire.ts';
import type { GameDef } from '../../../../src/protocol/games.ts';
import type { Queryable } from '../../../db/db.ts';
import type { GamesCaller, GamesCtx } from '../context.ts';
import { gamesError } from '../errors.ts';
import { takeNonce } from '../fair.ts';
import { betByRequest, settleGameBet, stakeBet } from '../money.ts';
import { gameOf, withStake } from '../service.ts';

type HandState = BullHandState | BjHandState;

interface HandRow {
  id: string | number;
  member_id: string | number;
  venue: string;
  game: string;
  state: HandState;
  status: 'open' | 'done';
  deadline: Date | string;
}

const HAND_COLUMNS = 'id, member_id, venue, game, state, status, deadline';
/** How many abandoned hands one sweep finishes at most. */
export const QP_SWEEP_BATCH = 200;

const yuan = (fen: number) => (fen / 100).toString();
const iso = (d: Date | string) => new Date(d).toISOString();
const deadlineAt = (ctx: GamesCtx, ms: number) => new Date(ctx.now() + ms).toISOString();

/** A retry of an applied step: the transaction is rolled back (nothing taken) and the hand answered as it is. */
class Replay extends Error {
  constructor(readonly handId: string) {
    super('replay');
  }
}

function viewOf(row: HandRow): BullView | BjView {
  const id = String(row.id);
  const deadline = iso(row.deadline);
  return row.state.kind === 'bull'
    ? bullView(id, row.game, row.state, deadline)
    : bjView(id, row.game, row.state, deadline);
}

async function handById(q: Queryable, id: string, lock: boolean): Promise<HandRow | null> {
  const { rows } = await q.query<HandRow>(
    `SELECT ${HAND_COLUMNS} FROM game_hands WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/** The caller's hand (41006 when it is not theirs or not of this kind). */
async function ownHand(q: Queryable, c: GamesCaller, id: string, kind: HandState['kind']): Promise<HandRow> {
  const row = await handById(q, id, true);
  if (!row || Number(row.member_id) !== c.memberId || row.venue !== c.venue.code || row.state.kind !== kind)
    throw gamesError('notFound');
  return row;
}

async function saveHand(
  q: Queryable,
  id: string | number,
  state: HandState,
  done: boolean,
  deadline: string | null,
): Promise<HandRow> {
  const { rows } = await q.query<HandRow>(
    `UPDATE game_hands SET state = $2::jsonb, status = $3, deadline = coalesce($4::timestamptz, deadline),
            updated_at = now()
      WHERE id = $1 RETURNING ${HAND_COLUMNS}`,
    [id, JSON.stringify(state), done ? 'done' : 'open', deadline],
  );
  return rows[0]!;
}

/**
 * The caller's latest hand of a game (the open one, or the last one finished, to show its result after a reload
 * or a timer the server played), or null before the first.
 */
export async function latestHand(
  ctx: GamesCtx,
  c: GamesCaller,
  code: string,
): Promise<BullView | BjView | null> {
  gameOf(c, code);
  const { rows } = await ctx.db.query<HandRow>(
    `SELECT ${HAND_COLUMNS} FROM game_hands
      WHERE member_id = $1 AND venue = $2 AND game = $3 ORDER BY id DESC LIMIT 1`,
    [c.memberId, c.venue.code, code],
  );
  return rows[0] ? viewOf(rows[0]) : null;
}

/**
 * A new hand: the stake (bull: the most the player can lose; blackjack: the bet) and the deal, in one
 * transaction. A repeated request id answers the hand it started; a second hand while one is open is 41008.
 */
async function startHand(
  ctx: GamesCtx,
  c: GamesCaller,
  req: StartRequest,
  game: GameDef,
  make: (fair: ReturnType<typeof fairStream>) => { state: (betId: string) => HandState; deadlineMs: number },
  bet: { play: string; pick: string; stake: number },
): Promise<HandRow> {
  try {
    return await withStake(ctx, c, async (tx) => {
      // The pair's row is locked until commit: one start at a time per player and venue.
      const taken = await takeNonce(tx, c.memberId, c.venue.code);
      const first = await betByRequest(tx, c.memberId, req.requestId);
      if (first) {
        if (first.venue !== c.venue.code || first.detail?.fingerprint !== fingerprint(req))
          throw gamesError('duplicateRequest');
        const { rows } = await tx.query<{ id: string }>(
          "SELECT id FROM game_hands WHERE state->>'betId' = $1",
          [String(first.id)],
        );
        throw new Replay(rows[0]!.id);
      }
      const { rows: open } = await tx.query(
        "SELECT 1 FROM game_hands WHERE member_id = $1 AND venue = $2 AND game = $3 AND status = 'open'",
        [c.memberId, c.venue.code, game.code],
      );
      if (open.length > 0) throw gamesError('wrongState');
      const { row } = await stakeBet(tx, c, {
        requestId: req.requestId,
        game: game.name,
        play: bet.play,
        pick: bet.pick,
        stake: bet.stake,
        code: game.code,
        seed: { seedId: taken.seedId, nonce: taken.nonce },
        detail: { base: req.base },
        fingerprint: fingerprint(req),
      });
      const made = make(fairStream(taken));
      const state = made.state(String(row.id));
      const { rows } = await tx.query<HandRow>(
        `INSERT INTO game_hands (member_id, venue, game, seed_id, nonce, state, deadline)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7) RETURNING ${HAND_COLUMNS}`,
        [
          c.memberId,
          c.venue.code,
          game.code,
          taken.seedId,
          taken.nonce,
          JSON.stringify(state),
          deadlineAt(ctx, made.deadlineMs),
        ],
      );
      const hand = rows[0]!;
      return finishIfOver(tx, hand);
    });
  } catch (err) {
    if (err instanceof Replay) return (await handById(ctx.db, err.handId, false))!;
    throw err;
  }
}

const fingerprint = (req: StartRequest) => `qp|${req.game}|${req.base}`;

/** A blackjack hand over at the deal (a blackjack) settles at once. */
async function finishIfOver(tx: Queryable, hand: HandRow): Promise<HandRow> {
  if (hand.state.kind === 'blackjack' && hand.state.bj.over) return settleBj(tx, hand);
  return hand;
}

// ---- 抢庄牛牛 ---------------------------------------------------------------------------------------------------

export async function bullStart(ctx: GamesCtx, c: GamesCaller, req: StartRequest): Promise<BullView> {
  const game = gameOf(c, req.game, ['bull']);
  if (!(BULL_BASES as readonly number[]).includes(req.base)) throw gamesError('invalidBet');
  const stake = bullStake(req.base);
  const row = await startHand(
    ctx,
    c,
    req,
    game,
    (fair) => {
      const deal = dealBull(fair);
      return {
        deadlineMs: BULL_GRAB_MS,
        state: (betId) => ({
          kind: 'bull',
          betId,
          base: req.base,
          stake,
          phase: 'grab',
          deal,
          playerGrab: null,
          playerBet: null,
          auto: false,
          requests: [],
        }),
      };
    },
    { play: `底注 ${yuan(req.base)} 元`, pick: '抢庄牛牛', stake },
  );
  return viewOf(row) as BullView;
}

/** The showdown: the bet settles (stake ± result), the pick says what happened. */
async function settleBull(tx: Queryable, hand: HandRow, s: BullHandState): Promise<HandRow> {
  s.phase = 'done';
  const outcome = bullOutcomeOf(s)!;
  const { payout, validBet } = bullPayout(s.base, outcome.playerUnits);
  const me = outcome.seats[BULL_PLAYER]!;
  const role =
    outcome.banker === BULL_PLAYER
      ? `坐庄 ${outcome.multiplier} 倍`
      : `抢庄 ${s.playerGrab ?? 0} 倍 · 下注 ${me.bet} 倍`;
  await settleGameBet(tx, s.betId, { payout, validBet, outcome: bullRecord(s, outcome) });
  await tx.query('UPDATE bets SET pick = $2 WHERE id = $1', [s.betId, `${role} · ${me.hand.name}`]);
  return saveHand(tx, hand.id, s, true, null);
}

/** The player's grab (or the default 不抢); the banker is then known. A player banker goes to the showdown. */
async function applyGrab(ctx: GamesCtx, tx: Queryable, hand: HandRow, grab: number): Promise<HandRow> {
  const s = hand.state as BullHandState;
  s.playerGrab = grab;
  const view = bullView(String(hand.id), hand.game, s, null);
  if (view.banker === BULL_PLAYER) return settleBull(tx, hand, s);
  s.phase = 'bet';
  return saveHand(tx, hand.id, s, false, deadlineAt(ctx, BULL_BET_MS));
}

async function bullStep(
  ctx: GamesCtx,
  c: GamesCaller,
  req: { requestId: string; handId: string },
  phase: 'grab' | 'bet',
  apply: (tx: Queryable, hand: HandRow, s: BullHandState) => Promise<HandRow>,
): Promise<BullView> {
  const row = await ctx.db.transaction(async (tx) => {
    const hand = await ownHand(tx, c, req.handId, 'bull');
    const s = hand.state as BullHandState;
    if (s.requests.includes(req.requestId)) return hand;
    if (hand.status !== 'open' || s.phase !== phase) throw gamesError('wrongState');
    s.requests.push(req.requestId);
    return apply(tx, hand, s);
  });
  return viewOf(row) as BullView;
}

export async function bullGrab(ctx: GamesCtx, c: GamesCaller, req: BullGrabRequest): Promise<BullView> {
  if (!isBullGrab(req.grab)) throw gamesError('invalidBet');
  return bullStep(ctx, c, req, 'grab', (tx, hand) => applyGrab(ctx, tx, hand, req.grab));
}

export async function bullBet(ctx: GamesCtx, c: GamesCaller, req: BullBetRequest): Promise<BullView> {
  if (!isBullBet(req.bet)) throw gamesError('invalidBet');
  return bullStep(ctx, c, req, 'bet', (tx, hand, s) => {
    s.playerBet = req.bet;
    return settleBull(tx, hand, s);
  });
}

// ---- 二十一点 ---------------------------------------------------------------------------------------------------

export async function bjStart(ctx: GamesCtx, c: GamesCaller, req: StartRequest): Promise<BjView> {
  const game = gameOf(c, req.game, ['blackjack']);
  if (!(BJ_BASES as readonly number[]).includes(req.base)) throw gamesError('invalidBet');
  const row = await startHand(
    ctx,
    c,
    req,
    game,
    (fair) => {
      const bj = startBj(bjShoe(fair));
      return {
        deadlineMs: BJ_DECISION_MS,
        state: (betId) => ({
          kind: 'blackjack',
          betId,
          base: req.base,
          bj,
          bets: [{ id: betId, hand: 0, what: 'main' }],
          auto: false,
          requests: [],
        }),
      };
    },
    { play: `下注 ${yuan(req.base)} 元`, pick: '首注', stake: req.base },
  );
  return viewOf(row) as BjView;
}

const BJ_RESULT_WORDS = { blackjack: '黑杰克', win: '赢', push: '平', lose: '输' } as const;
const BJ_WHAT_WORDS = { main: '首注', split: '分牌', double: '加倍' } as const;

/** Every bet row of the hand settles by its hand's result (a push returns the stake and counts nothing). */
async function settleBj(tx: Queryable, hand: HandRow): Promise<HandRow> {
  const s = hand.state as BjHandState;
  const record = bjRecord(s);
  const dealer = bjTotal(s.bj.dealer).total;
  for (const b of s.bets) {
    const h = s.bj.hands[b.hand]!;
    const result = h.result!;
    const payout = s.base * BJ_RETURN[result];
    await settleGameBet(tx, b.id, {
      payout,
      validBet: result === 'push' ? 0 : s.base,
      outcome: record,
    });
    const which = s.bj.hands.length > 1 ? `第 ${b.hand + 1} 手 ` : '';
    await tx.query('UPDATE bets SET pick = $2 WHERE id = $1', [
      b.id,
      `${BJ_WHAT_WORDS[b.what]} · ${which}${bjTotal(h.cards).total} 点对庄家 ${dealer} 点 · ${BJ_RESULT_WORDS[result]}`,
    ]);
  }
  return saveHand(tx, hand.id, s, true, null);
}

export async function bjAction(ctx: GamesCtx, c: GamesCaller, req: BjActionRequest): Promise<BjView> {
  const row = await withStake(ctx, c, async (tx) => {
    const hand = await ownHand(tx, c, req.handId, 'blackjack');
    const s = hand.state as BjHandState;
    if (s.requests.includes(req.requestId)) return hand;
    if (hand.status !== 'open' || !canAct(s.bj, req.action)) throw gamesError('wrongState');
    s.requests.push(req.requestId);
    const action: BjAction = req.action;
    if (action === 'double' || action === 'split') {
      const game = gameOf(c, hand.game, ['blackjack']);
      const handIndex = action === 'split' ? s.bj.hands.length : s.bj.active;
      const seed = await seedOf(tx, hand.id);
      const { row } = await stakeBet(tx, c, {
        requestId: req.requestId,
        game: game.name,
        play: `下注 ${yuan(s.base)} 元`,
        pick: BJ_WHAT_WORDS[action],
        stake: s.base,
        code: game.code,
        seed: { seedId: Number(seed.seed_id), nonce: seed.nonce },
        detail: { base: s.base, hand: String(hand.id) },
        fingerprint: `qp|${hand.id}|${action}|${s.bj.actions.length}`,
      });
      s.bets.push({ id: String(row.id), hand: handIndex, what: action });
    }
    actBj(s.bj, action);
    if (s.bj.over) return settleBj(tx, hand);
    return saveHand(tx, hand.id, s, false, deadlineAt(ctx, BJ_DECISION_MS));
  });
  return viewOf(row) as BjView;
}

async function seedOf(q: Queryable, handId: string | number) {
  const { rows } = await q.query<{ seed_id: string; nonce: number }>(
    'SELECT seed_id, nonce FROM game_hands WHERE id = $1',
    [handId],
  );
  return rows[0]!;
}

// ---- the sweep --------------------------------------------------------------------------------------------------

/**
 * Finishes the hands whose deadline passed: 抢庄牛牛 goes on with 不抢 / 1 倍 (phase by phase: each step sets
 * the next deadline, so a player who only missed one timer still sees the next; a hand left alone finishes in two
 * sweeps), 二十一点 stands on every open hand. Each hand in its own transaction, skipping hands a request holds.
 */
export async function sweepQp(ctx: GamesCtx): Promise<number> {
  const now = new Date(ctx.now()).toISOString();
  const { rows } = await ctx.db.query<{ id: string }>(
    `SELECT id FROM game_hands WHERE status = 'open' AND deadline <= $1 AND state->>'kind' IN ('bull', 'blackjack')
      ORDER BY deadline LIMIT ${QP_SWEEP_BATCH}`,
    [now],
  );
  let done = 0;
  for (const { id } of rows) {
    const moved = await ctx.db.transaction(async (tx) => {
      const { rows: held } = await tx.query<HandRow>(
        `SELECT ${HAND_COLUMNS} FROM game_hands WHERE id = $1 AND status = 'open' AND deadline <= $2
         FOR UPDATE SKIP LOCKED`,
        [id, now],
      );
      const hand = held[0];
      if (!hand) return false;
      const s = hand.state;
      s.auto = true;
      if (s.kind === 'bull') {
        if (s.phase === 'grab') await applyGrab(ctx, tx, hand, 0);
        else {
          s.playerBet = Math.min(...BULL_BETS);
          await settleBull(tx, hand, s);
        }
      } else {
        standAll(s.bj);
        await settleBj(tx, hand);
      }
      return true;
    });
    if (moved) done += 1;
  }
  return done;
}
