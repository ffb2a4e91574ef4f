// spec §8: every coded error triggers a global event named by error type and code, e.g. 'business:6001'.
// The app actor subscribes and reacts from its error table; the client itself never touches UI or location.
import type { ApiError, BusinessError, NetworkError, TransportError } from './errors.ts';

export type ApiErrorEventName =
  | `business:${BusinessError['code']}`
  | `network:${NetworkError['status']}`
  | `transport:${TransportError['kind']}`;

export interface ApiErrorEvent {
  name: ApiErrorEventName;
  error: ApiError;
}

export type ApiErrorListener = (event: ApiErrorEvent) => void;

const listeners = new Set<ApiErrorListener>();
/**
 * Errors published while nobody listens (the first calls start before the page has mounted its listener).
 * Held, bounded, and handed to the first subscriber, so a boot-time 6031 still reaches the error table.
 */
const held: ApiErrorEvent[] = [];
export const MAX_HELD_ERRORS = 20;

export function apiErrorEventName(error: ApiError): ApiErrorEventName {
  switch (error.type) {
    case 'business':
      return `business:${error.code}`;
    case 'network':
      return `network:${error.status}`;
    case 'transport':
      return `transport:${error.kind}`;
  }
}

/** Returns the unsubscribe function. */
export function subscribeApiErrors(listener: ApiErrorListener): () => void {
  listeners.add(listener);
  for (const event of held.splice(0)) deliver(listener, event);
  return () => {
    listeners.delete(listener);
  };
}

function deliver(listener: ApiErrorListener, event: ApiErrorEvent): void {
  try {
    listener(event);
  } catch (failure) {
    // A broken listener must neither hide the error from the others nor replace the caller's rejection.
    queueMicrotask(() => {
      throw failure;
    });
  }
}

export function publishApiError(error: ApiError): void {
  const event: ApiErrorEvent = { name: apiErrorEventName(error), error };
  if (listeners.size === 0) {
    held.push(event);
    if (held.length > MAX_HELD_ERRORS) held.shift();
    return;
  }
  for (const listener of [...listeners]) deliver(listener, event);
}

/** Tests only: forget listeners and held errors between tests. */
export function resetApiErrorBus(): void {
  listeners.clear();
  held.length = 0;
}
