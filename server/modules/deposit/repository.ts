import type { Queryable } from '../../db/db.ts';

// SQL of the deposit area (migration 007): channels, orders, turnover requirements. Amounts are integer fen.

export type ChannelKind = 'bank' | 'ewallet' | 'digital_rmb' | 'usdt';
export type OrderState = 'pending' | 'paid' | 'expired' | 'cancelled';

export interface ChannelRow {
  code: string;
  name: string;
  kind: ChannelKind;
  minFen: number;
  maxFen: number;
  presets: number[];
  bonusBp: number;
  bonusCapFen: number | null;
  feeBp: number;
  feeCapFen: number | null;
  turnoverMultiple: number;
  bonusTurnoverMultiple: number;
  usdtRateFen: number | null;
  open: boolean;
  sort: number;
}

interface RawChannel {
  code: string;
  name: string;
  kind: ChannelKind;
  min_fen: string | number;
  max_fen: string | number;
  presets: Array<string | number> | string;
  bonus_bp: number;
  bonus_cap_fen: string | number | null;
  fee_bp: number;
  fee_cap_fen: string | number | null;
  turnover_multiple: number;
  bonus_turnover_multiple: number;
  usdt_rate_fen: number | null;
  open: boolean;
  sort: number;
}

const num = (v: string | number | null): number | null => (v === null ? null : Number(v));

/** bigint[] arrives as an array (pg, PGlite) or, from some drivers, as '{1,2}' text. */
function presetsOf(v: Array<string | number> | string): number[] {
  if (Array.isArray(v)) return v.map(Number);
  const inner = v.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',').map(Number) : [];
}

function toChannel(r: RawChannel): ChannelRow {
  return {
    code: r.code,
    name: r.name,
    kind: r.kind,
    minFen: Number(r.min_fen),
    maxFen: Number(r.max_fen),
    presets: presetsOf(r.presets),
    bonusBp: Number(r.bonus_bp),
    bonusCapFen: num(r.bonus_cap_fen),
    feeBp: Number(r.fee_bp),
    feeCapFen: num(r.fee_cap_fen),
    turnoverMultiple: Number(r.turnover_multiple),
    bonusTurnoverMultiple: Number(r.bonus_turnover_multiple),
    usdtRateFen: num(r.usdt_rate_fen),
    open: r.open,
    sort: Number(r.sort),
  };
}

const CHANNEL_COLUMNS = `code, name, kind, min_fen, max_fen, presets, bonus_bp, bonus_cap_fen, fee_bp, fee_cap_fen,
  turnover_multiple, bonus_turnover_multiple, usdt_rate_fen, open, sort`;

export async function selectChannels(q: Queryable): Promise<ChannelRow[]> {
  const { rows } = await q.query<RawChannel>(
    `SELECT ${CHANNEL_COLUMNS} FROM deposit_channels ORDER BY sort, code`,
  );
  return rows.map(toChannel);
}

export async function selectChannel(q: Queryable, code: string): Promise<ChannelRow | null> {
  const { rows } = await q.query<RawChannel>(
    `SELECT ${CHANNEL_COLUMNS} FROM deposit_channels WHERE code = $1`,
    [code],
  );
  return rows[0] ? toChannel(rows[0]) : null;
}

// ---- orders ------------------------------------------------------------------------------------------------

export interface OrderRow {
  id: string;
  memberId: number;
  requestId: string;
  channel: string;
  channelName: string;
  channelKind: ChannelKind;
  amount: number;
  bonus: number;
  fee: number;
  turnoverMultiple: number;
  bonusTurnoverMultiple: number;
  state: OrderState;
  expiresAt: Date;
  usdtAddress: string | null;
  usdtRateFen: number | null;
  usdtMicro: number | null;
  providerTx: string | null;
  seenAt: Date | null;
  transferId: string | null;
  createdAt: Date;
  settledAt: Date | null;
}

