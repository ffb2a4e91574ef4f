import { Type } from 'typebox';
import { SITE_ID } from '../../../src/protocol/api.ts';
import {
  BET_RECORD_PAGE_SIZE_DEFAULT,
  BET_RECORD_PAGE_SIZE_MAX,
  BET_RECORD_STATUSES,
} from '../../../src/protocol/bets.ts';
import {
  GAME_PAGE_SIZE_DEFAULT,
  GAME_PAGE_SIZE_MAX,
  GAME_SEARCH_MAX_LENGTH,
  GAME_TAGS,
  LOBBIES,
  PLATFORMS,
  PROVIDERS,
} from '../../../src/protocol/venues.ts';
import { Envelope, NoQuery, StringEnum } from '../../http/schemas.ts';

// Wire shapes of the venues (docs/api.md "Venues", "Bet records"; src/protocol/venues.ts, bets.ts).

/** A venue code as the catalogue writes them (spec §3: IMTY, YBTY, …; OBTY is YBTY's enum name). */
export const VENUE_CODE_PATTERN = '^[A-Za-z0-9_]{1,32}$';
const venueCode = Type.String({ pattern: VENUE_CODE_PATTERN });
/** A game code (migration 013's CHECK); '' in a launch means none. */
const gameCode = Type.String({ pattern: '^[A-Za-z0-9_-]{0,40}$' });
/** Free text without control characters (a NUL PostgreSQL refuses is bad input, not a fault). */
const text = (maxLength: number) => Type.String({ maxLength, pattern: '^[^\\u0000-\\u001f\\u007f]*$' });
const flag = Type.Union([Type.Literal(0), Type.Literal(1)]);
const isoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const fen = Type.Integer();

const Platform = StringEnum(PLATFORMS);
const Provider = StringEnum(PROVIDERS);
const Tag = StringEnum(GAME_TAGS);

const LobbyVenue = Type.Object({
  code: Type.String(),
  name: Type.String(),
  platform: Platform,
  provider: Provider,
  logo: Type.String(),
  status: StringEnum(['open', 'maintenance', 'closed'] as const),
  maintenanceUntil: Type.Union([Type.String(), Type.Null()]),
  playable: Type.Boolean(),
  hasGames: Type.Boolean(),
});

export const lobbySchema = {
  querystring: Type.Object({ lobby: StringEnum(LOBBIES) }),
  response: { 200: Envelope(Type.Object({ lobby: StringEnum(LOBBIES), venues: Type.Array(LobbyVenue) })) },
};

const VenueGame = Type.Object({
  code: Type.String(),
  name: Type.String(),
  icon: Type.String(),
  tags: Type.Array(Tag),
});

export const gamesSchema = {
  body: Type.Object(
    {
      venue: venueCode,
      search: Type.Optional(text(GAME_SEARCH_MAX_LENGTH)),
      tag: Type.Optional(Tag),
      page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
      size: Type.Integer({ minimum: 1, maximum: GAME_PAGE_SIZE_MAX, default: GAME_PAGE_SIZE_DEFAULT }),
    },
    { additionalProperties: false },
  ),
  response: {
    200: Envelope(
      Type.Object({
        venue: Type.String(),
        items: Type.Array(VenueGame),
        total: Type.Integer(),
        page: Type.Integer(),
        size: Type.Integer(),
      }),
    ),
  },
};

export const recentSchema = {
  querystring: NoQuery,
  response: {
    200: Envelope(
      Type.Object({
        items: Type.Array(
          Type.Object({
            venue: Type.String(),
            venueName: Type.String(),
            platform: Platform,
            gameCode: Type.Union([Type.String(), Type.Null()]),
            gameName: Type.Union([Type.String(), Type.Null()]),
            icon: Type.Union([Type.String(), Type.Null()]),
            playedAt: Type.String(),
          }),
        ),
      }),
    ),
  },
};

