// The stored sports-venue parameters (spec §3 local items: h5Url, url, TimeStamp, LanguageCode, Token, MemberCode,
// requestId, Authorization, languageType, currentTimestamp, origin; spec §4 "provider shared parameters are saved
// to and loaded from storage"). One record per venue, kept through src/platform/storage (never window directly),
// read back defensively: a record that is not the shape this code wrote is dropped, never trusted.
import { storageGet, storageRemove, storageSet } from '../../platform/storage.ts';
import {
  PROVIDERS,
  type LaunchResult,
  type OddsType,
  type Provider,
  type ProviderParams,
} from '../../protocol/venues.ts';

/** The one storage item holding every venue's record, by venue code. */
export const VENUE_PARAMS_KEY = 'sportVenueParams';

/** What the site keeps of a venue's launch (spec §3 launch result and shared parameters). */
export interface VenueSession {
  /** The venue code (IMTY, YBTY, FBTY, V188, …). */
  venue: string;
  provider: Provider;
  url: string;
  h5Url: string;
  /** The provider API base the adapter calls (e.g. /improxy/api/mobile). */
  apiUrl: string;
  /** Sport venues: the counts URL (spec §7 `GET {token}?merchantCode=`). */
  token: string;
  /** The provider's shared parameters (spec §3), merged into its calls. */
  params: ProviderParams;
  /** spec §3 currentTimestamp: when the parameters were stored (ms since the epoch). */
  currentTimestamp: number;
}

type Stored = Record<string, VenueSession>;

/** Field → kind of each provider's shared parameters (spec §3); every one is required. */
const PARAM_FIELDS: Record<Provider, Record<string, 'string' | 'number'>> = {
  one: {
    LanguageCode: 'string',
    OddsType: 'number',
    TimeStamp: 'number',
    origin: 'string',
    Token: 'string',
    MemberCode: 'string',
  },
  two: {
    cuid: 'string',
    origin: 'string',
    requestId: 'string',
    resourceUrl: 'string',
    resourceGamingUrl: 'string',
  },
  three: { origin: 'string', languageType: 'string', Authorization: 'string' },
};

const SESSION_STRINGS = ['venue', 'url', 'h5Url', 'apiUrl', 'token'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether `value` is a provider's shared parameters as spec §3 lists them (extra fields are kept). */
export function isProviderParams(value: unknown): value is ProviderParams {
  if (!isRecord(value) || !isRecord(value['values'])) return false;
  const provider = value['provider'];
  if (!(PROVIDERS as readonly unknown[]).includes(provider)) return false;
  const values = value['values'];
  return Object.entries(PARAM_FIELDS[provider as Provider]).every(([field, kind]) =>
    kind === 'number' ? Number.isFinite(values[field]) : typeof values[field] === 'string',
  );
}

function isVenueSession(value: unknown): value is VenueSession {
  return (
    isRecord(value) &&
    SESSION_STRINGS.every((field) => typeof value[field] === 'string') &&
    Number.isFinite(value['currentTimestamp']) &&
    isProviderParams(value['params']) &&
    value['provider'] === value['params'].provider
  );
}

/** Every readable record; unreadable ones are left out (and dropped at the next write). */
function readAll(): Stored {
  const raw = storageGet<unknown>(VENUE_PARAMS_KEY);
  if (!isRecord(raw)) return {};
  const out: Stored = {};
  for (const [venue, session] of Object.entries(raw))
    if (isVenueSession(session) && session.venue === venue) out[venue] = session;
  return out;
}

function writeAll(all: Stored): void {
  if (Object.keys(all).length === 0) storageRemove(VENUE_PARAMS_KEY);
  else storageSet(VENUE_PARAMS_KEY, all);
}

/** Stores what a venue's launch answered (replacing the venue's earlier record) and returns the record. */
export function saveVenueLaunch(venue: string, launch: LaunchResult, now: number = Date.now()): VenueSession {
  const session: VenueSession = {
    venue,
    provider: launch.params.provider,
    url: launch.url,
    h5Url: launch.h5Url,
    apiUrl: launch.apiUrl,
    token: launch.token,
    params: launch.params,
    currentTimestamp: now,
  };
  writeAll({ ...readAll(), [venue]: session });
  return session;
}

/** The venue's stored record, or null when there is none (or it cannot be read). */
export function loadVenueSession(venue: string): VenueSession | null {
  return readAll()[venue] ?? null;
}

/** Every stored record of the provider's venues. */
export function loadProviderSessions(provider: Provider): VenueSession[] {
  return Object.values(readAll()).filter((s) => s.provider === provider);
}

/**
 * Stores shared parameters fetched again (spec §4) on every stored venue of their provider; returns the updated
 * records (none when no venue of the provider was launched: there is nothing to call with them).
 */
export function saveProviderParams(params: ProviderParams, now: number = Date.now()): VenueSession[] {
  const all = readAll();
  const updated: VenueSession[] = [];
  for (const [venue, session] of Object.entries(all)) {
    if (session.provider !== params.provider) continue;
    all[venue] = { ...session, params, currentTimestamp: now };
    updated.push(all[venue]);
  }
  if (updated.length) writeAll(all);
  return updated;
}

/**
 * The player changed their odds type (issue 11 §3: sent to the providers): provider one's OddsType shared
 * parameter follows it on every stored provider-one venue.
 */
export function saveOddsType(oddsType: OddsType): void {
  const all = readAll();
  let changed = false;
  for (const [venue, session] of Object.entries(all)) {
    if (session.params.provider !== 'one' || session.params.values.OddsType === oddsType) continue;
    all[venue] = {
      ...session,
      params: { provider: 'one', values: { ...session.params.values, OddsType: oddsType } },
    };
    changed = true;
  }
  if (changed) writeAll(all);
}

/** Forgets one venue's record, or every record (the player logged out: the credentials are theirs). */
export function clearVenueSessions(venue?: string): void {
  if (venue === undefined) {
    storageRemove(VENUE_PARAMS_KEY);
    return;
  }
  const all = readAll();
  delete all[venue];
  writeAll(all);
}
