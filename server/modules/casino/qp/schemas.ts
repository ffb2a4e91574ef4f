// Wire shapes of the chess-and-card calls (src/games-core/qp/wire.ts, views.ts; docs/games-qp.md "API").
import { Type } from 'typebox';
import { BJ_ACTIONS } from '../../../../src/games-core/qp/blackjack.ts';
import { Envelope, StringEnum } from '../../../http/schemas.ts';
import { fen, GameCode, nullable, RequestId } from '../schemas.ts';

const Card = Type.Integer({ minimum: 0, maximum: 51 });
const HandId = Type.String({ pattern: '^[0-9]{1,18}$' });
const Multiplier = Type.Integer({ minimum: 0, maximum: 100 });
const Base = Type.Integer({ minimum: 1, maximum: 1_000_000 });

const BullViewSchema = Type.Object({
  kind: Type.Literal('bull'),
  handId: Type.String(),
  game: Type.String(),
  phase: StringEnum(['grab', 'bet', 'done'] as const),
  deadline: nullable(Type.String()),
  base: fen,
  stake: fen,
  seats: Type.Array(
    Type.Object({
      seat: Type.Integer(),
      cards: Type.Array(Card),
      grab: nullable(Type.Integer()),
      bet: nullable(Type.Integer()),
      rank: nullable(Type.String()),
      handMultiplier: nullable(Type.Integer()),
      units: nullable(Type.Integer()),
    }),
  ),
  banker: nullable(Type.Integer()),
  multiplier: nullable(Type.Integer()),
  payout: nullable(fen),
  net: nullable(fen),
  auto: Type.Boolean(),
});

const BjViewSchema = Type.Object({
  kind: Type.Literal('blackjack'),
  handId: Type.String(),
  game: Type.String(),
  phase: StringEnum(['player', 'done'] as const),
  deadline: nullable(Type.String()),
  base: fen,
  stake: fen,
  hands: Type.Array(
    Type.Object({
      cards: Type.Array(Card),
      total: Type.Integer(),
      soft: Type.Boolean(),
      doubled: Type.Boolean(),
      result: nullable(StringEnum(['blackjack', 'win', 'push', 'lose'] as const)),
    }),
  ),
  active: Type.Integer(),
  dealer: Type.Object({ cards: Type.Array(Card), total: nullable(Type.Integer()) }),
  can: Type.Object({
    hit: Type.Boolean(),
    stand: Type.Boolean(),
    double: Type.Boolean(),
    split: Type.Boolean(),
  }),
  payout: nullable(fen),
  net: nullable(fen),
  auto: Type.Boolean(),
});

const startBody = Type.Object(
  { requestId: RequestId, game: GameCode, base: Base },
  { additionalProperties: false },
);

export const handSchema = {
  querystring: Type.Object({ game: GameCode }, { additionalProperties: false }),
  response: { 200: Envelope(nullable(Type.Union([BullViewSchema, BjViewSchema]))) },
};
export const bullStartSchema = { body: startBody, response: { 200: Envelope(BullViewSchema) } };
export const bullGrabSchema = {
  body: Type.Object(
    { requestId: RequestId, handId: HandId, grab: Multiplier },
    { additionalProperties: false },
  ),
  response: { 200: Envelope(BullViewSchema) },
};
export const bullBetSchema = {
  body: Type.Object(
    { requestId: RequestId, handId: HandId, bet: Multiplier },
    { additionalProperties: false },
  ),
  response: { 200: Envelope(BullViewSchema) },
};
export const bjStartSchema = { body: startBody, response: { 200: Envelope(BjViewSchema) } };
export const bjActionSchema = {
  body: Type.Object(
    {
      requestId: RequestId,
      handId: HandId,
      action: StringEnum(BJ_ACTIONS as readonly ['hit', 'stand', 'double', 'split']),
    },
    { additionalProperties: false },
  ),
  response: { 200: Envelope(BjViewSchema) },
};
