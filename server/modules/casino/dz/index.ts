// The slots category (issue 12 §1 "Slots (DZ)"; docs/games-dz.md): 财神到, 金龙献瑞, 水果派对 and 宝石狂潮 on one
// reel engine (src/games-core/dz/engine.ts). A paid spin and its free spins settle in the spin request's own
// transaction, so nothing is ever left open and there is nothing to sweep. Every paid spin feeds and may win the
// site-wide progressive jackpot (../jackpot.ts).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { SLOT_JACKPOT_PATH, SLOT_SPIN_PATH } from '../../../../src/games-core/dz/wire.ts';
import { ok } from '../../../http/envelope.ts';
import type { GameCategory } from '../category.ts';
import { jackpotPool } from '../jackpot.ts';
import { slotJackpotSchema, spinSchema } from './schemas.ts';
import { spinSlot } from './service.ts';

export const dzCategory: GameCategory = {
  name: 'slots',
  kinds: ['slot'],
  routes(app, ctx) {
    const t = app.withTypeProvider<TypeBoxTypeProvider>();
    t.post(SLOT_SPIN_PATH, { schema: spinSchema }, async (req) =>
      // req.gamesCaller is set by the native API's preHandler (routes.ts; not imported here: a cycle).
      ok(await spinSlot(ctx, req.gamesCaller!, req.body)),
    );
    // The progressive jackpot pool for the slots page (the same figure as the site's JACKPOT_POOL_PATH).
    t.get(SLOT_JACKPOT_PATH, { schema: slotJackpotSchema }, async () => ok(await jackpotPool(ctx.db)));
  },
};
