import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/db.ts';
import { ok } from '../../http/envelope.ts';
import { memberScope, sessionOf } from '../../http/member-scope.ts';
import { betRecords } from './bet-records.ts';
import { gamesOf, lobbyOf, oddsTypeOf, recentGamesOf, setOddsType } from './catalogue.ts';
import { freshProviderParams, launchVenue, type LaunchCaller } from './launch.ts';
import { publicOriginOf } from './origin.ts';
import { venuePages } from './page.ts';
import {
  betRecordsSchema,
  gamesSchema,
  launchSchema,
  lobbySchema,
  oddsTypeSchema,
  providerParamsSchema,
  recentSchema,
} from './schemas.ts';

/** The venues' API paths (docs/api.md "Venues", "Bet records"). */
export const VENUE_PATH = {
  lobby: '/game/api/v1/venue/lobby',
  games: '/game/api/v1/venue/games',
  recent: '/game/api/v1/venue/recent',
  launch: '/game/api/v1/venue/launch',
  webTerminal: '/site/api/v1/launcher/webTerminal',
  providerParams: '/game/api/v1/venue/providerParams',
  oddsType: '/game/api/v1/venue/oddsType',
  betRecords: '/game/api/v1/bet/records',
} as const;

export interface VenueModuleOptions {
  db: Db;
  /** The configured public origin (PUBLIC_ORIGIN); else each request's own (origin.ts). */
  publicOrigin?: string | null;
  /** The built site (dist), where the sandbox venue pages are (page.ts); null serves no page. */
  staticDir?: string | null;
}

/**
 * The venues (issue 11; docs/venues.md): the lobbies and game grids (public); recent games, the launch and
 * webTerminal, the providers' shared parameters, the odds type and the bet record (member).
 */
export const venueModule: FastifyPluginAsyncTypebox<VenueModuleOptions> = async (
  app,
  { db, publicOrigin, staticDir },
) => {
  await app.register(async (pages) => venuePages(pages, db, staticDir ?? null));
  const callerOf = (req: FastifyRequest): LaunchCaller => ({
    memberId: sessionOf(req).memberId,
    origin: publicOriginOf(req, publicOrigin),
  });

  app.get(VENUE_PATH.lobby, { schema: lobbySchema }, async (req) => ok(await lobbyOf(db, req.query.lobby)));
  app.post(VENUE_PATH.games, { schema: gamesSchema }, async (req) => ok(await gamesOf(db, req.body)));

  await app.register(
    memberScope(db, async (member) => {
      member.get(VENUE_PATH.recent, { schema: recentSchema }, async (req) =>
        ok(await recentGamesOf(db, sessionOf(req).memberId)),
      );
      member.post(VENUE_PATH.launch, { schema: launchSchema }, async (req) =>
        ok(await launchVenue(db, callerOf(req), req.body)),
      );
      // spec §7 "body passed through": the same body, the same launch.
      member.post(VENUE_PATH.webTerminal, { schema: launchSchema }, async (req) =>
        ok(await launchVenue(db, callerOf(req), req.body)),
      );
      member.post(VENUE_PATH.providerParams, { schema: providerParamsSchema }, async (req) =>
        ok(await freshProviderParams(db, callerOf(req), req.body)),
      );
      member.get(VENUE_PATH.oddsType, { schema: oddsTypeSchema.get }, async (req) =>
        ok({ oddsType: await oddsTypeOf(db, sessionOf(req).memberId) }),
      );
      member.post(VENUE_PATH.oddsType, { schema: oddsTypeSchema.post }, async (req) =>
        ok({ oddsType: await setOddsType(db, sessionOf(req).memberId, req.body.oddsType) }),
      );
      member.post(VENUE_PATH.betRecords, { schema: betRecordsSchema }, async (req) =>
        ok(await betRecords(db, sessionOf(req).memberId, req.body)),
      );
    }),
  );
};
