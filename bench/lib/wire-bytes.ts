import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium, PHONE } from '../../tests/support/browser.ts';
import { startRealServer } from './cold-start.ts';
import { progress, type Spawned } from './processes.ts';

/** What a browser that supports both asks for. */
export const ACCEPT_ENCODING = 'br, gzip';

export interface WireFile {
  /** Path and query on the server. */
  path: string;
  kind: 'html' | 'js' | 'css';
  /** Body bytes as sent to a request with Accept-Encoding: br, gzip. */
  wireBytes: number;
  /** Content-Encoding of that answer ('identity' when none). */
  encoding: string;
  /** Body bytes as sent to a request with Accept-Encoding: identity. */
  rawBytes: number;
  /** What Chromium counted for the response during the page load (headers included; CDP encodedDataLength). */
  browserBytes: number | null;
}

export interface WireTotals {
  files: number;
  wireBytes: number;
  rawBytes: number;
  browserBytes: number;
  /** Content-Encodings seen, with how many files each. */
  encodings: Record<string, number>;
}

export interface WireResult {
  acceptEncoding: string;
  /** Accept-Encoding Chromium sent for the document (as the bench set it; checked on the request). */
  browserAcceptEncoding: string | null;
  files: WireFile[];
  html: WireTotals;
  js: WireTotals;
  css: WireTotals;
}

/** GET a path with an Accept-Encoding and count the body bytes as they arrive (no decoding). */
function fetchRaw(
  base: string,
  p: string,
  acceptEncoding: string,
): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(p, base), { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`GET ${p} answered ${res.statusCode}`));
        return;
      }
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`GET ${p} timed out`)));
    req.end();
  });
}

interface Seen {
  path: string;
  kind: WireFile['kind'];
  browserBytes: number | null;
}

/** The document and every script and stylesheet a first visit to `/` loads, until the network is idle. */
async function firstLoad(
  browser: Browser,
  base: string,
): Promise<{ seen: Seen[]; acceptEncoding: string | null }> {
  const context = await browser.newContext({
    viewport: PHONE,
    locale: 'zh-CN',
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    // Chromium offers br only to secure origins; ask for it the way a browser on https:// would.
    await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': ACCEPT_ENCODING } });
    const requests = new Map<
      string,
      { url: string; type: string | undefined; headers: Record<string, string> }
    >();
    const done = new Map<string, number>();
    cdp.on('Network.requestWillBeSent', (e) => {
      requests.set(e.requestId, { url: e.request.url, type: e.type, headers: e.request.headers });
    });
    cdp.on('Network.requestWillBeSentExtraInfo', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.headers = { ...r.headers, ...(e.headers as Record<string, string>) };
    });
    cdp.on('Network.loadingFinished', (e) => done.set(e.requestId, e.encodedDataLength));
    const res = await page.goto(base + '/', { waitUntil: 'networkidle', timeout: 60_000 });
    if (!res?.ok()) throw new Error(`GET / answered ${res?.status() ?? 'nothing'}`);
    const seen: Seen[] = [];
    let acceptEncoding: string | null = null;
    for (const [id, r] of requests) {
      const url = new URL(r.url);
      if (url.origin !== new URL(base).origin) continue;
      const kind =
        r.type === 'Document' ? 'html' : r.type === 'Script' ? 'js' : r.type === 'Stylesheet' ? 'css' : null;
      if (!kind) continue;
      if (kind === 'html') {
        const h = Object.entries(r.headers).find(([k]) => k.toLowerCase() === 'accept-encoding');
        acceptEncoding = h?.[1] ?? null;
      }
      const p = url.pathname + url.search;
      if (!seen.some((s) => s.path === p)) seen.push({ path: p, kind, browserBytes: done.get(id) ?? null });
    }
    return { seen, acceptEncoding };
  } finally {
    await context.close();
  }
}

function totals(files: WireFile[]): WireTotals {
  const encodings: Record<string, number> = {};
  for (const f of files) encodings[f.encoding] = (encodings[f.encoding] ?? 0) + 1;
  return {
    files: files.length,
    wireBytes: files.reduce((a, f) => a + f.wireBytes, 0),
    rawBytes: files.reduce((a, f) => a + f.rawBytes, 0),
    browserBytes: files.reduce((a, f) => a + (f.browserBytes ?? 0), 0),
    encodings,
  };
}

/**
 * Bytes on the wire of a first visit to `/`: Chromium loads the page against the real server to find what the
 * first load requests (the document, every script and stylesheet); each is then fetched again with
 * Accept-Encoding: br, gzip and with identity, counting the body bytes the server sends.
 */
export async function measureWireBytes(): Promise<WireResult> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-wire-'));
  let server: Spawned | undefined;
  let browser: Browser | undefined;
  try {
    progress(`wire: starting the real server (built site, data dir ${dataDir})`);
    const started = await startRealServer(dataDir);
    server = started.server;
    browser = await launchChromium();
    progress(`wire: first load of ${started.url}/ in Chromium`);
    const { seen, acceptEncoding } = await firstLoad(browser, started.url);
    if (!seen.some((s) => s.kind === 'js')) throw new Error('the first load of / requested no script');
    const files: WireFile[] = [];
    for (const s of seen) {
      const wire = await fetchRaw(started.url, s.path, ACCEPT_ENCODING);
      const raw = await fetchRaw(started.url, s.path, 'identity');
      files.push({ ...s, wireBytes: wire.bytes, encoding: wire.encoding, rawBytes: raw.bytes });
    }
    const of = (kind: WireFile['kind']) => totals(files.filter((f) => f.kind === kind));
    return {
      acceptEncoding: ACCEPT_ENCODING,
      browserAcceptEncoding: acceptEncoding,
      files,
      html: of('html'),
      js: of('js'),
      css: of('css'),
    };
  } finally {
    await browser?.close();
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
