import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/db.ts';
import { seedDemo } from '../../server/db/seed.ts';
import { DEMO_PLAYER } from '../../server/modules/member/members.ts';
import { HEADER } from '../../src/protocol/api.ts';
import { clientHeaders } from '../support/test-app.ts';
import { createTestDb } from '../support/test-db.ts';
import { appWithRouteTable, isApiRoute, type RegisteredRoute } from './route-table.ts';

// Issue 8 §6: every API route (walked from the route table, not a hand list) gets at least 200 malformed
// requests that pass the guard (right headers and signature; a token on every route). Each answer must be
// below 500, be the envelope {status_code: number, message: string, data}, and show nothing internal.

const MIN_CASES_PER_ROUTE = 200;
const BATCH = 40;
const MB = 1024 * 1024;
const LOGIN = '/site/api/v1/user/login';
const LOGOUT = '/site/api/v1/user/logout';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  anyOf?: JsonSchema[];
};

/** Values of every wrong kind: types, edge numbers, hostile strings, containers. */
const nested = (depth: number): unknown => {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};
const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  -0,
  1.5,
  -2147483649,
  2 ** 53 + 1,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
  '',
  ' ',
  '0',
  '-1',
  'NaN',
  'Infinity',
  '1e999',
  'null',
  'undefined',
  'true',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\u202e\u0007',
  '<script>alert(1)</script>',
  "' OR 1=1; DROP TABLE members; --",
  '../../../../etc/passwd',
  '%00%ff',
  '😀'.repeat(40),
  'x'.repeat(10_000),
  [],
  [1, 2],
  ['a'],
  {},
  { a: 1 },
  nested(60),
  [[[[[]]]]],
];

/** Raw bodies that are not the JSON they claim to be, or JSON with hostile structure. */
const RAW_BODIES: string[] = [
  '{',
  '}',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{"a":1}}',
  'nul',
  'NaN',
  'Infinity',
  '-',
  '1e999999',
  '"just a string"',
  '123',
  'true',
  'null',
  '[]',
  '[{}]',
  '""',
  ' ',
  '\u0000',
  '\ufeff{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":1,"a":2}',
  '['.repeat(5000) + ']'.repeat(5000),
  '{"a":'.repeat(5000) + '1' + '}'.repeat(5000),
  '['.repeat(100_000),
  '{"a":-1e999}',
  '{"a":123456789012345678901234567890}',
];

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/jsonx',
  'application/json, text/html',
  '*/*',
  '',
];

/** A value that fits a schema, so a case can break one field while the others are right. */
function sampleOf(s: JsonSchema | undefined): unknown {
  if (!s) return 'x';
  if (s.enum) return s.enum[0];
  if (s.anyOf) return sampleOf(s.anyOf[0]);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, Math.min(1, s.maximum ?? 1));
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'null':
      return null;
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = sampleOf(v);
      return out;
    }
    default: {
      if (!s.pattern) return 'x'.repeat(Math.max(1, s.minLength ?? 1));
      const re = new RegExp(s.pattern, 'u');
      return ['13800138000', '123456', 'abc123', 'A1b2C3d4', '1', 'x'].find((c) => re.test(c)) ?? 'x';
    }
  }
}

/** encodeURIComponent, except that a lone surrogate goes out as the bytes of one (an invalid UTF-8 escape). */
const enc = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80';
  }
};

