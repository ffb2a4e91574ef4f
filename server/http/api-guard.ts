import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  API_MIN_VERSION,
  CODE,
  compareVersions,
  HEADER,
  SITE_ID,
  signGroupOf,
  UNSIGNED_PATHS,
  type SignGroup,
} from '../../src/protocol/api.ts';
import type { Db } from '../db/db.ts';
import { refusalFor, type Standing } from '../modules/access/refusal.ts';
import { callerStanding, callerStandingNow, type RestrictionKind } from '../modules/access/restrictions.ts';
import { signatureMatches, type SignMap } from '../security/signing.ts';
import { ApiError, SERVER_MESSAGE } from './envelope.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's restriction, when an operator restricted its address (routes that soften it read this). */
    restriction: RestrictionKind | null;
  }
}

// Header names as Node stores them (lower case), computed once rather than per request.
const SITE_HEADER = HEADER.site.toLowerCase();
const VERSION_HEADER = HEADER.version.toLowerCase();
const SIGNATURE_HEADER = HEADER.signature.toLowerCase();
const UUID_HEADER = HEADER.uuid.toLowerCase();

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * The path as the router matches it: find-my-way percent-decodes the path (decodeURI) and stops at `?` or `#`,
 * so an escaped path such as /%73ite/api/... reaches the same route and must be classified the same way.
 */
export function routedPath(url: string): string {
  let end = url.length;
  const q = url.indexOf('?');
  if (q !== -1) end = q;
  const h = url.indexOf('#');
  if (h !== -1 && h < end) end = h;
  const raw = end === url.length ? url : url.slice(0, end);
  if (!raw.includes('%')) return raw; // the usual case: nothing to decode
  try {
    return decodeURI(raw);
  } catch {
    return raw; // malformed escapes never reach a route (Fastify answers 400)
  }
}

/**
 * signGroupOf, remembered per path: the same few paths come again and again, and the classification splits and
 * joins strings. Bounded, so made-up paths cannot grow it without end (they are classified each time).
 */
const groups = new Map<string, SignGroup | null>();
function groupOf(path: string): SignGroup | null {
  let group = groups.get(path);
  if (group === undefined) {
    group = signGroupOf(path);
    if (groups.size < 512) groups.set(path, group);
  }
  return group;
}

const isCachePath = (path: string) =>
  path.startsWith('/api/api-cache/') || path.startsWith('/api/json-cache/');

/** The version check is a string compare per request; remember the verdict for the few versions clients send. */
const versionVerdicts = new Map<string, boolean>();
function versionAccepted(version: string): boolean {
  let verdict = versionVerdicts.get(version);
  if (verdict === undefined) {
    verdict = compareVersions(version, API_MIN_VERSION) >= 0;
    // Bounded: a caller making up versions cannot grow it without end.
    if (versionVerdicts.size < 64) versionVerdicts.set(version, verdict);
  }
  return verdict;
}

/** The signature-group checks (spec §7): site id, client version, group signature. */
function groupRefusal(req: FastifyRequest, path: string, expected: string): ApiError | null {
  if (header(req, SITE_HEADER) !== SITE_ID) return new ApiError(CODE.apiAuth, SERVER_MESSAGE.siteMismatch);
  const version = header(req, VERSION_HEADER);
  if (!version || !versionAccepted(version)) return new ApiError(CODE.oldVersion, SERVER_MESSAGE.oldVersion);
  if (!UNSIGNED_PATHS.has(path) && !signatureMatches(expected, header(req, SIGNATURE_HEADER))) {
    return new ApiError(CODE.apiAuth, SERVER_MESSAGE.apiAuth);
  }
  return null;
}

/** Applies the caller's standing (spec §8) through the one shared check, refusalFor. */
function standingRefusal(req: FastifyRequest, path: string, standing: Standing): ApiError | null {
  req.restriction = standing.restriction;
  // The bootstrap calls fetch the signature map: a restricted caller still needs it to read its refusal.
  if (UNSIGNED_PATHS.has(path)) return null;
  const refusal = refusalFor(standing);
  return refusal ? new ApiError(refusal.code, refusal.message) : null;
}

/**
 * Checks every call of the API groups (spec §7): site id, client version, group signature, then the
 * operator's access restrictions (spec §8). Bootstrap calls that fetch the signature map are unsigned.
 *
 * A callback hook, synchronous while the restriction caches are warm: this runs before every API call, and
 * an async hook costs a promise and a microtask turn per request (docs/decisions/0013).
 */
export function registerApiGuard(app: FastifyInstance, deps: { db: Db; signMap: SignMap }): void {
  const { db, signMap } = deps;
  app.decorateRequest('restriction', null);
  app.addHook('onRequest', (req, _reply, done) => {
    const path = routedPath(req.url);
    const group = groupOf(path);
    if (!group && !isCachePath(path)) return done();
    if (group) {
      const refused = groupRefusal(req, path, signMap[group]);
      if (refused) return done(refused);
    }
    const uuid = header(req, UUID_HEADER);
    const now = callerStandingNow(db, req.ip, uuid);
    if (now) return done(standingRefusal(req, path, now) ?? undefined);
    callerStanding(db, req.ip, uuid).then(
      (standing) => done(standingRefusal(req, path, standing) ?? undefined),
      (err: Error) => done(err),
    );
  });
}
