// The venues' wire shapes (issue 11; spec §1, §2, §3, §7, §9; docs/api.md "Venues"). Shared by the site and
// the reference back end: the catalogue and lobbies, the launch, the embedded venue pages, the providers'
// shared parameters and the player's odds type. Amounts are integer fen on the wire.

/** spec §3 platform count keys, plus the fishing category (BY) of spec §2's /game/fishing lobby. */
export const PLATFORMS = ['TY', 'DZ', 'DJ', 'ZR', 'CP', 'QP', 'BY'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** spec §2: the seven lobbies, by the last segment of /game/{lobby}, and the platform each shows. */
export const LOBBY_PLATFORM = {
  chess: 'QP',
  egame: 'DZ',
  gaming: 'DJ',
  lottery: 'CP',
  realbet: 'ZR',
  sport: 'TY',
  fishing: 'BY',
} as const satisfies Record<string, Platform>;
export type Lobby = keyof typeof LOBBY_PLATFORM;
export const LOBBIES = Object.keys(LOBBY_PLATFORM) as Lobby[];

/** The three providers of spec §1/§7 (one: /improxy/api/mobile, two: /yewu11, three: /v1). */
export const PROVIDERS = ['one', 'two', 'three'] as const;
export type Provider = (typeof PROVIDERS)[number];

/** spec §3: sport venue codes IMTY, YBTY (its enum name OBTY), FBTY; V188 is the fourth sport venue (issue 11 §4). */
export const SPORT_VENUE = { IMTY: 'IMTY', YBTY: 'YBTY', FBTY: 'FBTY', V188: 'V188' } as const;
/** spec §3: YBTY is OBTY in the providers' enum. */
export const SPORT_VENUE_ENUM_ALIAS: Readonly<Record<string, string>> = { OBTY: 'YBTY' };

/**
 * spec §2: the embedded venue pages (`/{segment}/{slug}?url=`) and the venue each one frames. FBTY has no path
 * in the spec; its page is `sport/fb` (design, docs/venues.md).
 */
export const EMBEDDED_VENUE_PAGES = [
  { path: '/sport/V188', venue: 'V188' },
  { path: '/sport/im', venue: 'IMTY' },
  { path: '/sport/ob', venue: 'YBTY' },
  { path: '/sport/fb', venue: 'FBTY' },
  { path: '/gaming/ybdj', venue: 'YBDJ' },
  { path: '/gaming/imdj', venue: 'IMDJ' },
  { path: '/gaming/lhdj', venue: 'LHDJ' },
] as const;
/** The query parameter carrying the venue's page URL on an embedded venue page (spec §2 `?url=`). */
export const EMBEDDED_URL_PARAM = 'url';

/**
 * Where the sandbox venues' pages live on the back end (issue 11 §4). An embedded page frames a `url` only when
 * its origin is one the pre-info lists as a venue origin (`venueOrigins`) AND its path starts with this prefix
 * (no open-frame injection): see isVenueFrameUrl.
 */
export const VENUE_H5_PREFIX = '/sandbox/venue/';
/** The sandbox venues' static resources (a launch's `resource`): under the venue prefix, never a venue code. */
export const VENUE_STATIC_PATH = '/sandbox/venue/static/';
/** A sport venue's counts URL is this prefix and the session's credential (a launch's `token`; spec §7). */
export const SPORT_COUNT_PREFIX = '/sandbox/sportsbook/count/';
/**
 * The query of a venue page URL (`{origin}/sandbox/venue/{CODE}/?token=…`): the credential, the game (venues
 * with a game list), the view (desktop `pc` in url, phone `h5` in h5Url), app 1 for the app, and the launch's
 * temporaryParam handed back to the venue.
 */
export const VENUE_PAGE_QUERY = {
  token: 'token',
  game: 'game',
  view: 'view',
  app: 'app',
  temporaryParam: 'temporaryParam',
} as const;
export const VENUE_VIEW = { desktop: 'pc', phone: 'h5' } as const;
/** The sport venue whose shared parameters providerParams issues for provider two and three (spec §3, §7). */
export const PROVIDER_SPORT_VENUE = { two: 'YBTY', three: 'FBTY' } as const;

/** Whether `url` may be framed: an absolute http(s) URL of a known venue origin under the venue prefix. */
export function isVenueFrameUrl(url: string, venueOrigins: ReadonlyArray<string>): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  if (parsed.username || parsed.password) return false;
  return venueOrigins.includes(parsed.origin) && parsed.pathname.startsWith(VENUE_H5_PREFIX);
}

