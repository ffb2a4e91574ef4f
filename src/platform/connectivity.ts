// Whether the browser believes it is offline; the API client reports that as 'network disconnected' (spec §8).

export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}
