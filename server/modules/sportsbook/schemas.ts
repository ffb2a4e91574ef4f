// Wire shapes of the sandbox sportsbook (src/protocol/sportsbook.ts; docs/api.md "Sandbox sportsbook"): the
// native API's, the counts URL's and the three provider faces'. Odds are European ×1000 integers on the native
// API; the faces add the figure in the odds type asked.
import { Type, type TSchema } from 'typebox';
import { ESPORTS_TITLES, MARKET_KINDS, SPORTS } from '../../../src/protocol/sportsbook.ts';
import { REQUEST_ID_PATTERN } from '../../../src/protocol/wallet.ts';
import { Envelope, StringEnum } from '../../http/schemas.ts';

const nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const PICKS = ['home', 'draw', 'away', 'over', 'under', 'odd', 'even'] as const;
const PHASES = ['prematch', 'live', 'ended', 'cancelled'] as const;
const STATUSES = ['open', 'won', 'lost', 'half_won', 'half_lost', 'push', 'void'] as const;
export const LIST_PHASES = ['live', 'today', 'early'] as const;
export const BET_LIST_STATUSES = ['open', 'settled'] as const;
export const MATCH_ID = '^(FB|BK|TN|ES)[0-9]{11}$';
const fen = Type.Integer();

// ---- native ------------------------------------------------------------------------------------------------------

const Selection = Type.Object({
  id: Type.String(),
  pick: StringEnum(PICKS),
  odds: Type.Integer(),
  suspended: Type.Boolean(),
});
const Market = Type.Object({
  id: Type.String(),
  kind: StringEnum(MARKET_KINDS),
  lineQuarters: nullable(Type.Integer()),
  selections: Type.Array(Selection),
});
const Score = nullable(Type.Object({ home: Type.Integer(), away: Type.Integer() }));
export const MatchSchema = Type.Object({
  id: Type.String(),
  sport: StringEnum(SPORTS),
  title: Type.Optional(StringEnum(ESPORTS_TITLES)),
  league: Type.String(),
  home: Type.String(),
  away: Type.String(),
  startsAt: Type.String(),
  phase: StringEnum(PHASES),
  score: Score,
  clock: nullable(Type.String()),
  markets: Type.Array(Market),
});
const BetLeg = Type.Object({
  selectionId: Type.String(),
  matchId: Type.String(),
  match: Type.String(),
  market: StringEnum(MARKET_KINDS),
  lineQuarters: nullable(Type.Integer()),
  pick: StringEnum(PICKS),
  odds: Type.Integer(),
  status: StringEnum(STATUSES),
});
export const SportsBetSchema = Type.Object({
  orderNo: Type.String(),
  requestId: Type.String(),
  venue: Type.String(),
  kind: StringEnum(['single', 'parlay'] as const),
  stake: fen,
  odds: Type.Integer(),
  payout: fen,
  status: StringEnum(STATUSES),
  legs: Type.Array(BetLeg),
  placedAt: Type.String(),
  settledAt: nullable(Type.String()),
});

export const sessionSchema = {
  querystring: Type.Object({}),
  response: {
    200: Envelope(
      Type.Object({
        venue: Type.String(),
        venueName: Type.String(),
        player: Type.String(),
        balance: fen,
        oddsType: Type.Integer(),
        clockRate: Type.Number(),
      }),
    ),
  },
};

export const matchesSchema = {
  querystring: Type.Object({
    sport: Type.Optional(StringEnum(SPORTS)),
    phase: Type.Optional(StringEnum(LIST_PHASES)),
  }),
  response: { 200: Envelope(Type.Object({ matches: Type.Array(MatchSchema), serverTime: Type.String() })) },
};

export const matchSchema = {
  params: Type.Object({ id: Type.String({ pattern: MATCH_ID }) }, { additionalProperties: false }),
  response: { 200: Envelope(MatchSchema) },
};

/** Sizes are checked by the service (40009, 40005) rather than here, so the codes are the sportsbook's own. */
export const placeBetSchema = {
  body: Type.Object(
    {
      requestId: Type.String({ pattern: REQUEST_ID_PATTERN.source }),
      stake: Type.Integer({ minimum: 0, maximum: 1_000_000_000_000 }),
      selections: Type.Array(
        Type.Object(
          {
            selectionId: Type.String({ minLength: 1, maxLength: 80 }),
            odds: Type.Integer({ minimum: 0, maximum: 1_000_000_000 }),
          },
          { additionalProperties: false },
        ),
        { maxItems: 20 },
      ),
      acceptChangedOdds: Type.Boolean(),
    },
    { additionalProperties: false },
  ),
  response: { 200: Envelope(SportsBetSchema) },
};

