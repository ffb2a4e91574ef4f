// A sports venue's match counts (spec §7 `GET {token}?merchantCode=` with header requestId, "response data
// decoded"; spec §9 merchant code Y). The venue's launch gives the token: the counts URL itself. The answer is
// the sandbox sportsbook's envelope { status_code, message, data } with data = base64 of the UTF-8 JSON of
// SportCounts (docs/sportsbook.md); a dead credential answers the expired message (spec §4, §8).
import { t } from '../../i18n/zh-CN.ts';
import { MERCHANT_CODE } from '../../protocol/api.ts';
import {
  COUNTS_MERCHANT_PARAM,
  isExpiredMessage,
  REQUEST_ID_HEADER,
  type SportCountOutcome,
} from '../../protocol/providers.ts';
import { SPORTSBOOK_CODE } from '../../protocol/sportsbook.ts';
import type { SportCounts } from '../../protocol/venues.ts';
import { apiGet, type ApiCallConfig } from '../client.ts';
import { BusinessError, NetworkError } from '../errors.ts';

/** The answer arrived but its data is not readable counts (not base64, not UTF-8, not JSON, not the shape). */
export class UnreadableCountsError extends NetworkError {
  readonly reason = 'unreadable';
  constructor(readonly detail: string) {
    // A 2xx that carries nothing a player can act on, like the client's non-envelope answer.
    super(200, t.apiErrors.systemAbnormal);
  }
}

/** The counts URL with merchantCode=Y (spec §7, §9). */
export function countsUrl(token: string): string {
  const query = new URLSearchParams({ [COUNTS_MERCHANT_PARAM]: MERCHANT_CODE }).toString();
  return `${token}${token.includes('?') ? '&' : '?'}${query}`;
}

function isCount(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

function isSportCounts(value: unknown): value is SportCounts {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v['venue'] === 'string' &&
    typeof v['at'] === 'string' &&
    !Number.isNaN(Date.parse(v['at'])) &&
    isCount(v['total']) &&
    Array.isArray(v['sports']) &&
    v['sports'].every((s: unknown) => {
      if (typeof s !== 'object' || s === null) return false;
      const r = s as Record<string, unknown>;
      return (
        typeof r['sport'] === 'string' &&
        typeof r['name'] === 'string' &&
        isCount(r['live']) &&
        isCount(r['today']) &&
        isCount(r['early'])
      );
    })
  );
}

/**
 * Reads the counts from the answer's data: base64 of the UTF-8 JSON (the sandbox's encoding). Defensive: data
 * that is not exactly that throws UnreadableCountsError, never a half-read value. A data that is already the
 * JSON object (a venue that does not encode) is read too.
 */
export function decodeSportCounts(data: unknown): SportCounts {
  let parsed: unknown = data;
  if (typeof data === 'string') {
    let bytes: Uint8Array;
    try {
      const binary = atob(data.trim());
      bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
    } catch {
      throw new UnreadableCountsError('not base64');
    }
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new UnreadableCountsError('not UTF-8');
    }
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new UnreadableCountsError('not JSON');
    }
  }
  if (!isSportCounts(parsed)) throw new UnreadableCountsError('not sport counts');
  return parsed;
}

/** The encoding decodeSportCounts reads (for tests and the sandbox's own checks). */
export function encodeSportCounts(counts: SportCounts): string {
  const bytes = new TextEncoder().encode(JSON.stringify(counts));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The answer was the expired message (spec §4, §8; the sandbox sends it with its code 40001). */
export function isCountsExpired(error: unknown): boolean {
  return (
    error instanceof BusinessError &&
    error.source === 'main' &&
    (isExpiredMessage(error.message) || Number(error.code) === SPORTSBOOK_CODE.expired)
  );
}

function newRequestId(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = c.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface CountsOptions extends Pick<ApiCallConfig, 'timeout' | 'signal'> {
  /** The requestId header (spec §7); a new id per request by default. */
  requestId?: string;
}

/**
 * GET {token}?merchantCode=Y with the requestId header: the decoded counts. Rejects with the ApiError of the
 * answer (isCountsExpired tells the expired message) or UnreadableCountsError. The sport-count machine handles
 * every failure itself, so none reaches the app's error catalogue.
 */
export async function fetchSportCounts(token: string, options: CountsOptions = {}): Promise<SportCounts> {
  const { requestId = newRequestId(), ...config } = options;
  const data = await apiGet<unknown>(countsUrl(token), {
    ...config,
    headers: { [REQUEST_ID_HEADER]: requestId },
    handles: () => true,
  });
  return decodeSportCounts(data);
}

/** One venue's counts request as the sport-count machine reads it (its fetchCounts effect). */
export async function sportCountOutcome(token: string, options?: CountsOptions): Promise<SportCountOutcome> {
  try {
    return { kind: 'ok', counts: await fetchSportCounts(token, options) };
  } catch (error) {
    if (isCountsExpired(error)) return { kind: 'expired' };
    return { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
  }
}
