// What the Bridges host decides (pure): which API errors reach the app actor and in what shape, whether a
// navigation intent moves the router, and which page events the browser's happenings are.
import type { ApiErrorInfo } from '../../machines/error-catalogue.ts';
import type { ApiError } from '../api/errors.ts';

/** The error as the app actor's catalogue reads it (spec §8: a type and a code; transport errors by kind). */
export function toErrorInfo(error: ApiError): ApiErrorInfo {
  switch (error.type) {
    case 'business':
      return { type: 'business', code: error.code, message: error.message, data: error.data };
    case 'network':
      return { type: 'network', code: error.status, message: error.message };
    case 'transport':
      return { type: 'transport', code: error.kind, message: error.message };
  }
}

/**
 * The error to send the app actor as `api.error`, or null: a cancelled request is the page's own doing
 * (it left, or replaced the call), not something to react to.
 */
export function forwardedError(error: ApiError): ApiErrorInfo | null {
  if (error.type === 'transport' && error.kind === 'cancelled') return null;
  return toErrorInfo(error);
}

export interface NavigateIntent {
  to: string;
  replace?: boolean | undefined;
}

/**
 * Where the router goes for an intent, or null when it is where the player already is (path and query): a
 * second entry for the same page would only add history.
 */
export function navigation(
  intent: NavigateIntent,
  here: { pathname: string; search: string },
): { to: string; replace: boolean } | null {
  if (intent.to === here.pathname + here.search) return null;
  return { to: intent.to, replace: intent.replace ?? false };
}

/** The page event for a visibility change. */
export function visibilityEvent(hidden: boolean): { type: 'page.hidden' } | { type: 'page.visible' } {
  return { type: hidden ? 'page.hidden' : 'page.visible' };
}
