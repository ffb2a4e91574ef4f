import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../src/protocol/api.ts';
import { buildApp, redactUrl } from '../../server/app.ts';
import type { Db } from '../../server/db/db.ts';
import { SERVER_MESSAGE } from '../../server/http/envelope.ts';
import { clientHeaders, testConfig } from '../support/test-app.ts';
import { createTestDb } from '../support/test-db.ts';

const PRE_INFO = '/site/api/v1/configuration/preInfo';
const SECRET_TEXT = 'boom: password=hunter2 in /srv/internal/secret.ts';

let db: Db;
let app: FastifyInstance;
beforeAll(async () => {
  db = await createTestDb();
  app = await buildApp(testConfig(), { db });
  // Routes that fail the way real code does, registered before ready().
  app.get('/test/boom', async () => {
    throw new Error(SECRET_TEXT);
  });
  app.get('/site/api/v1/test/db', async () => {
    await db.query('SELECT secret_column FROM no_such_table');
    return 'unreachable';
  });
  app.get('/test/teapot', async () => {
    throw Object.assign(new Error('slow down ' + SECRET_TEXT), { statusCode: 429 });
  });
  app.get('/test/upstream', async () => {
    throw Object.assign(new Error('upstream ' + SECRET_TEXT), { statusCode: 502 });
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await db.close();
});

const signed = (url: string) => clientHeaders(url);

describe('unknown paths', () => {
  it('answers an unknown API path with HTTP 404 and the envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/site/api/v1/nothing/here',
      headers: signed('/site/api/v1/nothing/here'),
      payload: {},
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ status_code: CODE.common, message: SERVER_MESSAGE.notFound, data: null });
  });

  it('answers a known path with the wrong method with 404', async () => {
    const res = await app.inject({ method: 'GET', url: PRE_INFO, headers: signed(PRE_INFO) });
    expect(res.statusCode).toBe(404);
    expect(res.json().status_code).toBe(CODE.common);
  });

  it('answers a path outside the API with 404 and the envelope when no site is served', async () => {
    const res = await app.inject({ method: 'GET', url: '/no/such/page' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status_code: CODE.common, message: SERVER_MESSAGE.notFound, data: null });
  });
});

describe('unexpected errors', () => {
  it('answer HTTP 500 with 10001 and the generic message, nothing internal', async () => {
    const res = await app.inject({ method: 'GET', url: '/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status_code: CODE.common, message: SERVER_MESSAGE.internal, data: null });
    expect(SERVER_MESSAGE.internal).toBe('系统异常，请稍后重试或联系客服');
    expect(res.body).not.toMatch(/hunter2|secret\.ts|boom|stack|Error/);
  });

  it('hide a database error (no SQL, no table names)', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/site/api/v1/test/db',
      headers: signed('/site/api/v1/test/db'),
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status_code: CODE.common, message: SERVER_MESSAGE.internal, data: null });
    expect(res.body).not.toMatch(/no_such_table|secret_column|relation|SELECT/i);
  });

  it('treat an error carrying a 5xx status the same way', async () => {
    const res = await app.inject({ method: 'GET', url: '/test/upstream' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status_code: CODE.common, message: SERVER_MESSAGE.internal, data: null });
  });

  it('answer a 429 with 10001 and the too-many-requests message', async () => {
    const res = await app.inject({ method: 'GET', url: '/test/teapot' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      status_code: CODE.common,
      message: SERVER_MESSAGE.tooManyRequests,
      data: null,
    });
  });
});

describe('malformed requests', () => {
  it('answers broken JSON with HTTP 400 and 10003', async () => {
    const res = await app.inject({
      method: 'POST',
      url: PRE_INFO,
      headers: { ...signed(PRE_INFO), 'content-type': 'application/json' },
      payload: '{"platformType":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status_code: CODE.validation,
      message: SERVER_MESSAGE.validation,
      data: null,
    });
  });

  it('answers an unsupported content type with HTTP 415 and 10003', async () => {
    const res = await app.inject({
      method: 'POST',
      url: PRE_INFO,
      headers: { ...signed(PRE_INFO), 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().status_code).toBe(CODE.validation);
  });

  it('answers a body over the limit with HTTP 413 and 10003', async () => {
    const res = await app.inject({
      method: 'POST',
      url: PRE_INFO,
      headers: { ...signed(PRE_INFO), 'content-type': 'application/json' },
      payload: JSON.stringify({ platformType: 6, pad: 'x'.repeat(300 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().status_code).toBe(CODE.validation);
  });

  it('answers a schema violation with HTTP 200, 10003 and the offending fields', async () => {
    const res = await app.inject({
      method: 'POST',
      url: PRE_INFO,
      headers: signed(PRE_INFO),
      payload: { platformType: 0 },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status_code).toBe(CODE.validation);
    expect(body.message).toBe(SERVER_MESSAGE.validation);
    expect(body.data.fields).toEqual(['/platformType']);
  });
});

describe('security headers', () => {
  const check = (headers: Record<string, unknown>) => {
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['x-powered-by']).toBeUndefined();
  };

  it('are set on a successful call', async () => {
    const res = await app.inject({ method: 'POST', url: PRE_INFO, headers: signed(PRE_INFO), payload: {} });
    expect(res.json().status_code).toBe(CODE.success);
    check(res.headers);
  });

  it('are set on guard refusals, 404s and 500s', async () => {
    const refused = await app.inject({ method: 'POST', url: PRE_INFO, payload: {} });
    expect(refused.json().status_code).toBe(CODE.apiAuth);
    check(refused.headers);
    check((await app.inject({ method: 'GET', url: '/no/such/page' })).headers);
    check((await app.inject({ method: 'GET', url: '/test/boom' })).headers);
  });
});

describe('redactUrl', () => {
  it.each([
    ['/?token=abc123', '/?token=[redacted]'],
    ['/login?appdown-token=xyz&lang=zh', '/login?appdown-token=[redacted]&lang=zh'],
    ['/x?a=1&token=abc&password=p4ss&b=2', '/x?a=1&token=[redacted]&password=[redacted]&b=2'],
    ['/?TOKEN=abc', '/?TOKEN=[redacted]'],
    ['/?token=', '/?token=[redacted]'],
  ])('strips the value in %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it.each(['/?mytoken=abc', '/token=abc', '/site/api/v1/user/member/info', '/?tokens=1'])(
    'leaves %s alone',
    (url) => {
      expect(redactUrl(url)).toBe(url);
    },
  );
});

describe('malformed requests', () => {
  it('a malformed URL answers the envelope with 10003', async () => {
    const { createTestApp } = await import('../support/test-app.ts');
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/act/api/v1/%zz' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status_code: 10003, message: '提交的内容不正确', data: null });
    } finally {
      await t.close();
    }
  });
});
