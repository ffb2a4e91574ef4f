// The sandbox's time as the page reckons it: the server's clock (its accelerated sandbox time, from each list
// read's serverTime) minus how long ago that was here. Kick-off checks use it, never the device's own clock.
let offsetMs = 0;

export function setServerTime(iso: string | null): void {
  if (iso) offsetMs = Date.parse(iso) - Date.now();
}

export const sandboxNow = () => Date.now() + offsetMs;
