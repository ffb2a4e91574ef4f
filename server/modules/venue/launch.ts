// The venue launch (issue 11 §2; spec §3, §7; docs/venues.md "Launch"): every field of venue/launch, the
// credential it issues (sessions.ts), the 免转 movement into the venue wallet, the recent game, and the launch
// result with the provider's shared parameters. webTerminal (spec §7 "body passed through") and providerParams
// answer through the same code.
import { CODE } from '../../../src/protocol/api.ts';
import {
  PROVIDER_ONE_BASE,
  PROVIDER_THREE_BASE,
  PROVIDER_TWO_BASE,
  SPORTSBOOK_API,
} from '../../../src/protocol/sportsbook.ts';
import {
  PROVIDER_ONE_LANGUAGE,
  PROVIDER_SPORT_VENUE,
  PROVIDER_THREE_LANGUAGE,
  SPORT_COUNT_PREFIX,
  SPORT_VENUE,
  VENUE_H5_PREFIX,
  VENUE_PAGE_QUERY,
  VENUE_STATIC_PATH,
  VENUE_VIEW,
  type LaunchRequest,
  type LaunchResult,
  type OddsType,
  type Provider,
  type ProviderParams,
  type ProviderParamsRequest,
  type VenueMaintenance,
  type VenueWalletEmpty,
} from '../../../src/protocol/venues.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { ApiError, SERVER_MESSAGE } from '../../http/envelope.ts';
import { balanceOf } from '../ledger/ledger.ts';
import { autoTransferOnLaunch, walletTransfer } from '../wallet/wallet.ts';
import { gameExists, oddsTypeOf, recordRecentGame, venueOr30061, type VenueRow } from './catalogue.ts';
import { VENUE_MESSAGE } from './messages.ts';
import { httpsTwin } from './origin.ts';
import { issueSession, newVenueToken } from './sessions.ts';

/** The API base of each provider's face (spec §7), and of the sandbox sportsbook's own API for V188. */
export const PROVIDER_API_BASE: Record<Provider, string> = {
  one: PROVIDER_ONE_BASE,
  two: PROVIDER_TWO_BASE,
  three: PROVIDER_THREE_BASE,
};
export const apiBaseOf = (venue: Pick<VenueRow, 'code' | 'provider'>): string =>
  venue.code === SPORT_VENUE.V188 ? SPORTSBOOK_API : PROVIDER_API_BASE[venue.provider];

/** The member as the providers know them (provider one's MemberCode, provider two's cuid): no phone, no name. */
export const memberCodeOf = (memberId: number): string => `M${memberId}`;

/**
 * The 免转 request id of a launch: derived from the credential the launch issues (the contract carries no
 * caller-made launch id). Each launch is its own request; what keeps a repeated launch from moving money twice
 * is that the amounts come from the balances, not from the request (docs/venues.md "免转 on launch").
 */
export const launchRequestId = (token: string): string => `launch-${token.slice(0, 24)}`;

/** Who launches, and the origin their browser reaches the server at (origin.ts). */
export interface LaunchCaller {
  memberId: number;
  origin: string;
}

function maintenanceError(venue: VenueRow): ApiError {
  const data: VenueMaintenance = {
    venue: venue.code,
    maintenanceUntil: venue.maintenanceUntil ? venue.maintenanceUntil.toISOString() : null,
  };
  return new ApiError(CODE.maintenanceVenue, VENUE_MESSAGE.maintenance(venue.maintenanceUntil), 200, data);
}

/** A venue that can be launched now: reachable (30061), not under maintenance (6014), playable (30063). */
async function launchableVenue(q: Queryable, code: string): Promise<VenueRow> {
  const venue = await venueOr30061(q, code);
  if (venue.status === 'maintenance') throw maintenanceError(venue);
  if (!venue.playable) throw new ApiError(CODE.venueNotPlayable, VENUE_MESSAGE.notPlayable);
  return venue;
}