interface RawOrder {
  id: string;
  member_id: string | number;
  request_id: string;
  channel: string;
  channel_name: string;
  channel_kind: ChannelKind;
  amount: string | number;
  bonus: string | number;
  fee: string | number;
  turnover_multiple: number;
  bonus_turnover_multiple: number;
  state: OrderState;
  expires_at: Date | string;
  usdt_address: string | null;
  usdt_rate_fen: number | null;
  usdt_micro: string | number | null;
  provider_tx: string | null;
  seen_at: Date | string | null;
  transfer_id: string | null;
  created_at: Date | string;
  settled_at: Date | string | null;
}

const date = (v: Date | string) => new Date(v);
const maybeDate = (v: Date | string | null) => (v === null ? null : new Date(v));

function toOrder(r: RawOrder): OrderRow {
  return {
    id: r.id,
    memberId: Number(r.member_id),
    requestId: r.request_id,
    channel: r.channel,
    channelName: r.channel_name,
    channelKind: r.channel_kind,
    amount: Number(r.amount),
    bonus: Number(r.bonus),
    fee: Number(r.fee),
    turnoverMultiple: Number(r.turnover_multiple),
    bonusTurnoverMultiple: Number(r.bonus_turnover_multiple),
    state: r.state,
    expiresAt: date(r.expires_at),
    usdtAddress: r.usdt_address,
    usdtRateFen: num(r.usdt_rate_fen),
    usdtMicro: num(r.usdt_micro),
    providerTx: r.provider_tx,
    seenAt: maybeDate(r.seen_at),
    transferId: r.transfer_id,
    createdAt: date(r.created_at),
    settledAt: maybeDate(r.settled_at),
  };
}

const ORDER_SELECT = `SELECT o.id, o.member_id, o.request_id, o.channel, c.name AS channel_name, c.kind AS channel_kind,
  o.amount, o.bonus, o.fee, o.turnover_multiple, o.bonus_turnover_multiple, o.state, o.expires_at, o.usdt_address,
  o.usdt_rate_fen, o.usdt_micro, o.provider_tx, o.seen_at, o.transfer_id, o.created_at, o.settled_at
  FROM deposit_orders o JOIN deposit_channels c ON c.code = o.channel`;

export interface NewOrder {
  id: string;
  memberId: number;
  requestId: string;
  channel: string;
  amount: number;
  bonus: number;
  fee: number;
  turnoverMultiple: number;
  bonusTurnoverMultiple: number;
  expiresInMs: number;
  usdtAddress: string | null;
  usdtRateFen: number | null;
  usdtMicro: number | null;
}

/** Inserts the order unless the member used the request id before; answers whether it was inserted. */
export async function insertOrder(q: Queryable, o: NewOrder): Promise<boolean> {
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO deposit_orders (id, member_id, request_id, channel, amount, bonus, fee, turnover_multiple,
       bonus_turnover_multiple, expires_at, usdt_address, usdt_rate_fen, usdt_micro)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now() + make_interval(secs => $10::double precision / 1000), $11, $12, $13)
     ON CONFLICT (member_id, request_id) DO NOTHING RETURNING id`,
    [
      o.id,
      o.memberId,
      o.requestId,
      o.channel,
      o.amount,
      o.bonus,
      o.fee,
      o.turnoverMultiple,
      o.bonusTurnoverMultiple,
      o.expiresInMs,
      o.usdtAddress,
      o.usdtRateFen,
      o.usdtMicro,
    ],
  );
  return rows.length > 0;
}

export async function selectOrderByRequest(
  q: Queryable,
  memberId: number,
  requestId: string,
): Promise<OrderRow | null> {
  const { rows } = await q.query<RawOrder>(`${ORDER_SELECT} WHERE o.member_id = $1 AND o.request_id = $2`, [
    memberId,
    requestId,
  ]);
  return rows[0] ? toOrder(rows[0]) : null;
}

export async function selectOrder(q: Queryable, id: string): Promise<OrderRow | null> {
  const { rows } = await q.query<RawOrder>(`${ORDER_SELECT} WHERE o.id = $1`, [id]);
  return rows[0] ? toOrder(rows[0]) : null;
}

/** The order, its row locked until the transaction ends (settling waits for any other settler). */
export async function selectOrderForUpdate(q: Queryable, id: string): Promise<OrderRow | null> {
  const { rows } = await q.query<RawOrder>(`${ORDER_SELECT} WHERE o.id = $1 FOR UPDATE OF o`, [id]);
  return rows[0] ? toOrder(rows[0]) : null;
}

export async function selectOrders(
  q: Queryable,
  opts: { memberId?: number; limit: number },
): Promise<OrderRow[]> {
  const { rows } = await q.query<RawOrder>(
    `${ORDER_SELECT} WHERE ($1::bigint IS NULL OR o.member_id = $1) ORDER BY o.created_at DESC, o.id DESC LIMIT $2`,
    [opts.memberId ?? null, opts.limit],
  );
  return rows.map(toOrder);
}

/** Marks the order paid by the transfer; answers false when it was no longer pending. */
export async function markPaid(
  q: Queryable,
  id: string,
  transferId: string,
  providerTx: string,
): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE deposit_orders SET state = 'paid', transfer_id = $2, provider_tx = $3, settled_at = now()
      WHERE id = $1 AND state = 'pending'`,
    [id, transferId, providerTx],
  );
  return rowCount > 0;
}

