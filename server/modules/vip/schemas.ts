import { Type } from 'typebox';
import {
  VIP_GIFT_PAGE_SIZE,
  VIP_GIFT_PAGE_SIZE_MAX,
  VIP_REWARD_ID_PATTERN,
  VIP_REWARD_KINDS,
} from '../../../src/protocol/vip.ts';
import { Envelope, NoQuery, OptionalBody, StringEnum } from '../../http/schemas.ts';

// Wire shapes of the VIP programme (src/protocol/vip.ts; /tmp/api-vip.md → docs/api.md): integer fen.

const fen = Type.Integer();
const level = Type.Integer({ minimum: 0, maximum: 10 });
const kind = StringEnum(VIP_REWARD_KINDS);
const nullableString = Type.Union([Type.String(), Type.Null()]);

const Status = Type.Object({
  level,
  deposit: fen,
  validBet: fen,
  next: Type.Union([Type.Object({ level, deposit: fen, validBet: fen }), Type.Null()]),
  keep: Type.Object({ validBet: fen, required: fen }),
});

export const Reward = Type.Object({
  id: Type.String(),
  kind,
  level,
  amount: fen,
  period: nullableString,
  state: StringEnum(['claimable', 'claimed'] as const),
  claimedAt: nullableString,
});

const Gift = Type.Object({
  id: Type.String(),
  kind,
  level,
  amount: fen,
  period: nullableString,
  createdAt: Type.String(),
});

export const statusSchema = {
  querystring: NoQuery,
  response: {
    200: Envelope(
      Type.Object({
        status: Status,
        rewards: Type.Array(Reward),
        levelSince: nullableString,
        withdrawal: Type.Object({ perDay: Type.Integer(), amountPerDay: fen }),
      }),
    ),
  },
};

export const claimSchema = {
  body: Type.Object({ id: Type.String({ pattern: VIP_REWARD_ID_PATTERN }) }, { additionalProperties: false }),
  response: { 200: Envelope(Type.Union([Reward, Gift, Type.Null()])) },
};

const day = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' });

export const giftsSchema = {
  body: OptionalBody(
    Type.Object(
      {
        from: Type.Optional(day),
        to: Type.Optional(day),
        kind: Type.Optional(kind),
        page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
        size: Type.Optional(
          Type.Integer({ minimum: 1, maximum: VIP_GIFT_PAGE_SIZE_MAX, default: VIP_GIFT_PAGE_SIZE }),
        ),
      },
      { additionalProperties: false },
    ),
  ),
  response: {
    200: Envelope(
      Type.Union([
        Type.Object({
          items: Type.Array(Gift),
          total: Type.Integer(),
          page: Type.Integer(),
          size: Type.Integer(),
        }),
        Type.Null(),
      ]),
    ),
  },
};
