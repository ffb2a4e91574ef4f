import { applyRate } from '../../../src/protocol/deposit.ts';
import { randomBytes } from 'node:crypto';
import { CODE } from '../../../src/protocol/api.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { ApiError, SERVER_MESSAGE } from '../../http/envelope.ts';
import { hmacSha256 } from '../../security/hmac.ts';
import {
  expireDue,
  insertOrder,
  markCancelled,
  selectChannel,
  selectChannels,
  selectOrder,
  selectOrderByRequest,
  selectOrderForUpdate,
  selectOrders,
  type ChannelRow,
  type OrderRow,
} from './repository.ts';

// The deposit orders (issue 9 §3; docs/decisions/0018-sandbox-cashier.md): channels and their rules, order
// creation (idempotent on the caller's requestId), detail, cancel and expiry. Crediting is notify.ts's.

/** issue 9 §3: an order can be paid for 15 minutes by default. */
export const DEFAULT_ORDER_TTL_MS = 15 * 60_000;
/** The sandbox chain's block delay before a seen USDT payment is confirmed (tests shorten it). */
export const DEFAULT_USDT_CONFIRM_MS = 20_000;
/** How often the module expires due orders in the background (reads also expire the order they read). */
export const EXPIRY_SWEEP_MS = 60_000;
/** Micro-USDT per USDT (TRC20 USDT has 6 decimals). */
export const MICRO_PER_USDT = 1_000_000;

export interface DepositSettings {
  /** How long an order can be paid (ms). */
  orderTtlMs: number;
  /** The sandbox chain's block delay before a USDT payment is confirmed (ms). */
  usdtConfirmMs: number;
}

function envMs(name: string, fallback: number): number {
  const raw = process.env[name];
  const n = raw === undefined ? NaN : Number(raw);
  return Number.isSafeInteger(n) && n >= 0 ? n : fallback;
}

/** The settings: given ones first, then DEPOSIT_ORDER_TTL_MS / DEPOSIT_USDT_CONFIRM_MS, then the defaults. */
export function depositSettings(given: Partial<DepositSettings> = {}): DepositSettings {
  return {
    orderTtlMs: given.orderTtlMs ?? envMs('DEPOSIT_ORDER_TTL_MS', DEFAULT_ORDER_TTL_MS),
    usdtConfirmMs: given.usdtConfirmMs ?? envMs('DEPOSIT_USDT_CONFIRM_MS', DEFAULT_USDT_CONFIRM_MS),
  };
}

// ---- rules -------------------------------------------------------------------------------------------------

/** basis points of an amount, cut (never rounded up), at most cap: the one rule the page shows too. */
const share = (amount: number, bp: number, cap: number | null) => applyRate(amount, { percentBp: bp, cap });

export const bonusFor = (c: ChannelRow, amount: number) => share(amount, c.bonusBp, c.bonusCapFen);
export const feeFor = (c: ChannelRow, amount: number) => share(amount, c.feeBp, c.feeCapFen);

/** The turnover a credited deposit requires: amount × multiple + bonus × the bonus multiple (fen). */
export const turnoverRequired = (
  o: Pick<OrderRow, 'amount' | 'bonus' | 'turnoverMultiple' | 'bonusTurnoverMultiple'>,
) => o.amount * o.turnoverMultiple + o.bonus * o.bonusTurnoverMultiple;

/** micro-USDT to pay for an amount at a rate (fen per USDT), rounded up to the micro-USDT. */
export function usdtMicroFor(amountFen: number, rateFen: number): number {
  const num = BigInt(amountFen) * BigInt(MICRO_PER_USDT);
  const den = BigInt(rateFen);
  return Number((num + den - 1n) / den);
}

/** micro-USDT as text with six decimals ('13.888889'). */
export function formatUsdt(micro: number): string {
  const whole = Math.floor(micro / MICRO_PER_USDT);
  return `${whole}.${String(micro % MICRO_PER_USDT).padStart(6, '0')}`;
}

