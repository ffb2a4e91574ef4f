import { CODE } from '../../../src/protocol/api.ts';
import { formatStoredPhone, parseStoredPhone } from '../../../src/protocol/member.ts';
import { FEN_PER_YUAN } from '../../../src/protocol/money.ts';
import {
  REBATE_PAGE_SIZE_DEFAULT,
  type RebateHistory,
  type RebateHistoryRequest,
  type RebateLine,
  type RebatePayment,
  type RebateSource,
  type RebateSummary,
} from '../../../src/protocol/rebate.ts';
import { PLATFORMS, type Platform } from '../../../src/protocol/venues.ts';
import { REBATE_MIN_CLAIM_YUAN, vipLevel } from '../../../src/protocol/vip.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { ApiError } from '../../http/envelope.ts';
import { publishMemberChange } from '../../stream/channels.ts';
import { transferIn } from '../ledger/ledger.ts';
import { REBATE_MESSAGE } from './messages.ts';

// Rebate (返水, issue 13 §4; docs/rebate.md).
//
// - What is rebated: settled valid bets (`valid_bets`) of a venue whose category (`venues.platform`) is known, not
//   yet linked to a payment (`rebate_bets`). Each bet is linked to at most one payment (the primary key), in the
//   payment's transaction.
// - The rate: the member's level now (`members.vip_level`), `vipLevel(l).rebateBp[category]`.
// - Rounding: per category, floor(valid bet × bp / 10 000) fen; the payment is the sum of its categories.
// - The cap: at most `rebateDailyCapYuan` of the level paid per Asia/Shanghai day (claims of that day and the
//   end-of-day payment of that day together); a payment the cap cuts pays what is left and still covers all its
//   bets (the rest is forfeited, as the page says). The minimum: a payment needs REBATE_MIN_CLAIM_YUAN computed.
// - Claims: the caller-made requestId is the idempotency key (ledger transfer `rebate:<member>:<requestId>`).
// - The end-of-day job (`payDue`): after an Asia/Shanghai day ends, every member's unclaimed rebate of bets
//   settled before it ended is paid (transfer `rebate-auto:<member>:<day>`), counted against that day's cap.
// - One member's payments one at a time: the member's row is locked first (FOR NO KEY UPDATE, as withdrawals).

const SHANGHAI_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 24 * 3600_000;

/** The Asia/Shanghai calendar day (YYYY-MM-DD) of an instant (UTC+8, no daylight saving). */
export const shanghaiDay = (at: Date): string =>
  new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
/** The instant an Asia/Shanghai day starts. */
export const shanghaiDayStart = (day: string): Date => new Date(`${day}T00:00:00+08:00`);
/** The day before. */
export const dayBefore = (day: string): string =>
  new Date(shanghaiDayStart(day).getTime() - DAY_MS + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);

/** The rebate of a valid bet at a rate: floor to the fen (integer arithmetic). */
export const rebateOf = (validBet: number, bp: number): number =>
  Number((BigInt(validBet) * BigInt(bp)) / 10_000n);

export const minimumFen = () => REBATE_MIN_CLAIM_YUAN * FEN_PER_YUAN;
export const capFen = (level: number) => vipLevel(level).rebateDailyCapYuan * FEN_PER_YUAN;

export const claimIdOf = (memberId: number, requestId: string) => `rebate:${memberId}:${requestId}`;
export const autoIdOf = (memberId: number, day: string) => `rebate-auto:${memberId}:${day}`;

interface Unclaimed {
  ids: string[];
  byPlatform: Map<Platform, number>;
  from: Date | null;
  to: Date | null;
}

