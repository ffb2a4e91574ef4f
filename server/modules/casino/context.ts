// What every part of the sandbox games shares: the database, the clock, and who is calling.
import type { GameDef } from '../../../src/protocol/games.ts';
import type { Platform, Provider } from '../../../src/protocol/venues.ts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/db.ts';

export interface GamesCtx {
  db: Db;
  /** The server clock the shared rounds follow (tests move it); Date.now by default. */
  now: () => number;
}

export interface GamesVenue {
  code: string;
  name: string;
  platform: Platform;
  provider: Provider;
}

/** The native API's caller: a live venue credential of a games venue. */
export interface GamesCaller {
  memberId: number;
  venue: GamesVenue;
  token: string;
  /** When the credential was issued (the visit's start: the session's net counts from here). */
  since: Date;
  /** The game the launch opened (null for a venue launched as a whole). */
  game: string | null;
  /** The games this caller may play here. */
  games: readonly GameDef[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The games API's caller (a live venue credential of a games venue; set by the native API's preHandler). */
    gamesCaller: GamesCaller | null;
  }
}

/** The caller of a request of the native API (set by its preHandler before any category's handler runs). */
export const callerOfRequest = (req: FastifyRequest): GamesCaller => req.gamesCaller!;
