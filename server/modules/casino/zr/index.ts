// The live casino category (issue 12 §1 "Live casino"; docs/games-zr.md): 百家乐 and 龙虎 tables on the server
// clock, their routes under the native API and the sweep that draws closed rounds and settles their bets.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ZR_PATH } from '../../../../src/games-core/zr/wire.ts';
import { ok } from '../../../http/envelope.ts';
import type { GameCategory } from '../category.ts';
import { callerOfRequest } from '../routes.ts';
import { withStake } from '../service.ts';
import { betSchema, tableSchema, tablesSchema } from './schemas.ts';
import { listTables, placeBets, sweepZr, tableView, ZR_KINDS } from './service.ts';

export const zrCategory: GameCategory = {
  name: 'live casino',
  kinds: ZR_KINDS,
  routes(app, ctx) {
    const t = app.withTypeProvider<TypeBoxTypeProvider>();
    t.get(ZR_PATH.tables, { schema: tablesSchema }, async (req) =>
      ok(await listTables(ctx, callerOfRequest(req))),
    );
    t.get(ZR_PATH.table, { schema: tableSchema }, async (req) =>
      ok(await tableView(ctx, callerOfRequest(req), req.query.game)),
    );
    t.post(ZR_PATH.bet, { schema: betSchema }, async (req) => {
      const c = callerOfRequest(req);
      return ok(await placeBets(ctx, c, req.body, (fn) => withStake(ctx, c, fn)));
    });
  },
  sweep: sweepZr,
};
