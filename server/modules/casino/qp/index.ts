// The chess and card category (issue 12 §1 "Chess and card"; docs/games-qp.md): 抢庄牛牛 and 二十一点, per-player
// hands on the player's seed pair (src/games-core/qp), kept in game_hands; the sweep finishes hands whose round
// timer ran out.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { QP_PATH } from '../../../../src/games-core/qp/wire.ts';
import { ok } from '../../../http/envelope.ts';
import type { GameCategory } from '../category.ts';
import {
  bjActionSchema,
  bjStartSchema,
  bullBetSchema,
  bullGrabSchema,
  bullStartSchema,
  handSchema,
} from './schemas.ts';
import { bjAction, bjStart, bullBet, bullGrab, bullStart, latestHand, sweepQp } from './service.ts';

export const qpCategory: GameCategory = {
  name: 'chess and card',
  kinds: ['bull', 'blackjack'],
  routes(app, ctx) {
    const t = app.withTypeProvider<TypeBoxTypeProvider>();
    // req.gamesCaller is set by the native API's preHandler (routes.ts; not imported here: a cycle).
    t.get(QP_PATH.hand, { schema: handSchema }, async (req) =>
      ok(await latestHand(ctx, req.gamesCaller!, req.query.game)),
    );
    t.post(QP_PATH.bullStart, { schema: bullStartSchema }, async (req) =>
      ok(await bullStart(ctx, req.gamesCaller!, req.body)),
    );
    t.post(QP_PATH.bullGrab, { schema: bullGrabSchema }, async (req) =>
      ok(await bullGrab(ctx, req.gamesCaller!, req.body)),
    );
    t.post(QP_PATH.bullBet, { schema: bullBetSchema }, async (req) =>
      ok(await bullBet(ctx, req.gamesCaller!, req.body)),
    );
    t.post(QP_PATH.bjStart, { schema: bjStartSchema }, async (req) =>
      ok(await bjStart(ctx, req.gamesCaller!, req.body)),
    );
    t.post(QP_PATH.bjAction, { schema: bjActionSchema }, async (req) =>
      ok(await bjAction(ctx, req.gamesCaller!, req.body)),
    );
  },
  sweep: sweepQp,
};