/** The provider's shared parameters for one credential (spec §3). */
export function providerParamsFor(
  provider: Provider,
  s: { token: string; origin: string; memberId: number; oddsType: OddsType; now: number },
): ProviderParams {
  switch (provider) {
    case 'one':
      return {
        provider,
        values: {
          LanguageCode: PROVIDER_ONE_LANGUAGE,
          OddsType: s.oddsType,
          TimeStamp: s.now,
          origin: s.origin,
          Token: s.token,
          MemberCode: memberCodeOf(s.memberId),
        },
      };
    case 'two':
      return {
        provider,
        values: {
          cuid: memberCodeOf(s.memberId),
          origin: s.origin,
          requestId: s.token,
          resourceUrl: `${s.origin}${VENUE_STATIC_PATH}`,
          resourceGamingUrl: `${s.origin}${VENUE_STATIC_PATH}gaming/`,
        },
      };
    case 'three':
      return {
        provider,
        values: { origin: s.origin, languageType: PROVIDER_THREE_LANGUAGE, Authorization: s.token },
      };
  }
}

/** A venue page URL: `{origin}/sandbox/venue/{CODE}/?token=…&game=…&view=pc|h5[&app=1][&temporaryParam=…]`. */
export function venuePageUrl(
  origin: string,
  venue: string,
  p: { token: string; game: string; view: string; app: boolean; temporaryParam: string },
): string {
  const query = new URLSearchParams({ [VENUE_PAGE_QUERY.token]: p.token });
  if (p.game) query.set(VENUE_PAGE_QUERY.game, p.game);
  query.set(VENUE_PAGE_QUERY.view, p.view);
  if (p.app) query.set(VENUE_PAGE_QUERY.app, '1');
  if (p.temporaryParam) query.set(VENUE_PAGE_QUERY.temporaryParam, p.temporaryParam);
  return `${origin}${VENUE_H5_PREFIX}${encodeURIComponent(venue)}/?${query.toString()}`;
}

async function autoTransferSwitchOn(q: Queryable, memberId: number): Promise<boolean> {
  const { rows } = await q.query<{ auto_transfer: boolean }>(
    'SELECT auto_transfer FROM wallet_settings WHERE member_id = $1',
    [memberId],
  );
  return rows[0]?.auto_transfer ?? false;
}

/**
 * How a launch moves money: appSendMoney 0 never; 1 always (with 免转 on, 免转's way: every venue balance back,
 * then the whole central balance in; with it off, the central balance in); absent, 免转 decides.
 */
type MoneyMode = 'none' | 'send' | 'auto';
async function moneyModeOf(db: Db, memberId: number, req: LaunchRequest): Promise<MoneyMode> {
  if (req.isPreload === 1 || req.appSendMoney === 0) return 'none';
  const on = await autoTransferSwitchOn(db, memberId);
  if (on) return 'auto';
  return req.appSendMoney === 1 ? 'send' : 'none';
}

/**
 * The movement into the venue wallet; answers the fen put in. The sandbox venues confirm a transfer at once (it
 * is one ledger transfer into the member's venue account, posted); a parallel launch that emptied the central
 * wallet first leaves this one with nothing to move (0), never an error.
 */
async function moveMoney(
  db: Db,
  memberId: number,
  venue: string,
  mode: MoneyMode,
  requestId: string,
): Promise<number> {
  try {
    if (mode === 'auto') return await autoTransferOnLaunch(db, memberId, venue, requestId);
    if (mode === 'send') {
      const { available } = await balanceOf(db, { memberId, kind: 'central' });
      if (available <= 0) return 0;
      await walletTransfer(db, memberId, { requestId, direction: 'in', venue, amount: available });
      return available;
    }
    return 0;
  } catch (err) {
    if (err instanceof ApiError && err.code === CODE.insufficientBalance) return 0;
    throw err;
  }
}