/** Valid bets of the member not rebated yet, settled at or before `until`, by category. */
async function selectUnclaimed(
  q: Queryable,
  memberId: number,
  until: Date,
  strict: boolean,
): Promise<Unclaimed> {
  const { rows } = await q.query<{
    id: string;
    amount: string | number;
    platform: Platform;
    settled_at: Date | string;
  }>(
    // settled_at has microseconds, `until` (a JS Date) milliseconds: a bet settled in the same millisecond as the
    // claim would otherwise be after it (found on PostgreSQL: the last bet before a claim was left out).
    `SELECT vb.id::text AS id, vb.amount, v.platform, vb.settled_at
       FROM valid_bets vb JOIN venues v ON v.code = vb.venue
      WHERE vb.member_id = $1 AND date_trunc('milliseconds', vb.settled_at) ${strict ? '<' : '<='} $2
        AND NOT EXISTS (SELECT 1 FROM rebate_bets rb WHERE rb.valid_bet_id = vb.id)`,
    [memberId, until.toISOString()],
  );
  const out: Unclaimed = { ids: [], byPlatform: new Map(), from: null, to: null };
  for (const r of rows) {
    out.ids.push(r.id);
    out.byPlatform.set(r.platform, (out.byPlatform.get(r.platform) ?? 0) + Number(r.amount));
    const at = new Date(r.settled_at);
    if (!out.from || at < out.from) out.from = at;
    if (!out.to || at > out.to) out.to = at;
  }
  return out;
}

/** The lines (every category, PLATFORMS order) of valid bets by category at a level. */
export function linesOf(level: number, byPlatform: ReadonlyMap<Platform, number>): RebateLine[] {
  const rates = vipLevel(level).rebateBp;
  return PLATFORMS.map((platform) => {
    const validBet = byPlatform.get(platform) ?? 0;
    return { platform, validBet, rateBp: rates[platform], amount: rebateOf(validBet, rates[platform]) };
  });
}

const sum = (lines: RebateLine[], k: 'validBet' | 'amount') => lines.reduce((s, l) => s + l[k], 0);

async function levelOf(q: Queryable, memberId: number, lock: boolean): Promise<number> {
  const { rows } = await q.query<{ vip_level: number }>(
    `SELECT vip_level FROM members WHERE id = $1${lock ? ' FOR NO KEY UPDATE' : ''}`,
    [memberId],
  );
  if (!rows[0]) throw new Error(`no member ${memberId}`);
  return Number(rows[0].vip_level);
}

async function paidOn(q: Queryable, memberId: number, day: string): Promise<number> {
  const { rows } = await q.query<{ s: string | number | null }>(
    'SELECT sum(amount) AS s FROM rebate_payments WHERE member_id = $1 AND cap_day = $2::date',
    [memberId, day],
  );
  return Number(rows[0]?.s ?? 0);
}

/** What is claimable now (issue 13 §4: per category valid bet, rate, amount), with the cap and the minimum. */
export async function rebateSummary(
  q: Queryable,
  memberId: number,
  now = new Date(),
): Promise<RebateSummary> {
  const level = await levelOf(q, memberId, false);
  const unclaimed = await selectUnclaimed(q, memberId, now, false);
  const lines = linesOf(level, unclaimed.byPlatform);
  const total = sum(lines, 'amount');
  const cap = capFen(level);
  const paidToday = await paidOn(q, memberId, shanghaiDay(now));
  const capLeft = Math.max(0, cap - paidToday);
  const minimum = minimumFen();
  return {
    level,
    lines,
    total,
    minimum,
    cap,
    paidToday,
    capLeft,
    payable: total >= minimum ? Math.min(total, capLeft) : 0,
  };
}

interface PaymentRow {
  id: string;
  source: RebateSource;
  level: number;
  valid_bet: string | number;
  computed: string | number;
  amount: string | number;
  period_from: Date | string;
  period_to: Date | string;
  lines: RebateLine[] | string;
  created_at: Date | string;
}

const iso = (v: Date | string) => new Date(v).toISOString();

function paymentView(r: PaymentRow): RebatePayment {
  return {
    id: r.id,
    source: r.source,
    periodFrom: iso(r.period_from),
    periodTo: iso(r.period_to),
    level: Number(r.level),
    validBet: Number(r.valid_bet),
    computed: Number(r.computed),
    amount: Number(r.amount),
    lines: typeof r.lines === 'string' ? (JSON.parse(r.lines) as RebateLine[]) : r.lines,
    createdAt: iso(r.created_at),
  };
}

const PAYMENT_COLUMNS =
  'id, source, level, valid_bet, computed, amount, period_from, period_to, lines, created_at';

/**
 * Pays the unclaimed rebate in the caller's transaction (the member's row is locked first). Answers the payment,
 * or why nothing was paid. The bets are linked to it in the same transaction.
 */
