import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import { CODE } from '../../../src/protocol/api.ts';
import type { Db } from '../../db/db.ts';
import { ApiError, SERVER_MESSAGE } from '../../http/envelope.ts';
import { hmacSha256, safeEqual } from '../../security/hmac.ts';
import { transferIn } from '../ledger/ledger.ts';
import { insertTurnover, markExpired, markPaid, markSeen, selectOrderForUpdate } from './repository.ts';
import { transferIds, turnoverRequired } from './orders.ts';

// The site's payment notification (issue 9 §3; docs/decisions/0018-sandbox-cashier.md). The (sandbox) payment
// provider posts `{ payload, signature }`: payload is the JSON text it signed, signature the hex HMAC-SHA256 of
// that exact text under a key derived from the server's signing secret. The handler verifies the signature,
// then the order, member, amount and state, and credits the ledger exactly once: the order's state change, the
// ledger transfers and the turnover requirement commit in one transaction, under the order's row lock, and the
// transfer ids derive from the order id (a second line of defence: the ledger posts an id once).

/** The key both the provider and the site derive from the signing secret. */
export const notifyKey = (secret: string) => hmacSha256(secret, 'deposit:notify');

export const NOTIFY_PATH = '/sandbox/notify';

export const NotifyPayload = Type.Object(
  {
    orderId: Type.String({ pattern: '^D[0-9A-Z]{8,40}$' }),
    memberId: Type.Integer({ minimum: 1 }),
    /** The amount paid, fen: must equal the order's. */
    amount: Type.Integer({ minimum: 1 }),
    /** USDT orders: the micro-USDT received; must equal the order's. */
    usdtMicro: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
    /** 'seen': a USDT transfer reached the chain, waiting for confirmations; 'paid': the money is final. */
    status: Type.Union([Type.Literal('seen'), Type.Literal('paid')]),
    /** The provider's transaction id. */
    providerTx: Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' }),
    /** When the player paid (ms since epoch, the provider's clock). */
    paidAt: Type.Integer({ minimum: 0 }),
    /** When this notification was sent (ms). */
    sentAt: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type NotifyPayload = Static<typeof NotifyPayload>;

export interface SignedNotify {
  payload: string;
  signature: string;
}

/** The provider's side: signs a notification. */
export function signNotify(secret: string, p: NotifyPayload): SignedNotify {
  const payload = JSON.stringify(p);
  return { payload, signature: hmacSha256(notifyKey(secret), payload).toString('hex') };
}

export const NOTIFY_MESSAGE = {
  badSignature: '回调签名无效',
  badPayload: '回调内容无效',
  mismatch: '回调内容与订单不符',
} as const;

/** Verifies the signature over the exact text, then the payload's shape. 10108 / 10003 otherwise. */
export function verifyNotify(secret: string, body: SignedNotify): NotifyPayload {
  const expected = hmacSha256(notifyKey(secret), body.payload).toString('hex');
  if (!safeEqual(expected, body.signature)) throw new ApiError(CODE.apiAuth, NOTIFY_MESSAGE.badSignature);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.payload);
  } catch {
    throw new ApiError(CODE.validation, NOTIFY_MESSAGE.badPayload);
  }
  if (!Value.Check(NotifyPayload, parsed)) throw new ApiError(CODE.validation, NOTIFY_MESSAGE.badPayload);
  return parsed;
}

export interface NotifyResult {
  orderId: string;
  state: 'pending' | 'paid' | 'expired' | 'cancelled';
  /** True only for the one notification that credited the ledger. */
  credited: boolean;
}

type Outcome = { ok: NotifyResult } | { code: number; message: string };

const refused = (code: number, message: string): Outcome => ({ code, message });

/**
 * Applies a verified notification. At most once: 'paid' on a pending order credits it (cash_in → central
 * wallet: amount − fee, kind 'deposit'; cash_in → fees: the fee; promotions → central: the bonus) and records
 * the turnover requirement; the same notification again answers the order without crediting; anything that
 * contradicts the order or its state is refused. A payment made after the order's expiry is refused (30013) and
 * the order expires; one seen in time (USDT) is credited when its confirmation comes, however late.
 */
export async function applyNotify(db: Db, p: NotifyPayload): Promise<NotifyResult> {
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const o = await selectOrderForUpdate(tx, p.orderId);
    if (!o) return refused(CODE.orderNotFound, SERVER_MESSAGE.orderNotFound);
    if (o.memberId !== p.memberId || o.amount !== p.amount || o.usdtMicro !== p.usdtMicro)
      return refused(CODE.validation, NOTIFY_MESSAGE.mismatch);
    const result = (state: NotifyResult['state'], credited = false): Outcome => ({
      ok: { orderId: o.id, state, credited },
    });
    // The provider's transaction is fixed once seen or paid: a different one for the same order is refused.
    const sameTx = o.providerTx === null || o.providerTx === p.providerTx;
    if (o.state === 'paid')
      return sameTx ? result('paid') : refused(CODE.orderSettled, SERVER_MESSAGE.orderSettled);
    if (o.state === 'cancelled') return refused(CODE.orderSettled, SERVER_MESSAGE.orderSettled);
    if (o.state === 'expired') return refused(CODE.orderExpired, SERVER_MESSAGE.orderExpired);
    if (!sameTx) return refused(CODE.validation, NOTIFY_MESSAGE.mismatch);
    // Pending. When was it paid: when the chain first saw it (recorded), else what this notification says.
    const paidAt = o.seenAt ? o.seenAt.getTime() : p.paidAt;
    if (paidAt > o.expiresAt.getTime()) {
      await markExpired(tx, o.id);
      return { code: CODE.orderExpired, message: SERVER_MESSAGE.orderExpired };
    }
    if (p.status === 'seen') {
      if (o.seenAt === null) await markSeen(tx, o.id, p.providerTx, new Date(p.paidAt));
      return result('pending');
    }
    const ids = transferIds(o.id);
    const memo = { orderId: o.id, channel: o.channel, providerTx: p.providerTx };
    const central = { memberId: o.memberId, kind: 'central' } as const;
    await transferIn(tx, {
      id: ids.deposit,
      from: { kind: 'cash_in' },
      to: central,
      amount: o.amount - o.fee,
      kind: 'deposit',
      memo,
    });
    if (o.fee > 0)
      await transferIn(tx, {
        id: ids.fee,
        from: { kind: 'cash_in' },
        to: { kind: 'fees' },
        amount: o.fee,
        kind: 'deposit_fee',
        memo,
      });
    if (o.bonus > 0)
      await transferIn(tx, {
        id: ids.bonus,
        from: { kind: 'promotions' },
        to: central,
        amount: o.bonus,
        kind: 'deposit_bonus',
        memo,
      });
    if (!(await markPaid(tx, o.id, ids.deposit, p.providerTx))) throw new Error(`order ${o.id} left pending`);
    await insertTurnover(tx, { orderId: o.id, memberId: o.memberId, required: turnoverRequired(o) });
    return result('paid', true);
  });
  if ('code' in outcome) throw new ApiError(outcome.code, outcome.message);
  return outcome.ok;
}
