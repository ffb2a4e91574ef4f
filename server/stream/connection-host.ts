import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db.ts';
import type { StreamOptions } from './options.ts';

/**
 * What a connection needs from the node that holds it (the hub): shared dependencies, and the two calls that
 * keep the hub's indexes (by member, every socket) right. Generic in the connection's type so that this file
 * imports neither the connection nor the hub: connection.ts → connection-host.ts ← hub.ts, no cycle.
 */
export interface ConnectionHost<C> {
  readonly db: Db;
  readonly jwtKey: Buffer;
  readonly options: StreamOptions;
  readonly log: FastifyBaseLogger;
  /** Registers the connection's (first) login; false when a kick heard meanwhile already ended it. */
  loggedIn(conn: C): boolean;
  /** The connection's socket closed: forget it. */
  detach(conn: C): void;
}
