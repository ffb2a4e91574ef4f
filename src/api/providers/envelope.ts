// The three game providers' envelopes, read into one shape (spec §7) and checked against their success codes (spec §8).
import { PROVIDER_SUCCESS } from '../../protocol/api.ts';
import { BusinessError, type ErrorSource } from '../errors.ts';

export type ProviderSource = Exclude<ErrorSource, 'main'>;

export interface ProviderEnvelope<T = unknown> {
  code: number | string;
  message: string;
  data: T;
  serverTime?: string | number;
}

/** spec §7: provider three's code 0 is read as 100. */
const PROVIDER_THREE_ZERO_READ_AS = 100;

/** Provider one: { StatusCode, StatusDesc, ServerTime, ...payload }; the payload fields become data. */
export function normalizeProviderOne(raw: unknown): ProviderEnvelope<Record<string, unknown>> {
  const { StatusCode, StatusDesc, ServerTime, ...data } = asRecord(raw);
  const envelope: ProviderEnvelope<Record<string, unknown>> = {
    code: codeOf(StatusCode),
    message: textOf(StatusDesc),
    data,
  };
  if (typeof ServerTime === 'string' || typeof ServerTime === 'number') envelope.serverTime = ServerTime;
  return envelope;
}

/** Provider two: { code, msg, data }. */
export function normalizeProviderTwo(raw: unknown): ProviderEnvelope {
  const { code, msg, data } = asRecord(raw);
  return { code: codeOf(code), message: textOf(msg), data };
}

/** Provider three: { code, message, data }, code 0 read as 100. */
export function normalizeProviderThree(raw: unknown): ProviderEnvelope {
  const { code, message, data } = asRecord(raw);
  const read = codeOf(code);
  return {
    code: read === 0 || read === '0' ? PROVIDER_THREE_ZERO_READ_AS : read,
    message: textOf(message),
    data,
  };
}

export function isProviderSuccess(code: number | string): boolean {
  // Providers are loose about number vs string ('100' and 100); '0000000' must stay distinct from 0, so compare as text.
  return PROVIDER_SUCCESS.some((success) => String(success) === String(code));
}

const NORMALIZE: Record<ProviderSource, (raw: unknown) => ProviderEnvelope> = {
  'provider-one': normalizeProviderOne,
  'provider-two': normalizeProviderTwo,
  'provider-three': normalizeProviderThree,
};

/** The provider's data, or a BusinessError carrying the provider's code, message and source (spec §8). */
export function unwrapProvider<T>(source: ProviderSource, raw: unknown): T {
  const envelope = NORMALIZE[source](raw);
  if (!isProviderSuccess(envelope.code)) throw new BusinessError(envelope.code, envelope.message, source);
  return envelope.data as T;
}

function asRecord(raw: unknown): Record<string, unknown> {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw)
    ? (raw as Record<string, unknown>)
    : {};
}

function codeOf(value: unknown): number | string {
  return typeof value === 'number' || typeof value === 'string' ? value : '';
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
