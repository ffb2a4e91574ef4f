// A paid spin of the slots (issue 12 §1 "Slots (DZ)"; docs/games-dz.md): in ONE transaction the player's seed
// pair gives the spin its nonce (the pair's row stays locked, so one player's spins at a venue go one at a time),
// the stake (line bet × LINES) is written with its bet (stakeBet), the engine plays the spin and every free spin
// it awards from the pair's stream (src/games-core/dz/engine.ts), then the progressive jackpot's draw; the stake's
// share goes into the jackpot pool and a hit takes the whole pool (playJackpot, ../jackpot.ts, issue 19 §2); the
// bet is settled with the whole payout, the jackpot included (settleGameBet; valid bet = the stake). Nothing is
// left open, so a player who leaves loses nothing. The request id is the idempotency key: a retry answers the
// first spin (41004 when it asked for another).
import { LINE_BETS, LINES, playSpin } from '../../../../src/games-core/dz/engine.ts';
import { slotGameOf } from '../../../../src/games-core/dz/games.ts';
import { JACKPOT_ODDS_FEN } from '../../../../src/games-core/dz/jackpot.ts';
import type { SettledSpin, SpinRequest, SpinResponse } from '../../../../src/games-core/dz/wire.ts';
import { fairStream } from '../../../../src/games-core/fair.ts';
import { dzText } from '../../../../src/i18n/zh-CN-games-dz.ts';
import type { Queryable } from '../../../db/db.ts';
import type { GamesCaller, GamesCtx } from '../context.ts';
import { gamesError } from '../errors.ts';
import { takeNonce } from '../fair.ts';
import { betByRequest, settleGameBet, stakeBet, type GameBetRow } from '../money.ts';
import { balancesOf, gameOf, withStake } from '../service.ts';
import { jackpotBalance, playJackpot } from '../jackpot.ts';

/**
 * The games' context as the slots read it: `jackpotOdds` replaces JACKPOT_ODDS_FEN for a test that must make the
 * jackpot hit (a power of two; production never sets it). Every other figure stays the engine's.
 */
export interface SlotsCtx extends GamesCtx {
  jackpotOdds?: number;
}

/** The spin was made before under this request id: the transaction rolls back (its nonce too) and answers it. */
class Replayed extends Error {
  constructor(readonly row: GameBetRow) {
    super('replayed');
  }
}

const fingerprintOf = (req: Pick<SpinRequest, 'game' | 'lineBet'>) => `slot|${req.game}|${req.lineBet}`;

async function responseOf(
  q: Queryable,
  row: GameBetRow,
  balance: number,
  pool: number,
): Promise<SpinResponse> {
  const { rows } = await q.query<{ seed_hash: string; client_seed: string }>(
    'SELECT seed_hash, client_seed FROM fair_seeds WHERE id = $1',
    [row.seed_id],
  );
  return {
    orderNo: row.order_no,
    outcome: row.detail.outcome as SettledSpin,
    pool,
    fair: { seedHash: rows[0]!.seed_hash, clientSeed: rows[0]!.client_seed, nonce: row.nonce! },
    balance,
    placedAt: new Date(row.placed_at).toISOString(),
  };
}

export async function spinSlot(ctx: SlotsCtx, caller: GamesCaller, req: SpinRequest): Promise<SpinResponse> {
  const def = gameOf(caller, req.game, ['slot']);
  const game = slotGameOf(def.code);
  if (!game) throw gamesError('notFound');
  if (!(LINE_BETS as readonly number[]).includes(req.lineBet)) throw gamesError('invalidBet');
  const stake = req.lineBet * LINES;
  const fingerprint = fingerprintOf(req);
  let row: GameBetRow;
  try {
    row = await withStake(ctx, caller, async (tx) => {
      const taken = await takeNonce(tx, caller.memberId, caller.venue.code);
      // Under the pair's lock: a retry of a spin already made answers it (and gives the nonce back).
      const first = await betByRequest(tx, caller.memberId, req.requestId);
      if (first) throw new Replayed(first);
      const outcome = playSpin(game, fairStream(taken), req.lineBet, ctx.jackpotOdds ?? JACKPOT_ODDS_FEN);
      const hit = outcome.jackpot?.hit === true;
      const staked = await stakeBet(tx, caller, {
        requestId: req.requestId,
        game: def.name,
        play: dzText.record.play(req.lineBet, LINES),
        pick: dzText.record.pick(outcome.free.length, hit),
        stake,
        code: def.code,
        seed: { seedId: taken.seedId, nonce: taken.nonce },
        detail: { lineBet: req.lineBet, lines: LINES },
        fingerprint,
      });
      if (!staked.created) throw new Replayed(staked.row);
      // The jackpot's share and draw (server/modules/casino/jackpot.ts): once, for this new bet, in this
      // transaction. A win comes into the venue's house and is paid with the spin's payout.
      const jp = await playJackpot(tx, {
        orderNo: staked.row.order_no,
        memberId: caller.memberId,
        venue: caller.venue.code,
        game: def.name,
        stake,
        hit,
      });
      const settledSpin: SettledSpin = { ...outcome, jackpotWin: jp.won };
      // Valid bet = the stake: every paid spin is a real wager (free spins are part of it and cost nothing).
      const settled = await settleGameBet(tx, staked.row.id, {
        payout: outcome.payout + jp.won,
        validBet: stake,
        outcome: settledSpin,
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
  const [{ balance }, pool] = await Promise.all([balancesOf(ctx.db, caller), jackpotBalance(ctx.db)]);
  return responseOf(ctx.db, row, balance, pool);
}
