// Wire shapes of the fishing games' calls (src/games-core/by/wire.ts; docs/games-by.md "API").
import { Type } from 'typebox';
import { Envelope } from '../../../http/schemas.ts';
import { fen, GameCode, RequestId, StakeFen } from '../schemas.ts';

export const ShotOutcomeSchema = Type.Object({
  game: Type.String(),
  fish: Type.String(),
  multiplier: Type.Integer(),
  stake: fen,
  roll: Type.Integer(),
  threshold: Type.Integer(),
  hit: Type.Boolean(),
  payout: fen,
});

export const shootSchema = {
  body: Type.Object(
    {
      requestId: RequestId,
      game: GameCode,
      fish: Type.String({ pattern: '^[a-z-]{1,40}$' }),
      stake: StakeFen,
    },
    { additionalProperties: false },
  ),
  response: {
    200: Envelope(
      Type.Object({
        orderNo: Type.String(),
        outcome: ShotOutcomeSchema,
        fair: Type.Object({ seedHash: Type.String(), clientSeed: Type.String(), nonce: Type.Integer() }),
        balance: fen,
        placedAt: Type.String(),
      }),
    ),
  },
};