/** fen per USDT as the rate text ('7.20'). */
export const formatRate = (rateFen: number) =>
  `${Math.floor(rateFen / 100)}.${String(rateFen % 100).padStart(2, '0')}`;

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** The sandbox's USDT (TRC20-shaped) address of an order: 'T' + 33 base58 characters, derived, never a real one. */
export function usdtAddressFor(secret: string, orderId: string): string {
  const bytes = Buffer.concat([
    hmacSha256(secret, `deposit:usdt-address:${orderId}`),
    hmacSha256(secret, `deposit:usdt-address2:${orderId}`),
  ]);
  let out = 'T';
  for (let i = 0; out.length < 34; i++) out += BASE58[bytes[i]! % 58];
  return out;
}

const ORDER_ID_RANDOM = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 'D' + UTC yyyymmddhhmmss + 8 random characters: sortable by time, unguessable. */
export function newOrderId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const bytes = randomBytes(8);
  let tail = '';
  for (const b of bytes) tail += ORDER_ID_RANDOM[b % ORDER_ID_RANDOM.length];
  return `D${stamp}${tail}`;
}

/** Ledger transfer ids of an order's credit: derived from the order id, so a retry can never credit twice. */
export const transferIds = (orderId: string) => ({
  deposit: `deposit:${orderId}`,
  fee: `deposit-fee:${orderId}`,
  bonus: `deposit-bonus:${orderId}`,
});

// ---- the cashier link --------------------------------------------------------------------------------------

/** The cashier page's token of an order: only the member's create/detail answers carry it. */
export function cashierToken(secret: string, orderId: string): string {
  return hmacSha256(hmacSha256(secret, 'deposit:cashier'), orderId).toString('hex').slice(0, 32);
}

export const cashierPath = (secret: string, orderId: string) =>
  `/sandbox/cashier/${orderId}?t=${cashierToken(secret, orderId)}`;

// ---- answers -----------------------------------------------------------------------------------------------

export interface ChannelView {
  code: string;
  name: string;
  kind: ChannelRow['kind'];
  min: number;
  max: number;
  presets: number[];
  bonus: { percentBp: number; cap: number | null } | null;
  fee: { percentBp: number; cap: number | null } | null;
  turnoverMultiple: number;
  bonusTurnoverMultiple: number;
  usdtRate: number | null;
  open: boolean;
}

export function channelView(c: ChannelRow): ChannelView {
  return {
    code: c.code,
    name: c.name,
    kind: c.kind,
    min: c.minFen,
    max: c.maxFen,
    presets: c.presets,
    bonus: c.bonusBp > 0 ? { percentBp: c.bonusBp, cap: c.bonusCapFen } : null,
    fee: c.feeBp > 0 ? { percentBp: c.feeBp, cap: c.feeCapFen } : null,
    turnoverMultiple: c.turnoverMultiple,
    bonusTurnoverMultiple: c.bonusTurnoverMultiple,
    usdtRate: c.usdtRateFen,
    open: c.open,
  };
}

export interface OrderView {
  orderId: string;
  requestId: string;
  channel: string;
  channelName: string;
  amount: number;
  bonus: number;
  fee: number;
  /** What reaches the central wallet from the amount: amount - fee (the bonus comes on top). */
  credit: number;
  state: OrderRow['state'];
  /** A USDT payment seen on the (sandbox) chain, waiting for its confirmations. */
  confirming: boolean;
  expiresAt: number;
  createdAt: number;
  settledAt: number | null;
  cashierUrl: string;
  usdt: { address: string; rate: number; amount: string; micro: number } | null;
  turnoverRequired: number;
}

export function orderView(secret: string, o: OrderRow): OrderView {
  return {
    orderId: o.id,
    requestId: o.requestId,
    channel: o.channel,
    channelName: o.channelName,
    amount: o.amount,
    bonus: o.bonus,
    fee: o.fee,
    credit: o.amount - o.fee,
    state: o.state,
    confirming: o.state === 'pending' && o.seenAt !== null,
    expiresAt: o.expiresAt.getTime(),
    createdAt: o.createdAt.getTime(),
    settledAt: o.settledAt ? o.settledAt.getTime() : null,
    cashierUrl: cashierPath(secret, o.id),
    usdt:
      o.usdtAddress !== null && o.usdtRateFen !== null && o.usdtMicro !== null
        ? { address: o.usdtAddress, rate: o.usdtRateFen, amount: formatUsdt(o.usdtMicro), micro: o.usdtMicro }
        : null,
    turnoverRequired: turnoverRequired(o),
  };
}

