// The public origin (docs/venues.md "The frame-URL rule"): where the sandbox venues' pages live, as the player's
// browser reaches this server. The launch builds every venue URL on it and the pre-info lists it as the origin
// the site may frame (`venueOrigins`), so the two always agree.
import type { FastifyRequest } from 'fastify';

/** A Host value: a name or IPv4 address, or a bracketed IPv6 address, with an optional port. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;
/** Used when the request carries no usable Host (HTTP/1.0 callers, a hostile header). */
export const FALLBACK_ORIGIN = 'http://127.0.0.1';

/** `scheme://host[:port]` as URL normalises it (default ports dropped, lower case), or null when not http(s). */
export function normaliseOrigin(text: string): string | null {
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password) return null;
    return url.origin;
  } catch {
    return null;
  }
}

const byHost = new Map<string, string>();
const BY_HOST_MAX = 256;

/**
 * The public origin of a request: the configured PUBLIC_ORIGIN when set (a deployment behind a CDN or a proxy
 * that rewrites Host), else the scheme and host as Fastify sees them (X-Forwarded-Proto / -Host count only under
 * the server's trustProxy setting). The player's own browser sent that Host, so the answer names the origin the
 * player already talks to.
 */
export function publicOriginOf(req: FastifyRequest, configured: string | null | undefined): string {
  if (configured) return configured;
  const host = req.host;
  const scheme = req.protocol === 'https' ? 'https' : 'http';
  const key = `${scheme} ${host}`;
  const known = byHost.get(key);
  if (known) return known;
  const origin =
    typeof host === 'string' && HOST.test(host)
      ? (normaliseOrigin(`${scheme}://${host}`) ?? FALLBACK_ORIGIN)
      : FALLBACK_ORIGIN;
  if (byHost.size >= BY_HOST_MAX) byHost.delete(byHost.keys().next().value!);
  byHost.set(key, origin);
  return origin;
}

/** The same origin served over https (a launch with https: 1 answers these URLs). */
export const httpsTwin = (origin: string): string => origin.replace(/^http:/, 'https:');

/**
 * The origins the site may frame (pre-info `venueOrigins`): the public origin, and its https twin when it is
 * http (a launch with https: 1 answers https URLs on the same host).
 */
export function venueOriginsOf(origin: string): string[] {
  const twin = httpsTwin(origin);
  return twin === origin ? [origin] : [origin, twin];
}

const originsJson = new Map<string, string>();

/** venueOriginsOf(the request's public origin) as JSON text (the pre-info's hot path splices it in). */
export function venueOriginsJsonOf(req: FastifyRequest, configured: string | null | undefined): string {
  const origin = publicOriginOf(req, configured);
  let json = originsJson.get(origin);
  if (json === undefined) {
    json = JSON.stringify(venueOriginsOf(origin));
    if (originsJson.size >= BY_HOST_MAX) originsJson.delete(originsJson.keys().next().value!);
    originsJson.set(origin, json);
  }
  return json;
}
