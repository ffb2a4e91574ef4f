// A game's money (issue 12 §3; docs/games.md "Money"): every stake and every payout is one ledger transfer
// between the member's venue wallet and the venue's house account, written in the same database transaction as
// the bet's row in `bets` (migration 013), so a bet exists exactly when its stake moved. The request id the page
// makes is the idempotency key: the same id answers the first bet (or 41004 when the bet differs). The ledger
// (the database) refuses a stake the venue wallet cannot afford: the bet is then not written (41002).
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/db.ts';
import { LedgerError, transferIn, transferManyIn } from '../ledger/ledger.ts';
import { recordValidBet, recordValidBets } from '../withdrawal/audit.ts';
import type { GamesCaller } from './context.ts';
import { gamesError } from './errors.ts';

const ORDER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 'GM' + UTC yyyymmddhhmmss + 8 random characters. */
export function newGameOrderNo(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  let tail = '';
  for (const b of randomBytes(8)) tail += ORDER_ALPHABET[b % ORDER_ALPHABET.length];
  return `GM${stamp}${tail}`;
}

export const gameStakeTransferId = (orderNo: string) => `gm-stake:${orderNo}`;
export const gamePayoutTransferId = (orderNo: string) => `gm-pay:${orderNo}`;

export type GameBetStatus = 'open' | 'won' | 'lost' | 'push' | 'void';

/** A settled bet's status from what it paid: more than the stake won, the stake back a push, less lost. */
export function statusOf(stake: number, payout: number): Exclude<GameBetStatus, 'open' | 'void'> {
  if (payout > stake) return 'won';
  if (payout === stake) return 'push';
  return 'lost';
}

export interface NewGameBet {
  requestId: string;
  /** The bet record's words: the game (its name), the play and the pick. */
  game: string;
  play: string;
  pick: string;
  /** fen, > 0. */
  stake: number;
  /** The catalogue code of the game (kept in detail.code). */
  code: string;
  /** The shared round the bet waits for, or the seed pair and nonce of a per-player round. */
  roundId?: string | null;
  seed?: { seedId: number; nonce: number } | null;
  /** The game's own detail (stored in detail.bet). */
  detail?: Record<string, unknown>;
  /**
   * What makes a retry the same bet: a repeated request id with another fingerprint is refused (41004). E.g.
   * `${round}|${play}|${pick}|${stake}`.
   */
  fingerprint: string;
}

export interface GameBetRow {
  id: string;
  order_no: string;
  member_id: string | number;
  venue: string;
  request_id: string;
  game: string;
  play: string;
  pick: string;
  stake: string | number;
  valid_bet: string | number;
  payout: string | number;
  status: GameBetStatus;
  detail: { code?: string; fingerprint?: string; bet?: Record<string, unknown>; outcome?: unknown };
  round_id: string | null;
  seed_id: string | number | null;
  nonce: number | null;
  placed_at: Date | string;
  settled_at: Date | string | null;
}

export const GAME_BET_COLUMNS =
  'id, order_no, member_id, venue, request_id, game, play, pick, stake, valid_bet, payout, status, detail, round_id, seed_id, nonce, placed_at, settled_at';

/** Thrown inside the transaction when the venue wallet cannot afford the stake (the caller adds the balances). */
export class StakeRefused extends Error {
  constructor(readonly stake: number) {
    super('insufficient');
  }
}

/**
 * Writes a bet and moves its stake (member venue wallet → the venue's house account), inside the caller's
 * transaction. Answers the row and whether it is new; a repeated request id answers its first bet (created
 * false) when the fingerprint matches, else 41004. Throws StakeRefused when the wallet cannot afford it (the
 * caller's transaction must then roll back: nothing is written).
 */
export async function stakeBet(
  tx: Queryable,
  caller: Pick<GamesCaller, 'memberId' | 'venue'>,
  bet: NewGameBet,
): Promise<{ row: GameBetRow; created: boolean }> {
  const orderNo = newGameOrderNo();
  const detail = { code: bet.code, fingerprint: bet.fingerprint, bet: bet.detail ?? {} };
  const { rows } = await tx.query<GameBetRow>(
    `INSERT INTO bets (order_no, member_id, venue, request_id, game, play, pick, stake, detail, round_id, seed_id, nonce)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12)
     ON CONFLICT ON CONSTRAINT bets_request_once DO NOTHING
     RETURNING ${GAME_BET_COLUMNS}`,
    [
      orderNo,
      caller.memberId,
      caller.venue.code,
      bet.requestId,
      bet.game,
      bet.play,
      bet.pick,
      bet.stake,
      JSON.stringify(detail),
      bet.roundId ?? null,
      bet.seed?.seedId ?? null,
      bet.seed?.nonce ?? null,
    ],
  );
  const row = rows[0];
  if (!row) {
    const first = await betByRequest(tx, caller.memberId, bet.requestId);
    if (!first || first.venue !== caller.venue.code || first.detail?.fingerprint !== bet.fingerprint)
      throw gamesError('duplicateRequest');
    return { row: first, created: false };
  }
  try {
    await transferIn(tx, {
      id: gameStakeTransferId(orderNo),
      from: { memberId: caller.memberId, kind: 'venue', venue: caller.venue.code },
      to: { kind: 'house', venue: caller.venue.code },
      amount: bet.stake,
      kind: 'bet_stake',
      memo: { orderNo, game: bet.code },
    });
  } catch (err) {
    if (err instanceof LedgerError && err.refusal === 'insufficient') throw new StakeRefused(bet.stake);
    throw err;
  }
  return { row, created: true };
}