// ---- the member's calls ------------------------------------------------------------------------------------

export async function listChannels(db: Queryable): Promise<ChannelView[]> {
  return (await selectChannels(db)).map(channelView);
}

const refuse = (code: number, message: string): never => {
  throw new ApiError(code, message);
};

export interface CreateOrder {
  requestId: string;
  channel: string;
  amount: number;
}

/**
 * Makes an order, once per (member, requestId): the same id with the same channel and amount answers the first
 * order (whatever happened to it since); with other fields 30002. Codes: 30011 (closed or unknown channel),
 * 30012 (amount outside the channel's limits).
 */
export async function createOrder(
  db: Db,
  deps: { secret: string; settings: DepositSettings },
  memberId: number,
  req: CreateOrder,
): Promise<OrderRow> {
  const same = (o: OrderRow) => {
    if (o.channel !== req.channel || o.amount !== req.amount)
      refuse(CODE.duplicateRequest, SERVER_MESSAGE.duplicateRequest);
    return o;
  };
  const before = await selectOrderByRequest(db, memberId, req.requestId);
  if (before) return same(before);
  const channel = await selectChannel(db, req.channel);
  if (!channel?.open) return refuse(CODE.channelUnavailable, SERVER_MESSAGE.channelUnavailable);
  if (req.amount < channel.minFen || req.amount > channel.maxFen)
    return refuse(CODE.amountOutOfRange, SERVER_MESSAGE.amountOutOfRange);
  const id = newOrderId();
  const usdt = channel.kind === 'usdt' && channel.usdtRateFen !== null;
  const inserted = await insertOrder(db, {
    id,
    memberId,
    requestId: req.requestId,
    channel: channel.code,
    amount: req.amount,
    bonus: bonusFor(channel, req.amount),
    fee: feeFor(channel, req.amount),
    turnoverMultiple: channel.turnoverMultiple,
    bonusTurnoverMultiple: channel.bonusTurnoverMultiple,
    expiresInMs: deps.settings.orderTtlMs,
    usdtAddress: usdt ? usdtAddressFor(deps.secret, id) : null,
    usdtRateFen: usdt ? channel.usdtRateFen : null,
    usdtMicro: usdt ? usdtMicroFor(req.amount, channel.usdtRateFen!) : null,
  });
  // A parallel call with the same requestId inserted first: answer its order (or 30002).
  const order = await selectOrderByRequest(db, memberId, req.requestId);
  if (!order) throw new Error(`deposit order ${id} vanished`);
  return inserted ? order : same(order);
}

/** The member's own order (expired first when due); 30014 for an unknown order or another member's. */
export async function orderOf(db: Db, memberId: number, orderId: string): Promise<OrderRow> {
  await expireDue(db, { id: orderId });
  const order = await selectOrder(db, orderId);
  if (!order || order.memberId !== memberId) return refuse(CODE.orderNotFound, SERVER_MESSAGE.orderNotFound);
  return order;
}

export async function listOrders(db: Db, memberId: number, limit: number): Promise<OrderRow[]> {
  await expireDue(db, { memberId });
  return selectOrders(db, { memberId, limit });
}

/**
 * Cancels a pending order (the player gave up). Cancelling again answers the cancelled order; a paid order or a
 * USDT payment already seen and confirming answers 30015, an expired one 30013.
 */
export async function cancelOrder(db: Db, memberId: number, orderId: string): Promise<OrderRow> {
  await expireDue(db, { id: orderId });
  const outcome = await db.transaction(async (tx) => {
    const o = await selectOrderForUpdate(tx, orderId);
    if (!o || o.memberId !== memberId) return CODE.orderNotFound;
    if (o.state === 'expired') return CODE.orderExpired;
    if (o.state === 'paid' || (o.state === 'pending' && o.seenAt !== null)) return CODE.orderSettled;
    if (o.state === 'pending') await markCancelled(tx, o.id);
    return CODE.success;
  });
  if (outcome === CODE.orderNotFound) refuse(outcome, SERVER_MESSAGE.orderNotFound);
  if (outcome === CODE.orderExpired) refuse(outcome, SERVER_MESSAGE.orderExpired);
  if (outcome === CODE.orderSettled) refuse(outcome, SERVER_MESSAGE.orderSettled);
  return (await selectOrder(db, orderId))!;
}
