import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/db.ts';
import { MAIL_ROUTE_NOTES } from '../../server/modules/mail/routes.ts';
import { SPORTSBOOK_ROUTE_NOTES } from '../../server/modules/sportsbook/routes.ts';
import { VENUE_PAGE_ROUTE_NOTES } from '../../server/modules/venue/page.ts';
import { OPS_PATH } from '../../server/ops/endpoint.ts';
import { STREAM_PATH } from '../../src/protocol/stream.ts';
import { createTestDb } from '../support/test-db.ts';
import { appWithRouteTable, isApiRoute, type RegisteredRoute } from './route-table.ts';

// Issue 8 §3: every API route declares its input and its 200 answer. The rule, one for all:
// - a POST declares a body schema (a route that takes no body declares an empty object, or null);
// - a GET declares a querystring schema, or params when its path has parameters;
// - a path with parameters (`:name`) declares them in params;
// - every API route declares the schema of its HTTP 200 answer (the envelope).
// Routes outside the API are listed here, each for a reason, so a new one must be classified.

const EXEMPT: Record<string, string> = {
  [`GET ${STREAM_PATH}`]:
    'the websocket upgrade: messages are checked by the socket (docs/api.md Stream socket)',
  'GET /': 'the page (index.html with the embedded pre-info)',
  'GET /index.html': 'the page, by name',
  'GET /*': 'built assets and public files (@fastify/static)',
  [`POST ${OPS_PATH}`]: 'the operator endpoint: loopback and secret only, not an API path',
  // The sandbox cashier (issue 9 §3): a page and forms a browser opens, which cannot send the X-API-* headers;
  // each route declares its schemas all the same (docs/api.md "Deposits").
  'GET /sandbox/cashier/:orderId': 'the sandbox cashier page (HTML)',
  'GET /sandbox/cashier/:orderId/state': "the cashier page's state poll",
  'POST /sandbox/cashier/:orderId': "the cashier's 支付 / 取消 forms",
  'GET /sandbox/cashier.js': "the cashier page's script (no inline scripts under the CSP)",
  'POST /sandbox/notify': "the sandbox payment provider's signed callback",
  // The sandbox sportsbook's counts URL, provider faces (their own envelopes) and venue page, each with its reason.
  ...SPORTSBOOK_ROUTE_NOTES,
  ...MAIL_ROUTE_NOTES,
  ...VENUE_PAGE_ROUTE_NOTES,
};

let db: Db;
let routes: RegisteredRoute[];
let close: () => Promise<void>;
beforeAll(async () => {
  db = await createTestDb();
  ({ routes, close } = await appWithRouteTable(db));
});
afterAll(async () => {
  await close();
  await db.close();
});

function problems(route: RegisteredRoute): string[] {
  const schema = route.schema ?? {};
  const out: string[] = [];
  const has = (key: string) => schema[key] !== undefined;
  if (route.method === 'POST' && !has('body')) out.push('no body schema');
  if (route.method === 'GET' && !has('querystring') && !has('params'))
    out.push('no querystring or params schema');
  if (route.url.includes(':') && !has('params')) out.push('path parameters without a params schema');
  const response = schema.response as Record<string, unknown> | undefined;
  if (!response?.[200] && !response?.['2xx']) out.push('no 200 response schema');
  return out;
}

describe('the route table', () => {
  it('has the API routes and the exempt ones, nothing else', () => {
    const api = routes.filter((r) => isApiRoute(r.url));
    expect(api.length).toBeGreaterThanOrEqual(15);
    const other = routes.filter((r) => !isApiRoute(r.url)).map((r) => `${r.method} ${r.url}`);
    expect(other.sort()).toEqual(Object.keys(EXEMPT).sort());
    console.log(`route table: ${routes.length} routes, ${api.length} API routes walked`);
  });

  it('every API route declares its input and its 200 answer', () => {
    const failing = routes
      .filter((r) => isApiRoute(r.url))
      .map((r) => ({ route: `${r.method} ${r.url}`, problems: problems(r) }))
      .filter((r) => r.problems.length > 0);
    expect(failing).toEqual([]);
  });

  it('no API route is a websocket, and the upgrade is the only one', () => {
    expect(routes.filter((r) => r.websocket).map((r) => r.url)).toEqual([STREAM_PATH]);
  });

  it('the check itself catches a route without schemas', () => {
    expect(problems({ method: 'POST', url: '/site/api/x/:id', schema: undefined, websocket: false })).toEqual(
      ['no body schema', 'path parameters without a params schema', 'no 200 response schema'],
    );
    expect(
      problems({ method: 'GET', url: '/act/api/y', schema: { response: { 200: {} } }, websocket: false }),
    ).toEqual(['no querystring or params schema']);
  });
});
