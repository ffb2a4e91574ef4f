import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  API_MIN_VERSION,
  CODE,
  compareVersions,
  HEADER,
  SITE_ID,
  signGroupOf,
  UNSIGNED_PATHS,
} from '../../src/protocol/api.ts';
import type { Db } from '../db/db.ts';
import { callerStanding, RESTRICTION_CODE, type RestrictionKind } from '../modules/access/restrictions.ts';
import { signatureMatches, type SignMap } from '../security/signing.ts';
import { ApiError, SERVER_MESSAGE } from './envelope.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's restriction, when an operator restricted its address (routes that soften it read this). */
    restriction: RestrictionKind | null;
  }
}

const RESTRICTION_MESSAGE: Record<RestrictionKind, string> = {
  caveat: SERVER_MESSAGE.accessCaveat,
  blocked: SERVER_MESSAGE.accessBlocked,
  alert: SERVER_MESSAGE.accessAlert,
};

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * The path as the router matches it: find-my-way percent-decodes the path (decodeURI) and stops at `?` or `#`,
 * so an escaped path such as /%73ite/api/... reaches the same route and must be classified the same way.
 */
function routedPath(url: string): string {
  const raw = url.split(/[?#]/)[0] ?? '';
  try {
    return decodeURI(raw);
  } catch {
    return raw; // malformed escapes never reach a route (Fastify answers 400)
  }
}

/**
 * Checks every call of the API groups (spec §7): site id, client version, group signature, then the
 * operator's access restrictions (spec §8). Bootstrap calls that fetch the signature map are unsigned.
 */
export function registerApiGuard(app: FastifyInstance, deps: { db: Db; signMap: SignMap }): void {
  app.decorateRequest('restriction', null);
  app.addHook('onRequest', async (req) => {
    const path = routedPath(req.url);
    const group = signGroupOf(path);
    const isCachePath = path.startsWith('/api/api-cache/') || path.startsWith('/api/json-cache/');
    if (!group && !isCachePath) return;

    if (group) {
      if (header(req, HEADER.site) !== SITE_ID) throw new ApiError(CODE.apiAuth, SERVER_MESSAGE.siteMismatch);
      const version = header(req, HEADER.version);
      if (!version || compareVersions(version, API_MIN_VERSION) < 0) {
        throw new ApiError(CODE.oldVersion, SERVER_MESSAGE.oldVersion);
      }
      if (
        !UNSIGNED_PATHS.has(path) &&
        !signatureMatches(deps.signMap[group], header(req, HEADER.signature))
      ) {
        throw new ApiError(CODE.apiAuth, SERVER_MESSAGE.apiAuth);
      }
    }

    const standing = await callerStanding(deps.db, req.ip, header(req, HEADER.uuid));
    const restriction = standing.restriction;
    req.restriction = restriction;
    if (UNSIGNED_PATHS.has(path)) return;
    // spec §8 10102: a device an operator blocked is refused everywhere (the site clears the login).
    if (standing.deviceBlocked) throw new ApiError(CODE.deviceBlocked, SERVER_MESSAGE.deviceBlocked);
    if (!restriction) return;
    // An alert is advisory: preInfo answers it with 6032 and its data, other calls proceed.
    if (restriction === 'alert') return;
    throw new ApiError(RESTRICTION_CODE[restriction], RESTRICTION_MESSAGE[restriction]);
  });
}
