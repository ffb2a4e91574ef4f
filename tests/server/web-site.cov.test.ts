// The built site's page and files (server/web/site.ts): the escaped title, a rebuilt index.html, missing files,
// and the 400 ms budget for embedding pre-info (spec §7 "Server side: ... 400 ms").
// Behaviour: docs/architecture.md "Back end"; docs/api.md error catalogue (10001 unknown path).
import { mkdtemp, rm, unlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { Db } from '../../server/db/db.ts';
import { SERVER_MESSAGE } from '../../server/http/envelope.ts';
import { writeSiteConfig } from '../../server/modules/site/config.ts';
import { PRE_INFO_EMBED_BUDGET_MS, PRE_INFO_MARKER, siteRoutes } from '../../server/web/site.ts';
import { CODE } from '../../src/protocol/api.ts';
import type { PreInfo } from '../../src/protocol/site.ts';
import { clientHeaders, testConfig } from '../support/test-app.ts';
import { createTestDb } from '../support/test-db.ts';

const page = (title: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body>${PRE_INFO_MARKER}<div id="root"></div></body></html>`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'qp-web-cov-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the page of the built site', () => {
  let db: Db;
  let app: FastifyInstance;
  let site: string;
  beforeAll(async () => {
    db = await createTestDb();
    site = await mkdtemp(path.join(dir, 'site-'));
    await writeFile(path.join(site, 'index.html'), page('x'));
    app = await buildApp(testConfig({ staticDir: site }), { db });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('writes the site title into <title> as text, and the embedded pre-info cannot end its script', async () => {
    const title = `<b>"A" & 'B'</b></script>`;
    await writeSiteConfig(db, 'title', title);
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain(
      '<title>&#60;b&#62;&#34;A&#34; &#38; &#39;B&#39;&#60;/b&#62;&#60;/script&#62;</title>',
    );
    const embedded = /<script type="application\/json" id="pre-info">(.*?)<\/script>/.exec(res.body)?.[1];
    expect(embedded).toBeDefined();
    expect(embedded).not.toMatch(/[<>&]/);
    expect((JSON.parse(embedded!) as PreInfo).SiteBaseConfigVo.title).toBe(title);
  });

  it('serves a rebuilt index.html (a new template) from the next request on', async () => {
    await writeSiteConfig(db, 'title', '星耀');
    expect((await app.inject({ method: 'GET', url: '/' })).body).toContain('<div id="root"></div>');
    const file = path.join(site, 'index.html');
    await writeFile(file, page('y').replace('<div id="root"></div>', '<div id="root" data-build="2"></div>'));
    const later = new Date(Date.now() + 60_000);
    await utimes(file, later, later);
    for (const url of ['/', '/index.html', '/mine/vip']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root" data-build="2"></div>');
      expect(res.body).toContain('<title>星耀</title>');
    }
  });

  it('keeps serving the last template while index.html is missing (mid-rebuild)', async () => {
    await unlink(path.join(site, 'index.html'));
    const res = await app.inject({ method: 'GET', url: '/activity/discount' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root" data-build="2"></div>');
    await writeFile(path.join(site, 'index.html'), page('x'));
  });

  it('answers a missing file with a plain 404, not the page', async () => {
    for (const url of ['/assets/index-missing.js', '/logo-missing.png', '/media/nothing.svg?v=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toBe('Not Found');
    }
  });

  it('answers an unknown API path, or another method on a page path, with the 10001 envelope', async () => {
    for (const [method, url] of [
      ['GET', '/site/api/v1/nothing/here'],
      ['GET', '/api/nothing'],
      ['GET', '/stream/nothing'],
      ['POST', '/mine/vip'],
      ['DELETE', '/'],
    ] as const) {
      const res = await app.inject({ method, url, headers: clientHeaders(url) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ status_code: CODE.common, message: SERVER_MESSAGE.notFound, data: null });
    }
  });
});

describe('the pre-info budget (spec §7: 400 ms)', () => {
  let site: string;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    site = await mkdtemp(path.join(dir, 'budget-'));
    await writeFile(path.join(site, 'index.html'), page('x'));
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
  });

  const preInfoTitled = (title: string) => ({ SiteBaseConfigVo: { title } }) as unknown as PreInfo;
  async function serve(preInfo: () => Promise<PreInfo | null>): Promise<FastifyInstance> {
    const app = Fastify();
    apps.push(app);
    await siteRoutes(app, { staticDir: site, preInfo });
    await app.ready();
    return app;
  }

  it('is 400 ms', () => {
    expect(PRE_INFO_EMBED_BUDGET_MS).toBe(400);
  });

  it('embeds pre-info that is ready in time', async () => {
    const app = await serve(
      () => new Promise((resolve) => setTimeout(() => resolve(preInfoTitled('快')), 50)),
    );
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.body).toContain('id="pre-info"');
    expect(res.body).toContain('<title>快</title>');
  });

  it('sends the page without it when pre-info takes longer, without waiting for it', async () => {
    const app = await serve(
      () => new Promise((resolve) => setTimeout(() => resolve(preInfoTitled('慢')), 3_000)),
    );
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url: '/' });
    const took = performance.now() - started;
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('id="pre-info"');
    expect(res.body).not.toContain(PRE_INFO_MARKER);
    expect(res.body).toContain('<title>x</title>');
    expect(took).toBeGreaterThanOrEqual(390);
    expect(took).toBeLessThan(2_500);
  });

  it('sends the page without it when reading pre-info fails', async () => {
    const app = await serve(() => Promise.reject(new Error('database down')));
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('id="pre-info"');
    expect(res.body).toContain('<div id="root"></div>');
  });
});