export async function betByRequest(
  q: Queryable,
  memberId: number,
  requestId: string,
): Promise<GameBetRow | null> {
  const { rows } = await q.query<GameBetRow>(
    `SELECT ${GAME_BET_COLUMNS} FROM bets WHERE member_id = $1 AND request_id = $2`,
    [memberId, requestId],
  );
  return rows[0] ?? null;
}

export interface Settlement {
  /** fen paid back to the venue wallet (0 for a loss); the stake included. */
  payout: number;
  /** The turnover the bet counts (fen): usually the stake, 0 for a push or a refund. */
  validBet: number;
  /** Defaults to statusOf(stake, payout). */
  status?: Exclude<GameBetStatus, 'open'>;
  /** The engine's outcome of the bet (what the verify view recomputes), stored in detail.outcome. */
  outcome?: unknown;
}

/**
 * Settles one open bet inside the caller's transaction: the row is marked settled only while it is open (so a
 * second settlement, a second node or a retried sweep changes nothing), then the payout moves house → venue
 * wallet (ledger id gm-pay:{orderNo}, at most once) and the valid bet goes to the withdrawal audit (once).
 * Answers the settled row, or null when it was no longer open.
 */
export async function settleGameBet(
  tx: Queryable,
  betId: string | number,
  s: Settlement,
): Promise<GameBetRow | null> {
  const { rows: open } = await tx.query<{ stake: string | number }>(
    "SELECT stake FROM bets WHERE id = $1 AND status = 'open' FOR UPDATE",
    [betId],
  );
  if (!open[0]) return null;
  const stake = Number(open[0].stake);
  if (!Number.isSafeInteger(s.payout) || s.payout < 0) throw new Error(`bad payout ${s.payout}`);
  if (!Number.isSafeInteger(s.validBet) || s.validBet < 0) throw new Error(`bad valid bet ${s.validBet}`);
  const status = s.status ?? statusOf(stake, s.payout);
  const { rows } = await tx.query<GameBetRow>(
    `UPDATE bets SET status = $2, payout = $3, valid_bet = $4, settled_at = now(),
            detail = detail || jsonb_build_object('outcome', $5::jsonb)
      WHERE id = $1 AND status = 'open'
      RETURNING ${GAME_BET_COLUMNS}`,
    [betId, status, s.payout, s.validBet, JSON.stringify(s.outcome ?? null)],
  );
  const row = rows[0];
  if (!row) return null;
  const memberId = Number(row.member_id);
  if (s.payout > 0) {
    await transferIn(tx, {
      id: gamePayoutTransferId(row.order_no),
      from: { kind: 'house', venue: row.venue },
      to: { memberId, kind: 'venue', venue: row.venue },
      amount: s.payout,
      kind: status === 'void' ? 'bet_refund' : 'bet_payout',
      memo: { orderNo: row.order_no, status },
    });
  }
  if (s.validBet > 0)
    await recordValidBet(tx, { memberId, venue: row.venue, betId: row.order_no, amount: s.validBet });
  return row;
}

/**
 * settleGameBet for many bets at once inside the caller's transaction (a shared round's draw): one UPDATE marks
 * the ones still open settled, one ledger statement pays them (transferManyIn: each pay transfer gm-pay:{orderNo}
 * at most once), one statement posts their valid bets. A bet no longer open is left alone (not paid again).
 * Answers the rows settled now.
 */
export async function settleGameBets(
  tx: Queryable,
  items: ReadonlyArray<{ bet: Pick<GameBetRow, 'id' | 'stake'>; settlement: Settlement }>,
): Promise<GameBetRow[]> {
  if (items.length === 0) return [];
  const values = items.map(({ bet, settlement: s }) => {
    if (!Number.isSafeInteger(s.payout) || s.payout < 0) throw new Error(`bad payout ${s.payout}`);
    if (!Number.isSafeInteger(s.validBet) || s.validBet < 0) throw new Error(`bad valid bet ${s.validBet}`);
    return {
      id: String(bet.id),
      status: s.status ?? statusOf(Number(bet.stake), s.payout),
      payout: s.payout,
      valid: s.validBet,
      outcome: s.outcome ?? null,
    };
  });
  const { rows } = await tx.query<GameBetRow>(
    `UPDATE bets b SET status = u.status, payout = u.payout, valid_bet = u.valid, settled_at = now(),
            detail = b.detail || jsonb_build_object('outcome', u.outcome)
       FROM jsonb_to_recordset($1::jsonb) AS u(id bigint, status text, payout bigint, valid bigint, outcome jsonb)
      WHERE b.id = u.id AND b.status = 'open'
      RETURNING ${GAME_BET_COLUMNS.split(', ')
        .map((c) => `b.${c}`)
        .join(', ')}`,
    [JSON.stringify(values)],
  );
  const paying = rows.filter((r) => Number(r.payout) > 0);
  await transferManyIn(
    tx,
    paying.map((r) => ({
      id: gamePayoutTransferId(r.order_no),
      from: { kind: 'house' as const, venue: r.venue },
      to: { memberId: Number(r.member_id), kind: 'venue' as const, venue: r.venue },
      amount: Number(r.payout),
      kind: r.status === 'void' ? 'bet_refund' : 'bet_payout',
      memo: { orderNo: r.order_no, status: r.status },
    })),
  );
  await recordValidBets(
    tx,
    rows
      .filter((r) => Number(r.valid_bet) > 0)
      .map((r) => ({
        memberId: Number(r.member_id),
        venue: r.venue,
        betId: r.order_no,
        amount: Number(r.valid_bet),
      })),
  );
  return rows;
}
