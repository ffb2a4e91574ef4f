import { Type } from 'typebox';
import { Envelope, NoQuery, StringEnum } from '../../http/schemas.ts';
import { PLATFORMS, LOBBIES } from '../../../src/protocol/venues.ts';

// The showcase's answers (src/protocol/showcase.ts; docs/api.md "Home").

const HotGame = Type.Object({
  code: Type.String(),
  name: Type.String(),
  platform: StringEnum(PLATFORMS),
  lobby: StringEnum(LOBBIES),
  venue: Type.String(),
  venueName: Type.String(),
  game: Type.Union([Type.String(), Type.Null()]),
  image: Type.String(),
  width: Type.Integer({ minimum: 1 }),
  height: Type.Integer({ minimum: 1 }),
});

const RecentWin = Type.Object({
  id: Type.Integer(),
  player: Type.String(),
  game: Type.String(),
  amount: Type.Integer({ minimum: 1 }),
  settledAt: Type.String(),
});

export const hotGamesSchema = {
  querystring: NoQuery,
  response: { 200: Envelope(Type.Object({ games: Type.Array(HotGame) })) },
};
export const recentWinsSchema = {
  querystring: NoQuery,
  response: { 200: Envelope(Type.Object({ wins: Type.Array(RecentWin) })) },
};
