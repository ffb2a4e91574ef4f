// The sandbox venue page at /sandbox/venue/<CODE>/ (issue 11 §4, issue 12 §3): the launch's url and h5Url open
// it. The sportsbook's venues (TY, DJ) get the sportsbook page's build (dist/sandbox/h5/, src/venue-h5), the
// games' venues (QP, DZ, ZR, CP, BY) the games page's (dist/sandbox/games/, src/games-h5). Both are built with
// the site (vite.config.ts); a checkout that was not built says so.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { GAMES_PAGE_OUT, GAMES_PLATFORMS } from '../../../src/protocol/games.ts';
import { VENUE_H5_PREFIX, type Platform } from '../../../src/protocol/venues.ts';
import type { Queryable } from '../../db/db.ts';
import { findVenue } from './catalogue.ts';

/** Where each page's build puts its HTML (vite.config.ts VENUE_H5_OUT and GAMES_PAGE_OUT). */
export const SPORTSBOOK_PAGE_FILE = path.join('sandbox', 'h5', 'index.html');
export const GAMES_PAGE_FILE = path.join(...GAMES_PAGE_OUT.split('/'), 'index.html');

/** The page file of a venue's platform. */
export const pageFileOf = (platform: Platform): string =>
  GAMES_PLATFORMS.has(platform) ? GAMES_PAGE_FILE : SPORTSBOOK_PAGE_FILE;

/** Routes outside the API groups, each with why (tests/server/route-schemas.test.ts). */
export const VENUE_PAGE_ROUTE_NOTES: Readonly<Record<string, string>> = {
  [`GET ${VENUE_H5_PREFIX}:code/`]: 'the sandbox venue page (HTML)',
  [`GET ${VENUE_H5_PREFIX}:code`]: 'the venue page without its slash: redirected',
};

const PAGE_MISSING =
  '<!doctype html><meta charset="utf-8"><title>沙盒场馆</title><p>沙盒场馆页面尚未构建：请先运行 npm run build。</p>';
const PAGE_UNKNOWN =
  '<!doctype html><meta charset="utf-8"><title>沙盒场馆</title><p>没有这个场馆的沙盒页面。</p>';

const pageSchema = {
  params: Type.Object({ code: Type.String({ maxLength: 40 }) }),
  querystring: Type.Object({}),
};

export async function venuePages(
  app: FastifyInstance,
  db: Queryable,
  staticDir: string | null,
): Promise<void> {
  const t = app.withTypeProvider<TypeBoxTypeProvider>();
  t.get(`${VENUE_H5_PREFIX}:code/`, { schema: pageSchema }, async (req, reply) => {
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache');
    const venue = await findVenue(db, req.params.code);
    if (!venue) return reply.code(404).send(PAGE_UNKNOWN);
    const html = staticDir
      ? await readFile(path.join(staticDir, pageFileOf(venue.platform)), 'utf8').catch(() => null)
      : null;
    if (html === null) return reply.code(404).send(PAGE_MISSING);
    return reply.send(html);
  });
  t.get(`${VENUE_H5_PREFIX}:code`, { schema: pageSchema }, async (req, reply) => {
    if (!(await findVenue(db, req.params.code)))
      return reply.code(404).type('text/html; charset=utf-8').send(PAGE_UNKNOWN);
    const q = req.url.indexOf('?');
    return reply.redirect(`${VENUE_H5_PREFIX}${req.params.code}/${q === -1 ? '' : req.url.slice(q)}`, 301);
  });
}
