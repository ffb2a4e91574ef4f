// A shot of the fishing games (issue 12 §1 "Fishing"; docs/games-by.md): a bet at the chosen cannon level aimed
// at one fish type. In ONE transaction: the player's seed pair gives the shot its nonce (the row stays locked, so
// one player's shots at a venue go one at a time), the rate limit is counted, the stake is written with its bet
// (stakeBet), the engine decides the hit from the pair (src/games-core/by/fish.ts) and the bet is settled with
// its payout (settleGameBet). Nothing is ever left open, so a player who leaves loses nothing. The request id is
// the idempotency key: a retry answers the first shot.
import {
  fishGameOf,
  fishOf,
  MAX_SHOTS_PER_WINDOW,
  shoot,
  SHOT_WINDOW_MS,
  type ShotOutcome,
} from '../../../../src/games-core/by/fish.ts';
import type { ShootRequest, ShotResult } from '../../../../src/games-core/by/wire.ts';
import { byText } from '../../../../src/i18n/zh-CN-games-by.ts';
import { GAMES_CODE } from '../../../../src/protocol/games.ts';
import type { Queryable } from '../../../db/db.ts';
import { ApiError } from '../../../http/envelope.ts';
import type { GamesCaller, GamesCtx } from '../context.ts';
import { gamesError } from '../errors.ts';
import { takeNonce } from '../fair.ts';
import { betByRequest, settleGameBet, stakeBet, type GameBetRow } from '../money.ts';
import { balancesOf, gameOf, withStake } from '../service.ts';

/** The shot was made before under this request id: the transaction rolls back (its nonce too) and answers it. */
class Replayed extends Error {
  constructor(readonly row: GameBetRow) {
    super('replayed');
  }
}

/** docs/games-by.md "Rate limit": more than MAX_SHOTS_PER_WINDOW shots in SHOT_WINDOW_MS is refused (41003). */
export const rateLimited = () =>
  new ApiError(GAMES_CODE.invalidBet, byText.rateLimited, 200, { retryAfterMs: SHOT_WINDOW_MS });

const fingerprintOf = (req: Pick<ShootRequest, 'game' | 'fish' | 'stake'>) =>
  `fish|${req.game}|${req.fish}|${req.stake}`;

async function resultOf(q: Queryable, row: GameBetRow, balance: number): Promise<ShotResult> {
  const { rows } = await q.query<{ seed_hash: string; client_seed: string }>(
    'SELECT seed_hash, client_seed FROM fair_seeds WHERE id = $1',
    [row.seed_id],
  );
  return {
    orderNo: row.order_no,
    outcome: row.detail.outcome as ShotOutcome,
    fair: { seedHash: rows[0]!.seed_hash, clientSeed: rows[0]!.client_seed, nonce: row.nonce! },
    balance,
    placedAt: new Date(row.placed_at).toISOString(),
  };
}

export async function shootFish(ctx: GamesCtx, caller: GamesCaller, req: ShootRequest): Promise<ShotResult> {
  const def = gameOf(caller, req.game, ['fish']);
  const game = fishGameOf(def.code);
  if (!game) throw gamesError('notFound');
  const fish = fishOf(game, req.fish);
  if (!fish || !game.levels.includes(req.stake)) throw gamesError('invalidBet');
  const fingerprint = fingerprintOf(req);
  const at = ctx.now();
  let row: GameBetRow;
  try {
    row = await withStake(ctx, caller, async (tx) => {
      const taken = await takeNonce(tx, caller.memberId, caller.venue.code);
      // Under the pair's lock: a retry of a shot already made answers it (before the rate limit counts it).
      const first = await betByRequest(tx, caller.memberId, req.requestId);
      if (first) throw new Replayed(first);
      const { rows } = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM bets
          WHERE member_id = $1 AND venue = $2 AND placed_at > now() - interval '1 minute'
            AND (detail->'bet'->>'at')::bigint > $3`,
        [caller.memberId, caller.venue.code, at - SHOT_WINDOW_MS],
      );
      if ((rows[0]?.n ?? 0) >= MAX_SHOTS_PER_WINDOW) throw rateLimited();
      const outcome = shoot(game, fish.id, req.stake, taken)!;
      const staked = await stakeBet(tx, caller, {
        requestId: req.requestId,
        game: def.name,
        play: byText.record.play(req.stake),
        pick: byText.record.pick(fish.id, fish.multiplier),
        stake: req.stake,
        code: def.code,
        seed: { seedId: taken.seedId, nonce: taken.nonce },
        detail: { fish: fish.id, multiplier: fish.multiplier, at },
        fingerprint,
      });
      if (!staked.created) throw new Replayed(staked.row);
      // Valid bet = the stake: every shot is a real wager (a miss loses it, a hit pays ≥ 2×).
      const settled = await settleGameBet(tx, staked.row.id, {
        payout: outcome.payout,
        validBet: req.stake,
        outcome,
      });
      return settled!;
    });
  } catch (err) {
    if (!(err instanceof Replayed)) throw err;
    const first = err.row;
    if (first.venue !== caller.venue.code || first.detail?.fingerprint !== fingerprint)
      throw gamesError('duplicateRequest');
    row = first;
  }
  const { balance } = await balancesOf(ctx.db, caller);
  return resultOf(ctx.db, row, balance);
}
