// The slots' progressive jackpot pool on the server (issue 19 §2; docs/games-dz.md "Jackpot"). PLAY MONEY only.
//
// The pool is the ledger account of kind 'jackpot' (migration 018). A paid spin's jackpot step runs in the spin's
// own transaction, after its stake moved (server/modules/casino/dz/service.ts), under the lock of the pool's one
// state row (jackpot_pool, FOR UPDATE): spins reach the pool one at a time.
//   1. The share: the stake's contribution (contributionOf: 1 %, shares of a fen carried, never lost) moves from
//      the venue's house account to the pool: ledger id jackpot-in:{orderNo}.
//   2. A spin whose fair draw hit (src/games-core/dz/jackpot.ts) takes the pool's WHOLE balance, read under the
//      lock: pool → the venue's house (jackpot-win:{orderNo}), which pays it to the player with the spin's payout
//      (gm-pay:{orderNo}, one payout per bet); then the house puts the seed back (jackpot-seed:{orderNo}).
// Every id comes from the bet's order number and the step runs only when the bet is created, so a retried request
// moves nothing twice. The database refuses a pool below zero (CHECK) or below its seed at commit (a deferred
// trigger). The public figure: GET JACKPOT_POOL_PATH (no login).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { contributionOf } from '../../../src/games-core/dz/jackpot.ts';
import { maskMiddle } from '../../../src/lib/phone-mask.ts';
import { JACKPOT_POOL_PATH, type JackpotPoolResponse } from '../../../src/protocol/jackpot.ts';
import { parseStoredPhone } from '../../../src/protocol/member.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { ok } from '../../http/envelope.ts';
import { Envelope, NoQuery } from '../../http/schemas.ts';
import { transferIn } from '../ledger/ledger.ts';

export const JACKPOT_ACCOUNT = { kind: 'jackpot' } as const;
export const jackpotShareTransferId = (orderNo: string) => `jackpot-in:${orderNo}`;
export const jackpotWinTransferId = (orderNo: string) => `jackpot-win:${orderNo}`;
export const jackpotSeedTransferId = (orderNo: string) => `jackpot-seed:${orderNo}`;

/** What a spin's jackpot step did. */
export interface JackpotStep {
  /** fen the spin moved into the pool (0 while its share of a fen is only carried). */
  share: number;
  /** fen the pool paid the spin (0 unless its draw hit). */
  won: number;
  /** The pool after the spin (fen). */
  pool: number;
}

const poolBalance = async (tx: Queryable, lock: boolean): Promise<number> => {
  const { rows } = await tx.query<{ balance: string | number }>(
    `SELECT balance FROM ledger_accounts WHERE member_id IS NULL AND kind = 'jackpot' AND venue IS NULL${
      lock ? ' FOR UPDATE' : ''
    }`,
  );
  return Number(rows[0]?.balance ?? 0);
};

/**
 * A paid spin's jackpot step, inside the spin's transaction, once per bet (the caller runs it only for a bet it
 * has just created). `hit` is the spin's fair jackpot draw.
 */
export async function playJackpot(
  tx: Queryable,
  spin: { orderNo: string; memberId: number; venue: string; game: string; stake: number; hit: boolean },
): Promise<JackpotStep> {
  const { rows } = await tx.query<{ seed: string | number; carry: string | number }>(
    'SELECT seed, carry FROM jackpot_pool WHERE id = 1 FOR UPDATE',
  );
  const state = rows[0];
  if (!state) throw new Error('the jackpot pool is missing (migration 018)');
  const seed = Number(state.seed);
  const { amount: share, carry } = contributionOf(Number(state.carry), spin.stake);
  const house = { kind: 'house' as const, venue: spin.venue };
  if (share > 0)
    await transferIn(tx, {
      id: jackpotShareTransferId(spin.orderNo),
      from: house,
      to: JACKPOT_ACCOUNT,
      amount: share,
      kind: 'jackpot_share',
      memo: { orderNo: spin.orderNo },
    });
  let won = 0;
  if (spin.hit) {
    // The whole pool as it stands, read under the lock: no other spin can take it meanwhile.
    won = await poolBalance(tx, true);
    await transferIn(tx, {
      id: jackpotWinTransferId(spin.orderNo),
      from: JACKPOT_ACCOUNT,
      to: house,
      amount: won,
      kind: 'jackpot_win',
      memo: { orderNo: spin.orderNo },
    });
    await transferIn(tx, {
      id: jackpotSeedTransferId(spin.orderNo),
      from: house,
      to: JACKPOT_ACCOUNT,
      amount: seed,
      kind: 'jackpot_seed',
      memo: { orderNo: spin.orderNo },
    });
    await tx.query(
      'INSERT INTO jackpot_wins (order_no, member_id, venue, game, amount) VALUES ($1, $2, $3, $4, $5)',
      [spin.orderNo, spin.memberId, spin.venue, spin.game, won],
    );
  }
  await tx.query('UPDATE jackpot_pool SET carry = $1, wins = wins + $2 WHERE id = 1', [
    carry,
    won > 0 ? 1 : 0,
  ]);
  return { share, won, pool: await poolBalance(tx, false) };
}

/** The pool's balance now (fen). */
export const jackpotBalance = (q: Queryable): Promise<number> => poolBalance(q, false);

/** The public figure: the pool now, its seed and the newest win (the winner's phone masked). */
export async function jackpotPool(q: Queryable): Promise<JackpotPoolResponse> {
  const [pool, last] = await Promise.all([
    q.query<{ seed: string | number; balance: string | number | null }>(
      `SELECT p.seed, a.balance FROM jackpot_pool p
         LEFT JOIN ledger_accounts a ON a.member_id IS NULL AND a.kind = 'jackpot' AND a.venue IS NULL
        WHERE p.id = 1`,
    ),
    q.query<{ phone: string; game: string; amount: string | number; won_at: Date | string }>(
      `SELECT m.phone, w.game, w.amount, w.won_at FROM jackpot_wins w JOIN members m ON m.id = w.member_id
        ORDER BY w.won_at DESC, w.order_no DESC LIMIT 1`,
    ),
  ]);
  const p = pool.rows[0];
  const w = last.rows[0];
  return {
    pool: Number(p?.balance ?? 0),
    seed: Number(p?.seed ?? 0),
    lastWin: w
      ? {
          userName: maskMiddle(parseStoredPhone(w.phone).number),
          game: w.game,
          amount: Number(w.amount),
          at: new Date(w.won_at).toISOString(),
        }
      : null,
  };
}

export const JackpotPoolSchema = Type.Object({
  pool: Type.Integer({ minimum: 0 }),
  seed: Type.Integer({ minimum: 0 }),
  lastWin: Type.Union([
    Type.Object({
      userName: Type.String(),
      game: Type.String(),
      amount: Type.Integer({ minimum: 1 }),
      at: Type.String(),
    }),
    Type.Null(),
  ]),
});

export const jackpotPoolSchema = { querystring: NoQuery, response: { 200: Envelope(JackpotPoolSchema) } };

/** GET JACKPOT_POOL_PATH in the signed site group (/game/api): public, no login. */
export const jackpotModule: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(JACKPOT_POOL_PATH, { schema: jackpotPoolSchema }, async () => ok(await jackpotPool(db)));
};
