// Wire shapes of the slots' call (src/games-core/dz/wire.ts; docs/games-dz.md "API").
import { Type } from 'typebox';
import { Envelope, NoQuery } from '../../../http/schemas.ts';
import { JackpotPoolSchema } from '../jackpot.ts';
import { fen, GameCode, RequestId } from '../schemas.ts';

const SpinResultSchema = Type.Object({
  stops: Type.Array(Type.Integer()),
  lineWins: Type.Array(
    Type.Object({ line: Type.Integer(), symbol: Type.String(), count: Type.Integer(), win: fen }),
  ),
  scatter: Type.Object({ count: Type.Integer(), win: fen }),
  awarded: Type.Integer(),
  win: fen,
});

export const SlotOutcomeSchema = Type.Object({
  game: Type.String(),
  lineBet: fen,
  lines: Type.Integer(),
  stake: fen,
  base: SpinResultSchema,
  free: Type.Array(SpinResultSchema),
  payout: fen,
  // The progressive jackpot's draw (absent on spins stored before it existed) and what it paid.
  jackpot: Type.Optional(Type.Object({ odds: Type.Integer(), draw: Type.Integer(), hit: Type.Boolean() })),
  jackpotWin: Type.Optional(fen),
});

export const spinSchema = {
  body: Type.Object(
    {
      requestId: RequestId,
      game: GameCode,
      // Any positive whole fen passes the schema; only LINE_BETS is played (else 41003).
      lineBet: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
    },
    { additionalProperties: false },
  ),
  response: {
    200: Envelope(
      Type.Object({
        orderNo: Type.String(),
        outcome: SlotOutcomeSchema,
        pool: fen,
        fair: Type.Object({ seedHash: Type.String(), clientSeed: Type.String(), nonce: Type.Integer() }),
        balance: fen,
        placedAt: Type.String(),
      }),
    ),
  },
};

export const slotJackpotSchema = { querystring: NoQuery, response: { 200: Envelope(JackpotPoolSchema) } };
