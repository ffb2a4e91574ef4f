import { FEN_PER_RATE_UNIT } from '../../../src/protocol/mall.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { publishMemberChange } from '../../stream/channels.ts';
import { balanceOf, transferIn } from '../ledger/ledger.ts';
import { readSiteConfig } from '../site/config.ts';

// Coins (issue 13 §6; docs/mall.md): a second currency in the ledger. A member's coins live on the ledger account
// { memberId, kind: 'coins' }; they come from the house's { kind: 'coins_issuer' } (which goes below zero as coins
// are issued) and mall purchases return there. The database refuses a transfer joining coins and money
// (migration 022, ledger_one_currency) and a member's coins below zero (ledger_member_not_negative).
//
// Earning from valid bets: each valid bet is looked at once (a coin_bet_credits row in the same transaction as its
// coins; the ledger transfer's id is `coins-bet:<valid bet id>`, so even a second writer cannot pay it twice). A bet
// adds fen × rate to the member's carry (coin_carry.units, below 10 000); each whole 10 000 is one coin. So over
// any run of bets the member gets exactly floor(Σ valid bet × rate / 10 000) coins at one rate: a ¥50 bet at
// 10 coins per ¥100 earns 5, two ¥5 bets earn 1 between them.

export const coinsAccount = (memberId: number) => ({ memberId, kind: 'coins' as const });
export const COINS_ISSUER = { kind: 'coins_issuer' as const };

/** The member's whole coins. */
export async function coinsOf(q: Queryable, memberId: number): Promise<number> {
  return (await balanceOf(q, coinsAccount(memberId))).available;
}

/** Valid bets looked at per member and sweep (the rest waits for the next). */
const SWEEP_BETS_PER_MEMBER = 2000;
/** Members per timer sweep. */
const SWEEP_MEMBERS = 200;

/**
 * Credits the member's coins for every valid bet not looked at yet. One transaction; the member's carry row is
 * locked first, so two sweeps of one member go one after the other (the second finds nothing left). Answers the
 * coins credited.
 */
export async function sweepMemberCoins(db: Db, memberId: number, rate?: number): Promise<number> {
  const perHundred = rate ?? (await readSiteConfig(db)).coinsPer100Yuan;
  return db.transaction(async (tx) => {
    await tx.query('INSERT INTO coin_carry (member_id) VALUES ($1) ON CONFLICT DO NOTHING', [memberId]);
    const carry = await tx.query<{ units: string }>(
      'SELECT units FROM coin_carry WHERE member_id = $1 FOR UPDATE',
      [memberId],
    );
    let units = Number(carry.rows[0]!.units);
    const bets = await tx.query<{ id: string; amount: string }>(
      `SELECT v.id, v.amount FROM valid_bets v
        WHERE v.member_id = $1 AND NOT EXISTS (SELECT 1 FROM coin_bet_credits c WHERE c.valid_bet_id = v.id)
        ORDER BY v.id LIMIT ${SWEEP_BETS_PER_MEMBER}`,
      [memberId],
    );
    if (bets.rows.length === 0) return 0;
    const credits: Array<{ bet: string; coins: number }> = [];
    for (const b of bets.rows) {
      // BigInt: fen × rate may pass 2^53 for a huge bet.
      const total = BigInt(units) + BigInt(b.amount) * BigInt(perHundred);
      const coins = Number(total / BigInt(FEN_PER_RATE_UNIT));
      units = Number(total % BigInt(FEN_PER_RATE_UNIT));
      credits.push({ bet: b.id, coins });
    }
    await tx.query(
      `INSERT INTO coin_bet_credits (valid_bet_id, member_id, coins)
       SELECT b, $1, c FROM unnest($2::bigint[], $3::bigint[]) AS u(b, c)`,
      [memberId, credits.map((c) => c.bet), credits.map((c) => c.coins)],
    );
    await tx.query('UPDATE coin_carry SET units = $2 WHERE member_id = $1', [memberId, units]);
    let earned = 0;
    for (const c of credits) {
      if (c.coins === 0) continue;
      earned += c.coins;
      await transferIn(tx, {
        id: `coins-bet:${c.bet}`,
        from: COINS_ISSUER,
        to: coinsAccount(memberId),
        amount: c.coins,
        kind: 'coins_bet',
        memo: { validBet: Number(c.bet), rate: perHundred },
      });
    }
    if (earned > 0) await publishMemberChange(tx, { memberId, topic: 'coins' });
    return earned;
  });
}

/** The timer's sweep: every member with valid bets not looked at yet (at most SWEEP_MEMBERS per call). */
export async function sweepCoins(db: Db): Promise<{ members: number; coins: number }> {
  const rate = (await readSiteConfig(db)).coinsPer100Yuan;
  const { rows } = await db.query<{ member_id: string }>(
    `SELECT DISTINCT v.member_id FROM valid_bets v
      WHERE NOT EXISTS (SELECT 1 FROM coin_bet_credits c WHERE c.valid_bet_id = v.id)
      LIMIT ${SWEEP_MEMBERS}`,
  );
  let coins = 0;
  for (const r of rows) coins += await sweepMemberCoins(db, Number(r.member_id), rate);
  return { members: rows.length, coins };
}

/**
 * Grants coins inside the caller's transaction (activities, the operator): once per id (the ledger transfer's
 * id is `coins-grant:<id>`), kind `coins_<reason>` where reason is lower-case words (e.g. 'activity_signin').
 * Pushes 'coins' to the member on commit.
 */
export async function grantCoins(
  tx: Queryable,
  g: { id: string; memberId: number; coins: number; reason: string; memo?: Record<string, unknown> },
): Promise<void> {
  if (!Number.isSafeInteger(g.coins) || g.coins <= 0) throw new Error('coins are a positive whole number');
  if (!/^[a-z][a-z_]{1,24}$/.test(g.reason)) throw new Error('a coins reason is lower-case words');
  await transferIn(tx, {
    id: `coins-grant:${g.id}`,
    from: COINS_ISSUER,
    to: coinsAccount(g.memberId),
    amount: g.coins,
    kind: `coins_${g.reason}`,
    memo: g.memo ?? {},
  });
  await publishMemberChange(tx, { memberId: g.memberId, topic: 'coins' });
}
