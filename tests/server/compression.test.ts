import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { Db } from '../../server/db/db.ts';
import { PRE_INFO_MARKER } from '../../server/web/site.ts';
import { CODE } from '../../src/protocol/api.ts';
import { precompressDir } from '../../vite.config.ts';
import { clientHeaders, testConfig } from '../support/test-app.ts';
import { createTestDb } from '../support/test-db.ts';

// Issue 8 §4: assets go out precompressed (br, then gzip) by Accept-Encoding; JSON answers over 1 KB are
// compressed on the fly; small answers and preInfo are not.

const ASSET = '/assets/index-Ab12Cd34.js';
const SMALL_ASSET = '/assets/tiny-Zz99Yy88.js';
/** The sandbox venue page's own build (vite.config.ts): hashed names too. */
const H5_ASSET = '/sandbox/h5/assets/index-Qq11Rr22.js';
const GAMES_ASSET = '/sandbox/games/assets/index-Gg33Hh44.js';
const PLAIN_FILE = '/robots.txt';
const PRE_INFO = '/site/api/v1/configuration/preInfo';

let db: Db;
let app: FastifyInstance;
let dir: string;
let base: string;
let js: Buffer;

/** A real HTTP request (not inject): the raw bytes and headers as a browser would receive them. */
function get(
  url: string,
  headers: Record<string, string>,
  method = 'GET',
  body?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${url}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

beforeAll(async () => {
  db = await createTestDb();
  dir = await mkdtemp(path.join(tmpdir(), 'qp-compress-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><title>x</title></head><body>${PRE_INFO_MARKER}</body></html>`,
  );
  // A bundle-like file: repetitive code with some noise, ~60 KB.
  js = Buffer.from(
    Array.from(
      { length: 1500 },
      (_, i) => `export const v${i} = ${JSON.stringify(randomBytes(6).toString('hex'))};\n`,
    ).join(''),
  );
  await writeFile(path.join(dir, ASSET), js);
  await writeFile(path.join(dir, SMALL_ASSET), 'export const a = 1;\n');
  await mkdir(path.join(dir, 'sandbox', 'h5', 'assets'), { recursive: true });
  await writeFile(path.join(dir, H5_ASSET), 'export const h = 1;\n');
  await mkdir(path.join(dir, 'sandbox', 'games', 'assets'), { recursive: true });
  await writeFile(path.join(dir, GAMES_ASSET), 'export const g = 1;\n');
  await writeFile(path.join(dir, PLAIN_FILE), 'User-agent: *\n');
  expect(await precompressDir(dir)).toBe(1);
  app = await buildApp(testConfig({ staticDir: dir }), { db });
  base = (await app.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
});
afterAll(async () => {
  await app.close();
  await db.close();
  await rm(dir, { recursive: true, force: true });
});

describe('cache lifetimes', () => {
  it("hashed files (the site's and the sandbox pages' assets) are kept a year; other files five minutes", async () => {
    for (const file of [SMALL_ASSET, H5_ASSET, GAMES_ASSET]) {
      const res = await get(file, {});
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const plain = await get(PLAIN_FILE, {});
    expect(plain.status).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=300');
  });
});

describe('precompressed assets', () => {
  it('the build step writes .br and .gz only for files over 1 KB', () => {
    expect(existsSync(path.join(dir, `${ASSET}.br`))).toBe(true);
    expect(existsSync(path.join(dir, `${ASSET}.gz`))).toBe(true);
    expect(existsSync(path.join(dir, `${SMALL_ASSET}.br`))).toBe(false);
  });

  it('sends br to a browser that accepts br and gzip; the bytes decode to the file', async () => {
    const res = await get(ASSET, { 'Accept-Encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.length).toBeLessThan(js.length / 2);
    expect(brotliDecompressSync(res.body).equals(js)).toBe(true);
    expect(res.body.equals(await readFile(path.join(dir, `${ASSET}.br`)))).toBe(true);
    console.log(`asset: ${js.length} bytes, ${res.body.length} bytes as br on the wire`);
  });

  it('sends gzip when br is not accepted, and the file itself when nothing is', async () => {
    const gz = await get(ASSET, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(js)).toBe(true);
    const plain = await get(ASSET, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(js)).toBe(true);
    expect(plain.headers['content-type']).toMatch(/javascript/);
  });

  it('sends a small asset as it is', async () => {
    const res = await get(SMALL_ASSET, { 'Accept-Encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe('export const a = 1;\n');
  });
});

describe('compressed JSON answers', () => {
  const KEY = '/api/json-cache/big-blob';

  it('compresses an answer over 1 KB', async () => {
    const data = 'U2FsdGVkX1'.repeat(400); // 4 KB, as crypto-js output would be stored
    const write = await get(
      KEY,
      { ...clientHeaders(KEY), 'content-type': 'application/json' },
      'POST',
      JSON.stringify({ data }),
    );
    expect(write.status).toBe(200);
    const res = await get(KEY, { ...clientHeaders(KEY), 'Accept-Encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const body = JSON.parse(brotliDecompressSync(res.body).toString('utf8'));
    expect(body).toEqual({ status_code: CODE.success, message: 'success', data });
  });

  it('leaves a small answer alone, and preInfo too', async () => {
    const small = await get('/game/api/v1/venue/platformCount', {
      ...clientHeaders('/game/api/v1/venue/platformCount'),
      'Accept-Encoding': 'br, gzip',
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8')).status_code).toBe(CODE.success);
    const pre = await get(
      PRE_INFO,
      { ...clientHeaders(PRE_INFO), 'Accept-Encoding': 'br, gzip', 'content-type': 'application/json' },
      'POST',
      '{}',
    );
    expect(pre.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(pre.body.toString('utf8')).status_code).toBe(CODE.success);
  });
});
