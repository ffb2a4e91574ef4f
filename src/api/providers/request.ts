// A call to a sports provider (spec §7 "Provider paths"; issue 11 §3): the provider's shared parameters go into
// every non-GET JSON body (body values win), provider two's GETs get a cuid and a random number and its calls the
// requestId header, provider three's calls the Authorization header; the answer's envelope is read into the one
// error model (src/api/providers/envelope.ts: BusinessError with source provider-one/two/three).
import {
  AUTHORIZATION_HEADER,
  isProviderParamsExpired,
  PROVIDER_TWO_QUERY,
  REQUEST_ID_HEADER,
} from '../../protocol/providers.ts';
import type { Provider, ProviderParams } from '../../protocol/venues.ts';
import { apiRequest, type ApiCallConfig } from '../client.ts';
import { BusinessError, type ApiError } from '../errors.ts';
import type { ProviderSource } from './envelope.ts';
import type { VenueSession } from './session-store.ts';

export type ProviderMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a caller asks of a provider: a path under the venue's API base, and what it sends itself. */
export interface ProviderCall {
  method: ProviderMethod;
  /** Under the launch's apiUrl, e.g. '/matches' (a full URL is used as it is). */
  path: string;
  query?: Record<string, string | number | boolean>;
  /** A JSON body. A plain object gets the shared parameters merged in; anything else is sent as it is. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** The request as it goes out. */
export interface PreparedCall {
  method: ProviderMethod;
  /** The URL with its query. */
  url: string;
  headers: Record<string, string>;
  /** Absent on a GET. */
  body?: unknown;
}

export const PROVIDER_SOURCE: Record<Provider, ProviderSource> = {
  one: 'provider-one',
  two: 'provider-two',
  three: 'provider-three',
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function joinUrl(base: string, path: string): string {
  if (/^https?:\/\//i.test(path) || base === '') return path;
  if (path === '') return base;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

function withQuery(url: string, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  if (!search) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

/**
 * The request a call becomes with the venue's parameters (pure; `random` is the cache-buster's source).
 * - every non-GET with a plain-object body (or none): `{ ...shared parameters, ...body }` — body values win;
 * - provider two: GETs get `cuid` and a random number as query parameters (the caller's own query values win),
 *   and every call the `requestId` header;
 * - provider three: every call the `Authorization` header.
 * A header the caller sets itself is kept.
 */
export function prepareProviderCall(
  session: Pick<VenueSession, 'apiUrl' | 'params'>,
  call: ProviderCall,
  random: () => number = Math.random,
): PreparedCall {
  const { params } = session;
  const query: Record<string, string> = {};
  const headers: Record<string, string> = {};
  if (params.provider === 'two') {
    headers[REQUEST_ID_HEADER] = params.values.requestId;
    if (call.method === 'GET') {
      query[PROVIDER_TWO_QUERY.cuid] = params.values.cuid;
      query[PROVIDER_TWO_QUERY.random] = String(random());
    }
  }
  if (params.provider === 'three') headers[AUTHORIZATION_HEADER] = params.values.Authorization;
  for (const [name, value] of Object.entries(call.query ?? {})) query[name] = String(value);
  Object.assign(headers, call.headers);
  const prepared: PreparedCall = {
    method: call.method,
    url: withQuery(joinUrl(session.apiUrl, call.path), query),
    headers,
  };
  if (call.method !== 'GET') prepared.body = mergeBody(params, call.body);
  return prepared;
}

/** spec §7: the shared parameters merged into a JSON body; body values win. */
export function mergeBody(params: ProviderParams, body: unknown): unknown {
  if (body === undefined || body === null) return { ...params.values };
  return isPlainObject(body) ? { ...params.values, ...body } : body;
}

export interface ProviderRequestOptions extends Pick<ApiCallConfig, 'timeout' | 'signal'> {
  /** Errors the caller lets the app's error catalogue see (default: none of the provider's own codes). */
  publishes?: (error: ApiError) => boolean;
  random?: () => number;
}

/**
 * Calls the provider with the venue's stored parameters and answers its data, or rejects with an ApiError
 * (BusinessError with the provider's source and code for any code other than its success code, spec §8).
 * A provider's code is the provider's, not the site's: it is not published to the app's error catalogue (a
 * provider code 6001 must not log the player out) unless `publishes` says so; network and transport errors are.
 */
export function providerRequest<T>(
  session: Pick<VenueSession, 'apiUrl' | 'params'>,
  call: ProviderCall,
  options: ProviderRequestOptions = {},
): Promise<T> {
  const { publishes, random, ...config } = options;
  const prepared = prepareProviderCall(session, call, random);
  return apiRequest<T>({
    ...config,
    method: prepared.method,
    url: prepared.url,
    headers: prepared.headers,
    data: prepared.body,
    envelope: PROVIDER_SOURCE[session.params.provider],
    handles: (error) => error.type === 'business' && error.source !== 'main' && !publishes?.(error),
  });
}

/**
 * spec §4: a provider error that means the shared parameters expired (provider two: code containing 400401;
 * provider three: 14010) — the provider-parameter machine fetches them again and retries the call.
 */
export function isParamsExpiredError(error: unknown): error is BusinessError {
  if (!(error instanceof BusinessError)) return false;
  if (error.source === 'provider-two') return isProviderParamsExpired('two', error.code);
  if (error.source === 'provider-three') return isProviderParamsExpired('three', error.code);
  return false;
}
