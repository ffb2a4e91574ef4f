// Wire shapes of the lotteries' calls (src/games-core/cp/wire.ts; docs/games-cp.md "API").
import { Type } from 'typebox';
import { LOTTERY_MAX_PICKS } from '../../../../src/games-core/cp/plays.ts';
import { Envelope, StringEnum } from '../../../http/schemas.ts';
import { fen, GameCode, GameDefSchema, nullable, RequestId, StakeFen } from '../schemas.ts';

const RoundIdParam = Type.String({ pattern: '^[A-Za-z0-9]{1,20}:[a-z0-9-]{1,40}:[0-9]{1,12}$' });

const PeriodSchema = Type.Object({
  id: Type.String(),
  no: Type.Integer(),
  label: Type.String(),
  opensAt: Type.String(),
  closesAt: Type.String(),
  endsAt: Type.String(),
  seedHash: Type.String(),
  serverSeed: nullable(Type.String()),
  phase: StringEnum(['open', 'closed', 'drawn'] as const),
  result: Type.Unknown(),
});

const ScheduleSchema = Type.Object({ periodMs: Type.Integer(), bettingMs: Type.Integer() });

export const lotteriesSchema = {
  querystring: Type.Object({}, { additionalProperties: false }),
  response: {
    200: Envelope(
      Type.Object({
        now: Type.String(),
        lotteries: Type.Array(Type.Object({ game: GameDefSchema, current: PeriodSchema })),
      }),
    ),
  },
};

export const stateSchema = {
  querystring: Type.Object({ game: GameCode }, { additionalProperties: false }),
  response: {
    200: Envelope(
      Type.Object({
        game: GameDefSchema,
        schedule: ScheduleSchema,
        now: Type.String(),
        current: PeriodSchema,
        history: Type.Array(PeriodSchema),
      }),
    ),
  },
};

const TicketSchema = Type.Object({
  orderNo: Type.String(),
  requestId: Type.String(),
  roundId: Type.String(),
  period: Type.String(),
  play: Type.String(),
  pick: Type.String(),
  playName: Type.String(),
  pickLabel: Type.String(),
  odds100: Type.Integer(),
  stake: fen,
  payout: fen,
  status: StringEnum(['open', 'won', 'lost', 'push', 'void'] as const),
  placedAt: Type.String(),
});

export const placeTicketSchema = {
  body: Type.Object(
    {
      game: GameCode,
      roundId: RoundIdParam,
      picks: Type.Array(
        Type.Object(
          {
            requestId: RequestId,
            play: Type.String({ pattern: '^[a-z-]{1,20}$' }),
            pick: Type.String({ pattern: '^[a-z0-9:]{1,12}$' }),
            stake: StakeFen,
          },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: LOTTERY_MAX_PICKS },
      ),
    },
    { additionalProperties: false },
  ),
  response: { 200: Envelope(Type.Object({ tickets: Type.Array(TicketSchema), balance: fen })) },
};

export const ticketsSchema = {
  querystring: Type.Object(
    { game: GameCode, roundId: Type.Optional(RoundIdParam) },
    { additionalProperties: false },
  ),
  response: { 200: Envelope(Type.Object({ tickets: Type.Array(TicketSchema) })) },
};
