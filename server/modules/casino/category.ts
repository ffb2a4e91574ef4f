// A category of the sandbox games (chess and card, slots, live casino, lottery, fishing): its routes under the
// native API (the caller is already checked: req.gamesCaller) and, for games with shared rounds, a sweep the
// running server calls every GAMES_SWEEP_MS (draw what has closed, settle, finish abandoned hands). Each category
// lives in server/modules/casino/<category>/ and is listed in categories.ts.
import type { FastifyInstance } from 'fastify';
import type { GameKind } from '../../../src/protocol/games.ts';
import type { GamesCtx } from './context.ts';

export interface GameCategory {
  /** For logs and docs. */
  name: string;
  kinds: readonly GameKind[];
  /** Registers its routes on the native API's scope (paths relative to GAMES_API). */
  routes(app: FastifyInstance, ctx: GamesCtx): Promise<void> | void;
  /** One pass of its background work; answers how many things it did (rounds drawn, bets settled). */
  sweep?(ctx: GamesCtx): Promise<number>;
}