/** Records that the provider saw the payment (made at seenAt); answers false when it was not pending or seen. */
export async function markSeen(q: Queryable, id: string, providerTx: string, seenAt: Date): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE deposit_orders SET provider_tx = $2, seen_at = $3 WHERE id = $1 AND state = 'pending' AND seen_at IS NULL`,
    [id, providerTx, seenAt.toISOString()],
  );
  return rowCount > 0;
}

export async function markCancelled(q: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE deposit_orders SET state = 'cancelled', settled_at = now() WHERE id = $1 AND state = 'pending'`,
    [id],
  );
  return rowCount > 0;
}

/**
 * Expires pending orders past their expiry on the database clock whose payment nobody has seen (every due one, or
 * only one order's or one member's); answers the ids expired.
 */
export async function expireDue(
  q: Queryable,
  only: { id?: string; memberId?: number } = {},
): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `UPDATE deposit_orders SET state = 'expired', settled_at = now()
      WHERE state = 'pending' AND seen_at IS NULL AND expires_at < now()
        AND ($1::text IS NULL OR id = $1) AND ($2::bigint IS NULL OR member_id = $2)
      RETURNING id`,
    [only.id ?? null, only.memberId ?? null],
  );
  return rows.map((r) => r.id);
}

/** Marks one order expired (a payment made after its expiry was refused). */
export async function markExpired(q: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE deposit_orders SET state = 'expired', settled_at = now() WHERE id = $1 AND state = 'pending'`,
    [id],
  );
  return rowCount > 0;
}

// ---- turnover ----------------------------------------------------------------------------------------------

export interface TurnoverRow {
  orderId: string;
  memberId: number;
  required: number;
  achieved: number;
}

export async function insertTurnover(
  q: Queryable,
  t: { orderId: string; memberId: number; required: number },
): Promise<void> {
  await q.query('INSERT INTO deposit_turnover (order_id, member_id, required) VALUES ($1, $2, $3)', [
    t.orderId,
    t.memberId,
    t.required,
  ]);
}

export async function selectTurnover(q: Queryable, orderId: string): Promise<TurnoverRow | null> {
  const { rows } = await q.query<{
    order_id: string;
    member_id: string | number;
    required: string | number;
    achieved: string | number;
  }>('SELECT order_id, member_id, required, achieved FROM deposit_turnover WHERE order_id = $1', [orderId]);
  const r = rows[0];
  return r
    ? {
        orderId: r.order_id,
        memberId: Number(r.member_id),
        required: Number(r.required),
        achieved: Number(r.achieved),
      }
    : null;
}
