import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { signGroupOf } from '../../src/protocol/api.ts';
import type { PreInfo } from '../../src/protocol/site.ts';
import { SPORTSBOOK_API } from '../../src/protocol/sportsbook.ts';
import { fail, SERVER_MESSAGE } from '../http/envelope.ts';
import { CODE } from '../../src/protocol/api.ts';

/** spec §7 "server side: 400 ms": embed pre-info only when it is ready this fast, else the page fetches it. */
export const PRE_INFO_EMBED_BUDGET_MS = 400;
/** The marker in index.html where the pre-info goes. */
export const PRE_INFO_MARKER = '<!--pre-info-->';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The sandbox venue pages' own builds (vite.config.ts): hashed names too. */
const SANDBOX_ASSETS = [
  path.join('sandbox', 'h5', 'assets') + path.sep,
  path.join('sandbox', 'games', 'assets') + path.sep,
];

export function escapeJsonForHtml(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderIndex(template: string, preInfo: PreInfo | null): string {
  if (!preInfo) return template.replace(PRE_INFO_MARKER, '');
  const embed = `<script type="application/json" id="pre-info">${escapeJsonForHtml(JSON.stringify(preInfo))}</script>`;
  return template
    .replace(PRE_INFO_MARKER, embed)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(preInfo.SiteBaseConfigVo.title)}</title>`);
}

function withBudget<T>(p: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([p.catch(() => null), timeout]).finally(() => clearTimeout(timer));
}

const isApiPath = (p: string) =>
  signGroupOf(p) !== null ||
  p.startsWith('/api/') ||
  p.startsWith('/stream/') ||
  // The sandbox sportsbook's native API (a path the router cannot match, e.g. an over-long id, is not a page).
  p.startsWith(`${SPORTSBOOK_API}/`);

/**
 * Serves the built site: hashed assets cached for a year, other files briefly, and every other GET answered
 * with index.html (the SPA shows its own 404) carrying the pre-info so the first paint needs no round trip.
 */
export async function siteRoutes(
  app: FastifyInstance,
  /** preInfo: null when the caller must not get it embedded (any restriction: the page must meet the code). */
  deps: { staticDir: string; preInfo: (req: FastifyRequest) => Promise<PreInfo | null> },
): Promise<void> {
  // The page template, read again when a rebuild replaced it (its hashed asset names change).
  const indexPath = path.join(deps.staticDir, 'index.html');
  let template = await readFile(indexPath, 'utf8');
  let templateMtime = (await stat(indexPath)).mtimeMs;
  const currentTemplate = async () => {
    const mtime = (await stat(indexPath).catch(() => null))?.mtimeMs;
    if (mtime !== undefined && mtime !== templateMtime) {
      template = await readFile(indexPath, 'utf8');
      templateMtime = mtime;
    }
    return template;
  };
  await app.register(fastifyStatic, {
    root: deps.staticDir,
    index: false,
    cacheControl: false, // setHeaders decides
    wildcard: true,
    // The build writes file.br and file.gz next to every asset over 1 KB (vite.config.ts): the best one the
    // browser accepts goes out as it is (br, then gzip, else the file), with its own Content-Type.
    preCompressed: true,
    setHeaders(res, filePath) {
      const rel = path.relative(deps.staticDir, filePath);
      // Hashed names: the site's assets/ and the sandbox pages' sandbox/{h5,games}/assets/ (vite.config.ts).
      const hashed = rel.startsWith('assets' + path.sep) || SANDBOX_ASSETS.some((p) => rel.startsWith(p));
      res.setHeader('Cache-Control', hashed ? IMMUTABLE : 'public, max-age=300');
      // The same URL answers different bytes by Accept-Encoding: caches must keep them apart.
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });

  const sendIndex = async (req: FastifyRequest, reply: FastifyReply) => {
    const info = await withBudget(deps.preInfo(req), PRE_INFO_EMBED_BUDGET_MS);
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(renderIndex(await currentTemplate(), info));
  };
  app.get('/', sendIndex);
  app.get('/index.html', sendIndex);

  app.setNotFoundHandler(async (req, reply) => {
    const urlPath = req.url.split('?')[0] ?? '';
    if (isApiPath(urlPath) || req.method !== 'GET') {
      return reply.code(404).send(fail(CODE.common, SERVER_MESSAGE.notFound));
    }
    // A missing asset is a real 404, not the page.
    if (urlPath.startsWith('/assets/') || path.extname(urlPath))
      return reply.code(404).type('text/plain').send('Not Found');
    return sendIndex(req, reply);
  });
}
