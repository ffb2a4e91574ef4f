// The one axios instance every API call goes through (spec §7 headers, §8 envelope and errors).
// It rejects with typed errors and publishes them on the error bus; it never touches UI or location.
import axios, { type AxiosAdapter, type AxiosRequestConfig } from 'axios';
import { t } from '../i18n/zh-CN.ts';
import {
  API_VERSION,
  CLIENT_WEB,
  CODE,
  HEADER,
  isSessionEnding,
  SITE_ID,
  type Envelope,
} from '../protocol/api.ts';
import { replaceText, type TextReplacement } from '../lib/replace-text.ts';
import { getCookie } from '../platform/cookies.ts';
import { getDeviceId } from '../platform/device-id.ts';
import { publishApiError } from './error-bus.ts';
import { BusinessError, NetworkError, toApiError, type ApiError } from './errors.ts';
import { unwrapProvider, type ProviderSource } from './providers.ts';
import { compiledSignMap, createSigner, fetchRemoteSignMap, signedGroupOf } from './signing.ts';

/** spec §7: browser timeout 20 s (the other reading, 100000 ms, is for callers to pass per call). */
export const DEFAULT_TIMEOUT_MS = 20_000;
/** spec §3: the token lives in the X-API-TOKEN cookie; every call reads it there (spec §6: only when it exists). */
export const TOKEN_COOKIE = HEADER.token;

/** Which envelope the answer comes in: the main API's, or one of the providers' (spec §7). */
export type EnvelopeKind = 'main' | ProviderSource;

export interface ApiCallOptions {
  /** Default 'main'. */
  envelope?: EnvelopeKind;
  /** Errors this caller handles itself: they are rejected as usual but not published on the error bus. */
  handles?: (error: ApiError) => boolean;
}

export type ApiCallConfig = Omit<AxiosRequestConfig, 'url' | 'method' | 'data' | 'baseURL'> & ApiCallOptions;

let extraHeaders: Readonly<Record<string, string>> = {};
let textReplacements: readonly TextReplacement[] = [];

const http = axios.create({
  baseURL: '',
  timeout: DEFAULT_TIMEOUT_MS,
  responseType: 'json',
  headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
});
const defaultAdapter = http.defaults.adapter;

const signer = createSigner({
  compiled: compiledSignMap(),
  // The bootstrap calls are internal: a failure there surfaces as the failure of the call that needed them.
  fetchRemote: () => fetchRemoteSignMap((path) => apiGet(path, { handles: () => true })),
});

http.interceptors.request.use(async (config) => {
  const path = config.url ?? '';
  const headers = config.headers;
  headers.set(HEADER.client, CLIENT_WEB);
  headers.set(HEADER.version, API_VERSION);
  headers.set(HEADER.site, SITE_ID);
  headers.set(HEADER.uuid, getDeviceId());
  const token = getCookie(TOKEN_COOKIE);
  // spec §7: X-API-TOKEN only when logged in.
  if (token) headers.set(HEADER.token, token);
  // Unsigned bootstrap paths and paths outside every group carry no X-API-XXX.
  const signature = await signer.signatureFor(path);
  if (signature) headers.set(HEADER.signature, signature);
  for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
  return config;
});

/** Headers added to every call after the protocol ones (e.g. agent_verify); replaces the previous set. */
export function setExtraHeaders(headers: Readonly<Record<string, string>>): void {
  extraHeaders = { ...headers };
}

/**
 * spec §7: "a text-replacement list may be applied to JSON responses": replacements applied to every string
 * value of every JSON answer; replaces the previous list. The product supplies no list yet (the spec names no
 * source for it); the mechanism is kept and tested so an operator-supplied list needs no client change.
 */
export function setTextReplacements(replacements: readonly TextReplacement[]): void {
  textReplacements = [...replacements];
}

/** Swaps the transport (tests pass a fake); no argument restores axios' own. */
export function setHttpAdapter(adapter?: AxiosAdapter): void {
  http.defaults.adapter = adapter ?? defaultAdapter;
}

export function apiGet<T>(path: string, config: ApiCallConfig = {}): Promise<T> {
  return apiRequest<T>({ ...config, method: 'GET', url: path });
}

export function apiPost<T>(path: string, body?: unknown, config: ApiCallConfig = {}): Promise<T> {
  return apiRequest<T>({ ...config, method: 'POST', url: path, data: body });
}

export async function apiRequest<T>(config: AxiosRequestConfig & ApiCallOptions): Promise<T> {
  const { envelope = 'main', handles, ...request } = config;
  // The login this call speaks for (the interceptor sends the cookie's token).
  const sentWith = getCookie(TOKEN_COOKIE) ?? null;
  let error: ApiError;
  try {
    return await attempt<T>(request, envelope);
  } catch (failure) {
    error = toApiError(failure);
  }
  // spec §8 10108: the signing secret was rotated. Fetch the server's map and try once more with it.
  if (isSignatureRejected(error) && signedGroupOf(request.url ?? '') !== null) {
    let refreshed = false;
    try {
      await signer.refresh();
      refreshed = true;
    } catch {
      // Keep the 10108: it says more than the failure of the map fetch.
    }
    if (refreshed) {
      try {
        return await attempt<T>(request, envelope);
      } catch (failure) {
        error = toApiError(failure);
      }
    }
  }
  if (!handles?.(error) && !aboutAnotherLogin(error, sentWith)) publishApiError(error);
  throw error;
}

/**
 * A session-ending answer (spec §8) to a call made with a token the device no longer holds says nothing about
 * the session it has now: a member-info call of a login the player already left (logged out, or logged in
 * again) that answers 10105 or 6001 late must not end the new login. Found by the session's UI model test
 * (login, log out while the member's info loads, log in again: the first call's late 6001 logged the player out).
 */
function aboutAnotherLogin(error: ApiError, sentWith: string | null): boolean {
  return (
    error.type === 'business' && isSessionEnding(error.code) && (getCookie(TOKEN_COOKIE) ?? null) !== sentWith
  );
}

async function attempt<T>(request: AxiosRequestConfig, envelope: EnvelopeKind): Promise<T> {
  const response = await http.request<unknown>(request);
  const body = replaceText(response.data, textReplacements);
  if (envelope !== 'main') return unwrapProvider<T>(envelope, body);
  if (!isEnvelope(body)) {
    // A 2xx that is not the API's envelope (a proxy's page, a truncated body): nothing a player can act on.
    throw new NetworkError(response.status, t.apiErrors.systemAbnormal);
  }
  if (Number(body.status_code) !== CODE.success) {
    throw new BusinessError(
      body.status_code,
      typeof body.message === 'string' ? body.message : '',
      'main',
      body.data ?? null,
    );
  }
  return body.data as T;
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && 'status_code' in body;
}

function isSignatureRejected(error: ApiError): boolean {
  return error.type === 'business' && error.source === 'main' && Number(error.code) === CODE.apiAuth;
}
