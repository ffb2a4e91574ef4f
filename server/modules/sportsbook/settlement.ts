// Settlement (issue 11 §4; docs/sportsbook.md "Settlement"). A match's decision is written once (the clock's
// final score when the sandbox clock ends it, or an operator's result or cancellation first); then every open
// bet whose legs are all decided is settled, each in ONE transaction: the bet row is locked while open, marked
// settled with its status, payout and valid bet, the payout moves house → venue wallet (ledger id
// `sb-pay:{orderNo}`: at most once), and the valid bet goes to the withdrawal audit (recordValidBet: once per
// bet). A bet already settled is left alone, so settling again, sweeping twice, two nodes sweeping at once or a
// sweep restarted after a crash pay each bet exactly once.
import type { BetLeg } from '../../../src/protocol/sportsbook.ts';
import type { Db } from '../../db/db.ts';
import { transferIn } from '../ledger/ledger.ts';
import { recordValidBet } from '../withdrawal/audit.ts';
import { sandboxNow } from './clock.ts';
import { endedByClock, finalScoreOf, type Decision } from './engine/engine.ts';
import { fixtureById } from './engine/fixtures.ts';
import {
  betOutcome,
  isTwoWay,
  legResult,
  OPPOSITE,
  unhedgedStake,
  validBetOf,
  type LegResult,
} from './engine/settle.ts';
import {
  insertDecision,
  lockOpenBet,
  markSettled,
  selectDecisions,
  selectLegs,
  selectOpenBetsOfMatch,
  selectSettleableBets,
  selectSingleStakesByPick,
  selectUndecidedMatches,
  toSportsBet,
} from './repository.ts';
import { payoutTransferId, SPORTSBOOK_VENUE_CODES, type Ctx } from './service.ts';
import type { SportsBet } from '../../../src/protocol/sportsbook.ts';

/** Bets settled per query of a sweep (it asks again until none are left). */
export const SETTLE_BATCH = 200;

/**
 * Settles one bet if it is open and all its matches are decided; answers the settled bet, or null (already
 * settled, or still waiting on a match).
 */
export async function settleBet(db: Db, betId: string): Promise<SportsBet | null> {
  return db.transaction(async (tx) => {
    const bet = await lockOpenBet(tx, betId);
    if (!bet) return null;
    const legs = await selectLegs(tx, betId);
    const decisions = await selectDecisions(
      tx,
      legs.map((l) => l.match_id),
    );
    if (legs.length === 0 || legs.some((l) => !decisions.has(l.match_id))) return null;
    const results: LegResult[] = legs.map((l) =>
      legResult(
        { market: l.market, lineQuarters: l.line_quarters, pick: l.pick },
        decisions.get(l.match_id)!,
      ),
    );
    const stake = Number(bet.stake);
    const { status, payout } = betOutcome(
      stake,
      legs.map((l, i) => ({ odds: l.odds, result: results[i]! })),
    );
    // The valid bet: a single on a two-way market counts only its unhedged part (the member's singles on the
    // other side of the same market cancel out); a parlay its stake.
    let base = stake;
    const only = legs[0]!;
    if (legs.length === 1 && isTwoWay(only.match_id, only.market)) {
      const byPick = await selectSingleStakesByPick(
        tx,
        Number(bet.member_id),
        only.match_id,
        only.market,
        only.line_quarters,
      );
      const other = OPPOSITE[only.pick];
      base = unhedgedStake(stake, byPick.get(only.pick) ?? 0, other ? (byPick.get(other) ?? 0) : 0);
    }
    const validBet = validBetOf(status, base);
    const settledLegs: BetLeg[] = bet.detail.legs.map((l, i) => ({ ...l, status: results[i] ?? l.status }));
    const row = await markSettled(tx, betId, { status, payout, validBet, legs: settledLegs });
    if (!row) return null;
    const memberId = Number(bet.member_id);
    if (payout > 0) {
      await transferIn(tx, {
        id: payoutTransferId(bet.order_no),
        from: { kind: 'house', venue: bet.venue },
        to: { memberId, kind: 'venue', venue: bet.venue },
        amount: payout,
        kind: status === 'void' ? 'bet_refund' : 'bet_payout',
        memo: { orderNo: bet.order_no, status },
      });
    }
    if (validBet > 0)
      await recordValidBet(tx, { memberId, venue: bet.venue, betId: bet.order_no, amount: validBet });
    return toSportsBet(row);
  });
}

/** Settles the open bets of one match that are ready (parlays waiting on other matches stay open). */
export async function settleMatchBets(db: Db, matchId: string): Promise<SportsBet[]> {
  const out: SportsBet[] = [];
  for (const id of await selectOpenBetsOfMatch(db, matchId)) {
    const bet = await settleBet(db, id);
    if (bet) out.push(bet);
  }
  return out;
}

export interface SweepResult {
  /** Matches the clock ended in this sweep (their decisions written now). */
  decided: string[];
  settled: SportsBet[];
}

/**
 * One settlement sweep: writes the clock's result of every match open bets wait on that the sandbox clock has
 * ended, then settles every open bet whose matches are all decided. Safe to run anywhere, any number of times.
 */
export async function sweep(ctx: Ctx): Promise<SweepResult> {
  const { db, config } = ctx;
  const now = await sandboxNow(db);
  const decided: string[] = [];
  for (const matchId of await selectUndecidedMatches(db, SPORTSBOOK_VENUE_CODES)) {
    const f = fixtureById(config.seed, matchId);
    if (!f || !endedByClock(config, f, now)) continue;
    const { written } = await insertDecision(
      db,
      matchId,
      { state: 'ended', ...finalScoreOf(config, f) },
      'clock',
    );
    if (written) decided.push(matchId);
  }
  const settled: SportsBet[] = [];
  for (;;) {
    const ids = await selectSettleableBets(db, SPORTSBOOK_VENUE_CODES, SETTLE_BATCH);
    let progressed = false;
    for (const id of ids) {
      const bet = await settleBet(db, id);
      if (bet) {
        settled.push(bet);
        progressed = true;
      }
    }
    if (ids.length < SETTLE_BATCH || !progressed) break;
  }
  return { decided, settled };
}

export type DecideRefusal = { refused: string };

/**
 * An operator's decision on a match (`sportsbook settle <id> <h>:<a>` / `sportsbook cancel <id>`): written if
 * the match has none yet, answered as it stands when it already has the same one, refused when it has another.
 * Then the match's ready bets are settled.
 */
export async function decideMatch(
  ctx: Ctx,
  matchId: string,
  decision: Decision,
): Promise<{ decision: Decision; written: boolean; settled: SportsBet[] } | DecideRefusal> {
  const { decision: stored, source, written } = await insertDecision(ctx.db, matchId, decision, 'operator');
  const same =
    stored.state === decision.state &&
    (stored.state === 'cancelled' ||
      (decision.state === 'ended' && stored.home === decision.home && stored.away === decision.away));
  if (!same) {
    const what = stored.state === 'cancelled' ? 'cancelled' : `ended ${stored.home}:${stored.away}`;
    return { refused: `match ${matchId} is already ${what} (by the ${source})` };
  }
  return { decision: stored, written, settled: await settleMatchBets(ctx.db, matchId) };
}