export type VenueStatus = 'open' | 'maintenance' | 'closed';

/** A tag a game carries in its lobby grid. */
export const GAME_TAGS = ['hot', 'new', 'jackpot'] as const;
export type GameTag = (typeof GAME_TAGS)[number];

export interface VenueGame {
  code: string;
  name: string;
  /** A site-relative image path. */
  icon: string;
  tags: GameTag[];
}

export interface LobbyVenue {
  code: string;
  name: string;
  platform: Platform;
  provider: Provider;
  /** A site-relative image path. */
  logo: string;
  status: VenueStatus;
  /** ISO time until which a venue under maintenance stays closed; null when open or when the end is unknown. */
  maintenanceUntil: string | null;
  /**
   * Whether a launch opens a playable venue now. False for the categories whose sandbox venues arrive with
   * issue 12: the lobby shows them and says they are not open yet; a launch answers 30063.
   */
  playable: boolean;
  /** Venues with a game list (slots, fishing, chess) are launched per game; the others as a whole. */
  hasGames: boolean;
}

/** GET /game/api/v1/venue/lobby?lobby=sport — the venues of one lobby (public). */
export interface LobbyRequest {
  lobby: Lobby;
}
export interface LobbyResponse {
  lobby: Lobby;
  venues: LobbyVenue[];
}

/** Design bounds of the game grid's paging and search (docs/venues.md). */
export const GAME_PAGE_SIZE_DEFAULT = 24;
export const GAME_PAGE_SIZE_MAX = 60;
export const GAME_SEARCH_MAX_LENGTH = 20;

/** POST /game/api/v1/venue/games — a venue's game grid, searched and filtered (public). */
export interface GamesRequest {
  venue: string;
  /** Part of the name, at most GAME_SEARCH_MAX_LENGTH characters; empty for all. */
  search?: string;
  tag?: GameTag;
  page?: number;
  size?: number;
}
export interface GamesResponse {
  venue: string;
  items: VenueGame[];
  total: number;
  page: number;
  size: number;
}

/** Design: the last games a player opened, newest first, at most this many (docs/venues.md). */
export const RECENT_GAMES_MAX = 12;
export interface RecentGame {
  venue: string;
  venueName: string;
  platform: Platform;
  /** null when the venue was launched as a whole. */
  gameCode: string | null;
  gameName: string | null;
  icon: string | null;
  playedAt: string;
}
/** GET /game/api/v1/venue/recent (member). */
export interface RecentGamesResponse {
  items: RecentGame[];
}

/** spec §7 venue/launch payload: every field (docs/api.md says what each does). */
export interface LaunchRequest {
  /** The venue code (spec's enName), e.g. IMTY. */
  enName: string;
  /** 1: move money to the venue as the launch happens (免转 decides when absent). */
  appSendMoney?: 0 | 1;
  /** An activity id the launch comes from (recorded; activities issue). */
  activity?: string;
  /** The game to open in a venue with a game list. */
  gameCode?: string;
  /** 1: answer https URLs. */
  https?: 0 | 1;
  /** 1: the caller is the app (answers the app URL in url). */
  isApp?: 0 | 1;
  /**
   * 1: the player confirmed launching although the venue wallet is empty. Without it, a launch that moves no
   * money into an empty venue wallet while the central wallet has some answers 30062 (data: the two balances).
   */
  isSure?: 0 | 1;
  /** 1: only warm up (issue the credential, no transfer, no recent entry; a game-list venue needs no game). */
  isPreload?: 0 | 1;
  /** 1: the player launched by hand (counts as recent). */
  isManualLaunch?: 0 | 1;
  /** spec §9 site id 10001 (the only value this site takes). */
  siteId?: string;
  /** Free-form extra the venue gets back (≤ 200 characters). */
  temporaryParam?: string;
}

