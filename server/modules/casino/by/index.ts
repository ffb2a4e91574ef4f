// The fishing category (issue 12 §1 "Fishing"; docs/games-by.md): 捕鱼大亨, 深海捕鱼 and 金蟾捕鱼 on one engine
// (src/games-core/by/fish.ts). Each shot settles in its own request's transaction, so there is nothing to sweep.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { FISH_SHOOT_PATH } from '../../../../src/games-core/by/wire.ts';
import { ok } from '../../../http/envelope.ts';
import type { GameCategory } from '../category.ts';
import { shootSchema } from './schemas.ts';
import { shootFish } from './service.ts';

export const byCategory: GameCategory = {
  name: 'fishing',
  kinds: ['fish'],
  routes(app, ctx) {
    const t = app.withTypeProvider<TypeBoxTypeProvider>();
    t.post(FISH_SHOOT_PATH, { schema: shootSchema }, async (req) =>
      // req.gamesCaller is set by the native API's preHandler (routes.ts; not imported here: a cycle).
      ok(await shootFish(ctx, req.gamesCaller!, req.body)),
    );
  },
};
