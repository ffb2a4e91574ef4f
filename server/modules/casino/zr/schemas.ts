// Wire shapes of the live casino's calls (src/games-core/zr/wire.ts; docs/games-zr.md "API").
import { Type } from 'typebox';
import { ZR_MAX_BETS_PER_REQUEST } from '../../../../src/games-core/zr/table.ts';
import { BACCARAT_PICKS } from '../../../../src/games-core/zr/baccarat.ts';
import { DRAGON_TIGER_PICKS } from '../../../../src/games-core/zr/dragon-tiger.ts';
import { Envelope, StringEnum } from '../../../http/schemas.ts';
import { fen, GameCode, SharedRoundSchema, StakeFen } from '../schemas.ts';

const PICKS = [...new Set([...BACCARAT_PICKS, ...DRAGON_TIGER_PICKS])] as const;
const Pick = StringEnum(PICKS);

const TableInfo = Type.Object({
  code: Type.String(),
  name: Type.String(),
  kind: StringEnum(['baccarat', 'dragon-tiger'] as const),
  picks: Type.Array(Type.Object({ pick: Pick, min: fen, max: fen, rtp: Type.Number() })),
  periodMs: Type.Integer(),
  bettingMs: Type.Integer(),
});

const MyBet = Type.Object({
  orderNo: Type.String(),
  roundId: Type.String(),
  pick: Pick,
  stake: fen,
  payout: fen,
  status: StringEnum(['open', 'won', 'lost', 'push', 'void'] as const),
});

export const tablesSchema = {
  querystring: Type.Object({}, { additionalProperties: false }),
  response: {
    200: Envelope(
      Type.Object({
        tables: Type.Array(
          Type.Object({ table: TableInfo, round: SharedRoundSchema, recent: Type.Array(Type.String()) }),
        ),
        now: Type.String(),
      }),
    ),
  },
};

export const tableSchema = {
  querystring: Type.Object({ game: GameCode }, { additionalProperties: false }),
  response: {
    200: Envelope(
      Type.Object({
        table: TableInfo,
        round: SharedRoundSchema,
        history: Type.Array(SharedRoundSchema),
        mine: Type.Array(MyBet),
        now: Type.String(),
      }),
    ),
  },
};

/** A request id whose per-bet ids (`${requestId}-${i}`) still fit REQUEST_ID_PATTERN's 48 characters. */
const ZrRequestId = Type.String({ pattern: '^[A-Za-z0-9_-]{8,44}$' });

export const betSchema = {
  body: Type.Object(
    {
      game: GameCode,
      roundId: Type.String({ minLength: 1, maxLength: 120 }),
      requestId: ZrRequestId,
      bets: Type.Array(Type.Object({ pick: Pick, stake: StakeFen }, { additionalProperties: false }), {
        minItems: 1,
        maxItems: ZR_MAX_BETS_PER_REQUEST,
      }),
    },
    { additionalProperties: false },
  ),
  response: { 200: Envelope(Type.Object({ mine: Type.Array(MyBet), balance: fen })) },
};
