import { Type } from 'typebox';
import { REQUEST_ID_PATTERN } from '../../../src/protocol/wallet.ts';
import { Envelope, NoQuery, OptionalBody, StringEnum } from '../../http/schemas.ts';
import { MAX_TRANSFER_FEN } from '../ledger/ledger.ts';

// Wire shapes of the deposit area (docs/api-deposits.md): amounts are integer fen, times ms since epoch.

const fen = Type.Integer();
const ms = Type.Integer();
const orderId = Type.String({ pattern: '^D[0-9A-Z]{8,40}$' });
const channelCode = Type.String({ minLength: 2, maxLength: 32, pattern: '^[a-z][a-z0-9_]{1,31}$' });
const state = StringEnum(['pending', 'paid', 'expired', 'cancelled'] as const);
const Rule = Type.Union([
  Type.Object({ percentBp: Type.Integer(), cap: Type.Union([fen, Type.Null()]) }),
  Type.Null(),
]);

const Channel = Type.Object({
  code: Type.String(),
  name: Type.String(),
  kind: StringEnum(['bank', 'ewallet', 'digital_rmb', 'usdt'] as const),
  min: fen,
  max: fen,
  presets: Type.Array(fen),
  bonus: Rule,
  fee: Rule,
  turnoverMultiple: Type.Integer(),
  bonusTurnoverMultiple: Type.Integer(),
  usdtRate: Type.Union([Type.Integer(), Type.Null()]),
  open: Type.Boolean(),
});

export const Order = Type.Object({
  orderId: Type.String(),
  requestId: Type.String(),
  channel: Type.String(),
  channelName: Type.String(),
  amount: fen,
  bonus: fen,
  fee: fen,
  credit: fen,
  state,
  confirming: Type.Boolean(),
  expiresAt: ms,
  createdAt: ms,
  settledAt: Type.Union([ms, Type.Null()]),
  cashierUrl: Type.String(),
  usdt: Type.Union([
    Type.Object({
      address: Type.String(),
      rate: Type.Integer(),
      amount: Type.String(),
      micro: Type.Integer(),
    }),
    Type.Null(),
  ]),
  turnoverRequired: fen,
});

export const channelsSchema = {
  querystring: NoQuery,
  response: { 200: Envelope(Type.Object({ channels: Type.Array(Channel), orderTtlS: Type.Integer() })) },
};

export const createOrderSchema = {
  body: Type.Object(
    {
      requestId: Type.String({ pattern: REQUEST_ID_PATTERN.source }),
      channel: channelCode,
      amount: Type.Integer({ minimum: 1, maximum: MAX_TRANSFER_FEN }),
    },
    { additionalProperties: false },
  ),
  response: { 200: Envelope(Order) },
};

const orderBody = Type.Object({ orderId }, { additionalProperties: false });

export const orderDetailSchema = { body: orderBody, response: { 200: Envelope(Order) } };
export const cancelOrderSchema = { body: orderBody, response: { 200: Envelope(Order) } };

export const listOrdersSchema = {
  body: OptionalBody(
    Type.Object(
      { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })) },
      { additionalProperties: false },
    ),
  ),
  response: { 200: Envelope(Type.Object({ orders: Type.Array(Order) })) },
};

// ---- the sandbox (not an API group: a browser page, its form posts, and the provider's callback) ------------

const cashierToken = Type.String({ pattern: '^[0-9a-f]{32}$' });
const cashierParams = Type.Object({ orderId }, { additionalProperties: false });

export const cashierPageSchema = {
  params: cashierParams,
  querystring: Type.Object({
    t: cashierToken,
    err: Type.Optional(Type.Integer({ minimum: 0, maximum: 999_999 })),
  }),
  response: { 200: Type.String() },
};

export const cashierStateSchema = {
  params: cashierParams,
  querystring: Type.Object({ t: cashierToken }),
  response: {
    200: Envelope(
      Type.Union([Type.Object({ state, confirming: Type.Boolean(), expiresAt: ms, now: ms }), Type.Null()]),
    ),
  },
};

export const cashierActionSchema = {
  params: cashierParams,
  body: Type.Object({ t: cashierToken, action: StringEnum(['pay', 'cancel'] as const) }),
  response: { 200: Type.String() },
};

export const cashierScriptSchema = { querystring: NoQuery, response: { 200: Type.String() } };

export const notifySchema = {
  body: Type.Object(
    {
      payload: Type.String({ minLength: 2, maxLength: 4096 }),
      signature: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    },
    { additionalProperties: false },
  ),
  response: {
    200: Envelope(
      Type.Union([Type.Object({ orderId: Type.String(), state, credited: Type.Boolean() }), Type.Null()]),
    ),
  },
};
