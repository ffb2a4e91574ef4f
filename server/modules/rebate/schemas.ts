import { Type } from 'typebox';
import { REBATE_PAGE_SIZE_DEFAULT, REBATE_PAGE_SIZE_MAX } from '../../../src/protocol/rebate.ts';
import { PLATFORMS } from '../../../src/protocol/venues.ts';
import { REQUEST_ID_PATTERN } from '../../../src/protocol/wallet.ts';
import { Envelope, NoQuery, OptionalBody, StringEnum } from '../../http/schemas.ts';

// Wire shapes of rebate and the audit (src/protocol/rebate.ts; /tmp/api-rebate.md → docs/api.md): integer fen.

const fen = Type.Integer();
const day = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' });
const page = Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }));
const size = Type.Optional(
  Type.Integer({ minimum: 1, maximum: REBATE_PAGE_SIZE_MAX, default: REBATE_PAGE_SIZE_DEFAULT }),
);

const Line = Type.Object({
  platform: StringEnum(PLATFORMS),
  validBet: fen,
  rateBp: Type.Integer(),
  amount: fen,
});

const Payment = Type.Object({
  id: Type.String(),
  source: StringEnum(['claim', 'auto'] as const),
  periodFrom: Type.String(),
  periodTo: Type.String(),
  level: Type.Integer(),
  validBet: fen,
  computed: fen,
  amount: fen,
  lines: Type.Array(Line),
  createdAt: Type.String(),
});

const Requirement = Type.Object({
  id: Type.String(),
  kind: StringEnum(['deposit'] as const),
  createdAt: Type.String(),
  amount: fen,
  multiple: Type.Integer(),
  bonus: fen,
  bonusMultiple: Type.Integer(),
  required: fen,
  counted: fen,
  met: Type.Boolean(),
});

export const summarySchema = {
  querystring: NoQuery,
  response: {
    200: Envelope(
      Type.Object({
        level: Type.Integer(),
        lines: Type.Array(Line),
        total: fen,
        minimum: fen,
        cap: fen,
        paidToday: fen,
        capLeft: fen,
        payable: fen,
      }),
    ),
  },
};

export const claimSchema = {
  body: Type.Object(
    { requestId: Type.String({ pattern: REQUEST_ID_PATTERN.source }) },
    { additionalProperties: false },
  ),
  response: { 200: Envelope(Payment) },
};

export const historySchema = {
  body: OptionalBody(
    Type.Object(
      { from: Type.Optional(day), to: Type.Optional(day), page, size },
      { additionalProperties: false },
    ),
  ),
  response: {
    200: Envelope(
      Type.Object({
        items: Type.Array(Payment),
        total: Type.Integer(),
        page: Type.Integer(),
        size: Type.Integer(),
      }),
    ),
  },
};

export const auditSchema = {
  querystring: NoQuery,
  response: {
    200: Envelope(
      Type.Object({
        items: Type.Array(Requirement),
        required: fen,
        done: fen,
        outstanding: fen,
        since: Type.Union([Type.String(), Type.Null()]),
        policy: StringEnum(['refuse', 'deduct'] as const),
        deductionBp: Type.Integer(),
        available: fen,
        deduction: fen,
      }),
    ),
  },
};

export const auditDetailSchema = {
  body: Type.Object(
    { id: Type.String({ minLength: 1, maxLength: 64 }), page, size },
    { additionalProperties: false },
  ),
  response: {
    200: Envelope(
      Type.Object({
        requirement: Requirement,
        bets: Type.Array(
          Type.Object({
            venue: Type.String(),
            betId: Type.String(),
            settledAt: Type.String(),
            amount: fen,
            counted: fen,
          }),
        ),
        total: Type.Integer(),
        page: Type.Integer(),
        size: Type.Integer(),
      }),
    ),
  },
};