/** spec §3 launch result. */
export interface LaunchResult {
  /** The venue's page (desktop). */
  url: string;
  /** The venue's page for phones. */
  h5Url: string;
  /** The venue's activity page, or '' when it has none. */
  activityUrl: string;
  /** Provider static resources base URL. */
  resource: string;
  /**
   * Sport venues: the counts URL the sport-count machine polls (`GET {token}?merchantCode=Y`, header requestId;
   * spec §7). Other venues: the credential itself.
   */
  token: string;
  /** The provider API base for the site's adapters (e.g. `/improxy/api/mobile`). */
  apiUrl: string;
  /** The provider's shared parameters for this session (spec §3), for the site's adapters to store. */
  params: ProviderParams;
  /**
   * Fen this launch put into the venue wallet (免转 or appSendMoney; 0 when none). 免转 first brings every venue
   * balance back, so a launch of the venue that already held the money moves it out and in again: the figure is
   * then the venue wallet's balance after the launch (docs/venues.md "Launch").
   */
  moved: number;
}

/** spec §3 provider shared parameters, per provider. */
export interface ProviderOneParams {
  LanguageCode: string;
  OddsType: number;
  TimeStamp: number;
  origin: string;
  Token: string;
  MemberCode: string;
}
export interface ProviderTwoParams {
  cuid: string;
  origin: string;
  requestId: string;
  resourceUrl: string;
  resourceGamingUrl: string;
}
export interface ProviderThreeParams {
  origin: string;
  languageType: string;
  Authorization: string;
}
export type ProviderParams =
  | { provider: 'one'; values: ProviderOneParams }
  | { provider: 'two'; values: ProviderTwoParams }
  | { provider: 'three'; values: ProviderThreeParams };

/** spec §3 defaults: provider one LanguageCode CHS and OddsType European; provider three languageType CMN. */
export const PROVIDER_ONE_LANGUAGE = 'CHS';
export const PROVIDER_THREE_LANGUAGE = 'CMN';

/**
 * POST /game/api/v1/venue/providerParams — the call that fetches provider two's and three's shared parameters
 * again (spec §7: "path not shown"; this is its design). Issues a fresh credential (member).
 */
export interface ProviderParamsRequest {
  provider: 'two' | 'three';
}
export type ProviderParamsResponse = ProviderParams;

/** spec §3 odds types. */
export const ODDS_TYPE = { malay: 1, hongkong: 2, europe: 3, indonesia: 4 } as const;
export type OddsType = (typeof ODDS_TYPE)[keyof typeof ODDS_TYPE];
export const DEFAULT_ODDS_TYPE: OddsType = ODDS_TYPE.europe;

/** GET / POST /game/api/v1/venue/oddsType — the player's odds type, kept per player (member). */
export interface OddsTypeSetting {
  oddsType: OddsType;
}

/** spec §9 merchant code and the sport counts (decoded `data` of GET {token}?merchantCode=). */
export interface SportCounts {
  venue: string;
  /** Matches per sport: live now, today, the coming days. */
  sports: Array<{ sport: string; name: string; live: number; today: number; early: number }>;
  total: number;
  /** When the venue counted (ISO). */
  at: string;
}
/** spec §8 "expired" message of the counts call (and of any sandbox venue call with a dead credential). */
export const EXPIRED_MESSAGE = 'expired';
/** 30062's data: why the launch asks for isSure. */
export interface VenueWalletEmpty {
  venue: string;
  /** The venue wallet's balance (0). */
  venueBalance: number;
  /** What the central wallet could move (available fen). */
  central: number;
}
/** 6014's data on a launch: the venue and until when it is under maintenance (ISO, or null when unknown). */
export interface VenueMaintenance {
  venue: string;
  maintenanceUntil: string | null;
}

/** Design: a sandbox venue credential lives this long (docs/venues.md). */
export const VENUE_SESSION_TTL_MS = 2 * 60 * 60 * 1000;

/** spec §9 timings of the sport lobby and the provider parameters. */
export const SPORT_COUNT_POLL_MS = 60_000;
export const SPORT_COUNT_RETRY_LIMIT = 2;
export const SPORT_COUNT_RETRY_DELAY_MS = 500;
export const PROVIDER_PARAMS_DEBOUNCE_MS = 1_000;
/** spec §4: provider two's code containing this, or provider three's 14010, means the parameters expired. */
export const PROVIDER_TWO_EXPIRED_CODE_PART = '400401';
export const PROVIDER_THREE_EXPIRED_CODE = 14010;

/**
 * The lobby query that carries a pick (issue 11 §1: through the login the player comes back to the game; issue 19
 * §2: a home tile opens its lobby with the game, which the lobby launches).
 */
export const PLAY_PARAM = 'play';
export const GAME_PARAM = 'game';
