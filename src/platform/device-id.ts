// The device id sent as X-API-UUID (spec §7), kept in the X-API-UUID cookie (spec §3).
import { HEADER } from '../protocol/api.ts';
import { getCookie, setCookie } from './cookies.ts';

export const DEVICE_ID_COOKIE = HEADER.uuid;
/** A device should stay the same device for a long time; a year matches the longest token lifetime (spec §9). */
export const DEVICE_ID_EXPIRY_DAYS = 365;

/** The device id, created and stored on first use. */
export function getDeviceId(): string {
  const existing = getCookie(DEVICE_ID_COOKIE);
  if (existing) return existing;
  const created = newUuid();
  setCookie(DEVICE_ID_COOKIE, created, { days: DEVICE_ID_EXPIRY_DAYS });
  return created;
}

function newUuid(): string {
  // randomUUID exists only in secure contexts; a site served over plain http still needs an id.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40; // RFC 9562 version 4
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80; // RFC 9562 variant
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
