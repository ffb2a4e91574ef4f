import { Type } from 'typebox';
import { PAYOUT_KINDS, USDT_NETWORKS } from '../../../src/protocol/payout.ts';
import { REQUEST_ID_PATTERN } from '../../../src/protocol/wallet.ts';
import { Envelope, NoQuery, OptionalBody, StringEnum } from '../../http/schemas.ts';
import { MAX_TRANSFER_FEN } from '../ledger/ledger.ts';
import { LIST_SIZE_DEFAULT, LIST_SIZE_MAX } from './withdrawals.ts';

// Wire shapes of the withdrawal area (src/protocol/payout.ts; docs/api-withdrawals.part.md): integer fen.

const fen = Type.Integer();
const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const kind = StringEnum(PAYOUT_KINDS);
const withdrawalId = Type.String({ pattern: '^W[0-9A-Z]{8,40}$' });
/** A payout account id (payout_accounts.id, a bigint, as text). */
const accountId = Type.String({ pattern: '^[1-9][0-9]{0,17}$' });

const PayoutAccount = Type.Object({
  id: Type.String(),
  kind,
  masked: Type.String(),
  holder: nullable(Type.String()),
  bankCode: nullable(Type.String()),
  bankName: nullable(Type.String()),
  province: nullable(Type.String()),
  city: nullable(Type.String()),
  branch: nullable(Type.String()),
  network: nullable(StringEnum(USDT_NETWORKS)),
  label: nullable(Type.String()),
  hasQr: Type.Boolean(),
  createdAt: Type.String(),
});

export const Withdrawal = Type.Object({
  id: Type.String(),
  requestId: Type.String(),
  state: StringEnum(['pending', 'approved', 'paid', 'rejected', 'cancelled'] as const),
  amount: fen,
  fee: fen,
  deduction: fen,
  payout: fen,
  usdtMicro: nullable(Type.Integer()),
  usdtRate: nullable(Type.Integer()),
  account: PayoutAccount,
  reason: nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

const Audit = Type.Object({
  required: fen,
  done: fen,
  outstanding: fen,
  policy: StringEnum(['refuse', 'deduct'] as const),
  deductionBp: Type.Integer(),
});

export const optionsSchema = {
  querystring: NoQuery,
  response: {
    200: Envelope(
      Type.Object({
        methods: Type.Array(Type.Object({ kind, min: fen, max: fen, feeBp: Type.Integer(), feeCap: fen })),
        available: fen,
        today: Type.Object({
          count: Type.Integer(),
          amount: fen,
          countLeft: Type.Integer(),
          amountLeft: fen,
        }),
        limits: Type.Object({ dailyCount: Type.Integer(), dailyAmount: fen }),
        audit: Audit,
        usdtRate: Type.Integer(),
        fundPassword: Type.Object({
          set: Type.Boolean(),
          triesLeft: Type.Integer(),
          lockedUntil: nullable(Type.Integer()),
        }),
        kycVerified: Type.Boolean(),
      }),
    ),
  },
};

export const createSchema = {
  body: Type.Object(
    {
      requestId: Type.String({ pattern: REQUEST_ID_PATTERN.source }),
      accountId,
      amount: Type.Integer({ minimum: 1, maximum: MAX_TRANSFER_FEN }),
      // Any string: a wrong one counts as a wrong try (30042), as the fund-password module decides.
      fundPassword: Type.String({ maxLength: 64 }),
      acceptDeduction: Type.Optional(Type.Boolean()),
    },
    { additionalProperties: false },
  ),
  response: { 200: Envelope(Withdrawal) },
};

export const listSchema = {
  body: OptionalBody(
    Type.Object(
      {
        page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
        size: Type.Optional(Type.Integer({ minimum: 1, maximum: LIST_SIZE_MAX, default: LIST_SIZE_DEFAULT })),
      },
      { additionalProperties: false },
    ),
  ),
  response: {
    200: Envelope(
      Type.Object({
        items: Type.Array(Withdrawal),
        total: Type.Integer(),
        page: Type.Integer(),
        size: Type.Integer(),
      }),
    ),
  },
};

export const cancelSchema = {
  body: Type.Object({ id: withdrawalId }, { additionalProperties: false }),
  response: { 200: Envelope(Withdrawal) },
};