/** spec §7 venue/launch: every field (docs/api.md "Venues" says what each does). */
export const LaunchBody = Type.Object(
  {
    enName: venueCode,
    appSendMoney: Type.Optional(flag),
    activity: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_.:-]{0,64}$' })),
    gameCode: Type.Optional(gameCode),
    https: Type.Optional(flag),
    isApp: Type.Optional(flag),
    isSure: Type.Optional(flag),
    isPreload: Type.Optional(flag),
    isManualLaunch: Type.Optional(flag),
    siteId: Type.Optional(StringEnum([SITE_ID] as const)),
    temporaryParam: Type.Optional(text(200)),
  },
  { additionalProperties: false },
);

const ProviderOneParams = Type.Object({
  LanguageCode: Type.String(),
  OddsType: Type.Integer(),
  TimeStamp: Type.Integer(),
  origin: Type.String(),
  Token: Type.String(),
  MemberCode: Type.String(),
});
const ProviderTwoParams = Type.Object({
  cuid: Type.String(),
  origin: Type.String(),
  requestId: Type.String(),
  resourceUrl: Type.String(),
  resourceGamingUrl: Type.String(),
});
const ProviderThreeParams = Type.Object({
  origin: Type.String(),
  languageType: Type.String(),
  Authorization: Type.String(),
});
const ProviderParams = Type.Union([
  Type.Object({ provider: Type.Literal('one'), values: ProviderOneParams }),
  Type.Object({ provider: Type.Literal('two'), values: ProviderTwoParams }),
  Type.Object({ provider: Type.Literal('three'), values: ProviderThreeParams }),
]);

const LaunchResult = Type.Object({
  url: Type.String(),
  h5Url: Type.String(),
  activityUrl: Type.String(),
  resource: Type.String(),
  token: Type.String(),
  apiUrl: Type.String(),
  params: ProviderParams,
  moved: fen,
});

export const launchSchema = { body: LaunchBody, response: { 200: Envelope(LaunchResult) } };

export const providerParamsSchema = {
  body: Type.Object({ provider: StringEnum(['two', 'three'] as const) }, { additionalProperties: false }),
  response: { 200: Envelope(ProviderParams) },
};

const OddsTypeValue = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4)]);
const OddsTypeSetting = Type.Object({ oddsType: OddsTypeValue });
export const oddsTypeSchema = {
  get: { querystring: NoQuery, response: { 200: Envelope(OddsTypeSetting) } },
  post: {
    body: Type.Object({ oddsType: OddsTypeValue }, { additionalProperties: false }),
    response: { 200: Envelope(OddsTypeSetting) },
  },
};

const BetStatus = StringEnum(BET_RECORD_STATUSES);
export const betRecordsSchema = {
  body: Type.Object(
    {
      from: isoDate,
      to: isoDate,
      platform: Type.Optional(Platform),
      venue: Type.Optional(venueCode),
      status: Type.Optional(BetStatus),
      page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
      size: Type.Integer({
        minimum: 1,
        maximum: BET_RECORD_PAGE_SIZE_MAX,
        default: BET_RECORD_PAGE_SIZE_DEFAULT,
      }),
    },
    { additionalProperties: false },
  ),
  response: {
    200: Envelope(
      Type.Object({
        items: Type.Array(
          Type.Object({
            orderNo: Type.String(),
            venue: Type.String(),
            venueName: Type.String(),
            platform: Platform,
            game: Type.String(),
            play: Type.String(),
            pick: Type.String(),
            odds: Type.Union([Type.Integer(), Type.Null()]),
            stake: fen,
            validBet: fen,
            payout: fen,
            net: Type.Union([fen, Type.Null()]),
            status: BetStatus,
            placedAt: Type.String(),
            settledAt: Type.Union([Type.String(), Type.Null()]),
          }),
        ),
        total: Type.Integer(),
        page: Type.Integer(),
        size: Type.Integer(),
        days: Type.Array(
          Type.Object({
            day: Type.String(),
            count: Type.Integer(),
            stake: fen,
            validBet: fen,
            net: fen,
          }),
        ),
      }),
    ),
  },
};