/** POST /game/api/v1/venue/launch (and webTerminal): every field of spec §7; docs/api.md "Venues". */
export async function launchVenue(db: Db, caller: LaunchCaller, req: LaunchRequest): Promise<LaunchResult> {
  const { memberId } = caller;
  const venue = await launchableVenue(db, req.enName);
  const preload = req.isPreload === 1;
  const game = req.gameCode ?? '';
  if (venue.hasGames) {
    if (!game && !preload) throw new ApiError(CODE.gameRequired, VENUE_MESSAGE.gameRequired);
    if (game && !(await gameExists(db, venue.code, game)))
      throw new ApiError(CODE.venueNotFound, VENUE_MESSAGE.gameNotFound);
  } else if (game) {
    throw new ApiError(CODE.venueNotFound, VENUE_MESSAGE.gameNotFound);
  }

  const mode = await moneyModeOf(db, memberId, req);
  if (mode === 'none' && !preload && req.isSure !== 1) {
    const [inVenue, central] = await Promise.all([
      balanceOf(db, { memberId, kind: 'venue', venue: venue.code }),
      balanceOf(db, { memberId, kind: 'central' }),
    ]);
    if (inVenue.balance <= 0 && central.available > 0) {
      const data: VenueWalletEmpty = { venue: venue.code, venueBalance: 0, central: central.available };
      throw new ApiError(CODE.venueWalletEmpty, VENUE_MESSAGE.walletEmpty(central.available), 200, data);
    }
  }

  const token = newVenueToken();
  const requestId = launchRequestId(token);
  const moved = await moveMoney(db, memberId, venue.code, mode, requestId);
  const manual = req.isManualLaunch === 1;
  await issueSession(db, memberId, venue.code, {
    token,
    launch: {
      game: game || null,
      activity: req.activity || null,
      temporaryParam: req.temporaryParam || null,
      siteId: req.siteId ?? null,
      isApp: req.isApp === 1,
      https: req.https === 1,
      preload,
      manual,
      appSendMoney: req.appSendMoney ?? null,
      isSure: req.isSure === 1,
      ...(mode === 'none' ? {} : { requestId, moved }),
    },
  });
  if (!preload && (manual || game)) await recordRecentGame(db, memberId, venue.code, game);

  const origin = req.https === 1 ? httpsTwin(caller.origin) : caller.origin;
  const app = req.isApp === 1;
  const page = (view: string) =>
    venuePageUrl(origin, venue.code, { token, game, view, app, temporaryParam: req.temporaryParam ?? '' });
  return {
    url: page(app ? VENUE_VIEW.phone : VENUE_VIEW.desktop),
    h5Url: page(VENUE_VIEW.phone),
    activityUrl: '',
    resource: `${origin}${VENUE_STATIC_PATH}`,
    token: venue.platform === 'TY' ? `${origin}${SPORT_COUNT_PREFIX}${token}` : token,
    apiUrl: apiBaseOf(venue),
    params: providerParamsFor(venue.provider, {
      token,
      origin,
      memberId,
      oddsType: await oddsTypeOf(db, memberId),
      now: Date.now(),
    }),
    moved,
  };
}

/**
 * POST /game/api/v1/venue/providerParams (spec §7 "path not shown"; spec §4 re-fetch on 400401 / 14010): a
 * fresh credential at the provider's sport venue and its shared parameters.
 */
export async function freshProviderParams(
  db: Db,
  caller: LaunchCaller,
  req: ProviderParamsRequest,
): Promise<ProviderParams> {
  const code = PROVIDER_SPORT_VENUE[req.provider];
  const venue = await launchableVenue(db, code);
  if (venue.provider !== req.provider) throw new ApiError(CODE.validation, SERVER_MESSAGE.validation);
  const { token } = await issueSession(db, caller.memberId, venue.code, { launch: { providerParams: true } });
  return providerParamsFor(venue.provider, {
    token,
    origin: caller.origin,
    memberId: caller.memberId,
    oddsType: await oddsTypeOf(db, caller.memberId),
    now: Date.now(),
  });
}