async function payIn(
  tx: Queryable,
  p: {
    memberId: number;
    id: string;
    source: RebateSource;
    requestId: string | null;
    until: Date;
    strict: boolean;
    capDay: string;
  },
): Promise<{ paid: RebatePayment } | { refused: 'nothing' | 'minimum' | 'cap'; total: number; cap: number }> {
  const level = await levelOf(tx, p.memberId, true);
  const unclaimed = await selectUnclaimed(tx, p.memberId, p.until, p.strict);
  const lines = linesOf(level, unclaimed.byPlatform).filter((l) => l.validBet > 0);
  const computed = sum(lines, 'amount');
  const cap = capFen(level);
  if (computed <= 0) return { refused: 'nothing', total: 0, cap };
  if (computed < minimumFen()) return { refused: 'minimum', total: computed, cap };
  const capLeft = Math.max(0, cap - (await paidOn(tx, p.memberId, p.capDay)));
  if (capLeft <= 0) return { refused: 'cap', total: computed, cap };
  const amount = Math.min(computed, capLeft);
  await transferIn(tx, {
    id: p.id,
    from: { kind: 'promotions' },
    to: { memberId: p.memberId, kind: 'central' },
    amount,
    kind: 'rebate',
    memo: { source: p.source, level, computed, capDay: p.capDay },
  });
  const { rows } = await tx.query<PaymentRow>(
    `INSERT INTO rebate_payments
       (id, member_id, source, request_id, level, valid_bet, computed, amount, cap_day, period_from, period_to, lines, transfer_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::date, $10, $11, $12::jsonb, $1)
     RETURNING ${PAYMENT_COLUMNS}`,
    [
      p.id,
      p.memberId,
      p.source,
      p.requestId,
      level,
      sum(lines, 'validBet'),
      computed,
      amount,
      p.capDay,
      unclaimed.from!.toISOString(),
      unclaimed.to!.toISOString(),
      JSON.stringify(lines),
    ],
  );
  await tx.query('INSERT INTO rebate_bets (valid_bet_id, payment_id) SELECT unnest($1::bigint[]), $2', [
    unclaimed.ids,
    p.id,
  ]);
  await publishMemberChange(tx, { memberId: p.memberId, topic: 'rebate' });
  return { paid: paymentView(rows[0]!) };
}

