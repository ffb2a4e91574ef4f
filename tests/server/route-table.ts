import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '../../server/app.ts';
import type { Db } from '../../server/db/db.ts';
import { PRE_INFO_MARKER } from '../../server/web/site.ts';
import { STREAM_INFO_PATH } from '../../src/protocol/stream.ts';
import { testConfig } from '../support/test-app.ts';

// The route table as the app registers it (onRoute while building), for the tests that walk every route.

export interface RegisteredRoute {
  method: string;
  url: string;
  schema: Record<string, unknown> | undefined;
  websocket: boolean;
}

/** API paths (spec §7): the signature groups, the two caches and the socket's info call. */
const API_PREFIXES = [
  '/site/api/',
  '/act/api/',
  '/game/api/',
  '/fd/api/',
  '/agent/api/',
  '/page/fd/api/',
  '/api/api-cache/',
  '/api/json-cache/',
  // The sandbox sportsbook's native API answers the same envelope (docs/api.md "Sandbox sportsbook").
  '/sandbox/sportsbook/api/',
  // The sandbox games' native API too (docs/api.md "Sandbox games").
  '/sandbox/games/api/',
];
export const isApiRoute = (url: string) =>
  url === STREAM_INFO_PATH || API_PREFIXES.some((p) => url.startsWith(p));

/**
 * Builds the whole app (site served from a scratch folder, operator endpoint on) and answers it with every
 * route it registered; HEAD twins of GET routes are left out.
 */
export async function appWithRouteTable(
  db: Db,
): Promise<{ app: FastifyInstance; routes: RegisteredRoute[]; close: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'qp-routes-'));
  await writeFile(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><title>x</title></head><body>${PRE_INFO_MARKER}</body></html>`,
  );
  const routes: RegisteredRoute[] = [];
  const onRoute = (r: RouteOptions) => {
    for (const method of [r.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({
        method,
        url: r.url,
        schema: r.schema as Record<string, unknown> | undefined,
        websocket: (r as { websocket?: boolean }).websocket === true,
      });
    }
  };
  const app = await buildApp(testConfig({ staticDir: dir }), {
    db,
    opsSecret: 'route-table-secret',
    onRoute,
  });
  await app.ready();
  return {
    app,
    routes,
    async close() {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
