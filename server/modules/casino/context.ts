// What every part of the sandbox games shares: the database, the clock, and who is calling.
import type { GameDef } from '../../../src/protocol/games.ts';
import type { Platform, Provider } from '../../../src/protocol/venues.ts';
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
