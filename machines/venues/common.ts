// Shared pieces of the venues machines (issue 11): what a refusal carries, where the player lands, the China
// calendar. Pure: no xstate, no DOM.
import { EMBEDDED_URL_PARAM, EMBEDDED_VENUE_PAGES } from '../../src/protocol/venues.ts';

/** A coded refusal of the server (a BusinessError), or no answer at all. */
export interface VenueRefusal {
  code: number | string;
  message: string;
  /** 6014 (venue maintenance): until when, ISO, when the server said. */
  until: string | null;
}

/** The transport failed (no answer): the page says so and offers a retry. */
export const NO_ANSWER_CODE = 'noAnswer';

/** A coded answer of the server (a BusinessError), as opposed to no answer at all. */
export const isAnswer = (error: unknown): boolean => (error as { type?: string } | null)?.type === 'business';

export function refusalOf(error: unknown): VenueRefusal {
  const e = (error ?? {}) as { code?: number | string; message?: string; data?: unknown; type?: string };
  const data = (e.data ?? {}) as { maintenanceUntil?: unknown; until?: unknown };
  const until = typeof data.maintenanceUntil === 'string' ? data.maintenanceUntil : data.until;
  return {
    code: e.type === 'business' ? (e.code ?? NO_ANSWER_CODE) : NO_ANSWER_CODE,
    message: e.type === 'business' ? (e.message ?? '') : '',
    until: typeof until === 'string' ? until : null,
  };
}

/** The code of an error as a number when it has one (codes travel as numbers or numeric strings). */
export const codeOf = (error: unknown): number | null => {
  const code = (error as { code?: unknown } | null)?.code;
  const n = typeof code === 'string' ? Number(code) : code;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/** The embedded page of a framed venue (spec §2 `sport/im?url=`...), or null for a venue opened as it is. */
export const embeddedPageOf = (venue: string): string | null =>
  EMBEDDED_VENUE_PAGES.find((p) => p.venue === venue)?.path ?? null;

/** The venue an embedded page frames. */
export const venueOfPage = (path: string): string | null =>
  EMBEDDED_VENUE_PAGES.find((p) => p.path === path)?.venue ?? null;

/** The embedded page's address with the venue's page URL in `?url=`. */
export const framedAt = (page: string, url: string) =>
  `${page}?${EMBEDDED_URL_PARAM}=${encodeURIComponent(url)}`;

/** China time (UTC+8, no daylight saving): the calendar day of an instant, YYYY-MM-DD. */
export const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;
export function chinaDay(epochMs: number): string {
  return new Date(epochMs + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** Days from one YYYY-MM-DD to another (0 when equal; negative when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A calendar day YYYY-MM-DD that exists. */
export function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === text;
}
