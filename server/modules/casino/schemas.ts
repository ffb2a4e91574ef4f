// Wire shapes of the sandbox games' common calls (src/protocol/games.ts; docs/api.md "Sandbox games"). Each
// category's own calls declare theirs beside their routes (server/modules/casino/<category>/).
import { Type, type TSchema } from 'typebox';
import { GAME_KINDS } from '../../../src/protocol/games.ts';
import { PLATFORMS } from '../../../src/protocol/venues.ts';
import { REQUEST_ID_PATTERN } from '../../../src/protocol/wallet.ts';
import { CLIENT_SEED_PATTERN } from '../../../src/games-core/fair.ts';
import { Envelope, StringEnum } from '../../http/schemas.ts';

export const nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
export const fen = Type.Integer();
/** A stake or amount a player types (fen): positive, under the ledger's largest transfer. */
export const StakeFen = Type.Integer({ minimum: 1, maximum: 10_000_000_000_000 });
export const RequestId = Type.String({ pattern: REQUEST_ID_PATTERN.source });
export const GameCode = Type.String({ pattern: '^[a-z0-9-]{1,40}$' });

export const GameDefSchema = Type.Object({
  code: Type.String(),
  name: Type.String(),
  kind: StringEnum(GAME_KINDS),
});

export const sessionSchema = {
  querystring: Type.Object({}),
  response: {
    200: Envelope(
      Type.Object({
        venue: Type.String(),
        venueName: Type.String(),
        platform: StringEnum(PLATFORMS),
        game: nullable(Type.String()),
        games: Type.Array(GameDefSchema),
        balance: fen,
        central: fen,
        net: fen,
        pending: fen,
        since: Type.String(),
        now: Type.String(),
      }),
    ),
  },
};

export const transferInSchema = {
  body: Type.Object({ requestId: RequestId, amount: StakeFen }, { additionalProperties: false }),
  response: { 200: Envelope(Type.Object({ balance: fen, central: fen })) },
};

const SeedCommitSchema = Type.Object({
  seedHash: Type.String(),
  clientSeed: Type.String(),
  nonce: Type.Integer(),
});

export const seedSchema = {
  querystring: Type.Object({}),
  response: { 200: Envelope(SeedCommitSchema) },
};

export const seedRotateSchema = {
  body: Type.Object(
    { clientSeed: Type.Optional(Type.String({ pattern: CLIENT_SEED_PATTERN.source })) },
    { additionalProperties: false },
  ),
  response: {
    200: Envelope(
      Type.Object({
        revealed: Type.Object({
          serverSeed: Type.String(),
          seedHash: Type.String(),
          clientSeed: Type.String(),
          rounds: Type.Integer(),
        }),
        next: SeedCommitSchema,
      }),
    ),
  },
};

const FairRefSchema = Type.Object({
  seedHash: Type.String(),
  clientSeed: Type.String(),
  nonce: Type.Integer(),
  serverSeed: nullable(Type.String()),
});

export const roundsSchema = {
  querystring: Type.Object({ game: Type.Optional(GameCode) }, { additionalProperties: false }),
  response: {
    200: Envelope(
      Type.Object({
        rounds: Type.Array(
          Type.Object({
            orderNo: Type.String(),
            game: Type.String(),
            kind: StringEnum(GAME_KINDS),
            play: Type.String(),
            pick: Type.String(),
            stake: fen,
            payout: fen,
            status: StringEnum(['open', 'won', 'lost', 'push', 'void'] as const),
            placedAt: Type.String(),
            settledAt: nullable(Type.String()),
            roundId: nullable(Type.String()),
            fair: nullable(FairRefSchema),
            outcome: Type.Unknown(),
          }),
        ),
      }),
    ),
  },
};

/** A shared round as every page sees it (live tables, lotteries). */
export const SharedRoundSchema = Type.Object({
  id: Type.String(),
  game: Type.String(),
  no: Type.Integer(),
  opensAt: Type.String(),
  closesAt: Type.String(),
  seedHash: Type.String(),
  serverSeed: nullable(Type.String()),
  status: StringEnum(['open', 'drawn'] as const),
  result: Type.Unknown(),
});