export const betsSchema = {
  querystring: Type.Object({ status: Type.Optional(StringEnum(BET_LIST_STATUSES)) }),
  response: { 200: Envelope(Type.Object({ bets: Type.Array(SportsBetSchema) })) },
};

const OddsType = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4)]);
export const settingsSchema = {
  body: Type.Object({ oddsType: OddsType }, { additionalProperties: false }),
  response: { 200: Envelope(Type.Object({ oddsType: OddsType })) },
};

// ---- the counts URL ----------------------------------------------------------------------------------------------

/** Loose on purpose: the handler answers every mistake in the counts envelope itself. */
export const countsSchema = {
  params: Type.Object({ token: Type.String({ maxLength: 512 }) }),
  querystring: Type.Object({ merchantCode: Type.Optional(Type.Unknown()) }),
  response: {
    200: Type.Object({
      code: Type.Integer(),
      status_code: Type.Integer(),
      message: Type.String(),
      data: nullable(Type.String()),
    }),
  },
};

// ---- the venue page ------------------------------------------------------------------------------------------------

export const venuePageSchema = {
  params: Type.Object({ code: Type.String({ maxLength: 40 }) }),
  querystring: Type.Object({}),
};

// ---- the provider faces: their match shapes --------------------------------------------------------------------

/** A face's selection: the European ×1000 price and the figure in the odds type asked. */
const FaceSelectionCamel = Type.Object({
  selectionId: Type.String(),
  pick: StringEnum(PICKS),
  odds: Type.Number(),
  euroOdds: Type.Integer(),
  suspended: Type.Boolean(),
});
const FaceMarketCamel = Type.Object({
  marketId: Type.String(),
  kind: StringEnum(MARKET_KINDS),
  line: nullable(Type.Number()),
  selections: Type.Array(FaceSelectionCamel),
});
export const FaceMatchCamel = Type.Object({
  matchId: Type.String(),
  sportId: StringEnum(SPORTS),
  title: nullable(StringEnum(ESPORTS_TITLES)),
  league: Type.String(),
  home: Type.String(),
  away: Type.String(),
  startsAt: Type.String(),
  phase: StringEnum(PHASES),
  homeScore: nullable(Type.Integer()),
  awayScore: nullable(Type.Integer()),
  clock: nullable(Type.String()),
  oddsType: Type.Integer(),
  markets: Type.Array(FaceMarketCamel),
});
const FaceSelectionPascal = Type.Object({
  SelectionId: Type.String(),
  Pick: StringEnum(PICKS),
  Odds: Type.Number(),
  EuroOdds: Type.Integer(),
  Suspended: Type.Boolean(),
});
const FaceMarketPascal = Type.Object({
  MarketId: Type.String(),
  Kind: StringEnum(MARKET_KINDS),
  Line: nullable(Type.Number()),
  Selections: Type.Array(FaceSelectionPascal),
});
export const FaceMatchPascal = Type.Object({
  MatchId: Type.String(),
  SportId: StringEnum(SPORTS),
  Title: nullable(StringEnum(ESPORTS_TITLES)),
  League: Type.String(),
  HomeTeam: Type.String(),
  AwayTeam: Type.String(),
  KickOffTime: Type.String(),
  Phase: StringEnum(PHASES),
  HomeScore: nullable(Type.Integer()),
  AwayScore: nullable(Type.Integer()),
  Clock: nullable(Type.String()),
  OddsType: Type.Integer(),
  Markets: Type.Array(FaceMarketPascal),
});
export const FaceSportCamel = Type.Object({
  sportId: StringEnum(SPORTS),
  sportName: Type.String(),
  live: Type.Integer(),
  today: Type.Integer(),
  early: Type.Integer(),
});
export const FaceSportPascal = Type.Object({
  SportId: StringEnum(SPORTS),
  SportName: Type.String(),
  Live: Type.Integer(),
  Today: Type.Integer(),
  Early: Type.Integer(),
});
