// The typed errors every API call rejects with (spec §8). Nothing here touches UI or location.
import { AxiosError, isCancel } from 'axios';
import { t } from '../i18n/zh-CN.ts';
import { isOffline } from '../platform/connectivity.ts';

export type ErrorSource = 'main' | 'provider-one' | 'provider-two' | 'provider-three';

export type TransportKind =
  | 'timeout'
  | 'cancelled'
  | 'connection-timeout'
  | 'network-disconnected'
  | 'connection-terminated'
  | 'unknown';

/** The server (or a provider) answered with a code other than success (spec §8). */
export class BusinessError extends Error {
  override readonly name = 'BusinessError';
  readonly type = 'business';
  constructor(
    readonly code: number | string,
    message: string,
    readonly source: ErrorSource = 'main',
    /** The envelope's data, when the server sent some with the code (6032 carries the pre-info). */
    readonly data: unknown = null,
  ) {
    super(message || t.apiErrors.systemAbnormal);
  }
}

/** A non-OK HTTP status (spec §8). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  readonly type = 'network';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message || t.apiErrors.systemAbnormal);
  }
}

/** No HTTP answer at all: timeout, cancel, lost connection (spec §8). There is no status, so it is 0. */
export class TransportError extends Error {
  override readonly name = 'TransportError';
  readonly type = 'transport';
  readonly status = 0;
  constructor(
    readonly kind: TransportKind,
    message: string,
  ) {
    super(message || t.apiErrors.systemAbnormal);
  }
}

export type ApiError = BusinessError | NetworkError | TransportError;

export function isApiError(error: unknown): error is ApiError {
  return error instanceof BusinessError || error instanceof NetworkError || error instanceof TransportError;
}

/** spec §8: status texts that read as a broken network path rather than a server answer. */
const ABNORMAL_STATUS_TEXT = /Acceptable|Failed|SSL|Forbidden/;

/** axios' own timer, whichever adapter fired it: 'timeout of 20000ms exceeded' (or the configured text). */
const AXIOS_TIMEOUT_MESSAGE = /^timeout (of \d+ms )?exceeded$/;

const TRANSPORT_MESSAGE: Record<TransportKind, string> = {
  timeout: t.apiErrors.timeout,
  cancelled: t.apiErrors.cancelled,
  'connection-timeout': t.apiErrors.connectionTimeout,
  'network-disconnected': t.apiErrors.networkDisconnected,
  'connection-terminated': t.apiErrors.connectionTerminated,
  unknown: t.apiErrors.unknownConnection,
};

export function transportError(kind: TransportKind): TransportError {
  return new TransportError(kind, TRANSPORT_MESSAGE[kind]);
}

/** The message a non-OK HTTP answer shows (spec §8); `serverMessage` is the body's own message, if any. */
export function httpErrorMessage(
  status: number,
  statusText: string | undefined,
  serverMessage?: string,
): string {
  if (statusText && ABNORMAL_STATUS_TEXT.test(statusText)) return t.apiErrors.networkAbnormal;
  return serverMessage || t.apiErrors.httpStatus(status);
}

/**
 * Maps anything a request can throw to an ApiError (spec §8). ApiErrors pass through unchanged.
 * `offline` is injectable for tests; by default it asks the browser.
 */
export function toApiError(error: unknown, offline: boolean = isOffline()): ApiError {
  if (isApiError(error)) return error;
  if (isCancel(error)) return transportError('cancelled');
  if (!(error instanceof AxiosError)) return transportError('unknown');

  if (error.response) {
    const { status, statusText, data } = error.response;
    return new NetworkError(status, httpErrorMessage(status, statusText, envelopeMessage(data)));
  }

  const code = error.code ?? '';
  if (code === AxiosError.ERR_CANCELED) return transportError('cancelled');
  if (code === AxiosError.ECONNABORTED || code === AxiosError.ETIMEDOUT) {
    const ownTimeout =
      AXIOS_TIMEOUT_MESSAGE.test(error.message) || error.message === error.config?.timeoutErrorMessage;
    return transportError(ownTimeout ? 'timeout' : 'connection-timeout');
  }
  if (code === AxiosError.ERR_NETWORK || offline) return transportError('network-disconnected');
  if (code === 'ECONNRESET') return transportError('connection-terminated');
  return transportError('unknown');
}

/** Only an envelope's message was written for players; a framework's default error body (often English) was not. */
function envelopeMessage(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('status_code' in data) || !('message' in data))
    return undefined;
  return typeof data.message === 'string' ? data.message : undefined;
}