/** The malformed requests for one route. */
function casesFor(route: RegisteredRoute): InjectOptions[] {
  const schema = (route.schema ?? {}) as { body?: JsonSchema; params?: JsonSchema; querystring?: JsonSchema };
  const cases: InjectOptions[] = [];
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const urlWith = (params: Record<string, string>) =>
    route.url.replace(/:(\w+)/g, (_, name: string) => enc(params[name] ?? 'x'));
  const baseParams = Object.fromEntries(
    paramNames.map((n) => [n, String(sampleOf(schema.params?.properties?.[n]))]),
  );
  const url = urlWith(baseParams);
  const json = (payload: string, contentType = 'application/json'): InjectOptions => ({
    method: route.method as 'POST',
    url,
    payload,
    headers: { 'content-type': contentType },
  });

  // Path parameters: hostile segments.
  for (const name of paramNames) {
    for (const v of [
      '',
      '%00',
      '..%2F..%2Fetc',
      '__proto__',
      'constructor',
      'x'.repeat(2000),
      '%E0%A4%A',
      '😀',
      "' OR 1=1 --",
    ]) {
      cases.push({ method: route.method as 'GET', url: route.url.replace(`:${name}`, v), headers: {} });
    }
  }
  // Query strings: unknown, hostile and malformed keys and values.
  for (const key of ['a', '__proto__', 'constructor', 'token', 'a[b]', ...paramNames]) {
    for (const v of HOSTILE_VALUES) {
      const text = typeof v === 'string' ? v : JSON.stringify(v);
      cases.push({ method: route.method as 'GET', url: `${url}?${enc(key)}=${enc(text)}` });
    }
  }
  cases.push({ method: route.method as 'GET', url: `${url}?a=%ZZ&b=%` });
  cases.push({ method: route.method as 'GET', url: `${url}?${'a=1&'.repeat(2000)}` });

  if (route.method !== 'POST') {
    // A GET carries no body; one that does anyway must not change the answer's shape.
    for (const raw of RAW_BODIES) cases.push(json(raw));
    return cases;
  }

  const bodySchema = schema.body;
  const base = (sampleOf(bodySchema) ?? {}) as Record<string, unknown>;
  const fields = [...Object.keys(bodySchema?.properties ?? {}), 'extra'];
  // One field at a time gets every wrong kind of value.
  for (const f of fields)
    for (const v of HOSTILE_VALUES) cases.push(json(JSON.stringify({ ...base, [f]: v })));
  // Fields of nested objects too (register's referral codes are stored as given).
  for (const [f, sub] of Object.entries(bodySchema?.properties ?? {})) {
    for (const g of Object.keys(sub.properties ?? {})) {
      for (const v of HOSTILE_VALUES.filter((x) => typeof x === 'string')) {
        cases.push(json(JSON.stringify({ ...base, [f]: { ...(base[f] as object), [g]: v } })));
      }
    }
  }
  // Missing fields, only unknown fields, arrays for objects, wrong containers.
  for (const f of Object.keys(base)) {
    const { [f]: _dropped, ...rest } = base;
    cases.push(json(JSON.stringify(rest)));
  }
  for (const body of [{}, [base], [[]], { extra: base }, { ...base, nested: nested(200) }]) {
    cases.push(json(JSON.stringify(body)));
  }
  // Text that is not JSON, or JSON with hostile structure.
  for (const raw of RAW_BODIES) cases.push(json(raw));
  for (const f of Object.keys(base)) {
    cases.push(json(JSON.stringify(base).replace(/^\{/, `{"__proto__":{"${f}":1},`)));
    cases.push(json(`{"${f}":1e309}`), json(`{"${f}":-1e309}`), json(`{"${f}":99999999999999999999999}`));
  }
  // 1 MB strings: over the body limit (413), and a field of one.
  cases.push(json(JSON.stringify({ ...base, [fields[0]!]: 'x'.repeat(MB) })));
  cases.push(json(`"${'y'.repeat(MB)}"`));
  // The right JSON under the wrong content types, and a body with no content type at all.
  for (const type of CONTENT_TYPES) cases.push(json(JSON.stringify(base), type));
  cases.push({
    method: 'POST',
    url,
    payload: 'a=1&b=2',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  cases.push({
    method: 'POST',
    url,
    payload: Buffer.from([0xff, 0xfe, 0x00, 0x7b]),
    headers: { 'content-type': 'application/json' },
  });
  return cases;
}

/** What must never reach a player: stack frames, file paths, SQL, error class names. */
const LEAK =
  /\bat [\w.<>]+ \(|Error:|\/work\/|node_modules|[\w-]+\.ts\b|\bSELECT\b|\bINSERT INTO\b|\bUPDATE \w+ SET\b|\brelation "|syntax error|pg_|FST_|ERR_/;

let db: Db;
let app: Awaited<ReturnType<typeof appWithRouteTable>>;
beforeAll(async () => {
  db = await createTestDb();
  await seedDemo(db);
  app = await appWithRouteTable(db);
});
afterAll(async () => {
  await app.close();
  await db.close();
});

async function login(): Promise<string> {
  // Earlier cases locked the demo phone with wrong passwords (6008): start each member route unlocked.
  await db.query('DELETE FROM login_attempts');
  const res = await app.app.inject({
    method: 'POST',
    url: LOGIN,
    headers: clientHeaders(LOGIN),
    payload: {
      countryCode: DEMO_PLAYER.countryCode,
      phone: DEMO_PLAYER.phone,
      password: DEMO_PLAYER.password,
      remember: false,
    },
  });
  const token = res.json().data?.token;
  if (typeof token !== 'string') throw new Error(`login failed: ${res.body}`);
  return token;
}

describe('malformed input on every API route', () => {
  it('answers a coded envelope, never a 5xx, never internals', { timeout: 240_000 }, async () => {
    const api = app.routes.filter((r) => isApiRoute(r.url));
    // Logout ends the token (any well-formed call does): last. Login runs before it; member routes log in again.
    const order = (r: RegisteredRoute) => (r.url === LOGOUT ? 2 : r.url === LOGIN ? 1 : 0);
    api.sort((a, b) => order(a) - order(b));
    const failures: string[] = [];
    let sent = 0;
    const codes = new Map<string, number>();
    // Routes where every case met the login check (10004): their input handling was never tried.
    const neverPastLogin: string[] = [];
    for (const route of api) {
      let pastLogin = 0;
      const cases = casesFor(route);
      expect(cases.length, `${route.method} ${route.url}`).toBeGreaterThanOrEqual(MIN_CASES_PER_ROUTE);
      // A fresh login per route (earlier cases may have ended or locked the previous one), sent to every route:
      // a member route without it would answer 10004 before reading the body, and its validation would go untried.
      const token = await login().catch(() => 'no-token');
      for (let i = 0; i < cases.length; i += BATCH) {
        const batch = cases.slice(i, i + BATCH);
        const answers = await Promise.all(
          batch.map((c) =>
            app.app.inject({
              ...c,
              headers: {
                ...clientHeaders(route.url),
                ...(token ? { [HEADER.token]: token } : {}),
                ...(c.headers as Record<string, string>),
              },
            }),
          ),
        );
        sent += answers.length;
        answers.forEach((res, j) => {
          const c = batch[j]!;
          const label = `${route.method} ${route.url} ← ${String(c.url).slice(0, 80)} ${String(c.payload ?? '').slice(0, 80)} [${(c.headers as Record<string, string> | undefined)?.['content-type'] ?? ''}]`;
          if (res.statusCode >= 500)
            failures.push(`${label}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
          let body: { status_code?: unknown; message?: unknown } | null;
          try {
            body = res.json();
          } catch {
            failures.push(`${label}: not JSON: ${res.body.slice(0, 120)}`);
            return;
          }
          if (
            !body ||
            typeof body !== 'object' ||
            typeof body.status_code !== 'number' ||
            typeof body.message !== 'string' ||
            !('data' in body)
          ) {
            failures.push(`${label}: not the envelope: ${res.body.slice(0, 120)}`);
          }
          if (LEAK.test(res.body)) failures.push(`${label}: leaks ${res.body.slice(0, 200)}`);
          const key = `${res.statusCode}/${String(body?.status_code)}`;
          codes.set(key, (codes.get(key) ?? 0) + 1);
          if (body?.status_code !== 10004) pastLogin++;
        });
      }
      if (pastLogin === 0 && route.url !== LOGOUT) neverPastLogin.push(`${route.method} ${route.url}`);
    }
    console.log(`bad input: ${sent} malformed requests over ${api.length} API routes`);
    console.log(
      `answers (HTTP/status_code): ${[...codes]
        .sort()
        .map(([k, n]) => `${k} ×${n}`)
        .join(', ')}`,
    );
    // The cases reach the routes: the guard refused none of them.
    expect(codes.get('200/10108') ?? 0).toBe(0);
    // ...and member routes were sent a token, so their validation ran.
    expect(neverPastLogin).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(failures.slice(0, 20)).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(api.length * MIN_CASES_PER_ROUTE);
  });
});