async function paymentById(q: Queryable, id: string): Promise<RebatePayment | null> {
  const { rows } = await q.query<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM rebate_payments WHERE id = $1`, [
    id,
  ]);
  return rows[0] ? paymentView(rows[0]) : null;
}

/**
 * The player claims everything claimable now. The same requestId answers the same payment. Codes: 31041 (nothing,
 * or less than the minimum), 31042 (today's cap used up).
 */
export async function claimRebate(
  db: Db,
  memberId: number,
  requestId: string,
  now = new Date(),
): Promise<RebatePayment> {
  const id = claimIdOf(memberId, requestId);
  const out = await db.transaction(async (tx) => {
    await levelOf(tx, memberId, true);
    const again = await paymentById(tx, id);
    if (again) return { paid: again };
    return payIn(tx, {
      memberId,
      id,
      source: 'claim',
      requestId,
      until: now,
      strict: false,
      capDay: shanghaiDay(now),
    });
  });
  if ('paid' in out) return out.paid;
  if (out.refused === 'cap') throw new ApiError(CODE.rebateCapReached, REBATE_MESSAGE.capReached(out.cap));
  if (out.refused === 'minimum')
    throw new ApiError(CODE.rebateNothing, REBATE_MESSAGE.belowMinimum(out.total, minimumFen()));
  throw new ApiError(CODE.rebateNothing, REBATE_MESSAGE.nothing);
}

/**
 * The end-of-day job: for the Asia/Shanghai day that ended last before `now`, pays every member's unclaimed rebate
 * of bets settled before it ended (one payment per member and day, counted against that day's cap). Members below
 * the minimum, or whose cap of that day is used up, keep their bets for later. Idempotent: answers how many
 * payments it made now.
 */
export async function payDue(db: Db, now = new Date()): Promise<{ day: string; paid: RebatePayment[] }> {
  const today = shanghaiDay(now);
  const day = dayBefore(today);
  const until = shanghaiDayStart(today);
  const { rows } = await db.query<{ member_id: string }>(
    `SELECT DISTINCT vb.member_id::text AS member_id
       FROM valid_bets vb JOIN venues v ON v.code = vb.venue
      WHERE vb.settled_at < $1 AND NOT EXISTS (SELECT 1 FROM rebate_bets rb WHERE rb.valid_bet_id = vb.id)
        AND NOT EXISTS (SELECT 1 FROM rebate_payments p WHERE p.id = 'rebate-auto:' || vb.member_id || ':' || $2)`,
    [until.toISOString(), day],
  );
  const paid: RebatePayment[] = [];
  for (const r of rows) {
    const memberId = Number(r.member_id);
    const id = autoIdOf(memberId, day);
    const out = await db.transaction(async (tx) => {
      await levelOf(tx, memberId, true);
      if (await paymentById(tx, id)) return null;
      return payIn(tx, { memberId, id, source: 'auto', requestId: null, until, strict: true, capDay: day });
    });
    if (out && 'paid' in out) paid.push(out.paid);
  }
  return { day, paid };
}

/** The member's rebate payments, newest first, filtered by the Asia/Shanghai day they were made. */
export async function rebateHistory(
  q: Queryable,
  memberId: number,
  req: RebateHistoryRequest,
): Promise<RebateHistory> {
  const page = req.page ?? 1;
  const size = req.size ?? REBATE_PAGE_SIZE_DEFAULT;
  const from = req.from ? shanghaiDayStart(req.from).toISOString() : null;
  const to = req.to ? new Date(shanghaiDayStart(req.to).getTime() + DAY_MS).toISOString() : null;
  const where = `member_id = $1 AND ($2::timestamptz IS NULL OR created_at >= $2) AND ($3::timestamptz IS NULL OR created_at < $3)`;
  const [{ rows }, count] = [
    await q.query<PaymentRow>(
      `SELECT ${PAYMENT_COLUMNS} FROM rebate_payments WHERE ${where}
        ORDER BY created_at DESC, id DESC LIMIT $4 OFFSET $5`,
      [memberId, from, to, size, (page - 1) * size],
    ),
    await q.query<{ n: string | number }>(`SELECT count(*) AS n FROM rebate_payments WHERE ${where}`, [
      memberId,
      from,
      to,
    ]),
  ];
  return { items: rows.map(paymentView), total: Number(count.rows[0]!.n), page, size };
}

/** For the operator: a member's id by phone ("(86)13712345678" or the bare CN number). */
export async function memberIdByPhone(q: Queryable, phone: string): Promise<number | null> {
  const { countryCode, number } = parseStoredPhone(phone);
  const { rows } = await q.query<{ id: string }>('SELECT id::text AS id FROM members WHERE phone = $1', [
    formatStoredPhone(countryCode, number),
  ]);
  return rows[0] ? Number(rows[0].id) : null;
}

/** The ledger and the links agree: every payment has its transfer (kind 'rebate', same amount) and ≥ 1 bet. */
export async function checkRebates(q: Queryable): Promise<{ problems: string[] }> {
  const { rows } = await q.query<{ id: string; problem: string }>(
    `SELECT p.id, 'transfer' AS problem FROM rebate_payments p LEFT JOIN ledger_transfers t ON t.id = p.transfer_id
      WHERE t.id IS NULL OR t.amount <> p.amount OR t.kind <> 'rebate' OR t.state <> 'posted'
     UNION ALL
     SELECT p.id, 'no bets' FROM rebate_payments p
      WHERE NOT EXISTS (SELECT 1 FROM rebate_bets b WHERE b.payment_id = p.id)
     UNION ALL
     SELECT p.id, 'valid bet' FROM rebate_payments p
      WHERE p.valid_bet <> (SELECT coalesce(sum(vb.amount), 0) FROM rebate_bets b JOIN valid_bets vb ON vb.id = b.valid_bet_id WHERE b.payment_id = p.id)`,
  );
  return { problems: rows.map((r) => `${r.id}: ${r.problem}`) };
}
